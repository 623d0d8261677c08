"""Two gaps seen on real apps, on stored captures of local pages (no browser).

1. Every element a person can activate that is in the viewport carries an id: no parsing,
   merging, folding, cutting or de-duplicating rule of the renderer may take it away.
2. A row or line that the viewport's edge cuts says that it goes on, and a table the
   viewport cuts says how many of its rows and columns are outside.

The captures are `page.aria_snapshot(mode="ai", boxes=True)` of `tests/data/pages/*.html` in a
1280x720 window: `activatable.yaml` and `nested_controls.yaml` at the top of their pages,
`long_tables_top.yaml`, `long_tables_middle.yaml` and `long_tables_notes.yaml` of
`long_tables.html` scrolled to 0, 400 and 960 pixels.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import DATA
from webagent.observation import RenderOptions, compose_observation, parse_snapshot, render_tree
from webagent.observation.tree import AriaNode, Box

SNAPSHOTS = sorted(path.stem for path in (DATA / "snapshots").glob("*.yaml"))
# The roles a person activates (Playwright's names), as the invariant states them.
ACTIVATABLE = frozenset(
    {
        "link",
        "button",
        "textbox",
        "checkbox",
        "radio",
        "combobox",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "tab",
        "option",
        "switch",
        "searchbox",
        "spinbutton",
        "slider",
        "treeitem",
    }
)
_ID = re.compile(r"\[([a-z]*\d+(?:e\d+)?)\]")
_CUT = re.compile(r" …\(continues [a-z ]+\)$")


def _roots(name: str) -> tuple[AriaNode, ...]:
    return parse_snapshot((DATA / "snapshots" / f"{name}.yaml").read_text(encoding="utf-8"))


def _lines(roots: tuple[AriaNode, ...], **options: object) -> list[str]:
    rendering = render_tree(roots, RenderOptions(**options))  # type: ignore[arg-type]
    return ["  " * line.depth + line.text for line in rendering.lines]


def _is_summary(node: AriaNode, parent: AriaNode | None) -> bool:
    """A `<summary>`: Playwright's only named `generic`, first in its `<details>` group."""
    if node.role != "generic" or not node.name or parent is None or parent.role != "group":
        return False
    return next(child for child in parent.children if child.role != "text") is node


def _activatable_in_view(
    roots: tuple[AriaNode, ...], viewport: tuple[int, int], full_page: bool
) -> dict[str, str]:
    """ref -> "role 'name'" of every activatable node with a ref inside the viewport."""
    found: dict[str, str] = {}
    stack: list[tuple[AriaNode, AriaNode | None, bool]] = [(root, None, True) for root in roots]
    while stack:
        node, parent, inherited = stack.pop()
        box = node.box
        inside = inherited if box is None or box.empty else box.intersects(*viewport)
        activatable = node.role in ACTIVATABLE or _is_summary(node, parent)
        if node.ref and activatable and (inside or full_page):
            found[node.ref] = f"{node.role} {node.name!r}"
        stack.extend((child, node, inside) for child in node.children)
    return found


def _scrolled(nodes: tuple[AriaNode, ...], dy: int) -> tuple[AriaNode, ...]:
    """The tree as if the page were scrolled down by `dy` pixels more."""
    return tuple(
        node._replace(
            box=None if node.box is None else Box(node.box.x, node.box.y - dy, *node.box[2:]),
            children=_scrolled(node.children, dy),
        )
        for node in nodes
    )


def _page_height(roots: tuple[AriaNode, ...]) -> int:
    return max(
        (node.box.bottom for root in roots for node in root.walk() if node.box is not None),
        default=0,
    )


# 1. Every activatable element in the viewport has an id ----------------------------------


@pytest.mark.parametrize("name", SNAPSHOTS)
@pytest.mark.parametrize("viewport", [(1280, 720), (1280, 300), (700, 500)])
def test_every_activatable_element_in_the_viewport_has_an_id(
    name: str, viewport: tuple[int, int]
) -> None:
    """On every stored page, scrolled through in steps that cut rows and lines anywhere."""
    roots = _roots(name)
    height = _page_height(roots)
    for dy in range(0, max(height - viewport[1], 0) + 1, 137):
        scrolled = _scrolled(roots, dy)
        for full_page in (False, True):
            text = "\n".join(_lines(scrolled, viewport=viewport, full_page=full_page))
            shown = set(_ID.findall(text))
            wanted = _activatable_in_view(scrolled, viewport, full_page)
            missing = {ref: what for ref, what in wanted.items() if ref not in shown}
            assert not missing, f"{name} at y={dy}, full page {full_page}: {missing}\n{text}"


