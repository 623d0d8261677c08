"""Capture the labelled HOLDOUT page corpus of sites/real/holdout31/pages from Shuup 3.1.

The thirty-first holdout app (Shuup 3.1.0, PyPI `shuup`, a Django 2.2 e-commerce platform with
a storefront and an admin, unmodified, run as the `shuup_workbench` project its wheel ships, on
SQLite, served by Django's `runserver --insecure` with DEBUG off, seeded by
`sites/real/holdout31/setup` as "The Mad Tea Party Shop": four categories, twelve products, two
CMS pages, payment and shipping methods, alice's two past orders) was never used to tune the
page-state classifier; its pages measure it honestly. Run by hand, not by tests, with the app
freshly set up and running:

    sites/real/holdout31/setup
    sites/real/holdout31/start 8113 &
    .venv/bin/python sites/real/capture_holdout31.py              # or: --shuup URL

Four browser sessions. A visitor: the home page, the product preview and search boxes it opens,
all categories, a category, a category of one product, two products, adding to the cart, the
search page (empty, with hits, with none), the two CMS pages, the empty cart and the empty
checkout, the cart with a product, the guest checkout's address step, sign-in (and a failed
one), registration, the password recovery form and what comes after sending it, deep links to
the customer dashboard and the order history (the sign-in page), missing pages (an address, a
product, a category), the admin asked for by a visitor (its sign-in page) and a failed admin
sign-in. Then alice, signed in: the home page after signing in, her dashboard, customer
information (and saved), change password, the address book and its forms, the order history,
her two orders, another customer's order, the cart and a wrong coupon code, saving the cart and
the saved carts, the checkout (addresses, shipping and payment, confirmation, confirmation sent
without accepting the terms, the order placed), the order history after it, her data (GDPR),
the admin she may not enter, and signing out. A new visitor registers an account. Last the shop
staff (`admin`, "Queen of Hearts") in the admin: dashboard, orders, an order, the order creator,
products, a product's edit page, categories, a category, customers, a customer, the CMS pages,
the reports, the settings, a missing order. Each page is read through the project's own
browser launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the
HTTP status of the main document (the last navigation response), and written in exactly the
format of sites/real/pages (see sites/real/pages/README.md). The labels below were decided by
hand, one page at a time, from what each page is for; the classifier and the site profiles
were not consulted.

Capturing changes the shop (carts, an order placed by alice, a saved cart, an address, her
customer information, a new account): run `setup` again before a re-capture, as the numbers
below are those of a fresh seed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import guarded, steps, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout31" / "pages"
PORTS = {"shuup": 8113}

# numbers of a fresh seed (sites/real/holdout31/seed.py)
EARL_GREY = "/p/1-earl-grey-loose-leaf/"
TOP_HAT = "/p/12-top-hat-106/"
TEAS = "/c/1-teas/"
HATS = "/c/4-hats/"
ALICE_DONE, ALICE_OPEN, HATTERS = (
    1,
    2,
    3,
)  # orders: alice's complete one, her open one, the Hatter's
ALICE_CONTACT = 1
TEAS_ID = 1


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=700, **kwargs)


def sign_in(user: str, password: str) -> Any:
    """The storefront's sign-in form (/login/)."""

    def run(p: Page) -> None:
        p.fill("#id_auth_for_username", user)
        p.fill("#id_auth_for_password", password)
        with p.expect_navigation(wait_until="load"):
            p.locator("main form[action='/login/'] button[type=submit]").first.click()

    return run


def admin_sign_in(user: str, password: str) -> Any:
    """The admin's sign-in form (/sa/login/)."""

    def run(p: Page) -> None:
        p.fill("#id_username", user)
        p.fill("#id_password", password)
        with p.expect_navigation(wait_until="load"):
            p.locator("#login_form button[type=submit]").click()

    return run


def press(button: str) -> Any:
    """Click the button called `button` in the page's main part; wait for the page it leads to."""

    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.locator("main").get_by_role("button", name=button).first.click()

    return run


