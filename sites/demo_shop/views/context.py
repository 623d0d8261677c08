"""What every view needs about the current request: the session and who is signed in, the
category tree, messages for the next page, the form key, and where to go back to.

Two exceptions end a view early and are answered in `errors.py`: `SignInRequired` (to the
sign-in page, or 401 for JSON) and `InvalidFormKey` (back, with Magento's message).
"""

from __future__ import annotations

import sqlite3

from flask import Flask, Response, g, request

from ..db import connection
from ..store.carts import Cart, load_cart
from ..store.catalog import CategoryTree, load_tree
from ..store.customers import Customer, get_customer
from ..store.sessions import COOKIE, Message, ShopSession, load_session, save_session
from ..urls import decode_uenc, encode_uenc, local_path

COOKIE_CONSENT = "user_allowed_save_cookie"
INVALID_FORM_KEY = "Invalid Form Key. Please refresh the page."
SESSION_MAX_AGE = 3600 * 24
SEARCH = "/catalogsearch/"


class SignInRequired(Exception):
    """The page is the customer's own: sign in first."""


class InvalidFormKey(Exception):
    """A form posted without this session's form key (an old page, or another site)."""


def db() -> sqlite3.Connection:
    return connection()


def shop_session() -> ShopSession:
    """This browser's session, loaded once per request (a new one if it has none)."""
    if "shop_session" not in g:
        g.shop_session = load_session(db(), request.cookies.get(COOKIE))
    session: ShopSession = g.shop_session
    return session


def current_customer() -> Customer | None:
    if "customer" not in g:
        customer_id = shop_session().customer_id
        g.customer = get_customer(db(), customer_id) if customer_id is not None else None
    customer: Customer | None = g.customer
    return customer


def signed_in() -> Customer:
    """The signed-in customer; raises `SignInRequired` for guests."""
    customer = current_customer()
    if customer is None:
        if request.method == "GET" and not wants_json() and not request.path.startswith("/rest/"):
            shop_session().after_login = request.full_path.rstrip("?")
        raise SignInRequired
    return customer


def category_tree() -> CategoryTree:
    if "tree" not in g:
        g.tree = load_tree(db())
    tree: CategoryTree = g.tree
    return tree


def current_cart() -> Cart:
    return load_cart(db(), shop_session())


def add_message(kind: str, text: str) -> None:
    shop_session().add_message(kind, text)


def require_form_key() -> None:
    if request.form.get("form_key", "") != shop_session().form_key:
        raise InvalidFormKey


def wants_json() -> bool:
    """A request made by the page's scripts (fetch) rather than by a form or a link."""
    if request.headers.get("X-Requested-With") == "XMLHttpRequest":
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and not request.accept_mimetypes.accept_html


def back_url(default: str) -> str:
    """Where a form should return to: its `uenc`, else the referring page, else `default`."""
    host = request.host
    uenc = request.form.get("uenc") or request.args.get("uenc")
    for candidate in (decode_uenc(uenc) if uenc else None, request.referrer):
        path = local_path(candidate, host)
        if path is not None:
            return path
    return default


def init_app(app: Flask) -> None:
    @app.after_request
    def _save_session(response: Response) -> Response:
        session: ShopSession | None = g.get("shop_session")
        if session is not None:
            save_session(db(), session)
            if session.is_new:
                response.set_cookie(
                    COOKIE, session.id, max_age=SESSION_MAX_AGE, httponly=True, samesite="Lax"
                )
        if response.mimetype == "text/html":
            response.headers["Cache-Control"] = "no-store, no-cache, must-revalidate"
        return response

    @app.context_processor
    def _page_context() -> dict[str, object]:
        def messages() -> list[Message]:
            return shop_session().take_messages()

        return {
            "customer": current_customer(),
            "tree": category_tree(),
            "form_key": shop_session().form_key,
            "messages": messages,
            "cookie_banner": COOKIE_CONSENT not in request.cookies,
            "search_query": request.args.get("q", "") if request.path.startswith(SEARCH) else "",
            "uenc_here": encode_uenc(request.url),
        }
