"""What the generic states read a page's content as: the region that holds it on a page with
no landmarks, entries that lead somewhere, the records of a data table, one record's page.

Each case is a general shape of real pages (sites/real has captures of them), written here
small enough to read.
"""

from __future__ import annotations

import textwrap

import pytest

from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.sites.classify import Classifier
from webagent.sites.match import PageIndex
from webagent.sites.profile import Profile
from webagent.sites.profiles import site_profile


def observe(snapshot: str, url: str = "http://app.test/page") -> Observation:
    tree = parse_snapshot(textwrap.dedent(snapshot).strip("\n"))
    return compose_observation(tree, url=url, title="", status=200)


@pytest.fixture(scope="module")
def generic() -> Profile:
    return site_profile("generic")


def menu(name: str, words: list[str], indent: str = "    ") -> str:
    """A list of one-word links, as a header's or a sidebar's menu."""
    entries = "\n".join(
        f'{indent}  - listitem [ref={name}{i}]:\n{indent}    - link "{w}" [ref={name}l{i}]:\n'
        f"{indent}      - /url: /{w.lower()}"
        for i, w in enumerate(words)
    )
    return f"{indent}- list [ref={name}]:\n{entries}"


MENUS = ["Home", "Projects", "Activity", "Roadmap", "Issues", "News", "Wiki", "Forums"]


def laid_out(content: str) -> str:
    """A page with no landmarks: a header of menus, a sidebar of links, the content."""
    return f"""
- generic [ref=r1]:
  - generic [ref=r2]:
{menu("top", MENUS)}
{menu("project", [*MENUS[::-1], "Files", "Settings"])}
  - generic [ref=r3]:
    - generic [ref=r4]:
      - heading "Wiki" [level=3] [ref=r5]
{menu("side", ["Start page", "Index by title", "Index by date"], "      ")}
    - generic [ref=r6]:
{textwrap.indent(textwrap.dedent(content).strip(chr(10)), "      ")}
"""


ARTICLE = """
- heading "Riddles" [level=2] [ref=a1]
- paragraph [ref=a2]: Why is a raven like a writing desk? Nobody at the table has ever found out.
- paragraph [ref=a3]: The Hatter asks it at every party, and the March Hare pours more tea.
- paragraph [ref=a4]: Alice thinks a riddle should have an answer, but the others do not agree.
- paragraph [ref=a5]: They move one place on around the table whenever the cups run dry again.
"""


def test_a_page_without_landmarks_is_read_in_the_region_that_holds_its_content(
    generic: Profile,
) -> None:
    """Menus and a sidebar laid out with plain containers are not the content: the region
    holding most of the words is, so a wiki page among menus is an article, not a list."""
    page = PageIndex.of(observe(laid_out(ARTICLE)))
    assert page.link_words == 0
    assert page.items == 0
    assert page.prose > 40
    assert Classifier(generic).classify(observe(laid_out(ARTICLE))).state == "article"
    # A page whose content is too small to stand out keeps the whole page as its content.
    tiny = laid_out('- heading "Riddles" [level=2] [ref=a1]')
    assert PageIndex.of(observe(tiny)).link_words > 20


def records(rows: int, *, links: bool = True) -> str:
    body = "\n".join(
        f"""  - row [ref=row{i}]:
    - cell [ref=c{i}]:
      - {f'link "Order {100040 + i}" [ref=o{i}]:' if links else f'text: "Order {100040 + i}"'}
        {"- /url: /orders/" + str(100040 + i) if links else ""}
    - cell "2026-11-{10 + i}" [ref=d{i}]
    - cell "Shipped" [ref=s{i}]"""
        for i in range(rows)
    )
    return f"""
- table [ref=t1]:
  - row [ref=h1]:
    - columnheader "Order" [ref=h2]
    - columnheader "Placed" [ref=h3]
    - columnheader "Status" [ref=h4]
{body}
"""


