"""`webagent replay DIR...`: run recorded sessions again offline and check they go the same way."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webagent.cli.help import examples
from webagent.cli.model_options import add_model_options, model_config
from webagent.errors import ConfigError
from webagent.llm import ModelConfig

if TYPE_CHECKING:
    from webagent.agent.replay import ReplayResult
    from webagent.browser import Browser
    from webagent.controller import events as ev


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "replay",
        help="replay recorded sessions offline and check each step",
        description="Replay each recording (a folder written by --record): the network comes "
        "from its HAR (requests it lacks are aborted; nothing reaches a live site), the "
        "model's answers from its cassette. The same agent runs and every page it reads and "
        "every action it takes is compared with the recording: at the first difference the "
        "replay stops and shows that step, with a diff of the page. Exit 0 when every "
        "recording replays the same, 1 otherwise. --update records them again, live; "
        "--remake makes them again offline after the prompts or the rendering changed.",
        epilog=examples(
            "webagent replay fixtures",
            "webagent replay fixtures/shop-backtrack --verbose",
            "webagent replay --remake fixtures/real-wiki-read",
        ),
    )
    parser.add_argument(
        "folders",
        nargs="+",
        metavar="DIR",
        help="recordings to replay; a folder of recordings (fixtures/) means each one in it",
    )
    parser.add_argument("--headed", action="store_true", help="show the browser window")
    parser.add_argument("--verbose", action="store_true", help="print each step as it replays")
    parser.add_argument(
        "--update",
        action="store_true",
        help="record each again, live: the recorded local site is served afresh; the model is "
        "the recorded oracle, or the one the model options give",
    )
    parser.add_argument(
        "--remake",
        action="store_true",
        help="make each again offline, for changed prompts or rendering: its own network and "
        "the model's recorded answers in their recorded order; the actions and the outcome "
        "must stay the same (a recording a person or the relay answered needs no one again)",
    )
    add_model_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    folders = [found for folder in args.folders for found in recordings_in(Path(folder))]
    if args.update and args.remake:
        raise ConfigError("--update records live, --remake offline: choose one")
    if args.update:
        return _update(args, folders)
    if args.remake:
        return _remake(args, folders)
    from webagent.session.replay import replay

    failed = 0
    with _browser(args) as browser:
        for number, folder in enumerate(folders, start=1):
            prefix = f"[{number}/{len(folders)}] " if len(folders) > 1 else ""
            result = replay(folder, browser=browser, on_event=_printer(args.verbose))
            print(prefix + _summary(result), flush=True)
            if not result.ok:
                failed += 1
    if len(folders) > 1:
        print(f"{len(folders) - failed} of {len(folders)} replayed the same")
    return 1 if failed else 0


def recordings_in(folder: Path) -> list[Path]:
    """`folder` if it is a recording, else the recordings in it (`fixtures/`); a folder that
    holds neither is given back as it is, for `replay` to say what is wrong with it."""
    from webagent.agent.recording import META_FILE

    if (folder / META_FILE).is_file() or not folder.is_dir():
        return [folder]
    inside = sorted(meta.parent for meta in folder.glob(f"*/{META_FILE}"))
    return inside or [folder]


def _summary(result: ReplayResult) -> str:
    name = result.folder.name
    if result.ok:
        answer = result.run.result.answer.status if result.run else "?"
        return f"{name}: same as recorded ({result.checked} steps, {answer})"
    assert result.divergence is not None
    return f"{name}: DIVERGED\n{result.divergence.report()}"


def _browser(args: argparse.Namespace) -> Browser:
    """The browser to replay in (Playwright loads here, when the command runs)."""
    from webagent.browser import launch
    from webagent.sites.risk import SiteJudge

    return launch(headless=not args.headed, judge=SiteJudge)


def _printer(verbose: bool) -> Any:
    from webagent.controller.events import describe as describe_event

    def show(event: ev.Event) -> None:
        line = describe_event(event)
        if line and verbose:
            print(line, file=sys.stderr, flush=True)

    return show


def _remake(args: argparse.Namespace, folders: list[Path]) -> int:
    from webagent.session.replay import remake

    failed = 0
    with _browser(args) as browser:
        for folder in folders:
            result = remake(folder, browser=browser, on_event=_printer(args.verbose))
            if result.ok and not result.unmatched:
                print(f"{folder.name}: made again ({result.checked} steps)", flush=True)
                continue
            failed += 1
            report = result.divergence.report() if result.divergence else ""
            missing = ", ".join(result.unmatched[:5])
            why = report or f"requests the recording does not hold: {missing}"
            print(f"{folder.name}: NOT made again (kept as it was)\n{why}", flush=True)
    return 1 if failed else 0


def _update(args: argparse.Namespace, folders: list[Path]) -> int:
    from webagent.session.replay import rerecord

    given = args.model is not None or args.base_url is not None
    with _browser(args) as browser:
        for folder in folders:
            with _model_for(folder, model_config(args) if given else None) as config:
                run = rerecord(folder, config, browser=browser, on_event=_printer(args.verbose))
            metrics = run.result.metrics
            print(
                f"{folder.name}: recorded again ({metrics.actions} actions, "
                f"{run.result.answer.status}, {run.result.how})",
                flush=True,
            )
    return 0


@contextlib.contextmanager
def _model_for(folder: Path, given: ModelConfig | None) -> Iterator[ModelConfig]:
    """The model to record `folder` again with: `given`, else the recorded oracle (started
    here, with the recorded settings), else `ConfigError`."""
    if given is not None:
        yield given
        return
    from webagent.agent.recording import read_meta
    from webagent.llm.server import start_model_server
    from webagent.oracle import OracleModel
    from webagent.session.spec import MODEL_FIELDS

    meta = read_meta(folder)
    if meta.oracle is None:
        raise ConfigError(
            f"{folder} was recorded with {meta.model.get('model')!r}, not the oracle: "
            "give the model to record with (--model, --base-url)"
        )
    recorded = {k: v for k, v in meta.model.items() if k in MODEL_FIELDS}
    with start_model_server(answerer=OracleModel(**meta.oracle)) as server:
        yield ModelConfig(base_url=server.url, timeout=60, **recorded)
