"""Launch problems that are the user's to fix come back as clear errors."""

from __future__ import annotations

import sys

import pytest

from webagent.browser import launch
from webagent.errors import BrowserError, BrowserNotFoundError


@pytest.mark.skipif(sys.platform != "linux", reason="display detection is for Linux")
def test_headed_without_a_display_says_how_to_get_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    with pytest.raises(BrowserError, match="xvfb-run"):
        launch(headless=False)


def test_a_missing_executable_is_named() -> None:
    with pytest.raises(BrowserNotFoundError, match="/nonexistent/chrome"):
        launch(executable_path="/nonexistent/chrome")
