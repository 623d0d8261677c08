"""Tasks that change the shop: carts, wish list, reviews, address, newsletter, orders."""

from __future__ import annotations

from .book import (
    CUSTOMER_ID,
    EMAIL,
    NOTHING,
    SHOP,
    Json,
    Step,
    TaskBook,
    answer,
    checkout,
    choose,
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
