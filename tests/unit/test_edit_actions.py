"""Editing part of a field: `append`, `insert` and `replace` read from every form a model
writes, permitted wherever typing is, and a focused field's lines shown numbered."""

from __future__ import annotations

import pytest

from webagent.actions import (
    Append,
    FillForm,
    FormField,
    Insert,
    Replace,
    TypeText,
    action_from_tool_call,
    format_action,
    parse_action,
    tool_schemas,
)
from webagent.errors import ActionParseError
from webagent.observation import (
    RenderOptions,
    compose_observation,
    parse_snapshot,
    render_tree,
)
from webagent.observation.facts import PageFacts
from webagent.observation.names import FOCUSED_MAX, numbered_lines
from webagent.sites.permissions import Permitted
from webagent.sites.profile import parse_profile


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("append [e7] [* a new item]", Append("e7", "* a new item")),
        ("append [7] [see [[Help]] first]", Append("e7", "see [[Help]] first")),
        ("add [e7] [x]", Append("e7", "x")),
        ("insert [e7] [12] [line twelve]", Insert("e7", 12, "line twelve")),
        ("insert [e7] [1] []", Insert("e7", 1, "")),
        ("replace [e7] [teh] [the]", Replace("e7", "teh", "the")),
        (
            "replace [e7] [[[howto: vpn]]] [[[howto:vpn]]]",
            Replace("e7", "[[howto: vpn]]", "[[howto:vpn]]"),
        ),
        ("replace [e7] [a ] b] [c]", Replace("e7", "a ] b", "c")),
        ("replace [e7] [drop this] []", Replace("e7", "drop this", "")),
    ],
)
def test_edits_are_read_and_written_back(text: str, expected: object) -> None:
    action = parse_action(text)
    assert action == expected
    assert parse_action(format_action(action)) == action


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("insert [e7] [twelve] [x]", "insert needs a line number from 1"),
        ("insert [e7] [0] [x]", "insert needs a line number from 1"),
        ("replace [e7] [only one]", "replace needs the exact text to replace"),
        ("replace [e7] [] [new]", "replace needs the exact text to replace"),
        ("append [x7] [text]", "is not an element id"),
    ],
)
def test_a_malformed_edit_says_how_to_write_it(text: str, says: str) -> None:
    with pytest.raises(ActionParseError, match=says):
        parse_action(text)


def test_edits_are_tools_with_their_arguments() -> None:
    tools = {tool["function"]["name"]: tool["function"] for tool in tool_schemas()}
    assert tools["insert"]["parameters"]["required"] == ["element", "line", "text"]
    assert tools["replace"]["parameters"]["required"] == ["element", "old", "new"]
    assert "keeping" in tools["append"]["description"]
    call = action_from_tool_call("insert", '{"element": "e3", "line": 4, "text": "x"}')
    assert call == Insert("e3", 4, "x")
    with pytest.raises(ActionParseError, match="line"):
        action_from_tool_call("insert", '{"element": "e3", "line": 0, "text": "x"}')


PAGE = parse_snapshot(
    '- textbox "Body" [ref=e1] [box=0,0,400,300]\n- button "Save" [ref=e2] [box=0,310,60,20]\n'
)
PROFILE = """
[site]
name = "wiki"
description = "A wiki"
domains = ["wiki.test"]
fallback = "view"

[[states]]
name = "edit"
description = "Editing a page"
instructions = "Change the text, then save."
[states.match]
url = ["/edit"]
[[states.actions]]
types = ["type"]
elements = [{ role = "textbox" }]
[[states.actions]]
types = ["click"]
elements = [{ role = "button", name = "Save" }]

[[states]]
name = "view"
description = "Reading a page"
instructions = "Read it."
[states.match]
url = ["/view"]
[[states.actions]]
types = ["click"]
"""


def test_an_edit_is_permitted_where_typing_is_and_on_the_same_fields() -> None:
    profile = parse_profile(PROFILE, "wiki.toml")
    observation = compose_observation(PAGE, url="http://wiki.test/edit", title="Edit")
    editing = Permitted.of(profile, profile.state("edit"), observation)
    for action in (Append("e1", "x"), Insert("e1", 2, "x"), Replace("e1", "a", "b")):
        assert editing.refusal(action) is None
    assert "not permitted" in (editing.refusal(Append("e2", "x")) or "")
    reading = Permitted.of(profile, profile.state("view"), observation)
    assert reading.refusal(TypeText("e1", "x")) is not None
    assert reading.refusal(Append("e1", "x")) is not None


def _rendered(focused_text: str | None) -> list[str]:
    tree = parse_snapshot(
        '- textbox "Body" [active] [ref=e1] [box=0,0,400,300]: first second third\n'
    )
    options = RenderOptions(facts=PageFacts(focused_text=focused_text))
    return [line.text for line in render_tree(tree, options).lines]


