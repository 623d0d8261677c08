"""Customer accounts: signing in, the account's names and default addresses."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from ..passwords import verify_password


@dataclass(frozen=True, slots=True)
class Customer:
    id: int
    email: str
    firstname: str
    lastname: str
    default_billing: int | None
    default_shipping: int | None

    @property
    def name(self) -> str:
        return f"{self.firstname} {self.lastname}"


def _customer(row: sqlite3.Row) -> Customer:
    return Customer(
        id=int(row["id"]),
        email=str(row["email"]),
        firstname=str(row["firstname"]),
        lastname=str(row["lastname"]),
        default_billing=None if row["default_billing"] is None else int(row["default_billing"]),
        default_shipping=None if row["default_shipping"] is None else int(row["default_shipping"]),
    )


def get_customer(db: sqlite3.Connection, customer_id: int) -> Customer | None:
    row = db.execute("SELECT * FROM customer WHERE id = ?", (customer_id,)).fetchone()
    return _customer(row) if row else None


def authenticate(db: sqlite3.Connection, email: str, password: str) -> Customer | None:
    """The customer with this e-mail (any case) and password, else None."""
    row = db.execute(
        "SELECT * FROM customer WHERE lower(email) = lower(?)", (email.strip(),)
    ).fetchone()
    if row is None or not verify_password(password, str(row["password_hash"])):
        return None
    return _customer(row)


def update_name(db: sqlite3.Connection, customer_id: int, firstname: str, lastname: str) -> None:
    db.execute(
        "UPDATE customer SET firstname = ?, lastname = ? WHERE id = ?",
        (firstname, lastname, customer_id),
    )


def set_default_addresses(
    db: sqlite3.Connection, customer_id: int, address_id: int, *, billing: bool, shipping: bool
) -> None:
    if billing:
        db.execute(
            "UPDATE customer SET default_billing = ? WHERE id = ?", (address_id, customer_id)
        )
    if shipping:
        db.execute(
            "UPDATE customer SET default_shipping = ? WHERE id = ?", (address_id, customer_id)
        )
