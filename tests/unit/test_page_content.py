"""What the generic states read a page's content as: the region that holds it on a page with
no landmarks, entries that lead somewhere, the records of a data table, one record's page.

Each case is a general shape of real pages (sites/real has captures of them), written here
small enough to read.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.unit.page_kit import observe
from webagent.sites.classify import Classifier
from webagent.sites.match import PageIndex
from webagent.sites.profile import Profile


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
    # Content too small to stand out beside the sidebar keeps the sidebar with it (only the
    # header's menus, lists of links and nothing to read, are left out).
    tiny = laid_out('- heading "Riddles" [level=2] [ref=a1]')
    assert 0 < PageIndex.of(observe(tiny)).link_words < 20


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


DRAWN_APART = """
- main [ref=m1]:
  - heading "Runs" [level=2] [ref=m2]
  - grid [ref=g1]:
    - row [ref=r1]:
      - columnheader "\\uf111" [ref=h1]
      - columnheader "\\uf111" [ref=h2]
    - row [ref=r2]:
      - columnheader "Select all runs" [ref=h3]:
        - checkbox "Select all runs" [ref=x0]
      - columnheader "Run Name" [ref=h4]
      - columnheader "Created" [ref=h5]
    - rowgroup [ref=b1]:
{rows}
"""
"""A data grid whose header is drawn in two rows (a row of icons over the names), each run
with a box to select it and one to pin it in its first cell."""


def test_a_grid_headed_by_two_rows_with_a_select_and_a_pin_box_per_row_holds_records(
    generic: Profile,
) -> None:
    """Runs under a header drawn in two rows are the grid's records, though the second row of
    headers follows the first; a row's select and pin boxes, both in its first cell, are one
    control, while boxes in several cells (a matrix of permissions) are fields."""
    run = """      - row "Press SPACE to select this row." [ref=r{n}]:
        - gridcell [ref=a{n}]:
          - checkbox "Toggle row selection" [ref=s{n}]
          - checkbox "Pin run" [ref=p{n}]
        - gridcell [ref=b{n}]:
          - link "run-{n}" [ref=l{n}]:
            - /url: "#/experiments/1/runs/{n}"
        - gridcell "11/28/2026, 01:0{n}:16 AM" [ref=c{n}]
"""
    page = DRAWN_APART.format(rows="".join(run.format(n=n) for n in range(3, 6)))
    assert PageIndex.of(observe(page)).records == 3
    assert Classifier(generic).classify(observe(page)).state == "listing"
    matrix = run.replace(
        'gridcell "11/28/2026, 01:0{n}:16 AM" [ref=c{n}]',
        ('gridcell [ref=c{n}]:\n          - checkbox "Delete" [ref=d{n}]'),
    )
    page = DRAWN_APART.format(rows="".join(matrix.format(n=n) for n in range(3, 6)))
    assert PageIndex.of(observe(page)).records == 0


def test_a_records_links_do_not_count_against_it_as_prose(generic: Profile) -> None:
    """A row listing many links (a worker's recent builds, a record's tags) is still one
    record's facts; a row whose own text runs long is a paragraph laid out in a table."""
    builds = "\n".join(
        f'          - link "tea-party-quick / main ({n})" [ref=b{n}]:\n'
        f'            - /url: "#/builders/4/builds/{n}"'
        for n in range(1, 8)
    )
    page = f"""
- main [ref=m1]:
  - table [ref=t1]:
    - rowgroup [ref=g1]:
      - row [ref=r1]:
        - columnheader "State" [ref=h1]
        - columnheader "WorkerName" [ref=h2]
        - columnheader "Recent Builds" [ref=h3]
        - columnheader "version" [ref=h4]
    - rowgroup [ref=g2]:
      - row [ref=r2]:
        - cell "idle" [ref=c1]
        - cell [ref=c2]:
          - link "dormouse" [ref=l1]:
            - /url: "#/workers/1"
        - cell [ref=c3]:
{builds}
        - cell "4.3.0" [ref=c4]
"""
    assert PageIndex.of(observe(page)).records == 1
    assert Classifier(generic).classify(observe(page)).state == "listing"
    prose = " ".join(["The dormouse slept through the whole of the tea party again."] * 4)
    told = page.replace('cell "4.3.0" [ref=c4]', f'cell "{prose}" [ref=c4]')
    assert PageIndex.of(observe(told)).records == 0


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
    """A page at an address ending in an id (/orders/100042, or /order/7/view) showing a
    table of facts is that record's page, though its lines are rows with links; a page of
    running text at such an address stays an article."""
    order = f"""
- main [ref=m1]:
  - heading "Order 100042" [level=1] [ref=m2]
  - paragraph [ref=m3]: "Placed on 2026-11-20"
{textwrap.indent(records(2).strip(chr(10)), "  ")}
  - button "Re-order" [ref=m4]
"""
    for url in ("http://shop.test/accounts/orders/100042/", "http://shop.test/order/7/view"):
        found = Classifier(generic).classify(observe(order, url))
        assert found.state == "detail", url  # an id, or an id and the word to view it
        assert any("URL matches" in e for e in found.evidence)
    assert Classifier(generic).classify(
        observe(order, "http://shop.test/order/7/history")
    ).state != ("detail")
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


