"""`webagent tui ["task"]`: the Textual app on a live site, asking before anything irreversible."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from webagent.cli.run_options import add_run_options, plan_library, run_spec
from webagent.errors import ConfigError


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "tui",
        help="watch the agent work, in a terminal app",
        description="Open the terminal app on a live site or a local demo site: the plan, the "
        "steps and the page as the agent goes; pause, step or stop it; answer its questions "
        "before anything irreversible (buy, pay, delete, post, send...).",
        epilog="example: webagent tui 'Add a pair of wireless headphones to my cart' "
        "--site demo_shop --model gpt-4o",
    )
    parser.add_argument("task", nargs="?", help="the task, in words (else type it in the app)")
    add_run_options(parser)
    parser.add_argument(
        "--confirm-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="deny a question nobody answers within this many seconds (default: wait)",
    )
    parser.add_argument(
        "--record",
        metavar="DIR",
        type=Path,
        help="record each run as a fixture (the first in DIR, later ones in DIR-2, DIR-3...): "
        "`webagent replay DIR` runs it offline",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    require_terminal("webagent tui")
    from webagent.session.live import LiveSession  # heavy: the browser, the model, the agent

    plans = plan_library(args)
    session = LiveSession(
        run_spec(args, args.task or "", confirm="ask"),
        headless=not args.headed,
        record=args.record,
        plans=plans,
    )
    try:
        from tui.app import create_app  # Textual loads only for this command

        create_app(session, args.task, confirm_timeout=args.confirm_timeout).run()
    finally:
        session.close()
        if plans is not None:
            plans.close()
    for folder in session.recordings:
        print(f"recorded: {folder} (replay it with `webagent replay {folder}`)")
    return 0


def require_terminal(command: str) -> None:
    """A full-screen app needs a terminal on both ends: refuse before starting anything."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise ConfigError(f"{command} needs a terminal (stdin and stdout are not both one)")
