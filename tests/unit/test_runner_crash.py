"""Crash recovery without a browser: the retry bookkeeping, the wording, finding Chromium's
process, and the process pool driven by stand-in workers that lose their browser, die, or
find their browser dead before a task (they speak the real workers' protocol, so the pool's
own code is what is tested)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, cast

import pytest

from tests.unit.runner_stand_in import BROKEN, DIED, LOG, PLAN, StandInSpec, stand_in
from webagent.errors import WebAgentError
from webagent.runner import crash
from webagent.runner.benchmark import lost_record
from webagent.runner.pool import ProcessPool, Worker, WorkerSpec
from webagent.runner.record import TaskRecord
from webagent.runner.schedule import Schedule
from webagent.runner.summary import summarize
from webagent.runner.task_run import error_record
from webagent.webarena import load_tasks

DEMO_TASKS = Path(__file__).parents[2] / "sites" / "demo_shop" / "tasks.json"


# -- the schedule's bookkeeping ------------------------------------------------------------
def test_a_retry_carries_why_the_earlier_attempts_were_lost() -> None:
    schedule = Schedule.of([1, 2], max_attempts=3)
    first = schedule.next()
    assert first is not None
    assert (first.task_id, first.attempt, first.retries) == (1, 1, ())
    assert schedule.lost(1, f"{DIED} on worker w1")
    second = schedule.next()
    assert second is not None
    assert (second.task_id, second.attempt) == (1, 2)  # first in line again
    assert second.retries == (f"{DIED} on worker w1",)
    assert schedule.lost(1, "worker w3 died (killed by SIGKILL)")
    third = schedule.next()
    assert third is not None
    assert third.attempt == 3
    assert len(third.retries) == 2
    assert not schedule.lost(1, "timed out after 60 s")  # max_attempts reached: no endless loop
    assert schedule.losses[1] == [*third.retries, "timed out after 60 s"]
    assert 1 not in schedule.pending


def test_a_task_given_back_before_it_began_keeps_its_attempts() -> None:
    schedule = Schedule.of([5, 6])
    assignment = schedule.next()
    assert assignment is not None
    schedule.returned(5)
    assert list(schedule.pending) == [5, 6]
    again = schedule.next()
    assert again is not None
    assert (again.task_id, again.attempt, again.retries) == (5, 1, ())
    assert schedule.attempts(5) == 1


# -- records, summary and wording -----------------------------------------------------------
def test_a_retried_record_keeps_its_reasons_through_json_and_older_records_read() -> None:
    task = load_tasks(DEMO_TASKS)[0]
    record = error_record(task, "x")
    retried_record = TaskRecord.from_json({**record.to_json(), "retries": [DIED], "attempts": 2})
    assert retried_record.retries == (DIED,)
    assert TaskRecord.from_json(json.loads(json.dumps(retried_record.to_json()))) == retried_record
    older = record.to_json()
    del older["retries"]  # written before retries were kept
    assert TaskRecord.from_json(older).retries == ()


def test_a_task_whose_every_attempt_was_lost_says_each_reason() -> None:
    task = load_tasks(DEMO_TASKS)[0]
    reasons = [f"{DIED} on worker w1", "worker w3 died (killed by SIGKILL)"]
    record = lost_record(task, reasons)
    assert record.status == "error"
    assert record.attempts == 2
    assert record.retries == tuple(reasons)
    assert record.error == f"every attempt was lost: {reasons[0]}; {reasons[1]}"


def test_the_summary_says_what_was_retried_and_why() -> None:
    tasks = load_tasks(DEMO_TASKS)
    passed = TaskRecord.from_json(
        {
            **error_record(tasks[0], "").to_json(),
            "status": "scored",
            "score": 1.0,
            "error": None,
            "attempts": 2,
            "retries": [f"{DIED} on worker w2"],
        }
    )
    lost = lost_record(tasks[1], ["worker w1 died (exit code 1)", "timed out after 9 s"])
    old = TaskRecord.from_json({**error_record(tasks[2], "boom").to_json(), "attempts": 2})
    summary = summarize([passed, lost, old], None)
    assert summary.retry_lines() == [
        f"task {passed.task_id}: retried once: {DIED} on worker w2; passed",
        f"task {lost.task_id}: retried twice: worker w1 died (exit code 1); timed out after 9 s; "
        "error",
        f"task {old.task_id}: retried once; error",  # a record from before reasons were kept
    ]
    data = summary.to_json()
    assert data["retried"][0] == {
        "task_id": passed.task_id,
        "attempts": 2,
        "outcome": "passed",
        "why": [f"{DIED} on worker w2"],
    }
    assert "why" not in data["retried"][2]
    assert data["tasks"][0]["retries"] == [f"{DIED} on worker w2"]
    many = summarize([passed, lost, old], None).retry_lines(limit=1)
    assert many[-1] == "... and 2 more retried tasks (see the report)"


class Closed(Exception):
    """Stands in for Playwright's TargetClosedError (the runner may not import Playwright)."""


