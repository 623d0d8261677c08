"""The `webagent` command: one subcommand per module, wired here."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from webagent import __version__
from webagent.cli import (
    bench,
    demo,
    doctor,
    learn,
    llm,
    observe,
    plans,
    replay,
    run,
    safety,
    sites,
    tui,
    webarena,
)
from webagent.errors import ConfigError, WebAgentError

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="webagent",
        description="A browser agent: drives Chromium, reads pages as accessibility trees.",
    )
    parser.add_argument("--version", action="version", version=f"webagent {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands_in_order = (
        run,
        tui,
        demo,
        webarena,
        replay,
        learn,
        plans,
        observe,
        sites,
        safety,
        llm,
    )
    for module in (*commands_in_order, bench, doctor):
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        code: int = args.run(args)
    except ConfigError as error:
        print(f"webagent: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except WebAgentError as error:
        print(f"webagent: error: {error}", file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        print("webagent: interrupted", file=sys.stderr)
        return 130
    return code
