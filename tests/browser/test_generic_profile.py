"""On pages of unknown sites the generic profile never fails.

Every page (Python documentation copied from Debian's python3-doc, MiniWoB++ task pages after
their episode starts, and the test pages under tests/data) is observed whole, classified with
`Classifier(site_profile("generic"))` and no model, and must get a state by rules alone (one
state's rules, or the highest priority, or the fallback when none hold: never a tie). That
state is advice: every action stays permitted on every element of the page. The obvious
pages must get the obvious state.

A few kinds of page no test page has (a confirmation, a sign-in form, a 404, search results)
are checked on aria snapshots, and the irreversible lexicon on button names it must and must
not catch.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.browser.test_miniwob import HTML as MINIWOB_HTML
from tests.browser.test_miniwob import start_episode
from webagent.actions import Click
from webagent.browser import Browser
from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.sites.classify import Classifier
from webagent.sites.irreversible import irreversible_request
from webagent.sites.permissions import Permitted
from webagent.sites.profile import Profile
from webagent.sites.profiles import site_profile

pytestmark = pytest.mark.browser

DATA = Path(__file__).parents[1] / "data"

# Page (relative to tests/data) -> the states it may get; empty: any state will do (pages
# that are a bit of everything, like the test site's playground home page).
PAGES: dict[str, set[str]] = {
    # Python documentation (Debian python3-doc 3.11, tests/data/pydocs).
    "pydocs/index.html": {"listing", "article"},
    "pydocs/search.html": {"search"},
    "pydocs/genindex-J.html": {"listing"},
    "pydocs/py-modindex.html": {"listing"},
    "pydocs/library/index.html": {"listing"},
    "pydocs/library/json.html": {"article"},
    "pydocs/tutorial/introduction.html": {"article"},
    "pydocs/glossary.html": {"article"},
    "pydocs/bugs.html": {"article"},
    "pydocs/no-such-page.html": {"error"},  # the test server's own 404 page
    # The test site and pages used by the browser tests.
    "site/index.html": set(),
    "site/products.html": set(),
    "site/results.html?q=mouse": {"search_results"},
    "site/help.html": set(),
    "site/covered.html": set(),
    "pages/form.html": {"form"},
    "html/blog_article.html": {"article"},
    "html/sphinx_json.html": {"article"},
    "html/magento_product.html": {"detail"},
}

# MiniWoB++ task -> the states its page may get once the episode has started.
TASKS: dict[str, set[str]] = {
    "click-test": {"other"},
    "click-dialog": {"other"},
    "click-tab": {"other"},
    "click-menu": {"other"},
    "email-inbox": {"listing", "other"},  # its emails as rows of plain containers: a list
    "enter-text": {"form"},
    "enter-password": {"form"},
    "choose-list": {"form"},
    "click-checkboxes": {"form"},
    "click-option": {"form"},
    "read-table": {"form"},
    "use-autocomplete": {"form"},
    "login-user": {"login"},
    "search-engine": {"search"},
    "book-flight": {"search", "form"},
}


@pytest.fixture(scope="module")
def generic() -> Profile:
    return site_profile("generic")


def check(profile: Profile, observation: Observation, expected: set[str], page: str) -> None:
    """Classify the page; its state must be expected, and, being advice, leave every action
    permitted on every element of the page."""
    classifier = Classifier(profile)
    result = classifier.classify(observation)
    why = "\n".join(
        f"  {name}: {'holds' if not failed else '; '.join(failed)}"
        for name, failed in classifier.why_not(observation).items()
    )
    context = f"{page}: {result.describe()} (held: {result.candidates})\n{why}"
    state = profile.state(result.state)  # a state of the profile, or KeyError
    assert result.decided in ("rules", "priority", "fallback"), context
    assert result.decided != "fallback" or not result.candidates, f"a tie: {context}"
    if expected:
        assert result.state in expected, context
    permitted = Permitted.of(profile, state, observation)
    assert permitted.everything, context
    for element in observation.elements:
        assert permitted.refusal(Click(element.id)) is None, context


@pytest.mark.parametrize(("page", "expected"), PAGES.items(), ids=list(PAGES))
def test_test_pages_get_a_state_and_an_action(
    page: str,
    expected: set[str],
    browser: Browser,
    serve: Callable[[Path], str],
    generic: Profile,
) -> None:
    with browser.open(serve(DATA) + page) as tab:
        observation = tab.observe(full_page=True)
    check(generic, observation, expected, page)


@pytest.fixture(scope="module")
def miniwob_base(serve: Callable[[Path], str]) -> str:
    return serve(MINIWOB_HTML) + "miniwob/"


@pytest.mark.parametrize(("task", "expected"), TASKS.items(), ids=list(TASKS))
def test_miniwob_pages_get_a_state_and_an_action(
    task: str, expected: set[str], browser: Browser, miniwob_base: str, generic: Profile
) -> None:
    with browser.open(f"{miniwob_base}{task}.html") as tab:
        start_episode(tab)
        observation = tab.observe(full_page=True)
    assert observation.elements, f"{task}: the started episode shows no elements"
    check(generic, observation, expected, task)


def test_the_python_docs_copies_stay_small() -> None:
    """The copies are committed (CI has no python3-doc): keep them under 1.5 MB."""
    size = sum(p.stat().st_size for p in (DATA / "pydocs").rglob("*") if p.is_file())
    assert size < 1_500_000, size


# -- pages no test page covers, as aria snapshots (no browser needed) -------------------------
def snapshot_page(url: str, lines: list[str]) -> Observation:
    """An observation of a page whose aria snapshot (AI mode) is `lines` under one `main`."""
    body = "\n".join(f"  {line}" for line in lines)
    return compose_observation(parse_snapshot(f"- main [ref=e1]:\n{body}"), url=url, title="")


SYNTHETIC: dict[str, tuple[str, list[str], str]] = {
    "order-confirmation": (
        "http://shop.test/checkout/onepage/success/",
        [
            '- heading "Thank you for your purchase!" [level=1] [ref=e2]',
            "- paragraph [ref=e3]: Your order number is 000000190.",
            '- link "Continue Shopping" [ref=e4]:',
            "  - /url: /",
        ],
        "confirmation",
    ),
    "sign-in": (
        "http://app.test/users/sign_in",
        [
            '- heading "Sign in" [level=1] [ref=e2]',
            '- textbox "Email" [ref=e3]',
            '- textbox "Password" [ref=e4]',
            '- checkbox "Remember me" [ref=e5]',
            '- button "Sign in" [ref=e6]',
            '- link "Forgot your password?" [ref=e7]:',
            "  - /url: /users/password/new",
        ],
        "login",
    ),
    "not-found": (
        "http://app.test/no/such/page",
        [
            '- heading "Page Not Found" [level=1] [ref=e2]',
            "- paragraph [ref=e3]: Make sure the address is correct and the page has not moved.",
            '- link "Go home" [ref=e4]:',
            "  - /url: /",
        ],
        "error",
    ),
    "search-results": (
        "http://forum.test/search?q=espresso",
        [
            '- searchbox "Search" [ref=e2]: espresso',
            '- button "Search" [ref=e3]',
            "- paragraph [ref=e4]: 2 results for espresso",
            '- link "Which espresso machine?" [ref=e5]:',
            "  - /url: /t/1",
            '- link "Espresso beans in town" [ref=e6]:',
            "  - /url: /t/2",
        ],
        "search_results",
    ),
}


@pytest.mark.parametrize(("url", "lines", "expected"), SYNTHETIC.values(), ids=list(SYNTHETIC))
def test_synthetic_pages_get_their_state(
    url: str, lines: list[str], expected: str, generic: Profile
) -> None:
    check(generic, snapshot_page(url, lines), {expected}, url)


# -- the irreversible lexicon ------------------------------------------------------------------
def irreversible(profile: Profile, role: str, name: str) -> bool:
    return any(
        (control.role is None or control.role == role) and control.name_pattern.search(name)
        for control in profile.irreversible.controls
    )


@pytest.mark.parametrize(
    "name",
    [
        "Place Order",
        "Confirm order",
        "Complete checkout",
        "Buy now",
        "Buy It Now",
        "Purchase",
        "Pay now",
        "Pay $24.00",
        "Delete",
        "Delete project",
        "Remove item",
        "Cancel order",
        "Cancel subscription",
        "Close account",
        "Submit",
        "Submit review",
        "Send",
        "Send message",
        "Post",
        "Post comment",
        "Comment",
        "Publish",
        "Transfer",
        "Book now",
        "Reserve",
        "Subscribe",
        "Unsubscribe",
        "Sign up",
        "Register",
        "Create an Account",
        "Sign",
        "I agree to the Terms and Conditions",
        "Accept and continue",
        "Yes, delete it",
    ],
)
def test_irreversible_buttons_are_caught(name: str, generic: Profile) -> None:
    assert irreversible(generic, "button", name)


@pytest.mark.parametrize(
    "name",
    [
        "Search",
        "Go",
        "Submit search",
        "Remove filter",
        "Remove all filters",
        "Sign in",
        "Sign out",
        "Log in",
        "Add to Cart",
        "Add to Wish List",
        "Proceed to Checkout",
        "Cancel",
        "Accept",
        "Accept all cookies",
        "Allow Cookies",
        "Next",
        "Reply",
        "Share",
        "Payment methods",
        "Bookmarks",
        "Posts",
        "Compare",
    ],
)
def test_harmless_buttons_are_not_caught(name: str, generic: Profile) -> None:
    assert not irreversible(generic, "button", name)


def test_irreversible_requests(generic: Profile) -> None:
    def caught(method: str, path: str) -> bool:
        return irreversible_request(generic, method, path) is not None

    assert caught("POST", "/checkout/onepage/saveOrder/")
    assert caught("POST", "/rest/V1/carts/mine/payment-information")
    assert caught("POST", "/wishlist/index/remove/")
    assert caught("POST", "/review/product/post/id/3/")
    assert caught("DELETE", "/api/v4/projects/12")
    assert caught("PUT", "/api/v4/projects/12")
    assert not caught("POST", "/catalogsearch/result/")
    assert not caught("POST", "/customer/account/loginPost/")