def fill(selector: str, value: str) -> Any:
    return lambda page: page.fill(selector, value)


def add_to_cart(p: Page) -> None:
    """'Add to cart' on a product's page (the page stays; the cart is updated by a script)."""
    p.get_by_role("button", name="Add to cart").first.click()
    p.wait_for_timeout(1500)


def accept_terms(p: Page) -> None:
    """Tick 'I accept the terms' (a styled box: its label is what one clicks)."""
    label = p.locator("label[for=id_accept_terms]")
    if label.count():
        label.first.click()
    if not p.locator("input[name=accept_terms]").is_checked():
        p.locator("input[name=accept_terms]").check(force=True)


def open_box(button: str) -> Any:
    """Click a button that opens a box over the page (search, a product's preview)."""

    def run(p: Page) -> None:
        p.get_by_role("button", name=button).first.click()
        p.wait_for_timeout(1500)

    return run


def save_cart(title: str) -> Any:
    def run(p: Page) -> None:
        p.get_by_role("link", name="Save cart").click()
        p.wait_for_timeout(600)
        p.fill("#cart-title", title)
        p.click("#save-cart")
        p.wait_for_timeout(1500)

    return run


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "shuup", base, signed_in=False)
    c = guarded(out)
    c("home", "listing",
      "the shop's home page: 'Welcome to The Mad Tea Party Shop!' over a grid of 'Newest "
      "Products' (name and price links, each with a Preview button) and more product cards",
      url="/", also=("other",))
    c("home-search-box", "search",
      "the home page with the header's Search button pressed: a box over the page with one "
      "'Search for products' field", url="/", then=open_box("Search"), also=("other",))
    c("home-product-preview", "detail",
      "the home page with a product's Preview pressed: a box over the page with that product's "
      "name, price, quantity and Add to cart", url="/", then=open_box("Preview"),
      also=("listing",))
    c("all-categories", "listing",
      "'Products' (/c/): all the shop's products as a grid of cards, with category and sort "
      "and price filters beside", url="/c/")
    c("category", "listing",
      "the category Teas: its description and a grid of its five teas with prices, the "
      "category list and sort options beside", url=TEAS)
    c("category-one", "listing",
      "the category Hats with its one product (the top hat)", url=HATS)
    c("product", "detail",
      "the product 'Earl Grey, loose leaf': picture, price, quantity, Add to cart, then its "
      "description in tabs", url=EARL_GREY)
    c("product-hat", "detail",
      "the product 'Top hat 10/6': price, quantity, Add to cart and its description", url=TOP_HAT)
    c("search-empty", "search",
      "the search page (/search/) with no query: 'Search', a 'Search for products' field with "
      "a sort box, and the line 'No results found for \"\".'", url="/search/",
      also=("search_results",))
    c("search-hits", "search_results",
      "search for 'tea': the query in the box and the matching products as cards",
      url="/search/?q=tea")
    c("search-no-hits", "search_results",
      "search for 'jabberwocky': the query in the box and no product",
      url="/search/?q=jabberwocky")
    c("about-us", "article",
      "the CMS page 'About us': a heading and two paragraphs", url="/about-us/")
    c("delivery", "article",
      "the CMS page 'Delivery and returns': a heading and two paragraphs", url="/delivery/")
    c("cart-empty", "listing",
      "the visitor's cart before adding anything: 'Shopping cart', 'Your shopping cart is "
      "empty.' and Back to Products", url="/basket/", also=("other",))
    c("checkout-empty", "error",
      "checkout asked for with an empty cart: 'Checkout: Empty Basket' and nothing to do",
      url="/checkout/", also=("other",))
    c("product-added", "detail",
      "the Earl Grey's page just after Add to cart: the same product page with the cart count "
      "grown and a small notice 'Product added to cart'",
      url=EARL_GREY, then=add_to_cart, also=("confirmation",))
    c("cart", "listing",
      "the cart with one product: its line (name, quantity box, price), a coupon code field, "
      "the total, Continue Shopping and Proceed to checkout", url="/basket/", also=("form",))
    c("checkout-guest-addresses", "form",
      "'Checkout: Addresses' for a visitor (step 1 of 3): empty billing and shipping address "
      "forms and Continue", url="/checkout/")
    c("login", "login",
      "'Log in': username or email, password, a Log in button, a forgot-password link and a "
      "link to register", url="/login/")
    c("login-failed", "login",
      "a wrong password for alice: the same sign-in form with an error that the details are "
      "wrong", url="/login/", then=sign_in("alice", "not-the-password"), also=("error",))
    c("register", "form",
      "'Register': username, email, password twice and a Register button", url="/register/")
    c("recover-password", "form",
      "'Recover password': a username-or-email field and a send button",
      url="/recover-password/")
    c("recover-password-sent", "confirmation",
      "after sending the recovery form: the page says an email with instructions has been "
      "sent", url="/recover-password/", then=steps(
          fill("#id_email", "alice@wonderland.example"),
          lambda p: capturing.submit(p, "main form:has(#id_email) button[type=submit]")))
    c("dashboard-deep-link", "login",
      "the customer dashboard asked for by a visitor: the sign-in page (next=/dashboard/)",
      url="/dashboard/")
    c("order-history-deep-link", "login",
      "the order history asked for by a visitor: the sign-in page", url="/order-history/")
    c("page-missing", "error",
      "an address that is no page of the shop: 'Page Not Found (404)'", url="/wonderland/")
    c("product-missing", "error",
      "a product that does not exist: 'Page Not Found (404)'", url="/p/99-cheshire-cat/")
    c("category-missing", "error",
      "a category that does not exist: 'Page Not Found (404)'", url="/c/99-croquet/")
    c("admin-signed-out", "login",
      "the admin (/sa/) asked for by a visitor: the admin's sign-in page saying 'Sign in to "
      "continue.'", url="/sa/")
    c("admin-login-failed", "login",
      "the admin's sign-in sent with a wrong password: the same form with an error",
      url="/sa/login/", then=admin_sign_in("admin", "not-the-password"), also=("error",))
    out.close()
    return out.written


