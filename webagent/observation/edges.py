"""Where the viewport cuts what it shows: the edges a node's box runs past, and how much of
a table lies out of view. Pure: boxes come from the snapshot (`[box=x,y,w,h]`).

    cut_edges(Box(0, 700, 1280, 40), (1280, 720))        # BELOW
    cut_marker(BELOW)                                     # " …(continues below)"
    table_out_of_view(table, (1280, 720))                 # " (out of view: 14 rows below)"
"""

from __future__ import annotations

from webagent.observation.tree import AriaNode, Box

ABOVE, BELOW, LEFT, RIGHT = 1, 2, 4, 8
"""Edges of the viewport a node's box runs past (a bit set)."""
CUT_PX = 4
"""A box past the viewport's edge by at most this much is not cut (a border, a rounding)."""
TABLE_ROLES = frozenset({"table", "grid", "treegrid"})
CELL_ROLES = frozenset({"cell", "gridcell", "columnheader", "rowheader"})
_PLACES = ((ABOVE, "above"), (BELOW, "below"), (LEFT, "to the left"), (RIGHT, "to the right"))


def cut_edges(box: Box | None, viewport: tuple[int, int]) -> int:
    """The edges of the viewport that `box` crosses (it is partly inside, partly outside)."""
    if box is None or box.empty or not box.intersects(*viewport):
        return 0
    width, height = viewport
    cut = 0
    if box.y < -CUT_PX:
        cut |= ABOVE
    if box.bottom > height + CUT_PX:
        cut |= BELOW
    if box.x < -CUT_PX:
        cut |= LEFT
    if box.right > width + CUT_PX:
        cut |= RIGHT
    return cut


def cut_marker(cut: int) -> str:
    """What ends a line the viewport cuts: ` …(continues below)`, `… above and to the right`."""
    where = " and ".join(word for flag, word in _PLACES if cut & flag)
    return f" …(continues {where})" if where else ""


def flow_cuts(parent: AriaNode, viewport: tuple[int, int]) -> tuple[int, int]:
    """Where the viewport's bottom and top edges fall among `parent`'s children: the index
    of its first child wholly below the viewport and of its last child wholly above it
    (`len(children)` and -1 when there is none), when `parent` runs past that edge.

    A text run has no box of its own, but children flow in document order: a run after a
    child that lies below the viewport is below it too (`(see [link] for details)` with the
    link below: so is `for details)`), and a run before a child above it is above. Only a
    child inside the parent's own box counts; one placed outside it (a skip link moved far
    off) says nothing of the flow.
    """
    count = len(parent.children)
    box = parent.box
    if box is None or box.empty:
        return count, -1
    height = viewport[1]
    below, above = count, -1
    for index, child in enumerate(parent.children):
        own = child.box
        if own is None or own.empty or child.role == "text":
            continue
        if own.y < box.y - CUT_PX or own.bottom > box.bottom + CUT_PX:
            continue  # placed outside its parent: not in its flow
        if own.y >= height and box.bottom > height and index < below:
            below = index
        elif own.bottom <= 0 and box.y < 0:
            above = index
    return below, above


def table_rows(table: AriaNode) -> list[AriaNode]:
    """The table's rows in order, through its row groups; not a nested table's (a table
    inside a cell speaks for itself)."""
    rows: list[AriaNode] = []
    stack = list(reversed(table.children))
    while stack:
        node = stack.pop()
        if node.role in TABLE_ROLES:
            continue
        if node.role == "row":
            rows.append(node)
        else:
            stack.extend(reversed(node.children))
    return rows


def table_out_of_view(table: AriaNode, viewport: tuple[int, int]) -> str:
    """How much of a table the viewport leaves out: rows above and below it, and the most
    cells of one row left or right of it (` (out of view: 3 rows above, ...)`)."""
    width, height = viewport
    above = below = left = right = 0
    for node in table_rows(table):
        box = node.box
        if box is None or box.empty:
            continue
        if box.bottom <= 0:
            above += 1
        elif box.y >= height:
            below += 1
        else:
            cells = [c.box for c in node.children if c.role in CELL_ROLES and c.box is not None]
            left = max(left, sum(1 for cell in cells if not cell.empty and cell.right <= 0))
            right = max(right, sum(1 for cell in cells if not cell.empty and cell.x >= width))
    parts = [
        f"{count} {noun}{'' if count == 1 else 's'} {where}"
        for count, noun, where in (
            (above, "row", "above"),
            (below, "row", "below"),
            (left, "column", "to the left"),
            (right, "column", "to the right"),
        )
        if count
    ]
    return f" (out of view: {', '.join(parts)})" if parts else ""


def header_out_of_view(table: AriaNode, viewport: tuple[int, int]) -> str:
    """The table's column headers, when their row is above the viewport and rows of the
    table are in it ("ID | Title | Status | Owner"): what each shown cell is the value of.
    Else ''."""
    rows = table_rows(table)
    header = next((r for r in rows if any(c.role == "columnheader" for c in r.children)), None)
    if header is None or header.box is None or header.box.empty or header.box.bottom > 0:
        return ""
    if not any(r.box is not None and r.box.intersects(*viewport) for r in rows):
        return ""
    names = [
        (cell.name or cell.text or "").strip()
        for cell in header.children
        if cell.role in CELL_ROLES
    ]
    return " | ".join(names).rstrip(" |") if any(names) else ""
