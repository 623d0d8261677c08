"""The step log: one line or a few per event, colour for what needs an eye.

Red: failures, denials, evaluations that missed; magenta: backtracks and remaps; cyan:
decompositions and plan revisions; blue: notes. `plain` keeps the text for tests and copying.

No line repeats the one before it, and a page seen again with no action since (the
controller reads the page once more before a new subtask, a decomposition or an answer) is
not shown again.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

from webagent.actions import format_action
from webagent.controller import RunResult
from webagent.controller import events as ev


class StepLog(RichLog):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, id=id)
        self.plain: list[str] = []
        self._page: str | None = None
        """The last page line shown since the last action (None: an action came since)."""

    def say(self, text: str | Text, style: str = "") -> None:
        line = text if isinstance(text, Text) else Text(text, style)
        if self.plain and self.plain[-1] == line.plain:
            return
        self.plain.append(line.plain)
        self.write(line)

    def show(self, event: ev.Event) -> None:
        if isinstance(event, ev.ActionDone | ev.TrialStarted):
            self._page = None
        line = describe(event)
        if line is None:
            return
        if isinstance(event, ev.PageSeen):
            if line.plain == self._page:
                return
            self._page = line.plain
        self.say(line)

    def finished(self, result: RunResult) -> None:
        answer = result.answer
        style = "bold green" if answer.status == "SUCCESS" else "bold red"
        data = f" {answer.retrieved_data}" if answer.retrieved_data else ""
        why = f": {answer.error_details}" if answer.error_details else ""
        self.say(Text.assemble((f"■ {answer.status}", style), f"{data}{why} ({result.how})"))


def describe(event: ev.Event) -> Text | None:
    """The log's text for one event; None for those shown elsewhere only (usage, subtasks)."""
    match event:
        case ev.TrialStarted(trial=trial):
            return Text(f"── trial {trial} ──", "bold")
        case ev.PlanMade(plan=plan, revised=True, review=review):
            why = f": {review}" if review else ""
            return Text(f"⟳ plan revised (v{plan.version}){why}", "bold cyan")
        case ev.PlanMade(plan=plan):
            return Text(f"plan: {len(plan.subtasks)} subtasks", "cyan")
        case ev.PageSeen(url=url, title=title, state=state):
            return Text(f"  page {title or url} · {state or 'no state'}", "dim")
        case ev.ActionChosen(action=action, thought=thought, remedies=remedies, refused=refused):
            line = Text.assemble(("▶ ", "bold yellow"), (format_action(action), "bold"))
            if thought:
                line.append(f"  {thought}", "dim italic")
            if remedies:
                line.append("\n    remedies: " + "; ".join(map(format_action, remedies)), "dim")
            if refused:
                line.append("\n    refused: " + "; ".join(refused), "red")
            return line
        case ev.ActionDone(result=result, kind=kind):
            if result.error:
                return Text(f"  ✗ {kind} failed: {result.error}", "red")
            if kind != "action":
                done = format_action(result.action) if result.action else kind
                return Text(f"  ↩ {kind}: {done} → {result.url}", "magenta")
            if result.undoable:  # run unasked: shown with how to take it back
                return Text("\n".join(f"  ⟲ undoable: {c}" for c in result.undoable), "yellow")
            return None
        case ev.Evaluated(evaluation=evaluation):
            if evaluation.aligned:
                flags = " (subtask done)" if evaluation.subtask_done else ""
                return Text(f"  ✓ aligned: {evaluation.effect}{flags}", "green")
            return Text(f"  ✗ not aligned: {evaluation.effect}", "bold red")
        case ev.Backtracked(url=url, remedy=remedy, remapped=remapped):
            how = f", element remapped by {remapped}" if remapped and remapped != "same" else ""
            return Text(
                f"↩ backtracked to {url}; remedy {format_action(remedy)}{how}", "bold magenta"
            )
        case ev.Decomposed(subtask=subtask):
            op = (subtask.operator or "and").upper()
            steps = "; ".join(f"{c.id} {c.text}" for c in subtask.children)
            return Text(f"⑂ {subtask.id} split ({op}): {steps}", "cyan")
        case ev.NoteTaken(text=text):
            return Text(f"✎ note: {text}", "blue")
        case ev.Denied(action=action, url=url, reason=reason):
            return Text(f"⛔ denied {format_action(action)} on {url}: {reason}", "bold red")
        case ev.TrialEnded(trial=trial, reason=reason):
            return Text(f"── trial {trial} ended: {reason}", "bold")
        case ev.Finished(how=how):
            return Text(f"finished ({how})", "bold")
        case _:
            return None