# -- alice, signed in -----------------------------------------------------------------------------
def account(c: Any) -> None:
    c("dashboard", "detail",
      "'Dashboard', alice's account page: the account menu, boxes for her customer information "
      "and addresses, her latest orders and saved carts", url="/dashboard/", also=("listing",))
    c("customer-information", "form",
      "'Customer Information': name, phone, email, birth date, gender and marketing fields with "
      "Save", url="/customer/")
    c("customer-information-saved", "form",
      "the customer information after Save: a message that it was saved above the same form",
      url="/customer/", then=steps(
          fill("input[name='contact-phone']", "01865 000 042"), press("Save")),
      also=("confirmation",))
    c("change-password", "form",
      "'Change Password': the old password and the new one twice", url="/customer/change-password/")
    c("address-book", "listing",
      "'Address Book': alice's saved addresses (none but the defaults) and a button for a new one",
      url="/address-book/")
    c("address-new", "form",
      "the form for a new address: name, phone, email, street, postal code, city, region, "
      "country, Save", url="/address-book/edit/new")
    c("address-saved", "form",
      "after saving a new address: the same address form again (now /address-book/edit/1), "
      "filled in, under 'Address information was saved.'",
      url="/address-book/edit/new", then=steps(
          fill("input[name='saved_address-title']", "The Looking-Glass House"),
          fill("input[name='address-name']", "Alice Liddell"),
          fill("input[name='address-street']", "The Looking-Glass House"),
          fill("input[name='address-city']", "Oxford"),
          fill("input[name='address-postal_code']", "OX2 6GG"),
          lambda p: p.select_option("select[name='address-country']", "GB"),
          press("Save")), also=("confirmation", "detail"))
    c("order-history", "listing",
      "'Order history': a table of alice's two orders (number, date, status, total, Details)",
      url="/order-history/")
    c("order", "detail",
      "alice's completed order 1: its status, lines with prices, totals, addresses and methods",
      url=f"/order-history/{ALICE_DONE}/")
    c("order-open", "detail",
      "alice's newer order 2, still being processed: status, lines, totals and addresses",
      url=f"/order-history/{ALICE_OPEN}/")
    c("order-not-hers", "error",
      "the Mad Hatter's order asked for by alice: 'Page Not Found (404)'",
      url=f"/order-history/{HATTERS}/")
    c("gdpr", "other",
      "'My Data': a button to download all her data and one to ask for the account to be "
      "anonymised, each with a sentence", url="/gdpr/customer/", also=("form",))


