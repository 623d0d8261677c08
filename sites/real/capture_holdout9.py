"""Capture the labelled HOLDOUT page corpus of sites/real/holdout9/pages from a django-oscar shop.

The ninth holdout app (django-oscar 4.2.1 on Django 5.2, an online shop: the "Wonderland
Provisions" project of `sites/real/holdout9/shop`) was never used to tune the page-state
classifier; its pages measure it honestly. Run by hand, not by tests, after a fresh
`sites/real/holdout9/setup` with the shop running:

    sites/real/holdout9/setup
    sites/real/holdout9/start 8092 &
    .venv/bin/python sites/real/capture_holdout9.py              # or: --oscar URL

Three browser sessions: a visitor, the customer alice (signed in through the shop's sign-in
form with her e-mail address) and the staff user dinah (the dashboard). Each page is read
through the project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation response),
and written in exactly the format of sites/real/pages (see sites/real/pages/README.md). The
labels below were decided by hand, one page at a time, from what each page is for; the
classifier and the site profiles were not consulted. The agent's password is redacted.

Capturing changes the shop: it fills baskets, sends a password-reset mail and places one
order for alice (to show the thank-you page), so run `setup` again before a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, redact, submit  # noqa: F401
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout9" / "pages"
PORTS = {"oscar": 8092}

ALICE = "alice@wonderland.test"  # Oscar signs in with the e-mail address
DINAH = "dinah@wonderland.test"  # staff (superuser)
TEA = "/catalogue/mad-hatters-earl-grey_2/"  # a product with two reviews
WATCH = "/catalogue/white-rabbit-pocket-watch_14/"
CAKE = "/catalogue/eat-me-fruit-cake_8/"
TEAS = "/catalogue/category/tea-party/teas_2/"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:  # noqa: N802
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def sign_in(p: Page, email: str = ALICE, password: str = PASSWORD) -> None:
    """Fill and send the sign-in half of /accounts/login/."""
    p.fill("#id_login-username", email)
    p.fill("#id_login-password", password)
    submit(p, "button[name=login_submit]")


def add_to_basket(p: Page) -> None:
    """Press a product page's 'Add to basket' (Oscar comes back to the product page)."""
    submit(p, "#add_to_basket_form button[type=submit]")


def fill_register(p: Page) -> None:
    p.fill("#id_registration-email", "mad.hatter@wonderland.test")
    p.fill("#id_registration-password1", "Twinkle-twinkle-bat-1")
    p.fill("#id_registration-password2", "Twinkle-twinkle-bat-2")
    submit(p, "button[name=registration_submit]")


def reset_password(p: Page) -> None:
    p.fill("input[name=email]", ALICE)
    submit(p, "form#password_reset_form button[type=submit], main form button[type=submit]")


def apply_voucher(p: Page) -> None:
    p.get_by_role("link", name="I have a voucher code...").click()
    p.fill("#id_code", "CURIOUSER")
    submit(p, "#voucher_form button[type=submit]")


def click_link(name: str) -> Any:
    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.get_by_role("link", name=name, exact=True).first.click()

    return run


def press(name: str) -> Any:
    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.get_by_role("button", name=name).first.click()

    return run


# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:  # noqa: PLR0915 (one page a step)
    out = Session(browser, "oscar", base, signed_in=False)
    c = out.capture
    c("home", "listing",
      "the shop's home (/ redirects to /catalogue/, 'All products'): a category tree and facets "
      "beside a grid of the first 20 of 26 products (picture, price, stock, Add to basket), a "
      "sort menu and a pager", url="/")
    c("catalogue-page-2", "listing",
      "page 2 of All products: the last 6 products of the grid ('showing 21 to 26'), with the "
      "category tree, facets and pager", url="/catalogue/?page=2")
    c("catalogue-sorted", "listing",
      "All products sorted 'Price low to high': the same grid of product cards in price order",
      url="/catalogue/?sort_by=price-asc")
    c("category", "listing",
      "the Teas category (Tea Party / Teas): its description and a grid of its 7 teas with "
      "prices and Add to basket buttons", url=TEAS)
    c("product", "detail",
      "one product's page (Mad Hatter's Earl Grey): picture, price, stock, Add to basket, the "
      "description, a table of product information and its two customer reviews", url=TEA)
    c("product-out-of-stock", "detail",
      "an out-of-stock product's page: price, 'Unavailable', a 'Notify me' e-mail alert box "
      "instead of Add to basket, the description and information table",
      url="/catalogue/caucus-race-starter-pistol_26/")
    c("product-reviews", "listing",
      "all reviews of one product: the product's summary on top, a sort box, then the two "
      "reviews (title, text, author, date)", url=TEA + "reviews/")
    c("review-form", "form",
      "'Write a review' for a visitor: the product's page with a 'Leave a product review' form "
      "(title, score, body, name, e-mail, Save review) below its description",
      url=TEA + "reviews/add/", also=("detail",))
    c("search-hits", "search_results",
      "the header search for 'tea': 'Products matching \"tea\"', 'Found 3 results', a sort box and "
      "the matching product cards", url="/search/?q=tea")
    c("search-no-hits", "search_results",
      "the header search for 'jabberwock': 'Products matching \"jabberwock\"' and 'Found 0 "
      "results.'", url="/search/?q=jabberwock")
    c("offers", "listing",
      "the Offers page: the one site offer ('Unbirthday Tea Sale', its description) with a grid "
      "of the teas it applies to", url="/offers/")
    c("about", "article",
      "the shop's 'About Wonderland Provisions' page (a flat page): a heading and two "
      "paragraphs of text", url="/about/")
    c("product-not-found", "error",
      "a product URL that does not exist: 'Page not found!', an apology and 'Go to homepage' "
      "(HTTP 404)", url="/catalogue/nosuch_999/")
    c("basket-empty", "listing",
      "the visitor's basket before adding anything: 'Basket' and 'Your basket is empty. "
      "Continue shopping'", url="/basket/", also=("other",))
    c("added-to-basket", "detail",
      "a product's page right after Add to basket: two alerts ('Eat Me Fruit Cake has been "
      "added to your basket', the new total with View basket / Checkout now) above the product",
      url=CAKE, then=add_to_basket, also=("confirmation",))
    out.goto(TEA)
    add_to_basket(out.page)
    c("basket", "listing",
      "the basket with two products: rows of item, quantity box with Update / Remove, price and "
      "total, a voucher link, a totals table (tea discount, shipping) and 'Proceed to checkout'",
      url="/basket/", also=("form",))
    c("basket-voucher", "listing",
      "the basket after sending the voucher code CURIOUSER: the same rows and totals with the "
      "shop's answer about the voucher in an alert on top",
      then=apply_voucher, also=("form", "confirmation"))
    c("checkout-signed-out", "login",
      "Checkout asked for by a visitor: redirected to 'Login or register' (?next=/checkout/): a "
      "Log In form (e-mail, password) beside a Register form", url="/checkout/", also=("form",))
    c("login", "login",
      "the 'Login or register' page: a Log In form (e-mail address, password, forgotten-password "
      "link) beside a Register form (e-mail, password twice)", url="/accounts/login/",
      also=("form",))
    c("login-failed", "login",
      "Log In sent with a wrong password: the same page with 'Oops! We found some errors' and "
      "'Please enter a correct username and password' over the Log In form",
      url="/accounts/login/", then=lambda p: sign_in(p, ALICE, "not-the-password"),
      also=("error",))
    c("register-failed", "login",
      "Register sent with two different passwords: the 'Login or register' page again, the "
      "Register half with 'Oops! We found some errors' and 'The two password fields didn't "
      "match.'", url="/accounts/login/", then=fill_register, also=("form", "error"))
    c("password-reset", "form",
      "'Password reset': a sentence, one Email field and 'Send reset email'",
      url="/password-reset/")
    c("password-reset-sent", "confirmation",
      "after sending the reset form: 'Email sent', 'We've e-mailed you instructions for "
      "resetting your password...'", url="/password-reset/", then=reset_password)
    c("dashboard-signed-out", "login",
      "the staff dashboard asked for by a visitor: redirected to a bare dashboard sign-in page "
      "(shop name, Username, Password, Login)", url="/dashboard/")
    out.close()
    return out.written