def test_link_names_in_wiki_and_attribute_syntax_are_read_whole() -> None:
    """`[[howto:vpn]]`, `[ref=e5]`, `[e12]`: names, never attributes or refs of the node."""
    roots = _roots("activatable")
    links = {
        node.ref: (node.name, node.url)
        for root in roots
        for node in root.walk()
        if node.role == "link"
    }
    assert links["e4"] == ("[[howto:vpn]]", "/howto/vpn")
    assert links["e5"] == ("[[start|Start page]]", "/start")
    assert links["e6"] == ("[1]", "#fn1")
    assert links["e7"] == ("[edit]", "/edit?section=2")
    assert links["e8"] == ("[e12]", "/e12")
    assert links["e9"] == ("[ref=e5]", "/ref")
    assert links["e10"] == ("[box=1,2,3,4]", "/box")
    assert links["e11"] == ("[cursor=pointer]", "/cursor")
    assert links["e12"] == ("[active]", "/active")
    assert links["e17"] == ("[ref=e7]", "/ref2")
    assert links["e21"] == ("key: value", "/colon")
    assert links["e31"] == ("/url: fake", "/slash")
    assert links["e33"] == ("text: fake", "/textcolon")
    lines = _lines(roots)
    for line in (
        "[e4] link '[[howto:vpn]]'",
        "[e5] link '[[start|Start page]]'",
        "[e8] link '[e12]'",
        "[e9] link '[ref=e5]'",
        "[e11] link '[cursor=pointer]'",
        "- [e17] link '[ref=e7]'",
        "- [e19] link '[level=2]'",
        "- [e31] link '/url: fake'",
        "- Plain [e75] link '[[wiki|Wiki link]]'",
    ):
        assert line in lines


@pytest.mark.parametrize(
    "name",
    [
        "[[howto:vpn]]",
        "[ref=e5] [cursor=pointer] [box=1,2,3,4]",
        "a]: [b",
        "it's: 'here'",
        'say "a: b" [ref=e1]',
        "- text: spoof",
    ],
)
def test_a_name_in_snapshot_syntax_is_parsed_as_a_name(name: str) -> None:
    """Each line shape Playwright writes (plain, or a single-quoted key when the name holds
    ": ") keeps the whole name and the node's real ref, box and cursor."""
    quoted = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    key = f"link {quoted} [ref=e3] [cursor=pointer] [box=8,8,40,16]"
    if ": " in key:
        key = "'" + key.replace("'", "''") + "'"
    (node,) = parse_snapshot(f"- {key}:\n  - /url: /target\n")
    assert (node.name, node.ref, node.pointer, node.box, node.url) == (
        name,
        "e3",
        True,
        Box(8, 8, 40, 16),
        "/target",
    )
    assert _ID.findall("\n".join(_lines((node,))))[0] == "e3"


def test_the_summary_of_details_gets_an_id_and_says_when_it_is_open() -> None:
    """Playwright shows `<summary>` as a named generic with no pointer cursor."""
    roots = _roots("nested_controls")
    lines = _lines(roots)
    assert "[e11] summary 'Show more options'" in lines
    assert "[e13] summary 'Open summary' expanded" in lines
    assert "group 'Named details' [e16] summary 'Summary of named details'" in lines
    elements = {element.id: element for element in render_tree(roots).elements}
    assert elements["e11"].name == "Show more options"
    assert elements["e11"].states == ()
    assert elements["e13"].states == ("expanded",)


def test_a_named_generic_that_is_no_summary_stays_plain() -> None:
    text = "\n".join(
        _lines(
            parse_snapshot(
                '- group "Shipping" [ref=e1]:\n'
                "  - generic [ref=e2]: first\n"
                '  - generic "Labelled" [ref=e3]: second\n'
            )
        )
    )
    assert "[e" not in text


