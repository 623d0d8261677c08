"""`webagent plans`: look into the plan library (list, show, diff) and move it (export, import)."""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webagent.cli.help import examples
from webagent.errors import ConfigError

if TYPE_CHECKING:
    from webagent.plans.keys import PlanKey
    from webagent.plans.library import PlanLibrary, PlanVersion

EXAMPLE_CHARS = 70
"""Longest example intent `plans list` shows in full."""


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "plans",
        help="the learned plans: list, show, diff, export, import",
        description="The plan library: one natural-language plan per site and kind of task "
        "(an intent template, or a cluster of similar intents), in numbered versions learned "
        "from batches of runs, with the lessons the runs left.",
        epilog=examples("webagent plans list", "webagent plans show shopping/template:17"),
    )
    sub = parser.add_subparsers(dest="plans_command", metavar="SUBCOMMAND", required=True)

    listing = sub.add_parser(
        "list",
        help="one line per key",
        description="One line per key: its versions, the best one and its score, the lessons "
        "no version has used yet, and its example intent.",
        epilog=examples("webagent plans list --library plans.sqlite"),
    )
    listing.set_defaults(run=run_list)

    show = sub.add_parser(
        "show",
        help="a plan with its header",
        description="The key's best plan (the version marked best, else the latest), or "
        "--version N, or every version with --history; each with when and why it was made, "
        "its score and the runs it was learned from.",
        epilog=examples(
            "webagent plans show shopping/template:17",
            "webagent plans show shopping/template:17 --history",
        ),
    )
    show.add_argument("key", help="the key, e.g. shopping/template:17 (see `plans list`)")
    which = show.add_mutually_exclusive_group()
    which.add_argument("--version", type=int, default=None, metavar="N", help="version N")
    which.add_argument("--history", action="store_true", help="every version, oldest first")
    show.set_defaults(run=run_show)

    diff = sub.add_parser(
        "diff",
        help="what changed between two versions",
        description="A unified diff of two versions' texts.",
        epilog=examples("webagent plans diff shopping/template:17 1 2"),
    )
    diff.add_argument("key", help="the key, e.g. shopping/template:17")
    diff.add_argument("a", type=int, metavar="A", help="the older version")
    diff.add_argument("b", type=int, metavar="B", help="the newer version")
    diff.set_defaults(run=run_diff)

    export = sub.add_parser(
        "export",
        help="write the whole library as JSON",
        description="Write every key, version and lesson as JSON (importing it into an empty "
        "library gives the same library back).",
        epilog=examples("webagent plans export plans.json", "webagent plans export - | jq ."),
    )
    export.add_argument("file", metavar="FILE", help="the JSON file ('-': standard output)")
    export.set_defaults(run=run_export)

    load = sub.add_parser(
        "import",
        help="add an export's plans to the library",
        description="Add the keys, versions and lessons of an export, keeping their numbers. "
        "A key the library already has plans or lessons of is refused unless --replace.",
        epilog=examples(
            "webagent plans import plans.json",
            "webagent plans import plans.json --replace --library other.sqlite",
        ),
    )
    load.add_argument("file", metavar="FILE", help="the JSON file ('-': standard input)")
    load.add_argument(
        "--replace", action="store_true", help="replace the keys the library already has"
    )
    load.set_defaults(run=run_import)

    for command in (listing, show, diff, export, load):
        command.add_argument(
            "--library",
            type=Path,
            default=None,
            metavar="PATH",
            help="the plan library (default: $WEBAGENT_PLANS, else plans.sqlite in "
            "$WEBAGENT_DATA_DIR, $XDG_DATA_HOME/webagent or ~/.local/share/webagent)",
        )


def run_list(args: argparse.Namespace) -> int:
    from webagent.plans.library import PlanLibrary, default_path

    path: Path = args.library or default_path()
    if not path.exists():
        print(f"no plans yet ({path})")
        return 0
    with PlanLibrary(path) as library:
        keys = library.keys()
        rows = [_key_line(library, key) for key in keys]
    if not rows:
        print(f"no plans yet ({path})")
        return 0
    width = max(len(row[0]) for row in rows)
    for key, *columns in rows:
        print("  ".join([key.ljust(width), *columns]).rstrip())
    return 0


