"""Never backtrack across an executed irreversible action: once the order is placed, the
remedies recorded before it are void."""

from __future__ import annotations

import pytest

from tests.controller.conftest import Runner, orders, to_place_order
from tests.controller.scenario import Scenario, Turn, evaluation, step
from webagent.sites.server import SiteServer

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("then", [None, "backtrack"])
def test_no_backtrack_across_a_placed_order(
    run_on_shop: Runner, shop: SiteServer, then: str | None
) -> None:
    """Even when the model asks for it: the remedies before the order are void."""

    def place_order(turn: Turn) -> object:
        edit = turn.id("link", "Edit", nth=0)  # a remedy, should Place Order be wrong
        return step(
            "click",
            element=turn.id("button", "Place Order"),
            remedies=[f"click [{edit}]"],
            **evaluation(True),
        )

    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Place the order"]}),
            ("step", step("scroll", direction="down")),  # Place Order is below the fold
            ("step", place_order),
            # The model now (wrongly) judges the order a mistake: there must be no going back.
            ("step", step("scroll", direction="down", **evaluation(False), then=then)),
            (
                "answer",
                {
                    "task_type": "MUTATE",
                    "status": "SUCCESS",
                    "retrieved_data": None,
                    "error_details": None,
                },
            ),
        ]
    )
    before = orders(shop)
    shop_run = run_on_shop(
        "Buy the Sony headphones",
        "/",
        scenario,
        prepare=to_place_order(shop),
        decompose=False,
        revise=False,
    )
    result = shop_run.run.result
    assert orders(shop) == before + 1
    assert shop_run.kinds == ["action", "action"]  # scroll, Place Order; no backtrack, no remedy
    assert result.metrics.backtracks == 0
    assert "success" in shop_run.final_url
    assert result.steps[1].action.startswith("click")
    assert result.steps[1].remedies  # a remedy was recorded, and voided by the order
    assert scenario.left() == {}
