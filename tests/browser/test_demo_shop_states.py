"""The demo shop's profile recognises every page by its rules alone.

Every oracle solution runs in the browser; after each step the page is observed (the whole
tree) and its ground truth read from the page: the Flask endpoint that rendered it
(`<body data-endpoint>`, not in the accessibility tree), refined for `catalog.page`, which
renders both categories and products, by the body's class and the selected product tab.
A hand-written table, written from the Flask routes, maps that truth to the state the
profile must give. Pages the oracles never reach but people do (signed out, the 404 page,
the empty cart, forms sent back with errors...) are visited directly. The same pages show
that the site is detected as the demo shop, and that each solution's actions are permitted
in the state where it takes them, with its committing clicks behind irreversible controls.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.browser.oracle_runs import GROUP, OracleRuns, Recorder, Seen
from webagent.actions import Click
from webagent.browser import Browser, Tab
from webagent.observation import Element
from webagent.oracle.solutions import load_oracle
from webagent.sites import SiteServer, load_site, start_site
from webagent.sites.classify import Classifier
from webagent.sites.irreversible import graded_controls
from webagent.sites.match import PageIndex
from webagent.sites.permissions import Permitted
from webagent.sites.profile import Profile
from webagent.sites.profiles import detect_profile, site_profile
from webagent.sites.steps import to_action

pytestmark = [pytest.mark.xdist_group(GROUP), pytest.mark.slow]

EMAIL = "emma.lopez@gmail.com"
PASSWORD = "Password.123"

# Ground truth -> state. The key is the endpoint of the view that rendered the page
# (`error.<code>` for error pages, whichever view failed); `catalog.page` is split by
# what it rendered.
EXPECTED: dict[str, str] = {
    "catalog.home": "home",
    "catalog.search": "search_results",
    "catalog.page/category": "category",
    "catalog.page/product": "product",
    "catalog.page/product#reviews": "product_reviews",
    "cart.cart_page": "cart",
    "checkout.shipping": "checkout_shipping",
    "checkout.method": "checkout_shipping_method",
    "checkout.payment": "checkout_payment",
    "checkout.review": "checkout_review",
    "checkout.success": "order_success",
    "account.login": "sign_in",
    "account.logout_success": "signed_out",
    "account.dashboard": "account_dashboard",
    "account.edit": "account_edit",
    "account.edit_post": "account_edit",  # the form again, with what was wrong
    "account.newsletter": "newsletter_subscriptions",
    "addresses.book": "address_book",
    "addresses.new": "address_edit",
    "addresses.edit": "address_edit",
    "addresses.save": "address_edit",  # the form again, with what was wrong
    "orders.history": "order_history",
    "orders.view": "order_detail",
    "reviews.mine": "my_reviews",
    "reviews.view": "my_review_detail",
    "wishlist.wishlist": "wishlist",
    "pages.contact": "contact",
    "pages.contact_post": "contact",  # the form again, with what was wrong
    "pages.content_page": "static_page",
    "error.404": "not_found",
    "error.400": "error",
    "error.405": "error",
    "error.413": "error",
    "error.500": "error",
}
# Keys no run here reaches: the failures a correct browser session cannot provoke. Their
# state, "error", is seen through error.405.
UNREACHED = {"error.400", "error.413", "error.500"}
# Endpoints that never render a page: redirects, JSON, an HTML fragment, files.
NOT_PAGES = {
    "account.login_post",
    "account.logout",
    "account.newsletter_save",
    "addresses.delete",
    "cart.add",
    "cart.delete",
    "cart.sections",
    "cart.update",
    "catalog.product_image",
    "checkout.start",
    "orders.reorder",
    "pages.allow_cookies",
    "pages.subscribe",
    "rest.payment_information",
    "rest.totals",
    "reviews.list_fragment",
    "reviews.post",
    "static",
    "wishlist.add",
    "wishlist.remove",
    "wishlist.to_cart",
}
# The fallback has no rules: a page that gets it is a page the profile does not know.
FALLBACK = "other"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    out = tmp_path_factory.mktemp("states")
    with start_site("demo_shop", db=out / "shop.sqlite", reset=True) as running:
        yield running


@pytest.fixture(scope="module")
def profile() -> Profile:
    return site_profile("demo_shop")


@pytest.fixture(scope="module")
def pages(server: SiteServer, browser: Browser, oracle_runs: OracleRuns) -> list[Seen]:
    """Every page every oracle solution reaches, then the pages only people reach."""
    errors = {t: o.error for t, o in oracle_runs.outcomes.items() if o.error is not None}
    assert not errors, errors
    record = Recorder()
    with browser.open(server.url + "/", confirm="allow") as tab:
        visit_by_hand(tab, server.url, record)
    return [*oracle_runs.pages, *record.seen]


def visit_by_hand(tab: Tab, base: str, record: Recorder) -> None:
    """A new session: the guest's pages, then signing in and the account's remaining pages."""

    def go(path: str) -> None:
        tab.goto(base + path)
        record(tab, tab.observe(full_page=True), path)

    def act(action: str, where: str) -> None:
        result = tab.act(action)
        assert result.error is None, result.describe()
        record(tab, tab.observe(full_page=True), where)

    def element(role: str, name: str) -> Element:
        observation = tab.observe(full_page=True)
        found = [e for e in observation.elements if e.role == role and e.name.startswith(name)]
        assert found, f"no {role} {name!r} on {observation.url}"
        return found[0]

    record(tab, tab.observe(full_page=True), "first visit, newsletter pop-up")
    for path in (
        "/checkout/cart/",  # empty
        "/customer/account/login/",
        "/no-such-page.html",
        "/customer/account/loginPost/",  # a form's address opened as a page: 405
        "/about-us",
        "/privacy-policy-cookie-restriction-mode",
        "/electronics.html",
        "/catalogsearch/result/?q=headphones&product_list_order=price",
        "/customer/account/",  # sends a guest to sign in
    ):
        go(path)
    go("/contact/")
    act(f"click [{element('button', 'Submit').id}]", "contact form sent empty")
    go("/customer/account/login/")
    act(f"type [{element('textbox', 'Email').id}] [{EMAIL}] [0]", "login, email typed")
    act(f"type [{element('textbox', 'Password').id}] [{PASSWORD}] [1]", "signed in")
    for path in (
        "/customer/account/edit/",
        "/newsletter/manage/",
        "/customer/address/new/",
        "/customer/address/edit/id/28/",
        "/sales/order/view/order_id/3/",  # another customer's order: 404
        "/review/customer/",
    ):
        go(path)
    act(f"click [{element('link', 'See Details').id}]", "a review of mine")
    go("/customer/account/edit/")
    act(f"type [{element('textbox', 'First Name').id}] [ ] [0]", "first name cleared")
    act(f"click [{element('button', 'Save').id}]", "account saved without a first name")
    go("/customer/address/new/")
    act(f"click [{element('button', 'Save Address').id}]", "new address saved empty")
    go("/sony-wc1493x-on-ear-headphones-hi-fi-bass-bluetooth-5-3-pink.html#reviews")
    act(f"click [{element('button', 'My Cart').id}]", "mini-cart opened")
    go("/checkout/shipping/")  # an empty cart: back to the cart
    act(f"click [{element('link', 'Sign Out').id}]", "signed out")


def test_every_page_gets_its_state_by_rules_alone(pages: list[Seen], profile: Profile) -> None:
    classifier = Classifier(profile)
    wrong = []
    for page in pages:
        assert page.truth in EXPECTED, f"{page.where}: {page.truth} is not in the table"
        result = classifier.classify(page.observation)
        if result.state != EXPECTED[page.truth] or result.decided != "rules":
            why = classifier.why_not(page.observation).get(EXPECTED[page.truth], [])
            wrong.append(
                f"{page.where} {page.observation.url} ({page.truth}): "
                f"want {EXPECTED[page.truth]}, got {result.describe()}; {'; '.join(why)}"
            )
    assert not wrong, "\n".join(wrong)


def test_every_page_is_recognised_as_the_demo_shop(pages: list[Seen]) -> None:
    """Among all the profiles (the WebArena shopping one matches these pages too)."""
    detected = {detect_profile(PageIndex.of(page.observation)).name for page in pages}
    assert detected == {"demo_shop"}


def test_enough_pages_were_checked(pages: list[Seen]) -> None:
    assert len(pages) >= 100
    assert len({page.observation.url for page in pages}) >= 50


def test_every_state_was_seen(pages: list[Seen], profile: Profile) -> None:
    seen_truths = {page.truth for page in pages}
    assert set(EXPECTED) - seen_truths == UNREACHED
    seen_states = {EXPECTED[truth] for truth in seen_truths}
    assert seen_states == {state.name for state in profile.states} - {FALLBACK}


def test_the_table_covers_every_page_the_shop_renders(
    server: SiteServer, profile: Profile, tmp_path: Path
) -> None:
    app = server.site.create_app(tmp_path / "unused.sqlite")
    assert isinstance(app, Flask)
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    tabled = {key.split("/")[0] for key in EXPECTED if not key.startswith("error.")}
    assert endpoints - NOT_PAGES == tabled
    assert set(EXPECTED.values()) == {state.name for state in profile.states} - {FALLBACK}


def test_every_oracle_action_is_permitted_where_it_is_taken(
    pages: list[Seen], profile: Profile
) -> None:
    """The states' permitted actions leave room for every solution; the steps that change
    the site are behind a control with a consequence (irreversible, or undoable: a saved
    address, a wish list's item removed), except adding to the cart or wish list, and no
    step that changes nothing is called irreversible."""
    classifier = Classifier(profile)
    oracle = load_oracle(load_site("demo_shop").oracle_file)
    refused, ungated, gated = [], [], []
    for task_id, solution in oracle.tasks.items():
        before = [page.observation for page in pages if page.task == task_id]
        assert len(before) == len(solution.steps) + 1, task_id  # the start page, then each step
        for step, observation in zip(solution.steps, before[:-1], strict=True):
            action = to_action(step, observation, {"shopping": "http://shop.test"})
            if action is None:
                continue
            state = profile.state(classifier.classify(observation).state)
            refusal = Permitted.of(profile, state, observation).refusal(action)
            if refusal is not None:
                refused.append(f"task {task_id} {state.name}: {refusal}")
            if not isinstance(action, Click):
                continue
            grades = {
                control.element.id: control.grade
                for control in graded_controls(profile, state, observation)
            }
            flagged = grades.get(action.element) == "irreversible"
            graded = action.element in grades
            target = observation.element(action.element)
            adds = target is not None and target.name in ("Add to Cart", "Add to Wish List")
            if step.commits and not graded and not adds:
                ungated.append(f"task {task_id}: {step.click}")
            if flagged and (adds or not step.commits):
                gated.append(f"task {task_id}: {step.click}")
    assert not refused, "\n".join(refused)
    assert not ungated, "\n".join(ungated)
    assert not gated, "\n".join(gated)
