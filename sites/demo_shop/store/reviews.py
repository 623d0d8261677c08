"""Product reviews: the approved ones a product page lists, a customer's own, new ones.

Magento's review form posts `ratings[4]` (rating 4 is "Rating") with option ids 16-20 for
one to five stars; new reviews wait for moderation (status pending) and are not listed on
the product page until approved.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from ..urls import product_url

RATING_FIELD = "ratings[4]"
RATING_OPTIONS = {16: 1, 17: 2, 18: 3, 19: 4, 20: 5}


@dataclass(frozen=True, slots=True)
class Review:
    id: int
    product_id: int
    product_name: str
    product_url_key: str
    nickname: str
    title: str
    detail: str
    rating: int
    status: str
    created_at: str

    @property
    def percent(self) -> int:
        return self.rating * 20

    @property
    def product_url(self) -> str:
        return product_url(self.product_url_key)


_SELECT = """SELECT r.*, p.name AS product_name, p.url_key AS product_url_key
FROM review r JOIN product p ON p.id = r.product_id"""


def _review(row: sqlite3.Row) -> Review:
    return Review(
        id=int(row["id"]),
        product_id=int(row["product_id"]),
        product_name=str(row["product_name"]),
        product_url_key=str(row["product_url_key"]),
        nickname=str(row["nickname"]),
        title=str(row["title"]),
        detail=str(row["detail"]),
        rating=int(row["rating"]),
        status=str(row["status"]),
        created_at=str(row["created_at"]),
    )


def product_reviews(db: sqlite3.Connection, product_id: int) -> list[Review]:
    """Approved reviews, newest first (as Magento lists them)."""
    rows = db.execute(
        _SELECT + " WHERE r.product_id = ? AND r.status = 'approved'"
        " ORDER BY r.created_at DESC, r.id DESC",
        (product_id,),
    )
    return [_review(r) for r in rows]


def customer_reviews(db: sqlite3.Connection, customer_id: int) -> list[Review]:
    rows = db.execute(
        _SELECT + " WHERE r.customer_id = ? ORDER BY r.created_at DESC, r.id DESC",
        (customer_id,),
    )
    return [_review(r) for r in rows]


def customer_review(db: sqlite3.Connection, customer_id: int, review_id: int) -> Review | None:
    row = db.execute(
        _SELECT + " WHERE r.id = ? AND r.customer_id = ?", (review_id, customer_id)
    ).fetchone()
    return _review(row) if row else None


def rating_from_option(value: str) -> int | None:
    """Stars for a posted rating option id (`"20"` -> 5), None when it is not one."""
    return RATING_OPTIONS.get(int(value)) if value.strip().isdigit() else None


def add_review(
    db: sqlite3.Connection,
    product_id: int,
    customer_id: int | None,
    *,
    nickname: str,
    title: str,
    detail: str,
    rating: int,
) -> int:
    cursor = db.execute(
        """INSERT INTO review (product_id, customer_id, nickname, title, detail, rating,
                               status, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)""",
        (
            product_id,
            customer_id,
            nickname,
            title,
            detail,
            rating,
            datetime.now().isoformat(sep=" ", timespec="seconds"),
        ),
    )
    return int(cursor.lastrowid or 0)
