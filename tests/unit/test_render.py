"""Rendering parsed trees as the compact text a model reads, on stored snapshots."""

from __future__ import annotations

import re

from tests.conftest import DATA
from webagent.observation import (
    RenderOptions,
    compose_observation,
    is_addressable,
    parse_snapshot,
    render_tree,
)
from webagent.observation.tree import AriaNode


def _snapshot(name: str) -> tuple[AriaNode, ...]:
    return parse_snapshot((DATA / "snapshots" / f"{name}.yaml").read_text(encoding="utf-8"))


def _text(snapshot: str, **options: object) -> str:
    rendering = render_tree(parse_snapshot(snapshot), RenderOptions(**options))  # type: ignore[arg-type]
    return "\n".join("  " * line.depth + line.text for line in rendering.lines)


def _addressable_refs(roots: tuple[AriaNode, ...]) -> set[str]:
    refs: set[str] = set()
    stack: list[tuple[AriaNode, AriaNode | None]] = [(root, None) for root in roots]
    while stack:
        node, parent = stack.pop()
        if is_addressable(node, parent) and node.ref:
            refs.add(node.ref)
        stack.extend((child, node) for child in node.children)
    return refs


def test_interactive_elements_carry_ids_and_wrappers_vanish() -> None:
    text = _text(
        "- generic [ref=e1] [box=0,0,1280,700]:\n"
        "  - generic [ref=e2] [box=0,0,1280,700]:\n"
        '    - button "Add to Cart" [ref=e12] [box=10,10,90,20]\n'
        '    - heading "Shop" [level=1] [ref=e13] [box=10,40,200,30]\n'
    )
    assert text == "[e12] button 'Add to Cart'\n# Shop"


def test_states_values_and_placeholders() -> None:
    text = _text(
        '- checkbox "Agree" [checked] [ref=e1] [box=0,0,10,10]\n'
        '- checkbox "Spam me" [ref=e2] [box=0,20,10,10]\n'
        '- textbox "Name" [ref=e3] [box=0,40,100,20]:\n'
        "  - /placeholder: Your name\n"
        "  - text: bob\n"
        '- textbox "Email" [active] [ref=e4] [box=0,70,100,20]:\n'
        "  - /placeholder: you@example.com\n"
        '- button "Submit" [disabled] [ref=e5] [box=0,100,60,20]\n'
        '- tab "Reviews" [selected] [expanded] [ref=e6] [box=0,130,60,20]\n'
    )
    assert text.splitlines() == [
        "[e1] checkbox 'Agree' checked",
        "[e2] checkbox 'Spam me' unchecked",
        "[e3] textbox 'Name' value='bob'",
        "[e4] textbox 'Email' focused placeholder='you@example.com'",
        "[e5] button 'Submit' disabled",
        "[e6] tab 'Reviews' selected expanded",
    ]


def test_native_select_lists_its_options_on_one_line() -> None:
    text = _text(
        '- combobox "Colour" [ref=e14] [box=0,0,50,20]:\n'
        '  - option "Red" [box=0,0,0,0]\n'
        '  - option "Blue" [selected] [box=0,0,0,0]\n'
    )
    assert text == "[e14] combobox 'Colour' value='Blue' options: 'Red' | 'Blue'"


def test_long_option_lists_are_capped() -> None:
    options = "".join(f'  - option "Country {i}" [box=0,0,0,0]\n' for i in range(100))
    text = _text(f'- combobox "Country" [ref=e1] [box=0,0,50,20]:\n{options}', max_options=5)
    assert text.endswith("'Country 4' (+95 more)")


def test_a_second_field_with_the_same_long_list_points_at_the_first() -> None:
    """A table's sort and group fields list the same columns: the list is shown once (on
    Roundup's issue list, four copies took 410 tokens every turn). A short list, or a
    different one, is shown in full."""
    columns = "".join(
        f'  - option "{c}" [box=0,0,0,0]\n' for c in ("id", "title", "status", "owner")
    )
    yes_no = '  - option "yes" [box=0,0,0,0]\n  - option "no" [box=0,0,0,0]\n'
    text = _text(
        f'- combobox "Sort on" [ref=e1] [box=0,0,50,20]:\n{columns}'
        f'- combobox "Group on" [ref=e2] [box=0,30,50,20]:\n{columns}'
        f'- combobox "Ascending" [ref=e3] [box=0,60,50,20]:\n{yes_no}'
        f'- combobox "Open only" [ref=e4] [box=0,90,50,20]:\n{yes_no}'
    )
    lines = text.split("\n")
    assert lines[0].endswith("options: 'id' | 'title' | 'status' | 'owner'")
    assert lines[1] == "[e2] combobox 'Group on' options: as [e1]"
    assert lines[2].endswith("options: 'yes' | 'no'")
    assert lines[3].endswith("options: 'yes' | 'no'")


