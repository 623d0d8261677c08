"""Finding a Chromium to drive, and the flags it needs here.

Order: an explicit path; Playwright's own Chromium (`playwright install chromium`); the path
in `WEBAGENT_CHROMIUM`; then the usual system locations (Debian's `chromium`, Chrome). A
headless launch prefers the system's headless shell (Debian's `chromium-headless-shell`), as
Playwright does with its own builds: it starts in a third of the time and uses far less CPU,
which is what lets several runner workers share a small machine.
"""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from webagent.errors import BrowserNotFoundError

ENV_VAR = "WEBAGENT_CHROMIUM"
SYSTEM_CANDIDATES = (
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/lib/chromium/chromium",
    "/snap/bin/chromium",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/opt/google/chrome/chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
)
HEADLESS_SHELL_CANDIDATES = (
    "/usr/bin/chromium-headless-shell",
    "/usr/lib/chromium/chromium-headless-shell",
)
_PATH_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

# Without these, Chromium keeps dialling Google's services, which a closed network refuses.
QUIET_ARGS = (
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
)


@dataclass(frozen=True, slots=True)
class ChromiumChoice:
    """The browser to launch: `path` is None for Playwright's own build."""

    path: str | None
    source: str  # "argument" | "playwright" | "WEBAGENT_CHROMIUM" | "system"


def find_chromium(
    explicit: str | None = None, playwright_path: str | None = None, *, headless: bool = False
) -> ChromiumChoice:
    """Choose a Chromium; raise `BrowserNotFoundError` listing where it looked.

    `playwright_path` is where Playwright expects its own build (`playwright.chromium
    .executable_path`); it is used only if the file exists. `headless` lets a system headless
    shell go before the system's full browsers (a shell cannot show a window).
    """
    if explicit:
        if not _is_executable(explicit):
            raise BrowserNotFoundError(f"browser executable not found: {explicit}")
        return ChromiumChoice(explicit, "argument")
    if playwright_path and _is_executable(playwright_path):
        return ChromiumChoice(None, "playwright")
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        if not _is_executable(from_env):
            raise BrowserNotFoundError(f"{ENV_VAR}={from_env} is not an executable file")
        return ChromiumChoice(from_env, ENV_VAR)
    system = (*HEADLESS_SHELL_CANDIDATES, *SYSTEM_CANDIDATES) if headless else SYSTEM_CANDIDATES
    for candidate in system:
        if _is_executable(candidate):
            return ChromiumChoice(candidate, "system")
    names = ("chromium-headless-shell", *_PATH_NAMES) if headless else _PATH_NAMES
    for name in names:
        found = shutil.which(name)
        if found:
            return ChromiumChoice(found, "system")
    raise BrowserNotFoundError(
        "no Chromium found. Install one with `playwright install chromium`, or your system's "
        f"package (Debian: `apt-get install chromium`), or set {ENV_VAR} to its path. "
        f"Looked at: {playwright_path or '(no Playwright build)'}, ${ENV_VAR}, "
        + ", ".join(SYSTEM_CANDIDATES)
    )


def chromium_args(extra: tuple[str, ...] = ()) -> list[str]:
    """Launch flags: quiet networking always, `--no-sandbox` when running as root."""
    args = list(QUIET_ARGS)
    if _running_as_root():
        args.append("--no-sandbox")
    args.extend(arg for arg in extra if arg not in args)
    return args


def _running_as_root() -> bool:
    return sys.platform != "win32" and os.geteuid() == 0


def _is_executable(path: str) -> bool:
    candidate = Path(path)
    return candidate.is_file() and os.access(candidate, os.X_OK)
