"""The action grammar, typed actions, and the schemas generated from them."""

from __future__ import annotations

import json

import pytest

from webagent.actions import (
    ACTION_TYPES,
    Click,
    CloseTab,
    GoBack,
    GoForward,
    Goto,
    Hover,
    NewTab,
    NoteDown,
    Press,
    Scroll,
    SelectOption,
    Stop,
    TabFocus,
    TypeText,
    action_from_json,
    action_from_tool_call,
    action_json_schema,
    format_action,
    grammar,
    grammar_line,
    parse_action,
    tool_schemas,
)
from webagent.actions.action import Action
from webagent.errors import ActionParseError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("click [e12]", Click("e12")),
        ("click [12]", Click("e12")),
        ("click e12", Click("e12")),
        ('click ["e12"]', Click("e12")),
        ("CLICK [E12]", Click("e12")),
        ("click [f1e3]", Click("f1e3")),
        ("hover [e4]", Hover("e4")),
        ("type [e5] [hello world]", TypeText("e5", "hello world", True)),
        ("type [e5] [hello] [0]", TypeText("e5", "hello", False)),
        ("type [5] [hello] [press_enter_after=0]", TypeText("e5", "hello", False)),
        ("type [e5] [a [b] c] [1]", TypeText("e5", "a [b] c", True)),
        ("type [e5] [1]", TypeText("e5", "1", True)),
        ("type e5 hello world", TypeText("e5", "hello world", True)),
        ("select [e3] [Blue]", SelectOption("e3", "Blue")),
        ("press [ctrl+a]", Press("Control+a")),
        ("press [Enter]", Press("Enter")),
        ("press [cmd+shift+t]", Press("Meta+Shift+t")),
        ("scroll [down]", Scroll("down")),
        ("scroll [UP]", Scroll("up")),
        ("scroll_down", Scroll("down")),
        ("new_tab", NewTab()),
        ("tab_focus [1]", TabFocus(1)),
        ("close_tab", CloseTab()),
        ("goto [http://shop.test/a?b=[1]]", Goto("http://shop.test/a?b=[1]")),
        ("go_back", GoBack()),
        ("go_forward", GoForward()),
        ("stop [$25.99]", Stop("$25.99")),
        ("stop", Stop("")),
        ("stop [The answer is [x]]", Stop("The answer is [x]")),
        ("note_down [Order #178 cost $35.00]", NoteDown("Order #178 cost $35.00")),
    ],
)
def test_grammar_is_read_leniently(text: str, expected: Action) -> None:
    assert parse_action(text) == expected


def test_action_is_found_in_a_model_reply() -> None:
    reply = (
        "Let's think step by step. The search box is [e5].\n"
        "In summary, the next action I will perform is ```type [e5] [wireless mouse] [1]```"
    )
    assert parse_action(reply) == TypeText("e5", "wireless mouse", True)
    assert parse_action("I will click it.\nclick [e9]") == Click("e9")


def test_multi_line_answers_are_kept_whole() -> None:
    assert parse_action("stop [line one\nline two]") == Stop("line one\nline two")


@pytest.mark.parametrize(
    "action",
    [
        Click("e12"),
        TypeText("e5", "hello", False),
        TypeText("e5", "a [b] c", True),
        Hover("f1e2"),
        Press("Control+a"),
        Scroll("up"),
        SelectOption("e3", "Price: low to high"),
        NewTab(),
        TabFocus(2),
        CloseTab(),
        Goto("http://shop.test/"),
        GoBack(),
        GoForward(),
        Stop("42"),
        NoteDown("a fact"),
    ],
)
def test_format_then_parse_round_trips(action: Action) -> None:
    assert parse_action(format_action(action)) == action


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("fly [e3]", "unknown action"),
        ("click", "needs an element id"),
        ("click [button]", "not an element id"),
        ("scroll [left]", "scroll needs"),
        ("tab_focus [first]", "tab index"),
        ("goto", "needs a URL"),
        ("select [e3]", "needs an option"),
        ("press []", "needs a key"),
    ],
)
def test_bad_actions_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(ActionParseError, match=reason):
        parse_action(text)


