"""SVG snapshots of the run screen and the dialog (`pytest tests/tui --snapshot-update`)."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from tests.tui.conftest import frozen, in_own_thread, until
from tests.tui.fake import FakeSession
from tui.app import WebAgentApp, create_app
from tui.screens.confirm import ConfirmScreen

Compare = Callable[..., bool]


def app_on_fake() -> WebAgentApp:
    return create_app(FakeSession(), "Buy the cheapest Logitech mouse", clock=frozen)


async def at_dialog(pilot: Pilot[None]) -> None:
    app = pilot.app
    await until(
        pilot, lambda: isinstance(app.screen, ConfirmScreen) and app.screen.query("#approve")
    )
    await settled(pilot)


async def denied(pilot: Pilot[None]) -> None:
    await at_dialog(pilot)
    await pilot.press("d")
    app = pilot.app
    assert isinstance(app, WebAgentApp)
    await until(pilot, lambda: app.run_screen.result is not None)
    await settled(pilot)


async def settled(pilot: Pilot[None]) -> None:
    """Let the screen finish what the last events set going (the logs' scrolling, the plan's
    layout) before it is drawn: on a loaded machine one pause is not always enough."""
    for _ in range(3):
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.05)


def test_dialog_80x24(snap_compare: Compare) -> None:
    assert in_own_thread(
        lambda: snap_compare(app_on_fake(), terminal_size=(80, 24), run_before=at_dialog)
    )


def test_finished_80x24(snap_compare: Compare) -> None:
    assert in_own_thread(
        lambda: snap_compare(app_on_fake(), terminal_size=(80, 24), run_before=denied)
    )


def test_finished_120x36(snap_compare: Compare) -> None:
    assert in_own_thread(
        lambda: snap_compare(app_on_fake(), terminal_size=(120, 36), run_before=denied)
    )
