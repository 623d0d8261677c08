"""What the controller tells its watchers (the TUI, the recorder, a log) as it works.

Each event is a small frozen record; `on_event` receives them in order. The plan objects
inside are the live ones, so a watcher can redraw the whole tree on any plan event.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from webagent.actions import Action, ActionResult
from webagent.controller.plan import Plan, Status, Subtask
from webagent.controller.queries import Evaluation
from webagent.llm.queries import FinalAnswer


@dataclass(frozen=True, slots=True)
class TrialStarted:
    trial: int


@dataclass(frozen=True, slots=True)
class PlanMade:
    plan: Plan
    revised: bool
    review: str = ""


@dataclass(frozen=True, slots=True)
class SubtaskChanged:
    subtask: Subtask


@dataclass(frozen=True, slots=True)
class PageObserved:
    """The page as the model will read it, before anything is asked about it (its site
    state may take a model call): a replay compares it here, so a changed page shows as
    such, not as a model request the recording lacks. `PageSeen` follows with the state."""

    url: str
    text: str


@dataclass(frozen=True, slots=True)
class PageSeen:
    url: str
    title: str
    site: str
    state: str | None
    decided: str | None
    text: str = ""
    """The page as the model reads it (what a recording keeps and a replay compares)."""
    confidence: str | None = None
    """How sure the state is: "high", "medium", or "low" (a guess that only advises)."""
    evidence: tuple[str, ...] = ()
    """What on the page the state's rules found."""
    signed_in: bool | None = None
    """Whether the page shows the session signed in (None: it does not say)."""
    classification: Mapping[str, Any] | None = None
    """The whole classification (`Classification.to_json`): a recording keeps it for each
    page, and a replay gives it back."""


@dataclass(frozen=True, slots=True)
class ActionChosen:
    action: Action
    thought: str
    remedies: tuple[Action, ...]
    refused: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ActionDone:
    result: ActionResult
    kind: str
    """"action"; "remedy" (run after a backtrack); "backtrack" (the navigation back);
    "restart" (back to the start page for a new trial); "backup" (to the backup choice)."""


@dataclass(frozen=True, slots=True)
class Usage:
    """The model's usage in this run so far (after a model call)."""

    calls: int
    tokens: int
    cost: float
    cached: int = 0
    """Prompt tokens the endpoint served from its prompt cache."""
    prompt: int = 0
    """Prompt tokens in all (the cached ones included)."""


@dataclass(frozen=True, slots=True)
class Denied:
    """An action was not taken (or its request was stopped): nobody approved it."""

    action: Action
    url: str
    reason: str


@dataclass(frozen=True, slots=True)
class Evaluated:
    action: Action
    evaluation: Evaluation


@dataclass(frozen=True, slots=True)
class Backtracked:
    url: str
    remedy: Action
    remapped: str | None
    """How the remedy's element was re-found: "same" (id unchanged), "rule", "model"; None
    when it targets no element."""


@dataclass(frozen=True, slots=True)
class Decomposed:
    subtask: Subtask


@dataclass(frozen=True, slots=True)
class NoteTaken:
    text: str


@dataclass(frozen=True, slots=True)
class TrialEnded:
    trial: int
    reason: str


@dataclass(frozen=True, slots=True)
class Finished:
    answer: FinalAnswer
    how: str


Event = (
    TrialStarted
    | PlanMade
    | SubtaskChanged
    | PageObserved
    | PageSeen
    | ActionChosen
    | ActionDone
    | Denied
    | Usage
    | Evaluated
    | Backtracked
    | Decomposed
    | NoteTaken
    | TrialEnded
    | Finished
)


def _subtask_line(subtask: Subtask) -> str | None:
    """`subtask 2: Open the order` as it starts, `subtask 2 done` (failed, skipped) as it
    ends: the log says how each step of the plan went, up to the end of the run."""
    status = subtask.status
    if status is Status.RUNNING:
        return f"{'  ' * subtask.depth}subtask {subtask.id}: {subtask.text}"
    if status in (Status.DONE, Status.FAILED, Status.SKIPPED):
        return f"{'  ' * subtask.depth}subtask {subtask.id} {status.value}"
    return None


def describe(event: Event) -> str | None:
    """A progress line (or lines) for a person, or None for an event not worth one."""
    line = None
    if isinstance(event, PlanMade):
        outline = (f"{'  ' * s.depth}{s.id}. {s.text}" for s in event.plan.walk())
        line = ("revised plan" if event.revised else "plan") + ":\n" + "\n".join(outline)
    elif isinstance(event, SubtaskChanged):
        line = _subtask_line(event.subtask)
    elif isinstance(event, ActionDone):
        line = f"  {event.kind}: {event.result.describe()}"
    elif isinstance(event, Evaluated):
        verdict = "aligned" if event.evaluation.aligned else "NOT aligned"
        line = f"  evaluation: {verdict}: {event.evaluation.effect}"
    elif isinstance(event, Backtracked):
        line = f"  backtrack to {event.url}, remedy {event.remedy}"
    elif isinstance(event, Decomposed):
        line = f"  decomposed {event.subtask.id} ({event.subtask.operator})"
    elif isinstance(event, TrialEnded):
        line = f"trial {event.trial} failed: {event.reason}"
    elif isinstance(event, Denied):
        line = f"  not approved: {event.reason}"
    return line
