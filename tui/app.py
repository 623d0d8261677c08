"""The app: one run screen, its dialog, and the keys; built by `create_app`.

app = create_app(session, "Buy the cheapest mouse")   # or task=None: typed in the app
app.run()
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from tui.screens.run import RunScreen
from tui.session import Session


class WebAgentApp(App[None]):
    TITLE = "webagent"
    CSS_PATH = "app.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pause", "Pause/resume"),
        Binding("s", "step", "Step"),
        Binding("x", "abort", "Abort"),
        Binding("b", "browser", "Browser"),
        Binding("c", "copy", "Copy answer"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        session: Session,
        task: str | None = None,
        *,
        confirm_timeout: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.session = session
        self.run_screen = RunScreen(session, task, confirm_timeout=confirm_timeout, clock=clock)
        # Not `_closed`: that is Textual's flag for a closed message queue, and setting it
        # made the app drop its own exit message.
        self._session_closed = False

    def on_mount(self) -> None:
        self.push_screen(self.run_screen)

    def action_pause(self) -> None:
        self.run_screen.toggle_pause()

    def action_step(self) -> None:
        self.run_screen.step()

    def action_abort(self) -> None:
        self.run_screen.abort()

    def action_browser(self) -> None:
        self.run_screen.toggle_browser()

    def action_copy(self) -> None:
        self.run_screen.copy_answer()

    async def action_quit(self) -> None:
        """Abort, let the worker end (it stops before its next action), close, exit."""
        screen = self.run_screen
        if not screen.running or screen.on_end is not None:
            self.close_session()
            self.exit()
            return
        screen.on_end = self.action_quit_now
        screen.abort()
        screen.log_view.say("quitting once the current step ends (q again: now)", "yellow")

    def action_quit_now(self) -> None:
        self.close_session()
        self.exit()

    def close_session(self) -> None:
        if not self._session_closed:
            self._session_closed = True
            self.session.close()


def create_app(
    session: Session,
    task: str | None = None,
    *,
    confirm_timeout: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> WebAgentApp:
    """The app on `session`; `clock` is for tests (a fixed clock freezes elapsed time)."""
    return WebAgentApp(session, task, confirm_timeout=confirm_timeout, clock=clock)
