"""`webagent observe URL`: print a page as the model would read it."""

from __future__ import annotations

import argparse
import json
from importlib import resources
from typing import Any

from webagent.cli.help import examples
from webagent.errors import ConfigError


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "observe",
        help="print a page as the model reads it",
        description=(
            "Open a page in headless Chromium and print its observation: the accessibility "
            "tree rendered compactly, one line per meaningful element, with [ids] to act on. "
            "URL may be http(s)://, file://, or a path to a local file."
        ),
        epilog=examples(
            "webagent observe https://example.com/",
            "webagent observe --sample --full-page --json",
            "webagent observe page.html --viewport 1024x768 --wait 2",
        ),
    )
    parser.add_argument("url", nargs="?", help="the page to observe (omit with --sample)")
    parser.add_argument(
        "--sample", action="store_true", help="observe the sample shop page bundled with webagent"
    )
    parser.add_argument(
        "--full-page", action="store_true", help="render the whole page, not only the viewport"
    )
    parser.add_argument("--json", action="store_true", help="print the observation as JSON")
    parser.add_argument(
        "--budget",
        type=_positive,
        default=None,
        metavar="TOKENS",
        help="cap the text at this many o200k tokens "
        "(default: 3000 for the viewport, none for --full-page)",
    )
    parser.add_argument(
        "--viewport",
        type=_size,
        default=(1280, 720),
        metavar="WxH",
        help="window size (default: 1280x720)",
    )
    parser.add_argument("--headed", action="store_true", help="show the browser window")
    parser.add_argument(
        "--wait",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="wait this long after loading before observing (for pages that render late)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.sample == bool(args.url):
        raise ConfigError("give a URL to observe, or --sample (not both)")
    # heavy (Playwright, the site profiles): imported when the command runs
    from webagent.browser import launch
    from webagent.sites.risk import SiteJudge
    from webagent.urls import normalize_url

    url = sample_page_url() if args.sample else normalize_url(args.url)
    with launch(headless=not args.headed, judge=SiteJudge) as browser:
        tab = browser.open(url, viewport=args.viewport)
        if args.wait:
            tab.page.wait_for_timeout(args.wait * 1000)
        observation = tab.observe(full_page=args.full_page, budget=args.budget)
    if args.json:
        print(json.dumps(observation.to_json(), indent=2, ensure_ascii=False))
    else:
        print(observation.text)
        shown = len(observation.elements)
        note = " (truncated to fit the budget)" if observation.truncated else ""
        print(f"\n-- {shown} elements to act on, {observation.tokens} tokens{note}")
    return 0


def sample_page_url() -> str:
    """file:// URL of the sample shop page shipped inside the package."""
    page = resources.files("webagent") / "samples" / "shop.html"
    with resources.as_file(page) as path:
        return path.resolve().as_uri()


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from error
    if value <= 0:
        raise argparse.ArgumentTypeError("must be positive")
    return value


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT like 1280x720, not {text!r}"
        ) from error
    if width < 200 or height < 200:
        raise argparse.ArgumentTypeError("the window must be at least 200x200")
    return width, height
