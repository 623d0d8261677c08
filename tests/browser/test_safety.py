"""The safety gate on ordinary pages: deny by default, every decision logged, and a script
replaying recorded steps through the API held to it like the agent. (The pages built to get
around it are in test_redteam.py.)"""

from __future__ import annotations

import http.server
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import DATA
from webagent.browser import Browser, launch
from webagent.oracle.runner import OracleRunner
from webagent.safety import Confirmation
from webagent.sites import start_site
from webagent.sites.server import SiteServer


@pytest.fixture
def site(serve: Callable[[Path], str]) -> str:
    return serve(DATA / "site")


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    folder = tmp_path_factory.mktemp("shop")
    with start_site("demo_shop", db=folder / "shop.sqlite", reset=True) as server:
        yield server


def _orders(shop: SiteServer) -> int:
    with sqlite3.connect(shop.db) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM sales_order").fetchone()
    return int(count)


def test_a_session_denies_irreversible_actions_by_default(
    browser: Browser, site: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="webagent.safety")
    with browser.open(site + "index.html") as tab:
        delete = next(e for e in tab.observe().elements if e.name == "Delete all")
        result = tab.act(f"click [{delete.id}]")
        after = tab.observe()

    assert result.denied
    assert not result.irreversible
    assert result.error is not None
    assert "not done" in result.error
    assert "ACTION_NOT_ALLOWED_ERROR" in result.error
    assert "Delete everything?" not in after.text  # its confirm() dialog never opened
    assert "not done" in after.text  # the model reads why
    (decision,) = tab.decisions
    assert not decision.approved
    assert decision.by == "policy"
    assert decision.confirmation.element == "button 'Delete all'"
    assert decision.confirmation.url.endswith("/index.html")
    assert decision.confirmation.reasons
    assert any("denied by the policy" in r.getMessage() for r in caplog.records)


def test_a_benign_click_is_not_asked_about(browser: Browser, site: str) -> None:
    asked: list[Confirmation] = []
    with browser.open(site + "index.html", confirm=lambda c: asked.append(c) is None) as tab:
        counter = next(e for e in tab.observe().elements if e.name.startswith("Clicked"))
        result = tab.act(f"click [{counter.id}]")
    assert result.ok
    assert asked == []


def test_replayed_steps_cannot_place_an_order_without_approval(
    browser: Browser, shop: SiteServer, tmp_path: Path
) -> None:
    """The oracle runner is a script of recorded steps run through the API, like a replay."""
    before = _orders(shop)
    denied = OracleRunner(shop, browser, tmp_path / "deny", confirm="deny").run_task(47)
    assert denied.error is not None
    assert "Place Order" in denied.error
    assert "not done" in denied.error
    assert _orders(shop) == before

    asked: list[Confirmation] = []

    def yes(confirmation: Confirmation) -> bool:
        asked.append(confirmation)
        return True

    approved = OracleRunner(shop, browser, tmp_path / "ask", confirm=yes).run_task(47)
    assert approved.passed
    assert [c.element for c in asked] == ["button 'Place Order'"]
    assert _orders(shop) == before + 1


NOTES_PAGE = b"""<!doctype html><title>Notes</title>
<form method="get" action="/results"><input name="q" aria-label="Find"></form>
<form method="post" action="/notes"><input name="note" aria-label="Note">
<button>Save</button></form>
<button onclick="fetch('/ping', {method: 'POST', body: 'x'})">Ping</button>
"""


class _NotesHandler(http.server.BaseHTTPRequestHandler):
    """The notes page for any GET; every request is logged, POSTs answered with 204."""

    log: list[str]

    def do_GET(self) -> None:
        self.log.append(f"GET {self.path}")
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(NOTES_PAGE)

    def do_POST(self) -> None:
        self.log.append(f"POST {self.path}")
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def notes() -> Iterator[tuple[str, list[str]]]:
    """A page with a search form, a form that posts a note and a script that posts: its URL,
    and the requests the server received."""
    log: list[str] = []
    handler = type("Handler", (_NotesHandler,), {"log": log})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", log
    server.shutdown()
    server.server_close()


def _posts(log: list[str]) -> list[str]:
    return [line for line in log if line.startswith("POST")]


def test_a_browser_told_no_judge_counts_every_change_as_irreversible(
    notes: tuple[str, list[str]],
) -> None:
    url, log = notes
    with launch() as bare, bare.open(url) as tab:
        elements = {e.name: e.id for e in tab.observe().elements}
        saved = tab.act(f"click [{elements['Save']}]")
        pinged = tab.act(f"click [{elements['Ping']}]")
        found = tab.act(f"type [{elements['Find']}] [shoes] [1]")

    assert saved.denied
    (decision,) = [d for d in tab.decisions if d.confirmation.kind == "action"]
    assert decision.confirmation.element == "button 'Save'"
    assert "without site knowledge" in decision.confirmation.reasons[0]
    assert pinged.denied  # the network guard held the script's POST
    assert pinged.error is not None
    assert "POST" in pinged.error
    assert found.ok  # a search (a GET) is fine
    assert "GET /results?q=shoes" in log
    assert _posts(log) == []


def test_the_site_aware_judge_lets_through_what_no_rule_marks(
    browser: Browser, notes: tuple[str, list[str]]
) -> None:
    url, log = notes
    with browser.open(url) as tab:
        elements = {e.name: e.id for e in tab.observe().elements}
        saved = tab.act(f"click [{elements['Save']}]")
        pinged = tab.act(f"click [{elements['Ping']}]")

    assert saved.ok
    assert pinged.ok
    assert tab.decisions == []
    assert _posts(log) == ["POST /notes", "POST /ping"]


def test_a_form_refused_once_is_not_sent_another_way(
    browser: Browser, notes: tuple[str, list[str]]
) -> None:
    """The model flags 'Save' irreversible and is refused; pressing Enter in the same form,
    flagged reversible, would send the very same POST, which no site rule marks: it is
    refused too. Other requests on the page are judged as before."""
    url, log = notes
    with browser.open(url) as tab:
        elements = {e.name: e.id for e in tab.observe().elements}
        saved = tab.act(f"click [{elements['Save']}]", irreversible=True)
        entered = tab.act(f"type [{elements['Note']}] [my note] [1]")
        pinged = tab.act(f"click [{elements['Ping']}]")

    assert saved.denied
    assert entered.denied, entered
    assert entered.error is not None
    assert "the same form as button 'Save', which was not approved" in entered.error
    assert pinged.ok
    assert _posts(log) == ["POST /ping"]
    assert [d.by for d in tab.decisions] == ["policy", "policy"]
