"""The reversibility classifier: what needs a person's yes, and what goes ahead unasked."""

from __future__ import annotations

import pytest

from webagent.actions import Click, Goto, Hover, Press, TypeText
from webagent.safety.risk import FormFacts, Risk, Target
from webagent.sites.profile import parse_profile
from webagent.sites.profiles import site_profile
from webagent.sites.risk import RiskRules, assess_action

SHOP = "http://shop.test"
GENERIC = RiskRules.for_profile()
DEMO_SHOP = RiskRules.for_profile(site_profile("demo_shop"))

PAYMENT_FORM = FormFacts(
    method="post",
    action=f"{SHOP}/checkout/step-2",
    fields=(
        "text cardnumber cc-number card number",
        "text exp cc-exp expiry date",
        "text cvv  cvv",
    ),
    submits=("Next",),
)
LOGIN_FORM = FormFacts(
    method="post",
    action=f"{SHOP}/login",
    fields=("email email email e-mail", "password password current-password password"),
    submits=("Sign in",),
)
SEARCH_FORM = FormFacts(
    method="get", action=f"{SHOP}/search", fields=("search q  search",), submits=("Search",)
)


def click(
    role: str,
    name: str,
    *,
    submits_form: bool = False,
    form: FormFacts | None = None,
    context: str = "",
) -> Risk:
    target = Target(role, name, submits_form=submits_form, form=form, context=context)
    return assess_action(Click("e1"), target, GENERIC)


# The generic lexicon, on controls


@pytest.mark.parametrize(
    ("role", "name"),
    [
        ("button", "Buy now"),
        ("button", "Buy it now"),
        ("button", "Purchase"),
        ("button", "Place order"),
        ("button", "Place your order"),
        ("button", "Confirm payment"),
        ("button", "Pay"),
        ("button", "Pay now"),
        ("link", "Pay"),
        ("button", "Delete"),
        ("button", "Delete comment"),
        ("menuitem", "Delete"),
        ("button", "Remove"),
        ("button", "Remove item"),
        ("button", "Cancel order"),
        ("button", "Cancel my subscription"),
        ("button", "Submit"),
        ("button", "Submit application"),
        ("button", "Send"),
        ("button", "Send message"),
        ("button", "Post"),
        ("button", "Publish"),
        ("button", "Post comment"),
        ("button", "Book now"),
        ("button", "Reserve"),
        ("button", "Reserve a table"),
        ("button", "Subscribe"),
        ("button", "Sign"),
        ("button", "Sign the contract"),
        ("button", "Sign up"),
        ("button", "I agree to the terms"),
        ("button", "Agree to terms and conditions"),
        ("button", "Accept and continue"),
        ("button", "Transfer"),
        ("button", "Transfer funds"),
        ("button", "Close my account"),
        ("button", "Change password"),
    ],
)
def test_the_lexicon_catches_controls_that_commit(role: str, name: str) -> None:
    found = GENERIC.control(role, name)
    assert found is not None
    assert found.grade == "irreversible"
    assert found.why.startswith(f"{role} '{name}': ")
    assert click(role, name).irreversible


@pytest.mark.parametrize(
    ("role", "name"),
    [
        ("button", "Search"),
        ("button", "Submit search"),
        ("button", "Add to Cart"),
        ("button", "Add to Wish List"),
        ("link", "Next"),
        ("button", "Next"),
        ("button", "Proceed to Checkout"),
        ("link", "2"),
        ("link", "Page 2"),
        ("combobox", "Sort by price"),
        ("link", "Sort by price"),
        ("button", "Sign In"),
        ("link", "Sign in"),
        ("button", "Sign out"),
        ("link", "View Order"),
        ("button", "Apply filter"),
        ("button", "Remove filter"),
        ("link", "Remove filter: Color"),
        ("button", "Remove all filters"),
        ("button", "Cancel"),
        ("button", "Accept"),
        ("button", "Accept all cookies"),
        ("button", "Continue"),
        ("link", "Buy"),
        ("checkbox", "Subscribe"),
        ("checkbox", "I agree to the terms"),
        ("switch", "Delete after reading"),
        ("textbox", "Delete reason"),
        ("searchbox", "Buy"),
        ("option", "Pay later"),
    ],
)
def test_benign_controls_and_form_fields_stay_reversible(role: str, name: str) -> None:
    assert GENERIC.control(role, name) is None
    assert click(role, name) == Risk()
    assert not click(role, name).irreversible


