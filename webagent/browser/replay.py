"""Offline replay of a recorded HAR: every request answered from the recording, none sent.

    replay = HarReplay("session.har", scrub=secrets.redact)
    context.route("**/*", replay.handle)

Playwright's own `route_from_har` answers a request with the first entry that matches, every
time, so a session that asks the same thing twice with different answers (GET /cart before
and after POST /add) replays wrong. Here each request key, (method, URL, body), has a queue of
its recorded answers, served in recorded order; once a queue is down to its last answer, that
one repeats (as the model cassette does). A request whose body matches no entry (a multipart
boundary differs every time) takes the next answer recorded for its method and URL.

Redirects: Chromium follows a fulfilled 3xx itself, past routing and onto the network. So a
navigation that was redirected is redirected again through Playwright, and the new request
comes back here; any other request has its chain followed here and gets the final answer.
An entry recorded as failed (status 0 or less) fails again. A request the recording does not
hold is aborted and listed in `unmatched`.

`answer` decides with no browser involved; `handle` only carries out its `Reply`.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import dataclasses
import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import parse_qsl, urljoin, urlsplit, urlunsplit

from playwright.sync_api import Error, Request, Route
from pydantic import BaseModel, Field, ValidationError

from webagent.errors import ConfigError

Scrub = Callable[[str], str]
"""Turns a request body into its recorded form (e.g. secret values into placeholders)."""

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_MAX_HOPS = 20
# The HAR holds the body decoded and whole: these described how it once crossed the wire.
_STALE_HEADERS = frozenset({"content-encoding", "content-length", "transfer-encoding"})


# -- the recording --------------------------------------------------------------------------
class _Header(BaseModel):
    name: str
    value: str


class _PostData(BaseModel):
    text: str = ""


class _HarRequest(BaseModel):
    method: str
    url: str
    post_data: _PostData | None = Field(default=None, alias="postData")


class _Content(BaseModel):
    text: str | None = None
    encoding: str | None = None
    file: str | None = Field(default=None, validation_alias="_file")


class _HarResponse(BaseModel):
    status: int
    headers: list[_Header] = []
    content: _Content = _Content()


class _Entry(BaseModel):
    started: datetime = Field(alias="startedDateTime")
    request: _HarRequest
    response: _HarResponse


class _Log(BaseModel):
    entries: list[_Entry]


class _Har(BaseModel):
    log: _Log


@dataclass(frozen=True, slots=True)
class Recorded:
    """One request of the recording and the answer it got."""

    method: str
    url: str
    body: str
    status: int
    headers: tuple[tuple[str, str], ...]
    content: bytes

    @property
    def location(self) -> str | None:
        """Where a recorded redirect pointed, absolute; None when this is not one."""
        if self.status not in _REDIRECTS:
            return None
        for name, value in self.headers:
            if name.lower() == "location":
                return urljoin(self.url, value)
        return None

    def fulfil_headers(self) -> dict[str, str]:
        """The headers to fulfil with: stale ones dropped, and the Set-Cookie headers in one
        value joined by newlines, because `route.fulfill` takes only one of each name."""
        headers: dict[str, str] = {}
        for name, value in self.headers:
            lower = name.lower()
            if lower in _STALE_HEADERS or name.startswith(":"):  # and HTTP/2 pseudo-headers
                continue
            if lower == "set-cookie" and "set-cookie" in headers:
                headers["set-cookie"] += f"\n{value}"
            else:
                headers["set-cookie" if lower == "set-cookie" else name] = value
        return headers

    def served_body(self) -> bytes:
        """The body to fulfil with. A recording's secrets are `<secret>name</secret>`
        placeholders; in HTML that would parse as an element and show only "name", so there
        they are escaped to show as the recorded observations do."""
        if not self._is_html():
            return self.content
        return self.content.replace(b"<secret>", b"&lt;secret&gt;").replace(
            b"</secret>", b"&lt;/secret&gt;"
        )

    def _is_html(self) -> bool:
        return any(
            name.lower() == "content-type" and "html" in value.lower()
            for name, value in self.headers
        )


# -- what to do with a request ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Fulfil:
    """Answer with the recorded response."""

    entry: Recorded


@dataclass(frozen=True, slots=True)
class Redirect:
    """A navigation that was redirected: navigate to `url`, which comes back through routing."""

    url: str


@dataclass(frozen=True, slots=True)
class Fail:
    """The request failed when it was recorded."""


@dataclass(frozen=True, slots=True)
class Miss:
    """Not in the recording."""


Reply = Fulfil | Redirect | Fail | Miss


NOT_MODIFIED = 304


class HarReplay:
    """Answers a browser context's requests from a HAR file, in recorded order.

    Use `handle` as the context's route handler for "**/*". `scrub` turns a live request body
    into its recorded form before matching (applied to the recorded bodies too, so a HAR
    written before redaction still matches). `ConfigError` if `path` is not a HAR file.
    """

    def __init__(self, path: str | Path, *, scrub: Scrub | None = None) -> None:
        self._scrub: Scrub = scrub or (lambda text: text)
        self._entries = [self._scrubbed(entry) for entry in read_har(path)]
        self._exact: dict[tuple[str, str, str], deque[int]] = {}
        self._loose: dict[tuple[str, str], deque[int]] = {}
        self._shaped: dict[tuple[str, str], deque[int]] = {}
        for index, entry in enumerate(self._entries):
            self._exact.setdefault((entry.method, entry.url, entry.body), deque()).append(index)
            self._loose.setdefault((entry.method, entry.url), deque()).append(index)
            self._shaped.setdefault((entry.method, _shape(entry.url)), deque()).append(index)
        self._used: set[int] = set()
        self._missed: dict[str, None] = {}  # an ordered set
        self._lock = threading.Lock()
        self.served = 0
        """Requests answered from the recording (a followed redirect chain counts once)."""

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def unmatched(self) -> list[str]:
        """Each request the recording did not hold (so aborted), once, as "METHOD URL"."""
        with self._lock:
            return list(self._missed)

    @property
    def unplayed(self) -> list[str]:
        """The recorded entries never served, in recorded order, as "METHOD URL"."""
        with self._lock:
            return [
                f"{entry.method} {entry.url}"
                for index, entry in enumerate(self._entries)
                if index not in self._used
            ]

    def answer(self, method: str, url: str, body: str, *, navigation: bool) -> Reply:
        """What to do with this request; takes the answer off its queue."""
        with self._lock:
            reply = self._reply(method.upper(), url, self._scrub(body), navigation)
            if isinstance(reply, Fulfil | Redirect):
                self.served += 1
            return reply

    def handle(self, route: Route, request: Request) -> None:
        """The route handler: carry out `answer` for the intercepted request."""
        reply = self.answer(
            request.method, request.url, _body(request), navigation=_navigation(request)
        )
        with contextlib.suppress(Error):  # the page may have closed meanwhile
            match reply:
                case Fulfil(entry):
                    route.fulfill(
                        status=entry.status,
                        headers=entry.fulfil_headers(),
                        body=entry.served_body(),
                    )
                case Redirect(url):
                    # Private, but what Playwright's own HAR router does: a fulfilled 3xx
                    # would be followed past routing, onto the network.
                    route._sync(route._impl_obj._redirect_navigation_request(url))
                case Fail():
                    route.abort()
                case Miss():
                    route.abort("blockedbyclient")

    def _reply(self, method: str, url: str, body: str, navigation: bool) -> Reply:
        for _ in range(_MAX_HOPS):
            entry = self._take(method, url, body)
            if entry is None:
                break
            location = entry.location
            if location is None:
                if entry.status == NOT_MODIFIED:
                    entry = self._cached(entry)
                return Fail() if entry.status <= 0 else Fulfil(entry)
            if navigation:
                return Redirect(location)
            method, body = _redirected(entry.status, method, body)
            url = location
        self._missed[f"{method} {url}"] = None  # not recorded, or a redirect loop
        return Miss()

    def _take(self, method: str, url: str, body: str) -> Recorded | None:
        """The next answer for this exact request, else for its method and URL, else for
        its method and URL with other query values (a script's `?_=${Date.now()}`)."""
        queue = (
            self._exact.get((method, url, body))
            or self._loose.get((method, url))
            or self._shaped.get((method, _shape(url)))
        )
        if queue is None:
            return None
        while len(queue) > 1 and queue[0] in self._used:  # served through the other queue
            queue.popleft()
        index = queue.popleft() if len(queue) > 1 else queue[0]  # the last one repeats
        self._used.add(index)
        return self._entries[index]

    def _cached(self, entry: Recorded) -> Recorded:
        """A 304's body is in the recording browser's cache, which a replay does not have
        (fulfilled responses are not cached): the last full answer for the URL before it,
        as a 200."""
        index = self._entries.index(entry)
        for earlier in reversed(self._entries[:index]):
            if (earlier.method, earlier.url) == (
                entry.method,
                entry.url,
            ) and 200 <= earlier.status < 300:
                return earlier
        return entry

    def _scrubbed(self, entry: Recorded) -> Recorded:
        return dataclasses.replace(entry, body=self._scrub(entry.body))


def _shape(url: str) -> str:
    """The URL without its query's values: what stays when a script adds a timestamp."""
    parts = urlsplit(url)
    keys = "&".join(sorted(key for key, _ in parse_qsl(parts.query, keep_blank_values=True)))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, keys, ""))


