"""What a form field without an accessible name is called, and whether it is a password field.

Pages leave fields unlabelled, and the snapshot then shows a bare `textbox`: the model must
guess which is the user name and which the password, and its history says `textbox ''`. A
field is named from what the page shows, in turn: the header cell of its table row
(`Change Note | textbox`), a label-like text just before it (`User name:`, a short text
ending in a colon), its placeholder, else its `name` attribute made words (`__login_name` ->
'login name').

Whether a field is a password field, and its `name` attribute, the snapshot does not say:
the page does (`PageFacts.fields`, read by `webagent.browser.page_facts`). They are matched
to the snapshot's nodes by box; a snapshot without boxes (a page all in view, a full page)
is matched by order, when the page and the snapshot count the same fields.

Pure: it runs in unit tests on stored snapshots.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from webagent.observation.facts import FieldFacts
from webagent.observation.names import clip, content_text
from webagent.observation.tree import AriaNode

FIELD_ROLES = frozenset({"textbox", "searchbox", "spinbutton", "combobox", "listbox"})
"""The roles of the fields the page lists (`PageFacts.fields`) and names are found for."""

_CELLS = frozenset({"cell", "gridcell"})
_HEADERS = frozenset({"rowheader", "columnheader"})
_STOPS = frozenset({"row", "table", "grid", "treegrid", "form", "dialog", "iframe"})
_LABEL_MAX = 60
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


@dataclass(frozen=True, slots=True)
class FieldNote:
    """What the rendering adds to a field: a `name` when it has none of its own (empty when
    nothing names it), and whether it is a password field (its value is never shown)."""

    name: str = ""
    password: bool = False


def field_notes(
    roots: tuple[AriaNode, ...], fields: tuple[FieldFacts, ...]
) -> dict[int, FieldNote]:
    """The notes of the fields under `roots` that need one, by `id()` of their node."""
    nodes: list[tuple[AriaNode, tuple[AriaNode, ...]]] = []  # each field, with its ancestors
    stack: list[tuple[AriaNode, tuple[AriaNode, ...]]] = [(root, ()) for root in reversed(roots)]
    while stack:
        node, ancestors = stack.pop()
        if node.role in FIELD_ROLES and node.ref is not None:
            nodes.append((node, ancestors))
        if node.role != "iframe":  # the page's facts are its own document's
            inner = (*ancestors, node)
            stack.extend((child, inner) for child in reversed(node.children))
    facts = _match([node for node, _ in nodes], fields)
    notes: dict[int, FieldNote] = {}
    for node, ancestors in nodes:
        fact = facts.get(id(node))
        name = "" if node.name else _found_name(node, ancestors, fact)
        password = fact is not None and fact.password
        if name or password:
            notes[id(node)] = FieldNote(name, password)
    return notes


def _match(nodes: list[AriaNode], fields: tuple[FieldFacts, ...]) -> dict[int, FieldFacts]:
    """The page's fields matched to the snapshot's: by box, else by order when both count
    the same fields (a widget the page lists and the snapshot does not, or the reverse,
    would shift every match after it)."""
    by_box = {field.box: field for field in fields if field.box is not None}
    in_order = len(nodes) == len(fields)
    found: dict[int, FieldFacts] = {}
    for position, node in enumerate(nodes):
        if node.box is not None:
            if node.box in by_box:
                found[id(node)] = by_box[node.box]
        elif in_order:
            found[id(node)] = fields[position]
    return found


def _found_name(node: AriaNode, ancestors: tuple[AriaNode, ...], fact: FieldFacts | None) -> str:
    """The first of: the row's header cell, a label-like text before it, its placeholder,
    its `name` attribute as words."""
    return (
        _row_header(node, ancestors)
        or _text_before(node, ancestors)
        or clip(node.placeholder or "", _LABEL_MAX)
        or (words_of(fact.key) if fact is not None else "")
    )


def _row_header(node: AriaNode, ancestors: tuple[AriaNode, ...]) -> str:
    """The header cell before the field's cell in its table row (`th` | `td` > field)."""
    for depth in range(len(ancestors) - 1, 0, -1):
        cell, row = ancestors[depth], ancestors[depth - 1]
        if cell.role in _CELLS and row.role == "row":
            header = ""
            for sibling in row.children:
                if sibling is cell:
                    return _label(header)
                if sibling.role in _HEADERS:
                    header = sibling.name or content_text(sibling, _LABEL_MAX)
            return ""
        if cell.role in _STOPS | _HEADERS:
            return ""
    return ""


def _text_before(node: AriaNode, ancestors: tuple[AriaNode, ...]) -> str:
    """A short text right before the field that ends with a colon: a label in all but
    markup (`User name: <input>`)."""
    if not ancestors:
        return ""
    siblings = ancestors[-1].children
    position = next((i for i, sibling in enumerate(siblings) if sibling is node), 0)
    before = siblings[position - 1] if position > 0 else None
    if before is None or before.role != "text":
        return ""
    text = " ".join((before.text or "").split())
    if not text.endswith(":") or len(text) > _LABEL_MAX:
        return ""
    return _label(text)


def _label(text: str) -> str:
    """A header or label as a name: one line, without a trailing colon or asterisk."""
    return clip(" ".join(text.split()).rstrip(":*").strip(), _LABEL_MAX)


def words_of(key: str) -> str:
    """A field's `name` attribute as words: `__login_name` -> 'login name', `firstName` ->
    'first name', `user[email]` -> 'user email'."""
    return " ".join(word.lower() for word in _WORDS.findall(key))[:_LABEL_MAX]
