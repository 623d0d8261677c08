"""Write `tasks.json` (WebArena-Verified format) and `oracle.json` from the seed data.

    .venv/bin/python sites/demo_shop/make_tasks.py

Every expected answer is read from a freshly built seed database, so tasks and data cannot
drift apart; a test rebuilds both files and compares them with the committed ones. Intents
are phrased the way WebArena's shopping tasks are. Each task comes with its oracle: steps
that name elements by role and name (resolved on the live page), and the final response.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
SHOP = "__SHOPPING__"
CUSTOMER_ID = "27"
EMAIL = "emma.lopez@gmail.com"

Json = dict[str, Any]
Step = dict[str, Any]

STRINGS = {"type": "array", "items": {"type": "string"}}
NUMBERS = {"type": "array", "items": {"type": "number"}}
MONEY = {"type": "array", "items": {"type": "number", "format": "currency"}}
DATES = {"type": "array", "items": {"type": "string", "format": "date"}}
NOTHING = {"type": "null"}


# -- the task book ---------------------------------------------------------------------------
@dataclass
class TaskBook:
    """Collects tasks and their oracle solutions, numbering both."""

    tasks: list[Json] = field(default_factory=list)
    solutions: dict[str, Json] = field(default_factory=dict)
    templates: dict[str, int] = field(default_factory=dict)

    def add(  # noqa: PLR0917 - the call sites read as a table of tasks
        self,
        template: str,
        values: Json,
        evals: list[Json],
        steps: list[Step],
        response: Json,
        start: str = SHOP,
    ) -> None:
        template_id = self.templates.setdefault(template, len(self.templates) + 1)
        task_id = len(self.tasks) + 1
        intent = template
        for key, value in values.items():
            intent = intent.replace("{{" + key + "}}", str(value))
        self.tasks.append(
            {
                "sites": ["shopping"],
                "task_id": task_id,
                "intent_template_id": template_id,
                "start_urls": [start],
                "intent": intent,
                "intent_template": template,
                "instantiation_dict": values,
                "eval": evals,
                "revision": 1,
            }
        )
        self.solutions[str(task_id)] = {"steps": steps, "response": response}


def answer(task_type: str, status: str = "SUCCESS", data: list[Any] | None = None) -> Json:
    return {"task_type": task_type, "status": status, "retrieved_data": data}


def expects(response: Json, schema: Json, ordered: bool = False) -> Json:
    """The AgentResponseEvaluator for `response` (expected values may list alternatives)."""
    evaluator: Json = {"evaluator": "AgentResponseEvaluator", "results_schema": schema}
    if ordered:
        evaluator["ordered"] = True
    evaluator["expected"] = {key.lower(): value for key, value in response.items()}
    evaluator["expected"]["task_type"] = response["task_type"].lower()
    return evaluator


def request(url: str, **spec: Any) -> Json:
    """A NetworkEventEvaluator for one request (GET navigation unless said otherwise)."""
    options = {key: spec.pop(key) for key in ("ignored_query_params_patterns",) if key in spec}
    return {"evaluator": "NetworkEventEvaluator", **options, "expected": {"url": url, **spec}}


# -- steps, named the way the pages name things ---------------------------------------------
def goto(path: str) -> Step:
    return {"goto": SHOP + path}


def click(role: str, name: str, *, line: str | None = None, commits: bool = False) -> Step:
    target: Json = {"role": role, "name": name}
    if line is not None:
        target["line_contains"] = line
    step: Step = {"click": target}
    if commits:
        step["commits"] = True
    return step


def fill(role: str, name: str, text: str, *, enter: bool = False) -> Step:
    return {"type": {"role": role, "name": name}, "text": text, "enter": enter}


def choose(name: str, option: str) -> Step:
    return {"select": {"role": "combobox", "name": name}, "option": option}


def expect(text: str) -> Step:
    return {"expect": text}


LOGIN = [
    goto("/customer/account/login/"),
    fill("textbox", "Email", EMAIL),
    fill("textbox", "Password", "Password.123", enter=True),
    expect("Welcome, Emma Lopez!"),
]


def open_order(number: int) -> list[Step]:
    increment = f"{number:09d}"
    return [
        goto("/sales/order/history/?limit=50"),
        click("link", "View Order", line=increment),
        expect(f"Order # {increment}"),
    ]


def open_product(name: str) -> list[Step]:
    return [
        fill("searchbox", "Search", name, enter=True),
        click("link", name),
        expect(name),
    ]


def checkout(payment: str = "Check / Money order") -> list[Step]:
    return [
        goto("/checkout/cart/"),
        click("link", "Proceed to Checkout"),
        click("button", "Next"),
        {"click": {"role": "radio", "name_contains": "Flat Rate - Fixed"}},
        click("button", "Next"),
        click("radio", payment),
        click("button", "Next"),
        click("button", "Place Order", commits=True),
        expect("Thank you for your purchase!"),
    ]


# -- the seed data ---------------------------------------------------------------------------
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


# -- the tasks ---------------------------------------------------------------------------------
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


def unreachable_tasks(book: TaskBook, seed: Seed) -> None:
    """Tasks that cannot be done: the answer is an error status."""
    product = seed.product(88)
    book.add(
        "Get name(s) of reviewer(s) who mention {{description}} for the {{product}}",
        {"description": "the headband snapping", "product": product["name"]},
        [expects(answer("RETRIEVE", "NOT_FOUND_ERROR"), NOTHING)],
        [*open_product(product["name"]), click("tab", "Reviews (6)")],
        answer("RETRIEVE", "NOT_FOUND_ERROR"),
    )
    book.add(
        "What is the grand total of order #{{order}}?",
        {"order": "000000250"},
        [expects(answer("RETRIEVE", "NOT_FOUND_ERROR"), NOTHING)],
        [goto("/sales/order/history/?limit=50")],
        answer("RETRIEVE", "NOT_FOUND_ERROR"),
    )
    book.add(
        "What is the price of the {{product}}?",
        {"product": "Zylotron Hoverboard X9, Self Balancing"},
        [expects(answer("RETRIEVE", "NOT_FOUND_ERROR"), NOTHING)],
        [
            fill("searchbox", "Search", "Zylotron Hoverboard X9", enter=True),
            expect("Your search returned no results."),
        ],
        answer("RETRIEVE", "NOT_FOUND_ERROR"),
    )
    book.add(
        "Open the product page of the {{product}}.",
        {"product": "Zylotron Hoverboard X9, Self Balancing"},
        [expects(answer("NAVIGATE", "NOT_FOUND_ERROR"), NOTHING)],
        [
            fill("searchbox", "Search", "Zylotron", enter=True),
            expect("Your search returned no results."),
        ],
        answer("NAVIGATE", "NOT_FOUND_ERROR"),
    )
    for number, change in (
        (186, "Cancel my order #{{order}}."),
        (
            189,
            "Change the shipping address of my order #{{order}} to 4000 Forbes Ave, "
            "Pittsburgh, PA 15213.",
        ),
    ):
        increment = f"{number:09d}"
        book.add(
            change,
            {"order": increment},
            [
                expects(answer("MUTATE", "ACTION_NOT_ALLOWED_ERROR"), NOTHING),
                request(f"{SHOP}/sales/order/view/order_id/{number}/"),
            ],
            open_order(number),
            answer("MUTATE", "ACTION_NOT_ALLOWED_ERROR"),
        )


def navigate_tasks(book: TaskBook, seed: Seed) -> None:
    navigated = answer("NAVIGATE")
    done = expects(navigated, NOTHING)
    for number in (178, 155):
        book.add(
            "Show me the details of order #{{order}}.",
            {"order": f"{number:09d}"},
            [done, request(f"{SHOP}/sales/order/view/order_id/{number}/")],
            open_order(number),
            navigated,
        )
    for product_id in (197, 43):
        product = seed.product(product_id)
        book.add(
            "Open the product page of the {{product}}.",
            {"product": product["name"]},
            [done, request(f"{SHOP}/{product['url_key']}.html")],
            open_product(product["name"]),
            navigated,
        )
    book.add(
        'Open the search results for "{{query}}".',
        {"query": "wireless earbuds"},
        [done, request(f"{SHOP}/catalogsearch/result/", query_params={"q": ["wireless earbuds"]})],
        [fill("searchbox", "Search", "wireless earbuds", enter=True)],
        navigated,
    )
    book.add(
        'Pull up the page with all "{{query}}" listings sorted by price from high to low.',
        {"query": "headphones"},
        [
            done,
            request(
                f"{SHOP}/catalogsearch/result/index/",
                query_params={
                    "q": ["headphones"],
                    "product_list_order": ["price"],
                    "product_list_dir": ["desc"],
                },
                ignored_query_params_patterns=["^(?!q$|product_list_order$|product_list_dir$).+$"],
            ),
        ],
        [
            fill("searchbox", "Search", "headphones", enter=True),
            choose("Sort By", "Price"),
            click("link", "Set Descending Direction"),
        ],
        navigated,
    )
    book.add(
        'Open the "{{category}}" category page filtered to the {{range}} price range.',
        {"category": "Headphones", "range": "$0.00 - $99.99"},
        [
            done,
            request(f"{SHOP}/electronics/headphones.html", query_params={"price": ["0-100"]}),
        ],
        [
            {"hover": {"role": "link", "name": "Electronics"}},  # the top menu's dropdown
            click("link", "Headphones"),
            {"click": {"role": "link", "name_contains": "$0.00 - $99.99"}},
        ],
        navigated,
    )
    for intent, path, steps in (
        ("Show me my wish list.", "/wishlist/", [click("link", "My Wish List")]),
        (
            "Take me to the page where I can edit my default shipping address.",
            "/customer/address/edit/id/26/",
            [goto("/customer/address/"), click("link", "Change Shipping Address")],
        ),
        (
            "Show me the reviews I have written on this site.",
            "/review/customer/",
            [click("link", "My Account"), click("link", "My Product Reviews")],
        ),
    ):
        book.add(intent, {}, [done, request(SHOP + path)], steps, navigated)
    book.add(
        "Go to page {{page}} of my order history.",
        {"page": 3},
        [done, request(f"{SHOP}/sales/order/history/", query_params={"p": ["3"]})],
        [goto("/sales/order/history/"), click("link", "Page 3")],
        navigated,
    )


def mutate_tasks(book: TaskBook, seed: Seed) -> None:
    mutated = answer("MUTATE")
    done = expects(mutated, NOTHING)
    template = "Add {{qty}} {{product}} in size {{size}} and color {{color}} to my cart."
    for product_id, qty, size, color in ((49, 2, "L", "Navy"), (43, 1, "M", "Blue")):
        product = seed.product(product_id)
        book.add(
            template,
            {"qty": qty, "product": product["name"], "size": size, "color": color},
            [done, _add_to_cart(seed, product_id, qty, size=size, color=color)],
            [*open_product(product["name"]), *_configure(qty, size=size, color=color)],
            mutated,
        )
    product = seed.product(211)
    book.add(
        "Add the {{product}} to my shopping cart.",
        {"product": product["name"]},
        [done, _add_to_cart(seed, 211, 1)],
        [*open_product(product["name"]), click("button", "Add to Cart", commits=True)],
        mutated,
    )
    for product_id in (88, 150):
        product = seed.product(product_id)
        book.add(
            "Add the {{product}} to my wish list.",
            {"product": product["name"]},
            [
                done,
                request(
                    f"{SHOP}/wishlist/index/add/",
                    http_method="POST",
                    post_data={"product": str(product_id)},
                    response_status=302,
                ),
            ],
            [
                *open_product(product["name"]),
                click("button", "Add to Wish List", commits=True),
                expect("has been added to your Wish List"),
            ],
            mutated,
        )
    _review_and_account_tasks(book, seed)
    _order_tasks(book, seed)


def _add_to_cart(
    seed: Seed, product_id: int, qty: int, size: str | None = None, color: str | None = None
) -> Json:
    post: Json = {"qty": str(qty), "item": str(product_id)}
    if size is not None:
        post["super_attribute[144]"] = str(seed.option_id(144, size))
    if color is not None:
        post["super_attribute[93]"] = str(seed.option_id(93, color))
    return request(
        f"^{SHOP}/checkout/cart/add/uenc/.*/product/{product_id}$",
        http_method="POST",
        post_data=post,
    )


def _configure(qty: int, size: str | None = None, color: str | None = None) -> list[Step]:
    steps: list[Step] = []
    if size is not None:
        steps.append(choose("Size", size))
    if color is not None:
        steps.append(choose("Color", color))
    return [
        *steps,
        fill("spinbutton", "Qty", str(qty)),
        click("button", "Add to Cart", commits=True),
        expect("to your shopping cart"),
    ]


def _review_and_account_tasks(book: TaskBook, seed: Seed) -> None:
    mutated = answer("MUTATE")
    done = expects(mutated, NOTHING)
    template = (
        "Rate the {{product}} with {{stars}} stars using my nickname Emma, with the review "
        'title "{{title}}" and the review "{{text}}".'
    )
    for product_id, stars, title, text in (
        (98, 2, "Battery woes", "The battery drains fast, even on standby."),
        (197, 5, "Sturdy shelves", "Easy to assemble and holds all my books."),
    ):
        product = seed.product(product_id)
        label = "1 star" if stars == 1 else f"{stars} stars"
        book.add(
            template,
            {"product": product["name"], "stars": stars, "title": title, "text": text},
            [
                done,
                request(
                    f"{SHOP}/review/product/post/id/{product_id}/",
                    http_method="POST",
                    post_data={
                        "ratings[4]": str(15 + stars),
                        "nickname": "Emma",
                        "title": title,
                        "detail": text,
                    },
                    response_status=302,
                ),
            ],
            [
                *open_product(product["name"]),
                click("link", "Add Your Review"),
                click("radio", label),
                fill("textbox", "Nickname", "Emma"),
                fill("textbox", "Summary", title),
                fill("textbox", "Review", text),
                click("button", "Submit Review", commits=True),
                expect("You submitted your review for moderation."),
            ],
            mutated,
        )
    book.add(
        "I recently moved, my address is {{address}}, update my default shipping address "
        "on One Stop Market accordingly.",
        {"address": "231 Willow Way, Suite 100, Chicago, IL, 60601"},
        [
            done,
            request(
                f"{SHOP}/customer/address/formPost/id/26/",
                http_method="POST",
                post_data={
                    "firstname": "Emma",
                    "lastname": "Lopez",
                    "street[0]": "231 Willow Way",
                    "street[1]": "Suite 100",
                    "city": "Chicago",
                    "postcode": "60601",
                    "country_id": "US",
                    "region_id": "23",
                },
                response_status=302,
            ),
        ],
        [
            goto("/customer/address/"),
            click("link", "Change Shipping Address"),
            fill("textbox", "Street Address", "231 Willow Way"),
            fill("textbox", "Street Address: Line 2", "Suite 100"),
            fill("textbox", "City", "Chicago"),
            choose("State/Province", "Illinois"),
            fill("textbox", "Zip/Postal Code", "60601"),
            click("button", "Save Address", commits=True),
            expect("You saved the address."),
        ],
        mutated,
    )
    book.add(
        "Subscribe to the newsletter of One Stop Market with my email address.",
        {},
        [
            done,
            request(
                f"{SHOP}/newsletter/subscriber/new/",
                http_method="POST",
                post_data={"email": EMAIL},
                response_status=302,
            ),
        ],
        [
            click("button", "Allow Cookies"),  # the cookie bar covers the footer form
            fill("textbox", "Sign Up for Our Newsletter:", EMAIL),
            click("button", "Subscribe", commits=True),
            expect("Thank you for your subscription."),
        ],
        mutated,
    )
    message = "My order 000000188 arrived without the charging dock. Please send it."
    book.add(
        'Fill out the "Contact Us" form with this message: "{{message}}"',
        {"message": message},
        [
            done,
            request(
                f"{SHOP}/contact/index/post",
                http_method="POST",
                post_data={"name": "Emma Lopez", "email": EMAIL, "comment": message},
                response_status=302,
            ),
        ],
        [
            click("link", "Contact Us"),
            fill("textbox", "What\u2019s on your mind?", message),
            click("button", "Submit", commits=True),
            expect("Thanks for contacting us"),
        ],
        mutated,
    )
    product = seed.one(
        "SELECT p.* FROM wishlist_item w JOIN product p ON p.id = w.product_id "
        "WHERE w.customer_id = 27 AND w.product_id = 348"
    )
    item = seed.one("SELECT id FROM wishlist_item WHERE customer_id = 27 AND product_id = 348")
    book.add(
        "Remove the {{product}} from my wish list.",
        {"product": product["name"]},
        [
            done,
            request(
                f"{SHOP}/wishlist/index/remove/",
                http_method="POST",
                post_data={"item": str(item["id"])},
                response_status=302,
            ),
        ],
        [
            goto("/wishlist/"),
            click("button", f"Remove item: {product['name']}", commits=True),
        ],
        mutated,
    )


def _order_tasks(book: TaskBook, seed: Seed) -> None:
    mutated = answer("MUTATE")
    done = expects(mutated, NOTHING)
    paid = request(
        f"{SHOP}/rest/default/V1/carts/mine/payment-information",
        http_method="POST",
        post_data={
            "$.paymentMethod.method": "checkmo",
            "$.billingAddress.customerId": CUSTOMER_ID,
        },
    )
    template = (
        "Buy {{qty}} {{product}}{{options}}, shipped to my default address with flat rate "
        "shipping, and pay by check / money order."
    )
    for product_id, qty, size, color in ((88, 1, None, None), (42, 2, "L", "Pink")):
        product = seed.product(product_id)
        options = f" in size {size} and color {color}" if size and color else ""
        book.add(
            template,
            {"qty": qty, "product": product["name"], "options": options},
            [done, _add_to_cart(seed, product_id, qty, size=size, color=color), paid],
            [
                *open_product(product["name"]),
                *_configure(qty, size=size, color=color),
                *checkout(),
            ],
            mutated,
        )
    book.add(
        "Reorder everything from my order #{{order}}.",
        {"order": "000000180"},
        [
            done,
            request(
                f"{SHOP}/sales/order/reorder/order_id/180/",
                http_method="POST",
                response_status=302,
            ),
        ],
        [*open_order(180), click("button", "Reorder", commits=True)],
        mutated,
    )


def build(seed: Seed) -> TaskBook:
    book = TaskBook()
    for part in (retrieve_tasks, navigate_tasks, mutate_tasks, unreachable_tasks):
        part(book, seed)
    return book


def write(folder: Path = HERE, build_seed: Callable[[Path], None] | None = None) -> TaskBook:
    """Build the seed, then the tasks and oracle files in `folder`."""
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "seed.sqlite"
        (build_seed or _reset)(path)
        book = build(Seed(path))
    (folder / "tasks.json").write_text(json.dumps(book.tasks, indent=2) + "\n", encoding="utf-8")
    oracle = {"login": LOGIN, "tasks": book.solutions}
    (folder / "oracle.json").write_text(json.dumps(oracle, indent=2) + "\n", encoding="utf-8")
    return book


def _reset(path: Path) -> None:
    from webagent.sites import load_site  # the site's own package, however it was imported

    load_site("demo_shop").reset_database(path)


if __name__ == "__main__":
    written = write()
    print(f"wrote {len(written.tasks)} tasks and their oracle solutions to {HERE}")
