"""Showing and hiding a headed browser's window, through the Chrome DevTools Protocol.

Each session (`Tab`) of a headed Chromium has its own window; minimising it keeps the page
running as before (Playwright's actions do not need the window on screen).
"""

from __future__ import annotations

from playwright.sync_api import Error

from webagent.browser.tab import Tab


def show_window(tab: Tab, visible: bool) -> bool:
    """Restore (`visible`) or minimise the window of `tab`'s focused page; False when the
    browser has no such window (headless) or refuses."""
    try:
        cdp = tab.context.new_cdp_session(tab.page)
        try:
            window = cdp.send("Browser.getWindowForTarget")
            state = "normal" if visible else "minimized"
            cdp.send(
                "Browser.setWindowBounds",
                {"windowId": window["windowId"], "bounds": {"windowState": state}},
            )
        finally:
            cdp.detach()
    except Error:
        return False
    return True
