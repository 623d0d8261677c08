"""A replay checks the live page against the recorded one without the viewport: what another
machine's fonts, window or Chromium put in view (or cut at its edge) never matters, what the
model was shown (its elements, their roles, names and states, the text between them) does."""

from __future__ import annotations

from webagent.agent.viewfree import as_recorded, page_difference, view_free
from webagent.observation import Element, Observation

RECORDED = """URL: http://shop.test/
Title: Home Page
(Viewport only: more elements 12 below; scroll to see them.)
banner
  [e13] link 'My Account'
  search
    [e22] searchbox 'Search'
    [e23] button 'Search'
main
  # One Stop Market
  - [e59] link 'Beauty & Personal Care' Makeup, skin care and fragrances.
  - [e62] link 'Clothing' Everyday clothing for women and men. …(continues below)
[… 3 lines cut to fit the token budget]
  table 'Prices' (out of view: 14 rows below)
    (columns: Item | Price)
    row: [e70] link 'Tea' | $4.00"""

# The same page read whole on a machine with wider fonts: lines break elsewhere (the
# card's text on a line of its own), and there is more of it above and below.
WHOLE = """URL: http://shop.test/
Title: Home Page
region 'Cookie notice'
  [e5] button 'Allow Cookies'
banner
  [e13] link 'My Account'
  search
    [e22] searchbox 'Search'
    [e23] button 'Search'
main
  # One Stop Market
  Thousands of products from the brands you love.
  - [e59] link 'Beauty & Personal Care' Makeup, skin care and fragrances.
  - [e62] link 'Clothing'
    Everyday clothing for women and men.
  - [e65] link 'Electronics' Headphones and cameras.
  table 'Prices'
    row: [e70] link 'Tea' | $4.00
    row: [e72] link 'Coffee' | $6.00"""


def test_a_page_that_holds_what_the_model_was_shown_is_the_same_whatever_the_viewport() -> None:
    assert page_difference(RECORDED, WHOLE) is None


def test_only_what_the_viewport_decided_is_left_out() -> None:
    free = view_free(RECORDED)
    assert "Viewport only" not in free
    assert "continues below" not in free
    assert "out of view" not in free
    assert "lines cut" not in free
    assert "(columns:" not in free  # a header repeated because its row scrolled away
    assert len(free.splitlines()) == len(RECORDED.splitlines())  # lines keep their places
    assert "table 'Prices'" in free


def test_an_element_that_reads_otherwise_is_named_with_its_line() -> None:
    difference = page_difference(RECORDED, WHOLE.replace("[e23] button", "[e23] link"))
    assert difference is not None
    assert (difference.line, difference.element) == (8, "e23")
    assert difference.recorded.strip() == "[e23] button 'Search'"
    assert difference.now == "[e23] link 'Search'"
    assert "element [e23] reads otherwise" in difference.describe()


def test_a_renamed_element_differs() -> None:
    difference = page_difference(RECORDED, WHOLE.replace("'My Account'", "'Your Account'"))
    assert difference is not None
    assert difference.element == "e13"
    assert difference.missing == "'My"


def test_an_element_the_page_no_longer_has_is_said_to_be_missing() -> None:
    difference = page_difference(RECORDED, WHOLE.replace("  - [e65] link 'Electronics'", ""))
    assert difference is None  # e65 was never shown: out of view on the recording's machine
    gone = page_difference(RECORDED, WHOLE.replace("[e59] ", ""))
    assert gone is not None
    assert gone.element == "e59"
    assert gone.now is None
    assert "does not have" in gone.describe()


def test_text_that_changed_between_elements_differs() -> None:
    difference = page_difference(RECORDED, WHOLE.replace("$4.00", "$4.50"))
    assert difference is not None
    assert difference.missing == "$4.00"
    assert "the text '$4.00' is not on the replayed page" in difference.describe()


def test_elements_in_another_order_differ() -> None:
    swapped = WHOLE.replace("[e22] searchbox 'Search'", "@@").replace(
        "[e23] button 'Search'", "[e22] searchbox 'Search'"
    )
    swapped = swapped.replace("@@", "[e23] button 'Search'")
    assert page_difference(RECORDED, swapped) is not None


def test_words_are_not_found_past_the_next_element() -> None:
    """Text the recording showed before an element must come before it on the page, not
    anywhere further down (where the same word may appear again)."""
    recorded = "URL: u\nTitle: t\nPrice $5\n[e2] link 'A'"
    assert page_difference(recorded, "URL: u\nTitle: t\n[e2] link 'A'\nPrice $5") is not None
    assert page_difference(recorded, "URL: u\nTitle: t\nPrice: $5\nPrice $5\n[e2] link 'A'") is None


def test_the_report_shows_the_replayed_page_over_the_recorded_stretch() -> None:
    difference = page_difference(RECORDED, WHOLE.replace("$4.00", "$4.50"))
    assert difference is not None
    stretch = difference.replayed.splitlines()
    assert stretch[0] == "URL: http://shop.test/"
    assert any("$4.50" in line for line in stretch)
    assert not any("Coffee" in line for line in stretch)  # past the recorded stretch


def _element(ident: str, role: str = "link", name: str = "x") -> Element:
    return Element(ident, role, name)


def test_the_agent_is_given_the_recorded_page_with_the_live_elements_it_shows() -> None:
    live = Observation(
        url="http://shop.test/",
        title="Home Page",
        text=WHOLE,
        elements=tuple(_element(i) for i in ("e5", "e13", "e22", "e23", "e59", "e62", "e65")),
        full_page=True,
        status=200,
    )
    given = as_recorded(live, RECORDED, full_page=False)
    assert given.text == RECORDED
    assert [e.id for e in given.elements] == ["e13", "e22", "e23", "e59", "e62"]
    assert (given.above, given.below, given.truncated, given.full_page) == (0, 12, True, False)
    assert (given.url, given.title, given.status) == ("http://shop.test/", "Home Page", 200)
    assert given.tokens > 0


def test_a_forms_fields_listed_below_the_viewport_are_left_out() -> None:
    """The line that lists a cut form's fields below the viewport is the viewport's doing:
    the page read whole shows those fields where they are, so the line is not compared."""
    recorded = RECORDED + "\nThe form goes on below the viewport: [e72] link 'Coffee'"
    assert "The form goes on" not in view_free(recorded)
    assert page_difference(recorded, WHOLE) is None


def test_a_list_shown_once_and_pointed_at_compares_the_same_as_one_written_out() -> None:
    """In view, the first sort field was cut off, so the second wrote its list out; read
    whole, the first shows it and the second points at it (`options: as [e8]`). Both hold
    the same; a pointer is never taken for the element it names."""
    columns = "options: 'id' | 'title' | \"it's\" | 'status'"
    recorded = f"""URL: http://tracker.test/
Title: Issues
  Group on: [e12] combobox 'Group on' value='status' {columns} | [e13] checkbox unchecked"""
    whole = f"""URL: http://tracker.test/
Title: Issues
  Sort on: [e8] combobox 'Sort on' value='id' {columns} | [e9] checkbox unchecked
  Group on: [e12] combobox 'Group on' value='status' options: as [e8] | [e13] checkbox unchecked"""
    assert page_difference(recorded, whole) is None
    assert page_difference(whole, whole) is None
    other = whole.replace("'status'", "'priority'", 1)  # the first list is another now
    assert page_difference(recorded, other) is not None
