"""Inline elements read without spaces the page does not have."""

from __future__ import annotations

from webagent.observation import RenderOptions, parse_snapshot, render_tree
from webagent.observation.facts import PageFacts
from webagent.observation.glue import GLUE, Inline, glued, unglue

TREE = (
    "- paragraph:\n"
    '  - text: "[[howto:"\n'
    "  - deletion: vpn\n"
    '  - text: "]] and"\n'
    "  - code: make\n"
    "  - text: now\n"
)


def _text(glue: tuple[Inline, ...]) -> str:
    options = RenderOptions(full_page=True, facts=PageFacts(glue=glue))
    return "\n".join(line.text for line in render_tree(parse_snapshot(TREE), options).lines)


def test_an_element_touching_its_text_is_read_without_spaces() -> None:
    assert _text(((True, True, None), (False, False, None))) == "[[howto:vpn]] and make now"


def test_without_the_pages_word_or_with_a_count_that_differs_spaces_stay() -> None:
    assert _text(()) == "[[howto: vpn ]] and make now"
    assert _text(((True, True, None),)) == "[[howto: vpn ]] and make now"  # 1 element, 2 nodes


def test_glued_pairs_nodes_in_document_order_and_unglue_closes_the_joins() -> None:
    roots = parse_snapshot(TREE)
    flags = glued(roots, [(True, False, None), (False, True, None)])
    assert sorted(flags.values()) == [(False, True, None), (True, False, None)]
    assert unglue(f"a {GLUE}b{GLUE} c") == "abc"
    assert unglue("plain text") == "plain text"


def test_code_that_keeps_its_spaces_on_the_page_keeps_them_here() -> None:
    kept = _text(((True, True, None), (False, False, "make  all")))
    assert kept == "[[howto:vpn]] and make now"  # other words: the page's text is not used
    tree = TREE.replace("code: make", 'code: "make all"')
    options = RenderOptions(
        full_page=True, facts=PageFacts(glue=((True, True, None), (False, False, "make  all")))
    )
    lines = [line.text for line in render_tree(parse_snapshot(tree), options).lines]
    assert lines == ["[[howto:vpn]] and make  all now"]
