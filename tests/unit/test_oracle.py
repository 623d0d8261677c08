"""Oracle steps: validated, and resolved against observations by role, name and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from webagent.actions import Click, Goto, SelectOption, TypeText
from webagent.errors import ConfigError
from webagent.observation import Observation, RenderOptions, compose_observation, parse_snapshot
from webagent.oracle.solutions import load_oracle
from webagent.sites.steps import Step, StepError, Target, find, to_action

SNAPSHOT = """- main [ref=e1] [box=0,0,1280,700]:
  - table [ref=e2] [box=0,0,1280,200]:
    - row [ref=e3] [box=0,0,1280,20]:
      - cell "000000180" [ref=e4] [box=0,0,100,20]
      - cell [ref=e5] [box=100,0,100,20]:
        - link "View Order" [ref=e6] [box=100,0,100,20]:
          - /url: /sales/order/view/order_id/180/
    - row [ref=e7] [box=0,20,1280,20]:
      - cell "000000178" [ref=e8] [box=0,20,100,20]
      - cell [ref=e9] [box=100,20,100,20]:
        - link "View Order" [ref=e10] [box=100,20,100,20]:
          - /url: /sales/order/view/order_id/178/
  - searchbox "Search" [ref=e11] [box=0,300,200,20]
  - combobox "Size" [ref=e12] [box=0,330,200,20]:
    - option "S" [selected] [box=0,0,0,0]
    - option "M" [box=0,0,0,0]
"""
URLS = {"shopping": "http://127.0.0.1:7770"}


@pytest.fixture
def page() -> Observation:
    return compose_observation(
        parse_snapshot(SNAPSHOT),
        url="http://127.0.0.1:7770/sales/order/history/",
        title="My Orders",
        options=RenderOptions(full_page=True),
    )


def test_elements_are_found_by_role_name_and_line(page: Observation) -> None:
    second = Target(role="link", name="View Order", line_contains="000000178")
    assert find(second, page).id == "e10"
    assert find(Target(role="link", name="View Order"), page).id == "e6"
    assert find(Target(role="link", name="View Order", nth=1), page).id == "e10"
    assert find(Target(role="searchbox", name_contains="Sea"), page).id == "e11"


def test_a_missing_element_lists_what_the_page_has(page: Observation) -> None:
    with pytest.raises(
        StepError, match=r"no link 'Reorder'.*links there: 'View Order', 'View Order'"
    ):
        find(Target(role="link", name="Reorder"), page)


def test_steps_become_grammar_actions(page: Observation) -> None:
    search = Step.model_validate(
        {"type": {"role": "searchbox", "name": "Search"}, "text": "mouse", "enter": True}
    )
    assert to_action(search, page, URLS) == TypeText("e11", "mouse", True)
    size = Step.model_validate({"select": {"role": "combobox", "name": "Size"}, "option": "M"})
    assert to_action(size, page, URLS) == SelectOption("e12", "M")
    home = Step.model_validate({"goto": "__SHOPPING__/checkout/cart/"})
    assert to_action(home, page, URLS) == Goto("http://127.0.0.1:7770/checkout/cart/")
    view = Step.model_validate({"click": {"role": "link", "name": "View Order", "nth": 1}})
    assert to_action(view, page, URLS) == Click("e10")
    assert to_action(Step(expect="000000178"), page, URLS) is None
    with pytest.raises(StepError, match="expected the page to show"):
        to_action(Step(expect="000000999"), page, URLS)


@pytest.mark.parametrize(
    "bad",
    [
        {},
        {"goto": "/", "press": "Enter"},
        {"type": {"role": "textbox"}},
        {"select": {"role": "combobox"}},
        {"click": {"role": "link", "colour": "red"}},
    ],
)
def test_malformed_steps_are_rejected(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Step.model_validate(bad)


def test_oracle_files_are_validated(tmp_path: Path) -> None:
    path = tmp_path / "oracle.json"
    path.write_text(json.dumps({"tasks": {"1": {"steps": [{"jump": 1}], "response": {}}}}))
    with pytest.raises(ConfigError, match=r"oracle.json: tasks.1.steps.0"):
        load_oracle(path)
    path.write_text(json.dumps({"tasks": {"1": {"response": {"task_type": "NAVIGATE"}}}}))
    assert load_oracle(path).tasks[1].agent_response.task_type == "NAVIGATE"
    with pytest.raises(ConfigError, match="no oracle file"):
        load_oracle(tmp_path / "missing.json")
