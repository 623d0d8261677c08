"""What happened when an action ran: data, never an exception."""

from __future__ import annotations

from dataclasses import dataclass

from webagent.actions.action import Action
from webagent.actions.grammar import format_action


@dataclass(frozen=True, slots=True)
class ActionResult:
    """The outcome of one action.

    `error` is None on success, else a sentence for the model (the next observation shows it).
    `action` is None when the text given to `act` did not parse.
    """

    action: Action | None
    error: str | None = None
    url: str = ""
    url_before: str = ""
    tab_changed: bool = False
    elapsed_ms: int = 0
    irreversible: bool = False
    """Something that cannot be undone happened during the action (it was approved)."""
    denied: bool = False
    """The action, or a request it sent, was not approved, so it did not happen."""
    undoable: tuple[str, ...] = ()
    """Changes it made that the page lets a person take back, each with how ("...; undo:
    ..."): they ran without asking (unless the gate asks about undoable changes too)."""

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def navigated(self) -> bool:
        """Whether the page's URL changed (or another tab took the focus)."""
        return self.tab_changed or self.url != self.url_before

    def describe(self) -> str:
        """One line for logs: `click [e12] -> ok` or `click [e12] -> failed: ...`."""
        text = format_action(self.action) if self.action else "(unparsed action)"
        return f"{text} -> ok" if self.ok else f"{text} -> failed: {self.error}"
