"""`webagent sites learn URL`: explore a site read-only and draft its LASER profile."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from webagent.cli.help import examples
from webagent.cli.model_options import add_model_options, model_client
from webagent.errors import ConfigError


def register_learn(sub: Any) -> None:
    learn = sub.add_parser(
        "learn",
        help="explore a site read-only and draft its profile (states, rules, advice)",
        description=(
            "Explore the site at URL by following its links (no click, no form sent, "
            "nothing irreversible: the network guard refuses it, and nothing leaves the "
            "site's host), then group the pages read into candidate states by URL template "
            "and by what the generic states make of them, and write DIR/profile.toml (a "
            "profile in the project's format, for a person to review) and DIR/LEARNED.md "
            "(pages per state, examples, how many pages the rules put back in their state). "
            "--update explores again and keeps a person's edits to the profile. "
            "Use the profile with --profile (run, tui, sites check) like a written one. "
            "Pages read are kept in DIR/pages: a stopped run goes on where it stopped."
        ),
        epilog=examples(
            "webagent sites learn http://127.0.0.1:8082/demo/ --out learned",
            "webagent sites learn http://127.0.0.1:7770/ --out shop --max-pages 40 --pace 0.2",
            "webagent sites learn http://127.0.0.1:7770/ --out shop --secrets login.toml",
            "webagent sites learn http://127.0.0.1:7770/ --out shop --update",
            "webagent sites learn http://127.0.0.1:8082/demo/ --out tracker --ask-model "
            "--model gpt-4o-mini",
            "webagent sites check http://127.0.0.1:7770/ --profile shop/profile.toml",
        ),
    )
    learn.add_argument("url", help="where to start (http(s)://); the site is its host")
    learn.add_argument("--out", type=Path, required=True, metavar="DIR", help="where to write")
    learn.add_argument(
        "--max-pages", type=int, default=80, metavar="N", help="pages to read at most (80)"
    )
    learn.add_argument(
        "--pace",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="wait between pages, to be polite to the site (default 0.5)",
    )
    learn.add_argument(
        "--update",
        action="store_true",
        help="explore again from the start and redraw the profile, keeping what a person "
        "changed in DIR/profile.toml; print what changed",
    )
    learn.add_argument(
        "--secrets",
        metavar="FILE",
        help="sign in first with the `username` and `password` in this TOML or JSON file "
        "(typed through placeholders, redacted from every page written)",
    )
    learn.add_argument(
        "--ask-model",
        action="store_true",
        help="let the model name each state and write its description and advice (one "
        "query per state, from a few of its pages); without it, names come from the "
        "addresses and the advice is the generic state's",
    )
    add_model_options(learn)
    learn.set_defaults(run=run_learn)


def run_learn(args: argparse.Namespace) -> int:
    from webagent.explore.crawl import PASSWORD, USERNAME  # heavy: the browser
    from webagent.explore.learn import learn_site
    from webagent.safety import Secrets
    from webagent.urls import normalize_url

    if args.max_pages < 1:
        raise ConfigError("--max-pages must be 1 or more")
    if args.pace < 0:
        raise ConfigError("--pace cannot be negative")
    url = normalize_url(args.url)
    if not url.startswith(("http://", "https://")):
        raise ConfigError(f"{args.url}: a site is learned over http(s)")

    secrets = None
    if args.secrets:
        secrets = Secrets.from_file(args.secrets)
        missing = {USERNAME, PASSWORD} - set(secrets.names)
        if missing:
            raise ConfigError(f"{args.secrets} lacks {' and '.join(sorted(missing))}")

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    client = model_client(args) if args.ask_model else None
    try:
        learned = learn_site(
            url,
            args.out,
            max_pages=args.max_pages,
            pace=args.pace,
            secrets=secrets,
            update=args.update,
            client=client,
            progress=progress,
        )
    finally:
        if client is not None:
            client.close()
    for change in learned.changes:
        print(change)
    print(f"{learned.pages} pages read, {learned.states} candidate states")
    print(f"profile: {learned.profile}")
    print(f"report:  {learned.report}")
    if learned.held:
        print(f"the guard held {len(learned.held)} request(s); none reached the site")
    return 0
