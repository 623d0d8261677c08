"""The app on a recording: no shop and no model server, the question before Place Order
asked again, and the person's no ending the run as it ended when it was recorded; and a
live session in the app, recorded, replaying offline."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.tui.conftest import frozen, until
from tui.app import create_app
from tui.screens.confirm import ConfirmScreen
from webagent.agent.replay import Fixture
from webagent.controller import Settings
from webagent.llm import ModelConfig
from webagent.llm.server import start_model_server
from webagent.oracle import OracleModel
from webagent.session import RunSpec, SafetySpec, StartPoint
from webagent.session.live import LiveSession
from webagent.session.replay import replay

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


async def test_the_app_replays_a_recording_with_nothing_running() -> None:
    fixture = Fixture(FIXTURES / "shop-order-denied")
    session = LiveSession(RunSpec.of_recording(fixture))
    try:
        app = create_app(session, fixture.meta.task, clock=frozen)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), timeout=90)
            assert app.screen.confirmation.element == "button 'Place Order'"
            await pilot.press("d")
            await until(pilot, lambda: app.run_screen.result is not None, timeout=90)
            result = app.run_screen.result
            assert result is not None
            assert (result.answer.status, result.how) == ("ACTION_NOT_ALLOWED_ERROR", "denied")
            assert result.metrics.actions == fixture.meta.outcome["actions"]
    finally:
        session.close()


async def test_a_session_in_the_app_is_recorded_and_replays(tmp_path: Path) -> None:
    folder = tmp_path / "recorded"
    with start_model_server(answerer=OracleModel("demo_shop")) as model:
        spec = RunSpec(
            task="",
            start=StartPoint(site="demo_shop"),
            model=ModelConfig(model="webagent-oracle", base_url=model.url, timeout=30),
            settings=Settings.for_mode("devils-advocate"),
            profile="demo_shop",
            safety=SafetySpec(confirm="ask"),
        )
        session = LiveSession(spec, record=folder)
        try:
            task = "What is the grand total of order #000000180?"
            app = create_app(session, task, clock=frozen)
            async with app.run_test(size=(100, 30)) as pilot:
                await until(pilot, lambda: app.run_screen.result is not None, timeout=90)
                result = app.run_screen.result
                assert result is not None
                assert result.answer.status == "SUCCESS"
        finally:
            session.close()
    assert session.recordings == [folder]
    replayed = await asyncio.to_thread(replay, folder)  # the shop and the model are gone
    assert replayed.ok, replayed.divergence.report() if replayed.divergence else ""
