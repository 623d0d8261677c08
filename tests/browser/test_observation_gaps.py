"""In real Chromium: every element a person can activate in the viewport has an id in the
observation, at every scroll position, and rows cut by the viewport say that they go on.

The pages are `tests/data/pages/activatable.html` (links in wiki and attribute syntax, links
without href, `<summary>`, pointer-cursor handlers, links in `<pre>`, `<code>`, cells and list
items, image links, buttons in labels, `<area>`, names repeated by neighbouring text),
`nested_controls.html` (controls inside links and tabs named after their content, trees,
menus, clickable rows) and `long_tables.html` (a wide table and a long one).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA
from tests.unit.test_observation_gaps import _ID, ACTIVATABLE
from webagent.browser import Browser, Tab
from webagent.observation import Observation
from webagent.observation.tree import AriaNode


@pytest.fixture
def pages(serve: Callable[[Path], str]) -> str:
    return serve(DATA / "pages")


def _is_summary(node: AriaNode, parent: AriaNode | None) -> bool:
    if node.role != "generic" or not node.name or parent is None or parent.role != "group":
        return False
    return next(child for child in parent.children if child.role != "text") is node


def _missing_ids(observation: Observation) -> dict[str, str]:
    """The activatable nodes with a ref inside the viewport that the text shows no id for."""
    shown = set(_ID.findall(observation.text))
    missing: dict[str, str] = {}
    stack: list[tuple[AriaNode, AriaNode | None, bool]] = [
        (root, None, True) for root in observation.tree
    ]
    while stack:
        node, parent, inherited = stack.pop()
        box = node.box
        inside = inherited if box is None or box.empty else box.intersects(*observation.viewport)
        activatable = node.role in ACTIVATABLE or _is_summary(node, parent)
        if node.ref and activatable and inside and node.ref not in shown:
            missing[node.ref] = f"{node.role} {node.name!r}"
        stack.extend((child, node, inside) for child in node.children)
    return missing


def _scroll(tab: Tab, y: int) -> None:
    tab.page.evaluate(f"window.scrollTo(0, {y})")
    end = "document.documentElement.scrollHeight - window.innerHeight"
    tab.page.wait_for_function(f"Math.abs(window.scrollY - Math.min({y}, {end})) < 2")


@pytest.mark.parametrize("page", ["activatable", "nested_controls", "long_tables", "form"])
def test_every_activatable_element_in_the_viewport_has_an_id(
    browser: Browser, pages: str, page: str
) -> None:
    with browser.open(f"{pages}{page}.html", confirm="allow") as tab:
        height = int(tab.page.evaluate("document.documentElement.scrollHeight"))
        for y in range(0, height, 233):
            _scroll(tab, y)
            observation = tab.observe(budget=None)
            missing = _missing_ids(observation)
            assert not missing, f"{page} at y={y}: {missing}\n{observation.text}"


def test_summaries_and_controls_inside_named_links_are_clickable(
    browser: Browser, pages: str
) -> None:
    with browser.open(f"{pages}nested_controls.html", confirm="allow") as tab:
        observation = tab.observe()
        summary = next(e for e in observation.elements if e.name == "Show more options")
        assert f"[{summary.id}] summary 'Show more options'" in observation.text
        assert "Hidden detail" not in observation.text
        assert tab.act(f"click [{summary.id}]").error is None
        observation = tab.observe()
        assert f"[{summary.id}] summary 'Show more options' expanded" in observation.text
        assert "Hidden detail" in observation.text
        like = next(e for e in observation.elements if e.role == "button" and e.name == "Like")
        assert f"[{like.id}] button 'Like'" in observation.text


def test_rows_and_tables_cut_by_the_viewport_say_so(browser: Browser, pages: str) -> None:
    with browser.open(f"{pages}long_tables.html", confirm="allow") as tab:
        top = tab.observe().text
        assert re.search(r"^table \(out of view: \d+ columns to the right\)$", top, re.M)
        assert re.search(r"^ *r1c1 \| .* …\(continues to the right\)$", top, re.M)
        assert re.search(r"^ *table \(out of view: \d+ rows below\)$", top, re.M)
        _scroll(tab, 400)
        middle = tab.observe().text
        rows = [line for line in middle.splitlines() if " | 2024-" in line]
        assert re.search(r"^table \(out of view: \d+ rows above, \d+ rows below\)$", middle, re.M)
        assert rows[0].endswith(" …(continues above)")
        assert rows[-1].endswith(" …(continues below)")
        assert not any("continues" in row for row in rows[1:-1])
        assert "continues" not in tab.observe(full_page=True).text


def test_a_form_in_view_tells_its_submit_buttons_below_the_viewport(
    browser: Browser, pages: str
) -> None:
    """The page's forms are matched to the snapshot's nodes by their boxes: the buttons
    that send the edit form get ids, the form's other button and another form's do not."""
    with browser.open(f"{pages}edit_form.html", confirm="allow") as tab:
        observation = tab.observe()
        summary = next(e for e in observation.elements if e.name == "Summary")
        assert summary.in_viewport
        last = observation.text.splitlines()[-1]
        assert re.fullmatch(
            r"The form goes on below the viewport: \[(\w+)\] button 'Save page'"
            r" \| \[(\w+)\] button 'Show preview'",
            last,
        ), observation.text
        save = next(e for e in observation.elements if e.name == "Save page")
        assert not save.in_viewport
        assert tab.act(f"click [{save.id}]").error is None


def test_unnamed_fields_are_called_what_the_page_shows(browser: Browser, pages: str) -> None:
    """A bare input is named after its row's header cell or its `name` attribute, a password
    field says so and hides what it holds; the named fields take text by their ids."""
    with browser.open(f"{pages}unnamed_fields.html", confirm="allow") as tab:
        for full_page in (False, True):  # matched by box, then (no boxes) by order
            observation = tab.observe(full_page=full_page)
            named = {e.name: e for e in observation.elements}
            assert {"login name", "login password", "Title", "Change Note"} <= set(named)
            text = observation.text
            assert f"[{named['login password'].id}] textbox 'login password' (password)" in text
            assert re.search(r"Change Note \| \[\w+\] textbox 'Change Note'", text), text
        assert tab.act(f"type [{named['login name'].id}] [alice] [0]").error is None
        assert tab.act(f"type [{named['login password'].id}] [hunter22] [0]").error is None
        assert tab.act(f"type [{named['Change Note'].id}] [Fixed in 2.6] [0]").error is None
        observation = tab.observe()
        assert "hunter22" not in observation.text
        assert "textbox 'login password' (password, filled)" in observation.text
        assert "value='alice'" in observation.text
        assert "value='Fixed in 2.6'" in observation.text
        assert tab.page.input_value("input[type=password]") == "hunter22"
