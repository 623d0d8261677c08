"""An item's page shows its properties with their values ("Status: CONFIRMED", "Created:"
beside a date) and may offer a few controls to change it in place (a tag box, a comment, an
owner to pick): it is the item's page (detail), not a form. A form labels its fields too, and
may show a fact or two beside them; its labels stand beside boxes, not values.

Shapes of real pages (sites/real has captures of a test-case manager and a ticket tracker),
written small."""

from __future__ import annotations

from tests.unit.page_kit import observe, state
from webagent.sites.match import PageIndex
from webagent.sites.profile import Profile

FACTS = [
    ("Author", "alice"),
    ("Default tester", "alice"),
    ("Product", "Looking-Glass Clock"),
    ("Category", "Functional"),
    ("Status", "CONFIRMED"),
    ("Priority", "P1"),
    ("Setup duration", "0:05:00"),
    ("Testing duration", "0:10:00"),
    ("Automated", "False"),
    ("Script", "-"),
    ("Requirements", "-"),
    ("Reference link", "-"),
]


def item(*, pairs_on_one_line: bool = True, boxes: int = 3) -> str:
    """A test case's page: its title, its properties, its steps, and a few boxes to change
    it in place (a parameter, a tag, a comment) each with its button."""
    if pairs_on_one_line:
        facts = "\n".join(
            f'    - heading "{label}: {value}" [level=4] [ref=f{i}]'
            for i, (label, value) in enumerate(FACTS)
        )
    else:  # a label, then its value beside it
        facts = "\n".join(
            f"""    - generic [ref=f{i}]:
      - generic [ref=l{i}]: "{label}:"
      - generic [ref=v{i}]: "{value}\""""
            for i, (label, value) in enumerate(FACTS)
        )
    controls = "\n".join(
        f"""  - textbox "{name}" [ref=b{i}]
  - button "Add" [ref=a{i}]"""
        for i, name in enumerate(["name=value", "Tag", "Comment"][:boxes])
    )
    return f"""
- main [ref=e1]:
  - heading "TC-1: The hands move backwards" [level=1] [ref=e2]
  - generic [ref=e3]:
{facts}
  - paragraph [ref=s1]: Wind the clock and watch the minute hand for five minutes.
{controls}
"""


def test_an_items_properties_and_a_few_boxes_to_change_it_make_its_page(
    generic: Profile,
) -> None:
    """Twelve properties shown with their values, three boxes with their buttons: the
    item's page, whether each property is one line or a label beside its value."""
    for one_line in (True, False):
        page = item(pairs_on_one_line=one_line)
        assert PageIndex.of(observe(page)).facts == len(FACTS)
        assert state(generic, page) == "detail", one_line


def test_a_form_whose_labels_stand_beside_boxes_is_a_form(generic: Profile) -> None:
    """The same labels, each beside a box to fill in and not a value, with a Save button:
    a form. A form that shows a few facts above more fields is a form too."""
    fields = "\n".join(
        f"""    - generic [ref=f{i}]:
      - generic [ref=l{i}]: "{label}:"
      - textbox [ref=t{i}]"""
        for i, (label, _) in enumerate(FACTS)
    )
    page = f"""
- main [ref=e1]:
  - heading "Edit TC-1" [level=1] [ref=e2]
  - generic [ref=e3]:
{fields}
  - button "Save" [ref=s1]
"""
    assert PageIndex.of(observe(page)).facts == 0
    assert state(generic, page) == "form"
    many_boxes = item(boxes=3).replace(
        '  - textbox "Comment" [ref=b2]',
        "\n".join(f'  - textbox "Field {n}" [ref=x{n}]' for n in range(12)),
    )
    assert PageIndex.of(observe(many_boxes)).facts == 0  # fewer facts than fields


def test_addresses_and_times_are_no_facts() -> None:
    """'https://…' and '10:30: the meeting' are not labels with values."""
    lines = "\n".join(
        f'  - paragraph [ref=p{i}]: "{text}"'
        for i, text in enumerate(
            ["https://example.org/a", "http://example.org/b", "10:30: tea", "12:00: croquet"] * 3
        )
    )
    page = f'- main [ref=e1]:\n  - heading "Notes" [level=1] [ref=e2]\n{lines}\n'
    assert PageIndex.of(observe(page)).facts == 0
