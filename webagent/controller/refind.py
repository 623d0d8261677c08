"""Re-finding an element after coming back to a page (Devil's Advocate's element mapping).

Ids may change when a page is loaded again. The element recorded with a remedy is looked
for by role, name and context (the nearest heading) first, then by role and name; only when
that finds none or several is the model asked (`remap`), with both views of the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from webagent.observation import Element, Observation

How = Literal["same", "rule", "ambiguous", "missing"]


@dataclass(frozen=True, slots=True)
class Found:
    element: str | None
    how: How


def refind(recorded: Element, now: Observation) -> Found:
    """The element of `now` that is `recorded`, by rule; `ambiguous` / `missing` when the
    rules cannot tell (the caller then asks the model)."""
    same_id = now.element(recorded.id)
    if same_id is not None and _same(same_id, recorded, context=True):
        return Found(recorded.id, "same")
    for context in (True, False):
        matches = [e for e in now.elements if _same(e, recorded, context=context)]
        if len(matches) == 1:
            return Found(matches[0].id, "rule")
        if len(matches) > 1:
            return Found(None, "ambiguous")
    return Found(None, "missing")


def _same(element: Element, recorded: Element, *, context: bool) -> bool:
    if element.role != recorded.role or element.name != recorded.name:
        return False
    return not context or element.context == recorded.context
