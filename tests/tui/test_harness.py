"""The app tests' harness turns a hung test into a failure that says where it waits."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator

import pytest

from tests.tui.conftest import _with_loop_known, in_own_thread


def test_a_hung_test_fails_with_the_stack_where_it_waits() -> None:
    release = threading.Event()

    def waits_for_ever() -> None:
        release.wait()

    with pytest.raises(AssertionError, match="hung for 0 s") as failure:
        in_own_thread(waits_for_ever, hung_after=0.2)
    release.set()
    assert "thread tui-test:" in str(failure.value)
    assert "in waits_for_ever" in str(failure.value)


def test_a_hung_app_test_names_the_await_that_never_returns() -> None:
    """An app test's thread sits in the event loop's `select`: the failure shows the pending
    task's stack too, down to the await."""
    waiting: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    async def awaits_a_reply_that_never_comes() -> None:
        reply: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting.append((asyncio.get_running_loop(), reply))
        await reply

    with pytest.raises(AssertionError, match="hung for 0 s") as failure:
        in_own_thread(
            lambda: asyncio.run(_with_loop_known(awaits_a_reply_that_never_comes)),
            hung_after=0.5,
        )
    loop, reply = waiting[0]
    loop.call_soon_threadsafe(reply.set_result, None)  # let the thread end
    assert "in awaits_a_reply_that_never_comes" in str(failure.value)
    assert "await reply" in str(failure.value)


def test_a_hung_app_test_shows_where_its_async_with_waits_to_close() -> None:
    """Most app tests hang, when they do, while `run_test`'s `async with` shuts the app down
    after a failure: the stack goes on into that context manager's generator."""
    waiting: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    @contextlib.asynccontextmanager
    async def closes_slowly() -> AsyncIterator[None]:
        try:
            yield
        finally:
            reply: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            waiting.append((asyncio.get_running_loop(), reply))
            await reply  # the shutdown that never ends

    async def fails_inside() -> None:
        async with closes_slowly():
            raise RuntimeError("the test failed")

    with pytest.raises(AssertionError, match="hung for 0 s") as failure:
        in_own_thread(lambda: asyncio.run(_with_loop_known(fails_inside)), hung_after=0.5)
    loop, reply = waiting[0]
    loop.call_soon_threadsafe(reply.set_result, None)
    assert "in fails_inside" in str(failure.value)
    assert "in closes_slowly" in str(failure.value)
    assert "await reply  # the shutdown that never ends" in str(failure.value)
    assert "__aexit__ is handling RuntimeError('the test failed')" in str(failure.value)


def test_a_finished_test_gives_its_value_and_its_error() -> None:
    assert in_own_thread(lambda: 42) == 42
    with pytest.raises(KeyError, match="missing"):
        in_own_thread(lambda: {}["missing"])
