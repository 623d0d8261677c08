"""Shopping carts: a guest's belongs to the session, a customer's to the customer.

Adding, updating and removing validate first and change nothing when anything is wrong,
with Magento's messages ("The requested qty is not available"). Lines with the same
product and the same chosen options merge.
"""

from __future__ import annotations

import math
import re
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from ..options import Choice, decode_options, encode_options
from .catalog import OptionGroup, Product, describe_choices, option_groups, products_by_ids
from .sessions import ShopSession

MAX_QTY = 10000
REQUIRED = "This is a required field."
QTY_POSITIVE = "Please enter a quantity greater than 0."
QTY_NUMBER = "Please enter a valid number in this field."
QTY_UNAVAILABLE = "The requested qty is not available"
NOT_AVAILABLE = "Product that you are trying to add is not available."
_SUPER_ATTRIBUTE = re.compile(r"^super_attribute\[(\d+)\]$")


class CartError(Exception):
    """A cart change that cannot be made; `field` names the form field at fault, if one."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class OptionsMissing(CartError):
    """A configurable product added without any options (from a listing): go choose them."""


@dataclass(frozen=True, slots=True)
class CartLine:
    id: int
    product: Product
    choices: tuple[Choice, ...]
    options: tuple[tuple[str, str], ...]  # ("Size", "M"), ("Color", "Blue")
    qty: int

    @property
    def price(self) -> int:
        return self.product.final_price

    @property
    def row_total(self) -> int:
        return self.price * self.qty


@dataclass(frozen=True, slots=True)
class Cart:
    id: int | None
    lines: tuple[CartLine, ...]

    @property
    def subtotal(self) -> int:
        return sum(line.row_total for line in self.lines)

    @property
    def items_qty(self) -> int:
        return sum(line.qty for line in self.lines)

    @property
    def is_empty(self) -> bool:
        return not self.lines


def parse_qty(text: str | None, *, field: str = "qty") -> int:
    """A posted quantity; CartError with Magento's message when it is not a positive count."""
    value = (text or "").strip()
    if not value:
        raise CartError(QTY_POSITIVE, field)
    try:
        number = float(value)
    except ValueError:
        raise CartError(QTY_NUMBER, field) from None
    if not math.isfinite(number):
        raise CartError(QTY_NUMBER, field)
    if number <= 0:
        raise CartError(QTY_POSITIVE, field)
    if number != int(number):
        raise CartError(QTY_NUMBER, field)
    if number > MAX_QTY:
        raise CartError(QTY_UNAVAILABLE, field)
    return int(number)


def parse_choices(form: Mapping[str, str], groups: list[OptionGroup]) -> tuple[Choice, ...]:
    """The `super_attribute[<id>]` choices of a form, checked against the product's options."""
    posted = {
        int(match.group(1)): value.strip()
        for key, value in form.items()
        if (match := _SUPER_ATTRIBUTE.match(key))
    }
    if groups and not posted:
        raise OptionsMissing("You need to choose options for your item.")
    choices: list[Choice] = []
    for group in groups:
        value = posted.get(group.attribute_id, "")
        if not value.isdigit() or group.value(int(value)) is None:
            raise CartError(REQUIRED, group.field_name)
        choices.append((group.attribute_id, int(value)))
    return tuple(choices)


def cart_id(db: sqlite3.Connection, session: ShopSession, *, create: bool = False) -> int | None:
    """The session's cart: the customer's when signed in, else the guest's."""
    if session.customer_id is not None:
        row = db.execute(
            "SELECT id FROM cart WHERE customer_id = ?", (session.customer_id,)
        ).fetchone()
    else:
        row = db.execute("SELECT id FROM cart WHERE session_id = ?", (session.id,)).fetchone()
    if row is not None:
        return int(row["id"])
    if not create:
        return None
    cursor = db.execute(
        "INSERT INTO cart (customer_id, session_id, updated_at) VALUES (?, ?, ?)",
        (
            session.customer_id,
            None if session.customer_id is not None else session.id,
            _now(),
        ),
    )
    return int(cursor.lastrowid or 0)


def load_cart(db: sqlite3.Connection, session: ShopSession) -> Cart:
    found = cart_id(db, session)
    if found is None:
        return Cart(None, ())
    rows = db.execute(
        "SELECT id, product_id, options, qty FROM cart_item WHERE cart_id = ? ORDER BY id",
        (found,),
    ).fetchall()
    products = products_by_ids(db, (int(r["product_id"]) for r in rows))
    lines = []
    for row in rows:
        product = products.get(int(row["product_id"]))
        if product is None:
            continue
        choices = decode_options(str(row["options"]))
        lines.append(
            CartLine(
                int(row["id"]), product, choices, describe_choices(db, choices), int(row["qty"])
            )
        )
    return Cart(found, tuple(lines))


