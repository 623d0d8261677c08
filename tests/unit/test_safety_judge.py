"""The risk judges a browser session is told to use: `CautiousJudge` (no site knowledge: every
change is irreversible) and `SiteJudge` (the site's profile, given or detected per origin)."""

from __future__ import annotations

import pytest

from webagent.actions import Click, Goto, Hover, Press, TypeText
from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.safety import CautiousJudge, FormFacts, Target
from webagent.sites.profiles import site_profile
from webagent.sites.risk import SiteJudge

SHOP = "http://127.0.0.1:7770"
ELSEWHERE = "http://127.0.0.1:9999"
POST_FORM = FormFacts("post", f"{SHOP}/notes/save", ("text note",), ("Save",))
GET_FORM = FormFacts("get", f"{SHOP}/search", ("search q",), ("Search",))
SAVE = Target("button", "Save", submits_form=True, form=POST_FORM)
NOTE = Target("textbox", "Note", form=POST_FORM)
SEARCH = Target("button", "Search", submits_form=True, form=GET_FORM)
QUERY = Target("searchbox", "Search", form=GET_FORM)
CART_FORM = FormFacts("post", f"{SHOP}/checkout/cart/add", ("number qty",), ("Add to Cart",))
ADD_TO_CART = Target("button", "Add to Cart", submits_form=True, form=CART_FORM)
SHOP_HOME = '- link "One Stop Market home page" [ref=e1]\n- button "Update Shopping Cart" [ref=e2]'


def _observe(url: str, snapshot: str = '- heading "A page" [level=1]') -> Observation:
    return compose_observation(parse_snapshot(snapshot), url=url, title="")


# CautiousJudge: without site knowledge every change is irreversible


@pytest.mark.parametrize("method", ["POST", "put", "PATCH", "DELETE"])
def test_without_site_knowledge_every_mutating_request_is_irreversible(method: str) -> None:
    why = CautiousJudge().request(method, f"{SHOP}/cart/add?id=3", "qty=1")
    assert why is not None
    assert why.startswith(f"{method.upper()} /cart/add?id=3: ")
    assert "without site knowledge" in why


@pytest.mark.parametrize("method", ["GET", "HEAD", "OPTIONS"])
def test_reading_is_fine_without_site_knowledge(method: str) -> None:
    assert CautiousJudge().request(method, f"{SHOP}/checkout/payment") is None


def test_submitting_a_mutating_form_is_irreversible_without_site_knowledge() -> None:
    judge = CautiousJudge()
    click = judge.action(Click("e2"), SAVE, SHOP)
    assert click.irreversible
    assert "button 'Save' submits a POST form to /notes/save" in str(click)
    enter = judge.action(TypeText("e1", "hello", press_enter_after=True), NOTE, SHOP)
    assert enter.irreversible
    assert "pressing Enter submits a POST form" in str(enter)
    assert judge.action(Press("Enter"), NOTE, SHOP).irreversible


def test_filling_a_form_or_searching_is_fine_without_site_knowledge() -> None:
    judge = CautiousJudge()
    typing = TypeText("e1", "hello", press_enter_after=False)
    assert not judge.action(typing, NOTE, SHOP).irreversible
    assert not judge.action(Click("e1"), NOTE, SHOP).irreversible
    assert not judge.action(Hover("e2"), SAVE, SHOP).irreversible
    assert not judge.action(Click("e3"), SEARCH, SHOP).irreversible
    assert not judge.action(
        TypeText("e4", "shoes", press_enter_after=True), QUERY, SHOP
    ).irreversible
    assert not judge.action(Click("e5"), Target("button", "Place Order"), SHOP).irreversible
    assert not judge.action(Goto(f"{SHOP}/post/12/delete"), None, SHOP).irreversible


def test_the_callers_flag_raises_the_cautious_judgement() -> None:
    judge = CautiousJudge()
    assert judge.action(Click("e1"), None, SHOP, flagged=True).irreversible
    both = judge.action(Click("e2"), SAVE, SHOP, flagged=True)
    assert len(both.reasons) == 2


def test_the_cautious_judge_learns_nothing_from_pages() -> None:
    judge = CautiousJudge()
    judge.saw(_observe(SHOP + "/", SHOP_HOME))
    assert not judge.action(
        Click("e2"), Target("button", "Update Shopping Cart"), SHOP
    ).irreversible


# SiteJudge: the site's own rules plus the generic lexicon


def test_a_site_judge_with_a_profile_uses_that_sites_rules_everywhere() -> None:
    judge = SiteJudge(site_profile("demo_shop"))
    reorder = Target("button", "Reorder")
    assert judge.action(Click("e2"), reorder, ELSEWHERE).irreversible
    update = judge.action(Click("e2"), Target("button", "Update Shopping Cart"), ELSEWHERE)
    assert update.grade == "undoable"
    assert "undo: type the old quantities" in update.undoable[0]
    assert not judge.action(Click("e2"), ADD_TO_CART, SHOP).irreversible  # a POST it allows
    assert judge.request("POST", f"{SHOP}/checkout/cart/add") is None
    assert CautiousJudge().action(Click("e2"), ADD_TO_CART, SHOP).irreversible
    assert judge.request("DELETE", f"{SHOP}/notes/1") is not None  # the lexicon's


def test_a_site_judge_without_a_profile_detects_each_origins_site() -> None:
    judge = SiteJudge()
    update = Target("button", "Reorder")  # the demo shop's own rule, not the lexicon's
    assert not judge.action(Click("e2"), update, SHOP + "/cart").irreversible  # not seen yet
    judge.saw(_observe(SHOP + "/", SHOP_HOME))
    assert judge.rules_for(SHOP + "/cart") is not judge.rules_for(ELSEWHERE + "/")
    assert judge.action(Click("e2"), update, SHOP + "/cart").irreversible
    assert not judge.action(Click("e2"), update, ELSEWHERE + "/cart").irreversible
    judge.saw(_observe(SHOP + "/other"))  # the first page of an origin decides
    assert judge.action(Click("e2"), update, SHOP + "/cart").irreversible


def test_a_site_judge_always_keeps_the_generic_lexicon() -> None:
    for judge in (SiteJudge(), SiteJudge(site_profile("demo_shop"))):
        assert judge.action(Click("e1"), Target("button", "Buy now"), SHOP).irreversible
        assert judge.action(Click("e1"), None, SHOP, flagged=True).irreversible
        assert judge.request("POST", f"{SHOP}/checkout/order") is not None
        assert judge.request("GET", f"{SHOP}/checkout/order") is None
