"""`webagent safety explain URL`: what the safety policy would do on a page, and why."""

from __future__ import annotations

import argparse
import json
from typing import Any

from webagent.cli.help import examples


def register(commands: Any) -> None:
    safety: argparse.ArgumentParser = commands.add_parser(
        "safety",
        help="what the safety policy makes of a page",
        description="The confirmation policy and what it judges.",
        epilog=examples("webagent safety explain http://127.0.0.1:7770/wishlist/ --site demo_shop"),
    )
    sub = safety.add_subparsers(dest="safety_command", metavar="SUBCOMMAND", required=True)
    explain = sub.add_parser(
        "explain",
        help="grade every control and form of a page: irreversible, undoable, or nothing",
        description=(
            "Open a page and show, for every control (button, link, menu item) and every "
            "form it would send, its consequence grade and why: irreversible (asked first; "
            "refused under --confirm deny), undoable (runs unasked and is reported with how "
            "to undo it), or not listed (changes nothing that matters). The rules are the "
            "site profile's [irreversible] section, then the generic lexicon's "
            "(sites/generic/profile.toml)."
        ),
        epilog=examples(
            "webagent safety explain http://127.0.0.1:7770/wishlist/ --site demo_shop",
            "webagent safety explain https://shop.example/cart --json",
        ),
    )
    explain.add_argument("url", help="the page (http(s)://, file:// or a local path)")
    explain.add_argument("--site", default=None, help="the site profile (default: detect it)")
    explain.add_argument("--json", action="store_true", help="print the report as JSON")
    explain.set_defaults(run=run_explain)


def run_explain(args: argparse.Namespace) -> int:
    # heavy (Playwright, the site profiles): imported when the command runs
    from webagent.browser import launch
    from webagent.sites.explain import explain_safety
    from webagent.sites.match import PageIndex
    from webagent.sites.profiles import detect_profile, site_profile
    from webagent.sites.risk import SiteJudge
    from webagent.urls import normalize_url

    given = site_profile(args.site) if args.site is not None else None  # fails before a browser
    url = normalize_url(args.url)
    with launch(judge=SiteJudge) as browser, browser.open(url) as tab:
        observation = tab.observe(full_page=True)
        forms = tab.forms()
    profile = given or detect_profile(PageIndex.of(observation))
    report = explain_safety(observation, forms, profile)
    if args.json:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        print(report.text())
    return 0