def test_the_choices_of_a_select_are_not_words_of_the_page(generic: Profile) -> None:
    """An account form whose time-zone select holds hundreds of choices is a form, not a
    long text to read."""
    zones = "\n".join(f'      - option "(GMT+{i % 12:02d}:00) Zone number {i}"' for i in range(150))
    page = f"""
- main [ref=m1]:
  - heading "My account" [level=2] [ref=m2]
  - paragraph [ref=m3]:
    - text: First name
    - textbox "First name" [ref=m4]
  - paragraph [ref=m5]:
    - text: Email
    - textbox "Email" [ref=m6]
  - paragraph [ref=m7]:
    - text: Time zone
    - combobox "Time zone" [ref=m8]:
{zones}
  - button "Save" [ref=m9]
"""
    assert PageIndex.of(observe(page)).words < 20
    assert Classifier(generic).classify(observe(page)).state == "form"


def test_evidence_of_what_the_content_holds_is_found_in_the_content(generic: Profile) -> None:
    """A state whose rule asks for a field in the content quotes the content's field, not
    one in the page's header."""
    page = f"""
- generic [ref=r1]:
  - generic [ref=r2]:
    - textbox "Jump to table" [ref=r3]
{menu("side", ["authors", "books", "loans", "members"])}
  - generic [ref=r4]:
    - heading "New author" [level=1] [ref=r5]
    - paragraph [ref=r6]: Add an author to the library, with the name shown on the books.
    - textbox "Name" [ref=r7]
    - textbox "Born" [ref=r8]
    - button "Save" [ref=r9]
"""
    found = Classifier(generic).classify(observe(page))
    assert found.state == "form"
    assert not any("Jump to table" in line for line in found.evidence), found.evidence


@pytest.mark.parametrize(
    ("url", "state"),
    [
        ("http://registry.test/-/web/detail/pocket-watch", "detail"),
        ("http://shop.test/product/pocket-watch/", "detail"),
        ("http://registry.test/-/web/pocket-watch", "other"),
    ],
)
def test_an_address_that_says_it_shows_one_thing(generic: Profile, url: str, state: str) -> None:
    """A page at /detail/NAME or /product/NAME shows that one thing, even with none of its
    facts in a table; the same page elsewhere is no more than what it shows."""
    page = """
- main [ref=m1]:
  - heading "pocket-watch" [level=1] [ref=m2]
  - generic [ref=m3]: A watch that is always two days slow, for rabbits in a hurry.
  - button "Download tarball" [ref=m4]
  - list [ref=m5]:
    - heading "Keywords" [level=3] [ref=m6]
    - listitem [ref=m7]: watch
    - listitem [ref=m8]: rabbit
"""
    assert Classifier(generic).classify(observe(page, url)).state == state


@pytest.mark.parametrize(
    ("url", "heading", "text", "state"),
    [
        (
            "http://wiki.test/_search/?q=",
            "Search",
            "Your search did not return any results.",
            "search_results",
        ),
        (
            "http://qa.test/questions/scope:all/sort:activity-desc/query:jabberwock/",
            "Questions",
            "There are no results for this search.",
            "search_results",
        ),
        (
            "http://shop.test/password-reset/done/",
            "Email sent",
            "We've e-mailed you instructions for setting your password.",
            "confirmation",
        ),
        (
            "http://hg.test/teapot/log?rev=pour",
            "searching for 'pour'",
            "Assuming literal keyword search.",
            "search_results",
        ),
        (
            "http://shop.test/catalogue/",
            "Show results for",
            "Teas, cakes and clocks from the Wonderland shop, chosen by the Hatter himself.",
            "article",
        ),
    ],
)
def test_words_a_page_says_itself_in(
    generic: Profile, url: str, heading: str, text: str, state: str
) -> None:
    """A search at /_search/ or with its query in the path (/query:jabberwock/), a page
    saying what it searched for whatever its address, and a page saying an e-mail was sent
    are what they say."""
    page = f"""
- main [ref=m1]:
  - heading "{heading}" [level=1] [ref=m2]
  - paragraph [ref=m3]: {text}
"""
    assert Classifier(generic).classify(observe(page, url)).state == state


