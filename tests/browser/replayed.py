"""What a fixture's replay must show, wherever it replays: shared by the fixture tests."""

from __future__ import annotations

from pathlib import Path

from webagent.agent.recording import read_meta, read_steps
from webagent.agent.replay import ReplayResult


def assert_same_as_recorded(result: ReplayResult, folder: Path) -> None:
    """Every recorded step replayed, every request the agent caused was recorded, and the run
    ended as recorded (answer, actions, backtracks)."""
    assert result.ok, result.divergence.report() if result.divergence else ""
    assert result.checked == len(read_steps(folder))
    assert result.unmatched == []
    assert result.run is not None
    recorded = read_meta(folder).outcome
    metrics = result.run.result.metrics
    assert (result.run.result.answer.status, metrics.actions, metrics.backtracks) == (
        recorded["status"],
        recorded["actions"],
        recorded["backtracks"],
    )
