"""Offline replay of a recorded HAR: a stateful session (GET /cart, POST /add → 303 → /cart,
fetches) recorded on a local shop, then replayed with the shop gone or counting every hit."""

from __future__ import annotations

import http.server
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from webagent.browser import Browser, Tab
from webagent.browser.replay import Fail, Fulfil, HarReplay, Miss, Redirect
from webagent.errors import ConfigError, NavigationError
from webagent.safety import ConfirmPolicy

CART_PAGE = (
    "<!doctype html><title>Cart</title><p id=cart>Cart: {items} items</p>"
    "<form method=post action=/add><input type=hidden name=sku value=A1>"
    "<button>Add</button></form>"
)


class _Shop:
    """A tiny stateful site on loopback that counts every request it gets."""

    def __init__(self) -> None:
        self.items = 0
        self.hits: list[str] = []
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        host, port = self._server.server_address[:2]
        self.url = f"http://{host!s}:{port}"

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _handler(shop: _Shop) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            shop.hits.append(f"GET {self.path}")
            if self.path == "/cart":
                self._send(200, CART_PAGE.format(items=shop.items), cookies=("a=1", "b=2"))
            elif self.path == "/api/count":
                self._send(200, json.dumps({"items": shop.items}), "application/json")
            elif self.path == "/api/old":
                self._send(302, "", location="/api/count")
            else:
                self._send(200, "<title>Other</title><p>live page")

        def do_POST(self) -> None:
            shop.hits.append(f"POST {self.path}")
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if self.path == "/add":
                shop.items += 1
                self._send(303, "", location="/cart")
            elif self.path == "/login":
                welcome = body == b"password=hunter2"
                self._send(200, "Welcome" if welcome else "Wrong password", "text/plain")
            else:
                self._send(204, "")

        def do_DELETE(self) -> None:
            shop.hits.append(f"DELETE {self.path}")
            shop.items = 0
            self._send(200, "emptied", "text/plain")

        def _send(
            self,
            status: int,
            text: str,
            kind: str = "text/html",
            location: str | None = None,
            cookies: tuple[str, ...] = (),
        ) -> None:
            data = text.encode()
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            if location is not None:
                self.send_header("Location", location)
            for cookie in cookies:
                self.send_header("Set-Cookie", cookie)
            self.end_headers()
            self.wfile.write(data)

    return Handler


@pytest.fixture
def shop() -> Iterator[_Shop]:
    running = _Shop()
    yield running
    running.stop()


def _fetch(tab: Tab, path: str, body: str | None = None) -> str:
    options = "{}" if body is None else f"{{method: 'POST', body: {json.dumps(body)}}}"
    script = f"fetch({json.dumps(path)}, {options}).then(r => r.text(), e => 'failed: ' + e)"
    return str(tab.page.evaluate(script))


def _session(tab: Tab) -> list[str]:
    """The same steps, recording or replaying: what the page showed at each, in order."""
    shown = [tab.page.inner_text("#cart")]
    add = next(e for e in tab.observe().elements if e.name == "Add")
    result = tab.act(f"click [{add.id}]")  # POST /add, answered 303 → /cart
    assert result.error is None
    shown += [tab.page.url, tab.page.inner_text("#cart")]
    shown += [_fetch(tab, "/api/count"), _fetch(tab, "/api/old")]  # /api/old: 302 → count
    shown += [_fetch(tab, "/login", "password=wrong"), _fetch(tab, "/login", "password=hunter2")]
    return shown


def _record(browser: Browser, shop: _Shop, har: Path) -> list[str]:
    """Record the session, then redact the password in the HAR as our fixtures are."""
    with browser.open(shop.url + "/cart", record_har=har) as tab:
        shown = _session(tab)
    har.write_text(har.read_text(encoding="utf-8").replace("hunter2", "[secret]"))
    return shown


def _wait_until(done: Callable[[], object], seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.05)


def _unloads(urls: list[str]) -> list[str]:
    return sorted(url for url in urls if "/unload" in url)


def _scrub(text: str) -> str:
    return text.replace("hunter2", "[secret]")


