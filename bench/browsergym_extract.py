"""BrowserGym's text observation of pages, timed: run by `bench/.venv-browsergym`'s python.

BrowserGym (`browsergym-core`) pins an older Playwright than webagent, so it lives in its own
venv and `bench/observation.py` runs this file there as a subprocess::

    bench/.venv-browsergym/bin/python bench/browsergym_extract.py < request.json > result.json

The request is a JSON object (a bare list is read as its "pages")::

    {"pages": [{"url": "http://127.0.0.1:8000/a.html", "miniwob": true}, ...],
     "runs": 7, "warmup": 1, "chromium": "/usr/bin/chromium", "viewport": [1280, 720],
     "seed": 1}

Each page is loaded in a fresh browser context; a MiniWoB page ("miniwob": true) then gets a
seeded episode, or the page's "setup_js" runs (bench/observation.py passes its own).
Timed per run, as `BrowserEnv._get_obs` does it for the AXTree each step: `_pre_extract`
(marking every element with its bid), `extract_merged_axtree`, then `flatten_axtree_to_str`
with its default arguments (what BrowserGym's demo agent shows the model), except that it
also ignores what Chromium >= ~130 adds to the AXTree (`NEW_CHROMIUM_ROLES` and
`NEW_CHROMIUM_PROPERTIES` below), so the text is what BrowserGym shows on the Chromium it
was built for; "text_as_is" is the unfiltered text of the same tree. `_post_extract`
(removing the marks again) runs after each run, outside the timing, and is reported apart.
The result on stdout, one JSON object: versions, and per page both texts of the last run,
the median and each run's time in ms, the number of bids in the text, and the number of
those on nodes with an interactive role (the request's `interactive_roles`, which
bench/observation.py fills with webagent's, plus Chrome's own names for them).

Python 3.11, standard library + browsergym-core only: this file must not import webagent.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import time
from importlib.metadata import version
from typing import Any

from browsergym.core.observation import _post_extract, _pre_extract, extract_merged_axtree
from browsergym.utils.obs import (
    IGNORED_AXTREE_PROPERTIES,
    IGNORED_AXTREE_ROLES,
    flatten_axtree_to_str,
)
from playwright.sync_api import Page, sync_playwright

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]
# Chrome-internal role names CDP reports for interactive elements, added to the roles the
# request names (webagent's INTERACTIVE_ROLES: this script must not import webagent). An
# <option> of a <select> is "MenuListOption"; a <select> is "PopUpButton" or "combobox"
# depending on the Chrome version.
CHROME_INTERACTIVE_ROLES = frozenset(
    {"MenuListOption", "ListBoxOption", "PopUpButton", "ToggleButton", "DisclosureTriangle"}
)
# A line of `flatten_axtree_to_str`: tabs, optionally `[bid] `, then the role.
_LINE = re.compile(r"^\t*(?:\[([^\]]+)\] )?(\S+)")
# What Chromium >= ~130 adds to `Accessibility.getFullAXTree` and Chromium 125/126 (the one
# BrowserGym's Playwright 1.44 was built for) does not: a node per wrapped line of text, a
# popup wrapper around a <select>'s options, and a `url` property on links, images and the
# root. Ignoring them reproduces BrowserGym's text on its own Chromium.
NEW_CHROMIUM_ROLES = ["InlineTextBox", "MenuListPopup"]
NEW_CHROMIUM_PROPERTIES = ("url",)
MINIWOB_START = "Math.seedrandom({seed}); core.EPISODE_MAX_TIME = 600000; core.startEpisodeReal();"


def count_bids(text: str, interactive: frozenset[str]) -> tuple[int, int, dict[str, int]]:
    """(bids in the text, bids on interactive roles, interactive bids per role)."""
    total = 0
    roles: dict[str, int] = {}
    for line in text.splitlines():
        match = _LINE.match(line)
        if match is None or match.group(1) is None:
            continue
        total += 1
        role = match.group(2)
        if role in interactive:
            roles[role] = roles.get(role, 0) + 1
    return total, sum(roles.values()), roles


def flatten(axtree: dict[str, Any], *, as_is: bool = False) -> str:
    """BrowserGym's text of `axtree`; unless `as_is`, without what newer Chromiums add."""
    if as_is:
        return str(flatten_axtree_to_str(axtree))
    return str(
        flatten_axtree_to_str(
            axtree,
            ignored_roles=[*IGNORED_AXTREE_ROLES, *NEW_CHROMIUM_ROLES],
            ignored_properties=(*IGNORED_AXTREE_PROPERTIES, *NEW_CHROMIUM_PROPERTIES),
        )
    )


def extract(page: Page) -> tuple[str, dict[str, Any]]:
    """One BrowserGym AXTree observation of `page`: its text, and the tree it came from."""
    _pre_extract(page, tags_to_mark="standard_html", lenient=False)
    axtree = extract_merged_axtree(page)
    return flatten(axtree), axtree


def measure(page: Page, runs: int, warmup: int, interactive: frozenset[str]) -> dict[str, Any]:
    times: list[float] = []
    post_times: list[float] = []
    text: str = ""
    axtree: dict[str, Any] = {}
    for run in range(warmup + runs):
        started = time.perf_counter()
        text, axtree = extract(page)
        elapsed = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        _post_extract(page)
        post_elapsed = (time.perf_counter() - started) * 1000
        if run >= warmup:
            times.append(elapsed)
            post_times.append(post_elapsed)
    bids, interactive_bids, roles = count_bids(text, interactive)
    return {
        "text": text,
        "text_as_is": flatten(axtree, as_is=True),
        "median_ms": statistics.median(times),
        "times_ms": times,
        "post_extract_median_ms": statistics.median(post_times),
        "bids": bids,
        "interactive_bids": interactive_bids,
        "interactive_roles": roles,
    }


def main() -> int:
    request = json.load(sys.stdin)
    if isinstance(request, list):
        request = {"pages": request}
    runs = int(request.get("runs", 7))
    warmup = int(request.get("warmup", 1))
    width, height = request.get("viewport", [1280, 720])
    seed = int(request.get("seed", 1))
    interactive = frozenset(request.get("interactive_roles", ())) | CHROME_INTERACTIVE_ROLES
    results: list[dict[str, Any]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=request.get("chromium", "/usr/bin/chromium"),
            headless=True,
            args=CHROMIUM_ARGS,
        )
        for item in request["pages"]:
            url = item["url"]
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            try:
                page.goto(url, wait_until="load", timeout=60_000)
                setup = item.get("setup_js")
                if setup is None and item.get("miniwob"):
                    setup = MINIWOB_START.format(seed=json.dumps(str(seed)))
                if setup:
                    page.evaluate(setup)
                page.wait_for_timeout(int(item.get("settle_ms", 300)))
                result = {"url": url, "error": None, **measure(page, runs, warmup, interactive)}
            except Exception as error:  # reported; the other pages go on
                result = {"url": url, "error": f"{type(error).__name__}: {error}"}
            finally:
                context.close()
            results.append(result)
            print(f"browsergym: {url} done", file=sys.stderr, flush=True)
        browser_version = browser.version
        browser.close()
    json.dump(
        {
            "browsergym_core": version("browsergym-core"),
            "playwright": version("playwright"),
            "browser": browser_version,
            "results": results,
        },
        sys.stdout,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
