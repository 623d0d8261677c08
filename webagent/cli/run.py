"""`webagent run "task"`: one task on a live site or a local demo site, headless or headed."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webagent.cli.run_options import add_run_options, plan_library, run_spec
from webagent.errors import ConfigError

if TYPE_CHECKING:
    from webagent.agent import AgentRun


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "run",
        help="run one task with the agent",
        description="Run one task: plan, act, reflect, until the task is done or the budget "
        "is spent; print the answer and the metrics. --site serves a local site (signed in as "
        "its standard user); --url opens any page.",
        epilog="example: webagent run 'What is the grand total of order #000000180?' "
        "--site demo_shop --record rec/order",
    )
    parser.add_argument("task", help="the task, in words")
    add_run_options(parser)
    parser.add_argument("--json", action="store_true", help="print the whole run as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument(
        "--out",
        metavar="DIR",
        type=Path,
        help="write the run there: result.json, run.log, network.har, model.cassette.jsonl "
        "(credentials redacted from all of them)",
    )
    parser.add_argument(
        "--record",
        metavar="DIR",
        type=Path,
        help="record the session there as a fixture (pages, actions, model answers, network, "
        "screenshots; secrets and cookies scrubbed): `webagent replay DIR` runs it offline",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="with --record: a Playwright trace as well (trace.zip; `playwright show-trace`), "
        "scrubbed like the rest",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.trace and not args.record:
        raise ConfigError("--trace goes with --record DIR (the trace is kept there)")
    from webagent.session import Outputs, Session  # heavy: the browser, the model, the agent

    spec = run_spec(args, args.task, confirm="ask" if sys.stdin.isatty() else "deny")
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    outputs = Outputs(record=args.record, out=args.out, trace=args.trace, echo=not args.quiet)
    plans = plan_library(args)
    try:
        with Session(headless=not args.headed, plans=plans) as session:
            outcome = session.run(spec, outputs)
    finally:
        if plans is not None:
            plans.close()
    _print(outcome.run, outcome.to_json(), as_json=args.json)
    return 0 if outcome.succeeded else 1


def _print(outcome: AgentRun, result: dict[str, Any], *, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return
    answer = outcome.result.answer
    metrics = outcome.result.metrics
    print(f"status: {answer.status} ({outcome.result.how})")
    if answer.retrieved_data is not None:
        print(f"answer: {json.dumps(answer.retrieved_data, ensure_ascii=False)}")
    if answer.error_details:
        print(f"details: {answer.error_details}")
    for change in outcome.result.undoable:
        print(f"undoable: {change}")
    for decision in result.get("decisions", []):
        verdict = "approved" if decision["approved"] else "denied"
        confirmation = decision["confirmation"]
        print(
            f"safety: {verdict}: {confirmation['request'] or confirmation['action']} "
            f"{confirmation['element']}".rstrip()
        )
    print(
        f"actions {metrics.actions}, trials {metrics.trials}, plan revisions "
        f"{metrics.plan_revisions}, backtracks {metrics.backtracks}, decompositions "
        f"{metrics.decompositions}, model calls {outcome.usage.calls} "
        f"({outcome.calls_per_action:.2f} per action), tokens {outcome.usage.total_tokens} "
        f"({outcome.cached_share:.0%} of the prompt cached), "
        f"cost ${outcome.usage.cost:.4f}, {metrics.seconds:.1f} s"
    )
