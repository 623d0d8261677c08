"""The catalogue as the pages need it: the category tree, products with their rating summary,
their options and "More Information" attributes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from ..options import Choice
from ..urls import category_url, product_url


@dataclass(frozen=True, slots=True)
class Category:
    id: int
    parent_id: int | None
    name: str
    url_path: str
    position: int
    description: str

    @property
    def url(self) -> str:
        return category_url(self.url_path)


class CategoryTree:
    """All categories, navigable both ways (menus, breadcrumbs, anchor listings)."""

    def __init__(self, categories: Iterable[Category]) -> None:
        self._by_id = {c.id: c for c in categories}
        self._by_path = {c.url_path: c for c in self._by_id.values()}
        self._children: dict[int | None, list[Category]] = {}
        for category in sorted(self._by_id.values(), key=lambda c: (c.position, c.id)):
            self._children.setdefault(category.parent_id, []).append(category)

    @property
    def roots(self) -> list[Category]:
        return self._children.get(None, [])

    def children(self, category_id: int) -> list[Category]:
        return self._children.get(category_id, [])

    def get(self, category_id: int) -> Category | None:
        return self._by_id.get(category_id)

    def by_path(self, url_path: str) -> Category | None:
        return self._by_path.get(url_path)

    def ancestors(self, category_id: int) -> list[Category]:
        """The category's ancestors and itself, top level first."""
        chain: list[Category] = []
        current = self._by_id.get(category_id)
        while current is not None:
            chain.append(current)
            current = self._by_id.get(current.parent_id) if current.parent_id else None
        return chain[::-1]

    def subtree_ids(self, category_id: int) -> set[int]:
        """The category and every category below it (Magento's anchor categories)."""
        found = {category_id}
        for child in self.children(category_id):
            found |= self.subtree_ids(child.id)
        return found


@dataclass(frozen=True, slots=True)
class Product:
    """A product with what listings show: price, stock, rating summary, filterable facts."""

    id: int
    sku: str
    name: str
    url_key: str
    category_id: int
    price: int
    special_price: int | None
    qty: int
    brand: str
    colors: tuple[str, ...]
    short_description: str
    description: str
    created_at: str
    review_count: int
    rating_sum: int
    configurable: bool

    @property
    def url(self) -> str:
        return product_url(self.url_key)

    @property
    def final_price(self) -> int:
        return self.special_price if self.special_price is not None else self.price

    @property
    def in_stock(self) -> bool:
        return self.qty > 0

    @property
    def rating_percent(self) -> int:
        """Magento's rating summary: the average of the reviews' stars, as a percentage."""
        if not self.review_count:
            return 0
        return round(self.rating_sum * 20 / self.review_count)


@dataclass(frozen=True, slots=True)
class OptionValue:
    id: int
    label: str


@dataclass(frozen=True, slots=True)
class OptionGroup:
    """A configurable attribute of one product (`super_attribute[93]`) and its values."""

    attribute_id: int
    code: str
    label: str
    values: tuple[OptionValue, ...]

    @property
    def field_name(self) -> str:
        return f"super_attribute[{self.attribute_id}]"

    def value(self, option_id: int) -> OptionValue | None:
        return next((v for v in self.values if v.id == option_id), None)


_PRODUCT_SELECT = """
SELECT p.id, p.sku, p.name, p.url_key, p.category_id, p.price, p.special_price, p.qty,
       p.brand, p.color, p.short_description, p.description, p.created_at,
       (SELECT COUNT(*) FROM review r WHERE r.product_id = p.id AND r.status = 'approved')
           AS review_count,
       (SELECT COALESCE(SUM(r.rating), 0) FROM review r
            WHERE r.product_id = p.id AND r.status = 'approved') AS rating_sum,
       (SELECT GROUP_CONCAT(o.label, '|') FROM product_option po
            JOIN attribute_option o ON o.id = po.option_id
            WHERE po.product_id = p.id AND po.attribute_id = 93) AS option_colors,
       EXISTS (SELECT 1 FROM product_option po WHERE po.product_id = p.id) AS configurable
FROM product p
"""


