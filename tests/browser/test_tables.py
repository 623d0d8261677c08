"""Tables read as the page lays them out: a cell that spans rows or columns keeps every later
cell in its own column (`←` the cell to the left goes on, `↑` the cell above), an empty
cell keeps its column, a diff's two sides stay side by side with a changed word read without
spaces the page does not have, and a wide table says what is to the right. Each test page is
read with its rows compared line for line."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import DATA
from webagent.browser import Browser, Tab

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser: Browser, serve: Callable[[Path], str]) -> Iterator[Callable[[str], Tab]]:
    base = serve(DATA / "tables")
    tabs: list[Tab] = []

    def open_(name: str) -> Tab:
        tabs.append(browser.open(base + name, confirm="allow"))
        return tabs[-1]

    yield open_
    for tab in tabs:
        tab.close()


def rows(text: str, heading: str) -> list[str]:
    """The lines of the table after `heading`, up to the next heading."""
    lines = text.splitlines()
    start = lines.index(heading) + 1
    out = []
    for line in lines[start:]:
        if line.startswith("#"):
            break
        out.append(line.strip())
    return out


def test_spanning_cells_keep_every_cell_in_its_row_and_column(page: Callable[[str], Tab]) -> None:
    text = page("spans.html").observe(full_page=True).text
    assert rows(text, "# Season report") == [
        "table",
        "Team | 2024 | ← | 2025 | ←",
        "↑ | Won | Lost | Won | Lost",
        "Red | 3 | 1 | 4 | 0",
        "↑ | 2 |  | 5 | 1",
        "Blue | did not play | ← | 1 | 4",
        "Green | 0 | 3 | suspended | ←",
        "Gold | 1 | 1 | ↑ | ↑",
    ]
    # a table with no spans after a hidden one with spans: its empty cells keep their columns
    assert rows(text, "## Owners") == [
        "table",
        "Area | Owner | Backup",
        "Billing |  | carol",
        "Search | bob |",
        "| dave | erin",
    ]
    assert "hidden table" not in text


def test_a_side_by_side_diff_keeps_its_sides_apart(page: Callable[[str], Tab]) -> None:
    text = page("diff.html").observe().text
    assert rows(text, '# Difference between revisions of "Howto"') == [
        "table",
        "Revision as of 10:02 | ← | Latest revision as of 11:40 | ←",
        "Line 4: | ← | Line 4: | ←",
        "| == Setup == |  | == Setup ==",
        "| Run make  all first. |  | Run make  all first.",  # code keeps its spaces
        "\u2212 | * Install the client | + | * Install the new client",
        "|  | + | * Ask for an account",
        # a word changed inside link syntax: no space where the page has none
        "\u2212 | * See [[howto:vpn]] and ssh -A. | + | * See [[howto:VPN]] and ssh -A.",
        "\u2212 | * Old step |  | ←",
    ]


def test_a_wide_table_says_what_is_to_the_right_and_reads_whole(
    page: Callable[[str], Tab],
) -> None:
    tab = page("wide.html")
    view = tab.observe().text
    assert "table (out of view: 7 columns to the right)" in view
    assert "Measurements …(continues to the right)" in view  # a caption across: no arrows
    whole = rows(tab.observe(full_page=True).text, "# Wide")
    assert whole[1] == "Measurements"
    assert whole[2] == " | ".join(f"C{n}" for n in range(1, 19))
    for number, line in enumerate(whole[3:], start=1):
        assert line == " | ".join(f"r{number}c{c}" for c in range(1, 19))
