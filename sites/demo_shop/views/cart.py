"""The cart: Add to Cart (fetch or plain form), the cart page, updating and removing lines,
and the mini-cart's data (`/customer/section/load/?sections=cart`).

Add to Cart answers the page's scripts with JSON (200, or 400 with the message to show next
to the field at fault) and plain forms with a redirect back to the page, as Magento does.
"""

from __future__ import annotations

import re

from flask import Blueprint, abort, jsonify, redirect, render_template, request
from flask.typing import ResponseReturnValue

from ..formatting import money
from ..store.carts import (
    Cart,
    CartError,
    OptionsMissing,
    add_with_options,
    cart_id,
    empty_cart,
    remove_line,
    update_quantities,
)
from ..store.catalog import product_by_id
from ..store.methods import FLAT_RATE_PER_ITEM
from ..urls import decode_uenc, local_path, media_url
from .context import (
    add_message,
    current_cart,
    current_customer,
    db,
    require_form_key,
    shop_session,
    wants_json,
)

bp = Blueprint("cart", __name__)
CART_PATH = "/checkout/cart/"
_QTY_FIELD = re.compile(r"^cart\[(\d+)\]\[qty\]$")


@bp.post("/checkout/cart/add/uenc/<uenc>/product/<int:product_id>/")
@bp.post("/checkout/cart/add/product/<int:product_id>/")
@bp.post("/checkout/cart/add/")
def add(product_id: int | None = None, uenc: str | None = None) -> ResponseReturnValue:
    require_form_key()
    if product_id is None:
        posted = request.form.get("product", "")
        product_id = int(posted) if posted.isdigit() else None
    product = product_by_id(db(), product_id) if product_id is not None else None
    if product is None:
        abort(404)
    back = local_path(decode_uenc(uenc) if uenc else None, request.host) or product.url
    try:
        add_with_options(db(), shop_session(), product, request.form)
    except OptionsMissing as missing:
        add_message("notice", missing.message)
        if wants_json():
            return jsonify(backUrl=product.url)
        return redirect(product.url)
    except CartError as error:
        if wants_json():
            return jsonify(message=error.message, field=error.field), 400
        add_message("error", error.message)
        return redirect(product.url)
    message = f"You added {product.name} to your shopping cart."
    if wants_json():
        return jsonify(message=message, cart=cart_section(current_cart()))
    add_message("success", message)
    return redirect(back)


@bp.get("/checkout/cart/")
@bp.get("/checkout/cart/index/")
def cart_page() -> ResponseReturnValue:
    cart = current_cart()
    return render_template(
        "cart.html", cart=cart, shipping_estimate=FLAT_RATE_PER_ITEM * cart.items_qty
    )


@bp.post("/checkout/cart/updatePost/")
def update() -> ResponseReturnValue:
    require_form_key()
    session = shop_session()
    if request.form.get("update_cart_action") == "empty_cart":
        found = cart_id(db(), session)
        if found is not None:
            empty_cart(db(), found)
        return redirect(CART_PATH)
    posted = {
        int(match.group(1)): value
        for key, value in request.form.items()
        if (match := _QTY_FIELD.match(key))
    }
    if not posted:
        add_message("error", "Please enter a quantity to update the cart.")
        return redirect(CART_PATH)
    try:
        update_quantities(db(), session, posted)
    except CartError as error:
        add_message("error", error.message)
    return redirect(CART_PATH)


@bp.post("/checkout/cart/delete/")
def delete() -> ResponseReturnValue:
    require_form_key()
    item = request.form.get("id", "")
    if not item.isdigit() or not remove_line(db(), shop_session(), int(item)):
        add_message("error", "We can't remove the item.")
    return redirect(CART_PATH)


@bp.get("/customer/section/load/")
def sections() -> ResponseReturnValue:
    """Magento's private content sections, fetched by the page after it loads."""
    wanted = [s for s in request.args.get("sections", "").split(",") if s] or ["cart", "customer"]
    data: dict[str, object] = {}
    if "cart" in wanted:
        data["cart"] = cart_section(current_cart())
    if "customer" in wanted:
        customer = current_customer()
        data["customer"] = (
            {"fullname": customer.name, "firstname": customer.firstname} if customer else {}
        )
    return jsonify(data)


def cart_section(cart: Cart) -> dict[str, object]:
    return {
        "summary_count": cart.items_qty,
        "subtotalAmount": cart.subtotal / 100,
        "subtotal": money(cart.subtotal),
        "possible_onepage_checkout": not cart.is_empty,
        "items": [
            {
                "item_id": line.id,
                "product_id": line.product.id,
                "product_name": line.product.name,
                "product_url": line.product.url,
                "product_sku": line.product.sku,
                "product_price": money(line.price),
                "product_price_value": line.price / 100,
                "qty": line.qty,
                "options": [{"label": label, "value": value} for label, value in line.options],
                "product_image": {"src": media_url(line.product.id), "alt": line.product.name},
            }
            for line in cart.lines
        ],
    }
