"""What the model types into date and time fields becomes what the browser accepts."""

from __future__ import annotations

import pytest

from webagent.browser.fields import input_value_for


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        ("date", "11/27/2018", "2018-11-27"),
        ("date", "2018-11-27", "2018-11-27"),
        ("date", "Nov 27, 2018", "2018-11-27"),
        ("date", "27 November 2018", "2018-11-27"),
        ("time", "2:10 AM", "02:10"),
        ("time", "2:10 pm", "14:10"),
        ("time", "12:05 a.m.", "00:05"),
        ("time", "14:10", "14:10"),
        ("month", "November 2018", "2018-11"),
        ("week", "2018-11-27", "2018-W48"),
        ("datetime-local", "11/27/2018 2:10 PM", "2018-11-27T14:10"),
        ("text", "anything at all", "anything at all"),
        ("search", " keep spaces ", " keep spaces "),
    ],
)
def test_human_formats_are_converted(kind: str, text: str, value: str) -> None:
    assert input_value_for(kind, text) == value


@pytest.mark.parametrize(("kind", "text"), [("date", "tomorrow"), ("time", "25:00"), ("week", "x")])
def test_unreadable_values_are_none(kind: str, text: str) -> None:
    assert input_value_for(kind, text) is None
