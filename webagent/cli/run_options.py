"""The options `webagent run` and `webagent tui` share, and the run spec they build.

add_run_options(parser)                   # where, profile, mode, limits, plans, safety, model
spec = run_spec(args, task, confirm=...)  # -> webagent.session.RunSpec
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from webagent.cli.model_options import add_model_options, model_config
from webagent.controller import MODES, Settings
from webagent.llm import Budget

if TYPE_CHECKING:
    from webagent.plans.use import PlanUse
    from webagent.safety import Secrets
    from webagent.session import RunSpec
    from webagent.session.spec import ConfirmSetting


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """Where the run starts, the profile, the strategy and its limits, the plan library, the
    safety options and the model options."""
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--site", help="a local site to serve and start on, e.g. demo_shop")
    where.add_argument("--url", help="the page to start on")
    parser.add_argument("--profile", help="the site profile (default: the site's, or detect)")
    parser.add_argument(
        "--mode", choices=MODES, default="devils-advocate", help="the agent's strategy"
    )
    parser.add_argument("--max-actions", type=int, default=None, help="browser actions at most")
    parser.add_argument("--max-trials", type=int, default=None, help="trials at most")
    parser.add_argument("--max-calls", type=int, default=None, help="model calls at most")
    parser.add_argument("--max-cost", type=float, default=None, help="US dollars at most")
    parser.add_argument("--headed", action="store_true", help="show the browser window")
    plans = parser.add_argument_group("plans (AutoPlan)")
    plans.add_argument(
        "--plans",
        type=Path,
        metavar="FILE",
        help="the plan library whose plan for each task's kind guides the planner, and that "
        "keeps each run's lesson (default: the user's library, if `webagent learn` made one)",
    )
    plans.add_argument("--no-plans", action="store_true", help="plan without the library")
    safety = parser.add_argument_group("safety")
    safety.add_argument(
        "--confirm",
        choices=("ask", "deny", "allow"),
        default=None,
        help="irreversible actions (buy, pay, delete, post, send...): ask (the default when "
        "there is someone to ask), deny (the default otherwise), or allow (only where "
        "anything may happen, e.g. a disposable site)",
    )
    safety.add_argument(
        "--ask-undoable",
        action="store_true",
        help="put undoable changes (removing from a cart or wish list, unfollowing) to the "
        "policy too; by default they run and are reported with how to undo them",
    )
    safety.add_argument(
        "--allow-domain",
        action="append",
        default=[],
        metavar="HOST[:PORT]",
        help="also allow this host (repeatable); by default only the start page's host:port "
        "and the profile's domains are reachable, everything else is blocked",
    )
    safety.add_argument(
        "--any-domain", action="store_true", help="no domain allowlist (not recommended)"
    )
    safety.add_argument(
        "--secrets",
        metavar="FILE",
        help="credentials as a TOML/JSON table {name = value}; the model types "
        "<secret>name</secret> and never sees the value ($WEBAGENT_SECRET_<NAME> adds more)",
    )
    add_model_options(parser)


def run_spec(args: argparse.Namespace, task: str, *, confirm: ConfirmSetting) -> RunSpec:
    """The run the options describe; `confirm` is the policy when `--confirm` is not given."""
    from webagent.session import PlanSpec, RunSpec, SafetySpec, StartPoint  # heavy: here

    start = StartPoint(url=args.url) if args.url else StartPoint(site=args.site)
    return RunSpec(
        task=task,
        start=start,
        model=model_config(args),
        settings=Settings.for_mode(
            args.mode, max_actions=args.max_actions, max_trials=args.max_trials
        ),
        budget=Budget(max_calls=args.max_calls, max_cost=args.max_cost),
        profile=args.profile or args.site,
        safety=SafetySpec(
            confirm=args.confirm or confirm,
            allow_domains=tuple(args.allow_domain),
            any_domain=args.any_domain,
            secrets=secrets_from(args.secrets),
            ask_undoable=args.ask_undoable,
        ),
        plan=PlanSpec(),
    )


def plan_library(args: argparse.Namespace) -> PlanUse | None:
    """The plan library the options name (None: `--no-plans`, or no library yet)."""
    from webagent.plans.use import PlanUse

    return PlanUse.open(args.plans, enabled=not args.no_plans)


def secrets_from(path: str | None) -> Secrets:
    """`$WEBAGENT_SECRET_<NAME>` values, and those of the `--secrets` file if given."""
    from webagent.safety import Secrets

    secrets = Secrets.from_env()
    return secrets.merged(Secrets.from_file(path)) if path else secrets
