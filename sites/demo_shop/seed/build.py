"""Write the whole seed state into a new SQLite file: schema, catalogue, reviews, sales.

Each part draws from its own `Random`, seeded by a fixed string, so a change to one part's
vocabulary leaves the others as they were.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

from .catalog import Catalog, build_catalog
from .regions import region_rows
from .reviews import build_reviews
from .rows import ReviewRow
from .sales import build_sales
from .spec import load_catalog, load_people

SEED = "one-stop-market-2023"
SCHEMA = Path(__file__).parent.parent / "schema.sql"
FEATURED_PER_TOP = 1


def build(path: Path) -> None:
    """Create `path` (which must not exist) holding the seed state."""
    catalog_spec = load_catalog()
    people = load_people()
    catalog = build_catalog(catalog_spec, Random(f"{SEED}:catalog"))
    reviews = build_reviews(catalog, people.reviews, people.planted, Random(f"{SEED}:reviews"))
    regions = region_rows()
    sales = build_sales(
        catalog,
        people,
        Random(f"{SEED}:sales"),
        regions=regions,
        first_review_id=len(reviews) + 1,
    )
    all_reviews = reviews + sales.reviews
    _mark_featured(catalog, all_reviews)
    connection = sqlite3.connect(path)
    try:
        connection.executescript(SCHEMA.read_text(encoding="utf-8"))
        tables: list[tuple[str, Sequence[object]]] = [
            ("category", catalog.categories),
            ("attribute", catalog.attributes),
            ("attribute_option", catalog.attribute_options),
            ("product", catalog.products),
            ("product_attribute", catalog.product_attributes),
            ("product_option", catalog.product_options),
            ("region", regions),
            ("customer", sales.customers),
            ("address", sales.addresses),
            ("review", all_reviews),
            ("sales_order", sales.orders),
            ("order_address", sales.order_addresses),
            ("order_item", sales.order_items),
            ("wishlist_item", sales.wishlist),
            ("newsletter_subscriber", sales.subscribers),
        ]
        for table, rows in tables:
            _insert(connection, table, rows)
        connection.commit()
    finally:
        connection.close()


def _insert(connection: sqlite3.Connection, table: str, rows: Sequence[Any]) -> None:
    if not rows:
        return
    columns = [f.name for f in dataclasses.fields(rows[0])]
    marks = ", ".join("?" for _ in columns)
    connection.executemany(
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
        [dataclasses.astuple(row) for row in rows],
    )


def _mark_featured(catalog: Catalog, reviews: list[ReviewRow]) -> None:
    """Feature, per top category, the in-stock product with the most reviews (rated 4+)."""
    counts: dict[int, list[int]] = {}
    for review in reviews:
        counts.setdefault(review.product_id, []).append(review.rating)
    best: dict[int, list[tuple[int, int]]] = {}
    for product in catalog.products:
        ratings = counts.get(product.id, [])
        if product.qty == 0 or not ratings or sum(ratings) < 4 * len(ratings):
            continue
        top = catalog.top_category(product.category_id)
        best.setdefault(top, []).append((-len(ratings), product.id))
    featured = {pid for picks in best.values() for _, pid in sorted(picks)[:FEATURED_PER_TOP]}
    catalog.products = [
        dataclasses.replace(p, featured=1) if p.id in featured else p for p in catalog.products
    ]
