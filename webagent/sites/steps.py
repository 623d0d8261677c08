"""Steps that name elements the way a person would: the language of sign-in recipes and of
scripted solutions.

A step names its element by role and name (and, when a page has several, by text on the same
line), never by an id: ids change from page to page. `to_action` resolves a step against the
live observation into a grammar action.

    {"goto": "__SHOPPING__/sales/order/history/"}
    {"click": {"role": "link", "name": "View Order", "line_contains": "000000178"}}
    {"type": {"role": "textbox", "name": "Email"}, "text": "<secret>shopping_username</secret>"}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from webagent.actions import (
    Action,
    Click,
    GoBack,
    Goto,
    Hover,
    Press,
    Scroll,
    SelectOption,
    TypeText,
)
from webagent.observation import Element, Observation
from webagent.webarena.tasks import render_url

_ACTIONS = ("goto", "click", "hover", "type", "select", "press", "scroll", "go_back", "expect")


class Target(BaseModel):
    """An element by role and name; `line_contains` picks among same-named ones."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    role: str
    name: str | None = None
    name_contains: str | None = None
    line_contains: str | None = None
    nth: int = Field(default=0, ge=0)

    def describe(self) -> str:
        parts = [self.role]
        if self.name is not None:
            parts.append(repr(self.name))
        if self.name_contains is not None:
            parts.append(f"containing {self.name_contains!r}")
        if self.line_contains is not None:
            parts.append(f"on the line with {self.line_contains!r}")
        return " ".join(parts)


class Step(BaseModel):
    """One step: exactly one of goto, click, hover, type, select, press, scroll, go_back,
    expect. `commits` marks the step that changes the site's state (Add to Cart, Place
    Order, Save): a run can skip it to check that the task then fails."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    goto: str | None = None
    click: Target | None = None
    hover: Target | None = None
    type: Target | None = None
    text: str | None = None
    enter: bool = False
    select: Target | None = None
    option: str | None = None
    press: str | None = None
    scroll: Literal["up", "down"] | None = None
    go_back: bool = False
    expect: str | None = None
    commits: bool = False

    @model_validator(mode="after")
    def _one_action(self) -> Step:
        chosen = [name for name in _ACTIONS if getattr(self, name) not in (None, False)]
        if len(chosen) != 1:
            raise ValueError(f"a step needs exactly one of {', '.join(_ACTIONS)}; got {chosen}")
        if self.type is not None and self.text is None:
            raise ValueError("a type step needs text")
        if self.select is not None and self.option is None:
            raise ValueError("a select step needs an option")
        return self

    @property
    def kind(self) -> str:
        return next(name for name in _ACTIONS if getattr(self, name) not in (None, False))


class StepError(Exception):
    """A step could not be resolved or did not hold on the page."""


def reads_page(step: Step) -> bool:
    """Whether `step` needs the page to become an action: an element it names, or a text it
    expects (a URL to open, a key, a scroll or going back does not)."""
    targets = (step.click, step.hover, step.type, step.select, step.expect)
    return any(target is not None for target in targets)


def to_action(
    step: Step, observation: Observation | None, site_urls: Mapping[str, str]
) -> Action | None:
    """The grammar action for `step` on this page (None for `expect`, which only checks);
    `observation` may be None for a step that does not read the page (`reads_page`)."""
    if step.goto is not None:
        return Goto(render_url(step.goto, site_urls))
    if step.press is not None:
        return Press(step.press)
    if step.scroll is not None:
        return Scroll(step.scroll)
    if step.go_back:
        return GoBack()
    if observation is None:
        raise ValueError(f"this step reads the page, which was not given: {step}")
    if step.expect is not None:
        if step.expect not in observation.text:
            raise StepError(f"expected the page to show {step.expect!r}")
        return None
    if step.click is not None:
        return Click(find(step.click, observation).id)
    if step.hover is not None:
        return Hover(find(step.hover, observation).id)
    if step.type is not None:
        assert step.text is not None
        return TypeText(find(step.type, observation).id, step.text, step.enter)
    assert step.select is not None
    assert step.option is not None
    return SelectOption(find(step.select, observation).id, step.option)


def find(target: Target, observation: Observation) -> Element:
    """The element `target` names on this page; `StepError` lists what there is instead."""
    matches = [
        element
        for element in observation.elements
        if element.role == target.role
        and (target.name is None or element.name == target.name)
        and (target.name_contains is None or target.name_contains in element.name)
        and (
            target.line_contains is None
            or target.line_contains in _line_of(element.id, observation.text)
        )
    ]
    if len(matches) > target.nth:
        return matches[target.nth]
    same_role = [repr(e.name) for e in observation.elements if e.role == target.role][:15]
    found = f"found {len(matches)}" if matches else "found none"
    raise StepError(
        f"no {target.describe()} (#{target.nth}) on {observation.url}; {found}; "
        f"{target.role}s there: {', '.join(same_role) or 'none'}"
    )


def _line_of(element_id: str, text: str) -> str:
    match = re.search(rf"^.*\[{re.escape(element_id)}\].*$", text, re.MULTILINE)
    return match.group(0) if match else ""
