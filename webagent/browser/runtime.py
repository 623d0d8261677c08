"""One Playwright runtime per thread, shared by every browser launched in that thread.

Playwright's sync API runs an event loop in the calling thread, and a second
`sync_playwright().start()` in the same thread fails ("using Playwright Sync API inside the
asyncio loop"). Counting users lets a program (or a test session) hold several `Browser`s at
once; the runtime stops when the last one closes.
"""

from __future__ import annotations

import threading

from playwright.sync_api import Playwright, sync_playwright


class _Runtime(threading.local):
    playwright: Playwright | None = None
    users: int = 0


_RUNTIME = _Runtime()


def acquire() -> Playwright:
    """The thread's Playwright, started on first use."""
    if _RUNTIME.playwright is None:
        _RUNTIME.playwright = sync_playwright().start()
    _RUNTIME.users += 1
    return _RUNTIME.playwright


def release() -> None:
    """Give back one use; the last one stops Playwright."""
    _RUNTIME.users = max(0, _RUNTIME.users - 1)
    if _RUNTIME.users == 0 and _RUNTIME.playwright is not None:
        playwright, _RUNTIME.playwright = _RUNTIME.playwright, None
        playwright.stop()
