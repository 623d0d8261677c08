"""What the browser and a risk judge say to each other: pure data, no site knowledge.

    target = Target("button", "Place order", submits_form=True, form=FormFacts("post", url))
    risk = judge.action(action, target, page_url, flagged=False)    # a `Risk`
    risk.irreversible, risk.reasons, str(risk)

The browser gathers a `Target` (the element an action is aimed at, its form and surroundings)
from the page; a judge (`webagent.safety.judge.RiskJudge`) answers with a `Risk`. Which judge
decides is the caller's choice: `CautiousJudge` here needs no site knowledge, the site-aware one
lives with the site profiles it reads (`webagent.sites.risk`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from webagent.actions import Action, Press, TypeText

MUTATING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""The HTTP methods that change something on the server."""

FLAGGED = "judged irreversible by whoever proposed it"
"""The reason given when the caller (the model) flags an action irreversible itself."""

_ENTER = re.compile(r"(^|\+)(Enter|NumpadEnter)$")


@dataclass(frozen=True, slots=True)
class FormFacts:
    """The form a control belongs to, as the page defines it."""

    method: str = "get"
    action: str = ""
    """The absolute URL the form is submitted to."""
    fields: tuple[str, ...] = ()
    """One line per field: its type, name, autocomplete token and label, lowercased."""
    submits: tuple[str, ...] = ()
    """The names of its submit buttons, the default one first."""


@dataclass(frozen=True, slots=True)
class Target:
    """What the executor found out about the element an action is aimed at."""

    role: str
    name: str
    tag: str = ""
    input_type: str = ""
    href: str = ""
    submits_form: bool = False
    """Whether clicking it submits its form (a submit button or input)."""
    form: FormFacts | None = None
    context: str = ""
    """The text of its nearest container (a card, a dialog, a form), for prices and totals."""
    page: str = ""
    """The title of the page it is on ("Shopping Cart", "My Wish List")."""


Grade = Literal["irreversible", "undoable", "safe"]


@dataclass(frozen=True, slots=True)
class Risk:
    """What running something would do that matters: why it cannot be undone (`reasons`),
    and what it changes that the page lets a person take back (`undoable`, each with how).
    The grade is the worst of them: irreversible, else undoable, else safe."""

    reasons: tuple[str, ...] = ()
    undoable: tuple[str, ...] = ()
    """Changes that can be taken back, each told with its inverse ("...; undo: ...")."""

    @property
    def irreversible(self) -> bool:
        return bool(self.reasons)

    @property
    def grade(self) -> Grade:
        if self.reasons:
            return "irreversible"
        return "undoable" if self.undoable else "safe"

    def __or__(self, other: Risk) -> Risk:
        merged = self.reasons + tuple(r for r in other.reasons if r not in self.reasons)
        undo = self.undoable + tuple(u for u in other.undoable if u not in self.undoable)
        return Risk(merged, undo)

    def __str__(self) -> str:
        if self.reasons:
            return "; ".join(self.reasons)
        return "; ".join(self.undoable) if self.undoable else "reversible"


def presses_enter(action: Action) -> bool:
    """Whether the action ends with Enter (typing with Enter, `press [Enter]`): in a form,
    that submits it."""
    return (isinstance(action, TypeText) and action.press_enter_after) or (
        isinstance(action, Press) and bool(_ENTER.search(action.keys))
    )