def test_a_list_first_shown_out_of_view_is_shown_in_full_where_it_is_seen() -> None:
    columns = "".join(
        f'  - option "{c}" [box=0,0,0,0]\n' for c in ("id", "title", "status", "owner")
    )
    text = _text(
        f'- combobox "Sort on" [ref=e1] [box=0,-900,50,20]:\n{columns}'
        f'- combobox "Group on" [ref=e2] [box=0,30,50,20]:\n{columns}'
    )
    assert "as [e1]" not in text
    assert text.endswith("options: 'id' | 'title' | 'status' | 'owner'")


def test_label_text_next_to_its_control_is_not_repeated() -> None:
    text = _text(
        "- generic [ref=e6] [box=0,0,100,20]:\n"
        '  - checkbox "ER" [ref=e7] [box=0,0,10,10]\n'
        "  - text: ER\n"
    )
    assert text == "[e7] checkbox 'ER' unchecked"


def test_rows_and_list_items_merge_onto_one_line() -> None:
    text = _text(
        "- table [ref=e1] [box=0,0,100,100]:\n"
        "  - rowgroup [ref=e2] [box=0,0,100,100]:\n"
        "    - row [ref=e3] [box=0,0,100,20]:\n"
        '      - columnheader "Item" [ref=e4] [box=0,0,50,20]\n'
        '      - columnheader "Price" [ref=e5] [box=50,0,50,20]\n'
        "    - row [ref=e6] [box=0,20,100,20]:\n"
        '      - cell "Mouse" [ref=e7] [box=0,20,50,20]\n'
        '      - cell "$14.99" [ref=e8] [box=50,20,50,20]\n'
        "- list [ref=e9] [box=0,100,100,40]:\n"
        "  - listitem [ref=e10] [box=0,100,100,20]:\n"
        '    - link "Home" [ref=e11] [box=0,100,40,20]:\n'
        "      - /url: /\n"
        "    - text: (start here)\n"
    )
    assert text.splitlines() == [
        "table",
        "  Item | Price",
        "  Mouse | $14.99",
        "- [e11] link 'Home' (start here)",
    ]


def test_blocks_stacked_on_screen_stay_on_separate_lines() -> None:
    text = _text(
        "- generic [ref=e1] [box=0,0,160,100]:\n"
        '  - generic [ref=e2] [box=0,0,160,16]: "Last reward: -"\n'
        '  - generic [ref=e3] [box=0,30,160,16]: "Time left: 9 / 10sec"\n'
    )
    assert text.splitlines() == ["Last reward: -", "Time left: 9 / 10sec"]


def test_pointer_cursor_makes_an_element_clickable_once() -> None:
    text = _text(
        "- generic [ref=e14] [cursor=pointer] [box=0,0,300,50]:\n"
        "  - generic [ref=e15] [cursor=pointer] [box=0,0,300,20]: Card title\n"
    )
    assert text == "[e14] clickable 'Card title'"


def test_a_link_named_by_its_content_takes_that_content_as_name() -> None:
    text = _text(
        "- link [ref=e3] [cursor=pointer] [box=0,0,100,20]:\n"
        "  - /url: index.html\n"
        '  - img "Sample Shop logo" [ref=e4] [box=0,0,20,20]\n'
        "  - text: Sample Shop\n"
    )
    assert text == "[e3] link 'Sample Shop logo Sample Shop'"


def test_link_targets_shown_only_where_the_name_is_ambiguous() -> None:
    text = _text(
        '- link "Read more" [ref=e1] [box=0,0,50,20]:\n'
        "  - /url: http://shop.test/post/1\n"
        '- link "Reviews" [ref=e2] [box=0,30,50,20]:\n'
        "  - /url: http://shop.test/p/1#reviews\n"
        '- link "Reviews" [ref=e3] [box=0,60,50,20]:\n'
        "  - /url: http://shop.test/p/2#reviews\n"
        '- link "Contact" [ref=e4] [box=0,90,50,20]:\n'
        "  - /url: http://shop.test/contact\n",
        page_url="http://shop.test/",
    )
    assert text.splitlines() == [
        "[e1] link 'Read more' -> /post/1",
        "[e2] link 'Reviews' -> /p/1#reviews",
        "[e3] link 'Reviews' -> /p/2#reviews",
        "[e4] link 'Contact'",
    ]


def test_an_icon_fonts_glyphs_are_left_out_and_a_glyph_link_shows_where_it_leads() -> None:
    """Icon fonts draw a magnifier or a bell from private-use characters, which read as
    nothing: a link that is only a glyph is unnamed (its target says what it is), and glyphs
    beside words or a count are dropped."""
    text = _text(
        '- link "\uf002" [ref=e1] [box=0,0,20,20]:\n'
        "  - /url: http://forum.test/search/\n"
        '- link "alice \uf0d7" [ref=e2] [box=30,0,50,20]:\n'
        "  - /url: http://forum.test/user/menu/\n"
        "- generic [ref=e3] [box=0,30,50,20]:\n"
        '  - generic [ref=e4] [box=0,30,10,20]: "\uf075"\n'
        '  - text: "4"\n',
        page_url="http://forum.test/",
    )
    assert text.splitlines() == ["[e1] link -> /search/", "[e2] link 'alice'", "4"]