def test_a_replay_shows_the_recorded_session_in_order_with_the_server_gone(
    browser: Browser, shop: _Shop, tmp_path: Path
) -> None:
    har = tmp_path / "session.har"
    recorded = _record(browser, shop, har)
    assert recorded == [
        "Cart: 0 items",
        shop.url + "/cart",
        "Cart: 1 items",
        '{"items": 1}',
        '{"items": 1}',
        "Wrong password",
        "Welcome",
    ]
    assert "[secret]" in har.read_text(encoding="utf-8")
    shop.stop()

    with browser.open(shop.url + "/cart", replay_har=har, replay_scrub=_scrub) as tab:
        replayed = _session(tab)
        assert tab.replay is not None
        assert tab.replay.unmatched == []
        assert tab.replay.unplayed == []  # every recorded answer was used
        with pytest.raises(NavigationError):
            tab.goto(shop.url + "/other")
        unmatched = tab.replay.unmatched

    assert replayed == recorded  # the empty cart first, then one item: the order held
    assert unmatched == [f"GET {shop.url}/other"]


# Routing does not see these: only the proxy stands between them and the shop.
UNLOAD_BEACONS = """() => addEventListener('pagehide', () => {
    navigator.sendBeacon('/unload-beacon', 'x');
    fetch('/unload-fetch', {method: 'POST', body: 'y', keepalive: true});
})"""
WEBSOCKET = """url => new Promise(resolve => {
    const socket = new WebSocket(url);
    socket.onopen = () => resolve('open');
    socket.onerror = () => resolve('error');
})"""


@pytest.mark.parametrize(
    ("confirm", "allow_domains"),
    [("deny", ()), ("allow", ()), ("allow", ("127.0.0.1",))],
)
def test_nothing_reaches_the_network_in_a_replay(
    browser: Browser,
    shop: _Shop,
    tmp_path: Path,
    confirm: ConfirmPolicy,
    allow_domains: tuple[str, ...],
) -> None:
    har = tmp_path / "session.har"
    recorded = _record(browser, shop, har)
    shop.hits.clear()

    with browser.open(
        shop.url + "/cart",
        replay_har=har,
        replay_scrub=_scrub,
        confirm=confirm,
        allow_domains=allow_domains,
    ) as tab:
        replayed = _session(tab)
        unrecorded = _fetch(tab, "/api/new")
        keepalive = tab.page.evaluate(
            "fetch('/beacon', {method: 'POST', body: 'x', keepalive: true})"
            ".then(() => 'sent', () => 'failed')"
        )
        websocket = tab.page.evaluate(WEBSOCKET, shop.url.replace("http:", "ws:") + "/ws")
        tab.page.evaluate(UNLOAD_BEACONS)
        tab.goto(shop.url + "/cart")  # leaving the page sends them; the last answer repeats
        _wait_until(lambda: len(_unloads(tab.blocked)) == 2 or bool(shop.hits))
        with pytest.raises(NavigationError):
            tab.goto(shop.url + "/other")
        unmatched = tab.replay.unmatched if tab.replay is not None else []
        blocked = tab.blocked

    assert replayed == recorded
    assert shop.hits == []  # the shop is up, and heard nothing
    assert unrecorded.startswith("failed")
    assert keepalive == "failed"
    assert websocket == "error"
    assert _unloads(blocked) == [f"{shop.url}/unload-beacon", f"{shop.url}/unload-fetch"]
    assert unmatched == [
        f"GET {shop.url}/api/new",
        f"POST {shop.url}/beacon",
        f"GET {shop.url}/other",
    ]


def _delete(tab: Tab, path: str) -> str:
    script = f"fetch({json.dumps(path)}, {{method: 'DELETE'}}).then(r => r.text(), () => 'failed')"
    return str(tab.page.evaluate(script))


def test_the_guard_judges_a_request_before_the_replay_answers_it(
    browser: Browser, shop: _Shop, tmp_path: Path
) -> None:
    har = tmp_path / "session.har"
    with browser.open(shop.url + "/cart", record_har=har, confirm="allow") as tab:
        assert _delete(tab, "/api/account") == "emptied"
    shop.stop()

    with browser.open(shop.url + "/cart", replay_har=har) as denied:  # confirm="deny"
        held = _delete(denied, "/api/account")
        decisions = denied.decisions
    with browser.open(shop.url + "/cart", replay_har=har, confirm="allow") as allowed:
        replayed = _delete(allowed, "/api/account")

    assert held == "failed"  # deleting an account cannot be undone: not approved, not replayed
    assert [d.approved for d in decisions] == [False]
    assert replayed == "emptied"


def test_a_body_scrubbed_like_the_recording_gets_its_own_answer(
    browser: Browser, shop: _Shop, tmp_path: Path
) -> None:
    har = tmp_path / "session.har"
    _record(browser, shop, har)
    login = shop.url + "/login"

    scrubbed = HarReplay(har, scrub=_scrub)
    raw = HarReplay(har)
    # Asked in the other order than recorded: only a matching body gets "Welcome" first.
    first = scrubbed.answer("POST", login, "password=hunter2", navigation=False)
    unscrubbed = raw.answer("POST", login, "password=hunter2", navigation=False)

    assert isinstance(first, Fulfil)
    assert first.entry.content == b"Welcome"
    assert isinstance(unscrubbed, Fulfil)  # no body matched: the next one for the URL
    assert unscrubbed.entry.content == b"Wrong password"


