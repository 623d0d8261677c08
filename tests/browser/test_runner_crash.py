"""Crash recovery end to end: a worker's Chromium (or the worker itself) killed with SIGKILL
in the middle of a task of a `webagent webarena run` with 2 workers costs nothing but time.
The task is retried on a fresh worker (new process, new browser), the run ends with every
task scored without a resume, and the record, summary.json, report.html and the command's
last lines say what was retried and why.

The demo shop stands in for WebArena's `shopping` site and the oracle model answers, as in
test_webarena_runner.py, whose helpers these tests share.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser.test_webarena_runner import (
    Started,
    alive,
    records,
    start,
    wait_for,
    worker_pids,
)
from webagent.llm.server import ModelServer, start_model_server
from webagent.oracle.model import OracleModel
from webagent.runner.record import read_record
from webagent.sites import start_site
from webagent.sites.server import SiteServer

pytestmark = pytest.mark.slow  # end to end: `scripts/test --fast` leaves it out

# order totals and a status, the cheapest tasks: reads, so both workers run at once
TASK_IDS = [1, 3, 4]


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    folder = tmp_path_factory.mktemp("shop")
    with start_site("demo_shop", db=folder / "shop.sqlite", reset=True) as server:
        yield server


@pytest.fixture(scope="module")
def model() -> Iterator[ModelServer]:
    # a little latency per answer, so that a task lasts long enough to be killed in
    with start_model_server(answerer=OracleModel("demo_shop"), latency_ms=250) as server:
        yield server


@pytest.fixture
def background() -> Iterator[list[Started]]:
    started: list[Started] = []
    yield started
    for run_ in started:  # a failed test leaves nothing running
        if run_.process.poll() is None:
            run_.process.kill()
            run_.process.wait(30)


@dataclass(frozen=True)
class Busy:
    """A worker in service, at a task (from workers.json)."""

    name: str
    task: int
    pid: int
    browser: int
    """Its Chromium's process id."""


def busy_workers(out: Path) -> list[Busy]:
    found = []
    for name, worker in worker_pids(out).items():
        task, browser, pid = worker.get("task"), worker.get("browser"), worker.get("pid")
        if task is not None and browser is not None and pid and not worker.get("retired"):
            found.append(Busy(name, int(task), int(pid), int(browser)))
    return found


def acting(out: Path, task: int) -> bool:
    """The task's agent has taken an action and is at work (its run.log grows as it goes;
    the trajectory is written only at the end)."""
    try:
        acted = "action: " in (out / str(task) / "run.log").read_text()
        ended = (out / str(task) / "trajectory.jsonl").exists()
    except OSError:
        return False
    return acted and not ended and read_record(out, task) is None


def test_killing_a_workers_browser_or_the_worker_mid_task_loses_no_task(
    shop: SiteServer, model: ModelServer, tmp_path: Path, background: list[Started]
) -> None:
    """One worker's Chromium is killed while its agent is at work, the other worker's process
    too: both tasks are retried on fresh workers, and the run ends with every task scored."""
    out = tmp_path / "run"
    ids = ",".join(map(str, TASK_IDS))
    options = ("--task-ids", ids, "--workers", "2", "--screenshots", "none")
    running = start(background, shop, model, out, *options)

    victims: dict[str, Busy] = {}

    def kill_both() -> bool:
        """Once both workers' agents are at work: one's browser and the other's process,
        at the same moment (so neither can finish the run's last tasks first)."""
        working = [busy for busy in busy_workers(out) if acting(out, busy.task)]
        if len({busy.name for busy in working}) < 2:
            return False
        first, second = working[0], next(b for b in working if b.name != working[0].name)
        os.kill(first.browser, signal.SIGKILL)
        os.kill(second.pid, signal.SIGKILL)
        victims.update(browser=first, worker=second)
        return True

    wait_for(kill_both, timeout=120, running=running)
    browser, worker = victims["browser"], victims["worker"]

    stderr = running.wait(180)
    stdout = running.stdout_path.read_text()
    assert running.process.returncode == 0, stderr
    # every task scored in this one run: no resume, no --retry-errors
    final = records(out)
    assert sorted(final) == TASK_IDS
    assert all(r.status == "scored" and r.passed for r in final.values()), {
        t: r.error for t, r in final.items()
    }
    assert "resuming" not in stderr
    assert not alive(browser.browser)
    assert not alive(worker.pid)

    # each killed task ran again on a worker started afresh, and its record says why
    why = {
        browser.task: f"on worker {browser.name}",
        worker.task: f"worker {worker.name} died (killed by SIGKILL)",
    }
    for task, record in final.items():
        if task not in why:
            assert record.attempts == 1
            assert not record.retries
            continue
        assert record.attempts == 2
        assert record.worker not in {browser.name, worker.name}
        (reason,) = record.retries
        assert why[task] in reason
        # ... and so do the progress notes, the command's last lines and both reports
        assert f"task {task}: attempt 1 lost: {reason}; retrying" in stderr
        assert f"task {task}: retried once: {reason}; passed" in stdout
    # e.g. "the browser died (TargetClosedError: could not read http://...: Page.aria_snapshot:
    # Target page, context or browser has been closed) on worker w1"
    died = final[browser.task].retries[0]
    assert died.startswith("the browser died (")
    assert died.endswith(f") on worker {browser.name}")

    summary = json.loads((out / "summary.json").read_text())
    assert summary["errors"] == 0
    assert summary["passed"] == summary["finished"] == len(TASK_IDS)
    assert {r["task_id"]: r["why"] for r in summary["retried"]} == {
        task: list(final[task].retries) for task in why
    }
    report = (out / "report.html").read_text()
    assert "2 retried after a crash" in report
    assert "retried once: the browser died" in report
    assert f"retried once: worker {worker.name} died (killed by SIGKILL)" in report
