"""An item's facts shown as labels and their values ("Status: CONFIRMED", "Created:" beside
its date), told apart from a form's labelled fields: pure.

    labelled_facts(roots, skip)   # how many properties the content shows, each with its value
    shown_facts(roots, skip)      # the same, when they outnumber the fields to fill in
"""

from __future__ import annotations

import re

from webagent.observation.tree import AriaNode

_LABEL = r"[^\W\d_](?:[^\W\d_]|[ .'\u2019/()&-]){0,29}?"
"""A property's name: a few words of letters (a time, "10:30", or an id, "TC-1: The hands
move backwards", is no label)."""
_PAIR = re.compile(rf"^\W*(?P<label>{_LABEL})\s*:\s*(?P<value>\S.{{0,79}})$", re.DOTALL)
"""A label and its value on one line: "Priority: P1", "Owner: alice"."""
_ALONE = re.compile(rf"^\W*(?P<label>{_LABEL})\s*:\s*$")
"""A label whose value is the next thing on the page: "Created:" beside its date."""
_SCHEMES = frozenset({"http", "https", "ftp", "mailto", "file", "data", "javascript"})
"""Not labels: "https://example.org" is an address."""
_FIELDS = frozenset(
    {
        "textbox",
        "searchbox",
        "combobox",
        "listbox",
        "checkbox",
        "radio",
        "spinbutton",
        "slider",
        "switch",
        "button",
        "option",
    }
)
"""What a form's label stands beside: the value is to be given, not shown."""


def labelled_facts(roots: tuple[AriaNode, ...], skip: frozenset[str]) -> int:
    """How many properties the content shows with their values, each label counted once: a
    node that reads "Label: value", or one that reads "Label:" followed by a sibling that
    shows text and holds no control (a form's "Subject:" beside its box is no fact)."""
    labels: set[str] = set()
    stack: list[tuple[AriaNode, tuple[AriaNode, ...], int]] = [
        (root, roots, i) for i, root in reversed(list(enumerate(roots)))
    ]
    while stack:
        node, siblings, at = stack.pop()
        if node.role in skip or node.role in _FIELDS:  # a control's options are no facts
            continue
        stack.extend(
            (child, node.children, i) for i, child in reversed(list(enumerate(node.children)))
        )
        if node.role == "row":
            named = _row_fact(node)
            if named:
                labels.add(_key(named))
            continue
        own = (node.name or node.text or "").strip()
        if not own or len(own) > 120:
            continue
        pair = _PAIR.match(own)
        if pair is not None and _is_label(pair["label"]):
            if not any(n.role in _FIELDS for n in node.walk()[1:]):
                labels.add(_key(pair["label"]))
            continue
        alone = _ALONE.match(own)
        if (
            alone is not None
            and _is_label(alone["label"])
            and at + 1 < len(siblings)
            and _shows_value(siblings[at + 1])
        ):
            labels.add(_key(alone["label"]))
    return len(labels)


_ROW_LABEL = re.compile(rf"^{_LABEL}$")


def _row_fact(row: AriaNode) -> str:
    """The property a table's row shows: its name in the first cell (a row header, or a
    cell of a few words of letters: "author", "Working Directory") and its value in the
    cells beside it; "" for any other row."""
    cells = row.children
    # A row header may stand before two values ("author" | the name | the date); a plain
    # cell names a property only beside a single value.
    values = cells[1:]
    most = 2 if cells and cells[0].role == "rowheader" else 1
    if not cells or cells[0].role not in ("rowheader", "cell") or not 1 <= len(values) <= most:
        return ""
    if any(cell.role != "cell" for cell in values):
        return ""
    name = (cells[0].name or cells[0].text or "").strip().rstrip(":")
    if not _ROW_LABEL.match(name) or any(n.role != "text" for n in cells[0].walk()[1:]):
        return ""
    return name if all(_shows_value(cell) for cell in values) else ""


def _is_label(label: str) -> bool:
    return _key(label) not in _SCHEMES


def _key(label: str) -> str:
    return " ".join(label.lower().split())


def _shows_value(node: AriaNode) -> bool:
    """Whether a node shows a value: text, and no control to fill in."""
    inside = node.walk()
    if any(n.role in _FIELDS for n in inside):
        return False
    return any((n.name or n.text or "").strip() for n in inside)


_FILLED = frozenset(_FIELDS - {"button", "option"})


def shown_facts(roots: tuple[AriaNode, ...], skip: frozenset[str]) -> int:
    """`labelled_facts` when they outnumber the content's fields (each box, choice and
    tick box), else 0: an item's page shows its properties, and may offer a few controls to
    change them in place; a form labels its fields too, and shows a fact or two beside them
    (an account's sign-up date above its settings)."""
    facts = labelled_facts(roots, skip)
    if not facts:
        return 0
    stack = list(roots)
    fields = 0
    while stack:
        node = stack.pop()
        if node.role in skip:
            continue
        fields += node.role in _FILLED
        stack.extend(node.children)
    return facts if facts > fields else 0
