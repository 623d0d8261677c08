"""What an executed action did to the page it ran on: its target as the history shows it,
whether it left the page, whether it cannot be undone, and the action that would undo it."""

from __future__ import annotations

from webagent.actions import (
    Action,
    ActionResult,
    Append,
    Click,
    GoBack,
    Goto,
    Insert,
    Replace,
    SelectOption,
    TypeText,
    format_action,
)
from webagent.controller.page import Page
from webagent.sites.irreversible import irreversible_controls


def profile_irreversible(action: Action, page: Page) -> bool:
    """Whether the action's target is a control the site's profile marks irreversible."""
    element_id = getattr(action, "element", None)
    if element_id is None or page.profile is None:
        return False
    controls = irreversible_controls(page.profile, page.state, page.observation)
    return any(control.element.id == element_id for control in controls)


def undo(action: Action, page: Page) -> Action | None:
    """The action that puts back what `action` changed in a field of `page`, if it can."""
    if isinstance(action, Append | Insert | Replace) or (
        isinstance(action, TypeText) and not action.press_enter_after
    ):
        element = page.observation.element(action.element)
        if element is not None:
            return TypeText(action.element, element.value or "", press_enter_after=False)
    if isinstance(action, SelectOption):
        element = page.observation.element(action.element)
        if element is not None and element.value:
            return SelectOption(action.element, element.value)
    return None


_CHOICES = frozenset({"radio", "checkbox", "switch"})


def fills_field(action: Action, page: Page) -> bool:
    """Whether the action enters something in a field of `page` and nothing else: typing
    without Enter, choosing an option, ticking a box or a radio button. Loading the page
    again loses it."""
    if isinstance(action, TypeText):
        return not action.press_enter_after
    if isinstance(action, SelectOption | Append | Insert | Replace):
        return True
    if isinstance(action, Click):
        element = page.observation.element(action.element)
        return element is not None and element.role in _CHOICES
    return False


def same_document(url: str, other: str) -> bool:
    return url.split("#", 1)[0] == other.split("#", 1)[0]


def describe_target(action: Action, page: Page) -> str:
    """` (link 'View Order')`: the element an action targeted, as the history shows it (ids
    mean nothing once the page has changed)."""
    element = page.observation.element(getattr(action, "element", "") or "")
    return f" ({element.role} '{element.name}')" if element is not None else ""


TITLE_CHARS = 48
"""Characters of a page's title a history line shows."""


def history_line(action: Action, page: Page) -> str:
    """`click [e12] (link 'View Order') on 'My Orders'`: an action as the history shows it
    (long titles cut, since every line repeats one)."""
    title = page.title
    if len(title) > TITLE_CHARS:
        title = title[: TITLE_CHARS - 1].rstrip() + "…"
    return f"{format_action(action)}{describe_target(action, page)} on '{title}'"


def leaves(action: Action, result: ActionResult, page: Page) -> bool:
    """Whether the action set the page's item aside: going back or elsewhere, following a
    link away, or a new search from its search box (not a button, which acts on the item,
    like Add to Cart, nor Enter in one of the item's own fields, like its quantity)."""
    if isinstance(action, GoBack | Goto):
        return True
    element = page.observation.element(getattr(action, "element", "") or "")
    if not (result.ok and result.navigated) or element is None:
        return False
    if element.role == "link":
        return True
    searched = isinstance(action, TypeText) and action.press_enter_after
    return searched and (element.role == "searchbox" or "search" in element.name.lower())