def test_a_cookie_accept_differs_from_accepting_terms() -> None:
    assert GENERIC.control("button", "Accept") is None
    assert GENERIC.control("button", "Accept the terms") is not None


def test_sign_in_out_and_up_are_not_signing_a_document() -> None:
    sign_reason = GENERIC.control("button", "Sign")
    assert sign_reason is not None
    assert "signs a document" in sign_reason.why
    assert GENERIC.control("button", "Sign in") is None
    assert GENERIC.control("button", "Sign out") is None
    sign_up = GENERIC.control("button", "Sign up")
    assert sign_up is not None  # it creates an account, but it signs nothing
    assert "signs a document" not in sign_up.why


def test_a_div_acting_as_a_button_is_judged_by_the_button_rules() -> None:
    assert GENERIC.control("generic", "Buy now") is not None
    assert click("generic", "Buy now").irreversible
    assert click("img", "Purchase").irreversible
    assert not click("generic", "Add to Cart").irreversible


# A site's own controls


@pytest.mark.parametrize("name", ["Place Order", "Submit Review", "Reorder", "Delete", "Submit"])
def test_the_demo_shop_profile_marks_its_own_controls(name: str) -> None:
    why = DEMO_SHOP.control("button", name)
    assert why is not None
    risk = assess_action(Click("e3"), Target("button", name), DEMO_SHOP)
    assert risk.irreversible


def test_the_demo_shop_reason_comes_from_its_own_profile_before_the_lexicon() -> None:
    found = DEMO_SHOP.control("button", "Place Order")
    assert found is not None
    assert found.why == (
        "button 'Place Order': places the order: the customer is charged and the order is created"
    )


def test_site_only_controls_are_not_in_the_generic_lexicon() -> None:
    assert GENERIC.control("button", "Reorder") is None
    assert DEMO_SHOP.control("button", "Reorder") is not None


@pytest.mark.parametrize("name", ["Add to Cart", "Proceed to Checkout", "Search", "Sign In"])
def test_the_demo_shop_leaves_its_everyday_controls_alone(name: str) -> None:
    assert DEMO_SHOP.control("button", name) is None


# The target's form


def test_next_on_a_payment_form_is_irreversible() -> None:
    risk = click("button", "Next", submits_form=True, form=PAYMENT_FORM)
    assert risk.irreversible
    assert "payment fields" in str(risk)


@pytest.mark.parametrize(
    "field",
    ["text ccnum cc-number", "text card_number", "text  card number", "text cvc2", "text cvv"],
)
def test_any_card_field_makes_a_payment_form(field: str) -> None:
    form = FormFacts(method="post", action=f"{SHOP}/step", fields=(field,), submits=("Next",))
    assert click("button", "Next", submits_form=True, form=form).irreversible


def test_a_button_that_does_not_submit_the_payment_form_is_not_judged_by_it() -> None:
    assert not click("button", "Next", submits_form=False, form=PAYMENT_FORM).irreversible


def test_signing_in_is_reversible() -> None:
    assert not click("button", "Sign in", submits_form=True, form=LOGIN_FORM).irreversible


def test_continue_on_a_form_posting_to_an_order_endpoint_is_irreversible() -> None:
    form = FormFacts(
        method="post", action=f"{SHOP}/order", fields=("text name name",), submits=("Continue",)
    )
    risk = click("button", "Continue", submits_form=True, form=form)
    assert risk.irreversible
    assert "POST /order" in str(risk)


