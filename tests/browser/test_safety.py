"""The safety gate on ordinary pages: deny by default, every decision logged, and a script
replaying recorded steps through the API held to it like the agent. (The pages built to get
around it are in test_redteam.py.)"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import DATA
from webagent.browser import Browser
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
