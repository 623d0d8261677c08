"""Consequence grades: irreversible things are asked about; changes the page lets a person
take back (a cart's line, one's own wish list, a follow) run and are reported with how to
undo them; nothing unknown is ever judged safer than before."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from webagent.actions import Click
from webagent.safety.risk import Target
from webagent.sites.profile import Control, Endpoint
from webagent.sites.profiles import site_profile
from webagent.sites.risk import RiskRules, SiteJudge, assess_action

SHOP = "http://shop.test"
GENERIC = RiskRules.for_profile()
DEMO_SHOP = RiskRules.for_profile(site_profile("demo_shop"))


def judged(name: str, url: str, *, page: str = "", context: str = "", rules: RiskRules = GENERIC):
    target = Target("button", name, context=context, page=page)
    return assess_action(Click("e1"), target, rules, url=url)


# The generic lexicon


@pytest.mark.parametrize(
    ("name", "url", "page"),
    [
        ("Remove", f"{SHOP}/cart", "Shopping Cart"),
        ("Remove item", f"{SHOP}/checkout/basket", ""),
        ("\u00d7", f"{SHOP}/wishlist/", "My Wish List"),  # a multiplication sign
        ("Remove from wish list", f"{SHOP}/p/teapot", "Teapot"),
        ("Move to cart", f"{SHOP}/account/saved", "Saved"),
        ("Save for later", f"{SHOP}/cart", "Cart"),
        ("Unfollow", f"{SHOP}/u/alice", "Alice"),
        ("Star", f"{SHOP}/repo", "a repository"),
    ],
)
def test_taking_back_what_the_page_offers_is_undoable(name: str, url: str, page: str) -> None:
    risk = judged(name, url, page=page)
    assert risk.grade == "undoable", risk
    assert not risk.irreversible
    assert "undo: " in risk.undoable[0]


@pytest.mark.parametrize(
    ("name", "url", "page"),
    [
        ("Remove", f"{SHOP}/admin/users/7", "User 7"),  # a record, not one's own cart
        ("Delete", f"{SHOP}/notes/3", "Note"),
        ("Delete account", f"{SHOP}/cart", "Cart"),  # the cart page does not soften it
        ("Place order", f"{SHOP}/cart", "Shopping Cart"),
        ("Buy now", f"{SHOP}/wishlist", "Wish List"),
    ],
)
def test_what_cannot_be_taken_back_stays_irreversible(name: str, url: str, page: str) -> None:
    assert judged(name, url, page=page).grade == "irreversible"


def test_the_models_flag_raises_an_undoable_change_to_irreversible() -> None:
    target = Target("button", "Remove", page="Shopping Cart")
    risk = assess_action(Click("e1"), target, GENERIC, url=f"{SHOP}/cart", flagged=True)
    assert risk.irreversible


def test_a_control_whose_surroundings_are_unknown_is_never_judged_undoable() -> None:
    found = GENERIC.control("button", "Remove")
    assert found is not None
    assert found.grade == "irreversible"
    assert GENERIC.control("button", "Remove", "Shopping Cart").grade == "undoable"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/cart/remove"),
        ("DELETE", "/api/cart/items/3"),
        ("POST", "/wishlist/remove?item=4"),
        ("POST", "/api/users/7/follow"),
    ],
)
def test_requests_that_change_a_cart_or_a_list_are_undoable(method: str, path: str) -> None:
    assert GENERIC.request(method, SHOP + path) is None
    told = GENERIC.undoable(method, SHOP + path)
    assert told is not None
    assert "undo: " in told


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/cart/checkout", ""),
        ("POST", "/cart/items/pay", ""),
        ("DELETE", "/api/notes/3", ""),
        ("POST", "/cart/remove", '{"card_number": "4111111111111111", "cvv": "123"}'),
        ("POST", "/graphql", '{"query": "mutation { emptyCart }"}'),
    ],
)
def test_an_undoable_looking_url_never_hides_an_irreversible_request(
    method: str, path: str, body: str
) -> None:
    assert GENERIC.request(method, SHOP + path, body) is not None
    assert GENERIC.undoable(method, SHOP + path, body) is None


# A site's own grades


def test_the_demo_shop_grades_its_cart_wish_list_and_address_book_undoable() -> None:
    for name, url, page in [
        ("Remove item", f"{SHOP}/wishlist/", "My Wish List"),
        ("Update Shopping Cart", f"{SHOP}/checkout/cart/", "Shopping Cart"),
        ("Save Address", f"{SHOP}/customer/address/edit/", "Edit Address"),
        ("Save", f"{SHOP}/customer/account/edit/", "Account Information"),
    ]:
        assert judged(name, url, page=page, rules=DEMO_SHOP).grade == "undoable", name
    for name, url, page in [
        ("Place Order", f"{SHOP}/checkout/", "Checkout"),
        ("Reorder", f"{SHOP}/sales/order/view/order_id/1/", "Order # 1"),
        ("Save", f"{SHOP}/newsletter/manage/", "Newsletter Subscription"),
        ("Delete", f"{SHOP}/customer/address/", "Address Book"),
        ("Submit Review", f"{SHOP}/p/teapot", "Teapot"),
    ]:
        assert judged(name, url, page=page, rules=DEMO_SHOP).grade == "irreversible", name
    assert DEMO_SHOP.undoable("POST", f"{SHOP}/wishlist/index/remove/item/3/") is not None
    assert DEMO_SHOP.request("POST", f"{SHOP}/newsletter/manage/save/") is not None
    assert DEMO_SHOP.request("POST", f"{SHOP}/customer/address/delete/id/2/") is not None


def test_a_site_judge_reports_undoable_requests_by_the_sites_rules() -> None:
    judge = SiteJudge(site_profile("demo_shop"))
    assert judge.request("POST", f"{SHOP}/checkout/cart/delete/") is None
    assert "undo: " in (judge.undoable("POST", f"{SHOP}/checkout/cart/delete/") or "")


# The profile format


def test_an_undoable_rule_must_say_how_it_is_undone() -> None:
    with pytest.raises(ValidationError, match="undo"):
        Control(name="^Remove$", grade="undoable")
    with pytest.raises(ValidationError, match="undo"):
        Endpoint(method="POST", url="/cart/remove", grade="undoable")
    assert Control(name="^Remove$", grade="undoable", undo="add it back").undo == "add it back"
