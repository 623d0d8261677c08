"""Progress lines while a run goes: each finished task, success and cost so far, and an ETA.

[ 12/55] task 47 PASS  shopping  9 actions 23.1 s | passed 11/12 (91.7%) | $0.0412 | ETA 3m 10s
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from webagent.runner.record import TaskRecord


@dataclass
class Progress:
    """Counts what finished (before this session too, for a resumed run) and prints a line
    per task; the ETA comes from this session's pace, so a resume does not skew it."""

    total: int
    budget: float | None = None
    """The run's budget in US dollars, shown beside the cost so far."""
    finished: int = 0
    passed: int = 0
    cost: float = 0.0
    stream: TextIO | None = field(default_factory=lambda: sys.stderr)
    clock: Callable[[], float] = time.monotonic
    _start: float = field(init=False)
    _this_session: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self._start = self.clock()

    def resumed(self, records: list[TaskRecord]) -> None:
        """Tasks finished in an earlier session of the same run."""
        self.finished += len(records)
        self.passed += sum(r.passed for r in records)
        self.cost += sum(r.metrics.cost for r in records)
        if records:
            self.note(f"resuming: {len(records)} of {self.total} tasks already finished")

    def record(self, record: TaskRecord) -> None:
        self.finished += 1
        self._this_session += 1
        self.passed += record.passed
        self.cost += record.metrics.cost
        self._print(self.line(record))

    def line(self, record: TaskRecord) -> str:
        width = len(str(self.total))
        verdict = "PASS" if record.passed else ("ERROR" if record.status == "error" else "fail")
        retried = f" (attempt {record.attempts})" if record.attempts > 1 else ""
        rate = self.passed / self.finished if self.finished else 0.0
        line = (
            f"[{self.finished:>{width}}/{self.total}] task {record.task_id} {verdict}{retried}"
            f"  {'+'.join(record.sites)}  {record.metrics.actions} actions "
            f"{record.seconds:.1f} s | passed {self.passed}/{self.finished} ({rate:.1%}) "
            f"| ${self.cost:.4f}{self._of_budget()} | ETA {self.eta()}"
        )
        if record.error:
            line += f"\n    error: {record.error.splitlines()[0][:200]}"
        return line

    def _of_budget(self) -> str:
        return f" of ${self.budget:g}" if self.budget is not None else ""

    def eta(self) -> str:
        left = self.total - self.finished
        if left <= 0:
            return "done"
        if not self._this_session:
            return "?"
        seconds = (self.clock() - self._start) / self._this_session * left
        return duration(seconds)

    def note(self, text: str) -> None:
        self._print(text)

    def _print(self, text: str) -> None:
        if self.stream is not None:
            print(text, file=self.stream, flush=True)


def duration(seconds: float) -> str:
    """`3725` -> "1h 2m", `190` -> "3m 10s", `42.4` -> "42s"."""
    seconds = max(0, round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h {minutes}m"
    if minutes:
        return f"{minutes}m {secs}s"
    return f"{secs}s"
