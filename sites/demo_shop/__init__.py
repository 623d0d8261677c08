"""One Stop Market: a local stand-in for WebArena's Magento storefront ("shopping").

The plug-in contract of `webagent.sites`: `create_app(db_path)` serves the shop from a
SQLite file, `reset_database(db_path)` writes the seed state into it. See README.md for the
seed facts tasks are written against.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from .app import create_app as _create_app
from .seed import copy_seed

CUSTOMER_EMAIL = "emma.lopez@gmail.com"
CUSTOMER_PASSWORD = "Password.123"
WEBARENA_SITE = "shopping"

__all__ = ["CUSTOMER_EMAIL", "CUSTOMER_PASSWORD", "WEBARENA_SITE", "create_app", "reset_database"]


def create_app(db_path: Path) -> Flask:
    """A WSGI app serving the shop from this SQLite file."""
    return _create_app(Path(db_path))


def reset_database(db_path: Path) -> None:
    """(Re)write the seed state into `db_path`, replacing the file."""
    copy_seed(Path(db_path))
