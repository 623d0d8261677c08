"""What the run's worker thread tells the app: small messages, posted thread-safely.

`post_message` may be called from any thread; the handlers run on the app's own thread, so
widgets are only ever touched there.
"""

from __future__ import annotations

import threading

from textual.message import Message

from tui.widgets.plan import PlanView
from webagent.controller import RunResult
from webagent.controller import events as ev
from webagent.safety import Confirmation


class AgentEvent(Message):
    """One controller event, with the plan as it stood when the event was sent."""

    def __init__(self, event: ev.Event, plan: PlanView | None) -> None:
        super().__init__()
        self.event = event
        self.plan = plan


class RunEnded(Message):
    """The run is over: its result, or why there is none (`error`)."""

    def __init__(self, result: RunResult | None, error: str | None = None) -> None:
        super().__init__()
        self.result = result
        self.error = error


class ConfirmAsked(Message):
    """The worker waits for a person's answer: `reply.give(approved)` releases it.

    A message rather than `call_from_thread`, so the dialog comes after the events before it."""

    def __init__(self, confirmation: Confirmation, reply: Reply) -> None:
        super().__init__()
        self.confirmation = confirmation
        self.reply = reply


class Reply:
    """A dialog's answer, handed from the app's thread to the waiting worker."""

    def __init__(self) -> None:
        self.ready = threading.Event()
        self.approved = False

    def give(self, approved: bool) -> None:
        self.approved = approved
        self.ready.set()


class BrowserShown(Message):
    """The answer to a show/hide request: whether the session could do it."""

    def __init__(self, visible: bool, done: bool) -> None:
        super().__init__()
        self.visible = visible
        self.done = done
