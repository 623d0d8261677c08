"""What a run leaves behind: the answer, the metrics, and one record per executed action."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from webagent.actions import format_action
from webagent.controller.queries import Evaluation
from webagent.llm.queries import FinalAnswer


@dataclass
class Metrics:
    actions: int = 0
    """Browser actions executed, backtrack navigations included."""
    steps: int = 0
    """Step answers asked of the model."""
    trials: int = 0
    plan_revisions: int = 0
    backtracks: int = 0
    recoveries: int = 0
    """Misaligned actions the model chose to recover from where it was, not to backtrack."""
    remaps_rule: int = 0
    remaps_model: int = 0
    decompositions: int = 0
    refusals: int = 0
    denials: int = 0
    """Actions not taken because the confirmation policy did not approve them."""
    irreversible: int = 0
    """Approved irreversible actions executed."""
    undoable: int = 0
    """Actions that made a change the page lets a person take back (run unasked)."""
    failed_answers: int = 0
    """Step answers that stayed unusable after the re-asks."""
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class StepRecord:
    """One executed browser action and what surrounded it."""

    index: int
    trial: int
    subtask: str
    kind: str
    url: str
    title: str
    state: str | None
    action: str
    thought: str
    remedies: tuple[str, ...]
    error: str | None
    url_after: str
    evaluation: Evaluation | None = None
    undoable: tuple[str, ...] = ()
    """What it changed that the page lets a person take back, each with how."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["remedies"] = list(self.remedies)
        data["undoable"] = list(self.undoable)
        return data

    @staticmethod
    def line(action: object) -> str:
        return format_action(action)  # type: ignore[arg-type]


@dataclass
class RunResult:
    answer: FinalAnswer
    how: str
    """"stop" (the model finished), "answer" (asked at the end), "backup" (LASER's backup
    choice), "denied" (an irreversible action was refused twice), "aborted" (a person
    stopped it), or "error: ..." when the run could not go on."""
    metrics: Metrics
    steps: list[StepRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    plans: list[str] = field(default_factory=list)
    """Each trial's plan as text, in order."""
    reviews: list[str] = field(default_factory=list)
    """The review of each failed trial, in order (what the next plan was revised from)."""

    @property
    def undoable(self) -> list[str]:
        """Every change the run made that can be taken back, with how: `step 3: ...`."""
        return [f"step {step.index}: {change}" for step in self.steps for change in step.undoable]

    def to_json(self) -> dict[str, Any]:
        return {
            "answer": self.answer.model_dump(),
            "how": self.how,
            "undoable": self.undoable,
            "metrics": self.metrics.to_json(),
            "steps": [step.to_json() for step in self.steps],
            "notes": list(self.notes),
            "plans": list(self.plans),
            "reviews": list(self.reviews),
        }