def add_product(
    db: sqlite3.Connection,
    session: ShopSession,
    product: Product,
    qty: int,
    choices: tuple[Choice, ...],
) -> None:
    """Add `qty` of the product with these options; CartError when stock does not allow it."""
    if not product.in_stock:
        raise CartError(NOT_AVAILABLE)
    cart = load_cart(db, session)
    already = sum(line.qty for line in cart.lines if line.product.id == product.id)
    if already + qty > product.qty:
        raise CartError(QTY_UNAVAILABLE, "qty")
    found = cart_id(db, session, create=True)
    encoded = encode_options(choices)
    existing = next(
        (line for line in cart.lines if line.product.id == product.id and line.choices == choices),
        None,
    )
    if existing is not None:
        db.execute("UPDATE cart_item SET qty = qty + ? WHERE id = ?", (qty, existing.id))
    else:
        db.execute(
            "INSERT INTO cart_item (cart_id, product_id, options, qty) VALUES (?, ?, ?, ?)",
            (found, product.id, encoded, qty),
        )
    db.execute("UPDATE cart SET updated_at = ? WHERE id = ?", (_now(), found))


def update_quantities(
    db: sqlite3.Connection, session: ShopSession, posted: Mapping[int, str]
) -> None:
    """Set each line's quantity (0 removes it); all or nothing."""
    cart = load_cart(db, session)
    lines = {line.id: line for line in cart.lines}
    wanted: dict[int, int] = {}
    for item_id, text in posted.items():
        if item_id not in lines:
            continue
        field = f"cart[{item_id}][qty]"
        wanted[item_id] = 0 if text.strip() in ("0", "0.0") else parse_qty(text, field=field)
    for product_id in {lines[i].product.id for i in wanted}:
        total = sum(
            wanted.get(line.id, line.qty) for line in cart.lines if line.product.id == product_id
        )
        product = next(lines[i].product for i in wanted if lines[i].product.id == product_id)
        if total > product.qty:
            raise CartError(f"{QTY_UNAVAILABLE} for {product.name}")
    for item_id, qty in wanted.items():
        if qty == 0:
            db.execute("DELETE FROM cart_item WHERE id = ?", (item_id,))
        else:
            db.execute("UPDATE cart_item SET qty = ? WHERE id = ?", (qty, item_id))


def remove_line(db: sqlite3.Connection, session: ShopSession, item_id: int) -> bool:
    found = cart_id(db, session)
    if found is None:
        return False
    cursor = db.execute("DELETE FROM cart_item WHERE id = ? AND cart_id = ?", (item_id, found))
    return cursor.rowcount == 1


def empty_cart(db: sqlite3.Connection, cart: int) -> None:
    db.execute("DELETE FROM cart_item WHERE cart_id = ?", (cart,))


def merge_guest_cart(db: sqlite3.Connection, session: ShopSession, customer_id: int) -> None:
    """On sign-in, the guest's lines join the customer's cart (Magento merges quotes)."""
    row = db.execute("SELECT id FROM cart WHERE session_id = ?", (session.id,)).fetchone()
    if row is None:
        return
    guest = int(row["id"])
    own = db.execute("SELECT id FROM cart WHERE customer_id = ?", (customer_id,)).fetchone()
    if own is None:
        db.execute(
            "UPDATE cart SET customer_id = ?, session_id = NULL WHERE id = ?", (customer_id, guest)
        )
        return
    target = int(own["id"])
    for item in db.execute(
        "SELECT product_id, options, qty FROM cart_item WHERE cart_id = ?", (guest,)
    ).fetchall():
        same = db.execute(
            "SELECT id FROM cart_item WHERE cart_id = ? AND product_id = ? AND options = ?",
            (target, item["product_id"], item["options"]),
        ).fetchone()
        if same:
            db.execute("UPDATE cart_item SET qty = qty + ? WHERE id = ?", (item["qty"], same["id"]))
        else:
            db.execute(
                "INSERT INTO cart_item (cart_id, product_id, options, qty) VALUES (?, ?, ?, ?)",
                (target, item["product_id"], item["options"], item["qty"]),
            )
    db.execute("DELETE FROM cart_item WHERE cart_id = ?", (guest,))
    db.execute("DELETE FROM cart WHERE id = ?", (guest,))


def add_with_options(
    db: sqlite3.Connection,
    session: ShopSession,
    product: Product,
    form: Mapping[str, str],
) -> int:
    """Validate a posted add-to-cart form and add; returns the quantity added."""
    choices = parse_choices(form, option_groups(db, product.id))
    qty = parse_qty(form.get("qty", "1"))
    add_product(db, session, product, qty, choices)
    return qty


def _now() -> str:
    return datetime.now().isoformat(sep=" ", timespec="seconds")
