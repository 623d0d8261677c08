"""The seed: deterministic, as rich as tasks need, consistent, and restored by a reset."""

from __future__ import annotations

import sqlite3
import urllib.request
from datetime import date
from pathlib import Path
from types import ModuleType

from tests.demo_shop.conftest import Shop, simple_product
from webagent.sites import Site, start_site

TABLES = (
    "category", "attribute", "attribute_option", "product", "product_attribute",
    "product_option", "region", "customer", "address", "review", "sales_order",
    "order_address", "order_item", "wishlist_item", "newsletter_subscriber",
)  # fmt: skip


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as connection:
        return {
            t: connection.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES
        }


def test_two_builds_are_identical(package: ModuleType, tmp_path: Path) -> None:
    package.seed.build(tmp_path / "a.sqlite")
    package.seed.build(tmp_path / "b.sqlite")
    first, second = dump(tmp_path / "a.sqlite"), dump(tmp_path / "b.sqlite")
    assert first == second
    assert dump(package.seed.seed_file()) == first  # the cached copy is that same build


def test_catalogue_size_and_shape(shop: Shop) -> None:
    assert shop.value("SELECT COUNT(*) FROM product") >= 320
    tops = shop.rows("SELECT id, name FROM category WHERE parent_id IS NULL")
    assert len(tops) >= 8
    for top_id, name in tops:
        children = shop.value("SELECT COUNT(*) FROM category WHERE parent_id = ?", top_id)
        assert children >= 2, name
    assert shop.value("SELECT COUNT(*) FROM product WHERE qty = 0") >= 10
    assert shop.value("SELECT COUNT(*) FROM product WHERE special_price IS NOT NULL") >= 20
    assert shop.value("SELECT COUNT(*) FROM product WHERE special_price >= price") == 0
    # every product has a "More Information" table and a unique URL key and SKU
    assert (
        shop.value(
            "SELECT COUNT(*) FROM product p WHERE NOT EXISTS "
            "(SELECT 1 FROM product_attribute a WHERE a.product_id = p.id)"
        )
        == 0
    )
    assert shop.value("SELECT COUNT(DISTINCT url_key) FROM product") == shop.value(
        "SELECT COUNT(*) FROM product"
    )


def test_clothing_and_shoes_need_a_size_and_a_colour(shop: Shop) -> None:
    rows = shop.rows(
        """SELECT c.url_path, COUNT(DISTINCT o.attribute_id) FROM product p
           JOIN category c ON c.id = p.category_id
           JOIN product_option o ON o.product_id = p.id
           WHERE c.url_path LIKE 'clothing-shoes-jewelry/%/%' GROUP BY p.id"""
    )
    assert rows
    assert {count for _, count in rows} == {2}
    assert shop.rows("SELECT id, label FROM attribute ORDER BY id") == [
        (93, "Color"),
        (144, "Size"),
    ]


def test_reviews_and_their_summary(shop: Shop) -> None:
    counts = [n for (n,) in shop.rows(
        "SELECT COUNT(r.id) FROM product p LEFT JOIN review r ON r.product_id = p.id GROUP BY p.id"
    )]  # fmt: skip
    assert min(counts) == 0
    assert max(counts) == 12
    assert sum(1 for n in counts if n) > len(counts) // 2
    reviewers = {
        nickname
        for (nickname,) in shop.rows(
            "SELECT nickname FROM review WHERE detail LIKE '%the ear cups are small%'"
            " AND product_id = (SELECT MIN(p.id) FROM product p JOIN category c"
            " ON c.id = p.category_id WHERE c.name = 'Headphones')"
        )
    }
    assert reviewers == {"Catso", "Dibbins", "Anglebert Dinkherhump", "Michelle Davis"}


def test_emma_and_her_account(shop: Shop) -> None:
    assert shop.rows(
        "SELECT id, firstname, lastname, default_billing, default_shipping FROM customer "
        "WHERE email = 'emma.lopez@gmail.com'"
    ) == [(27, "Emma", "Lopez", 26, 26)]
    assert [a for (a,) in shop.rows("SELECT id FROM address WHERE customer_id = 27")] == [
        26,
        28,
        29,
    ]
    assert shop.value("SELECT COUNT(*) FROM wishlist_item WHERE customer_id = 27") == 4
    assert (
        shop.value("SELECT COUNT(*) FROM review WHERE customer_id = 27 AND nickname = 'Emma'") == 4
    )
    assert (
        shop.rows("SELECT * FROM newsletter_subscriber WHERE email = 'emma.lopez@gmail.com'") == []
    )


def test_emmas_orders(shop: Shop) -> None:
    orders = shop.rows(
        "SELECT id, status, created_at FROM sales_order WHERE customer_id = 27 ORDER BY id"
    )
    ids = [o[0] for o in orders]
    assert ids == list(range(148, 148 + len(ids)))
    assert len(ids) >= 30
    dates = [date.fromisoformat(o[2][:10]) for o in orders]
    assert dates == sorted(dates)
    assert {d.year for d in dates} == {2022, 2023}
    assert len({(d.year, d.month) for d in dates}) >= 12
    assert {o[1] for o in orders} == {"complete", "canceled", "pending", "processing", "closed"}
    assert orders[-1][1] == "pending"
    items = shop.rows(
        "SELECT order_id, COUNT(*) FROM order_item WHERE order_id >= 148 GROUP BY order_id"
    )
    assert {n for _, n in items} <= {1, 2, 3, 4}
    assert (
        shop.value("SELECT COUNT(*) FROM order_item WHERE options != '[]' AND order_id >= 148") > 0
    )


