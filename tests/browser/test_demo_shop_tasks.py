"""The demo shop's tasks: every oracle solution scores 1.0 through webarena-verified, and
the scores mean something (a wrong answer or a skipped change scores 0). The solutions run
under a confirmation policy that records every question: only their irreversible steps are
asked about, each once (no false positives on search, add to cart, pagination, filters...)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.oracle_runs import GROUP, OracleRuns, Questions
from webagent.oracle.runner import OracleOutcome, OracleRunner
from webagent.sites import load_site
from webagent.webarena import AgentResponse, load_tasks

pytestmark = [pytest.mark.xdist_group(GROUP), pytest.mark.slow]


@pytest.fixture(scope="module")
def questions(oracle_runs: OracleRuns) -> Questions:
    return oracle_runs.questions


@pytest.fixture(scope="module")
def runner(oracle_runs: OracleRuns) -> OracleRunner:
    return oracle_runs.runner


@pytest.fixture(scope="module")
def outcomes(oracle_runs: OracleRuns) -> dict[int, OracleOutcome]:
    return oracle_runs.outcomes


# What the demo shop's buttons do, written down independently of the classifier: orders and
# reorders, reviews published, messages sent, subscriptions and deletions cannot be taken
# back; the cart, the wish list and the address book let a customer take a change back.
IRREVERSIBLE = re.compile(r"^(Place Order|Submit Review|Subscribe|Submit|Reorder|Delete)$")
UNDOABLE = re.compile(
    r"^(Save Address|Remove item: .+|Update Shopping Cart|Clear Shopping Cart|Add to Cart: .+)$"
)


def _clicks(runner: OracleRunner, task_id: int, pattern: re.Pattern[str]) -> list[str]:
    names = []
    for each in runner.oracle.tasks[task_id].steps:
        target = (each.model_dump(mode="json").get("click") or {}).get("name") or ""
        if pattern.match(target):
            names.append(f"button '{target}'")
    return names


def test_only_irreversible_steps_are_asked_about_each_once(
    runner: OracleRunner, outcomes: dict[int, OracleOutcome], questions: Questions
) -> None:
    expected = [
        (task_id, name) for task_id in outcomes for name in _clicks(runner, task_id, IRREVERSIBLE)
    ]
    asked = [(task_id, c.element) for task_id, cs in questions.by_task.items() for c in cs]
    false_positives = [pair for pair in asked if pair not in expected]
    assert false_positives == []  # search, add to cart, pages, filters, orders, undoable changes
    assert sorted(asked) == sorted(expected)  # every irreversible step, exactly once
    assert len(expected) >= 7
    kinds = {c.kind for cs in questions.by_task.values() for c in cs}
    assert kinds == {"action"}  # asked before acting; the approved click's request was covered


def test_undoable_steps_run_unasked_and_are_reported_with_their_inverse(
    runner: OracleRunner, outcomes: dict[int, OracleOutcome]
) -> None:
    undoable = {task_id: _clicks(runner, task_id, UNDOABLE) for task_id in outcomes}
    undoable = {task_id: names for task_id, names in undoable.items() if names}
    assert len(undoable) >= 2  # a saved address, a wish list's item removed
    for task_id, names in undoable.items():
        reported = outcomes[task_id].undoable
        assert len(reported) >= len(names), (task_id, reported)
        assert all("; undo: " in change for change in reported), reported
        assert outcomes[task_id].passed


def test_every_oracle_solution_scores_one(outcomes: dict[int, OracleOutcome]) -> None:
    failures = {
        task_id: outcome.error or (outcome.score.explain() if outcome.score else "no score")
        for task_id, outcome in outcomes.items()
        if not outcome.passed
    }
    assert not failures, failures
    assert len(outcomes) >= 40


def test_without_its_change_every_mutate_task_scores_zero(
    runner: OracleRunner, outcomes: dict[int, OracleOutcome]
) -> None:
    """The scores mean something for changes: each mutate task's run, scored as if its
    solution had stopped before the step that makes the change (its HAR up to that step,
    with the same successful response), scores 0."""
    mutate = [
        outcome
        for task_id, outcome in outcomes.items()
        if runner.oracle.tasks[task_id].response["task_type"] == "MUTATE"
        and runner.oracle.tasks[task_id].response["status"] == "SUCCESS"
    ]
    assert len(mutate) >= 10
    assert [o.task.task_id for o in mutate if o.change_started is None] == []
    still_passing = [
        outcome.task.task_id
        for outcome in mutate
        if runner.score_without_change(outcome).score != 0.0
    ]
    assert still_passing == []


def test_a_wrong_answer_scores_zero_on_every_retrieve_task(
    runner: OracleRunner, outcomes: dict[int, OracleOutcome]
) -> None:
    retrieve = [o for o in outcomes.values() if o.task.expected_action.lower() == "retrieve"]
    assert len(retrieve) >= 15
    still_passing = []
    for outcome in retrieve:
        right = runner.oracle.tasks[outcome.task.task_id].agent_response
        if runner.rescore(outcome, wrong(right)).score != 0.0:
            still_passing.append(outcome.task.task_id)
    assert not still_passing


def test_the_task_file_mixes_kinds_like_webarena() -> None:
    tasks = load_tasks(load_site("demo_shop").tasks_file)
    kinds: dict[str, int] = {}
    unreachable = 0
    for task in tasks:
        kinds[task.expected_action.lower()] = kinds.get(task.expected_action.lower(), 0) + 1
        status = task.eval[0].expected.status
        unreachable += status in ("NOT_FOUND_ERROR", "ACTION_NOT_ALLOWED_ERROR")
        assert task.start_urls[0].startswith("__SHOPPING__")
        assert task.sites[0] == "shopping"
    assert len(tasks) >= 40
    assert kinds["retrieve"] >= 10
    assert kinds["navigate"] >= 8
    assert kinds["mutate"] >= 10
    assert unreachable >= 4


def test_tasks_and_oracles_match_the_seed_data(tmp_path: Path) -> None:
    """The committed files are exactly what make_tasks.py builds from today's seed."""
    site = load_site("demo_shop")
    from webagent_site_demo_shop import make_tasks  # the site's package, imported above

    make_tasks.write(tmp_path, site.reset_database)
    for name in ("tasks.json", "oracle.json"):
        committed = json.loads((site.folder / name).read_text())
        assert json.loads((tmp_path / name).read_text()) == committed, name


def wrong(response: AgentResponse) -> AgentResponse:
    """A plausible but wrong answer to a retrieve task."""
    if response.status != "SUCCESS":
        return AgentResponse.retrieved("Emma Lopez")
    data = response.retrieved_data or ()
    changed: list[Any] = [_wrong_item(item) for item in data] if data else ["nothing"]
    return AgentResponse("RETRIEVE", "SUCCESS", tuple(changed))


def _wrong_item(item: Any) -> Any:
    if isinstance(item, bool):
        return not item
    if isinstance(item, int | float):
        return round(item * 1.5 + 3, 2)
    return f"{item} and more"