def test_a_search_box_holding_the_query_of_the_address_shows_its_results(
    generic: Profile,
) -> None:
    """The query a search ran, shown back in its box, makes the page its results, however
    the results are laid out (paragraphs, a log); a form whose field holds a value of the
    address (the object it edits) and that saves stays a form."""
    results = """
- main [ref=m1]:
  - searchbox "Search Query" [ref=m2]: treacle
  - paragraph [ref=m3]: 2 items found.
  - paragraph [ref=m4]:
    - link "Treacle Well" [ref=m5]:
      - /url: /Treacle%20Well
    - text: "The Treacle Well at the bottom of the garden, where three sisters lived."
  - paragraph [ref=m6]:
    - link "Mad Tea Party" [ref=m7]:
      - /url: /Mad%20Tea%20Party
    - text: "The Dormouse tells the story of the treacle well over a cup of tea."
"""
    page = PageIndex.of(observe(results, "http://wiki.test/+search?q=treacle"))
    assert page.query_shown
    found = Classifier(generic).classify(observe(results, "http://wiki.test/+search?q=treacle"))
    assert found.state == "search_results"
    assert "a field holds the URL's query" in found.evidence
    assert not PageIndex.of(observe(results, "http://wiki.test/+search?q=jam")).query_shown
    edit = """
- main [ref=m1]:
  - heading "Alter view" [level=2] [ref=m2]
  - textbox "Name" [ref=m3]: order_totals
  - textbox "Select" [ref=m4]: SELECT customer, sum(total) FROM orders GROUP BY customer
  - button "Save" [ref=m5]
"""
    found = Classifier(generic).classify(observe(edit, "http://db.test/?view=order_totals"))
    assert found.state == "form"


def test_an_address_whose_query_is_separated_by_semicolons_is_read_as_one(
    generic: Profile,
) -> None:
    """Older CGI apps write a query's parts with `;` between them (gitweb's
    `?p=wiki.git;a=search;s=post`): the search is seen in the address, its query shown back
    in the box, and a search that found nothing says "No match."."""
    found = """
- generic [ref=g1]:
  - textbox [ref=g2]: post
  - link "Added a comment: The jury" [ref=g3]:
    - /url: /gitweb/?p=wiki.git;a=commit;h=HEAD
  - table [ref=g4]:
    - row [ref=g5]:
      - cell "6 days ago" [ref=g6]
      - cell [ref=g7]:
        - link "post: Cheshire sighting" [ref=g8]:
          - /url: /gitweb/?p=wiki.git;a=commit;h=7f0fc81
    - row [ref=g9]:
      - cell "9 days ago" [ref=g10]
      - cell [ref=g11]:
        - link "post: Roses painted red" [ref=g12]:
          - /url: /gitweb/?p=wiki.git;a=commit;h=ea58654
"""
    url = "http://git.test/gitweb/?p=wiki.git;a=search;h=HEAD;st=commit;s=post"
    assert PageIndex.of(observe(found, url)).query_shown
    assert Classifier(generic).classify(observe(found, url)).state == "search_results"
    none = """
- generic [ref=g1]:
  - textbox [ref=g2]: jabberwocky
  - paragraph [ref=g3]: No match.
"""
    url = "http://git.test/gitweb/?p=wiki.git;a=search;h=HEAD;st=commit;s=jabberwocky"
    assert Classifier(generic).classify(observe(none, url)).state == "search_results"


