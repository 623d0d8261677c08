"""The network guard: every request a session makes passes here before it leaves the browser.

- A request to an origin outside the allowlist is aborted (navigations, redirects, popups, form
  posts, scripts, images, beacons alike) and reported.
- A request the site profile or the generic lexicon marks irreversible (a POST that places an
  order, a DELETE, a GraphQL mutation, a form carrying card details, ...) goes out only if the
  action that sent it was approved as irreversible; otherwise it is held and the confirmation
  policy asked, once per action; a denied request is aborted and never reaches the server.
  Requests a page sends on its own, between actions, are held the same way.

With the `allow` policy and no allowlist nothing needs holding: the guard only watches, so
the browser's cache stays on (routing turns it off).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from playwright.sync_api import BrowserContext, Error, Page, Request, Route

from webagent.browser.events import EventLog
from webagent.safety import Allowlist, Confirmation, Gate, RiskRules
from webagent.safety.domains import origin_of
from webagent.sites.match import location

logger = logging.getLogger("webagent.safety")

# GETs are checked against the rules only when they can change something (a profile may mark
# a GET route irreversible): page loads and scripted calls, not images or stylesheets.
_CHECKED_GETS = frozenset({"document", "xhr", "fetch", "ping", "other"})
_MAX_BODY = 64_000


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


class Guard:
    """Applies the allowlist and the confirmation policy to one browser context's traffic."""

    def __init__(
        self,
        context: BrowserContext,
        *,
        gate: Gate,
        allowlist: Allowlist,
        rules_for: Callable[[str], RiskRules],
        events: EventLog,
        title_of: Callable[[Page], str],
    ) -> None:
        self._gate = gate
        self._allowlist = allowlist
        self._rules_for = rules_for
        self._events = events
        self._title_of = title_of
        self._window: ActionWindow | None = None
        self.blocked: list[str] = []
        """URLs aborted because their origin is outside the allowlist."""
        self._reported: set[str] = set()
        self.committed: list[str] = []
        """Irreversible requests that went out, approved, in the whole session."""
        self.routing = gate.policy != "allow" or bool(allowlist)
        if self.routing:
            context.route("**/*", self._on_route)
        else:
            context.on("request", self._on_request)

    @contextlib.contextmanager
    def action(self, action: str, element: str, *, approved: bool) -> Iterator[ActionWindow]:
        """Attribute the requests sent while the block runs to this action."""
        window = ActionWindow(action, element, approved)
        self._window = window
        try:
            yield window
        finally:
            self._window = None

    # -- routing -----------------------------------------------------------------------------
    def _on_route(self, route: Route, request: Request) -> None:
        try:
            allowed = self._judge(request)
        except Exception:  # fail closed: a request we could not judge does not go out
            logger.exception("the network guard failed on %s %s", request.method, request.url)
            allowed = request.method.upper() == "GET" and self._allowlist.allows(request.url)
        with contextlib.suppress(Error):  # the page may have closed meanwhile
            if allowed:
                route.continue_()
            else:
                route.abort("blockedbyclient")

    def _on_request(self, request: Request) -> None:
        """Watching only (policy `allow`): note irreversible requests as approved."""
        why = self._irreversible(request)
        if why is not None:
            self._approve_or_ask(request, why)

    def _judge(self, request: Request) -> bool:
        url = request.url
        if not self._allowlist.allows(url):
            self._block(request)
            return False
        why = self._irreversible(request)
        if why is None:
            return True
        return self._approve_or_ask(request, why)

    def _irreversible(self, request: Request) -> str | None:
        method = request.method.upper()
        if method == "GET" and request.resource_type not in _CHECKED_GETS:
            return None
        if not request.url.startswith(("http:", "https:")):
            return None
        return self._rules_for(request.url).request(method, request.url, _body(request))

    def _approve_or_ask(self, request: Request, why: str) -> bool:
        sent = f"{request.method.upper()} {request.url}"
        window = self._window
        if window is not None and window.approved:
            window.committed.append(sent)
            self.committed.append(sent)
            return True
        if window is not None and window.denied:
            window.held.append(f"{sent}: {why}")
            return False
        page_url, title = self._page_of(request)
        decision = self._gate.decide(
            Confirmation(
                kind="request",
                action=window.action if window else "",
                element=window.element if window else "",
                url=page_url,
                title=title,
                reasons=(why,),
                request=sent,
            )
        )
        if window is not None:  # one answer covers the rest of the action
            window.approved, window.denied = decision.approved, not decision.approved
        if decision.approved:
            if window is not None:
                window.committed.append(sent)
            self.committed.append(sent)
            return True
        if window is not None:
            window.held.append(f"{sent}: {why}")
        else:
            self._events.add(
                "held",
                f"the page tried to send {request.method.upper()} {location(request.url)} on "
                f"its own ({why}); it was not approved and never reached the server",
            )
        return False

    def _block(self, request: Request) -> None:
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
            return "", ""
        return page.url, self._title_of(page)


def _body(request: Request) -> str:
    try:
        data = request.post_data_buffer
    except Error:
        return ""
    return data[:_MAX_BODY].decode("utf-8", errors="replace") if data else ""
