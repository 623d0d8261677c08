"""My Orders: the history (10, 20 or 50 a page, newest first), one order, Reorder.

Another customer's order, or one that does not exist, is a 404, as in Magento.
"""

from __future__ import annotations

import math

from flask import Blueprint, abort, redirect, render_template, request
from flask.typing import ResponseReturnValue

from ..store.carts import CartError, add_product
from ..store.catalog import product_by_id
from ..store.orders import count_orders, get_order, list_orders
from ..urls import with_params
from .context import add_message, db, require_form_key, shop_session, signed_in

bp = Blueprint("orders", __name__)
LIMITS = (10, 20, 50)


@bp.get("/sales/order/history/")
def history() -> ResponseReturnValue:
    customer = signed_in()
    limit_text = request.args.get("limit", "")
    limit = int(limit_text) if limit_text.isdigit() and int(limit_text) in LIMITS else LIMITS[0]
    total = count_orders(db(), customer.id)
    pages = max(1, math.ceil(total / limit))
    page_text = request.args.get("p", "")
    page = min(pages, max(1, int(page_text))) if page_text.isdigit() else 1
    orders = list_orders(db(), customer.id, limit=limit, offset=(page - 1) * limit)
    params = dict(request.args.items())

    def link(**changes: str | None) -> str:
        return with_params(request.path, params, **changes)

    return render_template(
        "account/orders.html",
        orders=orders,
        total=total,
        page=page,
        pages=pages,
        limit=limit,
        limits=LIMITS,
        first=(page - 1) * limit + 1 if orders else 0,
        last=(page - 1) * limit + len(orders),
        link=link,
        nav="orders",
    )


@bp.get("/sales/order/view/order_id/<int:order_id>/")
def view(order_id: int) -> ResponseReturnValue:
    customer = signed_in()
    order = get_order(db(), customer.id, order_id)
    if order is None:
        abort(404)
    return render_template("account/order_view.html", order=order, nav="orders")


@bp.post("/sales/order/reorder/order_id/<int:order_id>/")
def reorder(order_id: int) -> ResponseReturnValue:
    customer = signed_in()
    require_form_key()
    order = get_order(db(), customer.id, order_id)
    if order is None:
        abort(404)
    session = shop_session()
    for item in order.items:
        product = product_by_id(db(), item.product_id)
        if product is None:
            add_message("error", f"{item.name} is no longer available.")
            continue
        try:
            add_product(db(), session, product, item.qty, item.choices)
        except CartError as error:
            add_message("error", f"{product.name}: {error.message}")
    return redirect("/checkout/cart/")
