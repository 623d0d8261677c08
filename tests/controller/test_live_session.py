"""The TUI's live session on the demo shop with the oracle model: the person's answer
decides whether the order exists, an abort ends the run, and runs may come from any thread."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.controller.conftest import orders
from webagent.controller import Pacer, RunResult, Settings
from webagent.controller import events as ev
from webagent.errors import WebAgentError
from webagent.llm import ModelConfig
from webagent.llm.server import ModelServer, start_model_server
from webagent.oracle import OracleModel
from webagent.safety import Confirmation
from webagent.session import RunSpec, SafetySpec, StartPoint
from webagent.session.live import LiveSession
from webagent.sites.server import SiteServer

pytestmark = pytest.mark.browser

BUY = (
    "Buy 1 Sony WC1493X On-Ear Headphones Hi-Fi Bass, Bluetooth 5.3, Pink, shipped to my "
    "default address with flat rate shipping, and pay by check / money order."
)


@pytest.fixture(scope="module")
def oracle() -> Iterator[ModelServer]:
    with start_model_server(answerer=OracleModel("demo_shop")) as server:
        yield server


@pytest.fixture
def session(shop: SiteServer, oracle: ModelServer) -> Iterator[LiveSession]:
    shop.reset()  # ends every signed-in session too: the new session signs in again
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


def on_another_thread(
    session: LiveSession,
    confirm: Callable[[Confirmation], bool],
    pace: Callable[[], None] = lambda: None,
    on_event: Callable[[ev.Event], None] = lambda event: None,
) -> RunResult:
    """As the TUI runs it: from a worker thread of its own."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(
            session.run, BUY, on_event=on_event, confirm=confirm, pace=pace
        ).result(timeout=120)


def test_a_denied_place_order_is_asked_once_and_places_nothing(
    session: LiveSession, shop: SiteServer
) -> None:
    before = orders(shop)
    asked: list[Confirmation] = []
    threads: set[str] = set()

    def deny(confirmation: Confirmation) -> bool:
        asked.append(confirmation)
        threads.add(threading.current_thread().name)
        return False

    result = on_another_thread(session, deny)

    assert [c.element for c in asked] == ["button 'Place Order'"]
    assert threads == {"webagent-browser"}  # the callbacks come from the browser's thread
    assert result.how == "denied"
    assert result.answer.status == "ACTION_NOT_ALLOWED_ERROR"
    assert orders(shop) == before
    assert session.where == "demo_shop"


def test_an_approved_place_order_places_one_order_after_an_aborted_run(
    session: LiveSession, shop: SiteServer
) -> None:
    before = orders(shop)
    pacer = Pacer()
    seen: list[ev.Event] = []

    def abort_after_first_action(event: ev.Event) -> None:
        seen.append(event)
        if isinstance(event, ev.ActionDone):
            pacer.abort()

    aborted = on_another_thread(
        session, lambda c: True, pace=pacer, on_event=abort_after_first_action
    )
    assert aborted.how == "aborted"
    assert aborted.metrics.actions == 1
    assert any(isinstance(event, ev.PlanMade) for event in seen)

    # a second run, from another thread, on the same browser: the person says yes
    asked: list[Confirmation] = []
    result = on_another_thread(session, lambda c: asked.append(c) or True)

    assert [c.element for c in asked] == ["button 'Place Order'"]
    assert result.answer.status == "SUCCESS"
    assert orders(shop) == before + 1


def test_headless_has_no_window_to_show_and_close_is_idempotent(
    shop: SiteServer, oracle: ModelServer
) -> None:
    spec = RunSpec("", StartPoint(site="demo_shop"), ModelConfig(base_url=oracle.url))
    live = LiveSession(spec, servers={"demo_shop": shop})
    assert live.show_browser(False) is False
    live.close()  # before any run: no browser was started
    live.close()
    with pytest.raises(WebAgentError, match="closed"):
        live.run(BUY, on_event=print, confirm=lambda c: False, pace=lambda: None)
