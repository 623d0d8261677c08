"""Knowing when a page has finished reacting to an action.

An action's effects arrive late: a request returns, an autocomplete shows its suggestions
after a 300 ms timer, a menu opens after a short delay. An init script counts the page's
pending short timers and the requests its scripts started, and notes its last DOM change;
`Settler` then waits, bounded, until no tracked request is in flight, no short timer is
pending, no script's request is open, and the DOM has been quiet briefly. Counting a script's
requests in the page matters: a request a timer sends can reach Playwright's event loop after
the page last looked quiet, and would otherwise land after the action was reported.

The same poll says whether the page is small and entirely on screen; such a page is observed
without geometry (Playwright's boxes cost 10-30% more time), since all of it is in view.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from playwright.sync_api import BrowserContext, Error, Frame, Page

from webagent.browser.events import NetworkTracker

# Timers shorter than this are the page still reacting; longer ones (session timeouts,
# carousels, polling) are not waited for.
SHORT_TIMER_MS = 1000
# The longest a page's idle-time work waits for the browser to be idle.
IDLE_DEADLINE_MS = 500

INIT_SCRIPT = """(() => {
  if (window.__webagentActivity) return;
  const pending = new Set(), idle = new Map();
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
  // Work a page defers until the browser is idle (a wiki upgrading its search box) is
  // part of loading it: the page is not settled until it has run. A busy machine can keep
  // the browser from ever being idle, so such work is given a deadline (as the page may
  // itself give one) that falls within the wait.
  const setIdle = window.requestIdleCallback, clearIdle = window.cancelIdleCallback;
  if (typeof setIdle === 'function') {
    window.requestIdleCallback = function (callback, options) {
      if (typeof callback !== 'function') return setIdle.call(this, callback, options);
      const key = {};
      const asked = options && Number(options.timeout) > 0 ? Number(options.timeout) : IDLE_MS;
      const id = setIdle.call(this, function () {
        pending.delete(key);
        return callback.apply(this, arguments);
      }, Object.assign({}, options, { timeout: Math.min(asked, IDLE_MS) }));
      idle.set(id, key);
      pending.add(key);
      return id;
    };
    window.cancelIdleCallback = function (id) {
      pending.delete(idle.get(id));
      idle.delete(id);
      return clearIdle.call(this, id);
    };
  }
  // A request a script starts (a timer's fetch, a submit handler's XHR) keeps the page busy
  // until it ends: its network event can reach us after the script went quiet.
  let requests = 0;
  const ended = () => { requests -= 1; lastChange = performance.now(); };
  const fetcher = window.fetch;
  if (typeof fetcher === 'function') {
    window.fetch = function () {
      const sent = fetcher.apply(this, arguments);
      requests += 1;
      Promise.resolve(sent).then(ended, ended);
      return sent;
    };
  }
  const xhr = window.XMLHttpRequest && window.XMLHttpRequest.prototype;
  if (xhr && typeof xhr.send === 'function') {
    const send = xhr.send;
    xhr.send = function () {
      const result = send.apply(this, arguments);
      requests += 1;
      this.addEventListener('loadend', ended, { once: true });
      return result;
    };
  }
  // A navigation the page starts (a link, a form, a script setting location) leaves this
  // document: busy until it is gone. One that turns into a download or is called off leaves
  // the page where it was, so the mark lapses after a second.
  let leaving = false;
  window.addEventListener('beforeunload', () => {
    leaving = true;
    setTimer.call(window, () => { leaving = false; }, 1000);
  });
  new MutationObserver(() => { lastChange = performance.now(); }).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  Object.defineProperty(window, '__webagentActivity', {
    value: {
      busy: quietMs => leaving || pending.size > 0 || requests > 0
        || performance.now() - lastChange < quietMs,
    },
  });
})();""".replace("SHORT_TIMER_MS", str(SHORT_TIMER_MS)).replace("IDLE_MS", str(IDLE_DEADLINE_MS))

# Whether the page is still reacting, and whether all of it is on screen: a small document
# that does not scroll needs no geometry to be shown "viewport only".
_STATE_JS = """q => {
  const activity = window.__webagentActivity, root = document.documentElement;
  const whole = !!root && scrollX === 0 && scrollY === 0
    && root.scrollHeight <= innerHeight && root.scrollWidth <= innerWidth
    && document.getElementsByTagName('*').length <= SMALL_PAGE_ELEMENTS;
  return [!!activity && activity.busy(q), whole];
}""".replace("SMALL_PAGE_ELEMENTS", "400")
_POLL_MS = 25
# Documents one wait follows (a click that navigates, then a redirect or a script's reload).
_MAX_ARRIVALS = 3


class Settler:
    """Waits after each action until the page is quiet (network, timers, DOM), bounded."""

    def __init__(self, context: BrowserContext) -> None:
        context.add_init_script(INIT_SCRIPT)
        self._network = NetworkTracker(context)
        self._whole: dict[Page, bool] = {}

    def watch(self, page: Page) -> None:
        page.on("framenavigated", self._on_navigated)
        page.on("close", self._on_close)

    def whole_page_in_view(self, page: Page) -> bool:
        """Whether, when the page last settled, it was small and entirely on screen."""
        return self._whole.get(page, False)

    def wait(self, page: Page, max_ms: int, quiet_ms: int = 100) -> bool:
        """Wait until the page is quiet, at most `max_ms`; return whether it went quiet."""
        deadline = time.monotonic() + max_ms / 1000
        arrivals = 0
        self._whole.pop(page, None)
        if not self._network.wait_quiet(page, quiet_ms=quiet_ms, max_ms=max_ms):
            return False
        while time.monotonic() < deadline:
            try:
                busy, whole = page.evaluate(_STATE_JS, quiet_ms)
            except Error:
                # Navigating: wait for the new document, then watch it settle in turn (a
                # page's start-up requests, a mini-cart filled in, are part of arriving). A
                # page that cannot be read for another reason is not waited on for ever.
                arrivals += 1
                if arrivals > _MAX_ARRIVALS or not self._arrived(page, deadline):
                    return False
                continue
            self._whole[page] = bool(whole)
            if not busy:
                return True
            page.wait_for_timeout(_POLL_MS)
        return False

    @staticmethod
    def _arrived(page: Page, deadline: float) -> bool:
        """Whether the document being loaded got far enough to be watched before `deadline`
        (False: the page closed, or it is still loading)."""
        remaining_ms = (deadline - time.monotonic()) * 1000
        if page.is_closed() or remaining_ms <= 0:
            return False
        try:
            page.wait_for_load_state("domcontentloaded", timeout=remaining_ms)
        except Error:
            return False
        return True

    def _on_navigated(self, frame: Frame) -> None:
        if frame.parent_frame is None:  # a new document: what was measured no longer holds
            self._whole.pop(frame.page, None)

    def _on_close(self, page: Page) -> None:
        self._whole.pop(page, None)


@dataclass
class Busy:
    """What a tab's time went on: reading pages, running actions (settling included)."""

    observing: float = 0.0
    acting: float = 0.0
