"""What a node of the accessibility tree is called, and what text it shows.

The renderer (`render`) asks these questions of every node: whether a person could act on
it on its own (addressable: it gets an id), the name to show for it (the accessible name, or
its content when Playwright left the name out), the visible text inside it, whether its text
only repeats a neighbour's name or its own, and how many targets share a link's name. Long
text is cut at a word (`clip`).

Pure: it runs in unit tests on stored snapshots.
"""

from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urlsplit

from webagent.observation.roles import INTERACTIVE_ROLES, TEXT_INPUT_ROLES
from webagent.observation.tree import AriaNode


def is_addressable(node: AriaNode, parent: AriaNode | None) -> bool:
    """Whether a person could act on `node` on its own: the rule for showing an id.

    Interactive roles always, and the `<summary>` that opens a `<details>`; otherwise an
    element the page styles with a pointer cursor, unless it only inherits that cursor from
    its parent.
    """
    if node.ref is None:
        return False
    if node.role in INTERACTIVE_ROLES or is_summary(node, parent):
        return True
    return node.pointer and not (parent is not None and parent.pointer)


def is_summary(node: AriaNode, parent: AriaNode | None) -> bool:
    """Whether `node` is the `<summary>` of a `<details>`, which a click opens or closes.

    Playwright has no role for it: it shows a `generic` that, alone among generics, has a
    name (from its content), first in the `group` of its `<details>`. The browser's own
    style gives it no pointer cursor, so nothing else would mark it as clickable.
    """
    if node.role != "generic" or not node.name or parent is None or parent.role != "group":
        return False
    first = next((child for child in parent.children if child.role != "text"), None)
    return first is node


def is_open_summary(node: AriaNode, parent: AriaNode | None) -> bool:
    """A `<summary>` whose `<details>` is open: the content after it is in the tree."""
    return (
        parent is not None
        and is_summary(node, parent)
        and any(child is not node for child in parent.children)
    )


def display_name(node: AriaNode, parent: AriaNode | None) -> str:
    """The name to show: the accessible name, or, for an addressable element whose name
    Playwright left out because its content says it (`link` > `text: Home`), that content."""
    return shown_name(node, is_addressable(node, parent))


def shown_name(node: AriaNode, addressable: bool) -> str:
    """`display_name`, once whether the node is addressable is known."""
    if node.name or not addressable or has_addressable_inside(node):
        return node.name
    return content_text(node, limit=200)


def name_repeats_content(node: AriaNode, name: str) -> bool:
    """An unlabelled field named after its own value, or a select after all its options."""
    if node.role not in TEXT_INPUT_ROLES:
        return False
    if name == input_value(node).strip():
        return True
    options = [child.name for child in node.children if child.role == "option"]
    return bool(options) and name == " ".join(options)


def input_value(node: AriaNode) -> str:
    """A field's value: its text, else the text runs inside it."""
    if node.text is not None:
        return node.text
    return " ".join(child.text or "" for child in node.children if child.role == "text").strip()


def repeats_neighbour(
    node: AriaNode, parent: AriaNode | None, siblings: tuple[AriaNode, ...], index: int
) -> bool:
    """Text that only repeats its parent's name or a neighbouring control's label."""
    text = (node.text or "").strip()
    if parent is not None and text == parent.name:
        return True
    for neighbour in (siblings[index - 1] if index > 0 else None, _at(siblings, index + 1)):
        if neighbour is not None and neighbour.role != "text" and neighbour.name == text:
            return True
    return False


def is_label_of_neighbour(
    node: AriaNode,
    addressable: bool,
    parent: AriaNode | None,
    siblings: tuple[AriaNode, ...],
    index: int,
) -> bool:
    """A `<label>` rendered as a plain text element next to the control it names."""
    return (
        not addressable
        and node.role in ("generic", "label")
        and not node.children
        and node.text is not None
        and repeats_neighbour(node, parent, siblings, index)
    )


def _at(nodes: tuple[AriaNode, ...], index: int) -> AriaNode | None:
    return nodes[index] if 0 <= index < len(nodes) else None


def count_link_names(roots: tuple[AriaNode, ...]) -> Counter[str]:
    """How many different targets share each link name (a name shared needs its URL shown)."""
    targets: dict[str, set[str | None]] = {}
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node.role == "link":
            # A link is addressable whatever its parent, so its parent is not needed here.
            name = without_glyphs(shown_name(node, addressable=node.ref is not None))
            targets.setdefault(name, set()).add(node.url)
        stack.extend(node.children)
    return Counter({name: len(urls) for name, urls in targets.items()})


