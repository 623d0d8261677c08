"""The Flask application: configuration and wiring only (pages live in `views/`)."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask.json.provider import DefaultJSONProvider
from jinja2 import StrictUndefined

from . import db, formatting, images, views

HERE = Path(__file__).parent
MAX_REQUEST_BYTES = 1024 * 1024


def create_app(db_path: Path) -> Flask:
    """The shop serving the SQLite database at `db_path` (which must hold the seed schema)."""
    app = Flask(
        __name__,
        root_path=str(HERE),
        static_folder="static",
        static_url_path="/static",
        template_folder="templates",
    )
    app.config.update(
        SHOP_DB=str(Path(db_path)),
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        TEMPLATES_AUTO_RELOAD=False,
    )
    app.jinja_env.undefined = StrictUndefined  # a missing variable is a bug, not a blank
    if isinstance(app.json, DefaultJSONProvider):
        app.json.sort_keys = False  # keep Magento's key order in JSON answers
    db.init_app(app)
    formatting.init_app(app)
    images.init_app(app)
    views.register(app)
    return app
