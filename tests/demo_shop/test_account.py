"""The customer's side: sign-in, dashboard, orders, address book, wish list, reviews,
newsletter, contact form."""

from __future__ import annotations

import re

import pytest

from tests.demo_shop.conftest import (
    Shop,
    add_url,
    configurable_product,
    product_url,
    simple_product,
)

SIGN_IN_FAILED = (
    "The account sign-in was incorrect or your account is disabled temporarily. "
    "Please wait and try again later."
)
ADDRESS = {
    "firstname": "Emma",
    "lastname": "Lopez",
    "street[0]": "231 Willow Way",
    "street[1]": "Suite 100",
    "city": "Chicago",
    "region_id": "23",
    "region": "",
    "postcode": "60601",
    "country_id": "US",
    "telephone": "6505551212",
}


@pytest.mark.parametrize(
    "path",
    [
        "/customer/account/", "/sales/order/history/", "/sales/order/view/order_id/180/",
        "/customer/address/", "/customer/address/edit/id/26/", "/customer/address/new/",
        "/wishlist/", "/review/customer/", "/newsletter/manage/", "/customer/account/edit/",
        "/checkout/onepage/success/",
    ],
)  # fmt: skip
def test_account_pages_send_guests_to_sign_in(shop: Shop, path: str) -> None:
    answer = shop.get(path)
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/customer/account/login/"


def test_sign_in_page_and_wrong_credentials(shop: Shop) -> None:
    page = shop.get("/customer/account/login/").text
    assert '<label for="email">Email</label>' in page
    assert '<label for="pass">Password</label>' in page
    assert "Sign In</button>" in page
    for email, password in (
        ("emma.lopez@gmail.com", "wrong"),
        ("nobody@example.com", "Password.123"),
    ):
        answer = shop.post(
            "/customer/account/loginPost/", {"login[username]": email, "login[password]": password}
        )
        assert answer.headers["Location"] == "/customer/account/login/"
        assert SIGN_IN_FAILED in shop.messages()
    shop.post("/customer/account/loginPost/", {})
    assert "A login and a password are required." in shop.messages()
    assert shop.get("/customer/account/").status_code == 302


def test_sign_in_returns_to_the_page_that_asked_and_sign_out(shop: Shop) -> None:
    shop.get("/sales/order/history/?limit=20")
    assert shop.sign_in().headers["Location"] == "/sales/order/history/?limit=20"
    assert "Welcome, Emma Lopez!" in shop.get("/").text
    assert shop.get("/customer/account/login/").headers["Location"] == "/customer/account/"
    assert (
        shop.get("/customer/account/logout/").headers["Location"]
        == "/customer/account/logoutSuccess/"
    )
    assert "You are signed out" in shop.get("/customer/account/logoutSuccess/").text
    assert "Sign In" in shop.get("/").text
    assert shop.get("/customer/account/").status_code == 302


def test_only_pages_are_remembered_for_after_sign_in(shop: Shop) -> None:
    shop.get("/customer/account/edit/")
    assert shop.get("/rest/default/V1/carts/mine/totals").status_code == 401
    assert shop.sign_in().headers["Location"] == "/customer/account/edit/"


def test_session_cookie_is_phpsessid_and_server_side(shop: Shop) -> None:
    answer = shop.get("/")
    assert re.search(r"PHPSESSID=[0-9a-f]{32}; .*HttpOnly", answer.headers["Set-Cookie"])
    shop.sign_in()
    assert shop.value("SELECT COUNT(*) FROM session WHERE customer_id = 27") == 1


def test_dashboard(emma: Shop) -> None:
    page = emma.get("/customer/account/").text
    assert '<h1 class="page-title">My Account</h1>' in page
    assert "emma.lopez@gmail.com" in page
    assert "You aren't subscribed to our newsletter." in page
    assert "101 S San Mateo Dr" in page
    assert "Recent Orders" in page
    assert "000000189" in page
    for link in (
        "My Orders",
        "My Wish List",
        "Address Book",
        "Account Information",
        "My Product Reviews",
        "Newsletter Subscriptions",
    ):
        assert f">{link}</a>" in page


def test_account_information(emma: Shop) -> None:
    assert (
        emma.post("/customer/account/editPost/", {"firstname": "", "lastname": "Lopez"}).status_code
        == 400
    )
    emma.post("/customer/account/editPost/", {"firstname": "Emily", "lastname": "Lopez"})
    assert "You saved the account information." in emma.messages()
    assert "Welcome, Emily Lopez!" in emma.get("/").text