def shopping(c: Any) -> None:
    c("cart-signed-in", "listing",
      "alice's cart with two products: lines with quantity boxes and prices, a coupon field, "
      "the total, Proceed to checkout and Save cart",
      url=EARL_GREY, then=steps(
          add_to_cart, lambda p: p.goto(p.url.split("/p/")[0] + "/p/9-eat-me-cakes-box-of-six/"),
          add_to_cart, lambda p: p.goto(p.url.split("/p/")[0] + "/basket/")),
      also=("form",))
    c("cart-coupon-wrong", "listing",
      "the cart after sending the coupon code 'CURIOUSER', which the shop does not know: the "
      "same cart, the code left in its box, and no message at all", url="/basket/", then=steps(
          fill("input[name='code']", "CURIOUSER"), lambda p: p.click("#submit-code"), wait(2500)),
      also=("form",))
    c("cart-saved", "listing",
      "the cart after 'Save cart' with the title 'Unbirthday tea': a line under the button "
      "says the cart was saved", url="/basket/", then=save_cart("Unbirthday tea"),
      also=("form", "confirmation"))
    c("saved-carts", "listing",
      "'Saved Carts': a table of alice's one saved cart (title, date, items, total)",
      url="/saved-carts/")
    c("checkout-addresses", "form",
      "'Checkout: Addresses', step 1 of 3: alice's billing and shipping addresses filled in, "
      "Continue", url="/checkout/")
    c("checkout-methods", "form",
      "'Checkout: Shipping & Payment', step 2: radio buttons for two shipping and two payment "
      "methods with their prices, Continue", url="/checkout/",
      then=press("Continue"))
    c("checkout-confirm", "form",
      "'Checkout: Confirmation', step 3: the order's lines and total, the delivery and billing "
      "addresses, a comment box, the terms to accept and Place Order",
      url="/checkout/methods/", then=press("Continue"), also=("detail",))
    c("checkout-confirm-terms", "form",
      "Place Order sent without ticking the terms: the confirmation step again with an error "
      "at the terms box", url="/checkout/confirm/", then=press("Place Order"),
      also=("error",))
    c("order-complete", "confirmation",
      "after Place Order with the terms accepted: the page thanking alice for her order, its "
      "number and what was ordered",
      url="/checkout/confirm/", then=steps(
          fill("textarea[name=comment]", "Please knock twice: the Dormouse is asleep."),
          accept_terms, press("Place Order")),
      also=("detail",))
    c("order-history-after", "listing",
      "the order history after the order: three orders, the new one first",
      url="/order-history/")


def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "shuup", base, signed_in=True)
    c = guarded(out)
    c("signed-in-home", "listing",
      "right after signing in: the home page again, alice's name in the header, no message",
      url="/login/", then=sign_in(capturing.USER, capturing.PASSWORD), also=("other",))
    account(c)
    shopping(c)
    c("admin-not-staff", "error",
      "the admin (/sa/) asked for by alice, who is no staff: HTTP 400, 'Error!', 'Can't view "
      "this page. Your account must have `Access to Admin Panel` permissions...' and a link to "
      "log in with different credentials", url="/sa/")
    out.signed_in = False
    c("logged-out", "confirmation",
      "after Log out (/logout/): 'Logged out'", url="/logout/")
    out.close()
    return out.written


