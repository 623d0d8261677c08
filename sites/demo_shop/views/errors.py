"""Every failure is a page (or, for the page's scripts, a JSON message), never a traceback.

404 is Magento's "Whoops, our bad..." page; 400, 405 and others get a page saying what went
wrong; anything unexpected is logged and answered with a friendly 500 page.
"""

from __future__ import annotations

import sqlite3

from flask import Flask, g, jsonify, redirect, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, InternalServerError

from .context import (
    INVALID_FORM_KEY,
    InvalidFormKey,
    SignInRequired,
    add_message,
    back_url,
    wants_json,
)

SIGN_IN_PATH = "/customer/account/login/"
_TITLES = {
    400: "Bad Request",
    404: "404 Not Found",
    405: "Method Not Allowed",
    413: "Request Too Large",
    500: "Something Went Wrong",
}


def init_app(app: Flask) -> None:
    @app.errorhandler(SignInRequired)
    def _sign_in(_error: SignInRequired) -> ResponseReturnValue:
        if wants_json() or request.path.startswith("/rest/"):
            message = "The consumer isn't authorized to access %resources."
            return jsonify(message=message, parameters={"resources": "self"}), 401
        return redirect(SIGN_IN_PATH)

    @app.errorhandler(InvalidFormKey)
    def _form_key(_error: InvalidFormKey) -> ResponseReturnValue:
        _rollback()
        if wants_json():
            return jsonify(message=INVALID_FORM_KEY), 400
        add_message("error", INVALID_FORM_KEY)
        return redirect(back_url("/"))

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> ResponseReturnValue:
        _rollback()
        code = error.code or 500
        if code >= 500:
            app.logger.error("HTTP %s on %s %s", code, request.method, request.path)
        return _answer(code, error.description or "")

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> ResponseReturnValue:
        _rollback()
        app.logger.exception("unhandled error on %s %s", request.method, request.path)
        return _answer(500, InternalServerError.description or "")


def _rollback() -> None:
    """Undo what the failed view wrote; the session is saved afterwards, as usual."""
    db: sqlite3.Connection | None = g.get("db")
    if db is not None:
        db.rollback()


def _answer(code: int, description: str) -> ResponseReturnValue:
    title = _TITLES.get(code, f"Error {code}")
    if wants_json() or request.path.startswith("/rest/"):
        return jsonify(message=title if code == 404 else description), code
    try:
        return render_template("error.html", code=code, title=title, description=description), code
    except Exception:  # the page itself failed (e.g. the database is gone): plain text
        return f"{title}\n", code, {"Content-Type": "text/plain; charset=utf-8"}
