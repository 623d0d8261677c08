"""SQLite access: one connection per request, committed when the view succeeded.

The connection opens lazily (static files and images never touch the database) and is
committed in `after_request`, before the response leaves, so the next request always sees
this one's changes; anything uncommitted is rolled back when the request ends.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask import Flask, Response, current_app, g

BUSY_TIMEOUT_S = 10.0


def connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S)
    connection.row_factory = sqlite3.Row
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def connection() -> sqlite3.Connection:
    """This request's connection to the shop's database."""
    if "db" not in g:
        g.db = connect(Path(current_app.config["SHOP_DB"]))
    db: sqlite3.Connection = g.db
    return db


def init_app(app: Flask) -> None:
    @app.after_request
    def _commit(response: Response) -> Response:
        db: sqlite3.Connection | None = g.get("db")
        if db is not None and db.in_transaction:
            db.commit()
        return response

    @app.teardown_appcontext
    def _close(_error: BaseException | None) -> None:
        db: sqlite3.Connection | None = g.pop("db", None)
        if db is not None:
            db.rollback()
            db.close()
