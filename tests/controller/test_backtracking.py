"""Devil's Advocate on the demo shop: a wrong click undone by backtracking to the remedy, the
remedy's element re-found by rule after the ids changed, and by the `remap` query when the
page has several elements that look the same."""

from __future__ import annotations

import re
import sqlite3

import pytest

from tests.controller.conftest import Runner
from tests.controller.scenario import Scenario, Turn, evaluation, step, stop
from webagent.sites.server import SiteServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RESULTS = "/catalogsearch/result/?q=headphones"
SONY = "Sony WC1493X On-Ear Headphones Hi-Fi Bass, Bluetooth 5.3, Pink"
JBL = "JBL XO-174 Kids Headphones Foldable, Volume Limited, Black"
TASK = f"What is the price of the {SONY}?"


def wrong_click_with_the_right_remedy(turn: Turn) -> object:
    right = turn.id("link", SONY)
    return step("click", element=turn.id("link", JBL), remedies=[f"click [{right}]"])


def test_a_wrong_click_is_undone_by_backtracking_to_the_remedy(run_on_shop: Runner) -> None:
    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Open the Sony headphones", "Note down the price and stop"]}),
            ("step", wrong_click_with_the_right_remedy),
            # On the JBL page: not aligned. The action proposed here is never run.
            ("step", step("scroll", direction="down", **evaluation(False))),
            # On the Sony page (reached by the remedy): aligned, done.
            (
                "step",
                step(
                    "stop", **evaluation(True, subtask_done=True, task_done=True), **stop([61.49])
                ),
            ),
        ]
    )
    shop_run = run_on_shop(TASK, RESULTS, scenario)
    result = shop_run.run.result
    assert result.answer.status == "SUCCESS"
    assert result.answer.retrieved_data == [61.49]
    assert result.how == "stop"
    assert shop_run.kinds == ["action", "backtrack", "remedy"]
    assert result.steps[0].action.startswith("click")
    assert "jbl" in result.steps[0].url_after
    assert result.steps[1].url_after.endswith(RESULTS)
    assert "sony" in shop_run.final_url
    assert result.metrics.backtracks == 1
    assert result.metrics.trials == 1
    assert result.metrics.plan_revisions == 0
    assert scenario.left() == {}


def test_a_misaligned_step_may_recover_from_where_it_is(run_on_shop: Runner) -> None:
    # On the JBL page the model judges the click misaligned and chooses to recover: its fresh
    # action (back to the results by the link it sees here) runs, not the stale remedy.
    def recover(turn: Turn) -> object:
        return step("go_back", **evaluation(False), then="recover")

    def sony_from_results(turn: Turn) -> object:
        return step("click", element=turn.id("link", SONY), **evaluation(True))

    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Open the Sony headphones", "Note down the price and stop"]}),
            ("step", wrong_click_with_the_right_remedy),
            ("step", recover),
            ("step", sony_from_results),
            (
                "step",
                step(
                    "stop", **evaluation(True, subtask_done=True, task_done=True), **stop([61.49])
                ),
            ),
        ]
    )
    shop_run = run_on_shop(TASK, RESULTS, scenario)
    result = shop_run.run.result
    assert result.answer.retrieved_data == [61.49]
    assert shop_run.kinds == ["action", "action", "action"]  # no backtrack, no remedy run
    assert [s.action.split(" ")[0] for s in result.steps] == ["click", "go_back", "click"]
    assert (result.metrics.backtracks, result.metrics.recoveries) == (0, 1)
    assert "sony" in shop_run.final_url
    assert scenario.left() == {}


def test_a_misaligned_step_that_chooses_backtrack_goes_back_to_the_remedy(
    run_on_shop: Runner,
) -> None:
    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Open the Sony headphones", "Note down the price and stop"]}),
            ("step", wrong_click_with_the_right_remedy),
            ("step", step("scroll", direction="down", **evaluation(False), then="backtrack")),
            (
                "step",
                step(
                    "stop", **evaluation(True, subtask_done=True, task_done=True), **stop([61.49])
                ),
            ),
        ]
    )
    shop_run = run_on_shop(TASK, RESULTS, scenario)
    assert shop_run.kinds == ["action", "backtrack", "remedy"]
    assert (shop_run.run.result.metrics.backtracks, shop_run.run.result.metrics.recoveries) == (
        1,
        0,
    )
    assert "sony" in shop_run.final_url


def test_without_backtracking_the_wrong_click_is_not_undone(run_on_shop: Runner) -> None:
    # plan-act: the same answers, but the misalignment is ignored and the agent stays lost.
    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Open the Sony headphones", "Note down the price and stop"]}),
            ("step", wrong_click_with_the_right_remedy),
            ("step", step("stop", **evaluation(False), **stop([15.95]))),
        ]
    )
    shop_run = run_on_shop(TASK, RESULTS, scenario, mode="plan-act")
    assert shop_run.kinds == ["action"]
    assert "jbl" in shop_run.final_url
    assert shop_run.run.result.answer.retrieved_data == [15.95]
    assert shop_run.run.result.metrics.backtracks == 0


