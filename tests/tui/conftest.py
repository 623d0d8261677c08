"""Helpers for the TUI tests: a fixed clock and a way to wait for the worker thread."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from textual.pilot import Pilot


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def frozen() -> float:
    """The tests' clock: elapsed time stays 0:00, so snapshots are stable."""
    return 0.0


async def until(pilot: Pilot[None], done: Callable[[], object], timeout: float = 5.0) -> None:
    """Let the app run until `done()` holds (the worker thread gets there), or fail."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.01)