def test_long_text_is_cut_at_a_word() -> None:
    words = " ".join(f"word{i}" for i in range(200))
    text = _text(f"- paragraph [ref=e1] [box=0,0,100,20]: {words}", max_text=50)
    assert text.endswith("…")
    assert len(text) <= 51
    assert "word" in text.split()[-1]


def test_viewport_mode_shows_only_what_is_on_screen_and_counts_the_rest() -> None:
    roots = _snapshot("sample_shop")
    viewport = render_tree(roots, RenderOptions(viewport=(1280, 720)))
    full = render_tree(roots, RenderOptions(viewport=(1280, 720), full_page=True))
    assert viewport.below > 0
    assert viewport.above == 0
    assert len(viewport.elements) + viewport.below == len(full.elements)
    assert all(element.in_viewport for element in viewport.elements)
    footer = [element for element in full.elements if element.name == "Subscribe"]
    assert footer
    assert not footer[0].in_viewport


def test_full_page_keeps_every_addressable_element_of_the_snapshot() -> None:
    for name in ("sample_shop", "form", "miniwob_click_checkboxes"):
        roots = _snapshot(name)
        full = render_tree(roots, RenderOptions(full_page=True))
        shown = {element.id for element in full.elements}
        assert shown == _addressable_refs(roots), name
        text = "\n".join(line.text for line in full.lines)
        for element_id in shown:
            assert f"[{element_id}]" in text


def test_elements_know_their_nearest_heading() -> None:
    roots = _snapshot("sample_shop")
    full = render_tree(roots, RenderOptions(full_page=True))
    subscribe = next(element for element in full.elements if element.name == "Subscribe")
    assert subscribe.context == "Newsletter"


def test_rendering_is_much_smaller_than_the_raw_snapshot() -> None:
    raw = (DATA / "snapshots" / "sample_shop.yaml").read_text(encoding="utf-8")
    observation = compose_observation(
        parse_snapshot(raw),
        url="file:///shop.html",
        title="Shop",
        options=RenderOptions(full_page=True, page_url="file:///shop.html"),
    )
    raw_without_boxes = re.sub(r" \[box=[^\]]*\]", "", raw)
    assert len(observation.text) < 0.6 * len(raw_without_boxes)


def test_rendering_is_deterministic() -> None:
    roots = _snapshot("sample_shop")
    first = render_tree(roots, RenderOptions(full_page=True))
    second = render_tree(roots, RenderOptions(full_page=True))
    assert first == second


def test_a_field_named_after_its_own_content_is_not_named_twice() -> None:
    text = _text(
        '- textbox "Dear Sir, I agree" [ref=e1] [box=0,0,100,40]: Dear Sir, I agree\n'
        '- combobox "Kyla Gabi" [ref=e2] [box=0,50,100,20]:\n'
        '  - option "Kyla" [selected] [box=0,0,0,0]\n'
        '  - option "Gabi" [box=0,0,0,0]\n'
    )
    assert text.splitlines() == [
        "[e1] textbox value='Dear Sir, I agree'",
        "[e2] combobox value='Kyla' options: 'Kyla' | 'Gabi'",
    ]


def test_without_boxes_rows_still_merge_and_blocks_keep_their_lines() -> None:
    text = _text(
        "- table [ref=e1]:\n"
        "  - row [ref=e2]:\n"
        '    - cell "Gender" [ref=e3]\n'
        '    - cell "Male" [ref=e4]\n'
        "- generic [ref=e5]:\n"
        '  - heading "Orders" [level=2] [ref=e6]\n'
        "  - text: 3 orders\n"
        "- paragraph [ref=e7]:\n"
        "  - text: See\n"
        '  - link "order 178" [ref=e8]\n'
        "  - text: for details\n",
        full_page=True,
    )
    assert text.splitlines() == [
        "table",
        "  Gender | Male",
        "## Orders",
        "3 orders",
        "See [e8] link 'order 178' for details",
    ]


def test_content_that_only_repeats_a_control_name_is_not_shown_twice() -> None:
    text = _text(
        '- link "Page 2" [ref=e1] [box=0,0,50,20]:\n'
        "  - /url: ?p=2\n"
        "  - generic [ref=e2] [box=0,0,1,1]: Page\n"
        '  - text: "2"\n'
    )
    assert text == "[e1] link 'Page 2'"


def test_a_label_element_next_to_its_field_is_not_repeated() -> None:
    text = _text(
        "- generic [ref=e53] [box=0,0,300,40]:\n"
        "  - generic [ref=e54] [box=0,0,300,16]: Email\n"
        '  - textbox "Email" [ref=e55] [box=0,20,300,20]\n'
    )
    assert text == "[e55] textbox 'Email'"


def test_a_button_labelled_beyond_its_text_shows_the_label_once() -> None:
    text = _text('- button "Add to Cart: Olaplex Hair Mask" [ref=e1] [box=0,0,50,20]: Add to Cart')
    assert text == "[e1] button 'Add to Cart: Olaplex Hair Mask'"
