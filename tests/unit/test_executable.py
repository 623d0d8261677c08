"""Choosing a Chromium: explicit path, Playwright's build, $WEBAGENT_CHROMIUM, system."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from webagent.browser import executable
from webagent.browser.executable import ENV_VAR, chromium_args, find_chromium
from webagent.errors import BrowserNotFoundError


def _fake_browser(path: Path) -> str:
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.fixture
def no_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executable, "SYSTEM_CANDIDATES", ())
    monkeypatch.setattr(executable, "HEADLESS_SHELL_CANDIDATES", ())
    monkeypatch.setattr(executable.shutil, "which", lambda name: None)
    monkeypatch.delenv(ENV_VAR, raising=False)


@pytest.mark.usefixtures("no_system")
def test_order_explicit_then_playwright_then_env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    explicit = _fake_browser(tmp_path / "explicit")
    managed = _fake_browser(tmp_path / "managed")
    from_env = _fake_browser(tmp_path / "env")
    monkeypatch.setenv(ENV_VAR, from_env)
    assert find_chromium(explicit, managed).source == "argument"
    assert find_chromium(None, managed).path is None  # Playwright launches its own
    assert find_chromium(None, managed).source == "playwright"
    assert find_chromium(None, str(tmp_path / "absent")).path == from_env


@pytest.mark.usefixtures("no_system")
def test_system_paths_come_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    system = _fake_browser(tmp_path / "chromium")
    monkeypatch.setattr(executable, "SYSTEM_CANDIDATES", (str(tmp_path / "nope"), system))
    choice = find_chromium(None, None)
    assert (choice.path, choice.source) == (system, "system")


@pytest.mark.usefixtures("no_system")
def test_headless_prefers_the_system_headless_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    system = _fake_browser(tmp_path / "chromium")
    shell = _fake_browser(tmp_path / "chromium-headless-shell")
    monkeypatch.setattr(executable, "SYSTEM_CANDIDATES", (system,))
    monkeypatch.setattr(executable, "HEADLESS_SHELL_CANDIDATES", (shell,))
    assert find_chromium(None, None, headless=True).path == shell
    assert find_chromium(None, None, headless=False).path == system  # a shell has no window
    monkeypatch.setenv(ENV_VAR, system)  # an explicit choice still wins
    assert find_chromium(None, None, headless=True).path == system


@pytest.mark.usefixtures("no_system")
def test_nothing_found_says_how_to_install() -> None:
    with pytest.raises(BrowserNotFoundError, match="apt-get install chromium"):
        find_chromium(None, None)


@pytest.mark.usefixtures("no_system")
def test_a_wrong_env_path_is_an_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "missing"))
    with pytest.raises(BrowserNotFoundError, match=ENV_VAR):
        find_chromium(None, None)


def test_flags_keep_chromium_quiet_and_sandbox_off_for_root() -> None:
    args = chromium_args(("--lang=en",))
    assert "--disable-background-networking" in args
    assert "--lang=en" in args
    assert ("--no-sandbox" in args) == (os.geteuid() == 0)
