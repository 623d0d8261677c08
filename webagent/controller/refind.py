"""Re-finding an element after coming back to a page (Devil's Advocate's element mapping).

Ids may change when a page is loaded again. The element recorded with a remedy is looked
for by role and name together with, in turn, its line on the page (a table row, a list
item: the line's text without ids), its context (the nearest heading), and nothing more;
the first of these that finds exactly one element wins. Only when none does is the model
asked (`remap`), with both views of the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from webagent.actions import Action
from webagent.controller.ports import Model
from webagent.controller.queries import remap_query
from webagent.controller.result import Metrics
from webagent.observation import Element, Observation

How = Literal["same", "rule", "ambiguous", "missing"]


@dataclass(frozen=True, slots=True)
class Found:
    element: str | None
    how: How


def refind(recorded: Element, before: Observation, now: Observation) -> Found:
    """The element of `now` that is `recorded` (an element of `before`), by rule;
    `ambiguous` / `missing` when the rules cannot tell (the caller then asks the model)."""
    line = line_of(before, recorded.id)
    candidates = [e for e in now.elements if (e.role, e.name) == (recorded.role, recorded.name)]
    if not candidates:
        return Found(None, "missing")
    same_id = now.element(recorded.id)
    if (
        same_id in candidates
        and same_id is not None
        and same_id.context == recorded.context
        and line_of(now, same_id.id) == line
    ):
        return Found(recorded.id, "same")
    for same in (
        lambda e: line_of(now, e.id) == line,
        lambda e: e.context == recorded.context,
        lambda e: True,
    ):
        matches = [e for e in candidates if same(e)]
        if len(matches) == 1:
            return Found(matches[0].id, "rule")
    return Found(None, "ambiguous")


_ID = re.compile(r"\[(?:f\d+)?e\d+\]\s*")


def line_of(observation: Observation, element_id: str) -> str:
    """The rendered line that shows the element, without any ids (which change)."""
    marker = f"[{element_id}]"
    for line in observation.text.splitlines():
        if marker in line:
            return _ID.sub("", line).strip()
    return ""


def remap(
    action: Action, before: Observation, now: Observation, model: Model, metrics: Metrics
) -> tuple[Action | None, str | None]:
    """`action` (a remedy recorded on the page `before`) with its element re-found on the
    page loaded again (`now`): by rule, else by asking `model`; None when the element is
    gone. Returns how it was found too (None for an action on no element); `metrics` counts
    the rule's and the model's finds."""
    element_id = getattr(action, "element", None)
    if element_id is None:
        return action, None
    recorded = before.element(element_id)
    if recorded is None:
        return None, None
    found = refind(recorded, before, now)
    if found.element is not None:
        if found.how == "rule":
            metrics.remaps_rule += 1
        return replace(action, element=found.element), found.how  # type: ignore[call-arg]
    answer = model.ask(remap_query(now), element=recorded, before=before.text, after=now.text)
    metrics.remaps_model += 1
    if answer.element is None:
        return None, "model"
    return replace(action, element=answer.element), "model"  # type: ignore[call-arg]
