"""`webagent demo`: the agent buys something in the demo shop, and a person decides.

The demo shop runs here with a scripted model that knows its tasks' solutions (the oracle),
on a task that ends at Place Order. In a terminal the app shows the plan, the steps and
the question before the order; the answer decides whether the order exists. Without one
(CI, a pipe, or --no-tui) the same run prints as it goes and the question is answered no.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
import textwrap
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webagent.cli.help import examples
from webagent.errors import ConfigError

if TYPE_CHECKING:
    from webagent.controller import events as ev
    from webagent.safety import Confirmation
    from webagent.session.live import LiveSession
    from webagent.webarena import Task

SITE = "demo_shop"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
"""The committed recordings (in a source checkout)."""
DEMO_FIXTURE = "shop-order-denied"
DEMO_TASK = 47
"""Buy a pair of headphones: the solution's last step is Place Order."""


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "demo",
        help="watch the agent shop in the demo shop, and decide whether it may order",
        description="Serve the demo shop and a scripted model that knows its tasks, then run "
        "a task that ends with Place Order in the terminal app: you see the plan and the "
        "steps, and your answer to the question before the order decides whether it is "
        "placed. Without a terminal (or with --no-tui) the run is printed and the question "
        "answered no. Ends by saying whether an order was placed.",
        epilog=examples(
            "webagent demo",
            "webagent demo --task-id 47 --confirm-timeout 60",
            "webagent demo --from-fixture shop-order-denied --no-tui",
        ),
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="the shop's database, reset to the seed data first (default: a temporary file)",
    )
    parser.add_argument(
        "--task-id",
        type=int,
        default=DEMO_TASK,
        metavar="N",
        help=f"the demo shop's task to run (default {DEMO_TASK}: buy a pair of headphones)",
    )
    parser.add_argument(
        "--no-tui",
        action="store_true",
        help="print the run instead of opening the app, and deny the order (the default "
        "when stdin or stdout is not a terminal)",
    )
    parser.add_argument("--headed", action="store_true", help="show the browser window")
    parser.add_argument(
        "--confirm-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="in the app: deny a question nobody answers within this many seconds",
    )
    parser.add_argument(
        "--from-fixture",
        nargs="?",
        const=DEMO_FIXTURE,
        metavar="NAME",
        help="replay a recording instead: no shop, no model server, nothing on the network "
        f"(NAME: a folder in fixtures/ or any recording's path; default {DEMO_FIXTURE}). "
        "Answers the app's questions as you like; without a terminal, as recorded",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.from_fixture is not None:
        return _from_fixture(args)
    # heavy (the browser, the model, the sites): imported when the command runs
    from webagent.controller import Settings
    from webagent.llm import ModelConfig
    from webagent.llm.server import start_model_server
    from webagent.oracle import OracleModel  # the sites' solutions load here
    from webagent.session import RunSpec, SafetySpec, StartPoint
    from webagent.session.live import LiveSession
    from webagent.sites import start_site
    from webagent.sites.catalog import load_site
    from webagent.webarena import render_url

    use_app = not args.no_tui and sys.stdin.isatty() and sys.stdout.isatty()
    site = load_site(SITE)
    task = _task(site.tasks_file, args.task_id)
    path = render_url(task.start_urls[0], {site.webarena_site: ""}) or "/"
    with (
        tempfile.TemporaryDirectory(prefix="webagent-demo-") as temp,
        start_model_server(answerer=OracleModel(SITE)) as model,
    ):
        db = Path(args.db) if args.db else Path(temp) / "demo_shop.sqlite"
        with start_site(SITE, db=db, reset=True) as shop:
            spec = RunSpec(
                task=task.intent,
                start=StartPoint(site=SITE, path=path),
                model=ModelConfig(model="webagent-oracle", base_url=model.url, timeout=60),
                settings=Settings.for_mode("devils-advocate"),
                profile=SITE,
                safety=SafetySpec(confirm="ask"),
            )
            session = LiveSession(spec, headless=not args.headed, servers={SITE: shop})
            try:
                before = _orders(db)
                if use_app:
                    from tui.app import create_app  # Textual loads only for the app

                    app = create_app(session, task.intent, confirm_timeout=args.confirm_timeout)
                    app.run()
                else:
                    _print_run(session, task.intent)
            finally:
                session.close()
        placed = _orders(db) - before  # the database outlives the site's server
    if placed:
        print(f"an order was placed ({placed} new in the shop's database)")
    else:
        print("no order placed")
    return 0


def _from_fixture(args: argparse.Namespace) -> int:
    from webagent.agent.replay import Fixture, RecordedAnswers
    from webagent.session import RunSpec
    from webagent.session.live import LiveSession

    fixture = Fixture(_fixture_folder(args.from_fixture))
    meta = fixture.meta
    spec = RunSpec.of_recording(fixture)
    if spec.safety.confirm != "answers":  # the person in the app answers, whatever the policy
        spec = replace(spec, safety=replace(spec.safety, confirm="answers"))
    session = LiveSession(spec, headless=not args.headed)
    try:
        if not args.no_tui and sys.stdin.isatty() and sys.stdout.isatty():
            from tui.app import create_app

            create_app(session, meta.task, confirm_timeout=args.confirm_timeout).run()
        else:
            recorded = RecordedAnswers(meta.answers)
            policy = fixture.confirm()
            answer = (lambda _: policy == "allow") if isinstance(policy, str) else recorded
            _print_run(session, meta.task, answer=answer)
    finally:
        session.close()
    print(f"replayed the recording {fixture.folder} (recorded {meta.recorded})")
    return 0


def _fixture_folder(name: str) -> Path:
    given = Path(name)
    if given.is_dir():
        return given
    folder = FIXTURES / name
    if folder.is_dir():
        return folder
    known = sorted(p.name for p in FIXTURES.glob("*") if (p / "meta.json").is_file())
    listed = ", ".join(known) if known else "none found"
    raise ConfigError(f"no recording {name!r} (a path, or one of fixtures/: {listed})")


def _task(tasks_file: Path, task_id: int) -> Task:
    from webagent.webarena import load_tasks

    for task in load_tasks(tasks_file):
        if task.task_id == task_id:
            return task
    raise ConfigError(f"the demo shop has no task {task_id} (see {tasks_file})")


def _print_run(
    session: LiveSession, task: str, answer: Callable[[Confirmation], bool] | None = None
) -> None:
    from webagent.controller.events import describe as describe_event

    print(f"task: {task}", flush=True)

    def show(event: ev.Event) -> None:
        line = describe_event(event)
        if line:
            print(line, flush=True)

    def deny(confirmation: Confirmation) -> bool:
        print("the agent asks before this:", flush=True)
        print(textwrap.indent(confirmation.describe(), "    "), flush=True)
        print("answer: no (no terminal to ask in; run `webagent demo` in one to decide)")
        return False

    def recorded(confirmation: Confirmation) -> bool:
        assert answer is not None
        approved = answer(confirmation)
        print("the agent asks before this:", flush=True)
        print(textwrap.indent(confirmation.describe(), "    "), flush=True)
        print(f"answer: {'yes' if approved else 'no'} (as recorded)", flush=True)
        return approved

    confirm = deny if answer is None else recorded
    result = session.run(task, on_event=show, confirm=confirm, pace=lambda: None)
    print(f"status: {result.answer.status} ({result.how})", flush=True)


def _orders(db: Path) -> int:
    """How many orders the shop's database holds."""
    with sqlite3.connect(db) as connection:
        (count,) = connection.execute("SELECT COUNT(*) FROM sales_order").fetchone()
    return int(count)