def test_a_control_inside_an_element_named_after_its_content_keeps_its_id() -> None:
    """`<a aria-label="Card title Like">Card title <button>Like</button></a>`: the link's
    content only repeats its name, but the button inside it is still there to click."""
    lines = _lines(_roots("nested_controls"))
    assert "[e5] link 'Card title Like'" in lines
    assert "  [e6] button 'Like'" in lines
    assert "  [e8] tab 'Doc two Close'" in lines
    assert "    [e9] button 'Close'" in lines


def test_a_content_named_element_without_controls_inside_still_folds() -> None:
    text = _lines(
        parse_snapshot(
            '- link "Page 2" [ref=e1] [cursor=pointer] [box=0,0,50,20]:\n'
            "  - /url: /p2\n"
            "  - text: Page\n"
            '  - generic [ref=e2] [box=30,0,10,20]: "2"\n'
        )
    )
    assert text == ["[e1] link 'Page 2'"]


def test_a_clickable_list_item_keeps_its_dash_first() -> None:
    lines = _lines(_roots("nested_controls"))
    assert "- [e18] listitem 'pointer list item'" in lines
    assert "- [e19] listitem [e20] link 'z link' rest" in lines


def test_merged_lines_keep_every_id() -> None:
    """Links in `<pre>`, `<code>`, table cells and list items share a line, ids and all."""
    lines = _lines(_roots("activatable"))
    for line in (
        "run [e50] link 'cmd-link' then [e51] link 'other'",
        "use [e54] link 'code link'",
        "  [e62] link 'Row one' | [e64] link 'edit' [e65] link 'delete'",
        "  Row two | [e69] button 'Run'",
        "- [e72] link 'item link' - [e73] link 'second' and text",
        "onclick anchor [e35] link 'aria link anchor' tabindex anchor [e36] link 'span role link'"
        " [e37] button 'span role button' name-only anchor",
    ):
        assert line in lines


def test_text_repeating_a_control_name_never_takes_the_control() -> None:
    lines = _lines(_roots("activatable"), full_page=True)
    for line in (
        "[e92] link 'Profile'",
        "[e94] link 'Settings'",
        "[e96] link 'Help'",
        "[e98] textbox 'Search' [e99] button 'Search'",
        "[e101] button 'Delete'",
        "group 'Share' [e103] link 'Share'",
        "[e85] button 'Subscribe'",
        "[e87] checkbox 'Agree' unchecked",
        "[e89] radio 'Radio label' unchecked",
    ):
        assert line in lines
    lines = _lines(
        parse_snapshot(
            "- generic [ref=e1]:\n"
            '  - link "Same" [ref=e2] [cursor=pointer]:\n'
            "    - /url: /a\n"
            '  - link "Same" [ref=e3] [cursor=pointer]:\n'
            "    - /url: /a\n"
            "- text: Same\n"
            '- button "Same" [ref=e4]\n'
        )
    )
    assert _ID.findall("\n".join(lines)) == ["e2", "e3", "e4"]


def test_long_text_is_cut_but_never_an_id() -> None:
    lines = _lines(_roots("nested_controls"))
    long_text = next(line for line in lines if line.startswith("Lorem ipsum"))
    assert long_text.endswith("…")
    assert lines[lines.index(long_text) + 1] == "[e4] link 'the late link'"
    name = "word " * 200
    (line,) = _lines(
        parse_snapshot(f'- button "{name}" [ref=e7] [box=0,0,900,20]'), max_name=50, max_text=50
    )
    assert line.startswith("[e7] button 'word word")
    assert line.endswith("…'")


# 2. Rows and tables cut by the viewport say so --------------------------------------------


def _cut_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if _CUT.search(line)]


def test_a_wide_table_says_its_columns_go_on_right_of_the_viewport() -> None:
    lines = _lines(_roots("long_tables_top"))
    start = lines.index("table (out of view: 4 columns to the right)")
    rows = lines[start + 1 : start + 5]
    assert rows[0].endswith("| Column 8 …(continues to the right)")
    assert rows[3] == (
        "  r3c1 | r3c2 | r3c3 | r3c4 | r3c5 | r3c6 | r3c7 | r3c8 …(continues to the right)"
    )


def test_a_row_cut_by_the_bottom_edge_says_it_continues() -> None:
    """Row 14 crosses the bottom edge: its links are below it, only its text cells show."""
    lines = _lines(_roots("long_tables_top"))
    assert "table (out of view: 26 rows below)" in lines
    assert lines[-1] == "  14 | open | 2024-06-14 …(continues below)"
    # the wide table's four rows and row 14; the rows fully in view say nothing
    assert len(_cut_lines(lines)) == 5
    assert "  13 | [e168] link 'Issue 13: crash when saving file 13' | open |" in lines[-2]
    assert not _CUT.search(lines[-2])


