"""The guard's proxy without a browser: what it forwards, what it refuses, and how it says so."""

from __future__ import annotations

import http.client
import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from webagent.browser.proxy import UNREACHABLE, GuardProxy


class _Origin(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen: ClassVar[list[tuple[str, str, bytes]]] = []

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _reply(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        _Origin.seen.append((self.command, self.path, body))
        if self.path.startswith("/chunked"):
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for part in (b"first ", b"second"):
                self.wfile.write(f"{len(part):x}\r\n".encode() + part + b"\r\n")
            self.wfile.write(b"0\r\n\r\n")
            return
        if self.path.startswith("/redirect"):
            self.send_response(307)
            self.send_header("Location", "/order")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        answer = json.dumps({"method": self.command, "path": self.path}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_GET = do_POST = do_DELETE = _reply


@pytest.fixture
def origin() -> Iterator[str]:
    _Origin.seen = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Origin)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def proxy() -> Iterator[GuardProxy]:
    running = GuardProxy()
    yield running
    running.close()


def _send(
    proxy: GuardProxy, method: str, url: str, body: bytes = b""
) -> tuple[http.client.HTTPResponse, bytes]:
    host, port = proxy.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request(method, url, body=body or None)  # absolute-form: as a browser does
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response, data


def test_it_forwards_what_the_guard_lets_go(proxy: GuardProxy, origin: str) -> None:
    judged: list[tuple[str, str, bytes]] = []

    def judge(method: str, url: str, body: bytes) -> str | None:
        judged.append((method, url, body))
        return None

    proxy.judge = judge
    response, data = _send(proxy, "POST", origin + "/cart/add?x=1", b"sku=7")
    assert response.status == 200
    assert json.loads(data) == {"method": "POST", "path": "/cart/add?x=1"}
    assert _Origin.seen == [("POST", "/cart/add?x=1", b"sku=7")]
    assert judged == [("POST", origin + "/cart/add?x=1", b"sku=7")]


def test_a_refused_request_never_reaches_the_origin(proxy: GuardProxy, origin: str) -> None:
    proxy.judge = lambda method, url, body: (
        "POST /order cannot be undone" if "order" in url else None
    )
    response, data = _send(proxy, "POST", origin + "/order", b"sku=7")
    assert response.status == 403
    assert b"POST /order cannot be undone" in data
    assert _Origin.seen == []


def test_redirect_hops_come_back_to_the_guard(proxy: GuardProxy, origin: str) -> None:
    """The proxy passes a 307 on; the browser's next hop is a new request, judged anew."""
    response, _ = _send(proxy, "POST", origin + "/redirect", b"sku=7")
    assert response.status == 307
    assert response.getheader("Location") == "/order"
    assert _Origin.seen == [("POST", "/redirect", b"sku=7")]


def test_off_the_allowlist_nothing_goes_out(proxy: GuardProxy, origin: str) -> None:
    blocked: list[str] = []
    proxy.allows = lambda url: False
    proxy.on_block = blocked.append
    response, data = _send(proxy, "GET", origin + "/landing")
    assert response.status == 403
    assert b"outside the allowed domains" in data
    assert _Origin.seen == []
    assert blocked == [origin + "/landing"]

    host, port = proxy.url.removeprefix("http://").split(":")
    tunnel = http.client.HTTPConnection(host, int(port), timeout=10)
    tunnel.set_tunnel(origin.removeprefix("http://"))
    with pytest.raises(OSError, match="403"):
        tunnel.request("GET", "/")
    assert blocked[-1].endswith(origin.removeprefix("http://") + "/")


def test_a_chunked_answer_arrives_whole(proxy: GuardProxy, origin: str) -> None:
    response, data = _send(proxy, "GET", origin + "/chunked")
    assert response.status == 200
    assert data == b"first second"


def test_an_unreachable_site_is_named_as_such(proxy: GuardProxy) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    response, _ = _send(proxy, "GET", f"http://127.0.0.1:{port}/")
    assert response.status == 502
    assert response.getheader(UNREACHABLE) == "the connection was refused (is the server running?)"


def test_under_allow_only_the_allowed_sites_skip_the_proxy() -> None:
    from webagent.browser.driver import _bypass_rules
    from webagent.domains import Allowlist

    rules = _bypass_rules(Allowlist(["127.0.0.1:7770", "shop.example.com", "[::1]:8080"]))
    # exactly the allowlist: that port only; the host and its subdomains; an IPv6 literal
    assert rules == ["127.0.0.1:7770", "shop.example.com", "*.shop.example.com", "[::1]:8080"]
