"""A customer's wish list: products saved for later."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from .catalog import Product, products_by_ids


@dataclass(frozen=True, slots=True)
class WishlistItem:
    id: int
    product: Product
    added_at: str


def wishlist_items(db: sqlite3.Connection, customer_id: int) -> list[WishlistItem]:
    rows = db.execute(
        "SELECT id, product_id, added_at FROM wishlist_item WHERE customer_id = ? ORDER BY id",
        (customer_id,),
    ).fetchall()
    products = products_by_ids(db, (int(r["product_id"]) for r in rows))
    return [
        WishlistItem(int(r["id"]), products[int(r["product_id"])], str(r["added_at"]))
        for r in rows
        if int(r["product_id"]) in products
    ]


def add_to_wishlist(db: sqlite3.Connection, customer_id: int, product_id: int) -> bool:
    """Add the product; False when it was already there."""
    cursor = db.execute(
        """INSERT OR IGNORE INTO wishlist_item (customer_id, product_id, added_at)
           VALUES (?, ?, ?)""",
        (customer_id, product_id, datetime.now().isoformat(sep=" ", timespec="seconds")),
    )
    return cursor.rowcount == 1


def find_item(db: sqlite3.Connection, customer_id: int, item_id: int) -> WishlistItem | None:
    return next((i for i in wishlist_items(db, customer_id) if i.id == item_id), None)


def remove_item(db: sqlite3.Connection, customer_id: int, item_id: int) -> None:
    db.execute("DELETE FROM wishlist_item WHERE id = ? AND customer_id = ?", (item_id, customer_id))
