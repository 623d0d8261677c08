"""Spanning cells put back in their columns: the page's table layouts read, matched to the
snapshot's tables by shape, and the fillers around each cell."""

from __future__ import annotations

from webagent.observation import RenderOptions, parse_snapshot, render_tree
from webagent.observation.facts import PageFacts
from webagent.observation.spans import RowLayout, fillers, layout_of, parse_grids

# Two rows: a header whose first cell goes two rows down and whose second spans 2 columns.
RAW = [
    [
        {"cells": [[0, 1], [1, 2]], "covered": []},
        {"cells": [[1, 1], [2, 1]], "covered": [0]},
    ]
]
TABLE = (
    "- table:\n"
    "  - row:\n"
    '    - columnheader "Team"\n'
    '    - columnheader "2024"\n'
    "  - row:\n"
    '    - cell "3"\n'
    '    - cell "1"\n'
)


def test_the_pages_layouts_are_read_and_what_does_not_read_is_left_out() -> None:
    (grid,) = parse_grids([*RAW, "not a table", [{"cells": [["x", 1]], "covered": []}]])
    assert grid == (
        RowLayout(((0, 1), (1, 2)), frozenset()),
        RowLayout(((1, 1), (2, 1)), frozenset({0})),
    )
    assert parse_grids(None) == ()


def test_a_grid_is_matched_to_the_table_of_its_shape_once() -> None:
    (table,) = parse_snapshot(TABLE)
    grids = parse_grids(RAW)
    used: set[int] = set()
    assert len(layout_of(table, grids, used)) == 2
    assert layout_of(table, grids, used) == {}  # used up: a second table of that shape
    (other,) = parse_snapshot(TABLE.replace('    - cell "1"\n', ""))
    assert layout_of(other, grids, set()) == {}  # another shape: left as the snapshot says


def test_fillers_mark_what_a_span_covers() -> None:
    header, second = parse_grids(RAW)[0]
    assert fillers(header, 1, 3) == ([], ["←"])
    assert fillers(second, 0, 3) == (["↑"], [])
    assert fillers(second, None, 3) == ([], [])
    across = RowLayout(((0, 3),), frozenset())
    assert fillers(across, 0, 3) == ([], [])  # a caption across the table


def test_a_table_renders_with_its_spans_only_when_the_page_gave_them() -> None:
    tree = parse_snapshot(TABLE)
    laid_out = RenderOptions(full_page=True, facts=PageFacts(grids=parse_grids(RAW)))
    shown = [line.text for line in render_tree(tree, laid_out).lines]
    assert shown == ["table", "Team | 2024 | ←", "↑ | 3 | 1"]
    plain = [line.text for line in render_tree(tree, RenderOptions(full_page=True)).lines]
    assert plain == ["table", "Team | 2024", "3 | 1"]
