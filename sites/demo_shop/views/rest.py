"""Magento's REST endpoints the checkout page calls: the cart's totals and Place Order.

`POST /rest/default/V1/carts/mine/payment-information` takes
`{"cartId", "paymentMethod": {"method"}, "billingAddress": {...}}` and answers the new
order's id as a JSON string (`"190"`), or 400 with `{"message": ...}`; guests get 401.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from ..store.addresses import AddressFields, parse_address_form, regions
from .checkout import CheckoutError, chosen_rate, place_order_from_session
from .context import current_cart, db, shop_session, signed_in

bp = Blueprint("rest", __name__)
_REST_FIELDS = {  # REST name -> form field name, for messages about missing fields
    "firstname": "firstname",
    "lastname": "lastname",
    "street": "street[0]",
    "city": "city",
    "postcode": "postcode",
    "countryId": "country_id",
    "telephone": "telephone",
    "regionId": "region_id",
}


@bp.post("/rest/default/V1/carts/mine/payment-information")
@bp.post("/rest/V1/carts/mine/payment-information")
def payment_information() -> ResponseReturnValue:
    customer = signed_in()
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return jsonify(message="The request body must be a JSON object."), 400
    payment = body.get("paymentMethod")
    method = payment.get("method") if isinstance(payment, dict) else None
    if not isinstance(method, str) or not method:
        return jsonify(message='"paymentMethod" is required. Enter and try again.'), 400
    billing = None
    raw = body.get("billingAddress")
    if raw is not None:
        if not isinstance(raw, dict):
            return jsonify(message='"billingAddress" must be an object.'), 400
        billing, problem = _billing(raw)
        if problem:
            return jsonify(message=problem), 400
    try:
        order_id = place_order_from_session(customer, method, billing)
    except CheckoutError as error:
        return jsonify(message=error.message), 400
    return jsonify(str(order_id))


@bp.get("/rest/default/V1/carts/mine/totals")
@bp.get("/rest/V1/carts/mine/totals")
def totals() -> ResponseReturnValue:
    signed_in()
    cart = current_cart()
    rate = chosen_rate(cart, shop_session().checkout)
    shipping = rate.amount if rate else 0
    return jsonify(
        grand_total=(cart.subtotal + shipping) / 100,
        subtotal=cart.subtotal / 100,
        shipping_amount=shipping / 100,
        items_qty=cart.items_qty,
        base_currency_code="USD",
        quote_currency_code="USD",
        items=[
            {
                "item_id": line.id,
                "name": line.product.name,
                "qty": line.qty,
                "price": line.price / 100,
                "row_total": line.row_total / 100,
                "options": [{"label": k, "value": v} for k, v in line.options],
            }
            for line in cart.lines
        ],
        total_segments=[
            {"code": "subtotal", "title": "Subtotal", "value": cart.subtotal / 100},
            {
                "code": "shipping",
                "title": rate.label if rate else "Shipping",
                "value": shipping / 100,
            },
            {
                "code": "grand_total",
                "title": "Grand Total",
                "value": (cart.subtotal + shipping) / 100,
            },
        ],
    )


def _billing(raw: dict[str, object]) -> tuple[AddressFields | None, str | None]:
    """The posted billing address, or the message Magento gives for its first problem."""
    street = raw.get("street")
    lines = [str(s) for s in street] if isinstance(street, list) else [str(street or "")]
    form = {
        "firstname": _text(raw.get("firstname")),
        "lastname": _text(raw.get("lastname")),
        "company": _text(raw.get("company")),
        "telephone": _text(raw.get("telephone")),
        "street[0]": lines[0] if lines else "",
        "street[1]": lines[1] if len(lines) > 1 else "",
        "city": _text(raw.get("city")),
        "region_id": _text(raw.get("regionId")),
        "region": _text(raw.get("region")) or _text(raw.get("regionCode")),
        "postcode": _text(raw.get("postcode")),
        "country_id": _text(raw.get("countryId")),
    }
    fields, errors = parse_address_form(form, regions(db()))
    if fields is not None:
        return fields, None
    name = next((rest for rest, field in _REST_FIELDS.items() if field in errors), "address")
    return None, f'"{name}" is required. Enter and try again.'


def _text(value: object) -> str:
    return "" if value is None else str(value)
