"""`fill_form` on the demo shop: a five-field address form filled in one action and saved
with a second, from the page as it loads (its state, zip and Save button are below the
viewport, listed with their ids), each field judged and entered as its own typing or choice."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest

from tests.controller.conftest import Runner
from tests.controller.scenario import Scenario, Turn, step, stop
from webagent.sites.server import SiteServer

pytestmark = pytest.mark.browser

ADDRESS = "/customer/address/edit/id/26/"  # the customer's billing address
FIELDS = {
    ("textbox", "Street Address"): "231 Willow Way",
    ("textbox", "Street Address: Line 2"): "Suite 100",
    ("textbox", "City"): "Chicago",
    ("combobox", "State/Province"): "Illinois",
    ("textbox", "Zip/Postal Code"): "60601",
}


def fill(turn: Turn) -> object:
    fields = [
        {"element": turn.id(role, name), "value": value} for (role, name), value in FIELDS.items()
    ]
    return step("fill_form", fields=fields)


def click(role: str, name: str) -> Callable[[Turn], object]:
    return lambda turn: step("click", element=turn.id(role, name))


def address(shop: SiteServer) -> tuple[object, ...]:
    with sqlite3.connect(shop.db) as db:
        row = db.execute(
            "SELECT street1, street2, city, region, postcode FROM address WHERE id = 26"
        ).fetchone()
    return tuple(row)


def test_a_five_field_form_is_filled_and_saved_in_two_actions(
    run_on_shop: Runner, shop: SiteServer
) -> None:
    scenario = Scenario(
        [
            ("step", fill),
            ("step", click("button", "Save Address")),
            ("step", step("stop", **stop(None, task_type="MUTATE"))),
        ]
    )
    task = "Change my billing address to 231 Willow Way, Suite 100, Chicago, Illinois 60601."
    done = run_on_shop(task, ADDRESS, scenario, mode="react")
    assert done.kinds == ["action", "action"]  # then stop
    assert done.run.result.answer.status == "SUCCESS"
    assert address(shop) == ("231 Willow Way", "Suite 100", "Chicago", "Illinois", "60601")
    assert "You saved the address." in scenario.log[-1][1]


def test_a_field_that_cannot_be_filled_stops_the_form_and_says_which(
    run_on_shop: Runner, shop: SiteServer
) -> None:
    before = address(shop)

    def wrong_state(turn: Turn) -> object:
        city, state = turn.id("textbox", "City"), turn.id("combobox", "State/Province")
        fields = [{"element": city, "value": "Chicago"}, {"element": state, "value": "Atlantis"}]
        return step("fill_form", fields=fields)

    scenario = Scenario([("step", wrong_state), ("step", step("stop", **stop(None)))])
    task = "Move my billing address to Atlantis."
    run_on_shop(task, ADDRESS, scenario, mode="react")
    told = scenario.log[-1][1]
    assert "has no option 'Atlantis'" in told
    assert "(filled before it: [e" in told
    assert address(shop) == before  # nothing was submitted
