"""The actions a state permits on one page: LASER's per-state action space, made concrete.

    permitted = Permitted.of(profile, state, observation)
    permitted.describe()               # what the prompt tells the model is permitted
    permitted.refusal(Click("e40"))    # None, or why the action is not permitted here

A permission names action types and, for element actions, may limit them to elements whose
role and name match patterns; the page's elements that match become the only targets the
model is told of and the only ones accepted (an answer outside them is refused and asked
again). Every state also permits the site's `always` actions (goto, scroll, go_back,
note_down and stop by default; stop always).

A state narrows only where it knows: on an `advisory` profile (the generic one, for sites
nobody wrote a profile for), or when the state is a guess (`narrow=False`: the fallback, or
the model choosing with no rule to go on), every action on every element stays permitted,
and the state's instructions only advise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from webagent.actions import ACTIONS_BY_NAME, EDITS, Action, FillForm
from webagent.observation import Observation
from webagent.sites.match import element_matches
from webagent.sites.profile import ELEMENT_ACTIONS, Profile, State

LISTED = 8
"""Element ids a permission lists at most; beyond, it says what the state permits it for."""
Targets = tuple[str, ...] | None
"""The element ids an element action may target; None: any element on the page."""


@dataclass(frozen=True, slots=True)
class Permitted:
    """The action types permitted on a page, with their allowed targets."""

    state: str
    targets: Mapping[str, Targets]
    """Action name -> allowed element ids (None: any; only element actions have ids)."""
    purposes: Mapping[str, str]
    """Action name -> what the state permits it for (from the profile), if said."""
    elements: tuple[str, ...] = ()
    """Every element id on the page (to say which are left out when that is shorter)."""

    @classmethod
    def of(
        cls, profile: Profile, state: State, observation: Observation, *, narrow: bool = True
    ) -> Permitted:
        """What `state` permits on the page; everything when the profile is advisory or
        `narrow` is false (the state is a guess)."""
        every = tuple(element.id for element in observation.elements)
        if profile.site.advisory or not narrow:
            return cls(state.name, dict.fromkeys(ACTIONS_BY_NAME), {}, every)
        allowed: dict[str, set[str] | None] = {}
        purposes: dict[str, list[str]] = {}
        for permission in state.actions:
            for name in permission.types:
                if permission.purpose:
                    purposes.setdefault(name, []).append(permission.purpose)
                if name not in ELEMENT_ACTIONS or not permission.elements:
                    allowed[name] = None
                    continue
                current = allowed.get(name, set())
                if current is None:
                    continue
                current.update(
                    element.id
                    for element in observation.elements
                    if any(
                        element_matches(p, element.role, element.name) for p in permission.elements
                    )
                )
                allowed[name] = current
        for name in (*profile.site.always, "stop"):
            allowed.setdefault(name, None)
        if "type" in allowed:  # an edit is typing that keeps what the field holds
            for name in EDITS:
                typed = allowed["type"]
                allowed.setdefault(name, None if typed is None else set(typed))
        targets: dict[str, Targets] = {}
        for name in ACTIONS_BY_NAME:  # the vocabulary's order: stable tools, stable prompts
            if name not in allowed:
                continue
            ids = allowed[name]
            if ids is None:
                targets[name] = None
            elif ids:
                targets[name] = tuple(sorted(ids, key=_document_order(observation)))
        return cls(state.name, targets, {n: "; ".join(p) for n, p in purposes.items()}, every)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.targets)

    @property
    def everything(self) -> bool:
        """Whether every action is permitted on every element."""
        return set(self.targets) == set(ACTIONS_BY_NAME) and all(
            ids is None for ids in self.targets.values()
        )

    def refusal(self, action: Action) -> str | None:
        """Why `action` is not permitted here, or None when it is."""
        if action.name not in self.targets:
            return (
                f"{action.name} is not permitted on this page (state {self.state}); "
                f"permitted: {', '.join(self.names)}"
            )
        ids = self.targets[action.name]
        if isinstance(action, FillForm):  # a field is entered as typed, chosen or ticked
            elements: list[str | None] = [field.element for field in action.fields]
            entered = [self.targets.get(name, ()) for name in ("type", "select", "click")]
            if ids is not None and None not in entered:
                ids = tuple(dict.fromkeys(i for allowed in entered for i in allowed or ()))
        else:
            elements = [getattr(action, "element", None)]
        outside = [e for e in elements if ids is not None and e is not None and e not in ids]
        if ids is not None and outside:
            element = outside[0]
            shown = ", ".join(ids[:20]) + (" ..." if len(ids) > 20 else "")
            return (
                f"{action.name} on {element} is not permitted on this page (state "
                f"{self.state}); it may target only: {shown}"
            )
        return None

    def describe(self) -> list[str]:
        """What the prompt says is permitted: each action type and, when limited, the element
        ids it may target (or, when that is shorter, the ones it may not). What the state
        permits each for is in the state's instructions."""
        lines = []
        for name, ids in self.targets.items():
            line = name
            if ids is not None:
                allowed = set(ids)
                left_out = [element for element in self.elements if element not in allowed]
                shortest = min(len(left_out), len(ids))
                if shortest > LISTED and self.purposes.get(name):
                    purpose = self.purposes[name].replace("; ", ", ")  # "; " parts the list
                    line += f" (only for: {purpose})"  # a long list of ids costs more
                elif len(left_out) < len(ids):
                    line += " on any element but " + _listed(left_out) if left_out else ""
                else:
                    line += " on " + _listed(ids) + " only"
            lines.append(line)
        return lines


def _listed(ids: Iterable[str]) -> str:
    return " ".join(f"[{element}]" for element in ids)


def _document_order(observation: Observation) -> Any:
    order = {element.id: index for index, element in enumerate(observation.elements)}
    return lambda element_id: order.get(element_id, len(order))
