"""Serving a local site on loopback, in a background thread, on its own database copy.

    from webagent.sites import start_site
    with start_site("demo_shop", db=tmp_path / "shop.sqlite") as server:
        server.url        # http://127.0.0.1:PORT
        server.reset()    # back to the seed state
        server.save_state(path); server.restore_state(path)  # any state kept, then put back
        server.serve_reset()  # -> http://127.0.0.1:PORT2: a GET there resets (WA_FULL_RESET)

Each server has its own SQLite file, so parallel workers (or tests) never see each other's
orders and carts.
"""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import tempfile
import threading
from contextlib import closing
from pathlib import Path
from typing import Any

from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from webagent.errors import ConfigError
from webagent.sites.catalog import Site, load_site


class _QuietHandler(WSGIRequestHandler):
    """Request handling without a log line per request (tests and benchmarks make many)."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


class SiteServer:
    """A site running in this process. Stop it (or use `with`) when done."""

    def __init__(self, site: Site, db: Path, server: BaseWSGIServer, temp: Any) -> None:
        self.site = site
        self.db = db
        self._server = server
        self._temp = temp
        self._thread = threading.Thread(
            target=server.serve_forever, name=f"site-{site.name}", daemon=True
        )
        self._thread.start()
        self._reset_server: BaseWSGIServer | None = None

    @property
    def url(self) -> str:
        """Base URL without a trailing slash, as WebArena's `__SHOPPING__` stands for."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def reset(self) -> None:
        """Restore the seed state (orders, carts, reviews, addresses, wish list)."""
        self.site.reset_database(self.db)

    def save_state(self, path: Path) -> None:
        """Copy the site's database as it is now to `path` (for `restore_state`): e.g. the
        seed state with a session signed in, to return to without signing in again."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(self.db)) as source, closing(sqlite3.connect(path)) as copy:
            source.backup(copy)

    def restore_state(self, path: Path) -> None:
        """Replace the database with a state `save_state` kept, whole, as `reset` does."""
        handle, temporary = tempfile.mkstemp(dir=self.db.parent, prefix=f".{self.db.name}.")
        os.close(handle)
        try:
            shutil.copyfile(path, temporary)
            for suffix in ("-journal", "-wal", "-shm"):
                Path(f"{self.db}{suffix}").unlink(missing_ok=True)
            os.replace(temporary, self.db)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)

    def serve_reset(self, port: int = 0) -> str:
        """Serve webarena-setup's reset server for this site on `port` (0: a free one) of the
        same host: a GET there restores the seed state, then answers 200. Returns its URL,
        what `$WA_FULL_RESET` names for `webagent webarena run`."""
        if self._reset_server is not None:
            raise ConfigError(f"{self.site.name} already has a reset server")
        host = str(self._server.server_address[0])

        def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
            if environ.get("REQUEST_METHOD") not in ("GET", "POST"):
                start_response("405 Method Not Allowed", [("Allow", "GET, POST")])
                return [b"GET resets the site\n"]
            self.reset()
            start_response("200 OK", [("Content-Type", "text/plain; charset=utf-8")])
            return [f"{self.site.name}: back to its seed state\n".encode()]

        try:
            _check_free(host, port)
            # one request at a time: two resets at once would race on the database file
            server = make_server(host, port, app, threaded=False, request_handler=_QuietHandler)
        except OSError as error:
            raise ConfigError(
                f"cannot serve {self.site.name}'s reset on {host}:{port}: {error.strerror}"
            ) from error
        threading.Thread(
            target=server.serve_forever, name=f"reset-{self.site.name}", daemon=True
        ).start()
        self._reset_server = server
        return f"http://{host}:{server.server_port}"

    def stop(self) -> None:
        if self._reset_server is not None:
            self._reset_server.shutdown()
            self._reset_server.server_close()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
        if self._temp is not None:
            self._temp.cleanup()

    def __enter__(self) -> SiteServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def start_site(
    name: str,
    *,
    db: str | Path | None = None,
    port: int = 0,
    host: str = "127.0.0.1",
    reset: bool = False,
    log_requests: bool = False,
) -> SiteServer:
    """Start site `name` on `host:port` (0: a free port) with its database at `db`.

    Without `db`, a temporary copy is made and removed on stop. A database that does not
    exist yet, or `reset=True`, gets the seed state. `log_requests` prints a line per request.
    """
    site = load_site(name)
    temp = None
    if db is None:
        temp = tempfile.TemporaryDirectory(prefix=f"webagent-{name}-")
        path = Path(temp.name) / f"{name}.sqlite"
    else:
        path = Path(db)
    if reset or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        site.reset_database(path)
    app = site.create_app(path)
    try:
        _check_free(host, port)  # werkzeug would print and exit instead of raising
        handler = WSGIRequestHandler if log_requests else _QuietHandler
        server = make_server(host, port, app, threaded=True, request_handler=handler)
    except OSError as error:
        if temp is not None:
            temp.cleanup()
        raise ConfigError(f"cannot serve {name} on {host}:{port}: {error.strerror}") from error
    return SiteServer(site, path, server, temp)


def _check_free(host: str, port: int) -> None:
    """Raise `OSError` when `host:port` cannot be listened on."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.bind((host, port))
