"""My Wish List: add a product (from any product page or card), move one to the cart,
remove one. Guests are sent to sign in first.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request
from flask.typing import ResponseReturnValue

from ..store.carts import CartError, OptionsMissing, add_with_options
from ..store.catalog import product_by_id
from ..store.wishlist import add_to_wishlist, find_item, remove_item, wishlist_items
from .context import add_message, db, require_form_key, shop_session, signed_in

bp = Blueprint("wishlist", __name__)
WISHLIST_PATH = "/wishlist/"


@bp.get("/wishlist/")
@bp.get("/wishlist/index/index/")
def wishlist() -> ResponseReturnValue:
    customer = signed_in()
    return render_template(
        "account/wishlist.html", items=wishlist_items(db(), customer.id), nav="wishlist"
    )


@bp.post("/wishlist/index/add/")
def add() -> ResponseReturnValue:
    customer = signed_in()
    require_form_key()
    posted = request.form.get("product", "")
    product = product_by_id(db(), int(posted)) if posted.isdigit() else None
    if product is None:
        add_message("error", "We can't specify a product.")
        return redirect(WISHLIST_PATH)
    add_to_wishlist(db(), customer.id, product.id)
    add_message(
        "success",
        f"{product.name} has been added to your Wish List. Click here to continue shopping.",
    )
    return redirect(WISHLIST_PATH)


@bp.post("/wishlist/index/cart/")
def to_cart() -> ResponseReturnValue:
    customer = signed_in()
    require_form_key()
    posted = request.form.get("item", "")
    item = find_item(db(), customer.id, int(posted)) if posted.isdigit() else None
    if item is None:
        abort(404)
    try:
        add_with_options(db(), shop_session(), item.product, {"qty": request.form.get("qty", "1")})
    except OptionsMissing:
        add_message("notice", "You need to choose options for your item.")
        return redirect(item.product.url)
    except CartError as error:
        add_message("error", error.message)
        return redirect(WISHLIST_PATH)
    remove_item(db(), customer.id, item.id)
    add_message("success", f"You added {item.product.name} to your shopping cart.")
    return redirect(WISHLIST_PATH)


@bp.post("/wishlist/index/remove/")
def remove() -> ResponseReturnValue:
    customer = signed_in()
    require_form_key()
    posted = request.form.get("item", "")
    item = find_item(db(), customer.id, int(posted)) if posted.isdigit() else None
    if item is None:
        abort(404)
    remove_item(db(), customer.id, item.id)
    add_message("success", f"{item.product.name} has been removed from your Wish List.")
    return redirect(WISHLIST_PATH)
