"""The demo shop in headless Chromium, driven only through the agent's API.

Every page type is visited the way the agent sees it: `tab.observe()`, elements found by
role and name, actions in the WebArena grammar. One test buys a product from search to
the order in My Orders. Each test starts from the seed state in a new browser session.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from webagent.actions import ActionResult
from webagent.browser import Browser, Tab
from webagent.observation import Element, Observation
from webagent.sites import SiteServer, start_site

pytestmark = pytest.mark.slow  # end to end: `scripts/test --fast` leaves it out

EMAIL = "emma.lopez@gmail.com"
PASSWORD = "Password.123"
POPUP = "dialog 'Get the best deals first'"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    db = tmp_path_factory.mktemp("demo_shop") / "shop.sqlite"
    with start_site("demo_shop", db=db, reset=True) as running:
        yield running


@dataclass
class Visit:
    """One browser session on the shop, acting like an agent: observe, find, act."""

    tab: Tab
    base: str
    obs: Observation | None = None
    log: list[str] = field(default_factory=list)
    fresh: bool = False
    """Whether `obs` is the page as it is: nothing was done since it was read."""

    # -- reading -------------------------------------------------------------------------
    def observe(self) -> Observation:
        """The page, read whole once after each action (finding two elements on one page
        reads it once, as the agent would)."""
        if self.obs is None or not self.fresh:
            self.obs = self.tab.observe(full_page=True)
            self.fresh = True
        return self.obs

    @property
    def text(self) -> str:
        return self.observe().text

    def find(self, role: str, name: str | None = None, *, contains: str | None = None) -> Element:
        """The first element with this role and exact name (or a name containing `contains`)."""
        for element in self.observe().elements:
            if element.role != role:
                continue
            if name is not None and element.name != name:
                continue
            if contains is not None and contains not in element.name:
                continue
            return element
        raise AssertionError(f"no {role} {name or contains!r} on the page\n{self.report()}")

    def heading(self, text: str) -> bool:
        """Whether the page shows a heading with exactly this text (headings are not elements)."""
        pattern = re.compile(rf"^\s*#+ {re.escape(text)}$", re.MULTILINE)
        return bool(pattern.search(self.observe().text))

    def has(self, role: str, name: str) -> bool:
        return any(e.role == role and e.name == name for e in self.observe().elements)

    def report(self) -> str:
        steps = "\n".join(self.log) or "(no actions)"
        page = self.obs.text if self.obs is not None else "(not observed)"
        return f"actions:\n{steps}\npage:\n{page}"

    # -- acting --------------------------------------------------------------------------
    def act(self, action: str) -> None:
        result = self.attempt(action)
        assert result.error is None, f"{result.describe()}\n{self.report()}"

    def attempt(self, action: str) -> ActionResult:
        """Run `action`, whatever comes of it; the page is read again afterwards."""
        self.fresh = False
        result = self.tab.act(action)
        self.log.append(result.describe())
        return result

    def go(self, path: str) -> None:
        self.act(f"goto [{self.base}{path}]")

    def click(self, role: str, name: str | None = None, *, contains: str | None = None) -> None:
        self.act(f"click [{self.find(role, name, contains=contains).id}]")

    def type(self, role: str, name: str, text: str, *, enter: bool = False) -> None:
        self.act(f"type [{self.find(role, name).id}] [{text}] [{int(enter)}]")

    def select(self, name: str, option: str) -> None:
        self.act(f"select [{self.find('combobox', name).id}] [{option}]")

    @property
    def path(self) -> str:
        return self.tab.page.url.removeprefix(self.base)

    # -- the site's friction and the customer ----------------------------------------------
    def allow_cookies(self) -> None:
        if self.has("button", "Allow Cookies"):
            self.click("button", "Allow Cookies")

    def close_popup(self) -> None:
        if POPUP in self.observe().text:
            self.click("button", "Close")

    def sign_in(self) -> None:
        self.go("/customer/account/login/")
        self.allow_cookies()
        self.type("textbox", "Email", EMAIL)
        self.type("textbox", "Password", PASSWORD)
        self.click("button", "Sign In")
        assert "Welcome, Emma Lopez!" in self.text, self.report()


@pytest.fixture
def visit(browser: Browser, server: SiteServer) -> Iterator[Visit]:
    server.reset()
    with browser.open(server.url + "/customer/account/login/", confirm="allow") as tab:
        visit = Visit(tab, server.url)
        visit.allow_cookies()
        yield visit


@pytest.fixture
def emma(visit: Visit) -> Visit:
    visit.sign_in()
    return visit


def query(server: SiteServer, sql: str, *params: object) -> list[tuple[object, ...]]:
    with sqlite3.connect(server.db) as connection:
        return connection.execute(sql, params).fetchall()


def product_with_options(server: SiteServer) -> tuple[str, str, str, str]:
    """Name, URL key, a size and a colour of an in-stock product with reviews."""
    name, key, product_id = query(
        server,
        """SELECT name, url_key, id FROM product p WHERE qty > 10
           AND (SELECT COUNT(DISTINCT attribute_id) FROM product_option o
                WHERE o.product_id = p.id) = 2
           AND (SELECT COUNT(*) FROM review r WHERE r.product_id = p.id) >= 3
           ORDER BY id""",
    )[0]
    size, color = (
        str(query(server, sql, product_id)[0][0])
        for sql in (
            "SELECT o.label FROM product_option po JOIN attribute_option o ON o.id = po.option_id"
            " WHERE po.product_id = ? AND po.attribute_id = 144 ORDER BY o.position",
            "SELECT o.label FROM product_option po JOIN attribute_option o ON o.id = po.option_id"
            " WHERE po.product_id = ? AND po.attribute_id = 93 ORDER BY o.position",
        )
    )
    return str(name), str(key), size, color


# -- pages -------------------------------------------------------------------------------
def test_home_page_friction(browser: Browser, server: SiteServer) -> None:
    server.reset()
    with browser.open(server.url + "/") as tab:
        visit = Visit(tab, server.url)
        assert POPUP in visit.text
        assert visit.has("button", "Allow Cookies")
        covered = visit.attempt(f"click [{visit.find('link', 'Electronics').id}]")
        assert covered.error is not None  # the pop-up's overlay is on top
        visit.click("button", "Close")
        assert POPUP not in visit.text
        visit.click("button", "Allow Cookies")
        assert not visit.has("button", "Allow Cookies")
        assert visit.heading("Featured products")
        assert visit.find("link", "Electronics")
        visit.go("/")
        assert POPUP not in visit.text  # once per session
        assert not visit.has("button", "Allow Cookies")  # remembered


def test_category_filter_sort_and_pages(visit: Visit) -> None:
    visit.go("/electronics.html")
    assert visit.heading("Electronics")
    assert re.search(r"Items 1-12 of \d+", visit.text)
    visit.click("link", contains="$0.00 - $99.99")
    assert "price=0-100" in visit.path
    assert "Now Shopping by" in visit.text
    visit.select("Sort By", "Price")
    assert "product_list_order=price" in visit.path
    assert "price=0-100" in visit.path
    visit.click("link", "Page Next")
    assert "p=2" in visit.path
    assert re.search(r"Items 13-\d+ of", visit.text)
    visit.select("Show", "36")
    assert "product_list_limit=36" in visit.path
    visit.click("link", "Clear All")
    assert "price=" not in visit.path


def test_menu_and_search(visit: Visit) -> None:
    visit.go("/")
    visit.close_popup()
    visit.act(f"hover [{visit.find('link', 'Electronics').id}]")
    visit.click("link", "Headphones")
    assert visit.path == "/electronics/headphones.html"
    visit.type("searchbox", "Search", "wireless headphones", enter=True)
    assert visit.path.startswith("/catalogsearch/result/?q=wireless+headphones")
    assert visit.heading("Search results for: 'wireless headphones'")
    visit.type("searchbox", "Search", "zzzqqq", enter=True)
    assert "Your search returned no results." in visit.text


def test_product_page_tabs_lazy_reviews_and_add_to_cart(visit: Visit, server: SiteServer) -> None:
    name, key, size, color = product_with_options(server)
    visit.go(f"/{key}.html")
    assert visit.heading(name)
    reviews_tab = visit.find("tab", contains="Reviews (")
    visit.act(f"click [{reviews_tab.id}]")
    nickname = str(
        query(
            server,
            "SELECT nickname FROM review r JOIN product p ON p.id = r.product_id"
            " WHERE p.url_key = ?",
            key,
        )[0][0]
    )
    assert "Customer Reviews" in visit.text
    assert nickname in visit.text  # fetched after the page loaded
    visit.click("tab", "More Information")
    assert "Brand" in visit.text
    visit.click("button", "Add to Cart")
    assert "This is a required field." in visit.text  # no size or colour chosen
    visit.select("Size", size)
    visit.select("Color", color)
    visit.type("spinbutton", "Qty", "0")
    visit.click("button", "Add to Cart")
    assert "Please enter a quantity greater than 0." in visit.text
    visit.type("spinbutton", "Qty", "2")
    visit.click("button", "Add to Cart")
    assert f"You added {name} to your shopping cart." in visit.text
    assert visit.find("button", contains="My Cart").name == "My Cart 2 items"


def test_mini_cart_and_cart_page(visit: Visit, server: SiteServer) -> None:
    rows = query(
        server,
        "SELECT url_key FROM product WHERE qty > 10"
        " AND id NOT IN (SELECT product_id FROM product_option) ORDER BY id LIMIT 2",
    )
    keys = [str(key) for (key,) in rows]
    for key in keys:
        visit.go(f"/{key}.html")
        visit.click("button", "Add to Cart")
    visit.click("button", "My Cart 2 items")
    assert "2 Items in Cart" in visit.text
    assert visit.find("link", "Proceed to Checkout")
    visit.click("link", "View and Edit Cart")
    assert visit.path == "/checkout/cart/"
    first_qty = visit.find("spinbutton", contains="Qty for")
    visit.act(f"type [{first_qty.id}] [3] [0]")
    visit.click("button", "Update Shopping Cart")
    assert visit.find("spinbutton", contains="Qty for").value == "3"
    visit.click("button", contains="Remove item")
    assert len([e for e in visit.observe().elements if e.name.startswith("Remove item")]) == 1
    visit.click("button", contains="Remove item")
    assert "You have no items in your shopping cart." in visit.text


def test_sign_in_errors_and_account_dashboard(visit: Visit) -> None:
    visit.type("textbox", "Email", EMAIL)
    visit.type("textbox", "Password", "wrong", enter=True)
    assert "The account sign-in was incorrect" in visit.text
    visit.sign_in()
    assert visit.path == "/customer/account/"
    text = visit.text
    assert "Contact Information" in text
    assert EMAIL in text
    assert "You aren't subscribed to our newsletter." in text
    for link in ("My Orders", "Address Book", "My Wish List", "My Product Reviews"):
        assert visit.find("link", link)
    visit.click("link", "Sign Out")
    assert visit.heading("You are signed out")


def test_orders_and_order_view(emma: Visit) -> None:
    emma.click("link", "My Orders")
    assert "000000189" in emma.text
    row = next(line for line in emma.text.splitlines() if "000000180" in line)
    link = re.search(r"\[(\w+)\] link 'View Order'", row)
    assert link, row
    emma.act(f"click [{link.group(1)}]")
    assert emma.path == "/sales/order/view/order_id/180/"
    assert emma.heading("Order # 000000180")
    assert "Grand Total" in emma.text
    assert "Flat Rate - Fixed" in emma.text
    emma.go("/sales/order/view/order_id/1/")
    assert emma.heading("Whoops, our bad...")


def test_address_edit(emma: Visit, server: SiteServer) -> None:
    emma.click("link", "Address Book")
    emma.click("link", "Change Billing Address")
    assert emma.path == "/customer/address/edit/id/26/"
    emma.type("textbox", "Street Address", "231 Willow Way")
    emma.type("textbox", "Street Address: Line 2", "Suite 100")
    emma.type("textbox", "City", "Chicago")
    emma.select("State/Province", "Illinois")
    emma.type("textbox", "Zip/Postal Code", "60601")
    emma.click("button", "Save Address")
    assert "You saved the address." in emma.text
    assert query(server, "SELECT street1, street2, city, region FROM address WHERE id = 26") == [
        ("231 Willow Way", "Suite 100", "Chicago", "Illinois")
    ]
    emma.click("link", "Change Billing Address")
    emma.type("textbox", "City", "")
    emma.click("button", "Save Address")
    assert "This is a required field." in emma.text


def test_wish_list_add_and_remove(emma: Visit, server: SiteServer) -> None:
    name, key = query(
        server,
        "SELECT name, url_key FROM product WHERE qty > 0"
        " AND id NOT IN (SELECT product_id FROM wishlist_item) ORDER BY id",
    )[0]
    emma.go(f"/{key}.html")
    emma.click("button", "Add to Wish List")
    assert emma.path == "/wishlist/"
    assert f"{name} has been added to your Wish List." in emma.text
    emma.click("button", f"Remove item: {name}")
    assert f"{name} has been removed from your Wish List." in emma.text


def test_write_a_review(emma: Visit, server: SiteServer) -> None:
    _, key, _, _ = product_with_options(server)
    emma.go(f"/{key}.html")
    emma.click("link", "Add Your Review")
    emma.click("radio", "5 stars")
    emma.type("textbox", "Nickname", "Emma Lopez")
    emma.type("textbox", "Summary", "Good purchase")
    emma.type("textbox", "Review", "I like it")
    emma.click("button", "Submit Review")
    assert "You submitted your review for moderation." in emma.text
    emma.go("/review/customer/")
    assert "Good purchase" in emma.text


def test_newsletter_and_contact(emma: Visit) -> None:
    emma.click("link", "My Account")
    emma.click("link", "Newsletter Subscriptions")
    emma.click("checkbox", "General Subscription")
    emma.click("button", "Save")
    assert "We have saved your subscription." in emma.text
    emma.click("link", "Contact Us")
    assert emma.find("textbox", "Name").value == "Emma Lopez"
    emma.type("textbox", "What\N{RIGHT SINGLE QUOTATION MARK}s on your mind?", "Where is my order?")
    emma.click("button", "Submit")
    assert "Thanks for contacting us with your comments and questions." in emma.text


def test_unknown_page(visit: Visit) -> None:
    visit.go("/no-such-product.html")
    assert visit.heading("Whoops, our bad...")
    assert visit.find("link", "Store Home")


# -- the whole purchase ----------------------------------------------------------------------
def test_full_checkout(emma: Visit, server: SiteServer) -> None:
    name, _, size, color = product_with_options(server)
    stock = query(server, "SELECT qty FROM product WHERE name = ?", name)[0][0]
    emma.type("searchbox", "Search", name, enter=True)
    emma.click("link", name)
    emma.select("Size", size)
    emma.select("Color", color)
    emma.type("spinbutton", "Qty", "2")
    emma.click("button", "Add to Cart")
    assert f"You added {name} to your shopping cart." in emma.text
    emma.click("button", "My Cart 2 items")
    emma.click("link", "View and Edit Cart")
    assert f"Size: {size}, Color: {color}" in emma.text
    emma.click("link", "Proceed to Checkout")
    assert emma.path == "/checkout/shipping/"
    assert emma.find("radio", contains="101 S San Mateo Dr").states.count("checked") == 1
    emma.click("button", "Next")
    assert emma.path == "/checkout/method/"
    emma.click("radio", "Flat Rate - Fixed: $10.00")
    emma.click("button", "Next")
    assert emma.path == "/checkout/payment/"
    emma.click("radio", "Check / Money order")
    emma.click("button", "Next")
    assert emma.path == "/checkout/review/"
    emma.click("button", "Place Order")
    assert emma.path == "/checkout/onepage/success/"
    assert emma.heading("Thank you for your purchase!")
    assert "Your order number is:" in emma.text
    emma.click("link", "000000190")
    assert emma.heading("Order # 000000190")
    assert "Pending" in emma.text
    emma.click("link", "My Orders")
    first = next(line for line in emma.text.splitlines() if re.search(r"\d{9}", line))
    assert "000000190" in first
    assert "Pending" in first
    assert query(server, "SELECT qty FROM product WHERE name = ?", name)[0][0] == stock - 2
    assert query(server, "SELECT COUNT(*) FROM cart_item")[0][0] == 0