Closed.__module__ = "playwright._impl._errors"
Closed.__name__ = "TargetClosedError"


def test_the_reasons_name_the_error_in_one_line() -> None:
    try:
        try:
            raise Closed("Target page, context or browser has been closed\nCall log: ...")
        except Closed as inner:
            raise WebAgentError("could not read http://x/: Target page ... closed") from inner
    except WebAgentError as outer:
        error = outer
    assert (
        crash.describe(error)
        == "TargetClosedError: could not read http://x/: Target page ... closed"
    )
    assert crash.died(error) == f"the browser died ({crash.describe(error)})"
    assert crash.died(None, "its process (pid 7) is gone") == (
        "the browser died (its process (pid 7) is gone)"
    )
    page = WebAgentError("could not read http://x/: Page.aria_snapshot: Target crashed")
    assert crash.crashed(page)
    assert crash.died(page).startswith("a page crashed (WebAgentError: could not read")
    assert not crash.crashed(WebAgentError("the evaluator failed"))
    assert crash.describe(ValueError("x" * 500), limit=20) == f"ValueError: {'x' * 19}…"
    assert [crash.times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]
    assert crash.retried([]) == ""
    assert crash.retried(["a", "b"]) == "retried twice: a; b"


# -- finding Chromium's process ------------------------------------------------------------
def fake_process(proc: Path, pid: int, parent: int, *arguments: str) -> None:
    (proc / str(pid)).mkdir(parents=True)
    (proc / str(pid) / "stat").write_text(f"{pid} (some name) S {parent} 1 1 0")
    (proc / str(pid) / "cmdline").write_bytes("\0".join(arguments).encode() + b"\0")


def test_chromium_is_found_below_a_wrapper_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Debian's chromium-headless-shell is a script that runs Chromium as its child, with
    the same flags; Chromium's helpers have `--type`."""
    proc = tmp_path / "proc"
    pipe = "--remote-debugging-pipe"
    fake_process(proc, 10, 1, "python", "-m", "webagent")
    fake_process(proc, 11, 10, "node", "cli.js", "run-driver")
    fake_process(proc, 12, 11, "/bin/sh", "-e", "/usr/bin/chromium-headless-shell", pipe)
    fake_process(proc, 13, 12, "/usr/lib/chromium/chromium-headless-shell", pipe)
    fake_process(proc, 14, 13, "/proc/self/exe", "--type=zygote", pipe)
    fake_process(proc, 99, 1, "chromium", pipe)  # someone else's
    monkeypatch.setattr(crash, "_PROC", proc)
    assert crash.browser_pid(10) == 13
    fake_process(proc, 20, 11, "chromium", pipe)  # a second browser: cannot tell which
    assert crash.browser_pid(10) is None
    assert crash.browser_pid(99) is None


