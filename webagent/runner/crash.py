"""Telling that a worker's browser died, and saying so: what the pools and the reports share.

    watch = BrowserWatch(browser)      # in the worker, right after launch
    watch.problem()                    # None while Chromium lives, else why it does not
    died(error)                        # "the browser died (TargetClosedError: ...)"
    retried(["the browser died (...) on worker w1"])   # "retried once: the browser died ..."

Playwright learns that Chromium died only as it reads its connection: right after a call
fails, `Browser.connected` may still say True. So on Linux the watch also looks at the
browser's own process (found among this process's descendants, `browser_pid`), which the
kernel reports gone at once; elsewhere it has only `connected`.

A renderer that crashed (out of memory, say) takes its page with it: the task cannot go on
either, and is retried like one whose browser died (`crashed`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from webagent.browser import Browser

_PROC = Path("/proc")
_PIPE_FLAG = "--remote-debugging-pipe"
"""Playwright starts Chromium with it; Chromium's own helper processes also carry `--type=`."""
_CRASH_WORDS = ("target crashed", "page crashed")
_TIMES = {1: "once", 2: "twice"}


class BrowserWatch:
    """Whether one browser is still usable (see the module's docstring)."""

    def __init__(self, browser: Browser, root: int | None = None) -> None:
        self.browser = browser
        self.pid = browser_pid(os.getpid() if root is None else root)
        """Chromium's main process (None when it cannot be told: not Linux, or more than one
        browser in this process)."""

    def problem(self) -> str | None:
        """None when the browser looks alive; else what is wrong with it."""
        if self.pid is not None and process_gone(self.pid):
            return f"its process (pid {self.pid}) is gone"
        if not self.browser.connected:
            return "it is disconnected"
        return None


def browser_pid(root: int) -> int | None:
    """Chromium's main process among `root`'s descendants: one started with Playwright's
    pipe flag and no `--type`, with no such process below it (a wrapper script that runs
    Chromium as its child, as Debian's `chromium-headless-shell` does, has the same flags).
    None when there is not exactly one (no /proc, or several browsers in the process)."""
    children: dict[int, list[int]] = {}
    try:
        entries = list(_PROC.iterdir())
    except OSError:
        return None
    for entry in entries:
        if entry.name.isdigit():
            parent = _parent(int(entry.name))
            if parent is not None:
                children.setdefault(parent, []).append(int(entry.name))
    found: list[int] = []

    def visit(pid: int) -> bool:
        """Whether `pid` or a descendant is a main process (the deepest ones are kept)."""
        below = [visit(child) for child in children.get(pid, [])]
        if any(below):
            return True
        arguments = _arguments(pid)
        if _PIPE_FLAG in arguments and not any(a.startswith("--type=") for a in arguments):
            found.append(pid)
            return True
        return False

    for child in children.get(root, []):
        visit(child)
    return found[0] if len(found) == 1 else None


def process_gone(pid: int) -> bool:
    """The process has exited (a zombie waiting for its parent counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    try:
        stat = (_PROC / str(pid) / "stat").read_text()
    except OSError:  # it went meanwhile, or there is no /proc to tell (then it lives)
        return _PROC.is_dir()
    return stat.rsplit(")", 1)[-1].split()[0] in {"Z", "X"}


def _parent(pid: int) -> int | None:
    try:
        return int((_PROC / str(pid) / "stat").read_text().rsplit(")", 1)[-1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _arguments(pid: int) -> list[str]:
    try:
        raw = (_PROC / str(pid) / "cmdline").read_bytes()
    except OSError:
        return []
    return raw.decode(errors="replace").split("\0")


# -- saying what happened ------------------------------------------------------------------
def describe(error: BaseException, limit: int = 200) -> str:
    """An error in one line: its type (Playwright's own, such as TargetClosedError, when the
    error wraps one) and the first line of its message, cut to `limit` characters."""
    kind = type(error).__name__
    cause = error.__cause__
    while cause is not None:
        if type(cause).__module__.startswith("playwright") and type(cause).__name__ != "Error":
            kind = type(cause).__name__
        cause = cause.__cause__
    lines = str(error).strip().splitlines()
    text = lines[0] if lines else ""
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return f"{kind}: {text}" if text else kind


def crashed(error: BaseException) -> bool:
    """The error says a page's renderer crashed (the browser itself may live on)."""
    text = str(error).lower()
    return any(word in text for word in _CRASH_WORDS)


def died(error: BaseException | None, problem: str | None = None) -> str:
    """Why an attempt was lost to the browser: "the browser died (TargetClosedError: ...)",
    "a page crashed (...)"; `problem` is what `BrowserWatch.problem` said, for when no error
    did."""
    if error is not None and problem is None and crashed(error):
        return f"a page crashed ({describe(error)})"
    if error is not None:
        return f"the browser died ({describe(error)})"
    return f"the browser died ({problem or 'no reason given'})"


def times(count: int) -> str:
    """1 -> "once", 2 -> "twice", 3 -> "3 times"."""
    return _TIMES.get(count, f"{count} times")


def retried(reasons: Sequence[str]) -> str:
    """What a task's earlier, lost attempts were: "retried once: the browser died (...)";
    empty when there were none."""
    if not reasons:
        return ""
    return f"retried {times(len(reasons))}: {'; '.join(reasons)}"