def test_my_orders(emma: Shop) -> None:
    page = emma.get("/sales/order/history/").text
    numbers = re.findall(r'data-th="Order #">(\d{9})<', page)
    assert numbers == [f"{n:09d}" for n in range(189, 179, -1)]
    assert "Items 1 to 10 of 42 total" in page
    assert re.search(r'data-th="Date">\d{1,2}/\d{1,2}/23<', page)
    assert "View Order" in page
    assert "Reorder" in page
    assert 'data-th="Ship To">Emma Lopez<' in page
    second = emma.get("/sales/order/history/?p=2").text
    assert re.findall(r'data-th="Order #">(\d{9})<', second)[0] == "000000179"
    fifty = emma.get("/sales/order/history/?limit=50").text
    assert len(re.findall(r'data-th="Order #">', fifty)) == 42
    for query in ("limit=7", "p=x", "p=99", "limit=abc"):
        assert emma.get(f"/sales/order/history/?{query}").status_code == 200


def test_order_view(emma: Shop) -> None:
    order_id, _created, subtotal, _shipping, total, status = emma.rows(
        "SELECT id, created_at, subtotal, shipping_amount, grand_total, status FROM sales_order"
        " WHERE customer_id = 27 AND id IN (SELECT order_id FROM order_item WHERE options != '[]')"
    )[0]
    page = emma.get(f"/sales/order/view/order_id/{order_id}/").text
    assert f"Order # {order_id:09d}" in page
    assert status.title() in page
    assert "Order Date:" in page
    assert f"${subtotal // 100:,}.{subtotal % 100:02d}" in page
    assert f"${total // 100:,}.{total % 100:02d}" in page
    assert "Shipping &amp; Handling" in page
    assert "Grand Total" in page
    assert "Flat Rate - Fixed" in page
    assert "Check / Money order" in page
    assert re.search(r'class="item-options">(Size|Color): \w+', page)
    for sku, qty in emma.rows("SELECT sku, qty FROM order_item WHERE order_id = ?", order_id):
        assert sku in page
        assert f"Ordered: {qty}" in page


@pytest.mark.parametrize("order_id", ["1", "147", "190", "999999", "abc", "-1", "180.5"])
def test_other_unknown_or_malformed_orders_are_404(emma: Shop, order_id: str) -> None:
    answer = emma.get(f"/sales/order/view/order_id/{order_id}/")
    assert answer.status_code == 404
    assert "Whoops, our bad..." in answer.text


def test_reorder(emma: Shop) -> None:
    order_id = emma.value(
        "SELECT o.id FROM sales_order o WHERE customer_id = 27 AND NOT EXISTS (SELECT 1 FROM"
        " order_item i JOIN product p ON p.id = i.product_id"
        " WHERE i.order_id = o.id AND p.qty < i.qty)"
    )
    answer = emma.post(f"/sales/order/reorder/order_id/{order_id}/")
    assert answer.headers["Location"] == "/checkout/cart/"
    expected = emma.rows(
        "SELECT product_id, qty, options FROM order_item WHERE order_id = ? ORDER BY id", order_id
    )
    assert emma.rows("SELECT product_id, qty, options FROM cart_item ORDER BY id") == expected
    assert emma.post("/sales/order/reorder/order_id/1/").status_code == 404


def test_address_book_and_edit(emma: Shop) -> None:
    book = emma.get("/customer/address/").text
    assert "Change Billing Address" in book
    assert "Change Shipping Address" in book
    assert 'href="/customer/address/edit/id/26/"' in book
    assert "1420 Lakeshore Avenue" in book
    assert "Add New Address" in book
    form = emma.get("/customer/address/edit/id/26/").text
    for field in (
        "firstname",
        "lastname",
        "company",
        "telephone",
        "street[0]",
        "street[1]",
        "city",
        "region_id",
        "region",
        "postcode",
        "country_id",
    ):
        assert f'name="{field}"' in form
    assert 'action="/customer/address/formPost/id/26/"' in form
    assert "It's a default billing address." in form
    saved = emma.post(
        "/customer/address/formPost/id/26/",
        {**ADDRESS, "default_billing": "1", "default_shipping": "1"},
    )
    assert saved.status_code == 302
    assert saved.headers["Location"] == "/customer/address/"
    assert "You saved the address." in emma.messages()
    assert emma.rows(
        "SELECT street1, street2, city, region, postcode FROM address WHERE id = 26"
    ) == [("231 Willow Way", "Suite 100", "Chicago", "Illinois", "60601")]


