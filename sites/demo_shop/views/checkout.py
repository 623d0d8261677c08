"""Checkout in four steps (Shipping > Shipping Method > Payment > Review), then Place Order.

Each step is its own page and form; choices are kept in the session. A step reached before
the ones it depends on redirects to the first incomplete one; an empty cart redirects to the
cart. Place Order is a JSON request (see `rest.py`); the Review page's form is the fallback
without scripts. Both end in `place_order_from_session`.
"""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request
from flask.typing import ResponseReturnValue

from ..store.addresses import (
    Address,
    AddressFields,
    Region,
    customer_addresses,
    get_address,
    parse_address_form,
    regions,
    save_address,
)
from ..store.carts import Cart, CartError
from ..store.customers import Customer, set_default_addresses
from ..store.methods import PAYMENT_METHODS, ShippingRate, shipping_rate, shipping_rates
from ..store.orders import place_order
from ..store.sessions import CheckoutState
from .context import current_cart, db, require_form_key, shop_session, signed_in

bp = Blueprint("checkout", __name__)
STEPS = (
    ("shipping", "Shipping", "/checkout/shipping/"),
    ("method", "Shipping Method", "/checkout/method/"),
    ("payment", "Payment", "/checkout/payment/"),
    ("review", "Review", "/checkout/review/"),
)
_ORDER = [step for step, _, _ in STEPS]
_URL = {step: url for step, _, url in STEPS}
SUCCESS_PATH = "/checkout/onepage/success/"
CART_PATH = "/checkout/cart/"