def test_a_single_page_apps_query_in_the_address_fragment_is_read(generic: Profile) -> None:
    """An app routed by the address's fragment keeps its query there
    (`#/models?searchInput=tea`): its search box showing that query makes the page its
    results, though a "Create model" button sits beside it. A fragment that is no route
    (an anchor) carries no query."""
    page = """
- main [ref=m1]:
  - heading "Registered Models" [level=2] [ref=m2]
  - button "Create Model" [ref=m3]
  - textbox "Search registered models" [ref=m4]: tea
  - button "Search" [ref=m5]
  - table [ref=m6]:
    - row [ref=m7]:
      - columnheader "Name" [ref=m8]
      - columnheader "Latest version" [ref=m9]
    - row [ref=m10]:
      - cell [ref=m11]:
        - link "tea-party-classifier" [ref=m12]:
          - /url: "#/models/tea-party-classifier"
      - cell "Version 2" [ref=m13]
"""
    routed = "http://ml.test/#/models?searchInput=tea"
    assert PageIndex.of(observe(page, routed)).query_shown
    assert Classifier(generic).classify(observe(page, routed)).state == "search_results"
    assert not PageIndex.of(observe(page, "http://ml.test/models#q=tea")).query_shown
    assert not PageIndex.of(observe(page, "http://ml.test/#/models?searchInput=jam")).query_shown


CONSOLE = """
- main [ref=m1]:
  - textbox "Expression" [ref=m2]: up
  - button "Execute" [ref=m3]
{found}
"""
"""A query console whose query is in the address (`?expr=up`), its Execute beside it."""


def test_a_query_run_from_the_address_over_what_it_found_is_its_results(
    generic: Profile,
) -> None:
    """The query of the address shown in its box, over the table it found or a line saying
    it found nothing, is a search's results, though an Execute button runs it; the same box
    and button with nothing found shown is the console, a form."""
    table = """  - table [ref=t1]:
    - row [ref=r1]:
      - columnheader "Element" [ref=h1]
      - columnheader "Value" [ref=h2]
    - row [ref=r2]:
      - cell "up{job='croquet'}" [ref=c1]
      - cell "0" [ref=c2]
    - row [ref=r3]:
      - cell "up{job='tea'}" [ref=c3]
      - cell "1" [ref=c4]"""
    url = "http://metrics.test/graph?expr=up&tab=1"
    for found in (table, "  - paragraph [ref=p1]: Empty query result"):
        page = observe(CONSOLE.format(found=found), url)
        assert Classifier(generic).classify(page).state == "search_results", found
    console = observe(CONSOLE.format(found="  - paragraph [ref=p1]: Load time: 49ms"), url)
    assert Classifier(generic).classify(console).state == "form"


def test_a_search_box_that_searches_as_one_types_is_a_search_page(generic: Profile) -> None:
    """No Search button (results come as one types): a search box in the content at a
    search's address is still a search page."""
    page = """
- main [ref=m1]:
  - heading "Search" [level=1] [ref=m2]
  - searchbox "Search Query" [ref=m3]
  - paragraph [ref=m4]: Results appear as you type.
"""
    assert Classifier(generic).classify(observe(page, "http://wiki.test/+search")).state == "search"


def test_an_icon_glyph_beside_the_layout_does_not_make_the_whole_page_the_content(
    generic: Profile,
) -> None:
    """A text run of an icon font's glyph (no word in it) sitting in the page's outer
    container is layout: the region holding the content is still found, so menus laid out
    with plain containers are not read as a list."""
    page = laid_out(ARTICLE) + '  - text: "\ue117"\n'
    assert PageIndex.of(observe(page)).link_words == 0
    assert Classifier(generic).classify(observe(page)).state == "article"


def test_a_long_value_in_a_field_does_not_make_the_field_the_content(generic: Profile) -> None:
    """What a text area holds is the form's input, not a region of the page: the content is
    the form (its title, the text area with its toolbar, its buttons), not the text area's
    toolbar of links alone."""
    value = "The Hatter keeps a watch that tells the day of the month. " * 12
    toolbar = menu("tools", ["Bold", "Italic", "Heading", "Quote", "Code", "List"], "      ")
    form = f"""
- generic [ref=f1]:
  - generic [ref=f2]:
    - textbox "Title" [ref=f3]: The Mad Hatter
  - generic [ref=f4]:
    - generic [ref=f5]:
{toolbar}
      - textbox "Contents" [ref=f6]: "{value.strip()}"
  - generic [ref=f7]:
    - button "Preview" [ref=f8]
    - button "Save changes" [ref=f9]
"""
    page = observe(laid_out(form))
    assert ("button", "Save changes") in PageIndex.of(page).content_nodes
    assert Classifier(generic).classify(page).state == "form"


