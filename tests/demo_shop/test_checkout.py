"""Checkout through its four steps and Place Order's JSON request, and every way it refuses."""

from __future__ import annotations

import json
import re

import pytest

from tests.demo_shop.conftest import Shop, add_url, configurable_product, simple_product

PAYMENT = "/rest/default/V1/carts/mine/payment-information"
BILLING = {
    "customerId": "27",
    "firstname": "Emma",
    "lastname": "Lopez",
    "street": ["101 S San Mateo Dr"],
    "city": "San Mateo",
    "region": "California",
    "regionId": "12",
    "postcode": "94010",
    "countryId": "US",
    "telephone": "6505551212",
}
NEW_ADDRESS = {
    "address_id": "new",
    "firstname": "Emma",
    "lastname": "Lopez",
    "street[0]": "231 Willow Way",
    "street[1]": "Suite 100",
    "city": "Chicago",
    "region_id": "23",
    "postcode": "60601",
    "country_id": "US",
    "telephone": "3125550100",
}


def fill_cart(shop: Shop) -> tuple[int, int]:
    """One simple product (qty 2) and one with size and colour; returns their ids."""
    simple = simple_product(shop)
    shop.xhr(add_url(simple), {"product": str(simple), "qty": "2"})
    configurable, choice = configurable_product(shop)
    shop.xhr(add_url(configurable), {"product": str(configurable), "qty": "1", **choice})
    return simple, configurable


def through_to_review(
    shop: Shop, *, method: str = "flatrate_flatrate", payment: str = "checkmo"
) -> None:
    assert (
        shop.post("/checkout/shipping/", {"address_id": "26"}).headers["Location"]
        == "/checkout/method/"
    )
    assert (
        shop.post("/checkout/method/", {"shipping_method": method}).headers["Location"]
        == "/checkout/payment/"
    )
    answer = shop.post("/checkout/payment/", {"payment_method": payment, "billing_same": "1"})
    assert answer.headers["Location"] == "/checkout/review/"


def test_checkout_end_to_end(emma: Shop) -> None:
    simple, configurable = fill_cart(emma)
    stock = {
        p: emma.value("SELECT qty FROM product WHERE id = ?", p) for p in (simple, configurable)
    }
    assert emma.get("/checkout/").headers["Location"] == "/checkout/shipping/"
    shipping = emma.get("/checkout/shipping/")
    assert shipping.status_code == 200
    assert 'aria-label="Checkout progress"' in shipping.text
    assert 'aria-current="step">1. Shipping' in shipping.text
    assert "101 S San Mateo Dr" in shipping.text
    assert 'value="new"' in shipping.text
    through_to_review(emma)
    review = emma.get("/checkout/review/")
    assert review.status_code == 200
    assert "Place Order" in review.text
    assert "Check / Money order" in review.text
    assert "Flat Rate - Fixed: $15.00" in review.text
    request = re.search(r'id="place-order-request">(.*?)</script>', review.text, re.S)
    assert request
    cart_id = emma.value("SELECT id FROM cart WHERE customer_id = 27")
    totals = emma.get("/rest/default/V1/carts/mine/totals?_=1").json
    assert totals["items_qty"] == 3
    assert totals["shipping_amount"] == 15.0
    answer = emma.post_json(
        PAYMENT,
        {"cartId": str(cart_id), "paymentMethod": {"method": "checkmo"}, "billingAddress": BILLING},
    )
    assert answer.status_code == 200, answer.json
    assert answer.json == "190"
    success = emma.get("/checkout/onepage/success/")
    assert "Thank you for your purchase!" in success.text
    assert "Your order number is: " in success.text
    assert "<strong>000000190</strong>" in success.text
    assert 'href="/sales/order/view/order_id/190/"' in success.text
    history = emma.get("/sales/order/history/").text
    assert history.index("000000190") < history.index("000000189")
    order = emma.get("/sales/order/view/order_id/190/").text
    assert "Order # 000000190" in order
    assert "Pending" in order
    assert "Size" in order
    row = emma.rows(
        "SELECT status, total_qty, subtotal, shipping_amount, grand_total, payment_title"
        " FROM sales_order WHERE id = 190"
    )[0]
    assert row[0] == "pending"
    assert row[1] == 3
    assert row[3] == 1500
    assert row[4] == row[2] + 1500
    assert row[5] == "Check / Money order"
    assert emma.value("SELECT COUNT(*) FROM cart_item") == 0
    assert emma.value("SELECT qty FROM product WHERE id = ?", simple) == stock[simple] - 2
    assert (
        emma.value("SELECT qty FROM product WHERE id = ?", configurable) == stock[configurable] - 1
    )
    assert emma.rows(
        "SELECT kind, street1, city FROM order_address WHERE order_id = 190 ORDER BY kind"
    ) == [
        ("billing", "101 S San Mateo Dr", "San Mateo"),
        ("shipping", "101 S San Mateo Dr", "San Mateo"),
    ]
    # after the order, checkout has nothing to do
    assert emma.get("/checkout/").headers["Location"] == "/checkout/cart/"


