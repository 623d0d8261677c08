"""What the agent sees of a page at one moment: frozen, serialisable, browser-free."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from webagent.observation.tree import AriaNode, Box


@dataclass(frozen=True, slots=True)
class Element:
    """An element the model can address by `id` (Playwright's aria ref, e.g. `e12`).

    `context` is the nearest heading before it, which helps re-find the element after the
    page changes (the id may not survive a navigation; role + name + context usually do).
    """

    id: str
    role: str
    name: str
    value: str | None = None
    states: tuple[str, ...] = ()
    url: str | None = None
    box: Box | None = None
    in_viewport: bool = True
    context: str = ""


@dataclass(frozen=True, slots=True)
class TabInfo:
    """One open tab, as listed in an observation."""

    index: int
    title: str
    url: str
    active: bool


@dataclass(frozen=True, slots=True)
class PageEvent:
    """Something that happened since the last observation: a JS dialog, a download, a popup."""

    kind: str  # "dialog" | "download" | "popup"
    message: str


@dataclass(frozen=True, slots=True)
class Observation:
    """The page as the model reads it (`text`) plus the structured facts behind that text.

    `elements` are the addressable elements shown in `text`; `tree` is the whole parsed
    accessibility tree (for state classification and element re-finding later).
    """

    url: str
    title: str
    text: str
    elements: tuple[Element, ...]
    tabs: tuple[TabInfo, ...] = ()
    events: tuple[PageEvent, ...] = ()
    error: str | None = None
    tokens: int = 0
    truncated: bool = False
    full_page: bool = False
    viewport: tuple[int, int] = (1280, 720)
    above: int = 0
    below: int = 0
    tree: tuple[AriaNode, ...] = field(default=(), repr=False)
    status: int | None = None
    """The HTTP status of the page's document, when known (None for a page not loaded over
    HTTP, or one a replay or test built without it)."""
    classified: Mapping[str, Any] | None = None
    """A replayed page's state as its recording classified it (`Classification.to_json`),
    which the page reader takes as it is: what a live page shows late (a notification that
    pops up after it loads) may differ on every run, and the model is given the recorded
    page. None: classify the page."""

    def element(self, element_id: str) -> Element | None:
        """The element with this id, if the observation shows it."""
        return next((element for element in self.elements if element.id == element_id), None)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (without the raw tree), for `webagent observe --json` and logs."""
        data = asdict(self)
        data.pop("tree")
        for element in data["elements"]:
            box = element["box"]
            element["box"] = box._asdict() if box is not None else None
        return data
