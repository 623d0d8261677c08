"""Page titles without a round trip per observation.

Every observation shows the title of each open tab. Asking the browser (`page.title()`)
costs a round trip per tab, as much as the whole snapshot of a small page. Instead each page
reports its title through a binding whenever it changes; `TitleTracker.title` answers from
that report and asks the browser only when no report has arrived.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Error, Frame, Page, Response

_BINDING = "__webagentTitle"
_SCRIPT = """(() => {
  if (window !== window.top || window.__webagentTitleReporter) return;
  Object.defineProperty(window, '__webagentTitleReporter', {value: true});
  let last = null;
  const report = () => {
    const title = document.title;
    if (title === last || typeof window.BINDING !== 'function') return;
    last = title;
    window.BINDING(title).catch(() => {});
  };
  document.addEventListener('DOMContentLoaded', report);
  new MutationObserver(report).observe(document, {
    subtree: true, childList: true, characterData: true,
  });
})();""".replace("BINDING", _BINDING)


class TitleTracker:
    """Keeps the latest title each page reported."""

    def __init__(self, context: BrowserContext) -> None:
        self._titles: dict[Page, str] = {}
        context.expose_binding(_BINDING, self._on_report)
        context.add_init_script(_SCRIPT)

    def watch(self, page: Page) -> None:
        page.on("framenavigated", self._on_navigated)
        page.on("close", self._forget)

    def title(self, page: Page) -> str:
        if page in self._titles:
            return self._titles[page]
        try:
            return page.title()
        except Error:
            return ""  # closed or navigating: no title to show

    def _on_report(self, source: dict[str, Any], title: str) -> None:
        page = source.get("page")
        if isinstance(page, Page):
            self._titles[page] = str(title)

    def _on_navigated(self, frame: Frame) -> None:
        if frame.parent_frame is None:
            self._titles.pop(frame.page, None)  # the new document reports its own

    def _forget(self, page: Page) -> None:
        self._titles.pop(page, None)


class StatusTracker:
    """The HTTP status of each page's current document (its last main-frame navigation
    response): a 404 or a 500 is evidence that a page is an error page."""

    def __init__(self) -> None:
        self._statuses: dict[Page, int] = {}

    def watch(self, page: Page) -> None:
        page.on("response", self._on_response)
        page.on("close", self._forget)

    def status(self, page: Page) -> int | None:
        return self._statuses.get(page)

    def _on_response(self, response: Response) -> None:
        try:
            request = response.request
            if not request.is_navigation_request() or request.frame.parent_frame is not None:
                return
            self._statuses[request.frame.page] = response.status
        except Error:
            return  # the frame went away: its document is no one's current page

    def _forget(self, page: Page) -> None:
        self._statuses.pop(page, None)