def newcomer(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "shuup", base, signed_in=False)
    c = guarded(out)
    c("register-mismatch", "form",
      "Register sent with two different passwords: the form again with an error that they "
      "do not match", url="/register/", then=steps(
          fill("input[name=username]", "dodo"),
          fill("input[name=email]", "dodo@wonderland.example"),
          fill("input[name=password1]", "caucus-race-1865"),
          fill("input[name=password2]", "caucus-race-1866"), press("Register")),
      also=("error",))
    c("register-done", "listing",
      "Register sent right: the home page (its product grid) under 'Registration complete. "
      "Please follow the instructions sent to your email address.'",
      url="/register/", then=steps(
          fill("input[name=username]", "dodo"),
          fill("input[name=email]", "dodo@wonderland.example"),
          fill("input[name=password1]", "caucus-race-1865"),
          fill("input[name=password2]", "caucus-race-1865"), press("Register")),
      also=("confirmation", "other"))
    out.close()
    return out.written


# -- the shop's staff in the admin ----------------------------------------------------------------
def staff(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "shuup", base, signed_in=True)
    c = guarded(out)
    out.goto("/sa/login/")
    admin_sign_in("admin", capturing.PASSWORD)(out.page)
    c("admin-dashboard", "other",
      "the admin's dashboard ('Welcome!'): the side menu, blocks of the shop's figures (active "
      "customers, sales, open orders) and a 'Store Overview' table of sales by period",
      url="/sa/", then=wait(1500), also=("listing",))
    c("admin-orders", "listing",
      "admin 'Orders': filters and a table of the three orders (number, date, customer, "
      "status, total)", url="/sa/orders/", then=wait(1500))
    c("admin-order", "detail",
      "admin 'Order 1 (Alice Liddell)': its statuses, details, lines, payments and shipments, "
      "with Actions", url=f"/sa/orders/{ALICE_DONE}/", then=wait(1000))
    c("admin-order-new", "form",
      "admin 'Create order': the order creator (choose a customer, add products, addresses, "
      "methods)", url="/sa/orders/new/", then=wait(2500))
    c("admin-products", "listing",
      "admin 'Shop Products': a table of the twelve products with filters",
      url="/sa/products/", then=wait(1500))
    c("admin-product", "form",
      "admin edit page of the Earl Grey: many fields (name, SKU, description, prices, "
      "categories, ...) in sections, Save", url="/sa/products/1/", also=("detail",))
    c("admin-categories", "listing",
      "admin 'Categories': a table of the four categories", url="/sa/categories/", then=wait(1500))
    c("admin-category", "form",
      "admin edit page of the category Teas: name, description, visibility, Save",
      url=f"/sa/categories/{TEAS_ID}/", also=("detail",))
    c("admin-contacts", "listing",
      "admin 'Contacts': a table of the customers", url="/sa/contacts/", then=wait(1500))
    c("admin-contact", "detail",
      "admin page of the contact Alice Liddell: her details, addresses, orders",
      url=f"/sa/contacts/{ALICE_CONTACT}/")
    c("admin-cms-pages", "listing",
      "admin 'Pages': a table of the shop's two CMS pages", url="/sa/cms/page/", then=wait(1500))
    c("admin-reports", "form",
      "admin 'Reports': a form to choose a report, its dates and format, and make it",
      url="/sa/reports/")
    c("admin-settings", "form",
      "admin 'Settings': sections of the shop's system settings (order reference numbers and "
      "more) as fields, with 'Save system settings'", url="/sa/settings/")
    c("admin-order-missing", "error",
      "an order that does not exist in the admin (/sa/orders/99/)", url="/sa/orders/99/")
    out.close()
    return out.written


# fmt: on


def shuup(browser: Any, base: str) -> list[Path]:
    return (visitor(browser, base) + alice(browser, base) + newcomer(browser, base)
            + staff(browser, base))  # fmt: skip


APPS = {"shuup": shuup}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
