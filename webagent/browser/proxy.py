"""The guard's second line: an HTTP proxy on loopback that all of a session's traffic goes through.

Playwright's routing does not see everything: the hops of a redirect (a form posting to a
harmless URL that answers 307 to `/order`), requests sent while a page unloads (beacons,
keepalive fetches), shared workers' requests, WebSockets. The browser sends all of those
through its proxy, so this proxy asks the guard about each request before it goes out:

- `CONNECT host:port` (HTTPS, secure WebSockets): the allowlist only; the tunnel is opaque.
- plain HTTP (any method, WebSocket upgrades too): the allowlist, then `judge(method, url,
  body)`, which holds irreversible requests the routing layer did not already approve.

A refused request gets a short 403 page saying why; nothing reaches the network. One proxy
per browser context, on its own port, in daemon threads.
"""

from __future__ import annotations

import contextlib
import http.client
import select
import socket
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar
from urllib.parse import urlsplit

# Decides a plain-HTTP request: None to let it go, else why not (for the 403 page).
Judge = Callable[[str, str, bytes], str | None]
Allows = Callable[[str], bool]

_HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-connection",
        "proxy-authorization",
        "proxy-authenticate",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
    }
)
_NO_BODY = frozenset({204, 304})
UNREACHABLE = "X-Webagent-Unreachable"
"""The header on the proxy's answer when the site could not be reached, saying why."""
_CHUNK = 64 * 1024
_TIMEOUT_S = 120


class GuardProxy:
    """A forward proxy whose every request is judged first. `judge` and `allows` are set by
    the guard once the session exists; until then nothing but the allowlist applies."""

    def __init__(self) -> None:
        self.judge: Judge = lambda method, url, body: None
        self.allows: Allows = lambda url: True
        self.on_block: Callable[[str], None] = lambda url: None
        self._server = _QuietServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.05},  # closing a session waits for one poll
            name="webagent-guard-proxy",
            daemon=True,
        )
        self._thread.start()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A browser dropping a connection (a tab closed, a page left) is no error."""


def _handler(proxy: GuardProxy) -> type[BaseHTTPRequestHandler]:
    class Handler(_ProxyHandler):
        owner: ClassVar[GuardProxy] = proxy

    return Handler


class _ProxyHandler(BaseHTTPRequestHandler):
    owner: ClassVar[GuardProxy]
    protocol_version = "HTTP/1.1"
    timeout = _TIMEOUT_S

    def log_message(self, format: str, *args: object) -> None:
        pass  # one line per request would drown everything else

    # -- HTTPS and secure WebSockets: a tunnel to an allowed host --------------------------
    def do_CONNECT(self) -> None:
        host, _, port = self.path.rpartition(":")
        target = f"https://{host}:{port}/"
        if not host or not port.isdigit() or not self.owner.allows(target):
            self.owner.on_block(target)
            self._refuse(f"{self.path} is outside the allowed domains")
            return
        try:
            upstream = socket.create_connection((host.strip("[]"), int(port)), timeout=30)
        except OSError as error:
            self._unreachable(self.path, error)
            return
        self.send_response(200, "Connection Established")
        self.end_headers()
        _relay(self.connection, upstream)
        self.close_connection = True

    # -- plain HTTP ------------------------------------------------------------------------
    def _forward(self) -> None:
        url = self.path
        parts = urlsplit(url)
        if parts.scheme not in ("http", "ws") or not parts.hostname:
            self._refuse("webagent's proxy only forwards absolute http:// URLs", status=400)
            return
        body = self._body()
        if not self.owner.allows(url):
            self.owner.on_block(url)
            self._refuse(f"{parts.hostname}:{parts.port or 80} is outside the allowed domains")
            return
        why = self.owner.judge(self.command, url, body)
        if why is not None:
            self._refuse(why)
            return
        if self.headers.get("Upgrade"):
            self._tunnel_upgrade(parts.hostname, parts.port or 80, body)
            return
        path = parts.path or "/"
        if parts.query:
            path += "?" + parts.query
        headers = {k: v for k, v in self.headers.items() if k.lower() not in _HOP_BY_HOP}
        connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=60)
        try:
            connection.request(self.command, path, body=body or None, headers=headers)
            response = connection.getresponse()
        except OSError as error:
            connection.close()
            self._unreachable(parts.netloc, error)
            return
        try:
            self._answer(response)
        finally:
            connection.close()

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _forward

    def _body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            return self.rfile.read(length)
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        return b""

    def _answer(self, response: http.client.HTTPResponse) -> None:
        self.send_response_only(response.status, response.reason)
        for key, value in response.getheaders():
            if key.lower() not in _HOP_BY_HOP and key.lower() != "content-length":
                self.send_header(key, value)
        if self.command == "HEAD" or response.status in _NO_BODY or response.status < 200:
            length = response.getheader("Content-Length")
            if length is not None:
                self.send_header("Content-Length", length)
            self.end_headers()
            return
        length = response.getheader("Content-Length")
        if length is not None:
            self.send_header("Content-Length", length)
            self.end_headers()
            while chunk := response.read(_CHUNK):
                self.wfile.write(chunk)
            return
        # Length unknown (chunked or close-delimited upstream): chunked to the browser.
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        while chunk := response.read1(_CHUNK):
            self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")

    def _tunnel_upgrade(self, host: str, port: int, body: bytes) -> None:
        """A WebSocket over plain HTTP: send the upgrade request as is, then relay bytes."""
        try:
            upstream = socket.create_connection((host, port), timeout=30)
        except OSError as error:
            self._unreachable(f"{host}:{port}", error)
            return
        path = urlsplit(self.path)
        target = (path.path or "/") + (f"?{path.query}" if path.query else "")
        lines = [f"{self.command} {target} HTTP/1.1"]
        lines += [f"{k}: {v}" for k, v in self.headers.items() if k.lower() != "proxy-connection"]
        upstream.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        _relay(self.connection, upstream)
        self.close_connection = True

    def _unreachable(self, where: str, error: OSError) -> None:
        """The site could not be reached: a 502 page, and a header saying why in words, so
        the executor reports it as it would without the proxy."""
        if isinstance(error, ConnectionRefusedError):
            words = "the connection was refused (is the server running?)"
        elif isinstance(error, socket.gaierror):
            words = "the host name does not resolve"
        elif isinstance(error, TimeoutError):
            words = "the connection timed out"
        else:
            words = f"the site could not be reached ({error})"
        self._refuse(f"{where}: {words}", status=502, header=(UNREACHABLE, words))

    def _refuse(self, why: str, status: int = 403, header: tuple[str, str] | None = None) -> None:
        page = (
            "<!doctype html><title>Blocked by webagent</title><h1>Blocked by webagent</h1>"
            f"<p>{_escape(why)}</p>"
        ).encode()
        with contextlib.suppress(OSError):
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.send_header("X-Webagent-Blocked", "1")
            if header is not None:
                self.send_header(*header)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(page)


def _relay(client: socket.socket, upstream: socket.socket) -> None:
    """Copy bytes both ways until either side closes."""
    sockets = [client, upstream]
    try:
        while True:
            readable, _, failed = select.select(sockets, [], sockets, _TIMEOUT_S)
            if failed or not readable:
                return
            for each in readable:
                data = each.recv(_CHUNK)
                if not data:
                    return
                (upstream if each is client else client).sendall(data)
    except OSError:
        return
    finally:
        upstream.close()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