# -- alice ----------------------------------------------------------------------------------------
def customer(browser: Any, base: str) -> list[Path]:  # noqa: PLR0915 (one page a step)
    into = Session(browser, "oscar", base, signed_in=True)
    into.goto("/accounts/login/")
    c = into.capture
    c("login-welcome", "detail",
      "right after signing in: alice's Profile (name, e-mail, date registered, Change password / "
      "Edit profile / Delete profile, the account menu) with a 'Welcome back' alert",
      then=sign_in, also=("confirmation",))
    c("home-signed-in", "listing",
      "the home page (All products) signed in as alice: the category tree, facets and the grid "
      "of 20 of 26 products with a pager", url="/")
    c("product-signed-in", "detail",
      "the White Rabbit Pocket Watch's page signed in: picture, price, stock, Add to basket, an "
      "enabled 'Add to wish list', description and information table", url=WATCH)
    c("profile-edit", "form",
      "'Edit Profile': first name, last name and e-mail fields filled in, Save or cancel, beside "
      "the account menu", url="/accounts/profile/edit/")
    c("change-password", "form",
      "'Change Password': old password, new password and confirmation fields",
      url="/accounts/change-password/")
    c("orders", "listing",
      "'Order History': a filter form (from/to date, order number) and a table of alice's one "
      "past order (number, items, total, date)", url="/accounts/orders/")
    c("order", "detail",
      "one past order (#100042): its status, lines with prices, totals, the shipping address and "
      "method", url="/accounts/orders/100042/")
    c("order-not-found", "error",
      "an order number alice does not have: 'Page not found!' (HTTP 404)",
      url="/accounts/orders/999999/")
    c("addresses", "listing",
      "'Address Book': a table of alice's two addresses (default shipping / billing marked) "
      "with Edit and delete actions, and 'Add a new address'", url="/accounts/addresses/")
    c("address-add", "form",
      "'Add a new address': name, address lines, city, county, postcode, country, phone and "
      "instructions fields, Save or cancel", url="/accounts/addresses/add/")
    c("wishlists", "listing",
      "'Wish Lists': a table of alice's one wish list (name, number of products, View) and "
      "'Create a new wish list'", url="/accounts/wishlists/")
    c("wishlist", "listing",
      "one wish list, 'Unbirthday wishes': a table of its three products with quantity boxes, "
      "View product and remove actions, 'Update quantities'",
      then=click_link("Unbirthday wishes"))
    c("dashboard-not-staff", "error",
      "the staff dashboard asked for by alice (not staff): 'Permission denied!', 'We're sorry "
      "but you are not permitted to access this page.' (HTTP 403)", url="/dashboard/")
    into.goto(WATCH)
    add_to_basket(into.page)
    into.goto(TEA)
    add_to_basket(into.page)
    c("basket-signed-in", "listing",
      "alice's basket with the pocket watch and a tea: item rows with quantity boxes, the totals "
      "table with the tea discount and shipping, 'Proceed to checkout'", url="/basket/",
      also=("form",))
    c("checkout-shipping-address", "form",
      "checkout step 1, 'Shipping address': 'Ship to' buttons for the two addresses of her "
      "address book and a new-address form (name, lines, city, postcode, country...)",
      url="/checkout/")
    c("checkout-shipping-method", "form",
      "checkout step 2, 'Shipping method': two methods with their cost (Standard £3.50, Express "
      "£7.95), each with a 'Select option' button", then=press("Ship to this address"))
    c("checkout-payment", "other",
      "checkout step 3, 'Enter payment details': Oscar's placeholder ('This page needs "
      "implementing within your project...', links to payment libraries) and a Continue link",
      then=press("Select option"))
    c("checkout-preview", "form",
      "checkout step 4, 'Preview order': address, shipping method, payment, order contents and "
      "totals, each with Change links, and the 'Place order' button",
      then=click_link("Continue"), also=("detail",))
    c("checkout-thank-you", "confirmation",
      "after Place order: 'Order 100003: confirmation', 'Your order has been placed and a "
      "confirmation email has been sent...', then the order's address, contents and totals",
      then=press("Place order"), also=("detail",))

    def log_out(p: Page) -> None:
        click_link("Logout")(p)
        into.signed_in = False

    c("logged-out", "listing",
      "after Logout (from the account page): the visitor's All products page, no message",
      url="/accounts/profile/", then=log_out)
    into.close()
    return into.written


# -- dinah (staff) --------------------------------------------------------------------------------
def staff(browser: Any, base: str) -> list[Path]:
    into = Session(browser, "oscar", base, signed_in=True)
    into.goto("/accounts/login/")
    sign_in(into.page, DINAH)
    c = into.capture
    c("dashboard", "other",
      "the staff dashboard's index: store statistics, a chart of the last 24 hours' orders and "
      "summary tables (orders, customers, stock, offers) with Manage links",
      url="/dashboard/", also=("listing",))
    c("dashboard-orders", "listing",
      "dashboard Orders: an order-number search box and a table of all orders (number, total, "
      "items, status, customer, addresses, date, View) with a CSV download",
      url="/dashboard/orders/")
    c("dashboard-order", "detail",
      "dashboard view of order #100042: customer and order information tables, the lines with "
      "status controls, status changes, shipping and payment events",
      url="/dashboard/orders/100042/")
    c("dashboard-products", "listing",
      "dashboard Products: create and search forms, bulk actions and a table of the first 20 "
      "of 26 products (title, UPC, type, stock records, Actions) with a pager",
      url="/dashboard/catalogue/")
    c("dashboard-product-edit", "form",
      "dashboard edit page of one product: sections (details, stock and pricing, categories, "
      "images...) of fields with the title, UPC and description filled in, Save buttons",
      url="/dashboard/catalogue/products/2/", also=("detail",))
    c("dashboard-customers", "listing",
      "dashboard Customers: a customer search form and a table of the two users",
      url="/dashboard/users/")
    into.close()
    return into.written


def oscar(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + customer(browser, base) + staff(browser, base)


APPS = {"oscar": oscar}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
