"""Which plan a task uses: keys written and parsed, intents normalised and clustered."""

from __future__ import annotations

import pytest

from webagent.errors import ConfigError
from webagent.plans.keys import SLUG_CHARS, PlanKey, key_for, normalise_intent

PRICE = PlanKey("shopping", "intent:what-is-the-price-of-text")


def test_a_key_is_written_as_site_slash_kind_and_parses_back() -> None:
    key = PlanKey("shopping", "template:17")
    assert str(key) == "shopping/template:17"
    assert PlanKey.parse("shopping/template:17") == key
    assert PlanKey.parse(" demo_shop/intent:add-text-to-cart ") == PlanKey(
        "demo_shop", "intent:add-text-to-cart"
    )
    assert key.template_id == 17
    assert PlanKey.parse(str(PRICE)) == PRICE
    assert PRICE.template_id is None


@pytest.mark.parametrize(
    "text",
    [
        "shopping",
        "/template:17",
        "shopping/",
        "shopping/template:",
        "shopping/template:x1",
        "shopping/recipe:1",
        "shopping/intent:",
        "shop ping/template:1",
        "shopping/intent:two words",
        "shopping/intent:a/b",
    ],
)
def test_malformed_keys_are_config_errors(text: str) -> None:
    with pytest.raises(ConfigError, match="plan key"):
        PlanKey.parse(text)


def test_keys_sort_by_site_then_template_number_then_intent() -> None:
    keys = [
        PlanKey("shopping", "intent:b"),
        PlanKey("shopping", "template:17"),
        PlanKey("reddit", "template:3"),
        PlanKey("shopping", "template:2"),
    ]
    assert [str(k) for k in sorted(keys, key=PlanKey.sort_key)] == [
        "reddit/template:3",
        "shopping/template:2",
        "shopping/template:17",
        "shopping/intent:b",
    ]


@pytest.mark.parametrize(
    ("intent", "normalised"),
    [
        ("What is the price of 'Sony WH-1000'?", "what is the price of <text>"),
        ('Add "Logitech M705" to my wish list.', "add <text> to my wish list"),
        ("What's the customer's rating?", "whats the customers rating"),
        ("Buy 3 mugs under $12.50 each", "buy <number> mugs under <money> each"),
        ("Refund 40 dollars", "refund <money>"),
        ("Cancel order #000000170", "cancel order <order>"),
        ("Cancel order 170", "cancel order <order>"),
        ("Orders placed on 2022-03-05 or 3/5/2022", "orders placed on <date> or <date>"),
        ("Reviews from January 5, 2023 to Feb 2023", "reviews from <date> to <date>"),
        ("Sales in May 2022, as you may know", "sales in <date> as you may know"),
        ("Top-3 products of 2021!", "top <number> products of <date>"),
        ("  Spaces\tand\nlines  ", "spaces and lines"),
        ("a <b> c", "a b c"),
    ],
)
def test_intents_are_normalised_to_their_shape(intent: str, normalised: str) -> None:
    assert normalise_intent(intent) == normalised
    assert normalise_intent(normalised) == normalised  # idempotent


def test_the_same_question_about_different_products_shares_a_key() -> None:
    sony = key_for("shopping", "What is the price of 'Sony WH-1000'?", None)
    assert sony == PRICE
    known = {sony: normalise_intent("What is the price of 'Sony WH-1000'?")}
    assert key_for("shopping", "What is the price of 'Logitech M705'?", None, known) == sony
    # A raw (not normalised) representative works the same.
    raw = {sony: "What is the price of 'Sony WH-1000'?"}
    assert key_for("shopping", 'what is the price of "Logitech M705"', None, raw) == sony


def test_a_different_task_gets_a_key_of_its_own() -> None:
    known = {PRICE: "what is the price of <text>"}
    key = key_for("shopping", "Add 'Logitech M705' to my wish list", None, known)
    assert key == PlanKey("shopping", "intent:add-text-to-my-wish-list")
    assert key != PRICE


def test_the_most_similar_known_intent_wins_and_other_sites_are_ignored() -> None:
    near = PlanKey("shopping", "intent:near")
    far = PlanKey("shopping", "intent:far")
    elsewhere = PlanKey("reddit", "intent:same")
    intent = "show the reviews of <text> sorted by date"
    known = {
        far: "show the reviews of <text>",  # 5 of 8 words: 0.625
        near: "show the reviews of <text> sorted by rating",  # 7 of 9 words: 0.78
        elsewhere: intent,
    }
    assert key_for("shopping", intent, None, known) == near
    assert key_for("reddit", intent, None, known) == elsewhere
    # Below the threshold, a new key.
    new = key_for("shopping", "show the orders", None, {far: "show the reviews of <text>"})
    assert new == PlanKey("shopping", "intent:show-the-orders")


def test_a_template_id_wins_over_any_similar_intent() -> None:
    known = {PRICE: "what is the price of <text>"}
    key = key_for("shopping", "What is the price of 'Sony WH-1000'?", 163, known)
    assert key == PlanKey("shopping", "template:163")


def test_slugs_take_the_first_words_and_stay_short() -> None:
    key = key_for("shopping", "One two three four five six seven eight nine ten", None)
    assert key.kind == "intent:one-two-three-four-five-six-seven-eight"
    long = key_for("shopping", " ".join(["supercalifragilistic"] * 8), None)
    slug = long.kind.removeprefix("intent:")
    assert 0 < len(slug) <= SLUG_CHARS
    assert not slug.endswith("-")
    nothing = key_for("shopping", "?!", None)
    assert nothing.kind.startswith("intent:task-")
    assert PlanKey.parse(str(nothing)) == nothing
