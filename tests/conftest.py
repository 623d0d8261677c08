"""Shared fixtures: a headless browser per session and static sites served on loopback."""

from __future__ import annotations

import functools
import http.server
import os
import tempfile
import threading
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from webagent.browser import Browser, launch
from webagent.sites.risk import SiteJudge

DATA = Path(__file__).parent / "data"


def pytest_configure(config: pytest.Config) -> None:
    """No test reads or writes the user's plan library: the default one lives in a folder of
    this session's own (subprocesses inherit it)."""
    os.environ["WEBAGENT_DATA_DIR"] = tempfile.mkdtemp(prefix="webagent-test-data-")
    os.environ.pop("WEBAGENT_PLANS", None)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole session (each test opens its own context), judging
    risk by the sites' profiles, as the product does."""
    with launch(headless=True, judge=SiteJudge) as running:
        yield running


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def serve() -> Iterator[Callable[[Path], str]]:
    """Serve a directory over HTTP on 127.0.0.1; returns its base URL (with a trailing /)."""
    servers: dict[Path, http.server.ThreadingHTTPServer] = {}

    def start(root: Path) -> str:
        root = root.resolve()
        if root not in servers:
            handler = functools.partial(_QuietHandler, directory=str(root))
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            servers[root] = server
        host, port = servers[root].server_address[:2]
        return f"http://{host!s}:{port}/"

    yield start
    for server in servers.values():
        server.shutdown()
        server.server_close()


class SavingSite:
    """A directory served on 127.0.0.1 that keeps what is POSTed to it: `saved` holds each
    POST's path and body (a form's fields decoded), in order."""

    def __init__(self, root: Path) -> None:
        self.saved: list[tuple[str, str | dict[str, str]]] = []
        site = self

        class Handler(_QuietHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8")
                form = "application/x-www-form-urlencoded" in self.headers.get("Content-Type", "")
                fields = dict(urllib.parse.parse_qsl(body, keep_blank_values=True))
                site.saved.append((self.path, fields if form else body))
                answer = b"<!doctype html><title>Saved</title><h1>Your changes were saved</h1>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        handler = functools.partial(Handler, directory=str(root))
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        host, port = self._server.server_address[:2]
        self.url = f"http://{host!s}:{port}/"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture
def saving_site() -> Iterator[Callable[[Path], SavingSite]]:
    """Start a `SavingSite` on a directory (stopped after the test)."""
    started: list[SavingSite] = []

    def start(root: Path) -> SavingSite:
        started.append(SavingSite(root))
        return started[-1]

    yield start
    for site in started:
        site.close()
