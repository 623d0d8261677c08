"""Words and links of a page's accessibility tree, as the content measures count them: pure.

Shared by `webagent.sites.content` (what the content is made of) and
`webagent.sites.threads` (the posts of a discussion).
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