def test_a_short_table_of_records_is_a_listing(generic: Profile) -> None:
    """One order under a table's column headers is a list of orders, however short; a form
    laid out in a table (labels as headers on several rows) holds no records."""
    page = f"""
- main [ref=m1]:
  - heading "Order history" [level=1] [ref=m2]
{textwrap.indent(records(1).strip(chr(10)), "  ")}
"""
    assert PageIndex.of(observe(page)).records == 1
    assert Classifier(generic).classify(observe(page)).state == "listing"
    layout_form = """
- main [ref=m1]:
  - table [ref=t1]:
    - row [ref=r1]:
      - columnheader "Title" [ref=h1]
      - cell [ref=c1]:
        - textbox "Title" [ref=x1]
    - row [ref=r2]:
      - columnheader "Priority" [ref=h2]
      - columnheader "Status" [ref=h3]
    - row [ref=r3]:
      - cell "urgent" [ref=c3]
      - cell "open" [ref=c4]
"""
    assert PageIndex.of(observe(layout_form)).records == 0


def test_a_filter_over_a_table_of_records_is_a_listing_not_a_form(generic: Profile) -> None:
    """Fields that narrow a list of records do not make the page a form to fill in; rows of
    fields (a form's table) are no records."""
    filters = """
  - textbox "Customer" [ref=f1]
  - textbox "Placed after" [ref=f2]
  - button "Apply" [ref=f3]
"""
    page = f"""
- main [ref=m1]:
  - heading "Orders" [level=1] [ref=m2]
{filters}
{textwrap.indent(records(5).strip(chr(10)), "  ")}
"""
    assert Classifier(generic).classify(observe(page)).state == "listing"
    editable = (
        records(5)
        .replace('cell "Shipped"', 'cell "Status"')
        .replace('- cell "2026-11-', '- textbox "Placed 2026-11-')
    )
    assert (
        PageIndex.of(observe(f"- main [ref=m1]:\n{textwrap.indent(editable, '  ')}")).records == 0
    )


def test_one_records_page_at_its_address_is_a_detail(generic: Profile) -> None:
    """A page at an address ending in an id (/orders/100042) showing a table of facts is
    that record's page, though its lines are rows with links; a page of running text at such
    an address stays an article."""
    order = f"""
- main [ref=m1]:
  - heading "Order 100042" [level=1] [ref=m2]
  - paragraph [ref=m3]: "Placed on 2026-11-20"
{textwrap.indent(records(2).strip(chr(10)), "  ")}
  - button "Re-order" [ref=m4]
"""
    found = Classifier(generic).classify(observe(order, "http://shop.test/accounts/orders/100042/"))
    assert found.state == "detail"
    assert any("URL matches" in e for e in found.evidence)
    note = """
- main [ref=m1]:
  - heading "Release 0.1" [level=1] [ref=m2]
  - paragraph [ref=m3]: Version 0.1 of the teapot is tagged. The clock now tells the hour in words.
  - paragraph [ref=m4]: The croquet module is on its own branch and is not part of this release.
"""
    assert Classifier(generic).classify(
        observe(note, "http://app.test/technote/9fad9f261c")
    ).state == ("article")


def test_an_entry_leads_with_its_link(generic: Profile) -> None:
    """Sections of an API manual, each with a "[source]" link after its signature, are not
    entries of a list: an aside in brackets leads nowhere, and an entry's link comes within
    its first few words."""
    sections = "\n".join(
        f"""  - generic [ref=s{i}]:
    - term [ref=t{i}]:
      - text: "class teapot.kettle.Kettle{i}(capacity, blend, warm)"
      - link "[source]" [ref=k{i}]:
        - /url: /_modules/teapot/kettle.html
    - definition [ref=d{i}]:
      - paragraph [ref=p{i}]: A kettle that boils water for a pot and says how long to wait {i}."""
        for i in range(5)
    )
    page = f"""
- main [ref=m1]:
  - heading "teapot.kettle: kettles and pots" [level=1] [ref=m2]
  - paragraph [ref=m3]: Kettles, pots and the brewing of a single pot of tea, one blend at a time.
{sections}
"""
    assert PageIndex.of(observe(page)).items == 0
    assert Classifier(generic).classify(observe(page)).state == "article"