def test_address_by_region_name_and_invalid_forms(emma: Shop) -> None:
    by_name = {**ADDRESS, "region_id": "", "region": "MA", "city": "Boston"}
    assert emma.post("/customer/address/formPost/id/26/", by_name).status_code == 302
    assert emma.value("SELECT region FROM address WHERE id = 26") == "Massachusetts"
    before = emma.rows("SELECT * FROM address ORDER BY id")
    for broken in (
        {**ADDRESS, "city": ""},
        {**ADDRESS, "region_id": "999"},
        {**ADDRESS, "country_id": "XX"},
        {},
    ):
        answer = emma.post("/customer/address/formPost/id/26/", broken)
        assert answer.status_code == 400
        assert "mage-error" in answer.text
    assert emma.rows("SELECT * FROM address ORDER BY id") == before
    assert emma.post("/customer/address/formPost/id/1/", ADDRESS).status_code == 404  # not hers
    assert emma.get("/customer/address/edit/id/1/").status_code == 404
    assert emma.get("/customer/address/edit/id/abc/").status_code == 404


def test_new_address_and_delete(emma: Shop) -> None:
    assert "Add New Address" in emma.get("/customer/address/new/").text
    assert emma.post("/customer/address/formPost/", ADDRESS).status_code == 302
    new_id = emma.value("SELECT MAX(id) FROM address WHERE customer_id = 27")
    assert new_id > 29
    emma.post(f"/customer/address/delete/id/{new_id}/")
    assert "You deleted the address." in emma.messages()
    emma.post("/customer/address/delete/id/26/")
    assert "We can't delete the default address." in emma.messages()
    assert emma.value("SELECT COUNT(*) FROM address WHERE customer_id = 27") == 3


def test_wish_list(emma: Shop, guest: Shop) -> None:
    page = emma.get("/wishlist/").text
    assert page.count("Remove item</button>") == 4
    product = simple_product(emma)
    name = emma.value("SELECT name FROM product WHERE id = ?", product)
    added = emma.post("/wishlist/index/add/", {"product": str(product)})
    assert added.status_code == 302
    assert added.headers["Location"] == "/wishlist/"
    assert (
        f"{name} has been added to your Wish List. Click here to continue shopping."
        in emma.messages()
    )
    assert emma.value("SELECT COUNT(*) FROM wishlist_item WHERE customer_id = 27") == 5
    emma.post("/wishlist/index/add/", {"product": str(product)})  # twice: still one
    assert emma.value("SELECT COUNT(*) FROM wishlist_item WHERE customer_id = 27") == 5
    item = emma.value("SELECT id FROM wishlist_item WHERE product_id = ?", product)
    emma.post("/wishlist/index/cart/", {"item": str(item), "qty": "1"})
    assert emma.rows("SELECT product_id FROM cart_item") == [(product,)]
    assert emma.value("SELECT COUNT(*) FROM wishlist_item WHERE customer_id = 27") == 4
    first = emma.value("SELECT MIN(id) FROM wishlist_item WHERE customer_id = 27")
    emma.post("/wishlist/index/remove/", {"item": str(first)})
    assert "has been removed from your Wish List." in emma.messages()
    assert emma.post("/wishlist/index/remove/", {"item": "99999"}).status_code == 404
    emma.post("/wishlist/index/add/", {"product": "abc"})
    assert "We can't specify a product." in emma.messages()
    assert (
        guest.post("/wishlist/index/add/", {"product": str(product)}).headers["Location"]
        == "/customer/account/login/"
    )


def test_wish_list_item_with_options_goes_to_its_page(emma: Shop) -> None:
    product, _ = configurable_product(emma)
    emma.post("/wishlist/index/add/", {"product": str(product)})
    item = emma.value("SELECT id FROM wishlist_item WHERE product_id = ?", product)
    answer = emma.post("/wishlist/index/cart/", {"item": str(item), "qty": "1"})
    assert answer.headers["Location"] == product_url(emma, product)


def test_write_a_review(emma: Shop) -> None:
    product = simple_product(emma)
    posted = emma.post(
        f"/review/product/post/id/{product}/",
        {
            "ratings[4]": "19",
            "nickname": "ShoppingEmma",
            "title": "Good purchase",
            "detail": "I like it",
        },
    )
    assert posted.status_code == 302
    assert posted.headers["Location"] == product_url(emma, product)
    assert "You submitted your review for moderation." in emma.messages()
    assert emma.rows(
        "SELECT customer_id, nickname, title, detail, rating, status FROM review"
        " WHERE product_id = ? AND nickname = 'ShoppingEmma'",
        product,
    ) == [(27, "ShoppingEmma", "Good purchase", "I like it", 4, "pending")]
    mine = emma.get("/review/customer/").text
    assert "Good purchase" in mine
    assert "Pending" in mine
    assert mine.count("See Details") == 5
    review_id = emma.value("SELECT id FROM review WHERE nickname = 'ShoppingEmma'")
    assert "I like it" in emma.get(f"/review/customer/view/id/{review_id}/").text
    # pending reviews are not on the product page yet
    assert "ShoppingEmma" not in emma.get(f"/review/product/listAjax/id/{product}/").text
    other = emma.value("SELECT id FROM review WHERE customer_id IS NULL")
    assert emma.get(f"/review/customer/view/id/{other}/").status_code == 404


