"""The runner's bookkeeping: which task next, retries after a lost attempt, selection, shards,
progress lines."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from webagent.agent.metrics import TaskMetrics
from webagent.errors import ConfigError
from webagent.runner.conflicts import clash, task_locks
from webagent.runner.progress import Progress, duration
from webagent.runner.record import TaskRecord
from webagent.runner.schedule import Schedule
from webagent.runner.selection import Shard, parse_ids, select, site_names, task_file
from webagent.webarena import load_tasks

DEMO_TASKS = Path(__file__).parents[2] / "sites" / "demo_shop" / "tasks.json"


def test_tasks_are_handed_out_in_order_once() -> None:
    schedule = Schedule.of([3, 1, 2])
    got = [schedule.next() for _ in range(4)]
    assert [(a.task_id, a.attempt) for a in got if a] == [(3, 1), (1, 1), (2, 1)]
    assert got[3] is None
    assert not schedule.complete
    for task_id in (3, 1, 2):
        schedule.done(task_id)
    assert schedule.complete


def test_a_lost_attempt_is_retried_first_then_given_up() -> None:
    schedule = Schedule.of([1, 2])
    first = schedule.next()
    assert first is not None
    assert first.task_id == 1
    assert schedule.lost(1, "worker w1 died (killed by SIGKILL)") is True
    again = schedule.next()
    assert again is not None
    assert (again.task_id, again.attempt) == (1, 2)
    assert schedule.lost(1, "timed out after 60 s") is False
    assert schedule.losses[1] == ["worker w1 died (killed by SIGKILL)", "timed out after 60 s"]
    nxt = schedule.next()
    assert nxt is not None
    assert (nxt.task_id, nxt.attempt) == (2, 1)


def test_a_halted_schedule_lets_the_running_finish_and_starts_nothing_more() -> None:
    schedule = Schedule.of([1, 2, 3, 4])
    started = [schedule.next(), schedule.next()]
    assert [a.task_id for a in started if a] == [1, 2]
    schedule.done(1)
    schedule.halt()
    assert schedule.next() is None
    assert not schedule.complete  # task 2 is still running
    assert schedule.lost(2, "worker w2 died") is True  # queued for a later run, not started
    assert schedule.next() is None
    assert schedule.complete
    assert list(schedule.pending) == [2, 3, 4]
    assert schedule.finished == [1]


def test_ids_ranges_and_errors() -> None:
    assert parse_ids("1,5, 10-12") == [1, 5, 10, 11, 12]
    for bad in ("x", "5-3", "", "1-b"):
        with pytest.raises(ConfigError):
            parse_ids(bad)


def test_shards_split_the_selection_without_overlap() -> None:
    tasks = load_tasks(DEMO_TASKS)
    parts = [select(tasks, shard=Shard(k, 3)) for k in (1, 2, 3)]
    ids = [t.task_id for part in parts for t in part]
    assert sorted(ids) == sorted(t.task_id for t in tasks)
    assert len(set(ids)) == len(ids)
    assert max(map(len, parts)) - min(map(len, parts)) <= 1
    assert str(Shard.parse("2/3")) == "2/3"
    for bad in ("0/3", "4/3", "2", "a/b"):
        with pytest.raises(ConfigError):
            Shard.parse(bad)


def test_selection_by_ids_and_sites() -> None:
    tasks = load_tasks(DEMO_TASKS)
    assert [t.task_id for t in select(tasks, ids=[47, 3])] == [3, 47]
    with pytest.raises(ConfigError, match="no task"):
        select(tasks, ids=[9999])
    assert len(select(tasks, sites=["shopping"])) == len(tasks)
    with pytest.raises(ConfigError, match="no task uses gitlab"):
        select(tasks, sites=["gitlab"])


def test_task_sets_by_name_hold_812_and_258_tasks() -> None:
    assert len(load_tasks(task_file("webarena-verified"))) == 812
    assert len(load_tasks(task_file("webarena-verified-hard"))) == 258
    with pytest.raises(ConfigError, match="no task file"):
        task_file("webarena-unverified")


def _record(task_id: int, passed: bool, cost: float = 0.01, error: str | None = None) -> TaskRecord:
    return TaskRecord(
        task_id=task_id,
        sites=("shopping",),
        intent="x",
        intent_template_id=1,
        task_type="RETRIEVE",
        status="error" if error else "scored",
        score=1.0 if passed else 0.0,
        error=error,
        metrics=TaskMetrics(actions=4, cost=cost),
        seconds=12.5,
    )


def test_progress_counts_resumed_tasks_and_estimates_from_this_session() -> None:
    now = [100.0]
    stream = io.StringIO()
    progress = Progress(4, stream=stream, clock=lambda: now[0])
    progress.resumed([_record(1, True)])
    assert "resuming: 1 of 4" in stream.getvalue()
    now[0] = 130.0
    progress.record(_record(2, False, error="the browser died: boom"))
    line = stream.getvalue().splitlines()[1]
    assert line.startswith("[2/4] task 2 ERROR")
    assert "passed 1/2 (50.0%)" in line
    assert "$0.0200" in line
    assert "ETA 1m 0s" in line  # 30 s per task in this session, 2 left
    assert "error: the browser died: boom" in stream.getvalue()


def test_progress_shows_the_cost_against_the_budget() -> None:
    stream = io.StringIO()
    progress = Progress(2, budget=0.5, stream=stream)
    progress.record(_record(1, True, cost=0.125))
    assert "| $0.1250 of $0.5 | ETA" in stream.getvalue()


def test_durations_read_well() -> None:
    assert duration(42.4) == "42s"
    assert duration(190) == "3m 10s"
    assert duration(3725) == "1h 2m"


def test_records_round_trip_through_json() -> None:
    record = _record(7, True)
    assert TaskRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
    with pytest.raises(ValueError, match="not a task record"):
        TaskRecord.from_json({"task_id": 1})


def test_tasks_changing_the_same_site_never_run_at_once() -> None:
    locks = {1: frozenset({"shopping"}), 2: frozenset({"shopping"}), 4: frozenset({"gitlab"})}
    schedule = Schedule.of([1, 2, 3, 4], locks=locks)
    first = schedule.next()
    second = schedule.next()
    third = schedule.next()
    # tasks that need a lock go first (they must take turns), reads fill the gaps
    assert [a.task_id for a in (first, second, third) if a] == [1, 4, 3]
    assert schedule.next() is None  # 2 waits for 1's lock
    schedule.done(3)
    assert schedule.next() is None
    schedule.done(1)
    after = schedule.next()
    assert after is not None
    assert after.task_id == 2


def test_locks_come_from_what_a_task_changes() -> None:
    tasks = {t.task_id: t for t in load_tasks(DEMO_TASKS)}
    assert task_locks(tasks[1]) == frozenset()  # a question changes nothing
    assert task_locks(tasks[27]) == frozenset()  # nor does opening a page
    assert task_locks(tasks[38]) == {"shopping:cart"}
    assert task_locks(tasks[39]) == {"shopping:wishlist"}
    # a purchase and a reorder both fill the cart and make an order: they take turns
    assert task_locks(tasks[47]) == task_locks(tasks[49]) == {"shopping:cart", "shopping:orders"}
    assert not clash(task_locks(tasks[38]), task_locks(tasks[39]))
    assert clash(task_locks(tasks[38]), task_locks(tasks[47]))


def test_a_change_no_resource_names_locks_the_whole_site() -> None:
    tasks = load_tasks(task_file("webarena-verified"))
    change = next(
        t for t in tasks if site_names(t) == ("gitlab",) and str(t.expected_action) == "MUTATE"
    )
    locks = task_locks(change)
    assert locks == {"gitlab:*"}  # gitlab has no resources.toml: the site is one resource
    assert clash(locks, {"gitlab:anything"})
    assert not clash(locks, {"shopping:cart"})
    assert clash({"shopping:cart"}, {"shopping:*"})