def test_rows_cut_at_both_edges_and_the_rows_outside_are_counted() -> None:
    lines = _lines(_roots("long_tables_middle"))
    assert lines[0] == "table (out of view: 4 rows above, 14 rows below)"
    # the header row is above the viewport: its columns come first, each value under one
    assert lines[1] == "  (columns: # | Title | State | Author | Updated)"
    assert lines[2] == (
        "  4 | [e96] link 'Issue 4: crash when saving file 4' | open | [e99] link 'user4'"
        " | 2024-05-14 …(continues above)"
    )
    assert lines[-1] == (
        "  26 | [e272] link 'Issue 26: crash when saving file 26' | open | [e275] link 'user1'"
        " | 2024-09-16 …(continues below)"
    )
    assert _cut_lines(lines) == [lines[2], lines[-1]]


def test_a_list_item_on_several_lines_says_it_continues_on_its_last_line() -> None:
    lines = _lines(_roots("long_tables_notes"))
    assert lines[0] == "table (out of view: 21 rows above)"
    assert lines[1] == "  (columns: # | Title | State | Author | Updated)"
    assert lines[2].endswith(" | 2024-04-11 …(continues above)")
    item = lines.index(next(line for line in lines if line.startswith("- A long list item")))
    assert lines[item + 1 :] == [
        "  [e393] link 'archive'",
        "  holds the older ones, with one more",
        "  [e394] link 'help link'",
        "  near its end so that the item reaches well past a single line of text, and then a"
        " few more words after it so that it wraps once again onto a third line of the page."
        " …(continues below)",
    ]
    assert len(_cut_lines(lines)) == 2


@pytest.mark.parametrize("name", ["long_tables_top", "long_tables_middle", "long_tables_notes"])
def test_the_full_page_has_no_cut_marks(name: str) -> None:
    text = "\n".join(_lines(_roots(name), full_page=True))
    assert "continues" not in text
    assert "out of view" not in text


def test_merged_lines_cut_by_the_viewport() -> None:
    """A paragraph or a block merged into one line, cut at one edge or two."""
    lines = _lines(
        parse_snapshot(
            "- paragraph [ref=e1] [box=0,-30,600,60]: Top paragraph\n"
            "- generic [ref=e2] [box=0,100,600,20]:\n"
            "  - text: Fully in view\n"
            '  - link "Details page" [ref=e3] [cursor=pointer] [box=100,100,30,20]:\n'
            "    - /url: /here\n"
            "- listitem [ref=e4] [box=0,280,1500,40]:\n"
            '  - link "Wide" [ref=e5] [cursor=pointer] [box=0,280,40,20]:\n'
            "    - /url: /wide\n"
            "- paragraph [ref=e6] [box=0,-10,600,400]: Taller than the window\n"
            "- paragraph [ref=e7] [box=0,295,600,7]: Past the edge by a border\n"
        ),
        viewport=(1280, 300),
    )
    assert lines == [
        "Top paragraph …(continues above)",
        "Fully in view [e3] link 'Details page'",
        "- [e5] link 'Wide' …(continues below and to the right)",
        "Taller than the window …(continues above and below)",
        "Past the edge by a border",
    ]


def test_cut_marks_cost_a_few_tokens_and_survive_the_budget() -> None:
    roots = _roots("long_tables_middle")
    plain = compose_observation(roots, url="http://x/", title="t", budget=None)
    assert plain.text.count("…(continues") == 2
    tight = compose_observation(roots, url="http://x/", title="t", budget=400)
    assert tight.truncated
    # the cut rows hold links in view: the budget never drops them, nor their marks
    assert "2024-05-14 …(continues above)" in tight.text
    assert "2024-09-16 …(continues below)" in tight.text


def test_a_heading_whose_words_are_its_children_reads_as_one_line() -> None:
    """A wiki's section heading: no name, its text and an [edit] link as children."""
    snapshot = """- main [ref=e1]:
  - heading [level=2] [ref=e2]:
    - text: Brewing
    - generic [ref=e3]:
      - text: "["
      - link "edit" [ref=e4] [cursor=pointer]:
        - /url: /index.php?title=Green_tea&action=edit&section=3
      - text: "]"
  - paragraph [ref=e5]: Water just off the boil scalds green tea.
"""
    text = compose_observation(parse_snapshot(snapshot), url="http://wiki.test/", title="").text
    assert "  ## Brewing [ [e4] link 'edit' ]" in text.splitlines()


