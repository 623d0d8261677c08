"""`webagent sites`: list, serve and rehearse the local sites (the demo shop)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webagent.cli.help import examples
from webagent.cli.model_options import add_model_options, model_client

if TYPE_CHECKING:
    from webagent.oracle.runner import OracleOutcome


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "sites",
        help="serve the local demo sites and run their oracle solutions",
        description="The local sites that stand in for WebArena's (which cannot run here).",
        epilog=examples("webagent sites list", "webagent sites serve demo_shop --port 7770"),
    )
    sub = parser.add_subparsers(dest="sites_command", metavar="SUBCOMMAND", required=True)

    listing = sub.add_parser(
        "list",
        help="list the sites",
        description="List the local sites.",
        epilog=examples("webagent sites list"),
    )
    listing.set_defaults(run=run_list)

    serve = sub.add_parser(
        "serve",
        help="serve a site until interrupted",
        description="Serve a site on loopback. Its state lives in a SQLite file (--db); "
        "a new file, or --reset, starts from the seed state.",
        epilog=examples(
            "webagent sites serve demo_shop --port 7770 --reset",
            "webagent sites serve demo_shop --db shop.sqlite --reset-port 7565",
        ),
    )
    serve.add_argument("site", help="the site, e.g. demo_shop")
    serve.add_argument("--port", type=int, default=7770, help="port (default 7770; 0: any)")
    serve.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    serve.add_argument("--db", type=Path, default=None, help="SQLite file (default: a temp copy)")
    serve.add_argument("--reset", action="store_true", help="restore the seed state first")
    serve.add_argument(
        "--reset-port",
        type=int,
        metavar="PORT",
        help="also answer GET on this port by restoring the seed state (webarena-setup's "
        "reset server: give its URL to `webagent webarena run` as WA_FULL_RESET or --reset)",
    )
    serve.set_defaults(run=run_serve)

    oracle = sub.add_parser(
        "oracle",
        help="run the scripted solution of each task and score it",
        description="Run each task's scripted solution through the browser API with HAR "
        "recording and score it with webarena-verified's evaluators.",
        epilog=examples("webagent sites oracle demo_shop --task 1 --task 16 --out oracle-runs"),
    )
    oracle.add_argument("site", help="the site, e.g. demo_shop")
    oracle.add_argument(
        "--task", type=int, action="append", dest="tasks", metavar="N", help="only task N (repeat)"
    )
    oracle.add_argument(
        "--out", type=Path, default=None, help="keep HARs and responses here (default: temp)"
    )
    oracle.set_defaults(run=run_oracle)

    check = sub.add_parser(
        "check",
        help="show the site, state and permitted actions webagent sees on a page",
        description="Open a page and show what webagent's site profiles make of it: the site "
        "(detected, or --site), the LASER state and how it was decided, the actions permitted "
        "there with their target elements, and the controls marked irreversible. Without "
        "--ask-model, ties between states are settled without a model.",
        epilog=examples(
            "webagent sites check http://127.0.0.1:7770/checkout/cart/ --site demo_shop",
            "webagent sites check https://example.com/ --json",
            "webagent sites check http://127.0.0.1:8082/demo/issue1 --profile learned/profile.toml",
        ),
    )
    check.add_argument("url", help="the page (http(s)://, file:// or a local path)")
    check.add_argument(
        "--site",
        "--profile",
        default=None,
        help="the site profile: a site's name, or a profile file (a learned one) (default: "
        "detect it)",
    )
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument(
        "--ask-model", action="store_true", help="let the model settle pages the rules cannot"
    )
    add_model_options(check)
    check.set_defaults(run=run_check)

    from webagent.cli.sites_learn import register_learn

    register_learn(sub)


def run_check(args: argparse.Namespace) -> int:
    # heavy (Playwright, the site profiles): imported when the command runs
    from webagent.browser import launch
    from webagent.sites.check import check_page
    from webagent.sites.profiles import site_profile
    from webagent.sites.risk import SiteJudge
    from webagent.urls import normalize_url

    if args.site is not None:
        site_profile(args.site)  # a bad name fails before a browser starts
    url = normalize_url(args.url)
    with launch(judge=SiteJudge) as browser:
        observation = browser.open(url).observe(full_page=True)
    client = model_client(args) if args.ask_model else None
    try:
        report = check_page(observation, site=args.site, client=client)
    finally:
        if client is not None:
            client.close()
    if args.json:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        print(report.text())
    return 0


def run_list(args: argparse.Namespace) -> int:
    from webagent.sites import site_names

    for name in site_names():
        print(name)
    return 0


def run_serve(args: argparse.Namespace) -> int:
    from webagent.cli.serving import serve_until, stop_on_sigterm
    from webagent.sites import start_site

    stop = stop_on_sigterm()  # before the line that says where the shop answers
    with start_site(
        args.site, db=args.db, port=args.port, host=args.host, reset=args.reset
    ) as server:
        print(f"{args.site} on {server.url}  (database: {server.db}; Ctrl-C stops)", flush=True)
        if args.reset_port is not None:
            print(f"reset: GET {server.serve_reset(args.reset_port)}", flush=True)
        serve_until(stop)
    return 0


def run_oracle(args: argparse.Namespace) -> int:
    from webagent.browser import launch
    from webagent.oracle.runner import OracleRunner
    from webagent.sites import start_site
    from webagent.sites.risk import SiteJudge

    temp = None
    out = args.out
    if out is None:
        temp = tempfile.TemporaryDirectory(prefix="webagent-oracle-")
        out = Path(temp.name)
    try:
        with (
            start_site(args.site, db=out / "site.sqlite", reset=True) as server,
            launch(judge=SiteJudge) as browser,
        ):
            runner = OracleRunner(server, browser, out)
            total = len(args.tasks) if args.tasks else len(runner.tasks)
            print(f"{args.site}: {total} tasks on {server.url}", flush=True)
            outcomes = runner.run(args.tasks, report=_print_outcome)
    finally:
        if temp is not None:
            temp.cleanup()
    passed = sum(outcome.passed for outcome in outcomes)
    print(f"\n{passed}/{len(outcomes)} tasks scored 1.0")
    return 0 if passed == len(outcomes) else 1


def _print_outcome(outcome: OracleOutcome) -> None:
    intent = outcome.task.intent
    intent = intent if len(intent) <= 70 else intent[:69] + "…"
    score = f"{outcome.score.score:.1f}" if outcome.score is not None else "---"
    mark = "ok  " if outcome.passed else "FAIL"
    print(f"{mark} {score}  task {outcome.task.task_id:>3}  {intent}  ({outcome.seconds:.1f}s)")
    if not outcome.passed:
        reason = outcome.error or (outcome.score.explain() if outcome.score else "")
        for line in reason.splitlines():
            print(f"          {line}", file=sys.stderr)
    sys.stdout.flush()
