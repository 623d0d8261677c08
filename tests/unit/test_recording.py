"""Recording a run as a fixture and checking a replay against it, without a browser."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from webagent.actions import ActionResult, Click, Goto
from webagent.agent.recording import (
    Meta,
    Recorder,
    read_meta,
    read_steps,
)
from webagent.agent.replay import Checker, Diverged, RecordedAnswers
from webagent.agent.scrub import scrub_har
from webagent.controller import events as ev
from webagent.controller.queries import Evaluation
from webagent.errors import ConfigError
from webagent.llm.queries import FinalAnswer
from webagent.safety import Secrets

ANSWER = FinalAnswer(
    task_type="RETRIEVE", status="SUCCESS", retrieved_data=["$12"], error_details=None
)


def _page(text: str, url: str = "http://shop/") -> ev.PageSeen:
    return ev.PageSeen(url, "Shop", "demo_shop", "home", None, text)


def _done(action: Click | Goto, kind: str = "action", url: str = "http://shop/p") -> ev.ActionDone:
    return ev.ActionDone(ActionResult(action, url=url, url_before="http://shop/"), kind)


def _events() -> list[ev.Event]:
    wrong, right = Click(element="e5"), Click(element="e7")
    return [
        _page("home page"),
        ev.ActionChosen(wrong, "the mouse is there", (right,), ()),
        ev.Usage(1, 100, 0.001),
        _done(wrong),
        _page("keyboard page"),
        ev.Evaluated(wrong, Evaluation("opened a keyboard", False, False, False)),
        ev.Backtracked("http://shop/", right, "same"),
        _done(Goto(url="http://shop/"), "backtrack", "http://shop/"),
        _page("home page"),
        _done(right, "remedy"),
        _page("mouse page"),
        ev.Usage(2, 250, 0.003),
        ev.Finished(ANSWER, "stop"),
    ]


def _feed(checker: Checker, events: list[ev.Event]) -> None:
    """The events as a run emits them: each page is observed, then seen with its state."""
    for event in events:
        if isinstance(event, ev.PageSeen):
            checker.event(ev.PageObserved(event.url, event.text))
        checker.event(event)


def _meta() -> Meta:
    return Meta(
        task="price of the mouse",
        start_url="http://shop/",
        mode="devils-advocate",
        settings={},
        model={"model": "m"},
        confirm="ask",
    )


def _recorded(tmp_path: Path) -> Path:
    recorder = Recorder(tmp_path / "fixture", screenshots=False)
    for event in _events():
        recorder.event(event)
    recorder.finish(_meta())
    return recorder.folder


def test_a_recording_keeps_each_step_with_what_the_model_read_before_it(tmp_path: Path) -> None:
    folder = _recorded(tmp_path)
    steps = read_steps(folder)
    assert [(s.kind, s.action) for s in steps] == [
        ("action", "click [e5]"),
        ("backtrack", "goto [http://shop/]"),
        ("remedy", "click [e7]"),
        ("finish", ""),
    ]
    assert [s.observations for s in steps] == [
        ["home page"],
        ["keyboard page"],
        ["home page"],
        ["mouse page"],
    ]
    first = steps[0]
    assert first.thought == "the mouse is there"
    assert first.remedies == ["click [e7]"]
    assert first.evaluation == {
        "effect": "opened a keyboard",
        "aligned": False,
        "subtask_done": False,
        "task_done": False,
    }
    assert first.usage == {"calls": 1, "tokens": 100, "cost": 0.001}
    assert steps[1].backtrack == {"url": "http://shop/", "remedy": "click [e7]", "remapped": "same"}
    assert steps[-1].answer is not None
    assert steps[-1].answer["retrieved_data"] == ["$12"]
    assert steps[-1].usage == {"calls": 1, "tokens": 150, "cost": 0.002}
    meta = read_meta(folder)
    assert meta.confirm == "answers"  # a person was asked (none were, here)
    assert meta.versions["webagent"]
    assert meta.recorded


def test_each_page_keeps_its_classification_and_a_replay_gets_it_back(tmp_path: Path) -> None:
    """The state the model was told goes with the page it read: a replay gives both back."""
    listing = {"site": "generic", "state": "listing", "decided": "rules", "evidence": ["x"]}
    recorder = Recorder(tmp_path / "fixture", screenshots=False)
    events: list[ev.Event] = [
        replace(_page("home page"), classification=listing),
        _done(Click(element="e5")),
        _page("mouse page"),  # read without site states
        ev.Finished(ANSWER, "stop"),
    ]
    for event in events:
        recorder.event(event)
    recorder.finish(_meta())
    steps = read_steps(recorder.folder)
    assert [s.classifications for s in steps] == [[listing], [None]]

    checker = Checker(steps)
    assert checker.expected_classification() == listing  # the page the agent reads next
    _feed(checker, events)
    assert checker.checked == len(steps)


def test_recording_again_leaves_nothing_of_the_last_recording(tmp_path: Path) -> None:
    folder = _recorded(tmp_path)
    (folder / "screenshots").mkdir()
    (folder / "screenshots" / "step-009.jpeg").write_bytes(b"old")
    (folder / "model.cassette.jsonl").write_text('{"old": 1}\n')
    Recorder(folder, screenshots=False)
    assert sorted(path.name for path in folder.iterdir()) == []


def test_a_folder_of_other_files_is_not_recorded_over(tmp_path: Path) -> None:
    (tmp_path / "screenshots").mkdir()
    (tmp_path / "screenshots" / "holiday.jpeg").write_bytes(b"mine")
    with pytest.raises(ConfigError, match="holds other files and is not a recording"):
        Recorder(tmp_path)
    assert (tmp_path / "screenshots" / "holiday.jpeg").read_bytes() == b"mine"


def test_a_replay_that_goes_the_same_way_passes_the_checker(tmp_path: Path) -> None:
    checker = Checker(read_steps(_recorded(tmp_path)))
    _feed(checker, _events())
    checker.finish()
    assert checker.checked == 4


def test_a_changed_page_stops_the_replay_at_its_step_with_a_diff(tmp_path: Path) -> None:
    checker = Checker(read_steps(_recorded(tmp_path)))
    events = _events()
    events[4] = _page("keyboard page\nnew line from a renderer change")
    with pytest.raises(Diverged) as raised:
        _feed(checker, events)
    divergence = raised.value.divergence
    assert (divergence.step, divergence.kind) == (2, "observation")
    report = divergence.report()
    assert report.startswith("replay diverged at step 2 (goto [http://shop/])")
    assert "--- recorded observation" in report
    assert "+new line from a renderer change" in report


def test_a_changed_page_is_caught_before_a_model_call_about_it(tmp_path: Path) -> None:
    """The page is compared as soon as it is observed: a model asked to classify it (a
    request the recording lacks) never gets to speak first."""
    checker = Checker(read_steps(_recorded(tmp_path)))
    _feed(checker, _events()[:4])
    with pytest.raises(Diverged) as raised:
        checker.event(ev.PageObserved("http://shop/p", "keyboard page, rendered otherwise"))
    assert (raised.value.divergence.step, raised.value.divergence.kind) == (2, "observation")


def test_another_action_or_answer_is_a_divergence(tmp_path: Path) -> None:
    steps = read_steps(_recorded(tmp_path))
    events = _events()
    events[3] = _done(Click(element="e6"))
    checker = Checker(steps)
    with pytest.raises(
        Diverged, match=r"recorded: action: click \[e5\]\n  replayed: action: click \[e6\]"
    ):
        _feed(checker, events)

    other = FinalAnswer(
        task_type="RETRIEVE", status="SUCCESS", retrieved_data=["$13"], error_details=None
    )
    checker = Checker(steps)
    with pytest.raises(Diverged, match="final answer differs") as raised:
        _feed(checker, [*_events()[:-1], ev.Finished(other, "stop")])
    assert "$13" in raised.value.divergence.got


def test_a_run_that_ends_early_is_a_divergence(tmp_path: Path) -> None:
    checker = Checker(read_steps(_recorded(tmp_path)))
    _feed(checker, _events()[:4])
    with pytest.raises(Diverged, match="step 2"):
        checker.finish()


def test_recorded_answers_come_back_in_order_and_extra_questions_are_noted() -> None:
    answers = RecordedAnswers([True, False])
    assert [answers(None), answers(None)] == [True, False]  # type: ignore[arg-type]
    answers.check(3)
    fewer = RecordedAnswers([True, False])
    fewer(None)  # type: ignore[arg-type]
    with pytest.raises(Diverged, match="confirmations differ"):
        fewer.check(2)


def test_har_scrubbing_keeps_cookie_names_not_session_values(tmp_path: Path) -> None:
    har = tmp_path / "network.har"
    entry = {
        "request": {
            "headers": [
                {"name": "Cookie", "value": "session=abc123; theme=dark"},
                {"name": "Authorization", "value": "Bearer sk-live"},
                {"name": "Accept", "value": "text/html"},
            ],
            "cookies": [{"name": "session", "value": "abc123"}],
        },
        "response": {
            "headers": [
                {"name": "Set-Cookie", "value": "session=xyz; Path=/; HttpOnly"},
                {"name": "Set-Cookie", "value": "popup_shown=1; Path=/"},
            ],
            "cookies": [
                {"name": "session", "value": "xyz", "httpOnly": True},
                {"name": "popup_shown", "value": "1", "httpOnly": False},
            ],
        },
    }
    har.write_text(json.dumps({"log": {"entries": [entry]}}))
    scrub_har(har)
    text = har.read_text()
    for secret in ("abc123", "sk-live", "xyz"):
        assert secret not in text
    data = json.loads(text)["log"]["entries"][0]
    headers = {h["name"]: h["value"] for h in data["request"]["headers"]}
    assert headers == {
        "Cookie": "session=[secret]; theme=[secret]",
        "Authorization": "[secret]",
        "Accept": "text/html",
    }
    assert [h["value"] for h in data["response"]["headers"]] == [
        "session=[secret]; Path=/; HttpOnly",
        "popup_shown=1; Path=/",  # the page's script reads it; a replay needs it
    ]
    assert [c["value"] for c in data["response"]["cookies"]] == ["[secret]", "1"]


def test_the_start_state_keeps_what_scripts_read_not_sessions(tmp_path: Path) -> None:
    recorder = Recorder(tmp_path / "fixture", screenshots=False)
    state = {
        "cookies": [
            {"name": "PHPSESSID", "value": "s3ss10n", "httpOnly": True},
            {"name": "newsletter_popup_shown", "value": "1", "httpOnly": False},
        ],
        "origins": [{"origin": "http://shop", "localStorage": [{"name": "a", "value": "b"}]}],
    }
    recorder.keep_start_state(state)
    kept = json.loads((recorder.folder / "start_state.json").read_text())
    assert [c["value"] for c in kept["cookies"]] == ["[secret]", "1"]
    assert kept["origins"] == state["origins"]


def test_configured_secrets_leave_every_file(tmp_path: Path) -> None:
    recorder = Recorder(tmp_path / "fixture", screenshots=False)
    recorder.event(_page("typed hunter22 into the password field"))
    recorder.cassette_path.write_text('{"prompt": "hunter22"}\n')
    secrets = Secrets({"shop_password": "hunter22"})
    recorder.finish(_meta(), secrets=secrets)
    for path in recorder.folder.rglob("*"):
        if path.is_file():
            assert "hunter22" not in path.read_text(), path


def test_a_folder_that_is_not_a_recording_says_so(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"has no meta\.json"):
        read_meta(tmp_path)
    (tmp_path / "meta.json").write_text('{"task": "x"}')
    with pytest.raises(ConfigError, match=r"meta\.json: start_url: Field required"):
        read_meta(tmp_path)
    newer = _meta().model_copy(update={"format": 99}).model_dump_json()
    (tmp_path / "meta.json").write_text(newer)
    with pytest.raises(ConfigError, match="recording format 99, newer than"):
        read_meta(tmp_path)
    (tmp_path / "trajectory.jsonl").write_text(
        '{"index": 1, "kind": "action", "observations": []}\n{"index": "x"}\n'
    )
    with pytest.raises(ConfigError, match=r"trajectory\.jsonl:2: index"):
        read_steps(tmp_path)
