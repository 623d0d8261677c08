"""AutoPlan end to end on the demo shop with the scripted oracle model: `webagent learn` runs
batches, reflects on every run with the three SIR queries, updates the plan once per batch,
keeps every version in the library, and the next runs' planner is handed the learned plan."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from webagent.cli import main
from webagent.llm import ModelConfig
from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.llm.server import ModelServer, start_model_server
from webagent.oracle import OracleModel
from webagent.plans.keys import PlanKey
from webagent.plans.library import PlanLibrary
from webagent.plans.use import PlanUse
from webagent.session import RunSpec, SafetySpec, StartPoint
from webagent.session.live import LiveSession

pytestmark = pytest.mark.slow  # end to end: `scripts/test --fast` leaves it out

GUIDANCE = "A plan for tasks like this one, learned from earlier runs"
SIR = ("sir_summary", "sir_flaws", "sir_revision")


class Recording:
    """The oracle, noting each query it answers and the messages it read."""

    def __init__(self) -> None:
        self.oracle = OracleModel("demo_shop")
        self.asked: list[tuple[str, str]] = []
        self._lock = threading.Lock()

    def __call__(self, request: ChatRequest) -> ScriptedAnswer:
        text = "\n".join(m.text() for m in request.body.messages)
        with self._lock:
            self.asked.append((request.query, text))
        return self.oracle(request)


@pytest.fixture
def model() -> Iterator[tuple[ModelServer, Recording]]:
    answerer = Recording()
    with start_model_server(answerer=answerer) as server:
        yield server, answerer


def test_learn_reflects_per_run_updates_per_batch_and_the_planner_gets_the_plan(
    model: tuple[ModelServer, Recording], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server, recording = model
    library_file = tmp_path / "plans.sqlite"
    code = main(
        [
            "learn",
            "--site",
            "demo_shop",
            "--template",
            "1",
            "--iterations",
            "2",
            "--batch",
            "2",
            "--holdout",
            "1",
            "--library",
            str(library_file),
            "--model",
            "webagent-oracle",
            "--base-url",
            server.url,
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    queries = [query for query, _ in recording.asked]

    # the three SIR queries for each of the 2 x 2 training runs, in order, right after it
    assert [queries.count(name) for name in SIR] == [4, 4, 4]
    starts = [i for i, query in enumerate(queries) if query == "sir_summary"]
    for start in starts:
        assert tuple(queries[start : start + 3]) == SIR
    # one update per batch, after the batch's last reflection
    updates = [i for i, query in enumerate(queries) if query == "plan_update"]
    assert len(updates) == 2
    assert updates[0] > starts[1] + 2
    assert updates[0] < starts[2]
    assert updates[1] > starts[3] + 2
    # what a person sees
    assert out.count("summary: ") == 4
    assert out.count("flaws: ") == 4
    assert out.count("revision: ") == 4
    assert "iteration 2: batch of 2" in out
    assert "best plan v" in out

    # the plan is stored with its history, the runs it came from and the lessons it read
    key = PlanKey("demo_shop", "template:1")
    with PlanLibrary(library_file) as library:
        history = library.history(key)
        assert [v.version for v in history] == [1, 2]
        assert all(len(v.runs) == 2 for v in history)
        assert all(v.score is not None for v in history)
        best = library.best(key)
        assert best is not None
        assert best.text.startswith("1. ")
        assert library.lessons(key) == []  # every lesson was read by an update
        assert len(library.lessons(key, unused=False)) == 4
        learned = history[0].text

    # runs after the first update: the planner's prompt carries the learned plan
    first_update = updates[0]
    later_prompts = [
        user
        for query, user in recording.asked[first_update:]
        if query in ("step", "plan") and GUIDANCE in user
    ]
    assert later_prompts
    assert learned.splitlines()[0] in later_prompts[0]
    earlier = [user for query, user in recording.asked[:first_update] if query in ("step", "plan")]
    assert earlier
    assert not any(GUIDANCE in user for user in earlier)  # no plan before the first update


def test_an_ordinary_run_uses_the_library_and_leaves_a_lesson(
    model: tuple[ModelServer, Recording], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server, recording = model
    library_file = tmp_path / "plans.sqlite"
    task = "What is the grand total of order #000000180?"
    with PlanLibrary(library_file) as library:
        key = PlanKey("demo_shop", "intent:what-is-the-grand-total-of-order-<order>")
        library.remember_example(key, task)
        library.add_version(key, "1. Open My Orders\n2. Open the order\n3. Note its total")
    args = ["run", task, "--site", "demo_shop", "--plans", str(library_file), "--quiet"]
    args += ["--model", "webagent-oracle", "--base-url", server.url]
    assert main(args) == 0, capsys.readouterr().err
    prompts = [user for query, user in recording.asked if query in ("step", "plan")]
    assert GUIDANCE in prompts[0]
    assert "1. Open My Orders" in prompts[0]
    with PlanLibrary(library_file) as library:
        (lesson,) = library.lessons(key)
        assert lesson.success
        assert lesson.task == task
    recording.asked.clear()
    assert main([*args, "--no-plans"]) == 0
    prompts = [user for query, user in recording.asked if query in ("step", "plan")]
    assert not any(GUIDANCE in user for user in prompts)


def test_the_live_session_of_the_app_uses_the_library_too(
    model: tuple[ModelServer, Recording], tmp_path: Path
) -> None:
    server, recording = model
    task = "What is the grand total of order #000000180?"
    library = PlanLibrary(tmp_path / "plans.sqlite")
    key = PlanKey("demo_shop", "intent:grand-total")
    library.remember_example(key, task)
    library.add_version(key, "1. Open My Orders\n2. Open the order\n3. Note its total")
    plans = PlanUse(library)
    spec = RunSpec(
        task="",
        start=StartPoint(site="demo_shop"),
        model=ModelConfig(model="webagent-oracle", base_url=server.url, timeout=30),
        profile="demo_shop",
        safety=SafetySpec(confirm="ask"),
    )
    session = LiveSession(spec, plans=plans)
    try:
        result = session.run(
            task, on_event=lambda e: None, confirm=lambda c: False, pace=lambda: None
        )
    finally:
        session.close()
    assert result.answer.status == "SUCCESS"
    prompts = [text for query, text in recording.asked if query in ("step", "plan")]
    assert GUIDANCE in prompts[0]
    assert "1. Open My Orders" in prompts[0]
    (lesson,) = library.lessons(key)
    assert (lesson.task, lesson.success) == (task, True)
    plans.close()
