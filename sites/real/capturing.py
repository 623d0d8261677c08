"""What the capture scripts of sites/real share: a browser session on one app that writes
each page it is shown as a labelled page file, and the command line that runs them.

A page file (see sites/real/pages/README.md) holds what the classifier reads (URL, HTTP
status of the main document, title, the raw `tab.snapshot()` through the project's own
browser launcher at 1280x720) and what a person called the page (label, also, why). The
agent's password is redacted from everything written, and a capture that leaks it fails.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, Response

from webagent.browser import launch

USER = "alice"
PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")
REDACTED = "<redacted>"

App = Callable[[Any, str], list[Path]]
"""Captures one app: given the browser and the app's base URL, the page files it wrote."""


def redact(text: str) -> str:
    return text.replace(PASSWORD, REDACTED).replace(quote(PASSWORD, safe=""), REDACTED)


class Session:
    """One browser context on one app, signed in or not, writing the pages it captures
    into `pages/<app>/`. `base` is put before a `url` that is only a path."""

    def __init__(
        self,
        browser: Any,
        app: str,
        base: str = "",
        *,
        signed_in: bool,
        pages: Path,
        settle_ms: int = 300,
    ) -> None:
        self.app = app
        self.base = base
        self.signed_in = signed_in
        self.pages = pages
        self.settle_ms = settle_ms
        self.tab = browser.open(confirm="allow")
        self.status: int | None = None
        self.tab.context.on("response", self._on_response)
        self.written: list[Path] = []

    @property
    def page(self) -> Page:
        return self.tab.page

    def _on_response(self, response: Response) -> None:
        request = response.request
        try:
            main = request.frame.parent_frame is None
        except Exception:  # a worker's request has no frame
            main = False
        if request.is_navigation_request() and main:
            self.status = response.status

    def goto(self, url: str, ready: str | None = None) -> None:
        """Open `url` (a path is put after `base`); wait for `ready` (a selector of content
        a script draws) when given."""
        self.page.goto(url if "://" in url else self.base + url, wait_until="load")
        if ready:
            self.page.wait_for_selector(ready, timeout=15000)

    def settle(self) -> None:
        with contextlib.suppress(Exception):
            self.page.wait_for_load_state("networkidle", timeout=5000)
        self.page.wait_for_timeout(self.settle_ms)

    def capture(
        self,
        slug: str,
        label: str,
        why: str,
        *,
        url: str | None = None,
        ready: str | None = None,
        also: tuple[str, ...] = (),
        then: Callable[[Page], object] | None = None,
    ) -> None:
        if url is not None:
            self.goto(url, ready)
        if then is not None:
            then(self.page)
        self.settle()
        record = {
            "app": self.app,
            "url": redact(self.page.url),
            "status": self.status,
            "title": redact(self.page.title()),
            "signed_in": self.signed_in,
            "label": label,
            "also": list(also),
            "why": why,
            "snapshot": redact(self.tab.snapshot()),
        }
        path = self.pages / self.app / f"{slug}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
        self.written.append(path)
        print(f"  {self.app}/{slug}: {record['status']} {label} {list(also) or ''} "
              f"{record['title']!r}")  # fmt: skip

    def close(self) -> None:
        self.tab.close()


def submit(page: Page, selector: str) -> None:
    """Click a submit control and wait for the page it leads to."""
    with page.expect_navigation(wait_until="load"):
        page.click(selector)


def click(selector: str) -> Callable[[Page], None]:
    """A capture step: click the first element matching a CSS selector and wait for the page
    it leads to (links named with an icon font's glyphs are found by their address)."""

    def run(page: Page) -> None:
        with page.expect_navigation(wait_until="load"):
            page.locator(selector).first.click()

    return run


def click_link(name: str, exact: bool = True, within: str = "body") -> Callable[[Page], None]:
    """A capture step: click the first link called `name` inside `within` (a CSS selector:
    the page's content rather than its menus) and wait for the page it leads to."""

    def run(page: Page) -> None:
        with page.expect_navigation(wait_until="load"):
            page.locator(within).get_by_role("link", name=name, exact=exact).first.click()

    return run


def steps(*runs: Callable[[Page], object]) -> Callable[[Page], None]:
    """A capture step made of steps, taken in order."""

    def run(page: Page) -> None:
        for step in runs:
            step(page)

    return run


def wait(ms: int) -> Callable[[Page], None]:
    """A capture step: wait `ms` milliseconds (for what a page's scripts draw late)."""

    def run(page: Page) -> None:
        page.wait_for_timeout(ms)

    return run


def guarded(out: Session) -> Callable[..., None]:
    """The session's capture, reporting a page whose steps fail instead of stopping: that
    page is not written (nothing is written before its steps are done)."""

    def run(slug: str, *args: Any, **kwargs: Any) -> None:
        try:
            out.capture(slug, *args, **kwargs)
        except Exception as e:  # a page not captured is reported, the others go on
            print(f"  {out.app}/{slug}: NOT CAPTURED: {str(e).splitlines()[0]}")

    return run


def main(description: str, apps: Mapping[str, App], ports: Mapping[str, int], pages: Path) -> int:
    """The command line of a capture script: which apps, where they run; every page file of
    a captured app is written afresh, and none may hold the password."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "apps", nargs="*", choices=[*apps, []], help="apps to capture (all by default)"
    )
    for app, port in ports.items():
        parser.add_argument(
            f"--{app}",
            default=f"http://127.0.0.1:{port}",
            metavar="URL",
            help=f"where {app} runs (default port {port})",
        )
    args = parser.parse_args()
    written: list[Path] = []
    with launch() as browser:
        for app in args.apps or list(apps):
            print(app)
            for old in (pages / app).glob("*.json"):
                old.unlink()
            written += apps[app](browser, getattr(args, app).rstrip("/"))
    leaks = [p for p in pages.rglob("*.json") if PASSWORD in p.read_text()]
    if leaks:
        print("password found in:", *leaks, file=sys.stderr)
        return 1
    print(f"{len(written)} pages written under {pages}")
    return 0
