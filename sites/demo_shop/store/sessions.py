"""Server-side sessions, named by the `PHPSESSID` cookie as Magento's are.

A session holds who is signed in, the form key rendered into every form, the messages to
show on the next page, the checkout choices made so far and the last order placed. It lives
in the shop's database, so a reset signs everybody out.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import string
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from .addresses import AddressFields

COOKIE = "PHPSESSID"
_KEY_ALPHABET = string.ascii_letters + string.digits


@dataclass
class Message:
    kind: str  # success | error | notice
    text: str


@dataclass
class CheckoutState:
    """What the customer chose in the checkout steps so far."""

    shipping_address_id: int | None = None
    shipping_address: AddressFields | None = None  # a new address not kept in the book
    shipping_method: str | None = None
    payment_method: str | None = None
    billing_same: bool = True
    billing_address_id: int | None = None


@dataclass
class ShopSession:
    id: str
    form_key: str
    customer_id: int | None = None
    messages: list[Message] = field(default_factory=list)
    checkout: CheckoutState = field(default_factory=CheckoutState)
    last_order_id: int | None = None
    after_login: str | None = None
    form_data: dict[str, str] = field(default_factory=dict)
    is_new: bool = False

    def add_message(self, kind: str, text: str) -> None:
        self.messages.append(Message(kind, text))

    def take_messages(self) -> list[Message]:
        taken, self.messages = self.messages, []
        return taken


def new_session() -> ShopSession:
    return ShopSession(
        id=secrets.token_hex(16),
        form_key="".join(secrets.choice(_KEY_ALPHABET) for _ in range(16)),
        is_new=True,
    )


def load_session(db: sqlite3.Connection, session_id: str | None) -> ShopSession:
    """The session the cookie names, or a new one when it names none."""
    if not session_id:
        return new_session()
    row = db.execute(
        "SELECT id, customer_id, form_key, data FROM session WHERE id = ?", (session_id,)
    ).fetchone()
    if row is None:
        return new_session()
    data = _decode(str(row["data"]))
    return ShopSession(
        id=str(row["id"]),
        form_key=str(row["form_key"]),
        customer_id=None if row["customer_id"] is None else int(row["customer_id"]),
        messages=[Message(str(m["kind"]), str(m["text"])) for m in data.get("messages", [])],
        checkout=_checkout(data.get("checkout")),
        last_order_id=data.get("last_order_id"),
        after_login=data.get("after_login"),
        form_data={str(k): str(v) for k, v in (data.get("form_data") or {}).items()},
    )


def save_session(db: sqlite3.Connection, session: ShopSession) -> None:
    data = {
        "messages": [asdict(m) for m in session.messages],
        "checkout": asdict(session.checkout),
        "last_order_id": session.last_order_id,
        "after_login": session.after_login,
        "form_data": session.form_data,
    }
    db.execute(
        """INSERT INTO session (id, customer_id, form_key, data, updated_at)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET customer_id = excluded.customer_id,
               form_key = excluded.form_key, data = excluded.data,
               updated_at = excluded.updated_at""",
        (
            session.id,
            session.customer_id,
            session.form_key,
            json.dumps(data),
            datetime.now().isoformat(timespec="seconds"),
        ),
    )


def _checkout(raw: object) -> CheckoutState:
    if not isinstance(raw, dict):
        return CheckoutState()
    address = raw.pop("shipping_address", None)
    try:
        return CheckoutState(
            **raw, shipping_address=AddressFields(**address) if isinstance(address, dict) else None
        )
    except TypeError:  # saved by another version of the shop
        return CheckoutState()


def _decode(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
