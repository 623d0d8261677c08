"""Helpers for the TUI tests: a fixed clock, a way to wait for the worker thread, and an
event loop of their own.

The browser tests that run before these (in the same process) hold Playwright's sync API,
whose event loop stays marked as running in the main thread; an app test then cannot start
another loop there. So every `async def` test here, and every snapshot, runs on a fresh
thread with its own loop.
"""

from __future__ import annotations

import asyncio
import inspect
import sys
import threading
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest
from textual.pilot import Pilot

T = TypeVar("T")


# A test's own limit: the slowest app test takes a few seconds, so a test still running after
# this is hung, and fails with every thread's stack instead of holding up the whole suite.
HUNG_AFTER = 120.0


def in_own_thread(work: Callable[[], T], hung_after: float = HUNG_AFTER) -> T:
    """Run `work` on a new thread (no event loop running there) and return its result."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = work()
        except BaseException as error:  # handed back to the test's thread
            outcome["error"] = error

    # a daemon, so a hung test cannot keep the process from exiting either
    thread = threading.Thread(target=target, name="tui-test", daemon=True)
    thread.start()
    thread.join(hung_after)
    if thread.is_alive():
        raise AssertionError(f"the app test hung for {hung_after:.0f} s\n{thread_stacks()}")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]


# The event loops of the app tests running now: a hung loop sits in `select`, and only its
# tasks' stacks say which await never returns.
_LOOPS: list[asyncio.AbstractEventLoop] = []


def thread_stacks() -> str:
    """Every thread's stack, innermost call last, and every pending task of the app tests'
    loops, to tell where a hung test waits."""
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    parts = []
    for ident, frame in sys._current_frames().items():
        stack = "".join(traceback.format_stack(frame))
        parts.append(f"thread {names.get(ident, ident)}:\n{stack}")
    for loop in list(_LOOPS):
        for task in list(asyncio.all_tasks(loop)):
            parts.append(f"task {task.get_name()}:\n{_awaits(task.get_coro())}")
    return "\n".join(parts)


def _awaits(awaitable: object) -> str:
    """A suspended coroutine's chain of awaits, outermost first, as a traceback shows it
    (a task's own stack stops at its first coroutine). An `async with` that is closing waits
    in its async generator, which the chain reaches through the `__aexit__` frame."""
    frames = []
    while awaitable is not None:
        frame = _frame_of(awaitable)
        if frame is None:
            break
        frames.append((frame, frame.f_lineno))
        awaitable = _awaited(awaitable)
        if awaitable is not None and _frame_of(awaitable) is None:
            awaitable = _running_generator(frame)  # `athrow`/`asend` hide their generator
    shown = "".join(traceback.StackSummary.extract(iter(frames)).format())
    raised = [
        f"  {frame.f_code.co_name} is handling {value!r}\n"
        for frame, _ in frames
        for value in frame.f_locals.values()
        if isinstance(value, BaseException)
    ]
    return shown + "".join(raised)


def _frame_of(awaitable: object) -> Any:
    return _first(awaitable, ("cr_frame", "gi_frame", "ag_frame"))


def _awaited(awaitable: object) -> object:
    return _first(awaitable, ("cr_await", "gi_yieldfrom", "ag_await"))


def _first(awaitable: object, names: tuple[str, ...]) -> Any:
    """The first of these attributes (a coroutine's, a generator's or an async generator's
    name for the same thing) that `awaitable` has set."""
    return next((v for n in names if (v := getattr(awaitable, n, None)) is not None), None)


def _running_generator(frame: Any) -> object:
    for value in frame.f_locals.values():
        for candidate in (value, getattr(value, "gen", None)):
            if inspect.isasyncgen(candidate) and candidate.ag_running:
                return candidate
    return None


async def _with_loop_known(work: Callable[[], Awaitable[T]]) -> T:
    loop = asyncio.get_running_loop()
    _LOOPS.append(loop)
    try:
        return await work()
    finally:
        _LOOPS.remove(loop)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    function = pyfuncitem.obj
    if not inspect.iscoroutinefunction(function):
        return None
    names = pyfuncitem._fixtureinfo.argnames
    arguments = {name: pyfuncitem.funcargs[name] for name in names}
    in_own_thread(lambda: asyncio.run(_with_loop_known(lambda: function(**arguments))))
    return True


def frozen() -> float:
    """The tests' clock: elapsed time stays 0:00, so snapshots are stable."""
    return 0.0


async def until(pilot: Pilot[None], done: Callable[[], object], timeout: float = 30.0) -> None:
    """Let the app run until `done()` holds (the worker thread gets there), or fail. The
    limit is generous: on a loaded machine (a parallel suite on 2 cores) a worker thread can
    take seconds, and a test that gives up while the app is exiting by itself leaves two
    shutdowns waiting on each other (Textual's `run_test` shuts the app down again)."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.01)
