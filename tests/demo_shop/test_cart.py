"""Add to Cart (by fetch and by plain form), the mini-cart data, the cart page."""

from __future__ import annotations

import re
from base64 import b64encode

import pytest

from tests.demo_shop.conftest import (
    Shop,
    add_url,
    configurable_product,
    product_url,
    simple_product,
)


def cart_lines(shop: Shop) -> list[tuple[int, int, str]]:
    return shop.rows("SELECT product_id, qty, options FROM cart_item ORDER BY id")


def test_add_by_fetch_answers_json_and_fills_the_cart(shop: Shop) -> None:
    product = simple_product(shop)
    name = shop.value("SELECT name FROM product WHERE id = ?", product)
    answer = shop.xhr(add_url(product), {"product": str(product), "item": str(product), "qty": "2"})
    assert answer.status_code == 200
    assert answer.json["message"] == f"You added {name} to your shopping cart."
    assert answer.json["cart"]["summary_count"] == 2
    assert cart_lines(shop) == [(product, 2, "[]")]
    section = shop.get("/customer/section/load/?sections=cart").json
    assert section["cart"]["summary_count"] == 2
    assert section["cart"]["items"][0]["product_name"] == name
    assert section["cart"]["subtotal"].startswith("$")


def test_adding_again_merges_the_line(shop: Shop) -> None:
    product = simple_product(shop)
    for _ in range(2):
        shop.xhr(add_url(product), {"product": str(product), "qty": "1"})
    assert cart_lines(shop) == [(product, 2, "[]")]


def test_add_with_options(shop: Shop) -> None:
    product, choice = configurable_product(shop)
    answer = shop.xhr(add_url(product), {"product": str(product), "qty": "1", **choice})
    assert answer.status_code == 200, answer.json
    assert cart_lines(shop)[0][2] == (
        f"[[144, {choice['super_attribute[144]']}], [93, {choice['super_attribute[93]']}]]"
    )
    cart = shop.get("/checkout/cart/").text
    assert re.search(r'class="item-options">Size: [^,<]+, Color: \w+</p>', cart)


@pytest.mark.parametrize(
    ("fields", "message", "field"),
    [
        ({"qty": "0"}, "Please enter a quantity greater than 0.", "qty"),
        ({"qty": "-3"}, "Please enter a quantity greater than 0.", "qty"),
        ({"qty": ""}, "Please enter a quantity greater than 0.", "qty"),
        ({"qty": "abc"}, "Please enter a valid number in this field.", "qty"),
        ({"qty": "1.5"}, "Please enter a valid number in this field.", "qty"),
        ({"qty": "nan"}, "Please enter a valid number in this field.", "qty"),
        ({"qty": "100000"}, "The requested qty is not available", "qty"),
        ({"qty": "9999"}, "The requested qty is not available", "qty"),
    ],
)
def test_bad_quantities_are_400_and_change_nothing(
    shop: Shop, fields: dict[str, str], message: str, field: str
) -> None:
    product = simple_product(shop)
    answer = shop.xhr(add_url(product), {"product": str(product), **fields})
    assert answer.status_code == 400
    assert answer.json == {"message": message, "field": field}
    assert cart_lines(shop) == []


def test_missing_or_wrong_option_is_a_required_field(shop: Shop) -> None:
    product, choice = configurable_product(shop)
    partial = dict(choice)
    partial["super_attribute[93]"] = ""
    answer = shop.xhr(add_url(product), {"product": str(product), "qty": "1", **partial})
    assert answer.status_code == 400
    assert answer.json == {"message": "This is a required field.", "field": "super_attribute[93]"}
    wrong = {**choice, "super_attribute[144]": "49"}  # a colour's id given as a size
    assert shop.xhr(add_url(product), {"product": str(product), **wrong}).status_code == 400
    assert cart_lines(shop) == []


def test_options_missing_entirely_send_to_the_product_page(shop: Shop) -> None:
    product, _ = configurable_product(shop)
    answer = shop.xhr(add_url(product), {"product": str(product), "qty": "1"})
    assert answer.status_code == 200
    assert answer.json == {"backUrl": product_url(shop, product)}
    assert "You need to choose options for your item." in shop.messages()


def test_out_of_stock_and_unknown_products(shop: Shop) -> None:
    sold_out = shop.value(
        "SELECT id FROM product WHERE qty = 0 AND id NOT IN (SELECT product_id FROM product_option)"
    )
    answer = shop.xhr(add_url(sold_out), {"product": str(sold_out), "qty": "1"})
    assert answer.status_code == 400
    assert "not available" in answer.json["message"]
    assert shop.xhr(add_url(999999), {"product": "999999", "qty": "1"}).status_code == 404
    assert shop.xhr("/checkout/cart/add/", {"product": "abc"}).status_code == 404


def test_stock_counts_what_is_already_in_the_cart(shop: Shop) -> None:
    product = simple_product(shop)
    stock = shop.value("SELECT qty FROM product WHERE id = ?", product)
    assert (
        shop.xhr(add_url(product), {"product": str(product), "qty": str(stock)}).status_code == 200
    )
    again = shop.xhr(add_url(product), {"product": str(product), "qty": "1"})
    assert again.status_code == 400
    assert again.json["message"] == "The requested qty is not available"