def content_repeats_name(node: AriaNode) -> bool:
    """Whether the visible text inside `node` only says (part of) its name again."""
    if not node.name or not (node.children or node.text):
        return False
    content = " ".join(content_text(node, limit=len(node.name) + 20).split())
    return bool(content) and content in " ".join(node.name.split())


def has_addressable_inside(node: AriaNode) -> bool:
    """Whether any descendant of `node` is addressable on its own (it needs its own id)."""
    stack = [(child, node) for child in node.children]
    while stack:
        current, parent = stack.pop()
        if is_addressable(current, parent):
            return True
        stack.extend((child, current) for child in current.children)
    return False


def content_text(node: AriaNode, limit: int) -> str:
    """The visible text inside `node` (text runs, inline text, image names), cut at `limit`."""
    parts: list[str] = []
    size = 0
    stack = [node]
    while stack and size <= limit:
        current = stack.pop()
        piece = current.text if current.role in ("text",) or current is node else None
        if current is not node and current.role != "text":
            piece = current.text or (current.name if current.role == "img" else None)
            if piece is None and not current.children:
                piece = current.name
        if piece:
            parts.append(piece.strip())
            size += len(piece) + 1
        stack.extend(reversed(current.children))
    return clip(" ".join(part for part in parts if part), limit)


_GLYPHS = re.compile("[\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd]+")
"""Private-use characters: an icon font's glyphs (a magnifier, a bell, a caret), which read as
nothing, or as noise, to anyone but the font."""


def without_glyphs(name: str) -> str:
    """A name as a reader sees it: without an icon font's glyphs (`_GLYPHS`); a link that
    holds only a glyph is unnamed, and shows where it leads instead."""
    if not _GLYPHS.search(name):
        return name
    return " ".join(_GLYPHS.sub(" ", name).split())


def clip(text: str, limit: int) -> str:
    """`text` stripped, cut at a word to about `limit` characters with an ellipsis."""
    text = text.strip()
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > limit // 2 else limit].rstrip() + "…"


FOCUSED_MAX = 6000
"""A focused field's value is shown up to this many characters (a text area being edited)."""
_CUT_HINT = "…(cut: click the field to read all of it)"
_FOCUSED_CUT = "…(cut at 6000 characters)"


def numbered_lines(text: str) -> list[str]:
    """A focused multi-line field's text as lines numbered from 1 (what `insert` counts),
    up to `FOCUSED_MAX` characters, then a line saying where it was cut."""
    lines = text.split("\n")
    width = len(str(len(lines)))
    shown, total = [], 0
    for number, line in enumerate(lines, start=1):
        total += len(line) + 1
        if total > FOCUSED_MAX:
            shown.append(f"…(cut at line {number} of {len(lines)}, after 6000 characters)")
            break
        shown.append(f"{number:>{width}}| {line}")
    return shown


def field_value(value: str, focused: bool, limit: int) -> str:
    """A field's value as the model reads it: whole up to `FOCUSED_MAX` when the field is
    focused (what it holds is what an edit must keep), else cut to `limit`, saying how to
    read the rest."""
    if focused:
        return value if len(value) <= FOCUSED_MAX else value[:FOCUSED_MAX] + _FOCUSED_CUT
    if len(value.strip()) <= limit:
        return value.strip()
    return clip(value, limit).removesuffix("…") + _CUT_HINT


def short_url(url: str, page_url: str) -> str:
    """A link target without the page's own scheme and host, cut to a readable length."""
    if page_url:
        page, target = urlsplit(page_url), urlsplit(url)
        if target.netloc and (target.scheme, target.netloc) == (page.scheme, page.netloc):
            url = url[len(f"{target.scheme}://{target.netloc}") :] or "/"
    return clip(url, 100)


def quote(text: str) -> str:
    """`text` in quotes for a rendered line: single ones unless it holds only single ones."""
    if "'" in text and '"' not in text:
        return f'"{text}"'
    return "'" + text.replace("'", "\\'") + "'"


def hides_children(node: AriaNode) -> bool:
    """A field's text is its value, and a native select's options are on the select's line."""
    if node.role in TEXT_INPUT_ROLES and node.role != "combobox":
        return all(child.role == "text" for child in node.children)
    return node.role == "combobox" and all(child.ref is None for child in node.children)


def is_numbered(node: AriaNode, focused_text: str | None) -> bool:
    """Whether a focused field shows its lines numbered (it holds more than one)."""
    return node.focused and node.role == "textbox" and "\n" in (focused_text or "")
