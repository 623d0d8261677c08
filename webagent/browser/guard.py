"""The network guard: every request a session makes passes here before it leaves the browser.

- A request to an origin outside the allowlist is aborted (navigations, redirects, popups, form
  posts, scripts, images, beacons alike) and reported.
- A request the session's risk judge calls irreversible (with site knowledge: a POST that
  places an order, a DELETE, a GraphQL mutation, a form carrying card details, ...; without:
  any POST, PUT, PATCH or DELETE) goes out only if the action that sent it was approved as
  irreversible; otherwise it is held and the confirmation policy asked, once per action; a
  denied request is aborted and never reaches the server.
  Whatever sets a request off (a click, a key, typing, focus, a change, a timer or promise
  chain an action started) it is judged the same. A request sent after an action returned
  (a debounce, a delayed or idle callback) is asked about in that action's name, and told in
  the next observation; one sent before any action is the page's own. Either way, held.

What routing cannot see (redirect hops, requests sent as a page unloads, shared workers,
WebSockets) goes through the session's `GuardProxy`, which asks the same questions.

With the `allow` policy nothing needs holding: the guard only watches, so the browser's cache
stays on (routing turns it off); an allowlist is then the proxy's alone to enforce, and
without one no proxy is needed.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Error, Page, Request, Route

from webagent.browser.events import EventLog
from webagent.browser.proxy import GuardProxy
from webagent.domains import Allowlist, origin_of
from webagent.safety import MUTATING, Confirmation, Gate, RiskJudge
from webagent.urls import location

logger = logging.getLogger("webagent.safety")

# GETs are put to the judge only when they can change something (a site profile may mark
# a GET route irreversible): page loads and scripted calls, not images or stylesheets.
_CHECKED_GETS = frozenset({"document", "xhr", "fetch", "ping", "other"})
_MAX_BODY = 64_000
# Hosts Chromium itself calls through the session's proxy (autofill, hints, updates). Off the
# allowlist they are blocked like anything else, but not reported: no page asked for them.
_BROWSER_SERVICES = frozenset(
    {
        "content-autofill.googleapis.com",
        "optimizationguide-pa.googleapis.com",
        "update.googleapis.com",
        "safebrowsing.googleapis.com",
        "clientservices.googleapis.com",
        "redirector.gvt1.com",
    }
)


@dataclass(slots=True)
class ActionWindow:
    """One action in progress, as the guard sees it."""

    action: str
    element: str
    approved: bool
    """Approved as irreversible before it ran: the requests it sends are covered."""
    denied: bool = False
    """A request it sent was held and not approved: the rest are aborted without asking."""
    committed: list[str] = field(default_factory=list)
    """Irreversible requests that went out during it."""
    held: list[str] = field(default_factory=list)
    """Irreversible requests aborted during it, with why."""
    undone: list[str] = field(default_factory=list)
    """Undoable requests that went out during it, each with how to take it back."""


class Guard:
    """Applies the allowlist and the confirmation policy to one browser context's traffic."""

    def __init__(
        self,
        context: BrowserContext,
        *,
        gate: Gate,
        allowlist: Allowlist,
        judge: RiskJudge,
        events: EventLog,
        title_of: Callable[[Page], str],
        proxy: GuardProxy | None = None,
    ) -> None:
        self._gate = gate
        self._allowlist = allowlist
        self._risk_judge = judge
        self._events = events
        self._title_of = title_of
        self._window: ActionWindow | None = None
        self._last: ActionWindow | None = None
        """The action that ran last: what a request sent between actions followed."""
        self.blocked: list[str] = []
        """URLs aborted because their origin is outside the allowlist."""
        self._reported: set[str] = set()
        self._lock = threading.RLock()  # the proxy's threads ask too
        self._approved: Counter[tuple[str, str]] = Counter()  # routed, approved, not yet sent
        self.page = ("", "")
        """The page's URL and title as last seen, for questions asked off the main thread."""
        self.committed: list[str] = []
        """Irreversible requests that went out, approved, in the whole session."""
        # Under `allow` only the allowlist applies, and the proxy enforces it (it sees every
        # request, and every HTTPS host): routing would add a Python hop per request and turn
        # the cache off for nothing.
        self.routing = gate.policy != "allow"
        if self.routing:
            context.route("**/*", self._on_route)
        else:
            context.on("request", self._on_request)
        if proxy is not None:
            proxy.allows = allowlist.allows
            proxy.judge = self._judge_proxied
            proxy.on_block = self._blocked_in_proxy

    @contextlib.contextmanager
    def action(self, action: str, element: str, *, approved: bool) -> Iterator[ActionWindow]:
        """Attribute the requests sent while the block runs to this action."""
        window = ActionWindow(action, element, approved)
        with self._lock:
            self._window, self._last = window, None
        try:
            yield window
        finally:
            with self._lock:
                self._window, self._last = None, window

    # -- routing -----------------------------------------------------------------------------
    def _on_route(self, route: Route, request: Request) -> None:
        try:
            allowed = self._judge(request)
        except Exception:  # fail closed: a request we could not judge does not go out
            logger.exception("the network guard failed on %s %s", request.method, request.url)
            allowed = request.method.upper() == "GET" and self._allowlist.allows(request.url)
        with contextlib.suppress(Error):  # the page may have closed meanwhile
            if allowed:  # to a handler registered before the guard's, if any (a replay)
                route.fallback()
            else:
                route.abort("blockedbyclient")

    def _on_request(self, request: Request) -> None:
        """Watching only (policy `allow`): note irreversible requests as approved, and
        undoable ones as done."""
        why, undoable = self._consequence(request)
        if why is not None:
            self._approve_or_ask(request.method.upper(), request.url, why, self._page_of(request))
        elif undoable is not None:
            self._undone(request.method.upper(), request.url, undoable)

    def _judge(self, request: Request) -> bool:
        url = request.url
        if not self._allowlist.allows(url):
            self._block(request)
            return False
        why, undoable = self._consequence(request)
        method = request.method.upper()
        if why is None and undoable is not None:
            if not self._gate.ask_undoable:
                self._undone(method, url, undoable)
                with self._lock:  # the proxy lets it through without noting it again
                    self._approved[(method, url)] += 1
                return True
            why = undoable  # a cautious person is asked about these too
        if why is None:
            return True
        approved = self._approve_or_ask(method, request.url, why, self._page_of(request))
        if approved:
            with self._lock:  # the proxy lets it through without asking again
                self._approved[(method, request.url)] += 1
        return approved

    def _consequence(self, request: Request) -> tuple[str | None, str | None]:
        """Why the request cannot be undone, and (if it can) what it changes and how to take
        it back; (None, None) for a request that changes nothing that matters."""
        method = request.method.upper()
        if method == "GET" and request.resource_type not in _CHECKED_GETS:
            return None, None
        if not request.url.startswith(("http:", "https:")):
            return None, None
        body = _body(request)
        why = self._risk_judge.request(method, request.url, body)
        if why is not None:
            return why, None
        return None, self._risk_judge.undoable(method, request.url, body)

    def _undone(self, method: str, url: str, undoable: str) -> None:
        """An undoable request went out: note it on the action that sent it (or, sent on
        the page's own, in the next observation), with how to take it back."""
        sent = undoable  # "POST /cart/remove: ...; undo: ..."
        with self._lock:
            window = self._window or self._last
            if window is not None:
                window.undone.append(sent)
            if self._window is None:
                source = f"after {window.action}, the page" if window else "the page, on its own,"
                self._events.add("undoable", f"{source} sent {sent}")

    def _approve_or_ask(self, method: str, url: str, why: str, page: tuple[str, str]) -> bool:
        with self._lock:
            return self._decide(method, url, why, page)

    def _decide(self, method: str, url: str, why: str, page: tuple[str, str]) -> bool:
        sent = f"{method} {url}"
        window = self._window
        if window is not None and window.approved:
            window.committed.append(sent)
            self.committed.append(sent)
            return True
        if window is not None and window.denied:
            window.held.append(f"{sent}: {why}")
            return False
        after = self._last if window is None else None
        if after is not None and after.denied:  # one answer covers what the action set off
            after.held.append(f"{sent}: {why}")
            self._events.add(
                "held",
                f"after {after.action}, the page tried to send {sent_at(method, url)} ({why}); "
                "refused as before, it never reached the server",
            )
            return False
        named = window or after
        decision = self._gate.decide(
            Confirmation(
                kind="request",
                action=(("after " if after else "") + named.action) if named else "",
                element=named.element if named else "",
                url=page[0],
                title=page[1],
                reasons=(why,),
                request=sent,
            )
        )
        if window is not None:  # one answer covers the rest of the action
            window.approved, window.denied = decision.approved, not decision.approved
        elif after is not None and not decision.approved:
            after.denied = True
        if decision.approved:
            if named is not None:
                named.committed.append(sent)
            self.committed.append(sent)
            if after is not None:
                self._events.add(
                    "committed",
                    f"after {after.action}, the page sent {sent_at(method, url)} ({why}); it "
                    f"was approved ({decision.by}) and went out",
                )
            return True
        if named is not None:
            named.held.append(f"{sent}: {why}")
        if window is None:
            source = f"after {after.action}, the page" if after else "the page, on its own,"
            self._events.add(
                "held",
                f"{source} tried to send {sent_at(method, url)} ({why}); it was not approved "
                "and never reached the server",
            )
        return False

    # -- the proxy: what routing did not see ------------------------------------------------
    def _judge_proxied(self, method: str, url: str, body: bytes) -> str | None:
        """Called on the proxy's threads: None lets the request go, else why not."""
        method = method.upper()
        if method not in MUTATING and method != "GET":
            return None
        text = body[:_MAX_BODY].decode("utf-8", errors="replace")
        why = self._risk_judge.request(method, url, text)
        if why is None:
            undoable = self._risk_judge.undoable(method, url, text)
            if undoable is None:
                return None
            with self._lock:
                if self._approved[(method, url)] > 0:  # routed (and noted) a moment ago
                    self._approved[(method, url)] -= 1
                    return None
            if not self._gate.ask_undoable:
                self._undone(method, url, undoable)
                return None
            why = undoable
        with self._lock:
            if self._approved[(method, url)] > 0:  # routed and approved a moment ago
                self._approved[(method, url)] -= 1
                return None
            if self._decide(method, url, why, self.page):
                return None
        return f"{method} {location(url)} cannot be undone ({why}) and was not approved"

    def _blocked_in_proxy(self, url: str) -> None:
        if urlsplit(url).hostname in _BROWSER_SERVICES:
            return  # Chromium's own traffic (autofill, updates): blocked, but no page sent it
        with self._lock:
            self.blocked.append(url)
            if origin_of(url) not in self._reported:
                self._reported.add(origin_of(url))
                self._events.add(
                    "blocked",
                    f"a request to {origin_of(url)} was blocked: that site is outside the "
                    f"allowed domains ({self._allowlist})",
                )

    def _block(self, request: Request) -> None:
        with self._lock:
            self._note_block(request)

    def _note_block(self, request: Request) -> None:
        url = request.url
        self.blocked.append(url)
        kind = "a navigation" if request.is_navigation_request() else f"a {request.resource_type}"
        if request.method.upper() != "GET":
            kind = f"a {request.method.upper()} request"
        elif not request.is_navigation_request():
            if origin_of(url) in self._reported:
                return  # one line per origin for images, scripts and the like
            self._reported.add(origin_of(url))
        self._events.add(
            "blocked",
            f"{kind} to {origin_of(url)} was blocked: that site is outside the allowed "
            f"domains ({self._allowlist})",
        )

    def _page_of(self, request: Request) -> tuple[str, str]:
        try:
            page = request.frame.page
        except Error:  # a service worker's request has no frame
            return self.page
        return page.url, self._title_of(page)


def sent_at(method: str, url: str) -> str:
    """`POST /path?query`: a request as a person reads it (the host is the page's)."""
    return f"{method} {location(url)}"


def _body(request: Request) -> str:
    try:
        data = request.post_data_buffer
    except Error:
        return ""
    return data[:_MAX_BODY].decode("utf-8", errors="replace") if data else ""