class CheckoutError(Exception):
    """The order cannot be placed as things are; `message` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def shipping_address(customer: Customer, state: CheckoutState) -> AddressFields | None:
    if state.shipping_address_id is not None:
        found = get_address(db(), customer.id, state.shipping_address_id)
        return found.fields if found else None
    return state.shipping_address


def billing_address(customer: Customer, state: CheckoutState) -> AddressFields | None:
    if state.billing_same:
        return shipping_address(customer, state)
    if state.billing_address_id is None:
        return None
    found = get_address(db(), customer.id, state.billing_address_id)
    return found.fields if found else None


def chosen_rate(cart: Cart, state: CheckoutState) -> ShippingRate | None:
    return shipping_rate(state.shipping_method, cart.subtotal, cart.items_qty)


def first_incomplete(customer: Customer, cart: Cart, state: CheckoutState) -> str:
    if shipping_address(customer, state) is None:
        return "shipping"
    if chosen_rate(cart, state) is None:
        return "method"
    if state.payment_method not in PAYMENT_METHODS or billing_address(customer, state) is None:
        return "payment"
    return "review"


def _enter(step: str) -> tuple[Customer, Cart, ResponseReturnValue | None]:
    """The customer and cart, or where to go instead of this step."""
    customer = signed_in()
    cart = current_cart()
    if cart.is_empty:
        return customer, cart, redirect(CART_PATH)
    needed = first_incomplete(customer, cart, shop_session().checkout)
    if _ORDER.index(step) > _ORDER.index(needed):
        return customer, cart, redirect(_URL[needed])
    return customer, cart, None


def _render(
    step: str, customer: Customer, cart: Cart, status: int = 200, **context: object
) -> ResponseReturnValue:
    state = shop_session().checkout
    done = _ORDER.index(first_incomplete(customer, cart, state))
    return (
        render_template(
            f"checkout/{step}.html",
            step=step,
            steps=STEPS,
            reachable=_ORDER[: done + 1],
            cart=cart,
            state=state,
            rate=chosen_rate(cart, state),
            **context,
        ),
        status,
    )


@bp.get("/checkout/")
@bp.get("/checkout/index/")
def start() -> ResponseReturnValue:
    customer = signed_in()
    cart = current_cart()
    if cart.is_empty:
        return redirect(CART_PATH)
    return redirect(_URL[first_incomplete(customer, cart, shop_session().checkout)])


@bp.route("/checkout/shipping/", methods=["GET", "POST"])
def shipping() -> ResponseReturnValue:
    customer, cart, elsewhere = _enter("shipping")
    if elsewhere is not None:
        return elsewhere
    state = shop_session().checkout
    addresses = customer_addresses(db(), customer.id)
    known = regions(db())
    selected = str(
        state.shipping_address_id
        or ("new" if state.shipping_address else customer.default_shipping or "")
    )
    values = (
        state.shipping_address.form_values()
        if state.shipping_address
        else {"firstname": customer.firstname, "lastname": customer.lastname, "country_id": "US"}
    )
    errors: dict[str, str] = {}
    if request.method == "POST":
        require_form_key()
        errors = _record_shipping_choice(customer, state, addresses, known)
        if not errors:
            return redirect(_URL["method"])
        selected = request.form.get("address_id", "new")
        values = dict(request.form.items())
    return _render(
        "shipping",
        customer,
        cart,
        400 if errors else 200,
        addresses=addresses,
        regions=known,
        selected=selected,
        values=values,
        errors=errors,
    )


def _record_shipping_choice(
    customer: Customer, state: CheckoutState, addresses: list[Address], known: list[Region]
) -> dict[str, str]:
    """Keep the posted address (a saved one, or a new one, kept in the book if asked) in
    `state`; returns the message for each wrong field, empty when the choice was kept."""
    choice = request.form.get("address_id", "" if addresses else "new")
    if choice.isdigit() and any(a.id == int(choice) for a in addresses):
        state.shipping_address_id, state.shipping_address = int(choice), None
        return {}
    if choice != "new":
        return {"address_id": "Please choose a shipping address."}
    fields, errors = parse_address_form(request.form, known)
    if fields is None:
        return errors
    if request.form.get("save_in_address_book") != "1":
        state.shipping_address_id, state.shipping_address = None, fields
        return {}
    new_id = save_address(db(), customer.id, fields)
    if customer.default_shipping is None:
        first = customer.default_billing is None
        set_default_addresses(db(), customer.id, new_id, billing=first, shipping=True)
    state.shipping_address_id, state.shipping_address = new_id, None
    return {}


@bp.route("/checkout/method/", methods=["GET", "POST"])
def method() -> ResponseReturnValue:
    customer, cart, elsewhere = _enter("method")
    if elsewhere is not None:
        return elsewhere
    state = shop_session().checkout
    error = None
    if request.method == "POST":
        require_form_key()
        code = request.form.get("shipping_method", "")
        if shipping_rate(code, cart.subtotal, cart.items_qty) is not None:
            state.shipping_method = code
            return redirect(_URL["payment"])
        error = "Please specify a shipping method."
    return _render(
        "method",
        customer,
        cart,
        400 if error else 200,
        rates=shipping_rates(cart.subtotal, cart.items_qty),
        address=shipping_address(customer, state),
        error=error,
    )


@bp.route("/checkout/payment/", methods=["GET", "POST"])
def payment() -> ResponseReturnValue:
    customer, cart, elsewhere = _enter("payment")
    if elsewhere is not None:
        return elsewhere
    state = shop_session().checkout
    addresses = customer_addresses(db(), customer.id)
    errors: dict[str, str] = {}
    if request.method == "POST":
        require_form_key()
        code = request.form.get("payment_method", "")
        same = request.form.get("billing_same") == "1"
        billing = request.form.get("billing_address_id", "")
        if code not in PAYMENT_METHODS:
            errors["payment_method"] = "Please specify a payment method."
        if not same and not (billing.isdigit() and any(a.id == int(billing) for a in addresses)):
            errors["billing_address_id"] = "Please choose a billing address."
        if not errors:
            state.payment_method = code
            state.billing_same = same
            state.billing_address_id = None if same else int(billing)
            return redirect(_URL["review"])
    return _render(
        "payment",
        customer,
        cart,
        400 if errors else 200,
        methods=PAYMENT_METHODS,
        addresses=addresses,
        address=shipping_address(customer, state),
        errors=errors,
    )


@bp.route("/checkout/review/", methods=["GET", "POST"])
def review() -> ResponseReturnValue:
    customer, cart, elsewhere = _enter("review")
    if elsewhere is not None:
        return elsewhere
    state = shop_session().checkout
    error = None
    if request.method == "POST":  # Place Order without scripts
        require_form_key()
        try:
            place_order_from_session(customer, state.payment_method or "", None)
        except CheckoutError as failure:
            error = failure.message
        else:
            return redirect(SUCCESS_PATH)
    shipping_to = shipping_address(customer, state)
    billing_to = billing_address(customer, state)
    return _render(
        "review",
        customer,
        cart,
        400 if error else 200,
        shipping_to=shipping_to,
        billing_to=billing_to,
        payment_title=PAYMENT_METHODS.get(state.payment_method or "", ""),
        place_order=_place_order_request(customer, cart, state, billing_to),
        error=error,
    )


@bp.get("/checkout/onepage/success/")
def success() -> ResponseReturnValue:
    signed_in()
    order_id = shop_session().last_order_id
    if order_id is None:
        return redirect(CART_PATH)
    return render_template("checkout/success.html", order_id=order_id)


def place_order_from_session(
    customer: Customer, payment_method: str, billing: AddressFields | None
) -> int:
    """Place the order the session's checkout describes; `billing` overrides its address."""
    session = shop_session()
    state = session.checkout
    cart = current_cart()
    if cart.is_empty:
        raise CheckoutError("You have no items in your shopping cart.")
    shipping_to = shipping_address(customer, state)
    if shipping_to is None:
        raise CheckoutError("The shipping address is missing. Set the address and try again.")
    rate = chosen_rate(cart, state)
    if rate is None:
        raise CheckoutError(
            "The shipping method is missing. Select the shipping method and try again."
        )
    if payment_method not in PAYMENT_METHODS:
        raise CheckoutError("The requested Payment Method is not available.")
    billing_to = billing or billing_address(customer, state) or shipping_to
    try:
        order_id = place_order(
            db(),
            customer.id,
            cart,
            shipping_address=shipping_to,
            billing_address=billing_to,
            rate=rate,
            payment_method=payment_method,
        )
    except CartError as error:
        raise CheckoutError(error.message) from error
    session.last_order_id = order_id
    session.checkout = CheckoutState()
    return order_id


def _place_order_request(
    customer: Customer, cart: Cart, state: CheckoutState, billing: AddressFields | None
) -> dict[str, object]:
    """The JSON body the Place Order button posts, as Magento's checkout builds it."""
    address: dict[str, object] = {"customerId": str(customer.id)}
    if billing is not None:
        address.update(
            {
                "countryId": billing.country_id,
                "regionId": str(billing.region_id or ""),
                "region": billing.region,
                "street": billing.street,
                "company": billing.company,
                "telephone": billing.telephone,
                "postcode": billing.postcode,
                "city": billing.city,
                "firstname": billing.firstname,
                "lastname": billing.lastname,
            }
        )
        if not state.billing_same and state.billing_address_id is not None:
            address["customerAddressId"] = str(state.billing_address_id)
    return {
        "cartId": str(cart.id or ""),
        "billingAddress": address,
        "paymentMethod": {
            "method": state.payment_method,
            "po_number": None,
            "additional_data": None,
        },
    }
