"""Tasks that ask to reach a page."""

from __future__ import annotations

from .book import (
    NOTHING,
    SHOP,
    TaskBook,
    answer,
    choose,
    click,
    expects,
    fill,
    goto,
    open_order,
    open_product,
    request,
)
from .seed_facts import Seed


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