def test_a_lone_article_beside_an_unmarked_menu_is_the_content(generic: Profile) -> None:
    """No `main`: a site menu laid out with plain containers (lists of links with the
    toggles that open them), then the page's one article, wrapped in another (a CMS's
    layout). The article is the content, the menu is not, and the twice-wrapped article is
    one article, not a feed of two: a sign-in page."""

    def section(i: int, name: str) -> str:
        pages = "\n".join(
            f"          - listitem [ref=i{i}{j}]:\n"
            f'            - link "{name} page {j} of the gazette" [ref=p{i}{j}]:\n'
            f"              - /url: /{name.lower()}/{j}"
            for j in range(5)
        )
        return (
            f"      - listitem [ref=s{i}]:\n"
            f'        - link "{name}" [ref=l{i}]:\n          - /url: /{name.lower()}\n'
            f'        - checkbox "{name}" [ref=c{i}]\n        - button "{name}" [ref=b{i}]\n'
            f"        - list [ref=u{i}]:\n{pages}"
        )

    sections = "\n".join(section(i, n) for i, n in enumerate(["Stories", "Guides", "News"]))
    page = f"""
- generic [ref=e1]:
  - banner [ref=e2]:
    - link "Log in" [ref=e3]:
      - /url: /login
  - generic [ref=e4]:
    - list [ref=e5]:
{sections}
  - article [ref=e6]:
    - article [ref=e7]:
      - heading "Log in" [level=1] [ref=e8]
      - textbox "Login Name" [ref=e9]
      - textbox "Password" [ref=e10]
      - button "Log in" [ref=e11]
"""
    found = Classifier(generic).classify(observe(page, "http://cms.test/login"))
    assert found.state == "login"
    assert PageIndex.of(observe(page)).link_words == 0  # the menu's links are not content


def test_facts_in_groups_labelled_with_a_colon_are_an_items_page(generic: Profile) -> None:
    """A review request: its facts as groups named 'Owner:', 'Repository:', 'Branch:'
    (each holding a value, not a field), then its description: the item's page. Groups of
    fields to fill in stay a form."""
    page = """
- main [ref=m1]:
  - heading "Vanish slowly, beginning with the end of the tail" [level=1] [ref=m2]
  - group "Owner:" [ref=g1]:
    - link "Cheshire Cat" [ref=g2]:
      - /url: /users/cheshirecat/
  - group "Repository:" [ref=g3]:
    - generic [ref=g4]: wonderland
  - group "Branch:" [ref=g5]:
    - generic [ref=g6]: grin
  - group "Description" [ref=g7]:
    - generic [ref=g8]: People find it giddy when I keep appearing and vanishing so suddenly.
"""
    assert Classifier(generic).classify(observe(page)).state == "detail"
    form = (
        page.replace(
            '- link "Cheshire Cat" [ref=g2]:\n      - /url: /users/cheshirecat/',
            '- textbox "Owner" [ref=g2]',
        )
        .replace("- generic [ref=g4]: wonderland", '- textbox "Repository" [ref=g4]')
        .replace("- generic [ref=g6]: grin", '- textbox "Branch" [ref=g6]')
    ) + '  - button "Save" [ref=s1]\n'
    assert Classifier(generic).classify(observe(form)).state == "form"


def test_a_date_at_the_end_of_the_address_is_an_archive_not_a_records_id(
    generic: Profile,
) -> None:
    """A blog's archive of a month (/archives/2026/03/): dates and the titles written then,
    not one record at its id, as /orders/100042 would be."""
    page = """
- main [ref=m1]:
  - heading "Archives for March 2026" [level=1] [ref=m2]
  - term [ref=t1]: Tue 03 March 2026
  - definition [ref=d1]:
    - link "The Lobster Quadrille" [ref=l1]:
      - /url: /the-lobster-quadrille.html
  - term [ref=t2]: Sun 15 March 2026
  - definition [ref=d2]:
    - link "Tarts stolen from the kitchen" [ref=l2]:
      - /url: /tarts-stolen.html
  - term [ref=t3]: Fri 27 March 2026
  - definition [ref=d3]:
    - link "A new hat for the Duchess" [ref=l3]:
      - /url: /a-new-hat.html
  - link "Older" [ref=l4]:
    - /url: /archives/2026/02/
"""
    classify = Classifier(generic).classify
    assert classify(observe(page, "http://blog.test/archives/2026/03/")).state == "listing"
    assert classify(observe(page, "http://shop.test/orders/100042")).state == "detail"