def _product(row: sqlite3.Row) -> Product:
    colors: tuple[str, ...] = ()
    if row["option_colors"]:
        colors = tuple(str(row["option_colors"]).split("|"))
    elif row["color"]:
        colors = (str(row["color"]),)
    return Product(
        id=int(row["id"]),
        sku=str(row["sku"]),
        name=str(row["name"]),
        url_key=str(row["url_key"]),
        category_id=int(row["category_id"]),
        price=int(row["price"]),
        special_price=None if row["special_price"] is None else int(row["special_price"]),
        qty=int(row["qty"]),
        brand=str(row["brand"]),
        colors=colors,
        short_description=str(row["short_description"]),
        description=str(row["description"]),
        created_at=str(row["created_at"]),
        review_count=int(row["review_count"]),
        rating_sum=int(row["rating_sum"]),
        configurable=bool(row["configurable"]),
    )


def load_tree(db: sqlite3.Connection) -> CategoryTree:
    rows = db.execute(
        "SELECT id, parent_id, name, url_path, position, description FROM category"
    ).fetchall()
    return CategoryTree(
        Category(
            int(r["id"]),
            None if r["parent_id"] is None else int(r["parent_id"]),
            str(r["name"]),
            str(r["url_path"]),
            int(r["position"]),
            str(r["description"]),
        )
        for r in rows
    )


def all_products(db: sqlite3.Connection) -> list[Product]:
    return [_product(r) for r in db.execute(_PRODUCT_SELECT + " ORDER BY p.id")]


def products_in(db: sqlite3.Connection, category_ids: set[int]) -> list[Product]:
    marks = ",".join("?" for _ in category_ids)
    rows = db.execute(
        _PRODUCT_SELECT + f" WHERE p.category_id IN ({marks}) ORDER BY p.id",
        sorted(category_ids),
    )
    return [_product(r) for r in rows]


def featured_products(db: sqlite3.Connection) -> list[Product]:
    rows = db.execute(_PRODUCT_SELECT + " WHERE p.featured = 1 ORDER BY p.id")
    return [_product(r) for r in rows]


def products_by_ids(db: sqlite3.Connection, ids: Iterable[int]) -> dict[int, Product]:
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    marks = ",".join("?" for _ in wanted)
    rows = db.execute(_PRODUCT_SELECT + f" WHERE p.id IN ({marks})", wanted)
    return {p.id: p for p in map(_product, rows)}


def product_by_id(db: sqlite3.Connection, product_id: int) -> Product | None:
    row = db.execute(_PRODUCT_SELECT + " WHERE p.id = ?", (product_id,)).fetchone()
    return _product(row) if row else None


def product_by_url_key(db: sqlite3.Connection, url_key: str) -> Product | None:
    row = db.execute(_PRODUCT_SELECT + " WHERE p.url_key = ?", (url_key,)).fetchone()
    return _product(row) if row else None


def option_groups(db: sqlite3.Connection, product_id: int) -> list[OptionGroup]:
    """The product's configurable attributes, size before colour, values in attribute order."""
    rows = db.execute(
        """SELECT a.id AS attribute_id, a.code, a.label AS attribute_label,
                  o.id AS option_id, o.label AS option_label
           FROM product_option po
           JOIN attribute a ON a.id = po.attribute_id
           JOIN attribute_option o ON o.id = po.option_id
           WHERE po.product_id = ?
           ORDER BY a.code = 'color', o.position""",
        (product_id,),
    ).fetchall()
    groups: dict[int, OptionGroup] = {}
    for row in rows:
        attribute_id = int(row["attribute_id"])
        value = OptionValue(int(row["option_id"]), str(row["option_label"]))
        group = groups.get(attribute_id)
        groups[attribute_id] = OptionGroup(
            attribute_id,
            str(row["code"]),
            str(row["attribute_label"]),
            (*group.values, value) if group else (value,),
        )
    return list(groups.values())


def product_attributes(db: sqlite3.Connection, product_id: int) -> list[tuple[str, str]]:
    rows = db.execute(
        "SELECT label, value FROM product_attribute WHERE product_id = ? ORDER BY position",
        (product_id,),
    )
    return [(str(r["label"]), str(r["value"])) for r in rows]


def describe_choices(
    db: sqlite3.Connection, choices: tuple[Choice, ...]
) -> tuple[tuple[str, str], ...]:
    """`((93, 50),)` -> `(("Color", "Blue"),)`, in the order given."""
    described: list[tuple[str, str]] = []
    for attribute_id, option_id in choices:
        row = db.execute(
            """SELECT a.label AS attribute, o.label AS option FROM attribute_option o
               JOIN attribute a ON a.id = o.attribute_id WHERE a.id = ? AND o.id = ?""",
            (attribute_id, option_id),
        ).fetchone()
        if row:
            described.append((str(row["attribute"]), str(row["option"])))
    return tuple(described)
