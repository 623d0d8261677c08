"""The customer account: sign in and out, the dashboard, account information, newsletter.

Signing in merges the guest's cart into the customer's and returns to the page that asked
for it; a wrong e-mail or password gets Magento's one message for both.
"""

from __future__ import annotations

from flask import Blueprint, g, redirect, render_template, request
from flask.typing import ResponseReturnValue

from ..store.addresses import get_address
from ..store.carts import merge_guest_cart
from ..store.customers import authenticate, update_name
from ..store.newsletter import is_subscribed, set_subscription
from ..store.orders import list_orders
from ..store.sessions import CheckoutState
from .context import add_message, current_customer, db, require_form_key, shop_session, signed_in

bp = Blueprint("account", __name__)
ACCOUNT_PATH = "/customer/account/"
LOGIN_PATH = "/customer/account/login/"
SIGN_IN_FAILED = (
    "The account sign-in was incorrect or your account is disabled temporarily. "
    "Please wait and try again later."
)


@bp.get("/customer/account/login/")
@bp.get("/customer/account/login/referer/<referer>/")
def login(referer: str | None = None) -> ResponseReturnValue:
    if current_customer() is not None:
        return redirect(ACCOUNT_PATH)
    return render_template("account/login.html", email=request.args.get("email", ""))


@bp.post("/customer/account/loginPost/")
def login_post() -> ResponseReturnValue:
    require_form_key()
    email = request.form.get("login[username]", request.form.get("email", "")).strip()
    password = request.form.get("login[password]", request.form.get("password", ""))
    if not email or not password:
        add_message("error", "A login and a password are required.")
        return redirect(LOGIN_PATH)
    customer = authenticate(db(), email, password)
    if customer is None:
        add_message("error", SIGN_IN_FAILED)
        return redirect(LOGIN_PATH)
    session = shop_session()
    merge_guest_cart(db(), session, customer.id)
    session.customer_id = customer.id
    g.pop("customer", None)
    target = session.after_login or ACCOUNT_PATH
    session.after_login = None
    return redirect(target)


@bp.get("/customer/account/logout/")
def logout() -> ResponseReturnValue:
    session = shop_session()
    session.customer_id = None
    session.checkout = CheckoutState()
    session.last_order_id = None
    g.pop("customer", None)
    return redirect("/customer/account/logoutSuccess/")


@bp.get("/customer/account/logoutSuccess/")
def logout_success() -> ResponseReturnValue:
    return render_template("account/logout.html")


@bp.get("/customer/account/")
@bp.get("/customer/account/index/")
def dashboard() -> ResponseReturnValue:
    customer = signed_in()
    billing = get_address(db(), customer.id, customer.default_billing or 0)
    shipping = get_address(db(), customer.id, customer.default_shipping or 0)
    return render_template(
        "account/dashboard.html",
        subscribed=is_subscribed(db(), customer.email),
        billing=billing,
        shipping=shipping,
        orders=list_orders(db(), customer.id, limit=5),
        nav="account",
    )


@bp.get("/customer/account/edit/")
def edit() -> ResponseReturnValue:
    customer = signed_in()
    values = {"firstname": customer.firstname, "lastname": customer.lastname}
    return render_template("account/edit.html", values=values, errors={}, nav="edit")


@bp.post("/customer/account/editPost/")
def edit_post() -> ResponseReturnValue:
    customer = signed_in()
    require_form_key()
    values = {k: request.form.get(k, "").strip() for k in ("firstname", "lastname")}
    errors = {k: "This is a required field." for k, v in values.items() if not v}
    errors |= {
        k: "Please enter less or equal than 255 symbols." for k, v in values.items() if len(v) > 255
    }
    if errors:
        return render_template("account/edit.html", values=values, errors=errors, nav="edit"), 400
    update_name(db(), customer.id, values["firstname"], values["lastname"])
    add_message("success", "You saved the account information.")
    return redirect(ACCOUNT_PATH)


@bp.get("/newsletter/manage/")
@bp.get("/newsletter/manage/index/")
def newsletter() -> ResponseReturnValue:
    customer = signed_in()
    return render_template(
        "account/newsletter.html", subscribed=is_subscribed(db(), customer.email), nav="newsletter"
    )


@bp.post("/newsletter/manage/save/")
def newsletter_save() -> ResponseReturnValue:
    customer = signed_in()
    require_form_key()
    wanted = request.form.get("is_subscribed") == "1"
    if wanted != is_subscribed(db(), customer.email):
        set_subscription(db(), customer.email, customer.id, wanted)
        if wanted:
            add_message("success", "We have saved your subscription.")
        else:
            add_message("success", "We have removed your newsletter subscription.")
    else:
        add_message("success", "We have updated your subscription.")
    return redirect(ACCOUNT_PATH)