def sidebar(boxes: int) -> str:
    """A sidebar of menus laid out with plain containers, with `boxes` one-field boxes
    (search the site, go to a page by its name), each with its button."""
    quick = "\n".join(
        f"      - generic [ref=q{i}]:\n        - textbox [ref=qt{i}]\n"
        f'        - button "{name}" [ref=qb{i}]'
        for i, name in enumerate(["Search", "Go", "Find"][:boxes])
    )
    pages = ["Front page", "All pages", "Categories", "Random page", "Recent activity", "Help"]
    return f"""  - generic [ref=s1]:
    - link "Go to top page" [ref=s2]:
      - /url: /
    - group "Site" [ref=s3]:
{menu("site", pages, "      ")}
{quick}
    - group "This page" [ref=s4]:
{menu("this", ["Raw page source", "Printable version", "Delete this page"], "      ")}"""


def wiki_page(boxes: int) -> str:
    """A wiki page with no landmarks: its tabs and short text in one column, the sidebar
    beside it about as long."""
    return f"""
- generic [ref=r1]:
  - generic [ref=r2]:
{menu("tabs", ["view", "edit", "history", "discuss"])}
    - generic [ref=r3]:
      - heading "Mock Turtle Soup" [level=1] [ref=r4]
      - paragraph [ref=r5]: Beautiful Soup, so rich and green, in a hot tureen, sung by the Turtle.
      - list [ref=r6]:
        - listitem [ref=r7]: a calf's head
        - listitem [ref=r8]: stock, herbs and a glass of sherry
{sidebar(boxes)}
"""


def test_a_sidebar_of_menus_with_a_search_box_is_not_the_content(generic: Profile) -> None:
    """A sidebar of links with a box or two to search the site or go to a page is navigation,
    not content: the wiki page beside it is what the page holds, an article, even when the
    sidebar has nearly as many words. A sidebar with more boxes than that is a form, and
    may be content."""
    for boxes in (1, 2):
        page = observe(wiki_page(boxes))
        assert PageIndex.of(page).link_words < 10, boxes
        assert Classifier(generic).classify(page).state == "article", boxes
    assert PageIndex.of(observe(wiki_page(3))).link_words > 20


FOOTER = """  - generic [ref=z1]:
    - generic [ref=z2]: "Server instance: vm-3158"
    - generic [ref=z3]:
      - text: This site is powered by
      - link "Kallithea" [ref=z4]:
        - /url: https://kallithea-scm.org/
      - text: 0.7.0, which is
      - link "© 2010-2021 by various authors & licensed under GPLv3" [ref=z5]:
        - /url: /about#copyright
      - text: ". -"
      - link "Support" [ref=z6]:
        - /url: https://example.org/issues"""


def test_an_unmarked_footer_is_not_the_content_beside_a_short_form(generic: Profile) -> None:
    """A footer laid out with plain containers (who made the site, "powered by", ©) holds more
    words than a short search form beside it, and is still not the content: the page is the
    search form's."""
    page = f"""
- generic [ref=r1]:
  - navigation [ref=n1]:
{menu("top", ["Repositories", "Journal", "Gists", "Search"])}
  - generic [ref=c1]:
    - generic [ref=c2]: Search in All Repositories
    - generic [ref=c3]:
      - generic [ref=c7]: "Search term:"
      - textbox "Search term:" [ref=c4]
      - generic [ref=c8]: "Search in:"
      - combobox "Search in:" [ref=c5]:
        - option "File contents" [selected]
        - option "Commit messages"
      - button "Search" [ref=c6]
{FOOTER}
"""
    found = Classifier(generic).classify(observe(page, "http://scm.test/_admin/search"))
    assert found.state == "search"
    assert ("button", "Search") in PageIndex.of(observe(page)).content_nodes


