"""Tasks that ask for facts: orders, products, reviews, the account."""

from __future__ import annotations

import json

from .book import (
    DATES,
    MONEY,
    NUMBERS,
    STRINGS,
    TaskBook,
    answer,
    click,
    expect,
    expects,
    goto,
    open_order,
    open_product,
)
from .seed_facts import Seed, money, month_name


def retrieve_tasks(book: TaskBook, seed: Seed) -> None:
    template = "What is the grand total of order #{{order}}?"
    for number in (180, 149, 186):
        order = seed.order(number)
        data = [money(order["grand_total"])]
        book.add(
            template,
            {"order": f"{number:09d}"},
            [expects(answer("RETRIEVE", data=data), MONEY)],
            open_order(number),
            answer("RETRIEVE", data=data),
        )
    template = "What is the status of my order #{{order}}?"
    for number in (169, 186):
        status = str(seed.order(number)["status"]).capitalize()
        book.add(
            template,
            {"order": f"{number:09d}"},
            [expects(answer("RETRIEVE", data=[status]), STRINGS)],
            [*open_order(number), expect(f"Status: {status}")],
            answer("RETRIEVE", data=[status]),
        )
    template = (
        "How much did I spend on shopping at One Stop Market in {{month}}? "
        "Do not count canceled orders."
    )
    for month in ("2022-10", "2023-05"):
        spent = sum(
            order["grand_total"]
            for order in seed.orders()
            if str(order["created_at"]).startswith(month) and order["status"] != "canceled"
        )
        label = month_name(month + "-01")
        data = [money(spent)]
        book.add(
            template,
            {"month": label},
            [expects(answer("RETRIEVE", data=data), MONEY)],
            [goto("/sales/order/history/?limit=50")],
            answer("RETRIEVE", data=data),
        )
    first = seed.orders()[0]
    book.add(
        "When did I make my first purchase on this site?",
        {},
        [expects(answer("RETRIEVE", data=[str(first["created_at"])[:10]]), DATES)],
        [goto("/sales/order/history/?limit=50"), expect(f"{first['id']:09d}")],
        answer("RETRIEVE", data=[str(first["created_at"])[:10]]),
    )
    _bought_option_tasks(book, seed)
    _product_fact_tasks(book, seed)
    _account_fact_tasks(book, seed)


def _bought_option_tasks(book: TaskBook, seed: Seed) -> None:
    template = "What {{option}} of the {{product}} did I buy in {{month}}?"
    item = seed.rows("SELECT * FROM order_item WHERE order_id = 149 AND product_id = 43")[0]
    chosen = dict(json.loads(item["options"]))
    month = month_name(seed.order(149)["created_at"])
    for option, attribute in (("size", 144), ("color", 93)):
        label = seed.option_label(chosen[attribute])
        book.add(
            template,
            {"option": option, "product": item["name"], "month": month},
            [expects(answer("RETRIEVE", data=[label]), STRINGS)],
            [*open_order(149), expect(label)],
            answer("RETRIEVE", data=[label]),
        )
    template = "What products did I buy in order #{{order}}?"
    names = [str(row["name"]) for row in seed.items(149)]
    book.add(
        template,
        {"order": "000000149"},
        [expects(answer("RETRIEVE", data=names), STRINGS)],
        open_order(149),
        answer("RETRIEVE", data=names),
    )
    template = "How many orders did I cancel in {{year}}?"
    canceled = [
        o for o in seed.orders() if o["status"] == "canceled" and str(o["created_at"]) < "2023"
    ]
    book.add(
        template,
        {"year": 2022},
        [expects(answer("RETRIEVE", data=[len(canceled)]), NUMBERS)],
        [goto("/sales/order/history/?limit=50")],
        answer("RETRIEVE", data=[len(canceled)]),
    )
    template = (
        "Which of my orders placed in {{year}} has the highest grand total? Give the order number."
    )
    top = max(
        (o for o in seed.orders() if str(o["created_at"]).startswith("2022")),
        key=lambda o: o["grand_total"],
    )
    data = [[f"{top['id']:09d}", str(top["id"])]]
    book.add(
        template,
        {"year": 2022},
        [expects(answer("RETRIEVE", data=data), STRINGS)],
        [goto("/sales/order/history/?limit=50")],
        answer("RETRIEVE", data=[f"{top['id']:09d}"]),
    )


