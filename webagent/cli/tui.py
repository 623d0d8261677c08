"""`webagent tui ["task"]`: the Textual app on a live site, asking before anything irreversible."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from webagent.agent.live import LiveSession
from webagent.agent.start import Start
from webagent.cli.model_options import add_model_options, model_config
from webagent.cli.run import secrets_from
from webagent.controller import MODES, Settings
from webagent.errors import ConfigError
from webagent.plans.use import PlanUse
from webagent.sites.profiles import site_profile


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "tui",
        help="watch the agent work, in a terminal app",
        description="Open the terminal app on a live site or a local demo site: the plan, the "
        "steps and the page as the agent goes; pause, step or stop it; answer its questions "
        "before anything irreversible (buy, pay, delete, post, send...).",
    )
    parser.add_argument("task", nargs="?", help="the task, in words (else type it in the app)")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--site", help="a local site to serve and start on, e.g. demo_shop")
    where.add_argument("--url", help="the page to start on")
    parser.add_argument("--profile", help="the site profile (default: the site's, or detect)")
    parser.add_argument(
        "--mode", choices=MODES, default="devils-advocate", help="the agent's strategy"
    )
    parser.add_argument("--max-actions", type=int, default=None, help="browser actions at most")
    parser.add_argument("--headed", action="store_true", help="show the browser window")
    parser.add_argument(
        "--confirm-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="deny a question nobody answers within this many seconds (default: wait)",
    )
    parser.add_argument(
        "--allow-domain",
        action="append",
        default=[],
        metavar="HOST[:PORT]",
        help="also allow this host (repeatable); by default only the start page's host:port "
        "and the profile's domains are reachable",
    )
    parser.add_argument(
        "--secrets",
        metavar="FILE",
        help="credentials as a TOML/JSON table {name = value}; the model types "
        "<secret>name</secret> and never sees the value ($WEBAGENT_SECRET_<NAME> adds more)",
    )
    parser.add_argument(
        "--record",
        metavar="DIR",
        type=Path,
        help="record each run as a fixture (the first in DIR, later ones in DIR-2, DIR-3...): "
        "`webagent replay DIR` runs it offline",
    )
    parser.add_argument(
        "--plans",
        type=Path,
        metavar="FILE",
        help="the plan library whose plan for each task's kind guides the planner, and that "
        "keeps each run's lesson (default: the user's library, if `webagent learn` made one)",
    )
    parser.add_argument("--no-plans", action="store_true", help="plan without the library")
    add_model_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    require_terminal("webagent tui")
    name = args.profile or args.site
    secrets = secrets_from(args.secrets)
    plans = PlanUse.open(args.plans, enabled=not args.no_plans)
    session = LiveSession(
        Start(url=args.url, site=args.site),
        model_config(args),
        headless=not args.headed,
        profile=site_profile(name) if name else None,
        settings=Settings.for_mode(args.mode, max_actions=args.max_actions),
        allow_domains=args.allow_domain,
        secrets=secrets,
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
