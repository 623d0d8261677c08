"""Every `--help` ends with examples to copy: one command a line, never wrapped.

    parser = commands.add_parser("observe", ..., epilog=examples(
        "webagent observe https://example.com/",
        "webagent observe --sample --full-page --json",
    ))

`build_parser` gives every parser of the tree `HelpFormatter`: descriptions are wrapped to
the terminal as usual, while an epilog's examples (from its line that starts with
"example:" or "examples:") keep their lines as written.
"""

from __future__ import annotations

import argparse
import re

_EXAMPLES = re.compile(r"^examples?:", re.MULTILINE)


def examples(*commands: str, before: str = "") -> str:
    """An epilog: `before` (a paragraph, wrapped), then the commands, one a line."""
    head = "example:" if len(commands) == 1 else "examples:"
    block = "\n".join([head, *(f"  {command}" for command in commands)])
    return f"{before}\n\n{block}" if before else block


class HelpFormatter(argparse.HelpFormatter):
    """argparse's own, except that an examples block is kept line by line."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        found = _EXAMPLES.search(text)
        if found is None:
            return super()._fill_text(text, width, indent)
        before = text[: found.start()].strip()
        block = "".join(indent + line for line in text[found.start() :].splitlines(True))
        if not before:
            return block
        return super()._fill_text(before, width, indent) + "\n\n" + block


def use_everywhere(parser: argparse.ArgumentParser) -> None:
    """`HelpFormatter` for `parser` and every parser under it."""
    for each in walk(parser):
        each.formatter_class = HelpFormatter


def walk(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """`parser` and every subcommand's parser under it, depth first."""
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # aliases: once
                found.extend(walk(sub))
    return found