def _product_fact_tasks(book: TaskBook, seed: Seed) -> None:
    for product_id in (211, 88):
        product = seed.product(product_id)
        data = [money(product["special_price"] or product["price"])]
        book.add(
            "What is the price of the {{product}}?",
            {"product": product["name"]},
            [expects(answer("RETRIEVE", data=data), MONEY)],
            open_product(product["name"]),
            answer("RETRIEVE", data=data),
        )
    for product_id, label in ((211, "Item Weight"), (88, "Model Number")):
        product = seed.product(product_id)
        value = str(
            seed.one(
                "SELECT value FROM product_attribute WHERE product_id = ? AND label = ?",
                product_id,
                label,
            )["value"]
        )
        book.add(
            "What is the {{attribute}} of the {{product}}, according to its product page?",
            {"attribute": label.lower(), "product": product["name"]},
            [expects(answer("RETRIEVE", data=[value]), STRINGS)],
            [*open_product(product["name"]), click("tab", "More Information"), expect(value)],
            answer("RETRIEVE", data=[value]),
        )
    product = seed.product(98)
    book.add(
        "What is the SKU of the {{product}}?",
        {"product": product["name"]},
        [expects(answer("RETRIEVE", data=[product["sku"]]), STRINGS)],
        open_product(product["name"]),
        answer("RETRIEVE", data=[product["sku"]]),
    )
    template = "Get name(s) of reviewer(s) who mention {{description}} for the {{product}}"
    for product_id, phrase, description in (
        (88, "ear cups are small", "ear cups being small"),
        (98, "battery drains fast", "the battery draining fast"),
        (197, "arrived broken", "the product arriving broken"),
    ):
        product = seed.product(product_id)
        names = seed.reviewers(product_id, phrase)
        reviews = seed.one(
            "SELECT count(*) AS n FROM review WHERE product_id = ? AND status = 'approved'",
            product_id,
        )["n"]
        book.add(
            template,
            {"description": description, "product": product["name"]},
            [expects(answer("RETRIEVE", data=names), STRINGS)],
            [*open_product(product["name"]), click("tab", f"Reviews ({reviews})")],
            answer("RETRIEVE", data=names),
        )
    product = seed.product(98)
    count = seed.one(
        "SELECT count(*) AS n FROM review WHERE product_id = 98 AND status = 'approved'"
    )["n"]
    book.add(
        "How many reviews does the {{product}} have?",
        {"product": product["name"]},
        [expects(answer("RETRIEVE", data=[count]), NUMBERS)],
        open_product(product["name"]),
        answer("RETRIEVE", data=[count]),
    )


def _account_fact_tasks(book: TaskBook, seed: Seed) -> None:
    names = [
        str(row["name"])
        for row in seed.rows(
            "SELECT p.name FROM wishlist_item w JOIN product p ON p.id = w.product_id "
            "WHERE w.customer_id = 27 ORDER BY w.id"
        )
    ]
    book.add(
        "List the products in my wish list.",
        {},
        [expects(answer("RETRIEVE", data=names), STRINGS)],
        [goto("/wishlist/")],
        answer("RETRIEVE", data=names),
    )
    address = seed.one("SELECT * FROM address WHERE id = 26")
    book.add(
        "What is the phone number of my default shipping address?",
        {},
        [expects(answer("RETRIEVE", data=[address["telephone"]]), STRINGS)],
        [goto("/customer/address/"), expect(address["telephone"])],
        answer("RETRIEVE", data=[address["telephone"]]),
    )