@pytest.mark.parametrize(
    "fields",
    [
        {"nickname": "A", "title": "B", "detail": "C"},
        {"ratings[4]": "21", "nickname": "A", "title": "B", "detail": "C"},
        {"ratings[4]": "20", "nickname": "", "title": "B", "detail": "C"},
        {"ratings[4]": "20", "nickname": "A", "title": "B", "detail": "  "},
        {"ratings[4]": "x"},
    ],
)
def test_incomplete_reviews_are_refused(shop: Shop, fields: dict[str, str]) -> None:
    before = shop.value("SELECT COUNT(*) FROM review")
    answer = shop.post("/review/product/post/id/1/", fields)
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith("#review-form")
    assert shop.value("SELECT COUNT(*) FROM review") == before
    assert "Please" in shop.messages()


def test_review_form_keeps_what_was_typed(shop: Shop) -> None:
    shop.post(
        "/review/product/post/id/1/", {"nickname": "Kept", "title": "Kept title", "detail": "x"}
    )
    page = shop.get(product_url(shop, 1)).text
    assert 'value="Kept title"' in page
    assert 'value="Kept title"' not in shop.get(product_url(shop, 1)).text  # once only


def test_newsletter_manage(emma: Shop) -> None:
    page = emma.get("/newsletter/manage/").text
    assert '<label for="subscription">General Subscription</label>' in page
    answer = emma.post("/newsletter/manage/save/", {"is_subscribed": "1"})
    assert answer.headers["Location"] == "/customer/account/"
    assert "We have saved your subscription." in emma.messages()
    assert 'You are subscribed to "General Subscription".' in emma.get("/customer/account/").text
    emma.post("/newsletter/manage/save/", {})
    assert "We have removed your newsletter subscription." in emma.messages()
    assert emma.rows(
        "SELECT subscribed FROM newsletter_subscriber WHERE email = 'emma.lopez@gmail.com'"
    ) == [(0,)]


def test_footer_newsletter(shop: Shop) -> None:
    answer = shop.post(
        "/newsletter/subscriber/new/",
        {"email": "emma.lopez@gmail.com"},
        headers={"Referer": "http://localhost/about-us"},
    )
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/about-us"
    assert "Thank you for your subscription." in shop.messages()
    assert shop.rows(
        "SELECT customer_id, subscribed FROM newsletter_subscriber"
        " WHERE email = 'emma.lopez@gmail.com'"
    ) == [(27, 1)]
    shop.post("/newsletter/subscriber/new/", {"email": "emma.lopez@gmail.com"})
    assert "This email address is already subscribed." in shop.messages()
    shop.post("/newsletter/subscriber/new/", {"email": "not-an-email"})
    assert "Please enter a valid email address." in shop.messages()
    assert (
        shop.post(
            "/newsletter/subscriber/new/",
            {"email": "x@y.com"},
            headers={"Referer": "http://evil.test/"},
        ).headers["Location"]
        == "/"
    )


def test_contact_form(emma: Shop) -> None:
    page = emma.get("/contact/").text
    assert 'id="contact-form"' in page
    assert 'action="/contact/index/post"' in page
    assert 'value="Emma Lopez"' in page
    assert 'value="emma.lopez@gmail.com"' in page
    assert "What\N{RIGHT SINGLE QUOTATION MARK}s on your mind?" in page
    assert "Phone Number" in page
    bad = emma.post("/contact/index/post", {"name": "Emma Lopez", "email": "", "comment": ""})
    assert bad.status_code == 400
    assert bad.text.count("This is a required field.") == 2
    assert emma.value("SELECT COUNT(*) FROM contact_message") == 0
    sent = emma.post(
        "/contact/index/post",
        {
            "name": "Emma Lopez",
            "email": "emma.lopez@gmail.com",
            "telephone": "",
            "comment": "I need a refund.",
        },
    )
    assert sent.status_code == 302
    assert sent.headers["Location"] == "/contact/"
    assert (
        "Thanks for contacting us with your comments and questions. We'll respond to you very soon."
        in emma.messages()
    )
    assert emma.rows("SELECT name, comment FROM contact_message") == [
        ("Emma Lopez", "I need a refund.")
    ]
    assert (
        emma.post(
            "/contact/index/post/", {"name": "A", "email": "a@b.co", "comment": "c"}
        ).status_code
        == 302
    )


def test_adding_to_cart_then_signing_in_keeps_options(shop: Shop) -> None:
    product, choice = configurable_product(shop)
    shop.xhr(add_url(product), {"product": str(product), "qty": "1", **choice})
    shop.sign_in()
    assert shop.value("SELECT options FROM cart_item") != "[]"
