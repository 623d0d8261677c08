"""The app on the real thing: the demo shop in Chromium, the oracle model over HTTP, the
dialog before Place Order, and the person's key deciding whether the order exists."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui.conftest import frozen, until
from tui.app import create_app
from tui.screens.confirm import ConfirmScreen
from webagent.controller import Settings
from webagent.llm import ModelConfig
from webagent.llm.server import ModelServer, start_model_server
from webagent.oracle import OracleModel
from webagent.session import RunSpec, SafetySpec, StartPoint
from webagent.session.live import LiveSession
from webagent.sites import start_site
from webagent.sites.server import SiteServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BUY = (
    "Buy 1 Sony WC1493X On-Ear Headphones Hi-Fi Bass, Bluetooth 5.3, Pink, shipped to my "
    "default address with flat rate shipping, and pay by check / money order."
)


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    folder = tmp_path_factory.mktemp("shop")
    with start_site("demo_shop", db=folder / "shop.sqlite", reset=True) as server:
        yield server


@pytest.fixture(scope="module")
def oracle() -> Iterator[ModelServer]:
    with start_model_server(answerer=OracleModel("demo_shop")) as server:
        yield server


@pytest.fixture
def session(shop: SiteServer, oracle: ModelServer) -> Iterator[LiveSession]:
    shop.reset()
    config = ModelConfig(model="webagent-oracle", base_url=oracle.url, timeout=30, max_reasks=1)
    spec = RunSpec(
        task="",
        start=StartPoint(site="demo_shop"),
        model=config,
        settings=Settings.for_mode("devils-advocate"),
        profile="demo_shop",
        safety=SafetySpec(confirm="ask"),
    )
    live = LiveSession(spec, servers={"demo_shop": shop})
    yield live
    live.close()


def _orders(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        (count,) = connection.execute("SELECT COUNT(*) FROM sales_order").fetchone()
    return int(count)


@pytest.mark.parametrize(("key", "placed"), [("d", 0), ("a", 1)])
async def test_the_persons_key_decides_whether_the_order_exists(
    session: LiveSession, shop: SiteServer, key: str, placed: int
) -> None:
    before = _orders(shop.db)
    app = create_app(session, BUY, clock=frozen)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), timeout=90)
        assert _orders(shop.db) == before  # asked before anything reached the shop
        shown = app.screen.confirmation
        assert shown.element == "button 'Place Order'"
        assert any("Place Order" in reason for reason in shown.reasons)
        await pilot.press(key)
        await until(pilot, lambda: app.run_screen.result is not None, timeout=90)
        result = app.run_screen.result
        assert result is not None
        expected = "SUCCESS" if placed else "ACTION_NOT_ALLOWED_ERROR"
        assert result.answer.status == expected, app.run_screen.status.answer_text()
    assert _orders(shop.db) == before + placed


async def test_pause_holds_the_real_run_and_abort_ends_it(
    session: LiveSession, shop: SiteServer
) -> None:
    before = _orders(shop.db)
    app = create_app(session, BUY, clock=frozen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")  # paused before its first action
        await until(pilot, lambda: app.run_screen.pacer.waiting, timeout=60)
        actions = app.run_screen.status.actions
        await pilot.pause(0.5)
        assert app.run_screen.status.actions == actions  # held
        await pilot.press("s")  # exactly one action through
        await until(pilot, lambda: app.run_screen.status.actions == actions + 1, timeout=60)
        await until(pilot, lambda: app.run_screen.pacer.waiting, timeout=60)
        await pilot.press("x")
        await until(pilot, lambda: app.run_screen.result is not None, timeout=60)
        result = app.run_screen.result
        assert result is not None
        assert result.how == "aborted"
    assert _orders(shop.db) == before