def test_new_address_and_cash_on_delivery(emma: Shop) -> None:
    fill_cart(emma)
    saved = emma.post("/checkout/shipping/", {**NEW_ADDRESS, "save_in_address_book": "1"})
    assert saved.status_code == 302
    assert (
        emma.value("SELECT COUNT(*) FROM address WHERE customer_id = 27 AND city = 'Chicago'") == 1
    )
    emma.post("/checkout/method/", {"shipping_method": "tablerate_bestway"})
    emma.post(
        "/checkout/payment/", {"payment_method": "cashondelivery", "billing_address_id": "28"}
    )
    body = {
        "paymentMethod": {"method": "cashondelivery"},
        "billingAddress": {**BILLING, "city": "Oakland"},
    }
    assert emma.post_json(PAYMENT, body).status_code == 200
    assert emma.rows(
        "SELECT payment_title, shipping_description, shipping_amount FROM sales_order"
        " WHERE id = 190"
    ) == [("Cash On Delivery", "Best Way - Table Rate", 1500)]
    assert emma.rows("SELECT kind, city FROM order_address WHERE order_id = 190 ORDER BY kind") == [
        ("billing", "Oakland"),
        ("shipping", "Chicago"),
    ]


def test_place_order_without_scripts(emma: Shop) -> None:
    fill_cart(emma)
    through_to_review(emma)
    answer = emma.post("/checkout/review/")
    assert answer.headers["Location"] == "/checkout/onepage/success/"
    assert emma.value("SELECT status FROM sales_order WHERE id = 190") == "pending"


def test_shipping_form_errors(emma: Shop) -> None:
    fill_cart(emma)
    answer = emma.post(
        "/checkout/shipping/", {**NEW_ADDRESS, "city": "", "postcode": "", "region_id": ""}
    )
    assert answer.status_code == 400
    assert answer.text.count("This is a required field.") == 2
    assert "Please select a region, state or province." in answer.text
    assert 'aria-invalid="true"' in answer.text
    assert 'value="231 Willow Way"' in answer.text  # what was typed stays
    assert emma.post("/checkout/shipping/", {"address_id": "1"}).status_code == 400  # not hers
    assert emma.post("/checkout/shipping/", {}).status_code == 400


def test_free_shipping_only_from_100_dollars(emma: Shop) -> None:
    cheap = emma.value(
        "SELECT id FROM product WHERE qty > 5 AND price < 2000 AND special_price IS NULL"
        " AND id NOT IN (SELECT product_id FROM product_option)"
    )
    emma.xhr(add_url(cheap), {"product": str(cheap), "qty": "1"})
    emma.post("/checkout/shipping/", {"address_id": "26"})
    page = emma.get("/checkout/method/").text
    assert "Flat Rate - Fixed" in page
    assert "Free Shipping" not in page
    assert (
        emma.post("/checkout/method/", {"shipping_method": "freeshipping_freeshipping"}).status_code
        == 400
    )
    dear = emma.value(
        "SELECT id FROM product WHERE qty > 5 AND price > 15000"
        " AND id NOT IN (SELECT product_id FROM product_option)"
    )
    emma.xhr(add_url(dear), {"product": str(dear), "qty": "1"})
    assert "Free Shipping - Free: $0.00" in emma.get("/checkout/method/").text