def test_a_get_form_changes_nothing_whatever_its_action() -> None:
    assert not click("button", "Search", submits_form=True, form=SEARCH_FORM).irreversible
    to_order = FormFacts(method="get", action=f"{SHOP}/order", submits=("Go",))
    assert not click("button", "Go", submits_form=True, form=to_order).irreversible


@pytest.mark.parametrize(
    "action",
    [
        TypeText("e2", "123", press_enter_after=True),
        Press("Enter"),
        Press("NumpadEnter"),
        Press("Control+Enter"),
    ],
)
def test_enter_in_a_payment_form_submits_it(action: TypeText | Press) -> None:
    risk = assess_action(action, Target("textbox", "CVV", form=PAYMENT_FORM), GENERIC)
    assert risk.irreversible
    assert "pressing Enter submits" in str(risk)


@pytest.mark.parametrize(
    "action", [TypeText("e2", "123", press_enter_after=False), Press("Tab"), Hover("e2")]
)
def test_typing_without_enter_in_a_payment_form_submits_nothing(action: object) -> None:
    target = Target("textbox", "CVV", form=PAYMENT_FORM)
    assert not assess_action(action, target, GENERIC).irreversible  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action", [TypeText("e2", "running shoes", press_enter_after=True), Press("Enter")]
)
def test_enter_in_a_search_box_is_reversible(action: TypeText | Press) -> None:
    target = Target("searchbox", "Search", form=SEARCH_FORM)
    assert not assess_action(action, target, GENERIC).irreversible


def test_enter_in_a_field_outside_any_form_is_reversible() -> None:
    risk = assess_action(Press("Enter"), Target("textbox", "Quantity"), GENERIC)
    assert not risk.irreversible


def test_enter_submits_with_the_forms_default_button() -> None:
    form = FormFacts(
        method="post", action=f"{SHOP}/guestbook", fields=("text name",), submits=("Send",)
    )
    risk = assess_action(Press("Enter"), Target("textbox", "Name", form=form), GENERIC)
    assert risk.irreversible
    assert "button 'Send'" in str(risk)


def test_enter_in_a_form_posting_to_an_order_endpoint_is_irreversible() -> None:
    form = FormFacts(method="post", action=f"{SHOP}/orders", fields=("text name",))
    risk = assess_action(TypeText("e2", "Ada"), Target("textbox", "Name", form=form), GENERIC)
    assert risk.irreversible


# What surrounds the target


@pytest.mark.parametrize(
    "context",
    [
        "Order summary\nSubtotal $40.00\nTotal $45.00",
        "Total: 45.00 USD",
        "Order total £12",
        "You will be charged €9.99",
        "Total: 19,99 €",
    ],
)
@pytest.mark.parametrize("name", ["Continue", "Confirm", "OK", "Complete", "Proceed"])
def test_a_confirm_like_button_next_to_a_charge_is_irreversible(name: str, context: str) -> None:
    risk = click("button", name, context=context)
    assert f"button '{name}': confirms a charge shown next to it" in risk.reasons


@pytest.mark.parametrize(
    "context",
    [
        "",
        "Shipping address\nTotal items: 3",  # a total, but no price
        "Running shoes $19.99",  # a price, but no charge
    ],
)
def test_continue_without_a_charge_next_to_it_is_reversible(context: str) -> None:
    assert not click("button", "Continue", context=context).irreversible


def test_a_long_button_next_to_a_charge_is_judged_by_its_own_name() -> None:
    context = "Order summary\nTotal $45.00"
    assert not click("link", "Continue shopping", context=context).irreversible


def test_a_purchase_link_next_to_a_price_is_irreversible() -> None:
    risk = click("link", "Buy now", context="Running shoes\n$19.99")
    assert risk.irreversible
    assert "purchase link" in str(risk)


def test_a_buy_link_without_a_price_is_a_menu_entry() -> None:
    assert not click("link", "Buy now", context="Running shoes").irreversible


# The proposer's flag


