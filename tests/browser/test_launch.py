"""Launching: several browsers at once in one thread."""

from __future__ import annotations

from webagent.browser import launch


def test_two_browsers_can_run_at_once_in_one_thread() -> None:
    with launch() as first, launch() as second:
        one = first.open("about:blank")
        two = second.open("data:text/html,<button>Second</button>")
        assert one.observe().url == "about:blank"
        assert "[e" in two.observe().text
    with launch() as again:  # and again after both closed
        assert again.open("about:blank").observe().url == "about:blank"
