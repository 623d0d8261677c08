"""`Tab`: what an agent drives, the focused tab of one browser context and its siblings.

`observe()` reads the focused page; `act()` runs an action and never raises for a failed one.
Popups and `new_tab` move the focus, `tab_focus` and `close_tab` move it back; `page` always
follows it.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Error, Page

from webagent.actions import (
    Action,
    ActionResult,
    CloseTab,
    NewTab,
    NoteDown,
    Stop,
    TabFocus,
    parse_action,
)
from webagent.browser.activity import Settler
from webagent.browser.events import DialogPolicy, EventLog
from webagent.browser.executor import Timeouts, goto, perform
from webagent.browser.titles import TitleTracker
from webagent.errors import ActionParseError, BrowserError, NavigationError
from webagent.html import html_to_markdown
from webagent.observation import (
    DEFAULT_VIEWPORT_BUDGET,
    Observation,
    RenderOptions,
    TabInfo,
    compose_observation,
    parse_snapshot,
)

_SNAPSHOT_ATTEMPTS = 3


class Tab:
    """The agent's handle on one browsing session (a Playwright context).

    Made by `Browser.open`; use `observe`, `act`, and `page` as an escape hatch.
    """

    def __init__(
        self,
        context: BrowserContext,
        *,
        timeouts: Timeouts,
        dialogs: DialogPolicy,
        downloads_dir: Path,
        on_close: Callable[[Tab], None] | None = None,
    ) -> None:
        self._context = context
        self._timeouts = timeouts
        self._events = EventLog(dialogs, downloads_dir)
        self._settler = Settler(context)
        self._titles = TitleTracker(context)
        self._pages: list[Page] = []
        self._active = 0
        self._last_error: str | None = None
        self._on_close = on_close
        self._closed = False
        self._opening = False
        self.notes: list[str] = []
        context.on("page", self._on_page)
        self._new_page()

    # -- the focused page -------------------------------------------------------------
    @property
    def page(self) -> Page:
        """The Playwright page of the focused tab."""
        if not self._pages:
            self._new_page()
        return self._pages[self._active]

    @property
    def context(self) -> BrowserContext:
        return self._context

    @property
    def downloads(self) -> list[Path]:
        """Files downloaded so far in this session."""
        return list(self._events.downloads)

    def tabs(self) -> tuple[TabInfo, ...]:
        """The open tabs, in order, marking the focused one."""
        return tuple(
            TabInfo(index, self._titles.title(page), page.url, index == self._active)
            for index, page in enumerate(self._pages)
        )

    # -- navigation ------------------------------------------------------------------
    def goto(self, url: str) -> None:
        """Open `url` in the focused tab; raise `NavigationError` when it cannot be loaded."""
        error = goto(self.page, url, self._timeouts)
        if error is not None:
            raise NavigationError(error)
        self._settle()

    # -- observing ---------------------------------------------------------------------
    def observe(self, *, full_page: bool = False, budget: int | None = None) -> Observation:
        """Read the focused page as the model sees it.

        Viewport-only by default, capped at `DEFAULT_VIEWPORT_BUDGET` tokens; `full_page`
        renders everything, uncapped unless a `budget` is given, and without geometry (its
        elements have no `box`, and all count as in view). The previous action's
        error and any dialogs or downloads since the last observation are included.
        """
        page = self.page
        # Boxes filter the viewport. A full page, or a small page that is all on screen, is
        # rendered without geometry: Playwright's boxes make the snapshot 10-30% slower.
        boxes = not full_page and not self._settler.whole_page_in_view(page)
        snapshot = self._snapshot(page, boxes=boxes)
        viewport = self._viewport(page)
        tabs = self.tabs()
        if budget is None and not full_page:
            budget = DEFAULT_VIEWPORT_BUDGET
        observation = compose_observation(
            parse_snapshot(snapshot),
            url=page.url,
            title=tabs[self._active].title,
            options=RenderOptions(viewport=viewport, full_page=full_page, page_url=page.url),
            budget=budget,
            tabs=tabs,
            events=self._events.take(),
            error=self._last_error,
        )
        self._last_error = None
        return observation

    def markdown(self, *, main_only: bool = True, max_chars: int | None = None) -> str:
        """The focused page's main content as Markdown, links resolved (for notes, summaries)."""
        page = self.page
        return html_to_markdown(
            page.content(), base_url=page.url, main_only=main_only, max_chars=max_chars
        )

    def snapshot(self) -> str:
        """The raw `aria_snapshot(mode="ai")` text of the focused page (no boxes)."""
        return self._snapshot(self.page, boxes=False)

    def _snapshot(self, page: Page, boxes: bool = True) -> str:
        for attempt in range(_SNAPSHOT_ATTEMPTS):
            try:
                return page.aria_snapshot(mode="ai", boxes=boxes, timeout=self._timeouts.navigation)
            except Error as error:
                # A navigation in progress destroys the document being read: wait, retry.
                if attempt == _SNAPSHOT_ATTEMPTS - 1:
                    raise BrowserError(f"could not read {page.url}: {error.message}") from error
                self._wait_loaded(page)
        raise AssertionError("unreachable")  # pragma: no cover

    def _viewport(self, page: Page) -> tuple[int, int]:
        size = page.viewport_size
        if size is not None:
            return size["width"], size["height"]
        width, height = page.evaluate("() => [window.innerWidth, window.innerHeight]")
        return int(width), int(height)

    # -- acting --------------------------------------------------------------------------
    def act(self, action: str | Action) -> ActionResult:
        """Run one action (grammar text or typed); failures come back in `result.error`."""
        started = time.monotonic()
        before_page, before_url = self.page, self.page.url
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionParseError as parse_error:
                self._last_error = f"could not read the action: {parse_error}"
                return ActionResult(None, self._last_error, before_url, before_url)
        failure = self._run(action)
        if not isinstance(action, Stop | NoteDown):
            self._settle()
        self._last_error = failure
        return ActionResult(
            action,
            failure,
            url=self.page.url,
            url_before=before_url,
            tab_changed=self.page is not before_page,
            elapsed_ms=int((time.monotonic() - started) * 1000),
        )

    def _run(self, action: Action) -> str | None:
        if isinstance(action, Stop):
            return None
        if isinstance(action, NoteDown):
            self.notes.append(action.text)
            return None
        if isinstance(action, NewTab):
            self._new_page()
            return None
        if isinstance(action, TabFocus):
            if not 0 <= action.index < len(self._pages):
                return f"there is no tab {action.index}; open tabs are 0 to {len(self._pages) - 1}"
            self._active = action.index
            self.page.bring_to_front()
            return None
        if isinstance(action, CloseTab):
            closing = self.page
            closing.close()  # the close event removes it and moves the focus
            return None
        return perform(self.page, action, self._timeouts)

    def _settle(self) -> None:
        """Wait, bounded, for what the action started: requests, timers, DOM changes, load."""
        page = self.page
        self._settler.wait(page, max_ms=self._timeouts.settle)
        self._wait_loaded(page)

    def _wait_loaded(self, page: Page) -> None:
        with contextlib.suppress(Error):  # slow or closed: observe whatever is there
            page.wait_for_load_state("domcontentloaded", timeout=self._timeouts.navigation)

    # -- tabs ------------------------------------------------------------------------------
    def _new_page(self) -> None:
        self._opening = True  # the context's "page" event fires inside new_page()
        try:
            self._adopt(self._context.new_page())
        finally:
            self._opening = False

    def _adopt(self, page: Page) -> None:
        if page in self._pages:
            self._active = self._pages.index(page)
            return
        self._pages.append(page)
        self._active = len(self._pages) - 1
        self._events.watch(page)
        self._titles.watch(page)
        self._settler.watch(page)
        page.on("close", self._on_page_closed)

    def _on_page(self, page: Page) -> None:
        """A page opened by the site (popup, target=_blank) takes the focus, as a person's would."""
        if page in self._pages or self._opening:
            return
        self._adopt(page)
        self._events.add(
            "popup", f"the page opened a new tab [{self._active}]; it now has the focus"
        )

    def _on_page_closed(self, page: Page) -> None:
        if page not in self._pages:
            return
        index = self._pages.index(page)
        self._pages.remove(page)
        if self._active >= index and self._active > 0:
            self._active -= 1

    # -- lifetime ----------------------------------------------------------------------
    def close(self) -> None:
        """Close every tab of this session (a HAR being recorded is written now)."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(Error):  # the browser may already be gone
            self._context.close()
        if self._on_close is not None:
            self._on_close(self)

    def __enter__(self) -> Tab:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
