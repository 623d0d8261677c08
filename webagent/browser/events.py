"""What a page does on its own between observations: dialogs, downloads, network traffic.

Dialogs are answered at once by a policy (a page blocks until they are), downloads are saved
to a folder, and both are reported in the next observation. `NetworkTracker` lets the tab
wait, bounded, until the requests an action started have finished.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from playwright.sync_api import BrowserContext, Dialog, Download, Error, Page, Request

from webagent.observation import PageEvent


@dataclass(frozen=True, slots=True)
class DialogInfo:
    """A JavaScript dialog the page opened (`alert`, `confirm`, `prompt`, `beforeunload`)."""

    type: str
    message: str
    default_value: str
    url: str


# A callable answers True (accept), False (dismiss) or a string (accept a prompt with it).
DialogHandler = Callable[[DialogInfo], bool | str]
DialogPolicy = Literal["accept", "dismiss"] | DialogHandler


class EventLog:
    """Collects page events until the next observation takes them."""

    def __init__(self, dialog_policy: DialogPolicy, downloads_dir: Path) -> None:
        self._policy = dialog_policy
        self._downloads_dir = downloads_dir
        self._events: list[PageEvent] = []
        self._pending_downloads: list[Download] = []
        self.downloads: list[Path] = []

    def watch(self, page: Page) -> None:
        page.on("dialog", self._on_dialog)
        page.on("download", self._on_download)

    def add(self, kind: str, message: str) -> None:
        self._events.append(PageEvent(kind, message))

    def take(self) -> tuple[PageEvent, ...]:
        """Save finished downloads, then hand over and forget every event so far."""
        self._save_downloads()
        events, self._events = tuple(self._events), []
        return events

    def _on_dialog(self, dialog: Dialog) -> None:
        info = DialogInfo(
            dialog.type,
            dialog.message,
            dialog.default_value,
            dialog.page.url if dialog.page else "",
        )
        answer: bool | str
        if self._policy == "accept":
            answer = True
        elif self._policy == "dismiss":
            answer = False
        else:
            try:
                answer = self._policy(info)
            except Exception as error:
                self.add("dialog", f"dialog handler failed ({error}); dismissed")
                answer = False
        try:
            if answer is False:
                dialog.dismiss()
                verdict = "dismissed"
            elif isinstance(answer, str) and not isinstance(answer, bool):
                dialog.accept(answer)
                verdict = f"answered {answer!r}"
            else:
                dialog.accept()
                verdict = "accepted"
        except Error as error:
            verdict = f"could not be answered ({error.message})"
        self.add("dialog", f"{info.type} {info.message!r} was {verdict}")

    def _on_download(self, download: Download) -> None:
        self._pending_downloads.append(download)  # saved later: handlers must not block

    def _save_downloads(self) -> None:
        pending, self._pending_downloads = self._pending_downloads, []
        for download in pending:
            name = download.suggested_filename or "download"
            target = _unique(self._downloads_dir / name)
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                download.save_as(target)
            except Error as error:
                self.add("download", f"{name} from {download.url} failed: {error.message}")
                continue
            self.downloads.append(target)
            self.add("download", f"{name} saved to {target}")


def _unique(path: Path) -> Path:
    candidate, counter = path, 1
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{counter}{path.suffix}")
        counter += 1
    return candidate


# How often requests in flight are looked at again while waiting for them to end.
_INFLIGHT_POLL_MS = 40
# Requests whose completion can change what the page shows.
_TRACKED_TYPES = frozenset({"document", "xhr", "fetch", "script"})


class NetworkTracker:
    """Counts a context's requests in flight, so an action can wait for the page to settle."""

    def __init__(self, context: BrowserContext) -> None:
        self._inflight: set[Request] = set()
        self._last_change = time.monotonic()
        context.on("request", self._on_request)
        context.on("requestfinished", self._on_done)
        context.on("requestfailed", self._on_done)

    def _on_request(self, request: Request) -> None:
        if request.resource_type in _TRACKED_TYPES:
            self._inflight.add(request)
            self._last_change = time.monotonic()

    def _on_done(self, request: Request) -> None:
        if request in self._inflight:
            self._inflight.discard(request)
            self._last_change = time.monotonic()

    def wait_quiet(
        self, page: Page, quiet_ms: int = 100, max_ms: int = 2000, min_ms: int = 40
    ) -> bool:
        """Wait until no tracked request has been in flight for `quiet_ms`, at most `max_ms`.

        Returns whether the network went quiet. Playwright delivers events only while it is
        called, hence the waits in Playwright: with nothing in flight, one until the quiet
        period would be over (a request that starts meanwhile moves it on); with requests in
        flight, short ones. `min_ms` gives a request that an action scheduled for just after
        it the time to show up.
        """
        started = time.monotonic()
        deadline = started + max_ms / 1000
        self._last_change = max(self._last_change, started - quiet_ms / 1000 + min_ms / 1000)
        while (now := time.monotonic()) < deadline:
            quiet_for = (now - self._last_change) * 1000
            if not self._inflight and quiet_for >= quiet_ms:
                return True
            wait_ms = _INFLIGHT_POLL_MS if self._inflight else quiet_ms - quiet_for
            try:
                page.wait_for_timeout(max(1.0, min(wait_ms, (deadline - now) * 1000)))
            except Error:
                return False  # the page closed while we waited
        return not self._inflight
