"""Questions about the seed database that task authors ask (read-only)."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any


class Seed:
    """Read-only questions about the seed database."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row

    def rows(self, sql: str, *args: Any) -> list[sqlite3.Row]:
        return self.db.execute(sql, args).fetchall()

    def one(self, sql: str, *args: Any) -> sqlite3.Row:
        row: sqlite3.Row | None = self.db.execute(sql, args).fetchone()
        assert row is not None, sql
        return row

    def product(self, product_id: int) -> sqlite3.Row:
        return self.one("SELECT * FROM product WHERE id = ?", product_id)

    def order(self, number: int) -> sqlite3.Row:
        return self.one("SELECT * FROM sales_order WHERE id = ?", number)

    def orders(self) -> list[sqlite3.Row]:
        return self.rows("SELECT * FROM sales_order WHERE customer_id = 27 ORDER BY id")

    def items(self, number: int) -> list[sqlite3.Row]:
        return self.rows("SELECT * FROM order_item WHERE order_id = ? ORDER BY id", number)

    def option_label(self, option_id: int) -> str:
        return str(self.one("SELECT label FROM attribute_option WHERE id = ?", option_id)["label"])

    def option_id(self, attribute: int, label: str) -> int:
        row = self.one(
            "SELECT id FROM attribute_option WHERE attribute_id = ? AND label = ?", attribute, label
        )
        return int(row["id"])

    def reviewers(self, product_id: int, phrase: str) -> list[str]:
        rows = self.rows(
            "SELECT nickname FROM review WHERE product_id = ? AND status = 'approved' "
            "AND lower(detail) LIKE ? ORDER BY id",
            product_id,
            f"%{phrase.lower()}%",
        )
        return [str(row["nickname"]) for row in rows]


def money(cents: int) -> float:
    return round(cents / 100, 2)


def month_name(stamp: str) -> str:
    return datetime.fromisoformat(stamp).strftime("%B %Y")
