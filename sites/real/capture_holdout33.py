"""Capture the labelled HOLDOUT page corpus of sites/real/holdout33/pages from pretix.

The thirty-third holdout app (pretix 2026.8.0, the ticket shop from PyPI `pretix`: a public
presale shop per event and an organizer's control panel, on SQLite, served by gunicorn with its
static files through WhiteNoise, seeded by `sites/real/holdout33/setup` with "Wonderland
Events": four events (the Mad Tea Party with six products, a sold-out one and one with sizes,
two questions and two vouchers; the Queen's croquet tournament; a past caucus-race; a draft
lobster quadrille that is not live), ten orders, three users in teams, a customer account)
was never used to tune the page-state classifier; its pages measure it honestly. Run by hand,
not by tests, with the app freshly set up and running:

    sites/real/holdout33/setup
    sites/real/holdout33/start 8115 &
    .venv/bin/python sites/real/capture_holdout33.py              # or: --pretix URL

Four browser sessions. A visitor of the shop: the organizer's page (list, calendar), the
events' front pages (a running presale, a second one, a past one, a shop not live, a missing
event), a voucher (the form, a good code, an unknown one), too many tickets asked, the cart,
the checkout steps (customer account, your information, payment, review), the order placed,
the order's page, its cancellation and what follows it, a wrong order link, the "resend order
link" form, the customer sign-in (and a failed one), registration (and what follows it) and the
forgotten password (and what follows it); the control panel's sign-in, a failed sign-in, its
forgotten-password form (and what follows it), a sign-in refused for lost cookies (CSRF), the
registration form, a deep link. Then alice as a customer of the shop: her account (orders), an
order, her details, her (empty) addresses, an event page and the checkout's first step when
signed in, signing out. Then alice in the control panel, on the organizer's team: the
dashboard, events (list, a search, a search with no match), an event's dashboard, products
(list, one, create, delete and what follows), quotas, a quota, questions, orders (list, the
order search page, searches with and without matches, one order, marking it paid), vouchers,
the event's settings (and saving them), payment settings, the organizer's pages (events, teams,
a team, a customer), her own settings, the new-event wizard, a missing order, a shop not live
seen by the team, signing out. Then the Mad Hatter, on the box-office team that may only look
at orders, products and vouchers: the products (read only), and the settings and a product he
may not open. Each page is read through the project's own
browser launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the
HTTP status of the main document (the last navigation response), and written in exactly the
format of sites/real/pages (see sites/real/pages/README.md). The labels below were decided by
hand, one page at a time, from what each page is for; the classifier and the site profiles
were not consulted.

Capturing changes the app (places and cancels an order, marks one paid, creates and deletes a
product, saves settings): run `setup` again before a re-capture, as the ids and quotas are
those of a fresh seed.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import capturing
from capturing import PASSWORD, click_link, guarded, steps, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout33" / "pages"
PORTS = {"pretix": 8115}

ALICE = "alice@wonderland.example"  # pretix signs in with an e-mail address
HATTER = "hatter@wonderland.example"  # same password as alice (so it is redacted too)
SHOP = "/wonderland"
TEA = "/wonderland/tea-party"
CONTROL_TEA = "/control/event/wonderland/tea-party"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    out = capturing.Session(*args, pages=PAGES, settle_ms=600, **kwargs)
    out.page.set_default_timeout(30000)
    return out


# -- steps ----------------------------------------------------------------------------------------
def control_sign_in(email: str, password: str) -> Callable[[Page], None]:
    """Fill the control panel's sign-in form and send it."""

    def run(page: Page) -> None:
        page.fill("input[name=email]", email)
        page.fill("input[name=password]", password)
        submit(page, "form button[type=submit]")

    return run


def customer_sign_in(email: str, password: str) -> Callable[[Page], None]:
    """Fill the shop's customer sign-in form and send it."""

    def run(page: Page) -> None:
        page.fill("main input[name=email]", email)
        page.fill("main input[name=password]", password)
        submit(page, "main form button[type=submit]")

    return run