def read_har(path: str | Path) -> list[Recorded]:
    """The entries of a HAR file, oldest first. `ConfigError` naming the file otherwise."""
    try:
        har = _Har.model_validate(json.loads(Path(path).read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such HAR file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ConfigError(f"{path}: not a HAR file ({error})") from None
    except ValidationError as error:
        issue = error.errors()[0]
        where = ".".join(str(part) for part in issue["loc"]) or "the file"
        raise ConfigError(f"{path}: not a HAR file ({where}: {issue['msg']})") from None
    ordered = sorted(har.log.entries, key=lambda entry: entry.started)  # stable for ties
    return [_recorded(path, entry) for entry in ordered]


def _recorded(path: str | Path, entry: _Entry) -> Recorded:
    request, response = entry.request, entry.response
    return Recorded(
        method=request.method.upper(),
        url=request.url,
        body=request.post_data.text if request.post_data is not None else "",
        status=response.status,
        headers=tuple((header.name, header.value) for header in response.headers),
        content=_content(path, f"{request.method} {request.url}", response.content),
    )


def _content(path: str | Path, what: str, content: _Content) -> bytes:
    if content.file is not None and content.text is None:
        raise ConfigError(
            f"{path}: not a HAR file we can replay ({what}: its body is in a separate file; "
            "record with the content embedded)"
        )
    text = content.text or ""
    if content.encoding != "base64":
        return text.encode("utf-8")
    try:
        return base64.b64decode(text, validate=True)
    except binascii.Error as error:
        raise ConfigError(f"{path}: not a HAR file ({what}: bad base64 body: {error})") from None


def _redirected(status: int, method: str, body: str) -> tuple[str, str]:
    """The method and body of the request that follows a redirect, as browsers send it."""
    if (status in (301, 302) and method == "POST") or (
        status == 303 and method not in ("GET", "HEAD")
    ):
        return "GET", ""
    return method, body


def _body(request: Request) -> str:
    try:
        data = request.post_data_buffer
    except Error:
        return ""
    return data.decode("utf-8", errors="replace") if data else ""


def _navigation(request: Request) -> bool:
    try:
        return request.is_navigation_request()
    except Error:  # a service worker's request has no frame
        return False
