"""The app tests' harness turns a hung test into a failure that says where it waits."""

from __future__ import annotations

import threading

import pytest

from tests.tui.conftest import in_own_thread


def test_a_hung_test_fails_with_the_stack_where_it_waits() -> None:
    release = threading.Event()

    def waits_for_ever() -> None:
        release.wait()

    with pytest.raises(AssertionError, match="hung for 0 s") as failure:
        in_own_thread(waits_for_ever, hung_after=0.2)
    release.set()
    assert "thread tui-test:" in str(failure.value)
    assert "in waits_for_ever" in str(failure.value)


def test_a_finished_test_gives_its_value_and_its_error() -> None:
    assert in_own_thread(lambda: 42) == 42
    with pytest.raises(KeyError, match="missing"):
        in_own_thread(lambda: {}["missing"])
