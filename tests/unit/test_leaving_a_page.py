"""When the agent sets a page aside (what goes to LASER's memory of examined pages): leaving it
for another, by any way a person would, but not acting on the page's own item."""

from __future__ import annotations

import pytest

from tests.unit.page_kit import observe
from webagent.actions import Action, ActionResult, Click, GoBack, TypeText
from webagent.controller.effects import leaves
from webagent.controller.page import Page
from webagent.sites.permissions import Permitted

ARTICLE = """
- banner:
  - searchbox "Search Wikipedia" [ref=e1]
  - textbox "Search the shop" [ref=e2]
- main:
  - heading "Oolong" [level=1]
  - link "Green tea" [ref=e3]
  - spinbutton "Qty" [ref=e4]
  - button "Add to Cart" [ref=e5]
"""


def page() -> Page:
    observation = observe(ARTICLE, "http://app.test/oolong")
    every = tuple(element.id for element in observation.elements)
    return Page(observation, None, None, None, Permitted("other", {}, {}, every))


def moved(action: Action) -> ActionResult:
    return ActionResult(
        action, url="http://app.test/elsewhere", url_before="http://app.test/oolong"
    )


@pytest.mark.parametrize(
    "action",
    [
        Click("e3"),  # a link away
        GoBack(),
        TypeText("e1", "darjeeling", True),  # a new search from the search box
        TypeText("e2", "darjeeling", True),  # a field named for searching
    ],
    ids=["link", "back", "searchbox", "search-field"],
)
def test_leaving_for_another_page_sets_the_page_aside(action: Action) -> None:
    assert leaves(action, moved(action), page())


@pytest.mark.parametrize(
    "action",
    [
        Click("e5"),  # acts on the item (the cart page loads)
        TypeText("e4", "2", True),  # Enter in the item's own field
        TypeText("e1", "darjeeling", False),  # typed, not yet searched
    ],
    ids=["button", "own-field", "no-enter"],
)
def test_acting_on_the_page_does_not(action: Action) -> None:
    assert not leaves(action, moved(action), page())


def test_a_search_that_stayed_on_the_page_does_not() -> None:
    action = TypeText("e1", "darjeeling", True)
    stayed = ActionResult(action, url="http://app.test/oolong", url_before="http://app.test/oolong")
    assert not leaves(action, stayed, page())
