"""Which task goes next, and what a lost attempt costs: pure bookkeeping shared by the
process pool and the Ray backend.

Tasks that change a site (MUTATE) can upset each other when they run at once on one
deployment: WebArena's sites have one standard account, so two purchases share a cart. A task
may hold locks (the sites it changes); no two running tasks hold the same lock, while tasks
that only read run alongside anything.

A task is handed out once; if its attempt is lost (the worker or its browser died, the task
ran past its time limit) it goes back to the front of the queue, with why it was lost
(`Assignment.retries`), until it has had `max_attempts` (by default 2): then the loss is
final, the task gets an error record with every reason, and the run goes on. A task whose
worker turned out broken before the task began (`returned`) goes back without the attempt
counting.

A halted schedule (the run's budget is spent) hands out nothing more: it is complete once
the running tasks finish, and what waits stays for a later run.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

MAX_ATTEMPTS = 2


@dataclass(frozen=True, slots=True)
class Assignment:
    task_id: int
    attempt: int
    retries: tuple[str, ...] = ()
    """Why each earlier attempt was lost (the task's record keeps them)."""


@dataclass
class Schedule:
    """The tasks still to run, the attempts under way, and the losses so far."""

    pending: deque[int]
    max_attempts: int = MAX_ATTEMPTS
    running: dict[int, int] = field(default_factory=dict)
    """Task id -> its attempt number."""
    losses: dict[int, list[str]] = field(default_factory=dict)
    """Task id -> why each lost attempt was lost."""
    finished: list[int] = field(default_factory=list)
    locks: Mapping[int, frozenset[str]] = field(default_factory=dict)
    """Task id -> what it must hold alone while it runs (none: it only reads)."""
    clash: Callable[[Iterable[str], Iterable[str]], bool] = lambda a, b: bool(set(a) & set(b))
    """Whether two sets of locks overlap."""
    halted: bool = False
    """Nothing more is handed out (see `halt`)."""

    @classmethod
    def of(
        cls,
        task_ids: Iterable[int],
        max_attempts: int = MAX_ATTEMPTS,
        locks: Mapping[int, frozenset[str]] | None = None,
        clash: Callable[[Iterable[str], Iterable[str]], bool] | None = None,
    ) -> Schedule:
        schedule = cls(deque(task_ids), max_attempts, locks=dict(locks or {}))
        if clash is not None:
            schedule.clash = clash
        return schedule

    def next(self) -> Assignment | None:
        """The next task that may start now, or None when none is waiting or every waiting
        one needs a lock a running task holds, or the schedule is halted."""
        if self.halted:
            return None
        held = {lock for running in self.running for lock in self.locks.get(running, ())}
        free = [t for t in self.pending if not self.clash(self.locks.get(t, frozenset()), held)]
        if not free:
            return None
        # a task needing a lock goes first: the tasks that must take turns set the pace
        task_id = next((t for t in free if self.locks.get(t)), free[0])
        self.pending.remove(task_id)
        retries = tuple(self.losses.get(task_id, ()))
        self.running[task_id] = len(retries) + 1
        return Assignment(task_id, len(retries) + 1, retries)

    def done(self, task_id: int) -> None:
        """The task has its record."""
        self.running.pop(task_id, None)
        self.finished.append(task_id)

    def lost(self, task_id: int, reason: str) -> bool:
        """An attempt died without a record. True: the task is queued again (first in
        line); False: it has had its attempts, and the caller writes its error record."""
        self.running.pop(task_id, None)
        reasons = self.losses.setdefault(task_id, [])
        reasons.append(reason)
        if len(reasons) < self.max_attempts:
            self.pending.appendleft(task_id)
            return True
        return False

    def returned(self, task_id: int) -> None:
        """The task never began (its worker was found broken first): it goes back to the
        front of the queue, and the attempt does not count."""
        self.running.pop(task_id, None)
        self.pending.appendleft(task_id)

    def halt(self) -> None:
        """Start nothing more; the running tasks finish, the waiting ones wait."""
        self.halted = True

    @property
    def complete(self) -> bool:
        return not self.running and (self.halted or not self.pending)

    def attempts(self, task_id: int) -> int:
        return len(self.losses.get(task_id, ())) + (1 if task_id in self.running else 0)
