"""What a fixture's replay must show, wherever it replays, and a rendering set-up other than
the machine's (one font only): shared by the fixture tests."""

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


FONTS = ("DejaVuSansMono.ttf", "LiberationMono-Regular.ttf", "NotoSansMono-Regular.ttf")
"""The one font the other rendering has, the first found (else any font installed)."""


def _one_font() -> Path | None:
    installed = (
        [
            path
            for root in ("/usr/share/fonts", "/usr/local/share/fonts")
            for path in Path(root).rglob("*.tt[fc]")
        ]
        if Path("/usr/share/fonts").is_dir()
        else []
    )
    for name in FONTS:
        for path in installed:
            if path.name == name:
                return path
    return installed[0] if installed else None


def one_font_config(folder: Path) -> Path | None:
    """A fontconfig file (for `FONTCONFIG_FILE`, read when Chromium starts) that lets
    Chromium use one monospaced font only: wider text, other line breaks, other things in
    the viewport than the machine's fonts give. None when no font file is found."""
    font = _one_font()
    if font is None:
        return None
    config = folder / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        f"  <dir>{font.parent}</dir>\n  <cachedir>{folder / 'cache'}</cachedir>\n"
        "  <selectfont><rejectfont><glob>*</glob></rejectfont>"
        f"<acceptfont><glob>{font}</glob></acceptfont></selectfont>\n</fontconfig>\n",
        encoding="utf-8",
    )
    return config
