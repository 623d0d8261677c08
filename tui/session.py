"""What the TUI drives: one task at a time, run in a worker thread, reporting as it goes.

The real session (`webagent.session.live.LiveSession`) owns a browser, a model client and, for
the demo, a local site; a test hands the app a scripted one. Every callback below is called
on the session's (worker) thread: the app hops to its own thread with `call_from_thread`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from webagent.controller import RunResult
from webagent.controller import events as ev
from webagent.safety import Confirmation


class Session(Protocol):
    @property
    def where(self) -> str:
        """Where the run starts, for the header: a URL or `demo_shop`."""
        ...

    def run(
        self,
        task: str,
        *,
        on_event: Callable[[ev.Event], None],
        confirm: Callable[[Confirmation], bool],
        pace: Callable[[], None],
    ) -> RunResult:
        """Run `task` to its end. `on_event` sees every controller event (plan, page, step,
        evaluation, backtrack, decomposition, notes, usage, denial, finish); `confirm` is the
        confirmation policy (it blocks until a person answers); `pace` is called before every
        browser action (a `webagent.controller.Pacer`: pause, step, abort)."""
        ...

    def show_browser(self, visible: bool) -> bool:
        """Show or hide the browser window; False when this session cannot (headless)."""
        ...

    def close(self) -> None:
        """Release everything (browser, servers); the recording, if any, is saved."""
        ...