def run_show(args: argparse.Namespace) -> int:
    from webagent.plans.keys import PlanKey

    key = PlanKey.parse(args.key)
    with _existing(args) as library:
        history = library.history(key)
        best = library.best(key)
        if best is None:
            raise ConfigError(f"no plan for {key} in {library.path}")
        if args.history:
            versions = history
        elif args.version is not None:
            versions = [library.version(key, args.version)]
        else:
            versions = [best]
    count = len(history)
    print("\n\n".join(_shown(version, best.version, count) for version in versions))
    return 0


def run_diff(args: argparse.Namespace) -> int:
    from webagent.plans.keys import PlanKey

    key = PlanKey.parse(args.key)
    with _existing(args) as library:
        old, new = library.version(key, args.a), library.version(key, args.b)
    lines = list(
        difflib.unified_diff(
            old.text.splitlines(),
            new.text.splitlines(),
            fromfile=f"{key} v{old.version}",
            tofile=f"{key} v{new.version}",
            lineterm="",
        )
    )
    print("\n".join(lines) if lines else f"{key} v{old.version} and v{new.version} are the same")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from webagent.plans.export import export_counts, export_library  # pydantic: here

    with _existing(args) as library:
        data = export_library(library)
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    message = f"exported {export_counts(data)} to {args.file}"
    if args.file == "-":
        sys.stdout.write(text)
        print(message.replace(" to -", " to standard output"), file=sys.stderr)
        return 0
    try:
        Path(args.file).write_text(text, encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot write {args.file}: {error}") from error
    print(message)
    return 0


def run_import(args: argparse.Namespace) -> int:
    from webagent.plans.export import export_counts, import_library  # pydantic: here
    from webagent.plans.library import PlanLibrary, default_path

    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
        data = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ConfigError(f"cannot read {args.file} as JSON: {error}") from error
    if not isinstance(data, dict):
        raise ConfigError(f"{args.file}: not a plan library export (not a JSON object)")
    try:
        counts = export_counts(data)
    except ConfigError as error:
        raise ConfigError(f"{args.file}: {error}") from error
    with PlanLibrary(args.library or default_path()) as library:
        import_library(library, data, replace=args.replace)
        target = library.path
    source = "standard input" if args.file == "-" else args.file
    print(f"imported {counts} from {source} into {target}")
    return 0


def _existing(args: argparse.Namespace) -> PlanLibrary:
    """The library to read; a missing file is an error rather than a new empty library."""
    from webagent.plans.library import PlanLibrary, default_path

    path: Path = args.library or default_path()
    if not path.exists():
        raise ConfigError(f"no plan library at {path}")
    return PlanLibrary(path)


def _key_line(library: PlanLibrary, key: PlanKey) -> list[str]:
    versions = len(library.history(key))
    best = library.best(key)
    if best is None:
        plan = "no plan"
    else:
        score = "not scored" if best.score is None else f"score {best.score:.2f}"
        plan = f"best v{best.version} ({score})"
    unused = len(library.lessons(key))
    example = library.example(key) or ""
    if len(example) > EXAMPLE_CHARS:
        example = example[: EXAMPLE_CHARS - 1] + "…"
    return [
        str(key),
        _plural(versions, "version"),
        plan,
        _plural(unused, "unused lesson"),
        example,
    ]


def _shown(version: PlanVersion, best: int, count: int) -> str:
    """A version with its header."""
    mark = " (best)" if version.version == best else ""
    score = "not measured" if version.score is None else f"{version.score:.2f}"
    header = [
        f"{version.key} v{version.version} of {count}{mark}",
        f"created  {version.created}",
        f"note     {version.note or '-'}",
        f"score    {score}",
        f"runs     {', '.join(version.runs) or '-'}",
    ]
    return "\n".join(header) + "\n\n" + version.text


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
