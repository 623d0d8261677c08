"""The observation text: header, scroll note, and the token budget."""

from __future__ import annotations

from webagent.observation import (
    Observation,
    PageEvent,
    RenderOptions,
    TabInfo,
    compose_observation,
    count_tokens,
    parse_snapshot,
)


def _page(paragraphs: int, buttons_at: tuple[int, ...] = ()) -> str:
    """A long page: paragraphs of text 30px apart, with buttons at the given indexes."""
    lines = ["- main [ref=e1] [box=0,0,1280,100000]:"]
    for index in range(paragraphs):
        y = index * 30
        if index in buttons_at:
            lines.append(f'  - button "Action {index}" [ref=e{index + 10}] [box=0,{y},100,20]')
        else:
            lines.append(
                f"  - paragraph [ref=e{index + 10}] [box=0,{y},1200,20]: "
                f"Paragraph {index} tells a long story about products, prices and reviews."
            )
    return "\n".join(lines)


def _observe(snapshot: str, budget: int | None, full_page: bool = True) -> Observation:
    return compose_observation(
        parse_snapshot(snapshot),
        url="http://shop.test/",
        title="Shop",
        options=RenderOptions(viewport=(1280, 720), full_page=full_page),
        budget=budget,
    )


def test_header_lists_url_title_tabs_events_and_last_error() -> None:
    observation = compose_observation(
        parse_snapshot('- button "OK" [ref=e1] [box=0,0,10,10]'),
        url="http://shop.test/cart",
        title="Cart",
        tabs=[
            TabInfo(0, "Shop", "http://shop.test/", active=False),
            TabInfo(1, "Cart", "http://shop.test/cart", active=True),
        ],
        events=[PageEvent("dialog", "confirm 'Empty the cart?' was accepted")],
        error="there is no element [e9] on the page now",
    )
    assert observation.text.splitlines() == [
        "URL: http://shop.test/cart",
        "Title: Cart",
        "Tabs: [0] Shop; [1] Cart (current)",
        "Dialog: confirm 'Empty the cart?' was accepted",
        "Last action failed: there is no element [e9] on the page now",
        "[e1] button 'OK'",
    ]
    assert observation.tokens == count_tokens(observation.text)


def test_viewport_observation_says_what_lies_below() -> None:
    observation = _observe(_page(100, buttons_at=(5, 50, 90)), budget=None, full_page=False)
    assert "Action 5" in observation.text
    assert "Action 50" not in observation.text
    assert "(Viewport only: more elements 2 below; scroll to see them.)" in observation.text
    assert observation.below == 2


def test_budget_is_respected_and_marked() -> None:
    observation = _observe(_page(300), budget=500)
    assert observation.truncated
    assert observation.tokens <= 500
    assert "lines cut to fit the token budget]" in observation.text


def test_budget_never_cuts_an_interactive_element_in_the_viewport() -> None:
    buttons = (1, 7, 13, 19)  # all inside the first 720 pixels
    observation = _observe(_page(300, buttons_at=buttons), budget=200)
    for index in buttons:
        assert f"[e{index + 10}] button 'Action {index}'" in observation.text
    assert observation.truncated


def test_budget_cuts_far_from_the_viewport_first() -> None:
    observation = _observe(_page(300), budget=900)
    assert "Paragraph 0 " in observation.text
    assert "Paragraph 299 " not in observation.text


def test_no_budget_no_truncation() -> None:
    observation = _observe(_page(300), budget=None)
    assert not observation.truncated
    assert "Paragraph 299 " in observation.text


def test_observation_json_has_no_raw_tree() -> None:
    observation = _observe(_page(3, buttons_at=(1,)), budget=None)
    data = observation.to_json()
    assert "tree" not in data
    assert data["elements"][0]["id"] == "e11"
    assert data["url"] == "http://shop.test/"
