"""Typed browser actions: WebArena's grammar plus `select` and `note_down`.

Each action is a frozen dataclass; its fields are its arguments, validated by pydantic. What
the model reads about each action and argument is prompt text, so it lives with the other
prompts in `webagent/prompts/actions.md` (see `webagent.actions.schema`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field

ElementId = Annotated[str, Field(pattern=r"^(f\d+)?e\d+$")]

ELEMENT_ID = re.compile(r"^(f\d+)?e\d+$")


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; `name` is the action's word in the grammar."""

    name: ClassVar[str]
    # The grammar's argument order; `format` and the prompt follow it.
    signature: ClassVar[tuple[str, ...]] = ()


@dataclass(frozen=True, slots=True)
class Click(Action):
    """Click an element: a link, a button, a checkbox, a tab, a menu entry."""

    name: ClassVar[str] = "click"
    signature: ClassVar[tuple[str, ...]] = ("element",)
    element: ElementId


@dataclass(frozen=True, slots=True)
class TypeText(Action):
    """Type text into a field, replacing what it held, then press Enter unless told not to.

    Pressing Enter usually submits the field's form.
    """

    name: ClassVar[str] = "type"
    signature: ClassVar[tuple[str, ...]] = ("element", "text", "press_enter_after")
    element: ElementId
    text: str
    press_enter_after: bool = True


@dataclass(frozen=True, slots=True)
class Append(Action):
    """Add text at the end of what a field holds, keeping all of it; in a multi-line field the
    text starts a line of its own."""

    name: ClassVar[str] = "append"
    signature: ClassVar[tuple[str, ...]] = ("element", "text")
    element: ElementId
    text: str


@dataclass(frozen=True, slots=True)
class Insert(Action):
    """Insert text as a new line before line `line` of a multi-line field, keeping the rest
    (a line past the end adds it at the end)."""

    name: ClassVar[str] = "insert"
    signature: ClassVar[tuple[str, ...]] = ("element", "line", "text")
    element: ElementId
    line: Annotated[int, Field(ge=1)]
    text: str


@dataclass(frozen=True, slots=True)
class Replace(Action):
    """Replace one exact piece of a field's text with new text, keeping the rest."""

    name: ClassVar[str] = "replace"
    signature: ClassVar[tuple[str, ...]] = ("element", "old", "new")
    element: ElementId
    old: Annotated[str, Field(min_length=1)]
    new: str


@dataclass(frozen=True, slots=True)
class FormField:
    """One field of `fill_form`: its element and the value to give it."""

    element: ElementId
    value: str


@dataclass(frozen=True, slots=True)
class FillForm(Action):
    """Fill several fields of a form in one action without submitting it: text is typed (what
    the field held is replaced), a drop-down gets the option with that text, a checkbox or
    radio button is ticked by yes or cleared by no."""

    name: ClassVar[str] = "fill_form"
    signature: ClassVar[tuple[str, ...]] = ("fields",)
    fields: Annotated[tuple[FormField, ...], Field(min_length=1)]


EDITS = ("append", "insert", "replace", "fill_form")
"""Actions that enter text as `type` does: permitted wherever `type` is."""


@dataclass(frozen=True, slots=True)
class Hover(Action):
    """Move the mouse over an element, e.g. to open a menu or show a tooltip."""

    name: ClassVar[str] = "hover"
    signature: ClassVar[tuple[str, ...]] = ("element",)
    element: ElementId


@dataclass(frozen=True, slots=True)
class Press(Action):
    """Press a key or key combination on the focused element, e.g. Enter or Control+a."""

    name: ClassVar[str] = "press"
    signature: ClassVar[tuple[str, ...]] = ("keys",)
    keys: str


@dataclass(frozen=True, slots=True)
class Scroll(Action):
    """Scroll the page up or down by most of a screen to see more of it."""

    name: ClassVar[str] = "scroll"
    signature: ClassVar[tuple[str, ...]] = ("direction",)
    direction: Literal["up", "down"]


@dataclass(frozen=True, slots=True)
class SelectOption(Action):
    """Choose an option of a drop-down list or list box by its visible text."""

    name: ClassVar[str] = "select"
    signature: ClassVar[tuple[str, ...]] = ("element", "option")
    element: ElementId
    option: str


@dataclass(frozen=True, slots=True)
class NewTab(Action):
    """Open a new, empty browser tab and switch to it."""

    name: ClassVar[str] = "new_tab"


@dataclass(frozen=True, slots=True)
class TabFocus(Action):
    """Switch to the browser tab with this index (0 is the first tab)."""

    name: ClassVar[str] = "tab_focus"
    signature: ClassVar[tuple[str, ...]] = ("index",)
    index: Annotated[int, Field(ge=0)]


@dataclass(frozen=True, slots=True)
class CloseTab(Action):
    """Close the current tab and switch to the previous one."""

    name: ClassVar[str] = "close_tab"


@dataclass(frozen=True, slots=True)
class Goto(Action):
    """Open a URL in the current tab."""

    name: ClassVar[str] = "goto"
    signature: ClassVar[tuple[str, ...]] = ("url",)
    url: str


@dataclass(frozen=True, slots=True)
class GoBack(Action):
    """Go back to the previous page of the current tab."""

    name: ClassVar[str] = "go_back"


@dataclass(frozen=True, slots=True)
class GoForward(Action):
    """Go forward to the next page of the current tab (after going back)."""

    name: ClassVar[str] = "go_forward"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """Finish the task, giving the answer if the task asks a question (else leave it empty).

    If the task cannot be done, say so in the answer.
    """

    name: ClassVar[str] = "stop"
    signature: ClassVar[tuple[str, ...]] = ("answer",)
    answer: str = ""


@dataclass(frozen=True, slots=True)
class NoteDown(Action):
    """Write down a fact from the page to use later (for example in the final answer)."""

    name: ClassVar[str] = "note_down"
    signature: ClassVar[tuple[str, ...]] = ("text",)
    text: str


ACTION_TYPES: tuple[type[Action], ...] = (
    Click,
    TypeText,
    Append,
    Insert,
    Replace,
    FillForm,
    Hover,
    Press,
    Scroll,
    SelectOption,
    NewTab,
    TabFocus,
    CloseTab,
    Goto,
    GoBack,
    GoForward,
    Stop,
    NoteDown,
)
ACTIONS_BY_NAME: dict[str, type[Action]] = {cls.name: cls for cls in ACTION_TYPES}