# -- the recording alone: no browser --------------------------------------------------------
BASE = "http://shop.test"


def _entry(
    method: str,
    path: str,
    status: int,
    text: str = "",
    *,
    body: str | None = None,
    headers: tuple[tuple[str, str], ...] = (),
    encoding: str | None = None,
    at: int = 0,
) -> dict[str, object]:
    request: dict[str, object] = {"method": method, "url": BASE + path, "headers": []}
    if body is not None:
        request["postData"] = {"mimeType": "text/plain", "text": body}
    return {
        "startedDateTime": f"2026-01-01T00:00:{at:02d}.000Z",
        "request": request,
        "response": {
            "status": status,
            "headers": [{"name": n, "value": v} for n, v in headers],
            "content": {"mimeType": "text/plain", "text": text, "encoding": encoding},
        },
    }


def _har(tmp_path: Path, *entries: dict[str, object]) -> Path:
    path = tmp_path / "handmade.har"
    path.write_text(json.dumps({"log": {"version": "1.2", "entries": list(entries)}}))
    return path


def _served(reply: object) -> bytes:
    assert isinstance(reply, Fulfil), reply
    return reply.entry.content


def test_answers_come_in_recorded_order_and_the_last_one_repeats(tmp_path: Path) -> None:
    replay = HarReplay(
        _har(
            tmp_path,  # written out of order: startedDateTime decides
            _entry("GET", "/cart", 200, "one item", at=3),
            _entry("GET", "/cart", 200, "empty", at=1),
            _entry("GET", "/cart", 200, "two items", at=5),
        )
    )
    served = [_served(replay.answer("GET", BASE + "/cart", "", navigation=True)) for _ in range(4)]
    assert served == [b"empty", b"one item", b"two items", b"two items"]
    assert replay.served == 4


def test_a_body_that_matches_nothing_takes_the_next_answer_for_its_url(tmp_path: Path) -> None:
    replay = HarReplay(
        _har(
            tmp_path,
            _entry("POST", "/upload", 200, "first", body="--aaa\r\nfile one\r\n--aaa--", at=1),
            _entry("POST", "/upload", 200, "second", body="--bbb\r\nfile two\r\n--bbb--", at=2),
        )
    )
    exact = replay.answer(
        "POST", BASE + "/upload", "--bbb\r\nfile two\r\n--bbb--", navigation=False
    )
    loose = replay.answer(
        "POST", BASE + "/upload", "--zzz\r\nfile one\r\n--zzz--", navigation=False
    )
    assert _served(exact) == b"second"
    assert _served(loose) == b"first"  # the exact match already used "second"


def test_a_timestamp_in_the_query_takes_the_next_answer_for_that_path(tmp_path: Path) -> None:
    replay = HarReplay(
        _har(
            tmp_path,
            _entry("GET", "/section/load/?sections=cart&_=1000", 200, "empty cart", at=1),
            _entry("GET", "/section/load/?sections=cart&_=2000", 200, "one item", at=2),
            _entry("GET", "/section/load/?sections=wishlist&_=3000", 200, "wish list", at=3),
        )
    )
    first = replay.answer("GET", BASE + "/section/load/?sections=cart&_=5", "", navigation=False)
    second = replay.answer("GET", BASE + "/section/load/?_=6&sections=cart", "", navigation=False)
    assert [_served(first), _served(second)] == [b"empty cart", b"one item"]
    other = replay.answer("GET", BASE + "/section/load/?page=2", "", navigation=False)
    assert isinstance(other, Miss)  # other parameters: another request, not recorded


def test_a_not_modified_answer_gets_the_body_the_browser_had_cached(tmp_path: Path) -> None:
    replay = HarReplay(
        _har(
            tmp_path,
            _entry("GET", "/shop.js", 200, "script v1", at=1),
            _entry("GET", "/shop.js", 304, "", at=2),
        )
    )
    first = replay.answer("GET", BASE + "/shop.js", "", navigation=False)
    again = replay.answer("GET", BASE + "/shop.js", "", navigation=False)
    assert [_served(first), _served(again)] == [b"script v1", b"script v1"]
    assert isinstance(again, Fulfil)
    assert again.entry.status == 200  # a fulfilled 304 would leave the page without it


