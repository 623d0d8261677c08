"""Words and links of a page's accessibility tree, as the content measures count them: pure.

Shared by `webagent.sites.content` (what the content is made of), `webagent.sites.layout`
(where it sits), `webagent.sites.threads` (the posts of a discussion) and
`webagent.sites.match` (the words the rules match: `label`, `named`).
"""

from __future__ import annotations

from collections.abc import Iterator

from webagent.observation.tree import AriaNode

ITEMS = frozenset({"listitem", "row", "article", "group", "generic"})
"""Roles of the repeated entries of a list, table or grid (cards are often plain divs)."""


def own_words(node: AriaNode) -> int:
    """The words a node shows itself (not its children's), as the content counts them."""
    if node.role == "link":
        return len((node.name or node.text or "").split())
    if node.text:
        return len(node.text.split())
    if node.name and not node.children and node.role not in ("img", "main"):
        return len(node.name.split())
    return 0


def subtree_words(node: AriaNode) -> int:
    """Words in a subtree; a link's words are its name (what is inside it is not counted
    again)."""
    total = own_words(node)
    if node.role != "link":
        total += sum(subtree_words(child) for child in node.children)
    return total


def unlinked_words(node: AriaNode) -> int:
    """Words in a subtree outside its links: a table row's own text (a paragraph laid out
    in a table has many), not the links it lists (a worker's recent builds, a record's
    tags)."""
    if node.role == "link":
        return 0
    return own_words(node) + sum(unlinked_words(child) for child in node.children)


def leads_away(node: AriaNode) -> bool:
    """A link to another page: not a permalink to a place on this one (a section's "¶"),
    nor an aside in brackets ("[source]", "[edit]")."""
    if node.role != "link" or (node.url or "").startswith("#"):
        return False
    name = (node.name or node.text or "").strip()
    return not (name.startswith("[") and name.endswith("]"))


def walk(roots: tuple[AriaNode, ...], skip: frozenset[str]) -> Iterator[AriaNode]:
    """Every node under the roots, leaving out subtrees with a role in `skip`."""
    stack = list(reversed(roots))
    while stack:
        node = stack.pop()
        if node.role not in skip:
            yield node
            stack.extend(reversed(node.children))


def outermost(roots: tuple[AriaNode, ...], role: str) -> tuple[AriaNode, ...]:
    """The nodes with this role that are not inside another one, in document order."""
    found: list[AriaNode] = []
    stack = list(reversed(roots))
    while stack:
        node = stack.pop()
        if node.role == role:
            found.append(node)
        else:
            stack.extend(reversed(node.children))
    return tuple(found)


AROUND = frozenset({"navigation", "banner", "contentinfo", "complementary", "search"})
"""Landmarks around a page's content: left out when it has no `main`."""


EDITABLE = frozenset({"textbox", "combobox", "spinbutton", "listbox"})
"""Fields in a row make it part of a form, not a record shown."""


_CARD_BLOCKS = frozenset({"paragraph", "heading", "list", "table", "figure"})


def wraps_card(link: AriaNode) -> bool:
    """A link that wraps blocks (a title and a date in paragraphs): a card, whose words
    are the link's; an inline link's words are its name."""
    return any(child.role in _CARD_BLOCKS for child in link.children)


def card_words(link: AriaNode) -> int:
    """The words a link shows: its name, or what it holds when it wraps a card."""
    inside = sum(subtree_words(child) for child in link.children)
    return max(own_words(link), inside)


_UNLABELLED = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})
_LABEL_WORDS = 4


def named(node: AriaNode, parent: AriaNode | None) -> str:
    """A node's label (see `label`); a field with no name of its own is called by the words
    just before it in its container ("Password" over a box the page did not tie its label
    to), not by what it holds."""
    if node.role not in _UNLABELLED or node.name or parent is None:
        return label(node)
    before = None
    for child in parent.children:
        if child is node:
            break
        before = child
    if before is not None and not before.children and before.role in ("generic", "text"):
        words = (before.name or before.text or "").strip()
        if words and len(words.split()) <= _LABEL_WORDS:
            return words.rstrip(":").strip()
    return label(node)


_INLINE = frozenset({"text", "link"})
"""What a control's or heading's words are made of when it has no name: its text runs and
its links (a heading that is a link to the page it titles)."""
_NAMED_BY_CONTENT = frozenset({"button", "link", "menuitem", "tab", "heading", "cell"})


def label(node: AriaNode) -> str:
    """A node's name, or its own text; a control or heading without either is called by the
    text inside it (a button whose words sit in a <span>)."""
    if node.name or node.text or node.role not in _NAMED_BY_CONTENT:
        return node.name or node.text or ""
    words = [n.text or n.name for n in node.walk()[1:] if n.role in _INLINE or n.text]
    return " ".join(w for w in words if w)[:100]
