"""The rest of the site: Contact Us, the footer's newsletter form, the cookie notice's
"Allow Cookies", and the content pages (About Us, Privacy and Cookie Policy).
"""

from __future__ import annotations

import re

from flask import Blueprint, redirect, render_template, request
from flask.typing import ResponseReturnValue

from ..store.newsletter import (
    customer_id_for,
    is_subscribed,
    save_contact_message,
    set_subscription,
)
from .context import COOKIE_CONSENT, add_message, back_url, current_customer, db, require_form_key

bp = Blueprint("pages", __name__)
CONTACT_PATH = "/contact/"
CONTACT_THANKS = (
    "Thanks for contacting us with your comments and questions. We'll respond to you very soon."
)
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")
CONTENT_PAGES = {
    "about-us": "about.html",
    "privacy-policy-cookie-restriction-mode": "privacy.html",
}


@bp.get("/contact/")
@bp.get("/contact/index/")
def contact() -> ResponseReturnValue:
    customer = current_customer()
    values = {"name": customer.name, "email": customer.email} if customer else {}
    return render_template("contact.html", values=values, errors={})


@bp.post("/contact/index/post")
@bp.post("/contact/index/post/")
def contact_post() -> ResponseReturnValue:
    require_form_key()
    fields = ("name", "email", "telephone", "comment")
    values = {k: request.form.get(k, "").strip() for k in fields}
    errors = {k: "This is a required field." for k in ("name", "email", "comment") if not values[k]}
    if values["email"] and not _EMAIL.match(values["email"]):
        errors["email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
    if errors:
        return render_template("contact.html", values=values, errors=errors), 400
    save_contact_message(
        db(), values["name"], values["email"], values["telephone"], values["comment"]
    )
    add_message("success", CONTACT_THANKS)
    return redirect(CONTACT_PATH)


@bp.post("/newsletter/subscriber/new/")
def subscribe() -> ResponseReturnValue:
    require_form_key()
    email = request.form.get("email", "").strip()
    back = back_url("/")
    if not _EMAIL.match(email):
        add_message("error", "Please enter a valid email address.")
    elif is_subscribed(db(), email):
        add_message("error", "This email address is already subscribed.")
    else:
        set_subscription(db(), email, customer_id_for(db(), email), True)
        add_message("success", "Thank you for your subscription.")
    return redirect(back)


@bp.post("/cookie/allow/")
def allow_cookies() -> ResponseReturnValue:
    response = redirect(back_url("/"))
    response.set_cookie(COOKIE_CONSENT, '{"1":1}', max_age=3600 * 24 * 365, samesite="Lax")
    return response


@bp.get("/about-us")
@bp.get("/privacy-policy-cookie-restriction-mode")
def content_page() -> ResponseReturnValue:
    return render_template(CONTENT_PAGES[request.path.strip("/")])
