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
    stdout,
    tui,
    webarena,
)
from webagent.cli.help import examples, use_everywhere
from webagent.errors import (
    BrowserError,
    BrowserNotFoundError,
    ConfigError,
    InvalidURLError,
    NavigationError,
    WebAgentError,
)

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="webagent",
        description="A browser agent: drives Chromium, reads pages as accessibility trees.",
        epilog=examples(
            "webagent demo",
            "webagent observe https://example.com/",
            "webagent run 'What is the grand total of order #000000180?' --site demo_shop",
            "webagent COMMAND --help",
        ),
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
    use_everywhere(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command `argv` names (default: the process's arguments); its exit code.

    An error webagent raises ends in one line on stderr saying what is wrong and what to do
    (exit 2 for bad input, 1 otherwise), without a traceback. A reader that stops reading
    (`webagent observe URL | head -3`) ends the command quietly, with exit code 0.
    """
    try:
        try:
            return _main(argv)
        finally:
            sys.stdout.flush()  # here, not at exit, so a closed pipe is caught below
    except BrokenPipeError:
        if not stdout.closed():
            raise
        stdout.silence()
        return EXIT_OK


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        code: int = args.run(args)
    except ConfigError as error:
        print(f"webagent: error: {explained(error)}", file=sys.stderr)
        return EXIT_USAGE
    except WebAgentError as error:
        print(f"webagent: error: {explained(error)}", file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        print("webagent: interrupted", file=sys.stderr)
        return 130
    return code


# What to do about an error whose message does not say, by its type; a message already
# holding the marker (its own advice) is left as it is.
_ADVICE: tuple[tuple[type[WebAgentError], str, str], ...] = (
    (
        InvalidURLError,
        "use one of",
        "give a URL such as https://example.com/ or the path of an existing file",
    ),
    (
        BrowserNotFoundError,
        "Install",
        "set WEBAGENT_CHROMIUM to a Chromium executable, or unset it to use the one found "
        "(install one with `playwright install chromium` or Debian's `apt-get install "
        "chromium`); `webagent doctor` shows what is found",
    ),
    (
        NavigationError,
        "blocked it",
        "check the address, and that the site is up and answers (open it in a browser)",
    ),
)


def explained(error: WebAgentError) -> str:
    """The error's message on one line, with what to do about it when it does not say."""
    message = " ".join(str(error).split()) or type(error).__name__
    for kind, marker, advice in _ADVICE:
        if isinstance(error, kind) and marker not in message:
            return f"{message}; {advice}"
    if type(error) is BrowserError and message.startswith("Chromium did not start"):
        return f"{message}; `webagent doctor` checks the browser webagent finds"
    return message
