"""The demo shop's scores mean something for changes: every mutate task's solution, run
without its committing steps (the change itself), scores 0. On a shop of its own, so that
it runs beside the shared oracle runs (tests/browser/oracle_runs.py) in a parallel suite."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from webagent.browser import Browser
from webagent.oracle.runner import OracleRunner
from webagent.sites import start_site

pytestmark = pytest.mark.slow  # end to end: `scripts/test --fast` leaves it out


@pytest.fixture(scope="module")
def runner(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[OracleRunner]:
    out: Path = tmp_path_factory.mktemp("commits")
    with start_site("demo_shop", db=out / "shop.sqlite", reset=True) as server:
        yield OracleRunner(server, browser, out)


def test_skipping_the_change_fails_every_mutate_task(runner: OracleRunner) -> None:
    mutate = [
        task_id
        for task_id, solution in runner.oracle.tasks.items()
        if solution.response["task_type"] == "MUTATE" and solution.response["status"] == "SUCCESS"
    ]
    assert len(mutate) >= 10
    for task_id in mutate:
        assert any(step.commits for step in runner.oracle.tasks[task_id].steps), task_id
    skipped = runner.run(mutate, skip_commits=True)
    assert [o.task.task_id for o in skipped if o.score is None or o.score.score != 0.0] == []
