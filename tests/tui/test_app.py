"""The app on a scripted session: dialog, approve / deny / timeout, pause / step / abort, keys."""

from __future__ import annotations

import asyncio
import threading

from textual.widgets import Static

from tests.tui.conftest import frozen, until
from tests.tui.fake import FakeSession
from tui.app import WebAgentApp, create_app
from tui.screens.confirm import ConfirmScreen
from tui.widgets.plan import PlanTree
from webagent.controller.plan import Status

SIZE = (100, 30)


def logged(app: WebAgentApp) -> str:
    return "\n".join(app.run_screen.log_view.plain)


def answer(app: WebAgentApp) -> str:
    result = app.run_screen.result
    assert result is not None
    return result.answer.status


def dialog_open(app: WebAgentApp) -> bool:
    """The dialog is up and composed (its buttons exist)."""
    return isinstance(app.screen, ConfirmScreen) and bool(app.screen.query("#approve"))


async def test_dialog_shows_element_page_and_reasons_before_place_order() -> None:
    fake = FakeSession()
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog_open(app))
        dialog = app.screen
        text = "\n".join(str(static.render()) for static in dialog.query(Static))
        assert "click [e42]" in text
        assert "button 'Place Order'" in text
        assert "Checkout" in text
        assert "/checkout" in text
        assert "places the order" in text
        assert fake.actions == 5
        assert fake.answers == []
        await pilot.press("d")
        await until(pilot, lambda: app.run_screen.result is not None)


async def test_deny_by_key_refuses_the_order() -> None:
    fake = FakeSession()
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog_open(app))
        await pilot.press("d")
        await until(pilot, lambda: app.run_screen.result is not None)
        assert fake.answers == [False]
        assert answer(app) == "ACTION_NOT_ALLOWED_ERROR"
        assert "ACTION_NOT_ALLOWED_ERROR" in app.run_screen.status.answer_text()
        assert "denied by you" in logged(app)
        assert "⛔ denied click [e42]" in logged(app)


async def status_after_an_approved_order(fake: FakeSession) -> str:
    """The status bar's text once the fake's run has ended with an approved order."""
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog_open(app))
        await pilot.press("a")
        await until(pilot, lambda: app.run_screen.result is not None)
        return app.run_screen.status.text().plain


async def test_the_status_bar_shows_tokens_cost_and_the_share_the_endpoint_cached() -> None:
    status = await status_after_an_approved_order(FakeSession(cached_share=0.6))
    assert "calls 7  tokens 8,800 (60% cached)  $0.0131" in status


async def test_without_a_prompt_cache_the_status_bar_claims_none() -> None:
    status = await status_after_an_approved_order(FakeSession())
    assert "tokens 8,800  $0.0131" in status
    assert "cached" not in status


async def test_approve_by_key_places_the_order() -> None:
    fake = FakeSession()
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog_open(app))
        await pilot.press("a")
        await until(pilot, lambda: app.run_screen.result is not None)
        assert fake.answers == [True]
        assert answer(app) == "SUCCESS"
        assert "approved by you" in logged(app)
        await pilot.press("c")
        assert app.clipboard == "SUCCESS ['order 1']"


async def test_approve_by_mouse() -> None:
    fake = FakeSession()
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog_open(app))
        await pilot.pause()
        await pilot.click("#approve")
        await until(pilot, lambda: app.run_screen.result is not None)
        assert fake.answers == [True]


async def test_no_answer_in_time_denies() -> None:
    fake = FakeSession()
    app = create_app(fake, "Buy the mouse", confirm_timeout=0.2, clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.run_screen.result is not None)
        assert fake.answers == [False]
        assert answer(app) == "ACTION_NOT_ALLOWED_ERROR"
        assert "denied: no answer in 0.2 s" in logged(app)
        assert not dialog_open(app)


async def test_pause_holds_step_lets_one_through_resume_finishes() -> None:
    gate = threading.Event()
    fake = FakeSession(gate=gate)
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        gate.set()
        pacer = app.run_screen.pacer
        await until(pilot, lambda: pacer.waiting)
        await pilot.pause(0.2)
        assert fake.actions == 0
        assert app.run_screen.status.state == "paused"
        await pilot.press("s")
        await until(pilot, lambda: fake.actions == 1 and pacer.waiting)
        await pilot.pause(0.2)
        assert fake.actions == 1
        await pilot.press("p")
        await until(pilot, lambda: dialog_open(app))
        await pilot.press("y")
        await until(pilot, lambda: app.run_screen.result is not None)
        assert answer(app) == "SUCCESS"
        assert "paused" in logged(app)
        assert "resumed" in logged(app)


async def test_abort_ends_the_run_cleanly() -> None:
    gate = threading.Event()
    fake = FakeSession(gate=gate)
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        gate.set()
        await until(pilot, lambda: app.run_screen.pacer.waiting)
        await pilot.press("x")
        await until(pilot, lambda: app.run_screen.result is not None)
        assert app.run_screen.result is not None
        assert app.run_screen.result.how == "aborted"
        assert fake.actions == 0
        assert "■ aborted" in logged(app)
        assert app.run_screen.status.state == "aborted"


async def test_abort_denies_a_pending_dialog() -> None:
    fake = FakeSession()
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog_open(app))
        await pilot.press("x")
        await until(pilot, lambda: app.run_screen.result is not None)
        assert fake.answers == [False]
        assert "denied: the run was aborted" in logged(app)
        assert not dialog_open(app)


