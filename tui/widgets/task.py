"""The task at the top: shown when given, asked for with an Input when not."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static


class TaskBar(Vertical):
    def __init__(self, task: str | None, where: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.task_text = task
        self.where = where

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="task-text")
        field = Input(placeholder="What should the agent do? (Enter starts)", id="task-input")
        field.display = self.task_text is None
        yield field

    def set_task(self, task: str) -> None:
        self.task_text = task
        self.query_one("#task-text", Static).update(self._text())
        self.query_one("#task-input", Input).display = False

    def _text(self) -> Text:
        if self.task_text is None:
            return Text.assemble(("Task", "bold"), (f" on {self.where}: type it below", "dim"))
        return Text.assemble(("Task: ", "bold"), self.task_text, (f"  ({self.where})", "dim"))
