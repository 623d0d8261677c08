"""Tasks that cannot be done: the right answer is an error status."""

from __future__ import annotations

from .book import (
    NOTHING,
    SHOP,
    TaskBook,
    answer,
    click,
    expect,
    expects,
    fill,
    goto,
    open_order,
    open_product,
    request,
)
from .seed_facts import Seed


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
