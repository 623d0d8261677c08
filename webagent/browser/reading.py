"""Reading a page for a `Tab`: its accessibility snapshot (retried across a navigation), its
viewport, a picture of it, the time zone its scripts see, and an observation with the
session's secrets taken out."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from pathlib import Path

from playwright.sync_api import Error, Page

from webagent.errors import BrowserError
from webagent.observation import Observation
from webagent.safety.secrets import Secrets

SNAPSHOT_ATTEMPTS = 3


def wait_loaded(page: Page, timeout_ms: float) -> None:
    """Until the document being loaded is parsed; slow or closed: go on with what is there."""
    with contextlib.suppress(Error):
        page.wait_for_load_state("domcontentloaded", timeout=timeout_ms)


def read_snapshot(page: Page, *, boxes: bool, timeout_ms: float) -> str:
    """`aria_snapshot(mode="ai")` of `page`: a navigation in progress destroys the document
    being read, so each failure waits for the next document and tries again."""
    for attempt in range(SNAPSHOT_ATTEMPTS):
        try:
            return page.aria_snapshot(mode="ai", boxes=boxes, timeout=timeout_ms)
        except Error as error:
            if attempt == SNAPSHOT_ATTEMPTS - 1:
                raise BrowserError(f"could not read {page.url}: {error.message}") from error
            wait_loaded(page, timeout_ms)
    raise AssertionError("unreachable")  # pragma: no cover


def viewport_of(page: Page) -> tuple[int, int]:
    """The viewport's width and height in CSS pixels."""
    size = page.viewport_size
    if size is not None:
        return size["width"], size["height"]
    width, height = page.evaluate("() => [window.innerWidth, window.innerHeight]")
    return int(width), int(height)


def take_screenshot(page: Page, path: Path, *, full_page: bool, timeout_ms: float) -> Path | None:
    """Save `page` as an image (JPEG or PNG by `path`'s suffix); None when it cannot be taken
    (the page is gone or never painted): a missing picture is no error."""
    path.parent.mkdir(parents=True, exist_ok=True)
    jpeg = path.suffix.lower() in (".jpg", ".jpeg")
    try:
        page.screenshot(
            path=str(path),
            full_page=full_page,
            type="jpeg" if jpeg else "png",
            quality=70 if jpeg else None,
            timeout=timeout_ms,
            animations="disabled",
        )
    except Error:
        return None
    return path


def time_zone_of(page: Page) -> str | None:
    """The IANA time zone the page's scripts see (`Europe/Paris`), None if it cannot say."""
    try:
        zone = page.evaluate("() => Intl.DateTimeFormat().resolvedOptions().timeZone")
    except Error:
        return None
    return zone if isinstance(zone, str) and zone else None


def redacted(observation: Observation, secrets: Secrets) -> Observation:
    """The observation with every credential's value replaced by its placeholder."""
    return replace(
        observation,
        url=secrets.redact(observation.url),
        title=secrets.redact(observation.title),
        text=secrets.redact(observation.text),
        elements=tuple(
            replace(
                element,
                name=secrets.redact(element.name),
                value=secrets.redact(element.value) if element.value else element.value,
            )
            for element in observation.elements
        ),
        events=tuple(
            replace(event, message=secrets.redact(event.message)) for event in observation.events
        ),
        error=secrets.redact(observation.error) if observation.error else observation.error,
    )
