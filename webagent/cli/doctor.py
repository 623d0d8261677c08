"""`webagent doctor`: which browser webagent would use, and whether it starts."""

from __future__ import annotations

import argparse
from typing import Any

from webagent.cli.help import examples


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "doctor",
        help="check that a browser is found and starts",
        description=(
            "Show the versions webagent runs with and the Chromium it found (Playwright's own, "
            "$WEBAGENT_CHROMIUM, or a system install), then start it once."
        ),
        epilog=examples("webagent doctor"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import platform
    from importlib import metadata  # 30 ms: not for every command's start

    print(f"python      {platform.python_version()}")
    for package in ("webagent", "playwright", "textual", "openai"):
        try:
            version = metadata.version(package)
        except metadata.PackageNotFoundError:
            version = "not installed"
        print(f"{package:<11} {version}")
    from webagent.browser import launch  # heavy (Playwright): imported when the command runs

    with launch() as browser:
        where = browser.choice.path or "Playwright's own build"
        print(f"chromium    {browser.version} ({browser.choice.source}: {where})")
        tab = browser.open("about:blank")
        tab.observe()
    print("ok: the browser starts and can be observed")
    return 0
