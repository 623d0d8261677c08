"""One node's own line as the model reads it (`[e14] combobox value='Blue' options: ...`),
its states, and the element record behind its id; and `RenderOptions`, how much of a tree
`render` shows. Pure, like the rendering that uses it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from webagent.observation.facts import PageFacts
from webagent.observation.names import (
    clip,
    field_value,
    hides_children,
    input_value,
    is_numbered,
    name_repeats_content,
    quote,
    short_url,
    without_glyphs,
)
from webagent.observation.observation import Element
from webagent.observation.roles import CHECKABLE_ROLES, LANDMARK_ROLES, TEXT_INPUT_ROLES
from webagent.observation.tree import AriaNode

_LIST_AGAIN = 4
"""Options a list holds at least for a second field with the same list to point at it."""
_GENERIC_LINK_NAMES = frozenset(
    {"", "here", "click here", "more", "read more", "link", "this", "details", "view", "view all"}
)


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """How much of the tree to show.

    `viewport` is the window's `(width, height)`; with `full_page` False only nodes whose box
    meets it are rendered.
    """

    viewport: tuple[int, int] = (1280, 720)
    full_page: bool = False
    max_text: int = 400
    max_name: int = 150
    max_options: int = 40
    page_url: str = ""
    indent: str = "  "
    facts: PageFacts = field(default_factory=PageFacts)
    """What the page says beyond the snapshot: the focused field's lines, tables' spans."""
    password_value: Callable[[str], str | None] = lambda value: None
    """What a password field's value shows as: nothing (the page's secret is never shown),
    but a tab that holds the run's credentials shows one of them as its placeholder."""


def node_line(
    node: AriaNode,
    name: str,
    options: RenderOptions,
    link_names: Counter[str],
    addressable: bool,
    *,
    summary: bool = False,
    password: bool = False,
    listed: dict[tuple[str, ...], str] | None = None,
) -> str | None:
    """The node's own line, or None when the node is a transparent wrapper. `link_names`
    counts the page's link names: a link whose name is not its own shows where it leads; a
    `password` field says so, and shows no value (`RenderOptions.password_value`). `listed`
    keeps the option lists already shown on the page, by the id of the field that showed
    them: a field with the same long list says `options: as [e12]` instead of repeating it
    (a table's sort and group fields, one per column). An icon font's glyphs are left out of
    names (`without_glyphs`)."""
    name = clip(without_glyphs(name), options.max_name)
    role = node.role
    if not addressable:
        if role == "heading":
            return "#" * min(node.level or 2, 6) + " " + (name or clip(node.text or "", 150))
        if role == "img":
            return f"img {quote(name)}" if name else None
        if role in LANDMARK_ROLES:
            return f"{role} {quote(name)}" if name else role
        if role in ("region", "group", "figure", "radiogroup", "list") and name:
            return f"{role} {quote(name)}"
        return None

    shown_role = "summary" if summary else "clickable" if role == "generic" else role
    parts = [f"[{node.ref}]", shown_role]
    if name and not name_repeats_content(node, name):
        parts.append(quote(name))
    if password:
        filled = input_value(node) and not shown_value(node, options, password)
        parts.append("(password, filled)" if filled else "(password)")
    parts.extend(_states(node))
    parts.extend(_values(node, name, options, link_names, password, listed=listed))
    return " ".join(parts)


def shown_value(node: AriaNode, options: RenderOptions, password: bool) -> str:
    """A field's value as it may be shown: a password field's only as `password_value`
    allows (a typed credential as its placeholder), else not at all."""
    value = input_value(node)
    if password and value:
        return options.password_value(value) or ""
    return value


def _states(node: AriaNode) -> list[str]:
    states: list[str] = []
    if node.role in CHECKABLE_ROLES:
        states.append(
            "mixed" if node.checked == "mixed" else "checked" if node.checked else "unchecked"
        )
    for flag, word in (
        (node.selected, "selected"),
        (node.expanded, "expanded"),
        (node.pressed is True, "pressed"),
        (node.disabled, "disabled"),
        (node.focused, "focused"),
        (node.invalid, "invalid"),
    ):
        if flag:
            states.append(word)
    return states


def _values(
    node: AriaNode,
    name: str,
    options: RenderOptions,
    link_names: Counter[str],
    password: bool,
    *,
    listed: dict[tuple[str, ...], str] | None,
) -> list[str]:
    parts: list[str] = []
    if node.role in TEXT_INPUT_ROLES:
        value = shown_value(node, options, password)
        if node.role == "combobox" and not value:
            value = next((option.name for option in node.children if option.selected), "")
        if is_numbered(node, options.facts.focused_text):
            parts.append("holds, by line:")
        elif value:
            parts.append(f"value={quote(field_value(value, node.focused, options.max_text))}")
            lines = options.facts.lines_of(value) if node.role == "textbox" else 1
            if lines > 1 and not node.focused:  # the snapshot ran them together
                parts.append(f"({lines} lines: click the field to read them numbered)")
        elif node.placeholder and node.placeholder != name and not input_value(node):
            parts.append(f"placeholder={quote(clip(node.placeholder, options.max_name))}")
        option_names = [child.name for child in node.children if child.role == "option"]
        same = listed.get(tuple(option_names)) if listed is not None else None
        if node.role == "combobox" and option_names and hides_children(node) and same:
            parts.append(f"options: as [{same}]")
        elif node.role == "combobox" and option_names and hides_children(node):
            if listed is not None and len(option_names) >= _LIST_AGAIN and node.ref:
                listed[tuple(option_names)] = node.ref
            shown = option_names[: options.max_options]
            text = " | ".join(quote(clip(name, 60)) for name in shown)
            more = len(option_names) - len(shown)
            parts.append(f"options: {text}" + (f" (+{more} more)" if more else ""))
    ambiguous = name.strip().lower() in _GENERIC_LINK_NAMES or link_names[name] > 1
    if node.role == "link" and node.url is not None and ambiguous:
        parts.append("-> " + short_url(node.url, options.page_url))
    return parts


def node_element(
    node: AriaNode, name: str, heading: str, in_viewport: bool, value: str | None = None
) -> Element:
    """The element record of an addressable node; `heading` is the section it sits in, and
    `value` a field's value as shown (`shown_value`)."""
    return Element(
        id=node.ref or "",
        role=node.role,
        name=name,
        value=value or None,
        states=tuple(_states(node)),
        url=node.url,
        box=node.box,
        in_viewport=in_viewport,
        context=heading,
    )