def quantities(**wanted: int) -> Callable[[Page], None]:
    """Type quantities into the shop's product list (by the products' names)."""

    def run(page: Page) -> None:
        for name, n in wanted.items():
            page.get_by_role("spinbutton", name=name.replace("_", " "), exact=True).fill(str(n))

    return run


def press(name: str, exact: bool = True) -> Callable[[Page], None]:
    """Click a button by its name and wait for the page it leads to (`exact=False`: a name
    that starts with an icon font's glyph)."""

    def run(page: Page) -> None:
        with page.expect_navigation(wait_until="load"):
            page.get_by_role("button", name=name, exact=exact).first.click()

    return run


def fill(selector: str, value: str) -> Callable[[Page], None]:
    return lambda page: page.fill(selector, value)


def fill_role(role: str, name: str, value: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_role(role, name=name).first.fill(value)  # type: ignore[arg-type]


def select(name: str, label: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_role("combobox", name=name).first.select_option(label=label)


def choose(text: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_text(text, exact=True).first.click()


def place_order(page: Page) -> None:
    """Place the order on the review step: pretix sends it, shows "Please hang tight" and then
    goes on to the order's page."""
    page.get_by_role("button", name="Place binding order").click()
    page.wait_for_url("**/order/**", timeout=60000)
    page.wait_for_load_state("load")


def open_row(text: str, table: str = "table") -> Callable[[Page], None]:
    """Open the first link of the table row that holds `text` (an order, a customer)."""

    def run(page: Page) -> None:
        with page.expect_navigation(wait_until="load"):
            page.locator(f"{table} tbody tr", has_text=text).first.locator("a").first.click()

    return run


def follow_link(name: str) -> Callable[[Page], None]:
    """Follow the first link in the page's main part called (or starting with an icon glyph
    and then) `name`, by its address: the shop opens some links in a new tab."""

    def run(page: Page) -> None:
        href = page.locator("main").get_by_role("link", name=name).first.get_attribute("href")
        page.goto(urljoin(page.url, href or ""), wait_until="load")

    return run


def dashboard_drawn(page: Page) -> None:
    """The control panel's dashboards draw their boxes with a script: wait for them."""
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)


ORDER: dict[str, str] = {}  # the visitor's order: its page's path


def remember_order(page: Page) -> None:
    ORDER["path"] = page.url.split("://", 1)[1].split("/", 1)[1].split("?")[0]


# fmt: off
# -- a visitor of the shop (and of the control panel's sign-in) ------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "pretix", base, signed_in=False)
    c = guarded(out)
    c("organizer", "listing",
      "the organizer's shop front (/wonderland/): its name, a paragraph about it, 'Upcoming "
      "events' as a list of events with date, time, 'Buy now' and a 'Tickets' link, views "
      "List/Week/Month/Day, iCal, 'Log in'", url=SHOP + "/")
    c("organizer-calendar", "listing",
      "the organizer's events as a month calendar (?style=calendar&date=2027-03): 'Events in "
      "March 2027', month navigation and a month picker, a grid of days ('No events' or the "
      "tea party with its times and 'Buy now')", url=SHOP + "/?style=calendar&date=2027-03",
      also=("other",))
    c("event", "detail",
      "the Mad Tea Party's shop page: its name, date, a paragraph, where and when, then "
      "'Products' by category (tickets, merchandise) each with description, price, places left "
      "and a quantity box (the Dormouse's seat 'SOLD OUT'), 'Add to cart', and a 'Redeem a "
      "voucher' box",
      url=TEA + "/", also=("form", "listing"))
    c("event-croquet", "detail",
      "the croquet tournament's shop page: name, date, text, place and time, two products "
      "with quantity boxes (the spectator's with a 'Set price in EUR' box: pay what you like), "
      "'Add to cart'",
      url=SHOP + "/croquet/", also=("form", "listing"))
    c("event-past", "detail",
      "a past event (the Caucus-Race 2026): 'The booking period for this event is over.' above "
      "the event's place and date and its one product with the quantity box disabled, 'Resend "
      "order link'",
      url=SHOP + "/caucus-race/", also=("error",))
    c("event-offline", "error",
      "an event whose shop is not live, asked by a visitor: 'Shop offline', 'This ticket shop "
      "is currently turned off. It is only accessible to authenticated team members.' (HTTP 403)",
      url=SHOP + "/lobster-quadrille/")
    c("event-missing", "error",
      "an event that does not exist (/wonderland/jabberwock/): 'Not found', 'The selected event "
      "was not found.' (HTTP 404)", url=SHOP + "/jabberwock/")
    c("voucher-form", "form",
      "'Redeem a voucher' (/redeem): one box for the voucher code and 'Redeem voucher' under the "
      "event's name", url=TEA + "/redeem")
    c("voucher-unknown", "detail",
      "an unknown voucher code sent: back on the event's shop page with 'Error: This voucher code "
      "is not known in our database.' at the top, the products below",
      url=TEA + "/redeem?voucher=JABBERWOCK", also=("error", "form"))
    c("voucher-good", "listing",
      "a good voucher code (CHESHIRE): 'Voucher redemption', 'You entered a voucher code that "
      "allows you to buy one of the following products at the specified price', the products "
      "with their old and new prices and quantity boxes, 'Add to cart'",
      url=TEA + "/redeem?voucher=CHESHIRE", also=("form",))
    c("too-many", "detail",
      "six seats next to the Hatter asked for when three are left: the event's page again with "
      "'Error: Some of the products you selected are no longer available in the quantity you "
      "selected...' over it, and the three that were left put in the cart (the cart table)",
      url=TEA + "/", then=steps(quantities(**{"Seat_next_to_the_Hatter": 6}), press("Add to cart")),
      also=("error", "form"))
    c("cart", "detail",
      "a ticket and a mug put in the cart: the event's page with 'The products have been "
      "successfully added to your cart.', the cart as a table (product, quantity, price, total, "
      "reserved for 29 minutes, 'Proceed with checkout', 'Empty cart', 'Redeem a voucher'), "
      "then the event's text and products",
      then=steps(press("Empty cart", exact=False), quantities(Regular_ticket=1, Teapot_mug=1),
                 press("Add to cart")),
      also=("confirmation", "form", "listing"))
    c("checkout-customer", "form",
      "checkout step 1 of 4, 'Customer account': the cart beside, the steps, three choices "
      "(log in with a customer account, create one, continue as a guest), 'Continue'",
      then=press("Proceed with checkout"))
    c("checkout-questions", "form",
      "checkout step 2, 'Your information': 'Before we continue, we need you to answer some "
      "questions', e-mail, the attendee's given and family names, a required choice (milk, "
      "lemon or nothing), an optional question, 'Continue'",
      then=steps(choose("Continue as a guest"), press("Continue")))
    c("checkout-payment", "form",
      "checkout step 3, 'Payment': 'Please select how you want to pay', bank transfer chosen "
      "with the bank's details, 'Continue'",
      then=steps(fill_role("textbox", "Email", "gryphon@wonderland.example"),
                 fill_role("textbox", "Given name", "Gryphon"),
                 fill_role("textbox", "Family name", "of the Sea"),
                 select("Do you take milk", "Lemon"), press("Continue")))
    c("checkout-review", "form",
      "'Review order': 'Please review the details below and confirm your order', the cart with "
      "the attendee's answers, the payment and the contact with 'Modify' links, 'Place binding "
      "order'", then=press("Continue"), also=("detail",))
    c("order-placed", "confirmation",
      "after placing the order: 'Thank you!', 'Your order has been placed successfully', 'we "
      "still await your payment', then the order's page (code, status 'Payment pending', bank "
      "details and reference, the items, 'Cancel order')", then=steps(place_order, remember_order),
      also=("detail",))
    out.settle()
    order = ORDER.get("path", TEA + "/order/NONE/none/")
    c("order", "detail",
      "the order's own page from its link (without the thanks): 'Order <code>', status "
      "'Payment pending', the payment box with bank details and reference, the ordered items "
      "with the attendee's answers, contact, 'Cancel your order'", url="/" + order)
    c("order-cancel", "form",
      "'Cancel order: <code>': 'If you cancel this order, all tickets will be invalidated and "
      "you can no longer use them. You cannot revert this action.', the refund amount, 'No, "
      "take me back' and 'Yes, cancel order'",
      url="/" + order + "cancel")
    c("order-canceled", "detail",
      "after cancelling: 'The order has been canceled.' above the order's page, status "
      "'Canceled', the items, the contact", then=press("Yes, cancel order"),
      also=("confirmation",))
    c("order-wrong-link", "error",
      "an order link with a wrong secret: pretix's 'Not found' page ('I'm afraid we could not "
      "find the the resource you requested.', HTTP 404)", url=TEA + "/order/ABCDE/not-the-secret/")
    c("resend-link", "form",
      "'Resend order link' (from an event's page): 'If you lost the link to your order, please "
      "enter the email address you used for your order', one e-mail box and 'Send links'",
      url=TEA + "/resend/")
    c("customer-login", "login",
      "the shop's customer sign-in (/wonderland/account/login): 'Sign in to your account at "
      "Wonderland Events', e-mail and password, 'Forgot your password?', 'Create account', "
      "'Log in'", url=SHOP + "/account/login")
    c("customer-login-failed", "login",
      "the shop's sign-in sent with a wrong password: the same form with 'We have not found an "
      "account with this email address and password.' and both fields marked 'has errors'",
      then=customer_sign_in(ALICE, "not-the-password"), also=("error",))
    c("customer-register", "form",
      "'Create a new account at Wonderland Events': name, e-mail, 'What is the result of 3 + "
      "3?', 'Log in to an existing account', 'Create account'",
      url=SHOP + "/account/register")
    c("customer-registered", "login",
      "the registration sent (Bill the Lizard): back on the shop's sign-in form with 'Your "
      "account has been created. Please follow the link in the email we sent you to activate "
      "your account and choose a password.' above it",
      then=steps(fill("main input[name=name_parts_0]", "Bill the Lizard"),
                 fill("main input[name=email]", "bill@wonderland.example"),
                 answer_challenge, submit_main),
      also=("confirmation",))
    c("customer-pwreset", "form",
      "the shop's 'Request a new password': one e-mail box, 'Log in' and 'Request a new "
      "password'",
      url=SHOP + "/account/pwreset", also=("login",))
    c("customer-pwreset-sent", "login",
      "the forgotten-password form sent: back on the sign-in form with 'We've sent you an email "
      "with further instructions on resetting your password.' above it",
      then=steps(fill("main input[name=email]", ALICE), submit_main), also=("confirmation",))
    c("control-login", "login",
      "the control panel for a visitor (/control/ sends to /control/login): 'Wonderland "
      "Tickets', E-mail and Password, 'Keep me logged in', 'Log in', 'Lost password?', "
      "'Register'", url="/control/")
    c("control-login-failed", "login",
      "the control panel's sign-in with a wrong password: the form again with 'This "
      "combination of credentials is not known to our system.'",
      then=control_sign_in(ALICE, "not-the-password"), also=("error",))
    c("control-forgot", "form",
      "'Lost password?': 'Password recovery', one e-mail box and 'Send recovery information'",
      url="/control/forgot", also=("login",))
    c("control-forgot-sent", "confirmation",
      "the password recovery sent: the same 'Password recovery' form with 'If the address is "
      "registered to valid account, then we have sent you an email containing further "
      "instructions.' above it",
      then=steps(fill("input[name=email]", ALICE), submit_form), also=("form",))
    c("control-csrf", "error",
      "the control panel's sign-in sent after the browser lost its cookies: 'Verification "
      "failed', 'We could not verify that this request really was sent from you...', a "
      "paragraph on cookies, 'Take a step back' (HTTP 403)",
      url="/control/login",
      then=steps(lambda page: page.context.clear_cookies(), control_sign_in(ALICE, "x")))
    c("control-register", "form",
      "the control panel's 'Create a new account': e-mail, password twice, 'Keep me logged "
      "in', '« Login' and 'Register'",
      url="/control/register")
    c("control-deep-link", "login",
      "a link into an event's orders followed by a visitor: the sign-in form, with the address "
      "kept to go on to (?next=...)", url=CONTROL_TEA + "/orders/")
    out.close()
    return out.written


def answer_challenge(page: Page) -> None:
    """Answer the registration's sum ("What is the result of 3 + 3?"), as a person does."""
    question = page.locator("main label[for=id_response]").inner_text()
    a, b = (int(n) for n in re.findall(r"\d+", question)[:2])
    page.fill("main input[name=response]", str(a + b))


def submit_main(page: Page) -> None:
    submit(page, "main form button[type=submit]")


def submit_form(page: Page) -> None:
    submit(page, "form button[type=submit]")


# -- alice as a customer of the shop ---------------------------------------------------------------
def customer(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "pretix", base, signed_in=True)
    c = guarded(out)
    out.goto(SHOP + "/account/login")
    customer_sign_in(ALICE, PASSWORD)(out.page)
    c("account", "listing",
      "alice's customer account after signing in (/wonderland/account/): 'Your account', her "
      "name, e-mail and customer ID, links to change them, tabs (orders, memberships, gift "
      "cards, addresses, attendee profiles), 'Orders (1)': her one order (code, 'Payment "
      "pending', date, total, event, 'Details')", url=SHOP + "/account/", also=("detail",))
    c("account-order", "detail",
      "alice's pending order opened from her account: code, status 'Payment pending', payment "
      "box with the bank details, her ticket and the hat with its size, contact",
      then=follow_link("Details"))
    c("account-change", "form",
      "'Update your account information': name, e-mail and phone (with its long list of area "
      "codes), 'Save'",
      url=SHOP + "/account/change", also=("detail",))
    c("account-addresses", "listing",
      "'Addresses (0)' of her account: the account's header and tabs, then 'You don't have any "
      "addresses in your account yet.'", url=SHOP + "/account/addresses", also=("other",))
    c("event-signed-in", "detail",
      "the tea party's shop page with alice signed in (her name in the banner): the event's "
      "facts and products with quantity boxes", url=TEA + "/", also=("form", "listing"))
    c("checkout-signed-in", "form",
      "checkout's first step signed in: 'Customer account' with 'Log in with a customer account' "
      "chosen, 'You are currently logged in with the following credentials' (her e-mail, name, "
      "ID), the other two choices, 'Continue'",
      url=TEA + "/", then=steps(quantities(Unbirthday_ticket=1), press("Add to cart"),
                                press("Proceed with checkout")))
    out.signed_in = False  # the page shown after signing out
    c("customer-logout", "listing",
      "after 'Log out' of the shop: back on the organizer's page (the list of upcoming events, "
      "'Log in' in the banner again), with no message", url=SHOP + "/account/logout")
    out.close()
    return out.written


# -- alice in the control panel --------------------------------------------------------------------
def control(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "pretix", base, signed_in=True)
    c = guarded(out)
    out.goto("/control/login")
    control_sign_in(ALICE, PASSWORD)(out.page)
    c("dashboard", "listing",
      "the control panel's dashboard after signing in: 'Dashboard', 'Go to event' box, 'Your "
      "upcoming events' as tiles (name, date, numbers), 'Create a new event', 'Your most recent "
      "events'", url="/control/", then=dashboard_drawn, also=("other",))
    c("events", "listing",
      "'Events': a filter (event name, status, dates, organizer), 'Create a new event', the "
      "events as a table (name, dates, status, paid tickets/quota)", url="/control/events/")
    c("events-search", "search_results",
      "'croquet' typed into the event list's name filter: the table with one event",
      url="/control/events/",
      then=steps(fill_role("textbox", "Event name", "croquet"), press("Filter", exact=False)),
      also=("listing",))
    c("events-search-none", "search_results",
      "'jabberwock' in the event list's name filter: the filter and no event in the table",
      url="/control/events/",
      then=steps(fill_role("textbox", "Event name", "jabberwock"), press("Filter", exact=False)),
      also=("listing",))
    c("event-dashboard", "other",
      "the tea party's dashboard in the control panel: shop URL, 'Your timeline' (sales start, "
      "end, admission, start, end), boxes of numbers that are links (shop live, attendees "
      "ordered and paid, revenue, products, what is left of each quota), an internal comment "
      "box, the event's log",
      url=CONTROL_TEA + "/", then=dashboard_drawn, also=("listing", "detail"))
    c("products", "listing",
      "'Products': 'Create a new product', the products as a table grouped by category (name, "
      "flags, default price, buttons to edit, copy, delete)", url=CONTROL_TEA + "/items/")
    c("product", "form",
      "the 'Regular ticket' product: a long form in tabs (general, price, availability, "
      "check-in...) with its name, category, description, price, 'Save'",
      url=CONTROL_TEA + "/items/1/", also=("detail",))
    c("product-add", "form",
      "'Create product' ('You will be able to adjust further settings in the next step'): name, "
      "copy from, product type, personalization, variations or not, price settings, quota; "
      "'Save and continue with more settings'", url=CONTROL_TEA + "/items/add")
    c("product-created", "form",
      "after creating 'Cheshire grin badge': 'Your changes have been saved.' above the new "
      "product's full form ('Modify product: Cheshire grin badge', tabs), with a note that it "
      "is not for sale until it is in a quota",
      then=steps(fill("input[name=name_0]", "Cheshire grin badge"),
                 fill("input[name=default_price]", "4.00"),
                 press("Save and continue with more settings")),
      also=("confirmation", "detail"))
    c("product-delete", "form",
      "'Delete product': 'Are you sure you want to delete the product Cheshire grin badge?', "
      "'Cancel' and 'Delete'", url=CONTROL_TEA + "/items/10/delete")
    c("product-deleted", "listing",
      "after deleting it: the products table with 'The selected product has been deleted.'",
      then=press("Delete"), also=("confirmation",))
    c("quotas", "listing",
      "'Quotas': a table of quotas (name, products, total, left), 'Create a new quota'",
      url=CONTROL_TEA + "/quotas/")
    c("quota", "detail",
      "the quota 'Seats at the table': its products, size, and how many are paid, pending, "
      "in carts, left, as a chart and a table, 'Edit quota'", url=CONTROL_TEA + "/quotas/1/")
    c("questions", "listing",
      "'Questions': the questions asked at checkout (the attendee's name and the two questions "
      "of the seed) as a table with their types and products, 'Create a new question'",
      url=CONTROL_TEA + "/questions/")
    c("orders", "listing",
      "'Orders': a filter, the orders as a table (code, e-mail, date, total, status), export",
      url=CONTROL_TEA + "/orders/")
    c("orders-search", "search_results",
      "'hatter' typed into the order list's search box: the one order of the Mad Hatter",
      url=CONTROL_TEA + "/orders/?query=hatter", also=("listing",))
    c("order-search-page", "search",
      "the control panel's 'Order search' (Search → Orders) before searching: a filter box "
      "(search for, order status, organizer, payment provider, 'Filter') over a table of all "
      "the orders she may see", url="/control/search/orders/", also=("listing",))
    c("order-search", "search_results",
      "the control panel's own order search (Search → orders) for 'Dormouse': the matching "
      "order across events", url="/control/search/orders/?query=Dormouse", also=("listing",))
    c("order-search-none", "search_results",
      "the order search for 'Jabberwock': the search box and no order found",
      url="/control/search/orders/?query=Jabberwock", also=("listing",))
    c("order-detail", "detail",
      "the caterpillar's pending order in the control panel: 'Order details: <code> Pending', "
      "buttons (mark as paid, extend, cancel, view as user...), the order's details, positions, "
      "payments, contact, history",
      url=CONTROL_TEA + "/orders/", then=open_row("caterpillar@"))
    c("order-mark-paid", "form",
      "'Mark order as paid': 'Do you really want to create a manual payment for this order?', "
      "the amount, the payment date, 'Notify customer by email', 'Cancel' and 'Create payment'",
      then=click_link("Mark as paid", exact=False))
    c("order-paid", "detail",
      "after marking it paid: 'The payment has been created successfully.' above the order's "
      "page, now 'Order details: <code> Paid'", then=press("Create payment"),
      also=("confirmation",))
    c("vouchers", "listing",
      "'Vouchers': a filter, 'Create a new voucher' and 'Create multiple', the two vouchers as "
      "a table (code, redeemed, expiry, product)", url=CONTROL_TEA + "/vouchers/")
    c("settings", "form",
      "the event's 'General settings': name, short form, dates, location, shop texts and many "
      "more fields in sections, 'Save'", url=CONTROL_TEA + "/settings/")
    c("settings-saved", "form",
      "the general settings saved: the same form with 'Your changes have been saved.'",
      then=press("Save"), also=("confirmation",))
    c("settings-payment", "form",
      "'Payment settings': the payment providers (bank transfer enabled, others) with 'Settings' "
      "buttons, then the deadlines and fees form, 'Save'", url=CONTROL_TEA + "/settings/payment",
      also=("listing",))
    c("organizer-page", "listing",
      "'Organizer: Wonderland Events' in the control panel: a filter, 'Create a new event', the "
      "organizer's events as a table", url="/control/organizer/wonderland/")
    c("teams", "listing",
      "'Teams': a filter, 'Create a new team', the organizer's four teams as a table (name, "
      "members, events, buttons)",
      url="/control/organizer/wonderland/teams")
    c("team", "detail",
      "the team 'Box office' ('Team: Box office', 'Edit'): 'Team members' as a table (the Mad "
      "Hatter, 'Remove'), a box to add a user, the team's API tokens",
      url="/control/organizer/wonderland/team/2/", also=("listing", "form"))
    c("customer", "detail",
      "alice's customer account in the control panel (opened from 'Customers'): 'Customer "
      "#<id>', details (status, e-mail, name, registration, last login), 'Edit', 'Anonymize', "
      "memberships, her orders, the log",
      url="/control/organizer/wonderland/customers", then=open_row("alice@"))
    c("user-settings", "form",
      "alice's 'Account settings' in the control panel ('Your email address is not confirmed "
      "yet' above): full name, language, time zone, notifications, then her e-mail (disabled) "
      "and links to change it, the password, two-factor, 'Save'", url="/control/settings")
    c("event-wizard", "form",
      "'Create a new event Step 1': organizer, event type (single event or series), languages, "
      "'Continue'", url="/control/events/add")
    c("order-missing-control", "error",
      "an order code that does not exist in the control panel: 'Not found', 'I'm afraid we "
      "could not find the the resource you requested.', 'Http404' (HTTP 404)",
      url=CONTROL_TEA + "/orders/ZZZZZ/")
    c("event-offline-preview", "detail",
      "the lobster quadrille's shop, not live, opened by alice (a team member): 'This shop is "
      "currently only visible to you and your team. Take it live now' in the banner, the "
      "event's place and date, a 'Products' heading with nothing under it",
      url=SHOP + "/lobster-quadrille/", also=("other",))
    out.signed_in = False  # the page shown after signing out
    c("control-logout", "login",
      "after 'Log out' of the control panel: the sign-in form again (e-mail, password, 'Log "
      "in'), with no message", url="/control/logout")
    out.close()
    return out.written


# -- the Mad Hatter, on the box-office team --------------------------------------------------------
def hatter(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "pretix", base, signed_in=True)
    c = guarded(out)
    out.goto("/control/login")
    control_sign_in(HATTER, PASSWORD)(out.page)
    c("hatter-settings-denied", "error",
      "the event's settings asked by the Mad Hatter, who may not change them: 'Permission "
      "denied' (HTTP 403)", url=CONTROL_TEA + "/settings/")
    c("hatter-products", "listing",
      "the products seen by the Mad Hatter, who may only look: the same table of products by "
      "category, without 'Create a new product' and with no edit buttons",
      url=CONTROL_TEA + "/items/")
    c("hatter-product-denied", "error",
      "a product's page asked by the Mad Hatter, who may not change products: 'Permission "
      "denied', 'You do not have permission to view this content.' (HTTP 403)",
      url=CONTROL_TEA + "/items/1/")
    out.close()
    return out.written


# fmt: on


def pretix(browser: Any, base: str) -> list[Path]:
    return (
        visitor(browser, base)
        + customer(browser, base)
        + control(browser, base)
        + hatter(browser, base)
    )


APPS = {"pretix": pretix}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