def test_every_action_has_a_tool_schema_from_its_docstring() -> None:
    tools = tool_schemas()
    assert [tool["function"]["name"] for tool in tools] == [cls.name for cls in ACTION_TYPES]
    type_tool = next(tool for tool in tools if tool["function"]["name"] == "type")
    params = type_tool["function"]["parameters"]
    assert params["required"] == ["element", "text"]
    assert params["properties"]["press_enter_after"]["default"] is True
    assert params["additionalProperties"] is False
    assert type_tool["function"]["description"].startswith("Type text into a field")
    json.dumps(tools)  # serialisable as sent to the API


def test_grammar_lines_for_prompts() -> None:
    assert grammar_line(Click).startswith("click [element]: Click an element")
    assert grammar_line(NewTab).startswith("new_tab: Open a new")


def test_the_forms_a_step_writes_its_action_in_show_choices_and_flags() -> None:
    forms = grammar()
    assert len(forms) == len(ACTION_TYPES)
    assert "type [element] [text] [1|0]" in forms  # press Enter after it, or not
    assert "scroll [up|down]" in forms
    assert "new_tab" in forms
    for form in forms:  # each parses as the action it shows, with sample values
        sample = form.replace("[1|0]", "[1]").replace("[up|down]", "[up]")
        sample = sample.replace("[element] [value] ...", "[e1] [Ann]").replace("[line]", "[3]")
        sample = sample.replace("[element]", "[e1]").replace("[index]", "[0]")
        assert parse_action(sample).name == form.split(" ")[0]


def test_tool_calls_and_json_become_typed_actions() -> None:
    assert action_from_tool_call("type", '{"element": "12", "text": "hi"}') == TypeText(
        "e12", "hi", True
    )
    assert action_from_tool_call("go_back", "") == GoBack()
    assert action_from_json({"action": "press", "keys": "ctrl+c"}) == Press("Control+c")
    assert action_from_json({"action": "tab_focus", "index": 1}) == TabFocus(1)


@pytest.mark.parametrize(
    ("name", "arguments", "reason"),
    [
        ("scroll", '{"direction": "left"}', "direction"),
        ("click", '{"element": "submit"}', "not an element id"),
        ("click", "{}", "element"),
        ("click", "not json", "not JSON"),
        ("fly", "{}", "unknown action"),
        ("type", '{"element": "e1", "text": "x", "extra": 1}', "extra"),
    ],
)
def test_bad_tool_calls_raise_parse_errors(name: str, arguments: str, reason: str) -> None:
    with pytest.raises(ActionParseError, match=reason):
        action_from_tool_call(name, arguments)


def test_json_schema_offers_one_alternative_per_action() -> None:
    schema = action_json_schema([Click, Stop])
    consts = [alt["properties"]["action"]["const"] for alt in schema["anyOf"]]
    assert consts == ["click", "stop"]
    assert schema["anyOf"][0]["required"] == ["action", "element"]


def test_unbracketed_text_ending_in_a_flag_is_refused_with_the_form_to_use() -> None:
    """`type [e19] alice 0`: the text "alice 0" pressing Enter, or "alice" without? Models
    playing through the relay wrote it both ways; the answer is asked again, not guessed."""
    with pytest.raises(ActionParseError, match=r"type \[e19\] \[alice\] \[0\]"):
        parse_action("type [e19] alice 0")
    assert parse_action("type [e19] [alice] [0]") == TypeText("e19", "alice", False)
    assert parse_action("type [e19] [Room 1]") == TypeText("e19", "Room 1", True)
    assert parse_action("type [e19] Room 12") == TypeText("e19", "Room 12", True)
