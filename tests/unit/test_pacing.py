"""Pause, single step and abort, as the TUI uses them on a run in another thread."""

from __future__ import annotations

import threading
import time

import pytest

from webagent.controller import Pacer
from webagent.errors import Aborted


def _actions(pacer: Pacer, wanted: int, done: list[int], failed: list[BaseException]) -> None:
    try:
        for index in range(wanted):
            pacer()
            done.append(index)
    except Aborted as error:
        failed.append(error)


def _until(condition: object, timeout: float = 2.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def test_a_running_pacer_lets_every_action_through() -> None:
    pacer, done, failed = Pacer(), [], []
    _actions(pacer, 5, done, failed)
    assert done == [0, 1, 2, 3, 4]
    assert failed == []


def test_pause_holds_the_run_and_step_lets_one_action_through() -> None:
    pacer, done, failed = Pacer(), [], []
    pacer.pause()
    worker = threading.Thread(target=_actions, args=(pacer, 3, done, failed), daemon=True)
    worker.start()
    assert _until(lambda: pacer.waiting)
    time.sleep(0.05)
    assert done == []  # held before its first action

    pacer.step()
    assert _until(lambda: done == [0] and pacer.waiting)
    time.sleep(0.05)
    assert done == [0]  # exactly one

    pacer.resume()
    worker.join(timeout=2)
    assert done == [0, 1, 2]
    assert failed == []


def test_abort_ends_a_held_run_before_its_next_action() -> None:
    pacer, done, failed = Pacer(), [], []
    pacer.pause()
    worker = threading.Thread(target=_actions, args=(pacer, 3, done, failed), daemon=True)
    worker.start()
    assert _until(lambda: pacer.waiting)
    pacer.abort()
    worker.join(timeout=2)
    assert done == []
    assert len(failed) == 1
    assert "stopped by the person" in str(failed[0])


def test_after_abort_every_action_is_refused() -> None:
    pacer = Pacer()
    pacer.abort()
    with pytest.raises(Aborted):
        pacer()
    assert pacer.aborted
