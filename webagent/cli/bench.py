"""`webagent bench robustness`: each mode against an oracle model that makes mistakes;
`webagent bench tokens`: what the requests cost in tokens and what a prefix cache reuses;
`webagent bench states`: a profile's page states against pages labelled by hand."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webagent.bench.tasks import TASKS
from webagent.cli.help import examples
from webagent.controller import MODES
from webagent.errors import ConfigError

if TYPE_CHECKING:
    from webagent.bench.robustness import TaskRun


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "bench",
        help="benchmarks that run the agent",
        description="Benchmarks of the agent.",
        epilog=examples("webagent bench robustness --site demo_shop --noise 0,0.2 --tasks 1,16"),
    )
    sub = parser.add_subparsers(dest="bench_command", metavar="SUBCOMMAND", required=True)
    robustness = sub.add_parser(
        "robustness",
        help="success per mode as the model's mistakes grow",
        description="Run a local site's tasks in each mode with an oracle model that, with "
        "probability NOISE, clicks a plausible wrong element first (the right one among its "
        "remedies); score each run with webarena-verified; print success, actions, plan "
        "revisions, backtracks and model calls per action per mode and noise level.",
        epilog=examples(
            "webagent bench robustness --site demo_shop --noise 0,0.2 --modes react,"
            "devils-advocate --tasks 1,16 --json robustness.json"
        ),
    )
    robustness.add_argument("--site", default="demo_shop", help="the local site")
    robustness.add_argument(
        "--noise", default="0,0.1,0.2,0.3", help="comma-separated rates (default 0,0.1,0.2,0.3)"
    )
    robustness.add_argument(
        "--eval-noise", type=float, default=0.0, help="rate of wrong evaluation verdicts"
    )
    robustness.add_argument("--modes", default=",".join(MODES), help="comma-separated modes")
    robustness.add_argument("--tasks", default=None, help="comma-separated task ids (default all)")
    robustness.add_argument("--seed", type=int, default=0, help="the oracle's seed")
    robustness.add_argument(
        "--json", type=Path, default=None, metavar="FILE", help="write all runs"
    )
    robustness.set_defaults(run=run)
    tokens = sub.add_parser(
        "tokens",
        help="what each request costs in tokens, and how much of it a prefix cache reuses",
        description="Run a local site's tasks through `webagent webarena run` (one worker, "
        "the oracle model answering at once) and measure every request as a provider sees it: "
        "per query the requests, their median/p90/max o200k tokens (tool definitions and "
        "messages as sent), the tools' share, and the identical prefix consecutive requests "
        "share; tokens per task and model calls per action. Then the same tasks through the "
        "session, timed: the browser's, the model's and webagent's own time per action.",
        epilog="example: webagent bench tokens --json bench/tokens.json",
    )
    tokens.add_argument("--site", default="demo_shop", help="the local site")
    tokens.add_argument(
        "--tasks",
        default=",".join(map(str, TASKS)),
        help="comma-separated task ids (default: the robustness benchmark's 14)",
    )
    tokens.add_argument(
        "--out", type=Path, default=None, metavar="DIR", help="keep the runner's files there"
    )
    tokens.add_argument("--no-timing", action="store_true", help="skip the timed pass")
    tokens.add_argument("--json", type=Path, default=None, metavar="FILE", help="write the report")
    tokens.set_defaults(run=run_tokens)
    states = sub.add_parser(
        "states",
        help="how well a profile's page states fit pages of real apps labelled by hand",
        description="Classify every labelled page (URL, HTTP status and aria snapshot captured "
        "from a real third-party app, and the state a person gave it) with a profile's rules "
        "alone, as on a site seen for the first time; print accuracy per app, the confusion "
        "matrix, the harmful labels (error, login or confirmation where the page is none of "
        "them; a state that takes an action away) and every miss.",
        epilog="example: webagent bench states --json bench/states.json",
    )
    states.add_argument(
        "--pages",
        type=Path,
        default=None,
        metavar="DIR",
        help="the labelled pages (default: sites/real/pages, the project's corpus)",
    )
    states.add_argument(
        "--profile", default="generic", help="a site profile's name or file (default generic)"
    )
    states.add_argument("--json", type=Path, default=None, metavar="FILE", help="write the report")
    states.set_defaults(run=run_states)


def run(args: argparse.Namespace) -> int:
    noises = [_rate(part) for part in args.noise.split(",") if part.strip()]
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        raise ConfigError(f"unknown mode(s) {', '.join(unknown)} (modes: {', '.join(MODES)})")
    task_ids = None
    if args.tasks:
        try:
            task_ids = [int(part) for part in args.tasks.split(",") if part.strip()]
        except ValueError as error:
            raise ConfigError(f"--tasks takes task ids like 1,5,12: {error}") from error
    from webagent.bench.robustness import run_robustness, table  # heavy: when the command runs

    cells = run_robustness(
        args.site,
        noises=noises,
        modes=modes,
        task_ids=task_ids,
        eval_noise=_rate(str(args.eval_noise)),
        seed=args.seed,
        progress=_progress,
    )
    print(table(cells))
    if args.json is not None:
        args.json.write_text(json.dumps([cell.to_json() for cell in cells], indent=1))
    return 0


def run_tokens(args: argparse.Namespace) -> int:
    try:
        task_ids = [int(part) for part in args.tasks.split(",") if part.strip()]
    except ValueError as error:
        raise ConfigError(f"--tasks takes task ids like 1,5,12: {error}") from error
    from webagent.bench.tokens import measure_tokens, report_markdown  # heavy: as above

    with tempfile.TemporaryDirectory(prefix="webagent-bench-tokens-") as temp:
        report = measure_tokens(
            args.site,
            task_ids=task_ids,
            out=args.out or Path(temp) / "run",
            timing=not args.no_timing,
            progress=lambda line: print(line, file=sys.stderr, flush=True),
        )
    print(report_markdown(report))
    if args.json is not None:
        args.json.write_text(json.dumps(report.to_json(), indent=1) + "\n", encoding="utf-8")
    return 0


def run_states(args: argparse.Namespace) -> int:
    from webagent.bench.states import load_pages, measure_states
    from webagent.bench.states import report_markdown as states_markdown
    from webagent.sites.catalog import sites_root
    from webagent.sites.profile import load_profile
    from webagent.sites.profiles import site_profile

    pages = load_pages(args.pages or sites_root() / "real" / "pages")
    profile = (
        load_profile(args.profile) if args.profile.endswith(".toml") else site_profile(args.profile)
    )
    report = measure_states(pages, profile)
    print(states_markdown(report))
    if args.json is not None:
        args.json.write_text(json.dumps(report.to_json(), indent=1) + "\n", encoding="utf-8")
    return 0


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ConfigError(f"not a rate: {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise ConfigError(f"a rate is between 0 and 1, not {value}")
    return value


def _progress(run: TaskRun, done: int, total: int) -> None:
    mark = "pass" if run.passed else "FAIL"
    print(
        f"[{done}/{total}] {run.mode} noise={run.noise:g} task {run.task_id}: {mark} "
        f"({run.metrics.actions} actions, {run.metrics.calls} calls, {run.seconds:.1f} s)",
        file=sys.stderr,
        flush=True,
    )
