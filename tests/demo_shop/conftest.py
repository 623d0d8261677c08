"""The demo shop through Flask's test client: a fresh database per test, no browser."""

from __future__ import annotations

import html
import importlib
import json
import re
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from webagent.sites import Site, load_site

FORM_KEY = re.compile(r'name="form_key" value="([^"]+)"')


@pytest.fixture(scope="session")
def site() -> Site:
    return load_site("demo_shop")


@pytest.fixture(scope="session")
def package(site: Site) -> ModuleType:
    """The shop's package, as `load_site` imported it."""
    return importlib.import_module("webagent_site_demo_shop")


@pytest.fixture
def db_path(site: Site, tmp_path: Path) -> Path:
    path = tmp_path / "shop.sqlite"
    site.reset_database(path)
    return path


@pytest.fixture
def app(site: Site, db_path: Path) -> Flask:
    created = site.create_app(db_path)
    assert isinstance(created, Flask)
    return created


class Shop:
    """A browser-less visitor: a test client with the shop's form key and its database."""

    def __init__(self, client: FlaskClient, db_path: Path) -> None:
        self.client = client
        self.db_path = db_path
        self._form_key: str | None = None

    def get(self, url: str, **kwargs: Any) -> TestResponse:
        return self.client.get(url, **kwargs)

    def form_key(self) -> str:
        """This session's form key, read from a page's form as a browser would."""
        if self._form_key is None:
            match = FORM_KEY.search(self.get("/contact/").text)
            assert match, "no form key on the contact page"
            self._form_key = match.group(1)
        return self._form_key

    def post(
        self,
        url: str,
        data: Mapping[str, str] | None = None,
        *,
        form_key: bool = True,
        **kwargs: Any,
    ) -> TestResponse:
        fields = dict(data or {})
        if form_key:
            fields.setdefault("form_key", self.form_key())
        return self.client.post(url, data=fields, **kwargs)

    def xhr(self, url: str, data: Mapping[str, str]) -> TestResponse:
        """A form posted by the page's script (fetch), as Add to Cart does."""
        fields = {"form_key": self.form_key(), **data}
        return self.client.post(url, data=fields, headers={"X-Requested-With": "XMLHttpRequest"})

    def post_json(self, url: str, body: object) -> TestResponse:
        return self.client.post(
            url,
            data=json.dumps(body),
            content_type="application/json",
            headers={"X-Requested-With": "XMLHttpRequest"},
        )

    def sign_in(
        self, email: str = "emma.lopez@gmail.com", password: str = "Password.123"
    ) -> TestResponse:
        response = self.post(
            "/customer/account/loginPost/", {"login[username]": email, "login[password]": password}
        )
        assert response.status_code == 302
        return response

    def messages(self) -> str:
        """The text of the next page's messages."""
        page = self.get("/contact/").text
        found = re.findall(r'class="message message-\w+"[^>]*>([^<]*)<', page)
        return html.unescape(" ".join(found))

    def rows(self, sql: str, *params: object) -> list[tuple[Any, ...]]:
        with sqlite3.connect(self.db_path) as connection:
            return connection.execute(sql, params).fetchall()

    def value(self, sql: str, *params: object) -> Any:
        rows = self.rows(sql, *params)
        assert rows, sql
        return rows[0][0]


@pytest.fixture
def shop(app: Flask, db_path: Path) -> Iterator[Shop]:
    return Shop(app.test_client(), db_path)


@pytest.fixture
def guest(app: Flask, db_path: Path) -> Shop:
    """Another browser on the same shop, not signed in."""
    return Shop(app.test_client(), db_path)


@pytest.fixture
def emma(shop: Shop) -> Shop:
    """A visitor signed in as Emma Lopez."""
    shop.sign_in()
    return shop


def product_url(shop: Shop, product_id: int) -> str:
    return "/" + shop.value("SELECT url_key FROM product WHERE id = ?", product_id) + ".html"


def simple_product(shop: Shop, *, min_qty: int = 5) -> int:
    """An in-stock product without options."""
    return int(
        shop.value(
            """SELECT id FROM product p WHERE qty >= ? AND NOT EXISTS
               (SELECT 1 FROM product_option o WHERE o.product_id = p.id) ORDER BY id""",
            min_qty,
        )
    )


def configurable_product(shop: Shop) -> tuple[int, dict[str, str]]:
    """An in-stock product with size and colour, and a valid choice of both."""
    product_id = int(
        shop.value(
            """SELECT p.id FROM product p WHERE qty >= 5 AND
               (SELECT COUNT(DISTINCT attribute_id) FROM product_option o
                WHERE o.product_id = p.id) = 2 ORDER BY p.id"""
        )
    )
    choice = {
        f"super_attribute[{attribute}]": str(option)
        for attribute, option in shop.rows(
            """SELECT attribute_id, MIN(option_id) FROM product_option
               WHERE product_id = ? GROUP BY attribute_id""",
            product_id,
        )
    }
    return product_id, choice


def add_url(product_id: int) -> str:
    return f"/checkout/cart/add/uenc/aHR0cDovL2xvY2FsaG9zdC8,/product/{product_id}/"