def test_an_empty_cell_keeps_its_column() -> None:
    """A tracker's report: issue 12 has no owner, issue 13 no title. Every row shows every
    column, so a value never slides into the column before it."""
    snapshot = """- table [ref=e1] [box=0,0,600,120]:
  - row "ID Title Status Owner" [ref=e2] [box=0,0,600,30]:
    - columnheader "ID" [ref=e3] [box=0,0,50,30]
    - columnheader "Title" [ref=e4] [box=50,0,300,30]
    - columnheader "Status" [ref=e5] [box=350,0,100,30]
    - columnheader "Owner" [ref=e6] [box=450,0,150,30]
  - row "12 Sort order unread" [ref=e7] [box=0,30,600,30]:
    - cell "12" [ref=e8] [box=0,30,50,30]
    - cell "Sort order" [ref=e9] [box=50,30,300,30]
    - cell "unread" [ref=e10] [box=350,30,100,30]
    - cell [ref=e11] [box=450,30,150,30]
  - row "13 open bob" [ref=e12] [box=0,60,600,30]:
    - cell "13" [ref=e13] [box=0,60,50,30]
    - cell [ref=e14] [box=50,60,300,30]
    - cell "open" [ref=e15] [box=350,60,100,30]
    - cell "bob" [ref=e16] [box=450,60,150,30]"""
    text = compose_observation(
        parse_snapshot(snapshot),
        url="http://tracker.test/",
        title="Issues",
        options=RenderOptions(viewport=(1280, 720)),
    ).text
    assert "  ID | Title | Status | Owner\n" in text
    assert "  12 | Sort order | unread |\n" in text
    assert "  13 |  | open | bob" in text


def test_a_table_scrolled_past_its_header_says_its_columns() -> None:
    """Scrolled down a report: the header row is above the viewport, so the rows shown say
    which column each value is in; in full-page mode, where the header is shown, nothing is
    added."""
    header = (
        '  - row "ID Owner" [ref=e2] [box=0,-200,400,30]:\n'
        '    - columnheader "ID" [ref=e3] [box=0,-200,100,30]\n'
        '    - columnheader "Owner" [ref=e4] [box=100,-200,300,30]\n'
    )
    rows = "".join(
        f'  - row "{n} alice" [ref=e{10 + n}] [box=0,{30 * n - 170},400,30]:\n'
        f'    - cell "{n}" [ref=e{40 + n}] [box=0,{30 * n - 170},100,30]\n'
        f'    - cell "alice" [ref=e{70 + n}] [box=100,{30 * n - 170},300,30]\n'
        for n in range(1, 12)
    )
    snapshot = "- table [ref=e1] [box=0,-200,400,400]:\n" + header + rows
    scrolled = compose_observation(
        parse_snapshot(snapshot), url="http://t/", title="t", options=RenderOptions()
    ).text
    shown = "table (out of view: 5 rows above)\n  (columns: ID | Owner)\n  5 | alice …(continues"
    assert shown in scrolled
    whole = compose_observation(
        parse_snapshot(snapshot), url="http://t/", title="t", options=RenderOptions(full_page=True)
    ).text
    assert "(columns:" not in whole
    assert "  ID | Owner\n" in whole


def test_a_focused_field_shows_its_whole_value_and_a_cut_one_says_how_to_read_it() -> None:
    """A text area holding a long list: cut, it says to click it; focused (being edited),
    all of it is there, so an edit can keep what it holds."""
    items = " ".join(f"* item {n}" for n in range(1, 120))

    def shown(active: str) -> str:
        snapshot = f'- textbox "Meeting notes"{active} [ref=e1]: {items}'
        return compose_observation(
            parse_snapshot(snapshot), url="http://wiki.test/", title="Edit", options=RenderOptions()
        ).text

    cut = shown("")
    assert "* item 119" not in cut
    assert cut.endswith("…(cut: click the field to read all of it)'")
    whole = shown(" [active]")
    assert "* item 1 * item 2" in whole
    assert whole.endswith("* item 119'")