def test_changed_ids_are_refound_by_role_name_and_context(run_on_shop: Runner) -> None:
    # Going back loads the results page again, and every element id changes: the remedy's
    # link is found again by its role, name and nearest heading, without the model.
    ids: dict[str, str] = {}

    def first(turn: Turn) -> object:
        ids["sony"] = turn.id("link", SONY)
        return wrong_click_with_the_right_remedy(turn)

    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Open the Sony headphones", "Stop with the price"]}),
            ("step", first),
            ("step", step("scroll", direction="down", **evaluation(False))),
            (
                "step",
                step(
                    "stop", **evaluation(True, subtask_done=True, task_done=True), **stop([61.49])
                ),
            ),
        ]
    )
    shop_run = run_on_shop(TASK, RESULTS, scenario)
    result = shop_run.run.result
    remedy = result.steps[2]
    assert remedy.kind == "remedy"
    assert remedy.action != f"click [{ids['sony']}]"  # the id changed on the way back ...
    assert "sony" in remedy.url_after  # ... and the same link was clicked
    assert result.metrics.remaps_rule == 1
    assert result.metrics.remaps_model == 0
    assert "remap" not in [query for query, _ in scenario.log]


def test_an_ambiguous_element_is_remapped_by_the_model(run_on_shop: Runner) -> None:
    # The remedy is the Sony product's "Add to Cart": every product has one, under the same
    # heading, so the rules cannot tell which is meant once the ids changed. The model can.
    def add_jbl_with_sony_as_remedy(turn: Turn) -> object:
        sony_cart = turn.id("button", "Add to Cart", nth=0)
        jbl_link = turn.id("link", JBL)
        return step("click", element=jbl_link, remedies=[f"click [{sony_cart}]"])

    def remap(turn: Turn) -> object:
        assert "button 'Add to Cart'" in turn.prompt
        return {
            "element": turn.id("button", "Add to Cart", nth=0, page="The page now:"),
            "reason": "the first product's Add to Cart",
        }

    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Add the Sony headphones to the cart", "Stop"]}),
            ("step", add_jbl_with_sony_as_remedy),
            ("step", step("scroll", direction="down", **evaluation(False))),
            ("remap", remap),
            (
                "step",
                step(
                    "stop",
                    **evaluation(True, subtask_done=True, task_done=True),
                    **stop(None, task_type="MUTATE"),
                ),
            ),
        ]
    )
    shop_run = run_on_shop("Add the " + SONY + " to the cart", RESULTS, scenario)
    result = shop_run.run.result
    assert result.metrics.remaps_model == 1
    assert result.metrics.backtracks == 1
    assert shop_run.kinds == ["action", "backtrack", "remedy"]
    assert result.answer.status == "SUCCESS"
    assert scenario.left() == {}


JACKET_PAGE = "/amazon-essentials-women-s-denim-jacket-button-down.html"


def cart_items(shop: SiteServer) -> list[tuple[str, int]]:
    """(options, qty) of every item in the shop's carts: options as stored (JSON)."""
    with sqlite3.connect(shop.db) as db:
        return [(str(o), int(q)) for o, q in db.execute("SELECT options, qty FROM cart_item")]


def option_labels(shop: SiteServer, options: str) -> set[str]:
    """The labels of the attribute options a cart item's stored options name."""
    ids = {int(n) for n in re.findall(r"\d+", options)}
    with sqlite3.connect(shop.db) as db:
        return {
            str(label)
            for i, label in db.execute("SELECT id, label FROM attribute_option")
            if i in ids
        }


def test_backtracking_to_a_form_enters_again_what_was_entered_before_the_remedy(
    run_on_shop: Runner, shop: SiteServer
) -> None:
    # Size and quantity chosen, then "Add to Wish List" clicked instead of "Add to Cart" (it
    # leaves for the wish list). Going back loads the product page afresh, which loses the
    # size and the quantity: they are entered again before the remedy adds the jacket.
    def choose_size(turn: Turn) -> object:
        return step("select", element=turn.id("combobox", "Size"), option="L")

    def choose_color(turn: Turn) -> object:
        color = turn.id("combobox", "Color")
        return step("select", element=color, option="Navy", **evaluation(True))

    def two(turn: Turn) -> object:
        qty = turn.id("spinbutton", "Qty")
        return step("type", element=qty, text="2", press_enter_after=0, **evaluation(True))

    def wrong_button(turn: Turn) -> object:
        right = turn.id("button", "Add to Cart")
        wrong = turn.id("button", "Add to Wish List")
        return step("click", element=wrong, remedies=[f"click [{right}]"], **evaluation(True))

    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Add 2 of the jacket in size L to the cart"]}),
            ("step", choose_size),
            ("step", choose_color),
            ("step", two),
            ("step", wrong_button),
            ("step", step("scroll", direction="down", **evaluation(False))),  # the wish list
            (
                "step",
                step("stop", **evaluation(True, subtask_done=True, task_done=True), **stop(None)),
            ),
        ]
    )
    shop_run = run_on_shop(
        "Add 2 of the denim jacket in size L, navy, to my cart", JACKET_PAGE, scenario
    )
    result = shop_run.run.result
    assert shop_run.kinds == ["action"] * 4 + ["backtrack"] + ["restore"] * 3 + ["remedy"]
    restored = [s.action.split(" ", 2)[::2] for s in result.steps[5:8]]
    assert restored == [["select", "[L]"], ["select", "[Navy]"], ["type", "[2] [0]"]]
    assert result.metrics.backtracks == 1
    [(options, qty)] = cart_items(shop)
    assert qty == 2
    assert {"L", "Navy"} <= option_labels(shop, options), options
    assert scenario.left() == {}