async def test_typing_a_task_starts_the_run() -> None:
    fake = FakeSession()
    app = create_app(fake, clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not hasattr(fake, "task")
        await pilot.press(*"buy a mouse", "enter")
        await until(pilot, lambda: dialog_open(app))
        assert fake.task == "buy a mouse"
        assert fake.shown == []  # the "b" and "s" went into the Input, not to the keys
        await pilot.press("n")
        await until(pilot, lambda: app.run_screen.result is not None)


async def test_plan_tree_shows_live_statuses() -> None:
    fake = FakeSession()
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        tree = app.run_screen.query_one(PlanTree)
        await until(pilot, lambda: dialog_open(app))
        assert tree.status_of("1") is Status.DONE
        assert tree.status_of("2") is Status.DECOMPOSED
        assert tree.status_of("2.2") is Status.DONE
        assert tree.status_of("3") is Status.RUNNING
        await pilot.press("d")
        await until(pilot, lambda: app.run_screen.result is not None)
        assert tree.status_of("3") is Status.FAILED
        labels = [str(node.label) for node in tree.root.children]
        assert labels[0].startswith("✓ 1.")
        assert "(AND)" in labels[1]
        assert labels[2].startswith("✗ 3.")
        assert str(tree.root.label) == "plan v1 · trial 1"


async def test_keys_answer_quickly_while_the_worker_is_busy() -> None:
    gate = threading.Event()
    fake = FakeSession(gate=gate)
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, fake.busy.is_set)
        await pilot.pause(0.3)  # let the first frames settle: `press` waits for an idle process
        for key, state in (("p", "paused"), ("p", "running"), ("b", "running")):
            # the worker is held until `gate` is set, so a key that waited for it would never
            # be answered: any bound proves it. Ten seconds leaves room for a loaded machine
            # (1 s timed out once beside a capture at load 12; 0.1 s once in CI, at 0.11 s).
            await asyncio.wait_for(pilot.press(key), timeout=10.0)
            assert app.run_screen.status.state == state
        assert fake.busy.is_set()  # still busy: the keys did not wait for it
        gate.set()
        await until(pilot, lambda: dialog_open(app))
        await pilot.press("d")
        await until(pilot, lambda: app.run_screen.result is not None)


async def test_browser_toggle_says_when_it_cannot() -> None:
    fake = FakeSession()
    fake.can_show = False
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog_open(app))
        await pilot.press("d")
        await until(pilot, lambda: app.run_screen.result is not None)
        await pilot.press("b")
        await until(pilot, lambda: "cannot show its browser" in logged(app))
        fake.can_show = True
        await pilot.press("b")
        await until(pilot, lambda: "browser window shown" in logged(app))
        assert fake.shown == [True, True]


async def test_quit_aborts_and_closes_the_session() -> None:
    gate = threading.Event()
    fake = FakeSession(gate=gate)
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        gate.set()
        await until(pilot, lambda: app.run_screen.pacer.waiting)
        await pilot.press("q")
        await until(pilot, lambda: fake.closed)
        # the app exits by itself: let it finish before the harness shuts it down too (two
        # shutdowns at once can wait on each other for ever)
        await asyncio.wait_for(asyncio.shield(app._task), timeout=60)  # type: ignore[arg-type]
    assert app.run_screen.result is not None
    assert app.run_screen.result.how == "aborted"


async def test_quitting_from_the_run_screen_ends_an_idle_app() -> None:
    """A run that ends after `q` quits from the run screen's handler, while the app itself
    waits for messages: closing the session must not mark the app's own message queue closed
    (a flag of that name is Textual's), or the exit message is dropped and the app waits for
    ever. It did, now and then, under load."""
    fake = FakeSession()
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog_open(app))
        await pilot.pause()
        app.run_screen.call_later(app.action_quit_now)
        await asyncio.wait_for(asyncio.shield(app._task), timeout=10)  # type: ignore[arg-type]
    assert fake.closed


async def test_fits_80_by_24() -> None:
    fake = FakeSession()
    app = create_app(fake, "Buy the mouse", clock=frozen)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: dialog_open(app))
        await pilot.pause()
        for button in ("#approve", "#deny"):
            region = app.screen.query_one(button).region
            assert region.right <= 80
            assert region.bottom <= 24
            assert region.height > 0
        await pilot.press("a")
        await until(pilot, lambda: app.run_screen.result is not None)


async def test_the_page_panel_shows_how_sure_the_state_is_and_why() -> None:
    """The state's evidence and confidence, and whether the page shows the session signed
    in; a guess says it is one."""
    from textual.app import App, ComposeResult

    from tui.widgets.page import PagePanel
    from webagent.controller import events as ev

    class Panel(App[None]):
        def compose(self) -> ComposeResult:
            yield PagePanel(id="page")

    app = Panel()
    async with app.run_test() as pilot:
        panel = app.query_one(PagePanel)
        seen = ev.PageSeen(
            "http://wiki.test/?search=tea",
            "Search results",
            "generic",
            "search_results",
            "rules",
            confidence="high",
            evidence=("URL matches /search/", "text '3 results'"),
            signed_in=True,
        )
        panel.show(seen)
        await pilot.pause()
        text = str(panel.render())
        assert "search_results (rules, high confidence)" in text
        assert "signed in" in text
        assert "URL matches /search/; text '3 results'" in text
        panel.show(
            ev.PageSeen("http://wiki.test/x", "X", "generic", "other", "fallback", "", "low")
        )
        await pilot.pause()
        text = str(panel.render())
        assert "other (fallback, low confidence)" in text
        assert "a guess that only advises" in text