def test_the_flag_makes_anything_irreversible() -> None:
    for action, target in [
        (Click("e1"), Target("link", "Next")),
        (Click("e1"), None),
        (Goto(f"{SHOP}/"), None),
        (Press("Tab"), Target("textbox", "Name")),
    ]:
        assert assess_action(action, target, GENERIC, flagged=True).irreversible
        assert not assess_action(action, target, GENERIC, flagged=False).irreversible


def test_the_flag_never_lowers_what_the_lexicon_found() -> None:
    risk = assess_action(Click("e1"), Target("button", "Place order"), GENERIC, flagged=False)
    assert risk.irreversible
    both = assess_action(Click("e1"), Target("button", "Place order"), GENERIC, flagged=True)
    assert len(both.reasons) == 2


def test_without_a_target_only_the_flag_counts() -> None:
    assert not assess_action(Click("e1"), None, GENERIC).irreversible


# Sites that change things on a GET

GET_PROFILE = parse_profile(
    """
[site]
name = "legacy"
description = "An old forum that deletes on a GET."
fallback = "page"

[irreversible]
requests = [{ method = "GET", url = '^/post/\\d+/delete\\b', reason = "deletes a post" }]

[[states]]
name = "page"
description = "Any page."
instructions = "Read it."

[[states]]
name = "thread"
description = "A thread."
instructions = "Read it."
match = { url = ['^/thread/'] }
irreversible = { requests = [{ method = "GET", url = '^/thread/\\d+/lock', reason = "locks it" }] }
"""
)
LEGACY = RiskRules.for_profile(GET_PROFILE)


def test_goto_a_url_a_site_changes_things_on_is_irreversible() -> None:
    risk = assess_action(Goto(f"{SHOP}/post/12/delete?confirm=1"), None, LEGACY)
    assert risk.irreversible
    assert "GET /post/12/delete?confirm=1: deletes a post" in str(risk)


def test_a_states_get_rule_holds_on_every_page() -> None:
    assert assess_action(Goto(f"{SHOP}/thread/7/lock"), None, LEGACY).irreversible


def test_goto_elsewhere_on_that_site_is_reversible() -> None:
    assert not assess_action(Goto(f"{SHOP}/post/12"), None, LEGACY).irreversible
    assert not assess_action(Goto(f"{SHOP}/post/12/delete"), None, GENERIC).irreversible


def test_a_link_to_such_a_url_is_irreversible() -> None:
    target = Target("link", "x", href=f"{SHOP}/post/12/delete")
    assert assess_action(Click("e1"), target, LEGACY).irreversible
    assert not assess_action(Click("e1"), target, GENERIC).irreversible


def test_a_site_profile_keeps_the_generic_lexicon() -> None:
    assert LEGACY.control("button", "Buy now") is not None


# Risk itself


def test_risk_merges_reasons_without_repeating_them() -> None:
    merged = Risk(("a", "b")) | Risk(("b", "c"))
    assert merged.reasons == ("a", "b", "c")
    assert str(merged) == "a; b; c"
    assert str(Risk()) == "reversible"
    assert not Risk().irreversible


# Requests on the wire


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE", "put", "delete"])
@pytest.mark.parametrize("path", ["/", "/api/notes/3", "/search?q=x"])
def test_every_put_patch_and_delete_is_irreversible(method: str, path: str) -> None:
    why = GENERIC.request(method, SHOP + path)
    assert why is not None
    assert why.startswith(f"{method.upper()} {path}: ")


@pytest.mark.parametrize(
    "path",
    [
        "/order",
        "/orders/new",
        "/checkout",
        "/checkout/",
        "/api/payments",
        "/comments",
        "/posts/12/comments",
        "/account/delete",
        "/subscribe",
        "/api/v1/transfer",
    ],
)
def test_a_post_to_a_committing_endpoint_is_irreversible(path: str) -> None:
    assert GENERIC.request("POST", SHOP + path) is not None


