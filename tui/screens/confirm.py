"""The question before anything irreversible: approve or deny, by key or by mouse.

Dismisses with True (approved) or False (denied); `reason` says why it was denied when
nobody pressed Deny: "timeout" (no answer in time) or "aborted" (the run was stopped).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from webagent.safety import Confirmation


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a,y", "approve", "Approve"),
        Binding("d,n,escape", "deny", "Deny"),
        # A modal screen hides the app's keys: these stay live while the question is up.
        Binding("p", "app.pause", "Pause/resume"),
        Binding("x", "app.abort", "Abort"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, confirmation: Confirmation, timeout: float | None = None) -> None:
        super().__init__()
        self.confirmation = confirmation
        self.timeout = timeout
        self.reason = "person"
        self.answered = False

    def compose(self) -> ComposeResult:
        c = self.confirmation
        with Vertical(id="dialog"):
            yield Static(Text(f"Approve this {c.kind}?", "bold"), id="dialog-title")
            yield Static(self._what(), id="dialog-what")
            yield Static(
                Text.assemble(("page: ", "bold"), c.title or "(no title)", " ", (c.url, "cyan")),
                id="dialog-page",
            )
            reasons = Text("why it is asked:", "bold")
            for reason in c.reasons or ("(no reason given)",):
                reasons.append(f"\n • {reason}", "")
            yield Static(reasons, id="dialog-reasons")
            if self.timeout is not None:
                note = f"No answer in {self.timeout:g} s denies it."
                yield Static(Text(note, "dim italic"), id="dialog-timeout")
            with Horizontal(id="dialog-buttons"):
                yield Button("Approve (a)", variant="success", id="approve")
                yield Button("Deny (d)", variant="error", id="deny")

    def on_mount(self) -> None:
        self.query_one("#deny", Button).focus()
        if self.timeout is not None:
            self.set_timer(self.timeout, self.time_out)

    def _what(self) -> Text:
        c = self.confirmation
        if c.kind == "request":
            what = Text.assemble(("request: ", "bold"), (c.request, "bold yellow"))
            sent = f" (sent by {c.action})" if c.action else " (sent by the page on its own)"
            what.append(sent, "dim")
        else:
            what = Text.assemble(("action: ", "bold"), (c.action, "bold yellow"))
        if c.element:
            what.append_text(Text.assemble("\non: ", (c.element, "bold")))
        return what

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.answer(event.button.id == "approve")

    def action_approve(self) -> None:
        self.answer(True)

    def action_deny(self) -> None:
        self.answer(False)

    def time_out(self) -> None:
        self.deny("timeout")

    def deny(self, reason: str) -> None:
        """Deny without a person's answer (timeout, abort, quit)."""
        if not self.answered:
            self.reason = reason
            self.answer(False)

    def answer(self, approved: bool) -> None:
        # Once only: a second dismiss would pop the screen underneath.
        if not self.answered:
            self.answered = True
            self.dismiss(approved)