def test_secret_placeholders_in_html_show_as_text(tmp_path: Path) -> None:
    page = "<p>Welcome, Emma <secret>surname</secret>!</p>"
    html = _entry("GET", "/", 200, page, at=1, headers=(("Content-Type", "text/html"),))
    data = _entry("GET", "/me", 200, '{"name": "<secret>surname</secret>"}', at=2)
    replay = HarReplay(_har(tmp_path, html, data))
    served = replay.answer("GET", BASE + "/", "", navigation=True)
    assert isinstance(served, Fulfil)
    assert (
        served.entry.served_body() == b"<p>Welcome, Emma &lt;secret&gt;surname&lt;/secret&gt;!</p>"
    )
    other = replay.answer("GET", BASE + "/me", "", navigation=False)
    assert isinstance(other, Fulfil)
    assert other.entry.served_body() == b'{"name": "<secret>surname</secret>"}'  # not HTML


def test_redirects_are_redirected_for_navigations_and_followed_for_the_rest(
    tmp_path: Path,
) -> None:
    entries = (
        _entry("POST", "/add", 303, body="sku=A1", headers=(("Location", "/cart"),), at=1),
        _entry("GET", "/cart", 200, "one item", at=2),
        _entry("POST", "/add", 303, body="sku=A1", headers=(("Location", "/cart"),), at=3),
        _entry("GET", "/cart", 200, "two items", at=4),
    )
    replay = HarReplay(_har(tmp_path, *entries))

    navigated = replay.answer("POST", BASE + "/add", "sku=A1", navigation=True)
    fetched = replay.answer("GET", BASE + "/cart", "", navigation=True)
    # A fetch: the 303 is followed here, as a GET, and the final answer served.
    followed = replay.answer("POST", BASE + "/add", "sku=A1", navigation=False)

    assert navigated == Redirect(BASE + "/cart")
    assert _served(fetched) == b"one item"
    assert _served(followed) == b"two items"
    assert replay.unplayed == []


def test_failed_and_unrecorded_requests_fail(tmp_path: Path) -> None:
    replay = HarReplay(_har(tmp_path, _entry("GET", "/slow", -1), _entry("GET", "/gone", 0)))
    assert replay.answer("GET", BASE + "/slow", "", navigation=False) == Fail()
    assert replay.answer("GET", BASE + "/gone", "", navigation=False) == Fail()
    assert replay.answer("POST", BASE + "/slow", "", navigation=False) == Miss()
    assert replay.answer("GET", BASE + "/new", "", navigation=False) == Miss()
    assert replay.answer("GET", BASE + "/new", "", navigation=True) == Miss()
    assert replay.unmatched == [f"POST {BASE}/slow", f"GET {BASE}/new"]  # once each
    assert replay.served == 0


def test_headers_are_those_that_still_hold_with_cookies_in_one(tmp_path: Path) -> None:
    headers = (
        ("Content-Type", "text/html"),
        ("Content-Length", "999"),
        ("Content-Encoding", "gzip"),
        ("Set-Cookie", "a=1"),
        ("Set-Cookie", "b=2"),
    )
    replay = HarReplay(_har(tmp_path, _entry("GET", "/", 200, "hi", headers=headers)))
    reply = replay.answer("GET", BASE + "/", "", navigation=True)
    assert isinstance(reply, Fulfil)
    assert reply.entry.fulfil_headers() == {"Content-Type": "text/html", "set-cookie": "a=1\nb=2"}


def test_a_base64_body_is_decoded(tmp_path: Path) -> None:
    replay = HarReplay(
        _har(tmp_path, _entry("GET", "/logo.png", 200, "iVBORw0K", encoding="base64"))
    )
    assert _served(replay.answer("GET", BASE + "/logo.png", "", navigation=False)) == b"\x89PNG\r\n"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("not json at all", "not a HAR file"),
        ('{"entries": []}', r"not a HAR file \(log: Field required\)"),
        ('{"log": {"entries": [{"request": {}}]}}', "not a HAR file"),
        (
            '{"log": {"entries": [{"startedDateTime": "2026-01-01T00:00:00Z",'
            ' "request": {"method": "GET", "url": "http://a/"},'
            ' "response": {"status": 200, "content": {"text": "!!", "encoding": "base64"}}}]}}',
            "bad base64 body",
        ),
    ],
)
def test_a_malformed_har_is_a_config_error(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "broken.har"
    path.write_text(text)
    with pytest.raises(ConfigError, match=problem) as raised:
        HarReplay(path)
    assert str(raised.value).startswith(f"{path}: ")


def test_a_missing_har_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such HAR file"):
        HarReplay(tmp_path / "nowhere.har")