def test_plain_form_add_redirects_back_with_a_message(shop: Shop) -> None:
    product = simple_product(shop)
    page = product_url(shop, product)
    uenc = b64encode(f"http://localhost{page}".encode()).decode().replace("=", ",")
    answer = shop.post(
        f"/checkout/cart/add/uenc/{uenc}/product/{product}/", {"product": str(product), "qty": "1"}
    )
    assert answer.status_code == 302
    assert answer.headers["Location"] == page
    assert "to your shopping cart." in shop.messages()
    bad = shop.post(
        f"/checkout/cart/add/uenc/{uenc}/product/{product}/", {"product": str(product), "qty": "0"}
    )
    assert bad.status_code == 302
    assert "Please enter a quantity greater than 0." in shop.messages()


def test_wrong_form_key_is_refused(shop: Shop) -> None:
    product = simple_product(shop)
    answer = shop.client.post(
        add_url(product),
        data={"product": str(product), "qty": "1", "form_key": "wrong"},
        headers={"X-Requested-With": "XMLHttpRequest"},
    )
    assert answer.status_code == 400
    assert answer.json["message"] == "Invalid Form Key. Please refresh the page."
    plain = shop.post(add_url(product), {"product": str(product)}, form_key=False)
    assert plain.status_code == 302
    assert "Invalid Form Key" in shop.messages()
    assert cart_lines(shop) == []


def test_cart_page_update_and_remove(shop: Shop) -> None:
    assert "You have no items in your shopping cart." in shop.get("/checkout/cart/").text
    first = simple_product(shop)
    second = int(
        shop.value(
            "SELECT id FROM product WHERE qty >= 5 AND id > ? AND id NOT IN"
            " (SELECT product_id FROM product_option) ORDER BY id",
            first,
        )
    )
    for product in (first, second):
        shop.xhr(add_url(product), {"product": str(product), "qty": "1"})
    items = [i for (i,) in shop.rows("SELECT id FROM cart_item ORDER BY id")]
    page = shop.get("/checkout/cart/").text
    assert f'name="cart[{items[0]}][qty]"' in page
    assert "Update Shopping Cart" in page
    assert "Proceed to Checkout" in page
    assert "Remove item" in page
    updated = shop.post(
        "/checkout/cart/updatePost/", {f"cart[{items[0]}][qty]": "3", f"cart[{items[1]}][qty]": "1"}
    )
    assert updated.status_code == 302
    assert updated.headers["Location"] == "/checkout/cart/"
    assert shop.value("SELECT qty FROM cart_item WHERE id = ?", items[0]) == 3
    # a bad quantity anywhere changes nothing
    shop.post(
        "/checkout/cart/updatePost/",
        {f"cart[{items[0]}][qty]": "5", f"cart[{items[1]}][qty]": "-1"},
    )
    assert "Please enter a quantity greater than 0." in shop.messages()
    assert shop.value("SELECT qty FROM cart_item WHERE id = ?", items[0]) == 3
    removed = shop.post("/checkout/cart/delete/", {"id": str(items[1])})
    assert removed.status_code == 302
    assert [i for (i,) in shop.rows("SELECT id FROM cart_item")] == [items[0]]
    shop.post("/checkout/cart/delete/", {"id": "nope"})
    assert "We can't remove the item." in shop.messages()
    shop.post("/checkout/cart/updatePost/", {f"cart[{items[0]}][qty]": "0"})
    assert "You have no items in your shopping cart." in shop.get("/checkout/cart/").text


def test_clear_shopping_cart(shop: Shop) -> None:
    product = simple_product(shop)
    shop.xhr(add_url(product), {"product": str(product), "qty": "1"})
    shop.post("/checkout/cart/updatePost/", {"update_cart_action": "empty_cart"})
    assert cart_lines(shop) == []


def test_the_guest_cart_follows_the_customer_after_sign_in(shop: Shop) -> None:
    product = simple_product(shop)
    shop.xhr(add_url(product), {"product": str(product), "qty": "2"})
    shop.sign_in()
    assert shop.rows(
        "SELECT c.customer_id, i.qty FROM cart c JOIN cart_item i ON i.cart_id = c.id"
    ) == [(27, 2)]
    assert shop.get("/customer/section/load/?sections=cart").json["cart"]["summary_count"] == 2
    shop.get("/customer/account/logout/")
    assert shop.get("/customer/section/load/?sections=cart").json["cart"]["summary_count"] == 0
    shop.sign_in()
    assert shop.get("/customer/section/load/?sections=cart").json["cart"]["summary_count"] == 2


def test_sections_endpoint(shop: Shop) -> None:
    assert shop.get("/customer/section/load/").json == {
        "cart": {
            "summary_count": 0,
            "subtotalAmount": 0.0,
            "subtotal": "$0.00",
            "possible_onepage_checkout": False,
            "items": [],
        },
        "customer": {},
    }
    shop.sign_in()
    assert shop.get("/customer/section/load/?sections=customer").json == {
        "customer": {"fullname": "Emma Lopez", "firstname": "Emma"}
    }
