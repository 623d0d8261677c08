"""Inline markup read without spaces it does not have.

A snapshot trims each text node and gives inline elements with a role (code, strong,
emphasis, mark, subscript, superscript, deletion, insertion) nodes of their own, so joining
the pieces with spaces turns `[[howto:<del>vpn</del>]]` into `[[howto: vpn ]]` and `H<sub>2</sub>O`
into `H 2 O`. The page says whether each such element touches its neighbours (no whitespace
between): `glued` pairs that with the snapshot's nodes, in document order, and rendering marks
the joins (`GLUE`) that `unglue` then closes.
"""

from __future__ import annotations

from collections.abc import Sequence

from webagent.observation.tree import AriaNode

GLUE_ROLES = frozenset(
    {"code", "strong", "emphasis", "mark", "subscript", "superscript", "deletion", "insertion"}
)
"""Roles of the elements `webagent.browser.page_facts` reads (`code, strong, em, mark, sub,
sup, del, ins, s`), in the same order."""
GLUE = "\x01"


Inline = tuple[bool, bool, str | None]
"""An inline element: whether it touches the text before it, and after it, and its text as
the page shows it when that keeps spaces a snapshot runs together (`white-space: pre`)."""


def glued(roots: Sequence[AriaNode], touching: Sequence[Inline]) -> dict[int, Inline]:
    """Each inline node's `Inline` (by `id` of the node); nothing unless the page's elements
    and the snapshot's nodes are as many."""
    nodes: list[AriaNode] = []
    stack = list(reversed(roots))
    while stack:
        node = stack.pop()
        if node.role in GLUE_ROLES:
            nodes.append(node)
        stack.extend(reversed(node.children))
    if len(nodes) != len(touching):
        return {}
    return {id(node): flags for node, flags in zip(nodes, touching, strict=True)}


def mark(text: str, inline: Inline) -> str:
    """An inline element's rendered text, its kept spaces put back and its joins marked."""
    before, after, kept = inline
    if kept is not None and " ".join(kept.split()) == text:  # the same words, spaced as shown
        text = kept.strip()
    return (GLUE if before else "") + text + (GLUE if after else "")


def unglue(text: str) -> str:
    """Close the marked joins: no space where the page had none."""
    if GLUE not in text:
        return text
    return text.replace(" " + GLUE, "").replace(GLUE + " ", "").replace(GLUE, "")
