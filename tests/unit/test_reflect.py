"""AutoPlan's reflection without a browser: the SIR queries on one run, the plan update from a
batch, and the lesson an ordinary run leaves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from webagent.controller import RunResult
from webagent.controller.result import Metrics, StepRecord
from webagent.llm.prompts import render
from webagent.llm.queries import FinalAnswer, Query
from webagent.plans.keys import PlanKey
from webagent.plans.library import Lesson
from webagent.plans.reflect import Experience, lesson_of_run, reflect, update_plan

KEY = PlanKey("shopping", "template:7")


class Model:
    """Answers each query from `answers` and keeps what it was asked (rendered, as sent)."""

    def __init__(self, answers: Mapping[str, Any]) -> None:
        self.answers = answers
        self.asked: list[tuple[str, str]] = []

    def ask(
        self,
        query: Query[Any],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **variables: Any,
    ) -> Any:
        messages = render(query.template, **variables)
        self.asked.append((query.name, messages[-1]["content"]))
        return query.read(self.answers[query.name])


def _run(status: str = "UNKNOWN_ERROR") -> RunResult:
    answer = FinalAnswer(
        task_type="RETRIEVE", status=status, retrieved_data=None, error_details="not found"
    )
    step = StepRecord(1, 1, "1", "action", "http://shop/", "Shop", "home", "click [e5]", "",
                      (), "no such element", "http://shop/")  # fmt: skip
    result = RunResult(
        answer,
        "answer",
        Metrics(actions=1),
        [step],
        plans=["1. Search\n2. Open the cheapest"],
        reviews=["Searching found nothing: browse the category instead."],
    )
    return result


def test_the_three_sir_queries_read_the_run_and_the_revision_reads_the_flaws() -> None:
    model = Model(
        {
            "sir_summary": {"summary": "Clicked e5, which failed."},
            "sir_flaws": {"flaws": "Step 1 searched instead of browsing."},
            "sir_revision": {"revision": "Browse the Mice category first."},
        }
    )
    experience = Experience.of(
        _run(), name="task 7", task="Find the cheapest mouse", plan="1. Search", success=False
    )
    lesson = reflect(model, experience, KEY)
    assert [name for name, _ in model.asked] == ["sir_summary", "sir_flaws", "sir_revision"]
    for _, prompt in model.asked:
        assert "Task: Find the cheapest mouse" in prompt
        assert "1. click [e5] on 'Shop' -> failed: no such element" in prompt
        assert "Outcome: failed; the agent answered UNKNOWN_ERROR (not found)" in prompt
    assert "Step 1 searched instead of browsing." in model.asked[2][1]
    assert "Step 1 searched" not in model.asked[0][1]
    assert lesson == Lesson(
        key=KEY,
        run="task 7",
        task="Find the cheapest mouse",
        success=False,
        summary="Clicked e5, which failed.",
        flaws="Step 1 searched instead of browsing.",
        revision="Browse the Mice category first.",
    )


def test_one_update_reads_every_lesson_and_numbers_the_steps() -> None:
    model = Model({"plan_update": {"steps": ["Open the category", " ", "Sort by price"]}})
    lessons = [
        Lesson(KEY, "task 7", False, "s1", "f1", "r1", task="Find the cheapest mouse"),
        Lesson(KEY, "task 8", True, "s2", "none", "keep", task="Find the cheapest keyboard"),
    ]
    plan = update_plan(model, "1. Search", lessons, site="shopping")
    assert plan == "1. Open the category\n2. Sort by price"
    ((name, prompt),) = model.asked
    assert name == "plan_update"
    assert "The current plan:\n1. Search" in prompt
    assert "Attempt 1: Find the cheapest mouse\nOutcome: failed" in prompt
    assert "Attempt 2: Find the cheapest keyboard\nOutcome: succeeded" in prompt
    assert "Suggested revision: r1" in prompt


def test_an_ordinary_run_leaves_its_own_reviews_as_the_lesson() -> None:
    lesson = lesson_of_run(_run(), key=KEY, name="run 1", task="Find it", success=False)
    assert lesson.flaws == "Searching found nothing: browse the category instead."
    assert lesson.revision == "1. Search\n2. Open the cheapest"
    assert lesson.summary.startswith("1 actions; plans tried: 1. Search")
    passed = lesson_of_run(_run("SUCCESS"), key=KEY, name="run 2", task="Find it", success=True)
    assert passed.revision == ""
