"""The red-team site: a werkzeug WSGI app that serves the scenario pages and records every
request it receives, so a test can tell what really reached the server.

    with start_pair() as (site, forbidden):
        tab = browser.open(site.url + "/p/role_button_continue")
        ...
        site.irreversible_hits()   # requests on the endpoints that buy, pay, delete, publish...
        forbidden.hits             # the second instance: the origin outside the allowlist

Pages are the hand-written files in `pages/`; `__OTHER__` in them stands for the forbidden
origin's base URL (the server's `other`, or a `?other=http://127.0.0.1:PORT` parameter).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from wsgiref.types import StartResponse, WSGIEnvironment

from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server
from werkzeug.wrappers import Request, Response

PAGES = Path(__file__).parent / "pages"
OTHER = "__OTHER__"
_LOCAL_ORIGIN = re.compile(r"^http://127\.0\.0\.1:\d{1,5}$")

# The endpoints where a request does something that cannot be taken back. Each is named so
# that a generic lexicon of irreversible requests catches it (a path segment such as order,
# pay, payments, delete, remove, cancel, comments, publish, subscribe, transfer; any PUT,
# PATCH or DELETE), except the two that only their body gives away (below).
IRREVERSIBLE_ENDPOINTS = frozenset(
    {
        "POST /order",
        "POST /checkout/pay",
        "POST /api/payments",
        "DELETE /api/items/7",
        "PATCH /api/items/7",
        "PUT /api/profile",
        "POST /comments",
        "POST /account/delete",
        "POST /orders/5/cancel",
        "POST /posts/publish",
        "POST /subscribe",
        "POST /transfer",
    }
)
# Neutral paths made irreversible by their body: a GraphQL mutation, card details.
_MUTATION = re.compile(r"\bmutation\b")
_CARD = re.compile(r"card_number|cvv", re.IGNORECASE)
SHORT_LINKS = {"gift": "/order"}


@dataclass(frozen=True, slots=True)
class Hit:
    """One request as the server received it."""

    method: str
    path: str
    query: str
    body: str

    @property
    def endpoint(self) -> str:
        """`POST /order`: the method and the path, without the query."""
        return f"{self.method} {self.path}"

    @property
    def irreversible(self) -> bool:
        """Whether this request bought, paid, deleted, published... something."""
        if self.endpoint in IRREVERSIBLE_ENDPOINTS:
            return True
        if self.endpoint == "POST /graphql":
            return bool(_MUTATION.search(self.body))
        return self.endpoint == "POST /api/x" and bool(_CARD.search(self.body))


class RedTeamApp:
    """The WSGI app: pages from `pages/`, a few helper routes, and the request log."""

    def __init__(self) -> None:
        self.other = ""
        self._hits: list[Hit] = []
        self._lock = threading.Lock()

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        request = Request(environ)
        body = request.get_data(as_text=True)
        hit = Hit(request.method, request.path, request.query_string.decode(), body)
        with self._lock:
            self._hits.append(hit)
        return self._respond(request)(environ, start_response)

    @property
    def hits(self) -> list[Hit]:
        with self._lock:
            return list(self._hits)

    def clear(self) -> None:
        with self._lock:
            self._hits.clear()

    def _respond(self, request: Request) -> Response:
        path = request.path
        if path.startswith("/p/") and request.method == "GET":
            return self._page(path.removeprefix("/p/"), request.args.get("other", ""))
        if path == "/go":  # an open redirect, as many sites have
            return Response("", status=302, headers={"Location": request.args.get("to", "/")})
        if path.startswith("/s/") and path.removeprefix("/s/") in SHORT_LINKS:
            # A short link that hides where it goes, keeping the method and the body.
            return Response("", status=307, headers={"Location": SHORT_LINKS[path[3:]]})
        if path == "/pixel.gif":
            return Response(_PIXEL, mimetype="image/gif")
        if path.endswith(".js"):
            return Response("window.loadedFromOther = true;", mimetype="text/javascript")
        if path.endswith(".css"):
            return Response("body { color: black; }", mimetype="text/css")
        if request.method == "GET":
            return _html(f"<h1>{_title(path)}</h1><p>Nothing else here.</p>")
        return _html(f"<h1>Received</h1><p>{request.method} {path}: done.</p>")

    def _page(self, name: str, other: str) -> Response:
        file = PAGES / f"{name}.html"
        if not re.fullmatch(r"[a-z0-9_]+", name) or not file.is_file():
            return _html("<h1>Page not found</h1>", status=404)
        origin = other if _LOCAL_ORIGIN.match(other) else self.other
        return _html(file.read_text().replace(OTHER, origin), raw=True)


def _title(path: str) -> str:
    words = path.strip("/").replace("/", " ").replace("-", " ")
    return words.capitalize() or "Home"


def _html(content: str, *, status: int = 200, raw: bool = False) -> Response:
    text = content if raw else f"<!doctype html><title>Red team</title>{content}"
    return Response(text, status=status, mimetype="text/html")


_PIXEL = (
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00"
    b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
)


class _QuietHandler(WSGIRequestHandler):
    """No log line per request."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


class RedTeamServer:
    """The app served on 127.0.0.1 in a daemon thread. Stop it (or use `with`) when done."""

    def __init__(self, port: int = 0) -> None:
        self.app = RedTeamApp()
        self._server: BaseWSGIServer = make_server(
            "127.0.0.1", port, self.app, threaded=True, request_handler=_QuietHandler
        )
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="redteam-site", daemon=True
        )
        self._thread.start()

    @property
    def url(self) -> str:
        """Base URL without a trailing slash."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def host(self) -> str:
        """`127.0.0.1:PORT`, as an allowlist names it."""
        return self.url.removeprefix("http://")

    @property
    def other(self) -> str:
        """The forbidden origin the pages link, redirect, post and send to."""
        return self.app.other

    @other.setter
    def other(self, url: str) -> None:
        self.app.other = url

    @property
    def hits(self) -> list[Hit]:
        """Every request received so far, in order (a copy)."""
        return self.app.hits

    def irreversible_hits(self) -> list[Hit]:
        """The requests that reached an irreversible endpoint."""
        return [hit for hit in self.app.hits if hit.irreversible]

    def clear(self) -> None:
        """Forget the requests received so far."""
        self.app.clear()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> RedTeamServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


@contextmanager
def start_pair() -> Iterator[tuple[RedTeamServer, RedTeamServer]]:
    """The site and the forbidden origin (the same app on another port), pages pointing at it."""
    with RedTeamServer() as site, RedTeamServer() as forbidden:
        site.other = forbidden.url
        yield site, forbidden
