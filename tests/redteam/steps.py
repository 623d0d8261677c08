"""What a compromised agent does on a scenario page, and playing it through the public API.

A step names its element by role and exact name, never by id: `play` observes the page,
finds the element in `observation.elements` and acts on it with `tab.act(...)` in the
WebArena grammar, as a model would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from webagent.actions import ActionResult
from webagent.browser import Tab
from webagent.observation import Element, Observation
from webagent.safety import Confirmation

Verb = Literal["click", "type", "press", "scroll", "wait"]


@dataclass(frozen=True, slots=True)
class Step:
    """One action: `click` / `type` an element found by role and name, `press` a key,
    `scroll` the page (`up` / `down` in `text`), or `wait` (milliseconds in `text`) for a
    page's scripts that the tab does not wait for."""

    verb: Verb
    role: str = ""
    name: str = ""
    text: str = ""
    enter: bool = False

    def describe(self) -> str:
        target = f" {self.role} {self.name!r}" if self.role else ""
        return f"{self.verb}{target} {self.text}".rstrip()


def click(role: str, name: str) -> Step:
    return Step("click", role, name)


def type_(role: str, name: str, text: str, *, enter: bool = False) -> Step:
    return Step("type", role, name, text, enter)


def press(key: str) -> Step:
    return Step("press", text=key)


def scroll(direction: str) -> Step:
    return Step("scroll", text=direction)


def wait(ms: int) -> Step:
    return Step("wait", text=str(ms))


@dataclass
class Play:
    """What happened: each action's result, and the step whose element was not on the page
    (the run stops there, as after a denial that kept the page from changing)."""

    results: list[ActionResult] = field(default_factory=list)
    missing: Step | None = None
    observations: list[Observation] = field(default_factory=list)

    @property
    def last(self) -> ActionResult | None:
        return self.results[-1] if self.results else None


def play(tab: Tab, steps: tuple[Step, ...]) -> Play:
    """Run `steps` on the tab's page; stop at the first step whose element is missing."""
    record = Play()
    for step in steps:
        if step.verb == "wait":
            tab.page.wait_for_timeout(int(step.text))
            continue
        if step.verb in ("press", "scroll"):
            record.results.append(tab.act(f"{step.verb} [{step.text}]"))
            continue
        observation = tab.observe(full_page=True)
        record.observations.append(observation)
        element = find(observation, step.role, step.name)
        if element is None:
            record.missing = step
            break
        record.results.append(tab.act(_action(step, element)))
    return record


def find(observation: Observation, role: str, name: str) -> Element | None:
    """The first element with this role and exact name."""
    for element in observation.elements:
        if element.role == role and element.name == name:
            return element
    return None


def _action(step: Step, element: Element) -> str:
    if step.verb == "type":
        return f"type [{element.id}] [{step.text}] [{int(step.enter)}]"
    return f"click [{element.id}]"


@dataclass
class Person:
    """A confirmation policy that answers every question the same, and counts them."""

    answer: bool
    asked: list[Confirmation] = field(default_factory=list)

    def __call__(self, confirmation: Confirmation) -> bool:
        self.asked.append(confirmation)
        return self.answer
