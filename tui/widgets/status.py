"""The status bar: state, actions, model calls, tokens (and the share the endpoint's prompt cache
served), cost, elapsed time; then the answer."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widgets import Static

from webagent.controller import RunResult
from webagent.controller import events as ev


class StatusBar(Static):
    def __init__(self, clock: Callable[[], float], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.clock = clock
        self.state = "waiting for a task"
        self.actions = self.calls = self.tokens = 0
        self.cached = self.prompt = 0
        self.cost = 0.0
        self.started: float | None = None
        self.stopped: float | None = None
        self.result: RunResult | None = None

    def on_mount(self) -> None:
        self.redraw()
        self.set_interval(1.0, self.redraw)

    def start(self) -> None:
        self.started, self.state = self.clock(), "running"
        self.redraw()

    def finish(self, result: RunResult | None, state: str) -> None:
        self.stopped, self.result, self.state = self.clock(), result, state
        self.redraw()

    def usage(self, usage: ev.Usage) -> None:
        """The model's usage so far: calls, tokens (and the share its cache served), cost."""
        self.calls, self.tokens, self.cost = usage.calls, usage.tokens, usage.cost
        self.cached, self.prompt = usage.cached, usage.prompt
        self.redraw()

    def set_state(self, state: str) -> None:
        self.state = state
        self.redraw()

    def elapsed(self) -> float:
        if self.started is None:
            return 0.0
        end = self.stopped if self.stopped is not None else self.clock()
        return max(0.0, end - self.started)

    def answer_text(self) -> str:
        if self.result is None:
            return ""
        answer = self.result.answer
        data = f" {answer.retrieved_data}" if answer.retrieved_data else ""
        why = f" ({answer.error_details})" if answer.error_details else ""
        return f"{answer.status}{data}{why}"

    def redraw(self) -> None:
        self.update(self.text())

    def text(self) -> Text:
        minutes, seconds = divmod(int(self.elapsed()), 60)
        style = {"running": "bold green", "paused": "bold yellow"}.get(self.state, "bold")
        line = Text.assemble(
            (f"● {self.state}", style),
            f"  actions {self.actions}  calls {self.calls}  tokens {self.tokens:,}",
            f" ({self.cached / self.prompt:.0%} cached)" if self.cached and self.prompt else "",
            f"  ${self.cost:.4f}  {minutes}:{seconds:02d}",
        )
        if self.result is not None:
            ok = self.result.answer.status == "SUCCESS"
            line.append("\nanswer: ", "bold")
            line.append(self.answer_text(), "bold green" if ok else "bold red")
        return line
