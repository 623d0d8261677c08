"""`webagent learn`: AutoPlan on a local site's tasks, the plans kept in the plan library."""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webagent.cli.help import examples
from webagent.cli.model_options import add_model_options, model_config
from webagent.controller import MODES, Settings
from webagent.errors import ConfigError

if TYPE_CHECKING:
    from webagent.plans.keys import PlanKey
    from webagent.webarena import Task


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "learn",
        help="learn a plan per kind of task (AutoPlan), kept in the plan library",
        description="AutoPlan on a local site: the tasks are grouped by kind (intent "
        "template); for each kind, every iteration runs a batch of its tasks with the current "
        "plan as the planner's guidance, reflects on each run (summary, flaws, revision), "
        "rewrites the plan once from the batch, stores it as a new version and scores it on "
        "held-out tasks; the best version is the one later runs use. Without --model or "
        "--base-url the site's scripted oracle model answers (offline).",
        epilog=examples("webagent learn --site demo_shop --iterations 2 --batch 3"),
    )
    parser.add_argument("--site", required=True, help="a local site to serve, e.g. demo_shop")
    parser.add_argument(
        "--tasks", type=Path, help="a task file (default: the site's own tasks.json)"
    )
    parser.add_argument("--task-ids", help="only these tasks, e.g. 1-4,9")
    parser.add_argument(
        "--template", type=int, action="append", help="only this intent template (repeatable)"
    )
    parser.add_argument("--iterations", type=int, default=3, help="plan updates (default 3)")
    parser.add_argument("--batch", type=int, default=4, help="runs per update (default 4)")
    parser.add_argument(
        "--holdout",
        type=int,
        default=1,
        help="tasks of each kind held out to score each plan (default 1; the last ones)",
    )
    parser.add_argument(
        "--mode", choices=MODES, default="devils-advocate", help="the agent's strategy"
    )
    parser.add_argument("--seed", type=int, default=0, help="which tasks make each batch")
    parser.add_argument("--library", type=Path, help="the plan library (default: user data)")
    oracle = parser.add_argument_group("the oracle model (when no model is given)")
    oracle.add_argument("--noise", type=float, default=0.0, help="its chance of a wrong click")
    oracle.add_argument(
        "--eval-noise", type=float, default=0.0, help="its chance of a wrong verdict"
    )
    add_model_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from webagent.llm import ModelConfig
    from webagent.llm.server import start_model_server
    from webagent.oracle import OracleModel
    from webagent.plans.library import PlanLibrary
    from webagent.runner.learn import LearnSetup, learn
    from webagent.runner.selection import parse_ids
    from webagent.session import Session
    from webagent.sites import start_site
    from webagent.sites.catalog import load_site
    from webagent.webarena import load_tasks

    for name in ("iterations", "batch"):
        if getattr(args, name) < 1:
            raise ConfigError(f"--{name} must be at least 1")
    site = load_site(args.site)
    tasks = list(load_tasks(args.tasks or site.tasks_file))
    if args.task_ids:
        wanted = set(parse_ids(args.task_ids))
        tasks = [task for task in tasks if task.task_id in wanted]
    if args.template:
        tasks = [task for task in tasks if task.intent_template_id in set(args.template)]
    if not tasks:
        raise ConfigError("no task is selected")
    given_model = args.model is not None or args.base_url is not None
    with contextlib.ExitStack() as stack:
        temp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="webagent-learn-")))
        library = stack.enter_context(PlanLibrary(args.library))
        groups = _groups(tasks, args.site, library.examples(args.site))
        if given_model:
            config = model_config(args)
        else:
            oracle = OracleModel(args.site, noise=args.noise, eval_noise=args.eval_noise)
            server = stack.enter_context(start_model_server(answerer=oracle))
            config = ModelConfig(model="webagent-oracle", base_url=server.url, timeout=60)
        session = stack.enter_context(Session())
        shop = stack.enter_context(start_site(args.site, db=temp / "site.sqlite", reset=True))
        setup = LearnSetup(
            session=session,
            server=shop,
            model=config,
            settings=Settings.for_mode(args.mode),
            iterations=args.iterations,
            batch=args.batch,
            seed=args.seed,
        )
        print(f"plan library: {library.path}", flush=True)
        for key, members in groups.items():
            held = members[-args.holdout :] if 0 < args.holdout < len(members) else []
            training = [task for task in members if task not in held]
            library.remember_example(key, members[0].intent)
            print(
                f"{key}: {len(training)} training task(s) ({_ids(training)}), "
                f"{len(held)} held out ({_ids(held) or 'none'})",
                flush=True,
            )
            result = learn(library, key, training, held, setup, on_line=_say)
            best = result.best
            where = f"v{best.version}" if best is not None else "none"
            print(f"{key}: best plan {where}; held-out scores {_scores(result.scores)}", flush=True)
    return 0


def _groups(
    tasks: list[Task], site: str, known: Mapping[PlanKey, str]
) -> dict[PlanKey, list[Task]]:
    """The tasks by plan key: by intent template, else with similar intents (`key_for`)."""
    from webagent.plans.keys import key_for, normalise_intent

    seen = dict(known)  # a new cluster is there for the tasks after it
    groups: defaultdict[PlanKey, list[Task]] = defaultdict(list)
    for task in tasks:
        key = key_for(site, task.intent, task.intent_template_id, seen)
        seen.setdefault(key, normalise_intent(task.intent))
        groups[key].append(task)
    return dict(groups)


def _say(line: str) -> None:
    print(line, flush=True, file=sys.stdout)


def _ids(tasks: list[Task]) -> str:
    return ", ".join(str(task.task_id) for task in tasks)


def _scores(scores: list[float | None]) -> str:
    return " -> ".join("n/a" if s is None else f"{s:.0%}" for s in scores)
