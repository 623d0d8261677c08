"""Orders: a customer's history, one order's details, placing an order from the cart.

An order's entity id is its number (`000000178` is order 178). Placing one checks stock
again, records prices and chosen options as they are now, decrements stock and empties the
cart, all in the request's transaction.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from ..options import Choice, decode_options, encode_options
from ..urls import increment_id, product_url
from .addresses import AddressFields
from .carts import QTY_UNAVAILABLE, Cart, CartError, empty_cart
from .catalog import describe_choices
from .methods import PAYMENT_METHODS, ShippingRate

STATUS_LABELS = {
    "pending": "Pending",
    "processing": "Processing",
    "complete": "Complete",
    "canceled": "Canceled",
    "closed": "Closed",
}


@dataclass(frozen=True, slots=True)
class OrderSummary:
    """A row of My Orders."""

    id: int
    created_at: str
    ship_to: str
    grand_total: int
    status: str

    @property
    def number(self) -> str:
        return increment_id(self.id)

    @property
    def status_label(self) -> str:
        return STATUS_LABELS.get(self.status, self.status.title())


@dataclass(frozen=True, slots=True)
class OrderItem:
    product_id: int
    name: str
    sku: str
    choices: tuple[Choice, ...]
    options: tuple[tuple[str, str], ...]
    price: int
    qty: int
    row_total: int
    url_key: str | None

    @property
    def url(self) -> str | None:
        return product_url(self.url_key) if self.url_key else None


@dataclass(frozen=True, slots=True)
class Order:
    summary: OrderSummary
    items: tuple[OrderItem, ...]
    subtotal: int
    shipping_amount: int
    total_qty: int
    shipping_description: str
    payment_title: str
    shipping_address: AddressFields
    billing_address: AddressFields


def count_orders(db: sqlite3.Connection, customer_id: int) -> int:
    row = db.execute(
        "SELECT COUNT(*) AS n FROM sales_order WHERE customer_id = ?", (customer_id,)
    ).fetchone()
    return int(row["n"])


def list_orders(
    db: sqlite3.Connection, customer_id: int, *, limit: int, offset: int = 0
) -> list[OrderSummary]:
    """Newest first."""
    rows = db.execute(
        """SELECT o.id, o.created_at, o.grand_total, o.status,
                  a.firstname || ' ' || a.lastname AS ship_to
           FROM sales_order o
           JOIN order_address a ON a.order_id = o.id AND a.kind = 'shipping'
           WHERE o.customer_id = ?
           ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?""",
        (customer_id, limit, offset),
    )
    return [_summary(r) for r in rows]


def get_order(db: sqlite3.Connection, customer_id: int, order_id: int) -> Order | None:
    """The customer's order, or None (unknown, or somebody else's)."""
    row = db.execute(
        """SELECT o.*, a.firstname || ' ' || a.lastname AS ship_to
           FROM sales_order o
           JOIN order_address a ON a.order_id = o.id AND a.kind = 'shipping'
           WHERE o.id = ? AND o.customer_id = ?""",
        (order_id, customer_id),
    ).fetchone()
    if row is None:
        return None
    items = db.execute(
        """SELECT i.*, p.url_key FROM order_item i LEFT JOIN product p ON p.id = i.product_id
           WHERE i.order_id = ? ORDER BY i.id""",
        (order_id,),
    ).fetchall()
    addresses = {
        str(a["kind"]): _order_address(a)
        for a in db.execute("SELECT * FROM order_address WHERE order_id = ?", (order_id,))
    }
    return Order(
        summary=_summary(row),
        items=tuple(_item(db, i) for i in items),
        subtotal=int(row["subtotal"]),
        shipping_amount=int(row["shipping_amount"]),
        total_qty=int(row["total_qty"]),
        shipping_description=str(row["shipping_description"]),
        payment_title=str(row["payment_title"]),
        shipping_address=addresses["shipping"],
        billing_address=addresses["billing"],
    )


def place_order(
    db: sqlite3.Connection,
    customer_id: int,
    cart: Cart,
    *,
    shipping_address: AddressFields,
    billing_address: AddressFields,
    rate: ShippingRate,
    payment_method: str,
) -> int:
    """Turn the cart into a pending order; returns the order's id (its number)."""
    if cart.id is None or cart.is_empty:
        raise CartError("You have no items in your shopping cart.")
    for line in cart.lines:
        total = sum(x.qty for x in cart.lines if x.product.id == line.product.id)
        if not line.product.in_stock or total > line.product.qty:
            raise CartError(f"{QTY_UNAVAILABLE} for {line.product.name}")
    row = db.execute("SELECT COALESCE(MAX(id), 0) + 1 AS next FROM sales_order").fetchone()
    order_id = int(row["next"])
    db.execute(
        """INSERT INTO sales_order (id, customer_id, status, created_at, total_qty, subtotal,
               shipping_amount, grand_total, shipping_method, shipping_description,
               payment_method, payment_title)
           VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        (
            order_id,
            customer_id,
            datetime.now().isoformat(sep=" ", timespec="seconds"),
            cart.items_qty,
            cart.subtotal,
            rate.amount,
            cart.subtotal + rate.amount,
            rate.code,
            rate.label,
            payment_method,
            PAYMENT_METHODS[payment_method],
        ),
    )
    for kind, a in (("shipping", shipping_address), ("billing", billing_address)):
        db.execute(
            """INSERT INTO order_address (order_id, kind, firstname, lastname, company, street1,
                   street2, city, region, postcode, country_id, telephone)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                order_id,
                kind,
                a.firstname,
                a.lastname,
                a.company,
                a.street1,
                a.street2,
                a.city,
                a.region,
                a.postcode,
                a.country_id,
                a.telephone,
            ),
        )
    for line in cart.lines:
        db.execute(
            """INSERT INTO order_item (order_id, product_id, name, sku, options, price, qty,
                   row_total) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                order_id,
                line.product.id,
                line.product.name,
                line.product.sku,
                encode_options(line.choices),
                line.price,
                line.qty,
                line.row_total,
            ),
        )
        db.execute("UPDATE product SET qty = qty - ? WHERE id = ?", (line.qty, line.product.id))
    empty_cart(db, cart.id)
    return order_id


def _summary(row: sqlite3.Row) -> OrderSummary:
    return OrderSummary(
        id=int(row["id"]),
        created_at=str(row["created_at"]),
        ship_to=str(row["ship_to"]),
        grand_total=int(row["grand_total"]),
        status=str(row["status"]),
    )


def _item(db: sqlite3.Connection, row: sqlite3.Row) -> OrderItem:
    choices = decode_options(str(row["options"]))
    return OrderItem(
        product_id=int(row["product_id"]),
        name=str(row["name"]),
        sku=str(row["sku"]),
        choices=choices,
        options=describe_choices(db, choices),
        price=int(row["price"]),
        qty=int(row["qty"]),
        row_total=int(row["row_total"]),
        url_key=None if row["url_key"] is None else str(row["url_key"]),
    )


def _order_address(row: sqlite3.Row) -> AddressFields:
    return AddressFields(
        firstname=str(row["firstname"]),
        lastname=str(row["lastname"]),
        company=str(row["company"]),
        street1=str(row["street1"]),
        street2=str(row["street2"]),
        city=str(row["city"]),
        region_id=None,
        region=str(row["region"]),
        postcode=str(row["postcode"]),
        country_id=str(row["country_id"]),
        telephone=str(row["telephone"]),
    )
