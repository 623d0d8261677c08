"""`webagent webarena`: run WebArena(-Verified) tasks unattended, report and compare runs."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from webagent.cli.help import examples
from webagent.cli.model_options import add_model_options, model_config
from webagent.controller import MODES
from webagent.errors import ConfigError
from webagent.runner.schedule import MAX_ATTEMPTS

SITES_HELP = "shopping, shopping_admin, reddit, gitlab, wikipedia, map, homepage"


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "webarena",
        help="run WebArena(-Verified) tasks unattended and score them",
        description="The WebArena benchmark runner: tasks from webarena-verified (or a file in "
        "its format), sites from WA_SHOPPING, WA_SHOPPING_ADMIN, WA_REDDIT, WA_GITLAB, "
        "WA_WIKIPEDIA, WA_MAP, WA_HOMEPAGE or --config, scored by webarena-verified.",
        epilog=examples(
            "webagent webarena run --tasks webarena-verified --config sites.json --out runs/v",
            "webagent webarena report runs/v",
        ),
    )
    sub = parser.add_subparsers(dest="webarena_command", metavar="SUBCOMMAND", required=True)
    _register_run(sub)

    report = sub.add_parser(
        "report",
        help="write a run's summary.json and report.html again",
        description="Read every task record in DIR and write summary.json and report.html.",
        epilog=examples("webagent webarena report runs/verified"),
    )
    report.add_argument("dir", type=Path, help="a run's --out folder")
    report.set_defaults(run=run_report)

    compare = sub.add_parser(
        "compare",
        help="compare two runs",
        description="Success overall, per site and per task type in two runs, and the tasks "
        "one passed and the other did not.",
        epilog=examples("webagent webarena compare runs/before runs/after"),
    )
    compare.add_argument("a", type=Path, help="the first run's --out folder")
    compare.add_argument("b", type=Path, help="the second run's --out folder")
    compare.add_argument("--json", action="store_true", help="print the comparison as JSON")
    compare.set_defaults(run=run_compare)


def _register_run(sub: Any) -> None:
    run = sub.add_parser(
        "run",
        help="run tasks and score them",
        description="Run each selected task in a fresh browser session signed into its sites, "
        "record its HAR, answer and trajectory in OUT/<task id>/, score it with "
        "webarena-verified, and write OUT/summary.json and OUT/report.html. Rerunning with "
        "the same --out skips finished tasks.",
        epilog=examples(
            "webagent webarena run --tasks webarena-verified-hard --sites shopping "
            "--config sites.json --out runs/hard --dry-run",
            "WA_SHOPPING=http://127.0.0.1:7770 webagent webarena run --tasks "
            "sites/demo_shop/tasks.json --out runs/shop --workers 2 --model webagent-oracle "
            "--base-url http://127.0.0.1:8765/v1",
        ),
    )
    tasks = run.add_argument_group("tasks")
    tasks.add_argument(
        "--tasks",
        required=True,
        metavar="SET|FILE",
        help="webarena-verified (812 tasks), webarena-verified-hard (258), or a task file",
    )
    tasks.add_argument("--task-ids", metavar="IDS", help="only these, e.g. 1,5,10-20")
    tasks.add_argument("--sites", metavar="NAMES", help=f"only tasks on these ({SITES_HELP})")
    tasks.add_argument("--shard", metavar="K/N", help="this machine's part K of N of the tasks")
    tasks.add_argument(
        "--dry-run",
        action="store_true",
        help="list the tasks with their URLs and check the sites answer; run nothing",
    )
    where = run.add_argument_group("sites and output")
    where.add_argument(
        "--config",
        type=Path,
        metavar="FILE",
        help="site URLs and credentials (webarena-verified's config format)",
    )
    where.add_argument("--out", type=Path, metavar="DIR", help="where the run goes (required)")
    where.add_argument(
        "--profile",
        default=None,
        help="one site profile for every page: a site's name or a profile file (a learned "
        "one, `webagent sites learn`); default: each site's own, detected",
    )
    where.add_argument(
        "--screenshots",
        choices=("steps", "final", "none"),
        default="steps",
        help="a screenshot after every action (default), only at the end, or none",
    )
    where.add_argument(
        "--no-check", action="store_true", help="start even if a site does not answer"
    )
    where.add_argument(
        "--reset",
        metavar="URL",
        help="reset the sites before the first task by GET on URL (webarena-setup's reset "
        "server; default: $WA_FULL_RESET, as in BrowserGym); with --shard on one deployment, "
        "give it to one machine only",
    )
    where.add_argument(
        "--no-reset",
        action="store_true",
        help="do not reset the sites, even if WA_FULL_RESET is set",
    )
    agent = run.add_argument_group("agent")
    agent.add_argument("--mode", choices=MODES, default="devils-advocate", help="the strategy")
    agent.add_argument("--trials", type=int, default=None, help="trials per task at most")
    agent.add_argument("--max-steps", type=int, default=None, help="browser actions per task")
    agent.add_argument("--max-calls", type=int, default=None, help="model calls per task")
    agent.add_argument("--max-cost", type=float, default=None, help="US dollars per task")
    agent.add_argument(
        "--confirm",
        choices=("allow", "deny"),
        default="allow",
        help="irreversible actions (buy, post, delete) on the benchmark's disposable sites: "
        "allow (default: tasks ask for them) or deny",
    )
    agent.add_argument(
        "--any-domain",
        action="store_true",
        help="let the browser leave the configured sites (by default only they are reachable)",
    )
    agent.add_argument(
        "--record",
        metavar="DIR",
        type=Path,
        help="copy each finished task's recording to DIR/<task id> (every task folder in "
        "--out is one already: `webagent replay OUT/<id>` runs it offline)",
    )
    agent.add_argument(
        "--plans",
        type=Path,
        metavar="FILE",
        help="the plan library: each task's planner gets the plan for its kind (intent "
        "template), and each run leaves a lesson (default: the user's library if `webagent "
        "learn` made one)",
    )
    agent.add_argument("--no-plans", action="store_true", help="plan without the library")
    workers = run.add_argument_group("workers")
    workers.add_argument("--workers", type=int, default=1, help="parallel browsers (default 1)")
    workers.add_argument(
        "--task-timeout",
        type=float,
        default=1800.0,
        metavar="SECONDS",
        help="a task running longer is stopped and tried again (default 1800)",
    )
    workers.add_argument(
        "--max-attempts",
        type=int,
        default=MAX_ATTEMPTS,
        metavar="N",
        help="attempts a task has when they are lost (its worker or browser died, it timed "
        "out), each on a fresh worker; after N it ends as an error with the reasons "
        f"(default {MAX_ATTEMPTS})",
    )
    workers.add_argument(
        "--parallel-mutations",
        action="store_true",
        help="let tasks that change the same thing run at once (by default they take turns: "
        "WebArena's sites have one account, so two purchases would share a cart; "
        "sites/<site>/resources.toml says what a task changes)",
    )
    workers.add_argument(
        "--budget",
        type=float,
        metavar="USD",
        help="US dollars the whole run may spend (earlier sessions of it count): once spent, "
        "no more tasks start, the running ones finish, and the command exits 3; rerun with a "
        "higher budget to go on",
    )
    workers.add_argument(
        "--retry-errors", action="store_true", help="run again the tasks that ended in an error"
    )
    workers.add_argument(
        "--force", action="store_true", help="continue a run in --out even if settings differ"
    )
    workers.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run the workers on a Ray cluster ('auto', or ray://host:10001); needs "
        "pip install 'webagent[ray]'",
    )
    workers.add_argument("--quiet", action="store_true", help="no progress lines")
    add_model_options(run)
    run.set_defaults(run=run_run)


def _plans_file(args: argparse.Namespace) -> Path | None:
    from webagent.plans.library import default_path

    if args.no_plans:
        return None
    if args.plans is not None:
        return Path(args.plans)
    path = default_path()
    return path if path.is_file() else None


def run_run(args: argparse.Namespace) -> int:
    from webagent.runner.benchmark import Benchmark, run_benchmark
    from webagent.runner.options import AgentOptions
    from webagent.runner.progress import Progress, duration
    from webagent.runner.report import headline
    from webagent.runner.selection import Shard, parse_ids, select, task_file
    from webagent.runner.sites import reset_url
    from webagent.webarena import load_tasks
    from webagent.webarena.deployment import SiteConfig

    path = task_file(args.tasks)
    sites = SiteConfig.load(args.config)
    reset = None if args.no_reset else reset_url(args.reset)
    shard = Shard.parse(args.shard) if args.shard else None
    tasks = select(
        load_tasks(path),
        ids=parse_ids(args.task_ids) if args.task_ids else None,
        sites=[s.strip() for s in args.sites.split(",") if s.strip()] if args.sites else None,
        shard=shard,
    )
    if args.dry_run:
        return _dry_run(tasks, sites, check=not args.no_check, reset=reset)
    if args.out is None:
        raise ConfigError("--out DIR is required (where the run's files go)")
    if not tasks:
        raise ConfigError("no task is selected")
    if args.budget is not None and not args.budget > 0:
        raise ConfigError(f"--budget must be more than 0 US dollars, not {args.budget:g}")
    profile = _profile(args.profile)
    options = AgentOptions(
        model=model_config(args),
        mode=args.mode,
        trials=args.trials,
        max_steps=args.max_steps,
        max_calls=args.max_calls,
        max_cost=args.max_cost,
        confirm=args.confirm,
        any_domain=args.any_domain,
        screenshots=args.screenshots,
        plans=_plans_file(args),
        profile=profile,
    )
    bench = Benchmark(
        out=args.out,
        tasks_name=args.tasks,
        tasks_file=path,
        tasks=tasks,
        sites=sites,
        options=options,
        workers=args.workers,
        shard=shard,
        task_timeout=args.task_timeout,
        max_attempts=args.max_attempts,
        retry_errors=args.retry_errors,
        force=args.force,
        check=not args.no_check,
        serial_mutations=not args.parallel_mutations,
        backend="ray" if args.ray else "local",
        ray_address=args.ray,
        record=args.record,
        reset_url=reset,
        budget=args.budget,
    )
    progress = Progress(len(tasks), budget=args.budget, stream=None if args.quiet else sys.stderr)
    started = time.monotonic()
    try:
        summary = run_benchmark(bench, progress)
    except KeyboardInterrupt:
        print(
            f"webagent: interrupted; {progress.finished} of {len(tasks)} tasks finished "
            f"(report in {args.out / 'report.html'}); run the same command to go on",
            file=sys.stderr,
        )
        return 130
    print(headline(summary))
    for line in summary.retry_lines():
        print(line)
    print(f"{duration(time.monotonic() - started)}; report: {args.out / 'report.html'}")
    if args.budget is not None and progress.finished < len(tasks):  # stopped at the budget
        print(
            f"webagent: the budget of ${args.budget:g} is spent (${progress.cost:.4f}); "
            f"{progress.finished} of {len(tasks)} tasks finished; run again with a higher "
            "--budget to go on",
            file=sys.stderr,
        )
        return 3
    return 0


def _dry_run(tasks: list[Any], sites: Any, *, check: bool, reset: str | None) -> int:
    from webagent.runner.selection import site_names
    from webagent.runner.sites import check_sites, url_shown
    from webagent.webarena import render_url

    needed = sorted({site for task in tasks for site in site_names(task)})
    for task in tasks:
        urls = " ".join(render_url(url, sites.urls) for url in task.start_urls)
        print(f"{task.task_id:>4}  {'+'.join(site_names(task)):<22} {urls}  {task.intent}")
    print(f"{len(tasks)} tasks on {len(needed)} sites")
    problems = 0
    counts = {site: sum(site in site_names(t) for t in tasks) for site in needed}
    for site in needed:
        if site not in sites.urls:
            problems += 1
            need = f"{counts[site]} tasks need it"
            print(f"  {site:<15} NOT SET: WA_{site.upper()} (or --config); {need}")
    reachable = {site: sites.urls[site] for site in needed if site in sites.urls}
    if check:
        for result in check_sites(reachable):
            mark = "ok" if result.ok else "UNREACHABLE"
            problems += not result.ok
            there = f"{counts[result.site]} tasks"
            print(f"  {result.site:<15} {mark}: {result.url} ({result.detail}); {there}")
    if reset:
        shown = url_shown(reset)
        print(f"  the sites would be reset through {shown} before the first task (not now)")
    else:
        print("  no reset: the sites are used as they are (--reset URL or WA_FULL_RESET)")
    if problems:
        print(f"{problems} site(s) cannot be used: their tasks would fail", file=sys.stderr)
        return 1
    return 0


def run_report(args: argparse.Namespace) -> int:
    from webagent.runner.report import headline, write_reports

    if not args.dir.is_dir():
        raise ConfigError(f"no run folder at {args.dir}")
    summary = write_reports(args.dir)
    print(headline(summary))
    for line in summary.retry_lines():
        print(line)
    print(f"report: {args.dir / 'report.html'}")
    return 0


def run_compare(args: argparse.Namespace) -> int:
    import json

    from webagent.runner.compare import compare_runs

    comparison = compare_runs(args.a, args.b)
    print(json.dumps(comparison.to_json(), indent=2) if args.json else comparison.text())
    return 0


def _profile(given: str | None) -> str | None:
    """The profile named or at a path, checked before any worker starts (a file's path made
    absolute: the workers may not share the directory it was given from)."""
    if given is None:
        return None
    from webagent.sites.profiles import site_profile  # pydantic: when it is used

    site_profile(given)  # a bad name or file fails here, with its reason
    path = Path(given)
    return str(path.resolve()) if given.endswith(".toml") or path.is_dir() else given
