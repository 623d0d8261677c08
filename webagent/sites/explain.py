"""What the safety policy would do on one page, and why: `webagent safety explain URL`.

    report = explain_safety(observation, tab.forms(), profile)
    print(report.text())                  # every control and form with a consequence
    report.to_json()

Every control of the page (buttons, links, menu items and what acts as one) and every form
the page would send is graded by the rules that apply there (the site's profile, then the
generic lexicon, both in the profiles' `[irreversible]` data): *irreversible* (the gate asks,
or `deny` refuses), *undoable* (it runs and is reported with how to take it back), or
nothing (not listed). Pure: the browser reads the page and its forms, this decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webagent.observation import Element, Observation
from webagent.safety import FormFacts
from webagent.safety.risk import MUTATING
from webagent.sites.profile import Profile
from webagent.sites.risk import Consequence, RiskRules
from webagent.urls import location

_FIELDS = frozenset(
    {"textbox", "searchbox", "combobox", "checkbox", "radio", "switch", "slider", "spinbutton"}
)


@dataclass(frozen=True, slots=True)
class Graded:
    """One control or form and what the policy makes of it."""

    what: str
    """`[e12] button 'Place Order'` or `form POST /wishlist/remove/ (button 'Remove')`."""
    grade: str
    why: str
    undo: str = ""

    def line(self) -> str:
        undo = f" (undo: {self.undo})" if self.undo else ""
        return f"  {self.what}: {self.grade}: {self.why}{undo}"

    def to_json(self) -> dict[str, str]:
        return {"what": self.what, "grade": self.grade, "why": self.why, "undo": self.undo}


@dataclass(frozen=True, slots=True)
class SafetyReport:
    url: str
    site: str
    controls: tuple[Graded, ...]
    forms: tuple[Graded, ...]

    def text(self) -> str:
        lines = [
            f"URL: {self.url}",
            f"rules: the {self.site} profile's, then the generic lexicon's",
            "irreversible: asked first (refused under deny); undoable: runs, reported with "
            "how to undo it; anything not listed changes nothing that matters",
        ]
        for title, graded in (("controls", self.controls), ("forms", self.forms)):
            lines.append(f"{title}:" if graded else f"{title}: none with a consequence")
            lines.extend(g.line() for g in graded)
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "site": self.site,
            "controls": [g.to_json() for g in self.controls],
            "forms": [g.to_json() for g in self.forms],
        }


def explain_safety(
    observation: Observation, forms: tuple[FormFacts, ...], profile: Profile
) -> SafetyReport:
    """Grade the page's controls and forms by `profile`'s rules and the generic lexicon."""
    rules = RiskRules.for_profile(profile)
    where = f"{location(observation.url)}\n{observation.title}"
    controls = []
    for element in observation.elements:
        if element.role in _FIELDS:
            continue  # a field changes what its form sends: the form is judged
        found = rules.control(element.role, element.name, where)
        if found is not None:
            prefix = f"{element.role} '{element.name}': "
            controls.append(_graded(_element(element), found, prefix))
    graded_forms = []
    for form in forms:
        method = form.method.upper()
        if method not in MUTATING or not form.action:
            continue
        found = rules.consequence(method, form.action)
        if found is not None:
            path = location(form.action)
            button = f" (button '{form.submits[0]}')" if form.submits else ""
            what = f"form {method} {path}{button}"
            graded_forms.append(_graded(what, found, f"{method} {path}: "))
    return SafetyReport(observation.url, profile.name, tuple(controls), tuple(graded_forms))


def _element(element: Element) -> str:
    return f"[{element.id}] {element.role} '{element.name}'"


def _graded(what: str, found: Consequence, prefix: str) -> Graded:
    """`what` with the rule's reason (the rule's own prefix, naming the same thing, cut)."""
    return Graded(what, found.grade, found.why.removeprefix(prefix), found.undo)
