"""The only part of webagent that talks to Playwright.

`launch()` starts Chromium and returns a `Browser`; `Browser.open(url)` returns a `Tab` to
`observe()` and `act()` on.
"""

from webagent.actions import ActionResult
from webagent.browser.driver import DEFAULT_VIEWPORT, Browser, launch
from webagent.browser.events import DialogInfo, DialogPolicy
from webagent.browser.executable import ChromiumChoice, find_chromium
from webagent.browser.executor import Timeouts
from webagent.browser.tab import Tab
from webagent.browser.window import show_window

__all__ = [
    "DEFAULT_VIEWPORT",
    "ActionResult",
    "Browser",
    "ChromiumChoice",
    "DialogInfo",
    "DialogPolicy",
    "Tab",
    "Timeouts",
    "find_chromium",
    "launch",
    "show_window",
]
