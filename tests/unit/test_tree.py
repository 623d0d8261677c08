"""Parsing Playwright's AI-mode aria snapshot into typed nodes."""

from __future__ import annotations

import re

import pytest

from tests.conftest import DATA
from webagent.errors import SnapshotParseError
from webagent.observation import AriaNode, Box, parse_snapshot


def _only(text: str) -> AriaNode:
    roots = parse_snapshot(text)
    assert len(roots) == 1
    return roots[0]


def test_roles_names_refs_and_states() -> None:
    node = _only('- checkbox "Agree" [checked] [disabled] [ref=e13] [box=248,201,13,13]')
    assert (node.role, node.name, node.ref) == ("checkbox", "Agree", "e13")
    assert node.checked is True
    assert node.disabled
    assert node.box == Box(248, 201, 13, 13)


def test_mixed_and_pressed_and_level_and_cursor() -> None:
    roots = parse_snapshot(
        "- checkbox [checked=mixed] [ref=e1]\n"
        '- button "Bold" [pressed] [ref=e2] [cursor=pointer]\n'
        '- heading "Title" [level=2] [ref=e3]\n'
        '- textbox "Q" [active] [ref=e4]'
    )
    assert roots[0].checked == "mixed"
    assert roots[1].pressed is True
    assert roots[1].pointer
    assert roots[2].level == 2
    assert roots[3].focused


def test_children_text_and_properties() -> None:
    node = _only('- textbox "Name" [ref=e11]:\n  - /placeholder: Your name\n  - text: bob\n')
    assert node.placeholder == "Your name"
    assert [(child.role, child.text) for child in node.children] == [("text", "bob")]


def test_link_url_and_inline_text() -> None:
    roots = parse_snapshot(
        '- link "Home" [ref=e3]:\n  - /url: /home\n- paragraph [ref=e8]: Some text here.'
    )
    assert roots[0].url == "/home"
    assert roots[1].text == "Some text here."


def test_quoted_keys_and_values() -> None:
    """Playwright quotes a key holding `: ` or `#` with single quotes, values with double."""
    roots = parse_snapshot(
        "- 'tab \"Section #13\" [ref=f2e5] [box=4,54,152,18]'\n"
        "- 'link \"Tab #1\" [ref=f4e7]':\n"
        '  - /url: "#tabs-1"\n'
        '- generic [ref=e7]: "Last reward: -"\n'
        "- 'button \"It''s: ok\" [ref=e9]'\n"
        '- text: "multi\\nline \\"quoted\\""'
    )
    assert (roots[0].role, roots[0].name, roots[0].ref) == ("tab", "Section #13", "f2e5")
    assert roots[1].url == "#tabs-1"
    assert roots[2].text == "Last reward: -"
    assert roots[3].name == "It's: ok"
    assert roots[4].text == 'multi\nline "quoted"'


def test_name_with_colon_and_brackets() -> None:
    node = _only('- button "Price: [low] to high" [ref=e2]')
    assert node.name == "Price: [low] to high"
    assert node.ref == "e2"


def test_iframe_children_are_offset_by_the_frame_box() -> None:
    roots = parse_snapshot(
        "- iframe [ref=e32] [box=78,3338,304,154]:\n"
        '  - button "In frame" [ref=f1e2] [box=8,8,72,21]'
    )
    button = roots[0].children[0]
    assert button.ref == "f1e2"
    assert button.box == Box(86, 3346, 72, 21)


def test_nesting_follows_indentation() -> None:
    roots = parse_snapshot(
        "- list [ref=e1]:\n"
        "  - listitem [ref=e2]: one\n"
        "  - listitem [ref=e3]:\n"
        '    - link "two" [ref=e4]\n'
        '- button "after" [ref=e5]'
    )
    assert [root.role for root in roots] == ["list", "button"]
    items = roots[0].children
    assert [item.ref for item in items] == ["e2", "e3"]
    assert items[1].children[0].name == "two"


def test_unknown_attributes_are_ignored() -> None:
    node = _only("- generic [aria-hidden] [future=thing] [ref=e19]: hidden text")
    assert node.ref == "e19"
    assert node.text == "hidden text"


def test_stored_snapshots_parse_completely() -> None:
    for path in sorted((DATA / "snapshots").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        nodes = [node for root in parse_snapshot(text) for node in root.walk()]
        refs = {node.ref for node in nodes if node.ref}
        assert refs == set(_refs_in(text)), path.name


def _refs_in(text: str) -> list[str]:
    return re.findall(r"\[ref=([a-z0-9]+)\]", text)


@pytest.mark.parametrize(
    "bad",
    ["not a snapshot line", "- /url: /orphan", "- 'unterminated", '- "no role" [ref=e1]'],
)
def test_malformed_input_raises_a_parse_error(bad: str) -> None:
    with pytest.raises(SnapshotParseError):
        parse_snapshot(bad)
