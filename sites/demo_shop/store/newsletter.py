"""Newsletter subscriptions (by e-mail, linked to a customer when there is one) and the
messages sent through the contact form.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime


def _now() -> str:
    return datetime.now().isoformat(sep=" ", timespec="seconds")


def is_subscribed(db: sqlite3.Connection, email: str) -> bool:
    row = db.execute(
        "SELECT subscribed FROM newsletter_subscriber WHERE lower(email) = lower(?)", (email,)
    ).fetchone()
    return bool(row and row["subscribed"])


def set_subscription(
    db: sqlite3.Connection, email: str, customer_id: int | None, subscribed: bool
) -> None:
    db.execute(
        """INSERT INTO newsletter_subscriber (email, customer_id, subscribed, changed_at)
           VALUES (lower(?), ?, ?, ?)
           ON CONFLICT (email) DO UPDATE SET subscribed = excluded.subscribed,
               customer_id = COALESCE(excluded.customer_id, customer_id),
               changed_at = excluded.changed_at""",
        (email, customer_id, int(subscribed), _now()),
    )


def customer_id_for(db: sqlite3.Connection, email: str) -> int | None:
    row = db.execute("SELECT id FROM customer WHERE lower(email) = lower(?)", (email,)).fetchone()
    return int(row["id"]) if row else None


def save_contact_message(
    db: sqlite3.Connection, name: str, email: str, telephone: str, comment: str
) -> None:
    db.execute(
        """INSERT INTO contact_message (name, email, telephone, comment, created_at)
           VALUES (?, ?, ?, ?, ?)""",
        (name, email, telephone, comment, _now()),
    )
