"""The agent and the confirmation gate: nothing irreversible without a yes, whatever the model
says, and the model told so; an approved order is placed once and never backtracked across."""

from __future__ import annotations

import pytest

from tests.controller.conftest import Runner, orders, to_place_order
from tests.controller.scenario import Scenario, Turn, evaluation, step, stop
from webagent.safety import Confirmation
from webagent.sites.server import SiteServer

pytestmark = pytest.mark.browser


def _place_order(flag: bool) -> object:
    def answer(turn: Turn) -> object:
        return step(
            "click",
            element=turn.id("button", "Place Order"),
            irreversible=flag,
            **evaluation(True),
        )

    return answer


def test_denied_order_is_not_placed_and_the_model_is_told(
    run_on_shop: Runner, shop: SiteServer
) -> None:
    seen: list[str] = []

    def after_denial(turn: Turn) -> object:
        seen.append(turn.prompt)
        return step(
            "stop",
            **evaluation(False),
            **stop(None, status="ACTION_NOT_ALLOWED_ERROR", task_type="MUTATE"),
        )

    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Place the order"]}),
            ("step", step("scroll", direction="down")),
            # The model says it is reversible: the gate's own judgement stands.
            ("step", _place_order(False)),
            ("step", after_denial),
        ]
    )
    before = orders(shop)
    shop_run = run_on_shop(
        "Buy the Sony headphones",
        "/",
        scenario,
        prepare=to_place_order(shop),
        confirm="deny",
        decompose=False,
        revise=False,
        backtrack=False,
    )
    result = shop_run.run.result
    assert orders(shop) == before  # nothing reached the shop
    assert result.answer.status == "ACTION_NOT_ALLOWED_ERROR"
    assert result.metrics.denials == 1
    assert result.metrics.irreversible == 0
    assert result.steps[-1].error is not None
    assert "not done" in result.steps[-1].error
    # The next prompt tells the model what happened and what to do instead.
    assert "cannot be undone" in seen[0]
    assert "ACTION_NOT_ALLOWED_ERROR" in seen[0]
    assert scenario.left() == {}


def test_a_second_denial_ends_the_run(run_on_shop: Runner, shop: SiteServer) -> None:
    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Place the order"]}),
            ("step", step("scroll", direction="down")),
            ("step", _place_order(False)),
            ("step", _place_order(True)),  # a stubborn model tries again
        ]
    )
    asked: list[Confirmation] = []

    def person(confirmation: Confirmation) -> bool:
        asked.append(confirmation)
        return False

    before = orders(shop)
    shop_run = run_on_shop(
        "Buy the Sony headphones",
        "/",
        scenario,
        prepare=to_place_order(shop),
        confirm=person,
        decompose=False,
        revise=False,
        backtrack=False,
    )
    result = shop_run.run.result
    assert orders(shop) == before
    assert len(asked) == 1  # the same thing on the same page is not asked twice
    assert asked[0].element == "button 'Place Order'"
    assert any("Place Order" in reason for reason in asked[0].reasons)
    assert result.how == "denied"
    assert result.answer.status == "ACTION_NOT_ALLOWED_ERROR"
    assert result.metrics.denials == 2


def test_an_approved_order_is_placed_once(run_on_shop: Runner, shop: SiteServer) -> None:
    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Place the order"]}),
            ("step", step("scroll", direction="down")),
            ("step", _place_order(True)),
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
    asked: list[Confirmation] = []

    def person(confirmation: Confirmation) -> bool:
        asked.append(confirmation)
        return True

    before = orders(shop)
    shop_run = run_on_shop(
        "Buy the Sony headphones",
        "/",
        scenario,
        prepare=to_place_order(shop),
        confirm=person,
        decompose=False,
        revise=False,
    )
    result = shop_run.run.result
    assert orders(shop) == before + 1
    assert [c.kind for c in asked] == ["action"]  # its request was covered by the yes
    assert result.metrics.irreversible == 1
    assert result.answer.status == "SUCCESS"
    assert "success" in shop_run.final_url