def test_every_order_adds_up(shop: Shop) -> None:
    bad = shop.rows(
        """SELECT o.id FROM sales_order o JOIN
             (SELECT order_id, SUM(price * qty) AS sub, SUM(qty) AS n, SUM(row_total) AS rows
              FROM order_item GROUP BY order_id) i ON i.order_id = o.id
           WHERE o.subtotal != i.sub OR o.subtotal != i.rows OR o.total_qty != i.n
              OR o.shipping_amount != 500 * i.n
              OR o.grand_total != o.subtotal + o.shipping_amount"""
    )
    assert bad == []
    assert shop.value("SELECT COUNT(*) FROM sales_order") == shop.value(
        "SELECT COUNT(DISTINCT order_id) FROM order_item"
    )
    assert shop.value("SELECT COUNT(*) FROM order_address") == 2 * shop.value(
        "SELECT COUNT(*) FROM sales_order"
    )


def test_reset_restores_the_seed(site: Site, emma: Shop) -> None:
    before = dump(emma.db_path)
    product = simple_product(emma)
    emma.xhr(f"/checkout/cart/add/product/{product}/", {"product": str(product), "qty": "1"})
    emma.post("/wishlist/index/add/", {"product": str(product)})
    emma.post(
        "/review/product/post/id/1/",
        {"ratings[4]": "20", "nickname": "E", "title": "T", "detail": "D"},
    )
    emma.post("/newsletter/manage/save/", {"is_subscribed": "1"})
    address = {
        "firstname": "E", "lastname": "L", "street[0]": "1 Main St", "city": "Chicago",
        "region_id": "23", "postcode": "60601", "country_id": "US", "telephone": "555",
    }  # fmt: skip
    emma.post("/customer/address/formPost/id/26/", address)
    emma.rows("UPDATE sales_order SET status = 'canceled' WHERE id = 189")
    assert dump(emma.db_path) != before
    site.reset_database(emma.db_path)
    assert dump(emma.db_path) == before
    assert emma.value("SELECT COUNT(*) FROM cart_item") == 0
    assert emma.value("SELECT COUNT(*) FROM session") == 0


def test_the_facts_the_readme_documents(shop: Shop) -> None:
    """Task files are written against these; a change to the seed must be deliberate."""
    assert shop.value("SELECT COUNT(*) FROM product") == 349
    totals = dict(shop.rows("SELECT id, grand_total FROM sales_order WHERE id IN (148, 180, 189)"))
    assert totals == {148: 5199, 180: 7990, 189: 6798}
    canceled = shop.rows(
        "SELECT id FROM sales_order WHERE customer_id = 27 AND status = 'canceled'"
    )
    assert [i for (i,) in canceled] == [158, 159, 160, 161, 162, 169, 170, 177]
    assert (
        shop.value(
            "SELECT SUM(grand_total) FROM sales_order"
            " WHERE customer_id = 27 AND status = 'complete'"
        )
        == 245751
    )
    wished = shop.rows("SELECT product_id FROM wishlist_item WHERE customer_id = 27 ORDER BY 1")
    assert [p for (p,) in wished] == [24, 49, 211, 348]
    planted = {
        product: shop.value(
            "SELECT COUNT(*) FROM review WHERE product_id = ? AND detail LIKE ?",
            product,
            f"%{fact}%",
        )
        for product, fact in (
            (88, "ear cups are small"),
            (98, "battery drains fast"),
            (197, "cracked panel"),
        )
    }
    assert planted == {88: 4, 98: 3, 197: 2}


def test_a_saved_state_is_put_back_whole_while_the_site_runs(tmp_path: Path) -> None:
    """What the oracle runner does between tasks: the seed state with a session in it is
    kept once, then put back instead of a reset (which would end the session)."""
    with start_site("demo_shop", db=tmp_path / "shop.sqlite", reset=True) as server:
        with sqlite3.connect(server.db) as db:
            db.execute(
                "INSERT INTO session (id, form_key, data, updated_at) "
                "VALUES ('kept', 'k', '{}', '2026-11-27 00:00:00')"
            )
        server.save_state(tmp_path / "kept.sqlite")
        with sqlite3.connect(server.db) as db:
            db.execute("DELETE FROM session")
            db.execute("UPDATE sales_order SET status = 'canceled' WHERE id = 189")
        changed = dump(server.db)
        server.restore_state(tmp_path / "kept.sqlite")
        after = dump(server.db)
        assert after != changed
        with sqlite3.connect(server.db) as db:
            assert db.execute("SELECT id FROM session").fetchall() == [("kept",)]
            (status,) = db.execute("SELECT status FROM sales_order WHERE id = 189").fetchone()
        assert status != "canceled"
        with urllib.request.urlopen(server.url + "/customer/account/login/") as page:
            assert page.status == 200