def test_a_process_is_gone_once_it_exited_even_unreaped() -> None:
    assert not crash.process_gone(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    deadline = time.monotonic() + 30
    while not crash.process_gone(child.pid):  # a zombie until waited for: gone already
        assert time.monotonic() < deadline
        time.sleep(0.05)
    child.wait()
    assert crash.process_gone(child.pid)


# -- the pool, with stand-in workers --------------------------------------------------------
def run_pool(
    out: Path, tasks: list[int], plan: dict[str, str], max_attempts: int = 2, workers: int = 2
) -> tuple[dict[int, TaskRecord], dict[int, list[str]], list[str], list[dict[str, Any]]]:
    """Run `tasks` on stand-in workers following `plan` (see tests/unit/runner_stand_in.py):
    the records, the lost tasks' reasons, the notes, and what the workers were sent."""
    out.mkdir(parents=True, exist_ok=True)
    (out / PLAN).write_text(json.dumps(plan))
    done: dict[int, TaskRecord] = {}
    lost: dict[int, list[str]] = {}
    notes: list[str] = []
    pool = ProcessPool(
        cast(WorkerSpec, StandInSpec(out)),
        workers,
        on_record=lambda record: done.__setitem__(record.task_id, record),
        on_lost=lambda task_id, reasons: lost.__setitem__(task_id, list(reasons)),
        on_note=notes.append,
        worker=cast(Worker, stand_in),
    )
    try:
        pool.run(Schedule.of(tasks, max_attempts))
    finally:
        log = [json.loads(line) for line in (out / LOG).read_text().splitlines()]
        (out / "sent.json").write_text(json.dumps(log))
    return done, lost, notes, log


def test_a_broken_worker_is_replaced_and_never_given_the_retry(tmp_path: Path) -> None:
    """Task 1's browser dies (the worker says so, then takes its time to exit), task 2's
    worker dies outright, task 3's worker finds its browser dead before starting it: each
    task is done by another worker, the lost ones with why, and no task is lost for good."""
    plan = {"1:1": "lost", "2:1": "die", "3:1": "broken"}
    done, lost, notes, log = run_pool(tmp_path, [1, 2, 3, 4], plan)
    assert sorted(done) == [1, 2, 3, 4]
    assert not lost
    assert not [entry for entry in log if "after_lost" in entry], "a dying worker got a task"
    first = {e["task"]: e["worker"] for e in reversed(log) if "task" in e}  # first attempts
    for task_id in (1, 2, 3):
        assert done[task_id].worker != first[task_id]
    assert done[1].retries == (f"{DIED} on worker {first[1]}",)
    assert done[1].attempts == 2
    assert done[2].retries == (f"worker {first[2]} died (exit code 3)",)
    assert (done[3].attempts, done[3].retries) == (1, ())  # the broken worker cost nothing
    assert done[4].attempts == 1
    assert f"task 1: attempt 1 lost: {DIED} on worker {first[1]}; retrying" in notes
    assert f"task 2: attempt 1 lost: worker {first[2]} died (exit code 3); retrying" in notes
    assert (
        f"task 3: not started: {BROKEN} on worker {first[3]} before it began; it goes to a "
        "fresh worker (the attempt does not count)"
    ) in notes
    assert json.loads((tmp_path / "workers.json").read_text()) == {}  # all gone at the end


def test_a_task_that_crashes_every_browser_ends_as_an_error_with_every_reason(
    tmp_path: Path,
) -> None:
    plan = {"1:1": "lost", "1:2": "lost", "1:3": "die"}
    done, lost, notes, log = run_pool(tmp_path, [1, 2], plan, max_attempts=3)
    assert sorted(done) == [2]
    workers = [e["worker"] for e in log if e.get("task") == 1]
    assert len(set(workers)) == 3, "each attempt on a worker of its own"
    assert lost == {
        1: [
            f"{DIED} on worker {workers[0]}",
            f"{DIED} on worker {workers[1]}",
            f"worker {workers[2]} died (exit code 3)",
        ]
    }
    assert notes[-1] == (
        f"task 1: attempt 3 lost: worker {workers[2]} died (exit code 3); no attempt left "
        "(at most 3)"
    )


def test_workers_that_keep_finding_their_browser_dead_stop_the_run(tmp_path: Path) -> None:
    """The attempt never counts, so without a bound fresh workers would come forever."""
    with pytest.raises(WebAgentError, match="browsers keep dying before a task starts"):
        run_pool(tmp_path, [1], {"1:1": "broken-always"}, workers=1)
    sent = json.loads((tmp_path / "sent.json").read_text())
    assert len(sent) == 4  # 3 + 1 worker, then no more
