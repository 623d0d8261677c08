"""ADaPT and trial-level revision on the demo shop: a subtask that fails is split into And
steps that succeed; a failed trial is reviewed and the revised plan succeeds."""

from __future__ import annotations

import pytest

from tests.controller.conftest import Runner
from tests.controller.scenario import Scenario, Turn, evaluation, step, stop
from webagent.controller import events as ev
from webagent.controller.plan import Status

pytestmark = pytest.mark.browser

RESULTS = "/catalogsearch/result/?q=headphones"
SONY = "Sony WC1493X On-Ear Headphones Hi-Fi Bass, Bluetooth 5.3, Pink"
JBL = "JBL XO-174 Kids Headphones Foldable, Volume Limited, Black"
TASK = f"What is the price of the {SONY}?"


def wandering(failing: str) -> list[tuple[str, object]]:
    """Two scrolls that get nowhere: the subtask's step budget (2) runs out."""
    return [
        ("plan", {"subtasks": [failing]}),
        ("step", step("scroll", direction="down")),
        ("step", step("scroll", direction="up", **evaluation(True))),
        ("step", step("scroll", direction="down", **evaluation(True))),  # over budget: not run
    ]


def test_a_failing_subtask_is_decomposed_and_then_solved(run_on_shop: Runner) -> None:
    def decompose(turn: Turn) -> object:
        assert "The step that failed: Find the price of the Sony headphones" in turn.prompt
        return {
            "thought": "Open the product first, then read its price.",
            "steps": ["Open the Sony headphones page", "Read the price and stop"],
            "operator": "and",
        }

    scenario = Scenario(
        [
            *wandering("Find the price of the Sony headphones"),
            ("decompose", decompose),
            ("step", lambda turn: step("click", element=turn.id("link", SONY))),
            (
                "step",
                step(
                    "stop", **evaluation(True, subtask_done=True, task_done=True), **stop([61.49])
                ),
            ),
        ]
    )
    shop_run = run_on_shop(TASK, RESULTS, scenario, max_steps=2)
    result = shop_run.run.result
    assert result.answer.retrieved_data == [61.49]
    assert result.how == "stop"
    assert result.metrics.decompositions == 1
    assert result.metrics.trials == 1
    assert [s.subtask for s in result.steps] == ["1", "1", "1.1"]
    assert "sony" in shop_run.final_url
    assert scenario.left() == {}
    # The plan as the run left it: the step the stop ended done, with the step it was split
    # from; the one never reached skipped. Nothing is left running or pending.
    last = {
        e.subtask.id: e.subtask.status for e in shop_run.events if isinstance(e, ev.SubtaskChanged)
    }
    assert last == {"1": Status.DONE, "1.1": Status.DONE, "1.2": Status.SKIPPED}


def test_without_decomposition_the_same_failure_ends_the_trial(run_on_shop: Runner) -> None:
    scenario = Scenario(
        [
            *wandering("Find the price of the Sony headphones"),
            (
                "answer",
                {
                    "task_type": "RETRIEVE",
                    "status": "UNKNOWN_ERROR",
                    "retrieved_data": None,
                    "error_details": "not found",
                },
            ),
        ]
    )
    shop_run = run_on_shop(TASK, RESULTS, scenario, max_steps=2, decompose=False, revise=False)
    result = shop_run.run.result
    assert result.metrics.decompositions == 0
    assert result.how == "answer"
    assert result.answer.status == "UNKNOWN_ERROR"
    assert scenario.left() == {}


def test_a_failed_trial_is_reviewed_and_the_revised_plan_succeeds(run_on_shop: Runner) -> None:
    def revise(turn: Turn) -> object:
        assert "Open the JBL headphones" in turn.prompt  # the plan that failed
        assert f"(link '{JBL}')" in turn.prompt  # what was done
        return {
            "review": "The JBL headphones were opened, but the task asks about the Sony ones.",
            "subtasks": ["Open the Sony headphones", "Stop with the price"],
        }

    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Open the JBL headphones", "Stop with the price"]}),
            ("step", lambda turn: step("click", element=turn.id("link", JBL))),
            # Not aligned, and no remedy to go back to: the subtask and the trial fail.
            ("step", step("scroll", direction="down", **evaluation(False))),
            ("revise", revise),
            # Trial 2 starts on the start page again, from the revised plan.
            ("step", lambda turn: step("click", element=turn.id("link", SONY))),
            (
                "step",
                step(
                    "stop", **evaluation(True, subtask_done=True, task_done=True), **stop([61.49])
                ),
            ),
        ]
    )
    shop_run = run_on_shop(TASK, RESULTS, scenario, decompose=False)
    result = shop_run.run.result
    assert result.answer.retrieved_data == [61.49]
    assert result.metrics.trials == 2
    assert result.metrics.plan_revisions == 1
    assert len(result.plans) == 2
    assert "Open the Sony headphones" in result.plans[1]
    assert [s.trial for s in result.steps] == [1, 2, 2]  # trial 2 went back to the start
    assert result.steps[1].action.startswith("goto")
    assert [query for query, _ in scenario.log].count("plan") == 1
    assert scenario.left() == {}


def test_the_next_subtask_starts_on_the_page_as_read_not_reading_it_again(
    run_on_shop: Runner,
) -> None:
    """An answer that ends a subtask picks the next one's first action on the same page: no
    action runs in between, so the page is read once (one snapshot, one "page" line)."""
    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Open the Sony headphones page", "Read the price and stop"]}),
            ("step", lambda turn: step("click", element=turn.id("link", SONY))),
            ("step", step("scroll", direction="down", **evaluation(True, subtask_done=True))),
            ("step", step("stop", **evaluation(True, task_done=True), **stop([61.49]))),
        ]
    )
    shop_run = run_on_shop(TASK, RESULTS, scenario)
    result = shop_run.run.result
    assert result.answer.retrieved_data == [61.49]
    assert [(s.subtask, s.action.split(" ")[0]) for s in result.steps] == [
        ("1", "click"),
        ("2", "scroll"),
    ]
    reads = [
        type(event)
        for event in shop_run.events
        if isinstance(event, ev.PageObserved | ev.ActionDone)
    ]
    # The start page (read for the plan and the first step), then one read after each action.
    assert reads == [
        ev.PageObserved,
        ev.ActionDone,
        ev.PageObserved,
        ev.ActionDone,
        ev.PageObserved,
    ]
