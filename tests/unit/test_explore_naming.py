"""The example pages a model names a learned state from: cut to a budget, and what is cut
still says which controls the page holds (a form's button is often below its fields)."""

from __future__ import annotations

from webagent.explore.naming import cut_page


def test_a_cut_page_names_the_controls_below_the_cut() -> None:
    fields = "\n".join(f"[e{i}] textbox 'Field {i}'" for i in range(40))
    text = f"## Issue 1 editing\n{fields}\n[e90] button 'Submit Changes'\n[e91] link 'Home'"
    cut = cut_page(text, 300)
    assert len(cut) < len(text)
    assert cut.startswith("## Issue 1 editing\n[e0] textbox 'Field 0'")
    # the buttons first (what the page lets a person do), then the fields below the cut
    assert "… (cut; below it: button 'Submit Changes', textbox 'Field " in cut
    assert "link 'Home'" not in cut  # links are not what a state lets a person do
    assert len(cut) < 300 + 450


def test_a_page_within_the_budget_is_whole() -> None:
    assert cut_page("## Tea\n[e1] button 'Buy'", 300) == "## Tea\n[e1] button 'Buy'"
