"""Addresses: the form Magento posts (`street[0]`, `region_id`, `country_id`, ...), its
validation, and the customer's address book.

`parse_address_form` is pure: it reads the posted fields and returns either the address or
the message to show next to each wrong field.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import astuple, dataclass, fields

COUNTRIES = {"US": "United States", "CA": "Canada"}
REQUIRED = "This is a required field."
MAX_LENGTH = 255

# Form field name -> AddressFields attribute, in the form's order.
FORM_FIELDS = {
    "firstname": "firstname",
    "lastname": "lastname",
    "company": "company",
    "telephone": "telephone",
    "street[0]": "street1",
    "street[1]": "street2",
    "city": "city",
    "region_id": "region_id",
    "region": "region",
    "postcode": "postcode",
    "country_id": "country_id",
}
_REQUIRED_FIELDS = (
    "firstname",
    "lastname",
    "telephone",
    "street[0]",
    "city",
    "postcode",
    "country_id",
)


@dataclass(frozen=True, slots=True)
class Region:
    id: int
    country_id: str
    code: str
    name: str


@dataclass(frozen=True, slots=True)
class AddressFields:
    firstname: str
    lastname: str
    company: str
    street1: str
    street2: str
    city: str
    region_id: int | None
    region: str
    postcode: str
    country_id: str
    telephone: str

    @property
    def name(self) -> str:
        return f"{self.firstname} {self.lastname}"

    @property
    def country(self) -> str:
        return COUNTRIES.get(self.country_id, self.country_id)

    @property
    def street(self) -> list[str]:
        return [line for line in (self.street1, self.street2) if line]

    def lines(self) -> list[str]:
        """The address as Magento prints it, one line each."""
        lines = [self.name]
        if self.company:
            lines.append(self.company)
        lines.extend(self.street)
        lines.append(f"{self.city}, {self.region}, {self.postcode}")
        lines.append(self.country)
        lines.append(f"T: {self.telephone}")
        return lines

    def one_line(self) -> str:
        return ", ".join(self.lines())

    def form_values(self) -> dict[str, str]:
        """The posted form that would give this address."""
        values = {name: getattr(self, attr) for name, attr in FORM_FIELDS.items()}
        return {k: "" if v is None else str(v) for k, v in values.items()}


@dataclass(frozen=True, slots=True)
class Address:
    id: int
    customer_id: int
    fields: AddressFields


def regions(db: sqlite3.Connection) -> list[Region]:
    rows = db.execute(
        "SELECT id, country_id, code, name FROM region ORDER BY country_id DESC, name"
    )
    return [
        Region(int(r["id"]), str(r["country_id"]), str(r["code"]), str(r["name"])) for r in rows
    ]


def parse_address_form(
    form: Mapping[str, str], known_regions: list[Region]
) -> tuple[AddressFields | None, dict[str, str]]:
    """The address a form describes, or None and an error message per wrong field."""
    values = {name: form.get(name, "").strip() for name in FORM_FIELDS}
    errors: dict[str, str] = {}
    for name in _REQUIRED_FIELDS:
        if not values[name]:
            errors[name] = REQUIRED
    for name, value in values.items():
        if len(value) > MAX_LENGTH:
            errors[name] = f"Please enter less or equal than {MAX_LENGTH} symbols."
    country = values["country_id"]
    if country and country not in COUNTRIES:
        errors["country_id"] = "Please select an option."
    region = _region(values["region_id"], values["region"], country, known_regions)
    if region is None and "country_id" not in errors:
        errors["region_id"] = "Please select a region, state or province."
    if errors:
        return None, errors
    assert region is not None
    return (
        AddressFields(
            firstname=values["firstname"],
            lastname=values["lastname"],
            company=values["company"],
            street1=values["street[0]"],
            street2=values["street[1]"],
            city=values["city"],
            region_id=region.id,
            region=region.name,
            postcode=values["postcode"],
            country_id=country,
            telephone=values["telephone"],
        ),
        {},
    )


def _region(region_id: str, region_text: str, country: str, known: list[Region]) -> Region | None:
    """The chosen region: by id, else by the typed name or code (e.g. `IL`, `Illinois`)."""
    candidates = [r for r in known if r.country_id == country]
    if region_id.isdigit():
        found = next((r for r in candidates if r.id == int(region_id)), None)
        if found is not None:
            return found
    text = region_text.casefold()
    if text:
        return next((r for r in candidates if text in (r.name.casefold(), r.code.casefold())), None)
    return None


def _address(row: sqlite3.Row) -> Address:
    return Address(
        id=int(row["id"]),
        customer_id=int(row["customer_id"]),
        fields=AddressFields(
            firstname=str(row["firstname"]),
            lastname=str(row["lastname"]),
            company=str(row["company"]),
            street1=str(row["street1"]),
            street2=str(row["street2"]),
            city=str(row["city"]),
            region_id=None if row["region_id"] is None else int(row["region_id"]),
            region=str(row["region"]),
            postcode=str(row["postcode"]),
            country_id=str(row["country_id"]),
            telephone=str(row["telephone"]),
        ),
    )


def customer_addresses(db: sqlite3.Connection, customer_id: int) -> list[Address]:
    rows = db.execute("SELECT * FROM address WHERE customer_id = ? ORDER BY id", (customer_id,))
    return [_address(r) for r in rows]


def get_address(db: sqlite3.Connection, customer_id: int, address_id: int) -> Address | None:
    row = db.execute(
        "SELECT * FROM address WHERE id = ? AND customer_id = ?", (address_id, customer_id)
    ).fetchone()
    return _address(row) if row else None


def save_address(
    db: sqlite3.Connection, customer_id: int, address: AddressFields, address_id: int | None = None
) -> int:
    """Update address `address_id`, or add a new one; returns its id."""
    names = [f.name for f in fields(AddressFields)]
    values = astuple(address)
    if address_id is not None:
        assignments = ", ".join(f"{n} = ?" for n in names)
        db.execute(
            f"UPDATE address SET {assignments} WHERE id = ? AND customer_id = ?",
            (*values, address_id, customer_id),
        )
        return address_id
    cursor = db.execute(
        f"INSERT INTO address (customer_id, {', '.join(names)}) "
        f"VALUES (?, {', '.join('?' for _ in names)})",
        (customer_id, *values),
    )
    return int(cursor.lastrowid or 0)


def delete_address(db: sqlite3.Connection, customer_id: int, address_id: int) -> None:
    db.execute("DELETE FROM address WHERE id = ? AND customer_id = ?", (address_id, customer_id))