def test_a_focused_multi_line_field_shows_its_lines_numbered() -> None:
    assert _rendered("first\nsecond\nthird") == [
        "[e1] textbox 'Body' focused holds, by line:",
        "1| first",
        "2| second",
        "3| third",
    ]
    # one line: the value as before
    assert _rendered("first second third") == [
        "[e1] textbox 'Body' focused value='first second third'"
    ]
    assert _rendered(None) == ["[e1] textbox 'Body' focused value='first second third'"]


def test_an_unfocused_multi_line_field_says_how_to_read_its_lines() -> None:
    """The snapshot runs a text area's lines together: the line says how many there are,
    and that clicking the field shows them numbered."""
    tree = parse_snapshot('- textbox "Body" [ref=e1] [box=0,0,400,300]: first second  third\n')
    facts = PageFacts(lines=(("first second third", 3), ("other text", 2)))
    (line,) = render_tree(tree, RenderOptions(facts=facts)).lines
    assert line.text == (
        "[e1] textbox 'Body' value='first second  third' "
        "(3 lines: click the field to read them numbered)"
    )
    # a field of one line, or one the page did not tell of, says nothing more
    (plain,) = render_tree(tree, RenderOptions()).lines
    assert plain.text == "[e1] textbox 'Body' value='first second  third'"


def test_numbered_lines_are_aligned_and_cut_with_a_word() -> None:
    lines = numbered_lines("\n".join(f"line {n}" for n in range(1, 12)))
    assert lines[0] == " 1| line 1"
    assert lines[-1] == "11| line 11"
    long = numbered_lines("\n".join("x" * 99 for _ in range(100)))
    assert long[-1] == f"…(cut at line {FOCUSED_MAX // 100 + 1} of 100, after 6000 characters)"
    assert len(long) == FOCUSED_MAX // 100 + 1


def test_fill_form_reads_pairs_and_says_how_when_they_do_not_pair() -> None:
    action = parse_action("fill_form [e3] [Ann] [4] [Lee [senior]] [e9] [yes]")
    assert action == FillForm(
        (FormField("e3", "Ann"), FormField("e4", "Lee [senior]"), FormField("e9", "yes"))
    )
    assert parse_action(format_action(action)) == action
    with pytest.raises(ActionParseError, match=r"in pairs: fill_form \[e3\] \[Ann\]"):
        parse_action("fill_form [e3] [Ann] [e4]")
    call = action_from_tool_call("fill_form", {"fields": [{"element": "7", "value": "x"}]})
    assert call == FillForm((FormField("e7", "x"),))


def test_fill_form_may_fill_only_the_fields_typing_choosing_or_ticking_may() -> None:
    profile = parse_profile(PROFILE, "wiki.toml")
    observation = compose_observation(PAGE, url="http://wiki.test/edit", title="Edit")
    editing = Permitted.of(profile, profile.state("edit"), observation)
    assert editing.refusal(FillForm((FormField("e1", "text"),))) is None
    refused = editing.refusal(FillForm((FormField("e1", "a"), FormField("e9", "b"))))
    assert "fill_form on e9 is not permitted" in (refused or "")


FORM = (
    '- textbox "Name" [ref=e1] [box=0,600,300,20]\n'
    '- textbox "Street" [ref=e2] [box=0,690,300,20]\n'
    '- combobox "State" [ref=e3] [box=0,740,300,20]:\n'
    '  - option "Ohio" [selected]\n'
    '  - option "Utah"\n'
    '- checkbox "Default address" [ref=e4] [box=0,780,20,20]\n'
    '- button "Save" [ref=e5] [box=0,820,60,20]\n'
    '- textbox "Another form" [ref=e6] [box=0,900,300,20]\n'
)


def _lines(snapshot: str) -> tuple[list[str], list[str]]:
    rendering = render_tree(parse_snapshot(snapshot), RenderOptions(viewport=(1280, 720)))
    return [line.text for line in rendering.lines], [e.id for e in rendering.elements]


def test_a_form_cut_by_the_viewport_lists_its_fields_below_with_ids() -> None:
    lines, ids = _lines(FORM)
    assert lines[-1] == (
        "The form goes on below the viewport: [e3] combobox 'State' value='Ohio' | "
        "[e4] checkbox 'Default address' unchecked | [e5] button 'Save'"
    )
    assert ids == ["e1", "e2", "e3", "e4", "e5"]  # they can be acted on; the next form not


def test_a_page_whose_last_element_in_view_is_no_field_lists_nothing_below() -> None:
    link_last = FORM.replace(
        '- combobox "State"', '- link "Help" [ref=e9] [box=0,700,60,10]\n- combobox "State"'
    )
    lines, ids = _lines(link_last)
    assert not any(line.startswith("The form goes on") for line in lines)
    assert "e3" not in ids
