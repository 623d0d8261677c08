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


def glued(
    roots: Sequence[AriaNode], touching: Sequence[tuple[bool, bool]]
) -> dict[int, tuple[bool, bool]]:
    """Whether each inline node touches what comes before and after it (by `id` of the node);
    nothing unless the page's elements and the snapshot's nodes are as many."""
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


def unglue(text: str) -> str:
    """Close the marked joins: no space where the page had none."""
    if GLUE not in text:
        return text
    return text.replace(" " + GLUE, "").replace(GLUE + " ", "").replace(GLUE, "")