def test_lists_of_links_under_a_trail_of_links_are_what_the_page_shows(generic: Profile) -> None:
    """No `main`: a trail of links (Admin » User Groups » staff) over a row of tabs and a list
    of members, each a link. The lists look like menus, but beside a trail with nothing to
    read they are the page's content: a list."""
    members = menu("members", ["Alice Liddell (alice)", "Mad Hatter (hatter)", "Rabbit"], "      ")
    page = f"""
- generic [ref=r1]:
  - navigation [ref=n1]:
{menu("top", ["Repositories", "Journal", "Gists", "Search"])}
  - generic [ref=c1]:
    - generic [ref=c2]:
      - link "Admin" [ref=c3]:
        - /url: /_admin
      - text: »
      - link "User Groups" [ref=c4]:
        - /url: /_admin/user_groups
      - text: » tea-party-staff
    - generic [ref=c5]:
{menu("tabs", ["Settings", "Advanced", "Permissions", "Show Members"], "      ")}
{members}
{FOOTER}
"""
    found = Classifier(generic).classify(observe(page, "http://scm.test/_admin/user_groups/1/m"))
    assert found.state == "listing"


def test_a_forms_buttons_beside_its_fields_are_not_the_whole_content(generic: Profile) -> None:
    """A form laid out with plain containers: its fields (boxes that show no words of their
    own) in one, its three buttons in another. The buttons hold most of the words, yet the
    content is the form, fields and all: a page to fill in."""
    page = f"""
- generic [ref=r1]:
  - navigation [ref=n1]:
{menu("top", ["Repositories", "Journal", "Gists", "Search"])}
  - generic [ref=c1]:
    - generic [ref=c2]: New Gist
    - generic [ref=c3]:
      - generic [ref=c4]:
        - textbox "Gist description ..." [ref=c5]
        - combobox "Gist lifetime" [ref=c6]:
          - option "Forever" [selected]
      - generic [ref=c7]:
        - textbox "Name this gist ..." [ref=c8]
        - textbox [ref=c9]
      - generic [ref=c10]:
        - button "Create Private Gist" [ref=c11]
        - button "Create Public Gist" [ref=c12]
        - button "Reset" [ref=c13]
{FOOTER}
"""
    observed = observe(page, "http://scm.test/_admin/gists/new")
    assert ("textbox", "Name this gist ...") in PageIndex.of(observed).content_nodes
    assert Classifier(generic).classify(observed).state == "form"


def test_a_part_of_a_form_with_the_most_words_is_not_the_whole_content(generic: Profile) -> None:
    """A form laid out with plain containers: its title and description boxes, then the
    repositories to choose from (their descriptions hold most of the words, with two
    selects), then its buttons. The content is the whole form, not its wordiest part."""
    about = "The endless tea party: the table plan, the teapot and the six o'clock rule"
    page = f"""
- generic [ref=r1]:
  - navigation [ref=n1]:
{menu("top", ["Repositories", "Journal", "Gists", "Search"])}
  - generic [ref=c1]:
    - generic [ref=c2]:
      - generic [ref=c3]:
        - textbox "Title:" [ref=c4]
      - generic [ref=c5]:
        - textbox "Description:" [ref=c6]
      - generic [ref=c7]:
        - generic [ref=c8]: "Origin repository: {about}"
        - combobox [ref=c9]:
          - option "wonderland/tea-party" [selected]
        - generic [ref=c10]: "Destination repository: {about}"
        - combobox [ref=c11]:
          - option "wonderland/tea-party-alice" [selected]
      - generic [ref=c12]:
        - button "Create Pull Request" [ref=c13]
        - button "Reset" [ref=c14]
{FOOTER}
"""
    observed = observe(page, "http://scm.test/wonderland/tea-party/pull-request/new")
    assert ("textbox", "Title:") in PageIndex.of(observed).content_nodes
    assert Classifier(generic).classify(observed).state == "form"


def test_many_long_names_in_a_list_are_what_the_page_shows_not_a_menu(generic: Profile) -> None:
    """No `main`: a heading, then twenty-five ingredients (each a link named in a few words)
    over a pager, beside a sidebar's search box. A menu names sections in a word or three;
    so many long names are the page's list, not its navigation."""
    names = [f"ARCHWAY Home Style Cookies, flavour number {i}" for i in range(25)]
    links = "\n".join(
        f'          - link "{name}" [ref=i{i}]:\n            - /url: /ingredient/{i}'
        for i, name in enumerate(names)
    )
    page = f"""
- generic [ref=r1]:
  - navigation [ref=n1]:
{menu("top", ["Training", "Nutrition", "About"])}
  - generic [ref=c1]:
    - generic [ref=c2]:
      - heading "Ingredient overview" [level=2] [ref=c3]
    - generic [ref=c4]:
      - generic [ref=c5]:
        - generic [ref=c6]:
{links}
{menu("pages", ["previous", "1", "2", "3", "next"], "        ")}
      - generic [ref=c7]:
        - heading "Search" [level=4] [ref=c8]
        - searchbox "ingredient name" [ref=c9]
"""
    observed = observe(page, "http://fit.test/en/nutrition/ingredient/overview/")
    assert Classifier(generic).classify(observed).state == "listing"
    assert PageIndex.of(observed).link_words > 100


