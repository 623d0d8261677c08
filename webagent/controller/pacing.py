"""Pause, single step and abort for a run going on in another thread.

    pacer = Pacer()
    run_agent(tab, client, task, pace=pacer)   # in a worker thread
    pacer.pause(); pacer.step(); pacer.resume(); pacer.abort()   # from the UI thread

The controller calls the pacer before every browser action: while paused it waits there (one
action goes through per `step()`), and after `abort()` it raises `Aborted`, so the run ends
cleanly between two actions with everything done so far. Nothing here knows about the UI.
"""

from __future__ import annotations

import threading

from webagent.errors import Aborted


class Pacer:
    """Thread-safe: one side calls the pacer, the other pauses, steps, resumes or aborts."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._paused = False
        self._steps = 0
        self._aborted = False
        self._waiting = False

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def aborted(self) -> bool:
        return self._aborted

    @property
    def waiting(self) -> bool:
        """Whether the run is held right now, before its next action."""
        return self._waiting

    def pause(self) -> None:
        with self._condition:
            self._paused, self._steps = True, 0
            self._condition.notify_all()

    def resume(self) -> None:
        with self._condition:
            self._paused = False
            self._condition.notify_all()

    def step(self) -> None:
        """While paused, let exactly one more action through."""
        with self._condition:
            if self._paused:
                self._steps += 1
                self._condition.notify_all()

    def abort(self) -> None:
        with self._condition:
            self._aborted = True
            self._condition.notify_all()

    def __call__(self) -> None:
        """Before an action: wait while paused; raise `Aborted` once aborted."""
        with self._condition:
            self._waiting = True
            try:
                while self._paused and self._steps == 0 and not self._aborted:
                    self._condition.wait()
            finally:
                self._waiting = False
            if self._aborted:
                raise Aborted("the run was stopped by the person watching it")
            if self._paused:
                self._steps -= 1
