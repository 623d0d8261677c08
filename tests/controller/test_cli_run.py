"""`webagent run` as a user runs it: a local site, a model endpoint, the answer and metrics."""

from __future__ import annotations

import json
import re

import pytest

from tests.controller.scenario import Scenario, evaluation, step, stop
from webagent.cli import main
from webagent.llm.server import start_model_server

pytestmark = pytest.mark.browser


def test_run_prints_the_answer_and_the_metrics(capsys: pytest.CaptureFixture[str]) -> None:
    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Read the store's name on the home page"]}),
            ("step", step("note_down", text="One Stop Market")),
            (
                "step",
                step(
                    "stop",
                    **evaluation(True, subtask_done=True, task_done=True),
                    **stop(["One Stop Market"]),
                ),
            ),
        ]
    )
    with start_model_server(answerer=scenario) as server:
        code = main(
            [
                "run",
                "--site",
                "demo_shop",
                "--base-url",
                server.url,
                "--model",
                "gpt-4o-mini",
                "What is the store called?",
            ]
        )
    out, err = capsys.readouterr()
    assert code == 0
    assert "status: SUCCESS (stop)" in out
    assert 'answer: ["One Stop Market"]' in out
    assert "actions 1, trials 1" in out
    assert "model calls 2 (2.00 per action)" in out  # the plan comes with the first step
    assert "plan:\n1. Read the store's name on the home page\n" in err  # progress on stderr
    assert "action: note_down [One Stop Market] -> ok" in err
    # how the plan went, to the end: the subtask the stop ended is done, none left pending
    assert err.rstrip().endswith("subtask 1 done")
    assert "[pending]" not in err


def test_a_page_where_a_fact_was_noted_is_remembered_with_what_it_gave(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The home page is no item page, yet once a fact was noted there and the agent left it,
    the next steps' memory lists it with the fact: memory is what pages gave, whatever their
    kind (on a site nobody profiled, a page's kind may be misjudged)."""
    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Note the store's name, then open the wish list"]}),
            ("step", step("note_down", text="The store is One Stop Market")),
            (
                "step",
                lambda turn: step(
                    "click", element=turn.id("link", "My Wish List"), **evaluation(True)
                ),
            ),
            (
                "step",
                step(
                    "stop",
                    **evaluation(True, subtask_done=True, task_done=True),
                    **stop(["One Stop Market"]),
                ),
            ),
        ]
    )
    with start_model_server(answerer=scenario) as server:
        code = main(["run", "--site", "demo_shop", "--base-url", server.url, "--model", "m", "t"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    steps = [prompt for query, prompt in scenario.log if query == "step"]
    assert "Pages examined so far" not in steps[1]  # nothing left yet
    assert "Pages examined so far" in steps[2]
    memory = steps[2].split("Pages examined so far")[1].split("\n\n")[0]
    assert '[home, step 2]: gave "The store is One Stop Market"; left because: click next' in memory


def test_run_json_carries_steps_notes_and_usage(capsys: pytest.CaptureFixture[str]) -> None:
    scenario = Scenario(
        [
            ("step", step("stop", **stop(None, status="NOT_FOUND_ERROR"))),
        ]
    )
    with start_model_server(answerer=scenario) as server:
        code = main(
            [
                "run",
                "--site",
                "demo_shop",
                "--base-url",
                server.url,
                "--mode",
                "react",
                "--json",
                "--quiet",
                "Find the store's phone number",
            ]
        )
    data = json.loads(capsys.readouterr().out)
    assert code == 1  # not a success
    assert data["answer"]["status"] == "NOT_FOUND_ERROR"
    assert data["calls"] == {"step": 1}
    assert data["usage"]["calls"] == 1
    assert data["usage"]["prompt_tokens"] > 0
    assert data["metrics"]["actions"] == 0


def test_a_run_against_a_prefix_caching_endpoint_shows_the_cached_share(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An endpoint that caches prompt prefixes (as OpenAI's does from 1,024 tokens) serves the
    second step request's shared start from its cache; the run's usage and its last printed
    line say how much."""
    one_run = [
        ("plan", {"subtasks": ["Read the store's name on the home page"]}),
        ("step", step("note_down", text="One Stop Market")),
        (
            "step",
            step(
                "stop",
                **evaluation(True, subtask_done=True, task_done=True),
                **stop(["One Stop Market"]),
            ),
        ),
    ]
    scenario = Scenario(one_run * 2)  # two runs: as JSON, then printed
    with start_model_server(answerer=scenario, prefix_cache=True) as server:
        args = ["run", "--site", "demo_shop", "--base-url", server.url]
        code = main([*args, "--json", "--quiet", "What is the store called?"])
        data = json.loads(capsys.readouterr().out)
        code_printed = main([*args, "--quiet", "What is the store called?"])
        printed = capsys.readouterr().out
    assert code == code_printed == 0
    usage = data["usage"]
    assert usage["cached_tokens"] >= 1024  # the second request's shared start
    assert usage["cached_tokens"] < usage["prompt_tokens"] / 2  # the first one is all fresh
    assert usage["cached_share"] == round(usage["cached_tokens"] / usage["prompt_tokens"], 4)
    # the second run's first request starts as the first run's did: cached across runs too
    share = re.search(r"\((\d+)% of the prompt cached\)", printed)
    assert share is not None, printed
    assert int(share.group(1)) > round(100 * usage["cached_share"])


def test_run_with_an_unreachable_model_ends_with_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            "run",
            "--site",
            "demo_shop",
            "--base-url",
            "http://127.0.0.1:9/v1",
            "--timeout",
            "2",
            "--max-retries",
            "1",
            "--quiet",
            "What is the store called?",
        ]
    )
    out = capsys.readouterr().out
    assert code == 1
    assert "status: UNKNOWN_ERROR" in out
    assert "ModelUnavailableError" in out


def test_run_with_an_unknown_mode_or_site_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--site", "nowhere", "--base-url", "http://127.0.0.1:9/v1", "t"]) == 2
    assert "no profile for site 'nowhere'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["run", "--site", "demo_shop", "--mode", "yolo", "t"])