def test_cards_that_are_each_one_unnamed_link_are_the_content(generic: Profile) -> None:
    """No `main`: a title and an Add link in one container, then three workouts, each one
    link with no name of its own wrapping its title and date in paragraphs. The cards hold
    the page's words (a link's words are the card it wraps): a list, not its title alone."""
    cards = "\n".join(
        f"      - link [ref=w{i}]:\n        - /url: /workout/{i}/view\n"
        f'        - paragraph [ref=t{i}]: "{title}"\n'
        f'        - paragraph [ref=d{i}]: "Nov. 27, 2026"'
        for i, title in enumerate(["Croquet strength", "Growing and shrinking", "Running late"])
    )
    page = f"""
- generic [ref=r1]:
  - navigation [ref=n1]:
{menu("top", ["Training", "Nutrition", "About"])}
  - generic [ref=c1]:
    - generic [ref=c2]:
      - heading "Your workouts" [level=2] [ref=c3]
      - link "Add workout" [ref=c4]:
        - /url: /workout/add
    - generic [ref=c5]:
{cards}
"""
    observed = observe(page, "http://fit.test/en/workout/overview")
    assert Classifier(generic).classify(observed).state == "listing"


def test_a_forms_fields_beside_its_buttons_are_not_the_whole_content(generic: Profile) -> None:
    """A form laid out with plain containers: its fields, one with a long explanation of
    what it sends (most of the words), in one; Cancel and its sending button in another.
    The content is the form, fields and buttons, not the wordiest field."""
    page = f"""
- generic [ref=r1]:
  - navigation [ref=n1]:
{menu("top", ["Projects", "Organization", "Settings", "Help"])}
  - generic [ref=c1]:
    - generic [ref=c2]:
      - generic [ref=c3]:
        - generic [ref=c4]: Payload URL
        - textbox [ref=c5]
      - generic [ref=c6]:
        - generic [ref=c7]: "Send payload: the whole task, its annotations and their authors"
        - checkbox "Send payload" [ref=c8]
        - generic [ref=c9]: "Send for all actions: created, updated and deleted tasks"
        - checkbox "Send for all actions" [ref=c10]
    - generic [ref=c11]:
      - button "Cancel" [ref=c12]
      - button "Add Webhook" [ref=c13]
{FOOTER}
"""
    observed = observe(page, "http://labels.test/projects/1/settings/webhooks")
    assert ("button", "Add Webhook") in PageIndex.of(observed).content_nodes
    assert Classifier(generic).classify(observed).state == "form"


def test_paragraphs_inside_buttons_are_their_labels_not_prose(generic: Profile) -> None:
    """A launcher's buttons, each labelled by a paragraph ("Python File", "Start a new
    terminal session"), hold no prose: the page is no article. The same words as paragraphs
    of their own are prose."""
    tiles = "\n".join(
        f"""    - button [ref=b{i}]:
      - generic "{what}" [ref=g{i}]:
        - paragraph [ref=p{i}]: {name}"""
        for i, (name, what) in enumerate(
            [
                ("Python 3 (ipykernel) notebook", "Create a new notebook with the Python kernel"),
                ("Terminal", "Start a new terminal session in the current folder"),
                ("Text File", "Create a new text file in the current folder"),
                ("Markdown File", "Create a new markdown file in the current folder"),
                ("Show Contextual Help", "Live updating code documentation from the kernel"),
            ]
        )
    )
    launcher = f"""
- main "Main Content" [ref=m1]:
  - region "main area content" [ref=r1]:
    - heading "croquet" [level=2] [ref=h1]
{tiles}
"""
    page = PageIndex.of(observe(launcher))
    assert page.prose == 0
    assert Classifier(generic).classify(observe(launcher)).state != "article"
    text = launcher.replace("- button [ref=", "- generic [ref=")
    assert PageIndex.of(observe(text)).prose > 0