def test_steps_out_of_order_and_empty_cart(emma: Shop, guest: Shop) -> None:
    for step in ("/checkout/", "/checkout/shipping/", "/checkout/review/"):
        assert emma.get(step).headers["Location"] == "/checkout/cart/"
    fill_cart(emma)
    assert emma.get("/checkout/review/").headers["Location"] == "/checkout/shipping/"
    assert emma.get("/checkout/payment/").headers["Location"] == "/checkout/shipping/"
    emma.post("/checkout/shipping/", {"address_id": "26"})
    assert emma.get("/checkout/review/").headers["Location"] == "/checkout/method/"
    assert emma.post("/checkout/method/", {"shipping_method": "nope"}).status_code == 400
    emma.post("/checkout/method/", {"shipping_method": "flatrate_flatrate"})
    assert emma.get("/checkout/review/").headers["Location"] == "/checkout/payment/"
    bad = emma.post("/checkout/payment/", {"payment_method": "bitcoin"})
    assert bad.status_code == 400
    assert "Please specify a payment method." in bad.text
    no_billing = emma.post("/checkout/payment/", {"payment_method": "checkmo"})
    assert no_billing.status_code == 400
    assert "Please choose a billing address." in no_billing.text
    # a guest is asked to sign in first
    assert guest.get("/checkout/").headers["Location"] == "/customer/account/login/"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("not json", "The request body must be a JSON object."),
        ([], "The request body must be a JSON object."),
        ({"billingAddress": BILLING}, '"paymentMethod" is required. Enter and try again.'),
        (
            {"paymentMethod": {"method": "bitcoin"}, "billingAddress": BILLING},
            "The requested Payment Method is not available.",
        ),
        (
            {
                "paymentMethod": {"method": "checkmo"},
                "billingAddress": {**BILLING, "firstname": ""},
            },
            '"firstname" is required. Enter and try again.',
        ),
        (
            {"paymentMethod": {"method": "checkmo"}, "billingAddress": {**BILLING, "street": []}},
            '"street" is required. Enter and try again.',
        ),
        (
            {"paymentMethod": {"method": "checkmo"}, "billingAddress": "x"},
            '"billingAddress" must be an object.',
        ),
    ],
)
def test_place_order_refusals(emma: Shop, body: object, message: str) -> None:
    fill_cart(emma)
    through_to_review(emma)
    answer = emma.client.post(
        PAYMENT,
        data=body if isinstance(body, str) else json.dumps(body),
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert answer.json == {"message": message}
    assert emma.value("SELECT MAX(id) FROM sales_order") == 189


def test_place_order_needs_the_earlier_steps_and_a_customer(emma: Shop, guest: Shop) -> None:
    body = {"paymentMethod": {"method": "checkmo"}, "billingAddress": BILLING}
    assert emma.post_json(PAYMENT, body).json == {
        "message": "You have no items in your shopping cart."
    }
    fill_cart(emma)
    answer = emma.post_json(PAYMENT, body)
    assert answer.status_code == 400
    assert (
        answer.json["message"] == "The shipping address is missing. Set the address and try again."
    )
    assert guest.post_json(PAYMENT, body).status_code == 401
    assert guest.get("/rest/default/V1/carts/mine/totals").status_code == 401


def test_stock_is_checked_again_when_placing(emma: Shop) -> None:
    simple, _ = fill_cart(emma)
    through_to_review(emma)
    emma.rows("UPDATE product SET qty = 1 WHERE id = ?", simple)
    answer = emma.post_json(PAYMENT, {"paymentMethod": {"method": "checkmo"}})
    assert answer.status_code == 400
    assert answer.json["message"].startswith("The requested qty is not available")
    assert emma.value("SELECT COUNT(*) FROM cart_item") == 2


def test_a_new_address_need_not_join_the_address_book(emma: Shop) -> None:
    fill_cart(emma)
    assert emma.post("/checkout/shipping/", NEW_ADDRESS).headers["Location"] == "/checkout/method/"
    assert emma.value("SELECT COUNT(*) FROM address WHERE customer_id = 27") == 3
    assert "231 Willow Way" in emma.get("/checkout/method/").text
    emma.post("/checkout/method/", {"shipping_method": "flatrate_flatrate"})
    emma.post("/checkout/payment/", {"payment_method": "checkmo", "billing_same": "1"})
    assert emma.post_json(PAYMENT, {"paymentMethod": {"method": "checkmo"}}).json == "190"
    assert emma.rows(
        "SELECT kind, street1, street2 FROM order_address WHERE order_id = 190 ORDER BY kind"
    ) == [("billing", "231 Willow Way", "Suite 100"), ("shipping", "231 Willow Way", "Suite 100")]
