"""The address book: the default addresses, other entries, editing, adding, deleting.

The edit form posts Magento's fields to `/customer/address/formPost/id/<id>/` (or without an
id for a new address); a wrong form is shown again with a message next to each field at
fault, and nothing is saved.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request
from flask.typing import ResponseReturnValue

from ..store.addresses import (
    Address,
    customer_addresses,
    delete_address,
    get_address,
    parse_address_form,
    regions,
    save_address,
)
from ..store.customers import Customer, set_default_addresses
from .context import add_message, db, require_form_key, signed_in

bp = Blueprint("addresses", __name__)
BOOK_PATH = "/customer/address/"


@bp.get("/customer/address/")
@bp.get("/customer/address/index/")
def book() -> ResponseReturnValue:
    customer = signed_in()
    addresses = customer_addresses(db(), customer.id)
    by_id = {a.id: a for a in addresses}
    defaults = {customer.default_billing, customer.default_shipping}
    return render_template(
        "account/address_book.html",
        billing=by_id.get(customer.default_billing or 0),
        shipping=by_id.get(customer.default_shipping or 0),
        others=[a for a in addresses if a.id not in defaults],
        nav="address",
    )


@bp.get("/customer/address/new/")
def new() -> ResponseReturnValue:
    customer = signed_in()
    values = {"firstname": customer.firstname, "lastname": customer.lastname, "country_id": "US"}
    return _form(customer, None, values, {})


@bp.get("/customer/address/edit/id/<int:address_id>/")
def edit(address_id: int) -> ResponseReturnValue:
    customer = signed_in()
    address = get_address(db(), customer.id, address_id)
    if address is None:
        abort(404)
    return _form(customer, address, address.fields.form_values(), {})


@bp.post("/customer/address/formPost/")
@bp.post("/customer/address/formPost/id/<int:address_id>/")
def save(address_id: int | None = None) -> ResponseReturnValue:
    customer = signed_in()
    require_form_key()
    address = None
    if address_id is not None:
        address = get_address(db(), customer.id, address_id)
        if address is None:
            abort(404)
    fields, errors = parse_address_form(request.form, regions(db()))
    if fields is None:
        return _form(customer, address, dict(request.form.items()), errors, status=400)
    saved = save_address(db(), customer.id, fields, address.id if address else None)
    set_default_addresses(
        db(),
        customer.id,
        saved,
        billing=request.form.get("default_billing") == "1" or customer.default_billing is None,
        shipping=request.form.get("default_shipping") == "1" or customer.default_shipping is None,
    )
    add_message("success", "You saved the address.")
    return redirect(BOOK_PATH)


@bp.post("/customer/address/delete/id/<int:address_id>/")
def delete(address_id: int) -> ResponseReturnValue:
    customer = signed_in()
    require_form_key()
    address = get_address(db(), customer.id, address_id)
    if address is None:
        abort(404)
    if address_id in (customer.default_billing, customer.default_shipping):
        add_message("error", "We can't delete the default address.")
    else:
        delete_address(db(), customer.id, address_id)
        add_message("success", "You deleted the address.")
    return redirect(BOOK_PATH)


def _form(
    customer: Customer,
    address: Address | None,
    values: dict[str, str],
    errors: dict[str, str],
    status: int = 200,
) -> ResponseReturnValue:
    action = (
        f"/customer/address/formPost/id/{address.id}/" if address else "/customer/address/formPost/"
    )
    return (
        render_template(
            "account/address_edit.html",
            address=address,
            action=action,
            values=values,
            errors=errors,
            regions=regions(db()),
            is_default_billing=address is not None and address.id == customer.default_billing,
            is_default_shipping=address is not None and address.id == customer.default_shipping,
            nav="address",
        ),
        status,
    )
