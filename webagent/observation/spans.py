"""Cells that span rows or columns, put back in their columns.

An accessibility snapshot lists a row's cells and no spans: a header cell over two columns,
or a cell that goes on down three rows, makes every later cell of the rows it touches slide
one column left. The page knows the spans; `Grid` is one table's layout as the page lays it
out (each row's cells with their first column and width, and the columns that cells from
rows above cover), read by the browser and matched here to the snapshot's table of the same
shape (as many rows, as many cells in each). Rendering then fills what a span covers:

    Team | 2024 | ← | 2025 | ←
    ↑ | Won | Lost | Won | Lost
    Red | 3 | 1 | 4 | 0
    ↑ | 2 |  | 5 | 1

`←` is the cell to the left going on, `↑` the cell above; every cell is shown once, in its
own row and column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from webagent.observation.edges import CELL_ROLES, table_rows
from webagent.observation.tree import AriaNode

LEFT_GOES_ON = "←"
ABOVE_GOES_ON = "↑"


@dataclass(frozen=True, slots=True)
class RowLayout:
    """One row: each cell's first column and how many it spans, and the columns that cells
    of rows above reach down into."""

    cells: tuple[tuple[int, int], ...]
    covered: frozenset[int]

    @property
    def width(self) -> int:
        ends = [column + span for column, span in self.cells] + [c + 1 for c in self.covered]
        return max(ends, default=0)


Grid = tuple[RowLayout, ...]


def parse_grids(raw: object) -> tuple[Grid, ...]:
    """The page's answer (see `webagent.browser.tables`) as grids; what does not read as one
    is left out."""
    grids: list[Grid] = []
    for table in raw if isinstance(raw, list) else []:
        try:
            grids.append(
                tuple(
                    RowLayout(
                        tuple((int(c), max(1, int(s))) for c, s in row["cells"]),
                        frozenset(int(c) for c in row["covered"]),
                    )
                    for row in table
                )
            )
        except (TypeError, ValueError, KeyError):
            continue
    return tuple(grids)


def layout_of(
    table: AriaNode, grids: Sequence[Grid], used: set[int]
) -> dict[int, tuple[RowLayout, int]]:
    """The layout of each of `table`'s rows (by `id` of the row node) with the table's width,
    from the first grid not yet `used` whose shape is the table's; empty when none is."""
    rows = table_rows(table)
    shape = [sum(1 for child in row.children if child.role in CELL_ROLES) for row in rows]
    for index, grid in enumerate(grids):
        if index in used or [len(row.cells) for row in grid] != shape:
            continue
        used.add(index)
        width = max((row.width for row in grid), default=0)
        return {id(row): (layout, width) for row, layout in zip(rows, grid, strict=True)}
    return {}


def fillers(layout: RowLayout, cell: int | None, width: int) -> tuple[list[str], list[str]]:
    """What goes before and after cell number `cell` of the row (None: after its last cell):
    `↑` where a cell above reaches down, `←` where the cell itself goes on, nothing for a
    column no cell fills; nothing around a row's one cell that spans the whole table."""
    if layout.cells == ((0, width),):  # one cell across the table: a caption, not columns
        return [], []
    if cell is None:  # up to the last column a cell above reaches into
        last = layout.cells[-1] if layout.cells else (0, 0)
        start = last[0] + last[1]
        after = [ABOVE_GOES_ON if c in layout.covered else "" for c in range(start, width)]
        while after and not after[-1]:
            after.pop()
        return after, []
    column, span = layout.cells[cell]
    previous = layout.cells[cell - 1] if cell else (0, 0)
    start = previous[0] + previous[1]
    before = [ABOVE_GOES_ON if c in layout.covered else "" for c in range(start, column)]
    return before, [LEFT_GOES_ON] * (span - 1)
