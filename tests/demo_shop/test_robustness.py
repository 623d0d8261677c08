"""Whatever is asked, the shop answers with a page or a message: never a traceback."""

from __future__ import annotations

import logging
import re
import shutil
from pathlib import Path

import pytest
from flask import Flask

from tests.demo_shop.conftest import Shop, add_url, simple_product
from webagent.sites import Site

POST_ONLY = [
    "/customer/account/loginPost/", "/checkout/cart/add/", "/checkout/cart/updatePost/",
    "/checkout/cart/delete/", "/wishlist/index/add/", "/wishlist/index/cart/",
    "/wishlist/index/remove/", "/review/product/post/id/1/", "/newsletter/manage/save/",
    "/newsletter/subscriber/new/", "/contact/index/post", "/customer/address/formPost/id/26/",
    "/customer/address/delete/id/26/", "/sales/order/reorder/order_id/180/",
    "/rest/default/V1/carts/mine/payment-information", "/customer/account/editPost/",
    "/cookie/allow/",
]  # fmt: skip
GET_ONLY = [
    "/",
    "/checkout/cart/",
    "/sales/order/history/",
    "/electronics.html",
    "/customer/account/",
]


@pytest.mark.parametrize("path", POST_ONLY)
def test_get_on_a_form_target_is_405(shop: Shop, path: str) -> None:
    answer = shop.get(path)
    assert answer.status_code == 405
    if path.startswith("/rest/"):  # REST callers get JSON
        assert answer.json == {"message": "The method is not allowed for the requested URL."}
    else:
        assert "Method Not Allowed" in answer.text


@pytest.mark.parametrize("path", GET_ONLY)
def test_post_on_a_page_is_405(shop: Shop, path: str) -> None:
    assert shop.post(path, {}).status_code == 405


ACCOUNT_ONLY = (
    "/customer/address",
    "/wishlist",
    "/newsletter/manage",
    "/sales",
    "/customer/account/edit",
)
FORMS = [p for p in POST_ONLY if not p.startswith(("/rest/", "/cookie/"))]


@pytest.mark.parametrize("path", FORMS)
def test_forms_without_a_form_key_are_refused(emma: Shop, path: str) -> None:
    answer = emma.post(path, {"product": "1", "id": "1", "item": "1"}, form_key=False)
    assert answer.status_code == 302
    assert "Invalid Form Key. Please refresh the page." in emma.messages()


@pytest.mark.parametrize("path", [p for p in FORMS if p.startswith(ACCOUNT_ONLY)])
def test_account_forms_send_guests_to_sign_in_first(shop: Shop, path: str) -> None:
    answer = shop.post(path, {"product": "1", "id": "1", "item": "1"})
    assert answer.headers["Location"] == "/customer/account/login/"


@pytest.mark.parametrize("path", POST_ONLY)
def test_junk_posts_never_fail(emma: Shop, path: str) -> None:
    junk = [
        {},
        {"product": "x", "qty": "1e309", "id": "-1", "item": "🙂", "super_attribute[93]": "abc"},
        {"email": "a" * 5000, "comment": "\x00", "ratings[4]": "20", "cart[abc][qty]": "1"},
        {"street[0]": "x" * 300, "region_id": "-5", "country_id": "US", "is_subscribed": "maybe"},
    ]
    for fields in junk:
        answer = emma.post(path, fields)
        assert answer.status_code < 500, (path, fields, answer.status_code)


def test_malformed_bodies(emma: Shop) -> None:
    assert (
        emma.client.post(
            "/contact/index/post",
            data=b"\xff\xfe",
            content_type="application/x-www-form-urlencoded",
        ).status_code
        < 500
    )
    too_big = emma.client.post("/contact/index/post", data={"comment": "x" * (2 * 1024 * 1024)})
    assert too_big.status_code == 413
    assert (
        emma.client.post(
            "/rest/default/V1/carts/mine/payment-information",
            data="{",
            content_type="application/json",
        ).status_code
        == 400
    )
    assert (
        emma.client.post(
            "/rest/default/V1/carts/mine/payment-information", data="{}", content_type="text/plain"
        ).status_code
        == 400
    )


def test_unexpected_errors_are_a_friendly_500(
    app: Flask, shop: Shop, caplog: pytest.LogCaptureFixture
) -> None:
    def broken() -> str:
        raise RuntimeError("boom")

    app.add_url_rule("/broken-for-test", view_func=broken)
    with caplog.at_level(logging.ERROR):
        answer = shop.get("/broken-for-test")
    assert answer.status_code == 500
    assert "Something went wrong on our side." in answer.text
    assert "Traceback" not in answer.text
    assert "boom" not in answer.text
    assert "boom" in caplog.text
    as_json = shop.get("/broken-for-test", headers={"X-Requested-With": "XMLHttpRequest"})
    assert as_json.status_code == 500
    assert "message" in as_json.json


def test_json_callers_get_json_errors(shop: Shop) -> None:
    answer = shop.get("/nope.html", headers={"X-Requested-With": "XMLHttpRequest"})
    assert answer.status_code == 404
    assert answer.json == {"message": "404 Not Found"}


def test_crawling_every_link_never_fails(emma: Shop) -> None:
    seen: set[str] = set()
    queue = [
        "/", "/electronics.html", "/catalogsearch/result/?q=black", "/sales/order/history/",
        "/customer/address/", "/wishlist/", "/review/customer/", "/checkout/cart/",
    ]  # fmt: skip
    while queue and len(seen) < 250:
        url = queue.pop(0)
        if url in seen or "logout" in url:
            continue
        seen.add(url)
        answer = emma.get(url)
        assert answer.status_code in (200, 302), (url, answer.status_code)
        if answer.mimetype == "text/html":
            for href in re.findall(r'href="(/[^"#]*)"', answer.text):
                if href not in seen and not href.startswith("/static/"):
                    queue.append(href.replace("&amp;", "&"))
    assert len(seen) >= 200


def test_two_shops_on_two_databases_do_not_meet(site: Site, db_path: Path, tmp_path: Path) -> None:
    other_path = tmp_path / "other.sqlite"
    shutil.copyfile(db_path, other_path)
    first = Shop(site.create_app(db_path).test_client(), db_path)
    second = Shop(site.create_app(other_path).test_client(), other_path)
    first.sign_in()
    second.sign_in()
    product = simple_product(first)
    first.xhr(add_url(product), {"product": str(product), "qty": "1"})
    first.post("/wishlist/index/add/", {"product": str(product)})
    assert first.get("/customer/section/load/?sections=cart").json["cart"]["summary_count"] == 1
    assert second.get("/customer/section/load/?sections=cart").json["cart"]["summary_count"] == 0
    assert second.value("SELECT COUNT(*) FROM wishlist_item") == 4
    assert first.value("SELECT COUNT(*) FROM wishlist_item") == 5
