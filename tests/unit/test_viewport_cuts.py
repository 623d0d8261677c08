"""What the viewport's edge leaves out inside a container, on small snapshots with boxes
(the shapes are MediaWiki's edit form, 1280x720)."""

from __future__ import annotations

from webagent.observation import RenderOptions, parse_snapshot, render_tree
from webagent.observation.facts import FormLayout, PageFacts
from webagent.observation.tree import Box


def _lines(snapshot: str, **options: object) -> list[str]:
    rendering = render_tree(parse_snapshot(snapshot), RenderOptions(**options))  # type: ignore[arg-type]
    return ["  " * line.depth + line.text for line in rendering.lines]


NOTICE = (
    "- generic [ref=e32] [box=216,695,1025,63]:\n"
    "  - text: You promise that you wrote this yourself (see\n"
    '  - link "Wiki:Copyrights" [ref=e33] [cursor=pointer] [box=957,727,178,15]:\n'
    "    - /url: /Copyrights\n"
    "  - text: for details).\n"
    "  - strong [ref=e34] [box=216,727,1019,31]: Do not submit copyrighted work!\n"
)


def test_text_after_a_link_below_the_edge_is_left_out_and_the_cut_is_marked() -> None:
    """The link and the words after it on its line are below the viewport: the sentence
    says it goes on below instead of closing over the gap ("(see for details)")."""
    assert _lines(NOTICE) == ["You promise that you wrote this yourself (see …(continues below)"]
    assert _lines(NOTICE, full_page=True) == [
        "You promise that you wrote this yourself (see [e33] link 'Wiki:Copyrights'"
        " for details). Do not submit copyrighted work!"
    ]


def test_a_long_sentence_cut_by_the_edge_is_marked_on_its_own_line() -> None:
    words = "You also promise that you wrote this yourself, or copied it from a free resource "
    long = NOTICE.replace("You promise that you wrote this yourself ", words * 3)
    lines = _lines(long)
    assert len(lines) == 1
    assert lines[0].endswith("a free resource (see …(continues below)")


def test_text_before_a_link_above_the_edge_is_left_out() -> None:
    lines = _lines(
        "- paragraph [ref=e1] [box=0,-30,600,60]:\n"
        "  - text: Read the\n"
        '  - link "manual" [ref=e2] [cursor=pointer] [box=80,-30,50,16]:\n'
        "    - /url: /manual\n"
        "  - text: first, then\n"
        '  - link "start" [ref=e3] [cursor=pointer] [box=10,4,40,16]:\n'
        "    - /url: /start\n"
    )
    assert lines == ["first, then [e3] link 'start' …(continues above)"]


def test_an_element_placed_outside_its_container_cuts_nothing() -> None:
    """A skip link moved far above the page is no place in the sentence's flow."""
    lines = _lines(
        "- paragraph [ref=e1] [box=0,-30,600,60]:\n"
        "  - text: Jump\n"
        '  - link "to content" [ref=e2] [cursor=pointer] [box=0,-9999,80,16]:\n'
        "    - /url: '#content'\n"
        "  - text: or read on\n"
    )
    assert lines == ["Jump or read on …(continues above)"]


def test_the_text_of_a_link_below_the_edge_leaves_with_it() -> None:
    """'(opens in new window)' belongs to 'Editing help', which is below the viewport: it is
    not shown after the 'Cancel' button that shares its line."""
    lines = _lines(
        "- generic [ref=e35] [box=216,700,1025,39]:\n"
        '  - button "Save page" [ref=e37] [cursor=pointer] [box=216,707,108,32]\n'
        '  - button "Cancel" [ref=e44] [cursor=pointer] [box=631,707,66,32]\n'
        "  - generic [ref=e45] [box=708,712,261,22]:\n"
        '    - link "Editing help" [ref=e46] [cursor=pointer] [box=708,721,95,16]:\n'
        "      - /url: /help\n"
        "    - text: (opens in new window)\n"
    )
    assert lines == ["[e37] button 'Save page' [e44] button 'Cancel' …(continues below)"]


EDIT_FORM = (
    "- generic [ref=e20] [box=201,293,1055,590]:\n"
    '  - textbox "Wikitext source editor" [ref=e21] [box=201,293,1055,380]\n'
    '  - textbox "Summary:" [ref=e28] [box=216,713,1025,32]\n'
    "  - generic [ref=e29] [box=216,759,1025,63]:\n"
    "    - text: Please note the\n"
    '    - link "Copyrights" [ref=e30] [cursor=pointer] [box=957,791,178,15]:\n'
    "      - /url: /Copyrights\n"
    '  - button "Save page" [ref=e34] [cursor=pointer] [box=216,830,108,32]\n'
    '  - button "Show preview" [ref=e36] [cursor=pointer] [box=336,830,136,32]\n'
    '  - button "Cancel" [ref=e41] [cursor=pointer] [box=631,830,66,32]\n'
    '- button "Subscribe" [ref=e50] [cursor=pointer] [box=0,900,80,20]\n'
)
FORM = FormLayout(
    fields=frozenset({Box(201, 293, 1055, 380), Box(216, 713, 1025, 32)}),
    submits=(Box(216, 830, 108, 32), Box(336, 830, 136, 32)),
)
OTHER_FORM = FormLayout(frozenset({Box(0, 870, 80, 20)}), (Box(0, 900, 80, 20),))


def test_a_form_with_a_field_in_view_tells_its_submit_buttons_below() -> None:
    """The walk over the form's fields stops at the notice's link; its submit buttons are
    still told of, with their ids ('Cancel' is no submit button, nor 'Subscribe' one of
    this form's)."""
    options = RenderOptions(facts=PageFacts(forms=(OTHER_FORM, FORM)))
    rendering = render_tree(parse_snapshot(EDIT_FORM), options)
    assert rendering.lines[-1].text == (
        "The form goes on below the viewport: [e34] button 'Save page'"
        " | [e36] button 'Show preview'"
    )
    assert rendering.lines[-1].protected
    told = {element.id: element.in_viewport for element in rendering.elements}
    assert told == {"e21": True, "e28": True, "e34": False, "e36": False}


def test_submit_buttons_are_told_of_only_for_a_form_in_view() -> None:
    facts = PageFacts(forms=(FORM,))
    assert "form goes on" not in "\n".join(_lines(EDIT_FORM))  # no facts: the page said nothing
    scrolled = _lines(EDIT_FORM, facts=facts, viewport=(1280, 250))
    assert "form goes on" not in "\n".join(scrolled)  # its fields are below too
    full = _lines(EDIT_FORM, facts=facts, full_page=True)
    assert "form goes on" not in "\n".join(full)
