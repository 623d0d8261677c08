"""Knowing when a page has finished reacting to an action.

An action's effects arrive late: a request returns, an autocomplete shows its suggestions
after a 300 ms timer, a menu opens after a short delay. An init script counts the page's
pending short timers and notes its last DOM change; `Settler` then waits, bounded, until no
tracked request is in flight, no short timer is pending, and the DOM has been quiet briefly.
"""

from __future__ import annotations

import time

from playwright.sync_api import BrowserContext, Error, Page

from webagent.browser.events import NetworkTracker

# Timers shorter than this are the page still reacting; longer ones (session timeouts,
# carousels, polling) are not waited for.
SHORT_TIMER_MS = 1000

INIT_SCRIPT = """(() => {
  if (window.__webagentActivity) return;
  const pending = new Set();
  let lastChange = 0;
  const setTimer = window.setTimeout, clearTimer = window.clearTimeout;
  window.setTimeout = function (callback, delay, ...args) {
    if (typeof callback !== 'function' || Number(delay) >= SHORT_TIMER_MS)
      return setTimer.call(this, callback, delay, ...args);
    const id = setTimer.call(this, function () {
      pending.delete(id);
      return callback.apply(this, arguments);
    }, delay, ...args);
    pending.add(id);
    return id;
  };
  window.clearTimeout = function (id) {
    pending.delete(id);
    return clearTimer.call(this, id);
  };
  new MutationObserver(() => { lastChange = performance.now(); }).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  Object.defineProperty(window, '__webagentActivity', {
    value: { busy: quietMs => pending.size > 0 || performance.now() - lastChange < quietMs },
  });
})();""".replace("SHORT_TIMER_MS", str(SHORT_TIMER_MS))

_BUSY_JS = "q => !!window.__webagentActivity && window.__webagentActivity.busy(q)"
_POLL_MS = 25


class Settler:
    """Waits after each action until the page is quiet (network, timers, DOM), bounded."""

    def __init__(self, context: BrowserContext) -> None:
        context.add_init_script(INIT_SCRIPT)
        self._network = NetworkTracker(context)

    def wait(self, page: Page, max_ms: int, quiet_ms: int = 100) -> bool:
        """Wait until the page is quiet, at most `max_ms`; return whether it went quiet."""
        deadline = time.monotonic() + max_ms / 1000
        if not self._network.wait_quiet(page, quiet_ms=quiet_ms, max_ms=max_ms):
            return False
        while time.monotonic() < deadline:
            try:
                if not page.evaluate(_BUSY_JS, quiet_ms):
                    return True
                page.wait_for_timeout(_POLL_MS)
            except Error:
                return False  # navigating or closed: the load wait that follows covers it
        return False
