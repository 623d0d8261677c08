"""Every fixture replays the same on a machine that renders otherwise: one font only (a
monospaced one: wider text, other line breaks, other things in view), another window size
and, when both are installed, the other Chromium build than the suite's (`chromium` beside
`chromium-headless-shell`). What the recording showed the model is checked against the live
page read whole, so what fits in this machine's viewport cannot change the outcome."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.replayed import assert_same_as_recorded, one_font_config
from webagent.browser import Browser, launch
from webagent.browser.executable import HEADLESS_SHELL_CANDIDATES, SYSTEM_CANDIDATES, find_chromium
from webagent.session.replay import replay
from webagent.sites.risk import SiteJudge

pytestmark = pytest.mark.slow  # end to end: `scripts/test --fast` leaves it out

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = sorted(meta.parent for meta in (ROOT / "fixtures").glob("*/meta.json"))
WINDOW = (1100, 640)
"""Not the recordings' 1280 x 720."""


def _other_build() -> str | None:
    """The Chromium build the suite does not use, when this machine has both."""
    default = find_chromium(headless=True).path
    shells = [p for p in HEADLESS_SHELL_CANDIDATES if Path(p).is_file()]
    full = [p for p in SYSTEM_CANDIDATES if Path(p).is_file()]
    if default in shells and full:
        return full[0]
    if default not in shells and shells:
        return shells[0]
    return default


@pytest.fixture(scope="module")
def rendered_otherwise(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    config = one_font_config(tmp_path_factory.mktemp("fontconfig"))
    if config is None:
        pytest.skip("no font file found to render with")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FONTCONFIG_FILE", str(config))  # read once, when Chromium starts
        running = launch(headless=True, judge=SiteJudge, executable_path=_other_build())
    with running:
        yield running


@pytest.mark.parametrize("folder", FOLDERS, ids=[folder.name for folder in FOLDERS])
def test_the_fixture_replays_the_same_rendered_otherwise(
    rendered_otherwise: Browser, folder: Path
) -> None:
    result = replay(folder, browser=rendered_otherwise, viewport=WINDOW)
    assert_same_as_recorded(result, folder)


def test_the_other_rendering_shows_another_viewport(
    browser: Browser, rendered_otherwise: Browser, serve: object
) -> None:
    """The set-up is really another rendering: the same page's viewport holds other lines
    than on the suite's browser (so the replays above would differ if they compared them)."""
    page = ROOT / "tests" / "data" / "pages"
    assert page.is_dir()
    base = serve(page)  # type: ignore[operator]
    texts = []
    for running, window in ((browser, (1280, 720)), (rendered_otherwise, WINDOW)):
        tab = running.open(f"{base}wrapped_cards.html", viewport=window)
        try:
            texts.append(tab.observe().text)
        finally:
            tab.close()
    assert texts[0] != texts[1]