@pytest.mark.parametrize(
    "path",
    [
        "/login",
        "/customer/account/loginPost/",
        "/cart/add",
        "/checkout/cart/add",
        "/checkout/cart/add/uenc/aHR0cA,,/product/42/",
        "/search",
        "/api/recommendations",
    ],
)
def test_a_post_that_only_signs_in_or_fills_a_cart_is_reversible(path: str) -> None:
    assert GENERIC.request("POST", SHOP + path, "username=ada&password=x") is None


@pytest.mark.parametrize("path", ["/order", "/checkout", "/account/delete"])
def test_a_get_is_reversible_unless_a_site_says_otherwise(path: str) -> None:
    assert GENERIC.request("GET", SHOP + path) is None


@pytest.mark.parametrize(
    "body",
    [
        '{"card_number": "4111111111111111", "exp": "12/30"}',
        '{"amount": 5, "cvv": "123"}',
        "name=Ada&cvv=123",
        "cc_number=4111111111111111",
        '{"payment": {"credit_card": "4111"}}',
    ],
)
def test_a_post_carrying_card_details_is_irreversible_wherever_it_goes(body: str) -> None:
    why = GENERIC.request("POST", f"{SHOP}/api/v2/handle", body)
    assert why is not None
    assert "payment card details" in why


def test_a_post_mentioning_cards_without_sending_one_is_reversible() -> None:
    assert GENERIC.request("POST", f"{SHOP}/api/v2/handle", '{"note": "card number"}') is None


@pytest.mark.parametrize(
    "body",
    [
        '{"query": "mutation { deleteUser(id: 1) { id } }"}',
        '{"operationName": "Del", "query":"mutation Del { deleteUser(id: 1) { id } }"}',
        "mutation { deleteUser(id: 1) { id } }",
        "query=mutation%20%7B%20x%20%7D",
    ],
)
def test_a_graphql_mutation_is_irreversible(body: str) -> None:
    why = GENERIC.request("POST", f"{SHOP}/graphql", body)
    assert why is not None
    assert "GraphQL mutation" in why


@pytest.mark.parametrize(
    "body",
    [
        '{"query": "query { user(id: 1) { name } }"}',
        '{"query": "{ user(id: 1) { name } }"}',
        '{"query": "query Q { comment(mutation: true) { id } }"}',
    ],
)
def test_a_graphql_query_is_reversible(body: str) -> None:
    assert GENERIC.request("POST", f"{SHOP}/graphql", body) is None


@pytest.mark.parametrize(
    "path", ["/checkout/shipping/", "/checkout/shipping/save", "/checkout/payment/"]
)
def test_the_demo_shop_exempts_its_checkout_steps_from_the_lexicon(path: str) -> None:
    assert GENERIC.request("POST", SHOP + path) is not None
    assert DEMO_SHOP.request("POST", SHOP + path) is None


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/checkout/review/", "Place Order without scripts: creates the order"),
        ("/rest/default/V1/carts/mine/payment-information", "Place Order: creates the order"),
        ("/rest/V1/carts/mine/payment-information", "Place Order: creates the order"),
    ],
)
def test_the_demo_shops_own_rules_still_catch_placing_the_order(path: str, reason: str) -> None:
    assert DEMO_SHOP.request("POST", SHOP + path) == f"POST {path}: {reason}"


def test_the_demo_shop_exemption_covers_only_its_checkout_steps() -> None:
    assert DEMO_SHOP.request("POST", f"{SHOP}/sales/order/cancel/") is not None
    assert DEMO_SHOP.request("DELETE", f"{SHOP}/checkout/shipping/") is not None


def test_a_form_to_an_exempt_checkout_step_is_reversible_on_the_demo_shop() -> None:
    form = FormFacts(method="post", action=f"{SHOP}/checkout/shipping/", submits=("Next",))
    target = Target("button", "Next", submits_form=True, form=form)
    assert assess_action(Click("e1"), target, GENERIC).irreversible
    assert not assess_action(Click("e1"), target, DEMO_SHOP).irreversible
