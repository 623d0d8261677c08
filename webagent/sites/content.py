"""The content of a page and what it is made of, measured on its accessibility tree: pure.

    content = content_of(observation.tree)
    content.words, content.links, content.prose   # words outside links, in links, in paragraphs
    content.items, content.item_words             # its repeated entries (a list's, a grid's)
    content.records                               # rows of facts in a data table
    content.entries                               # list entries and rows that lead somewhere
    content.headed, content.posts                 # linked titles; a discussion's posts
    content.facts                                 # an item's properties shown with values
    content.messages                              # status or alert messages beside it

The content is the page's `main` landmark when it has one. A page without one is laid out
with plain containers: the content is the region that holds most of the page's words
(descending through containers while one child dominates; what fields hold is input, not
words of a region), without the navigation, banners, footers, sidebars and search forms
marked as such (see `webagent.sites.layout`). A plain container of a form that the page
styles as clickable, with a few words, is read as the form's button (`role_of`); a data
table's own controls (the boxes that select its rows, its header's buttons) are the
table's, not a form's fields (`_table_controls`). A page's messages (status and alert
regions: a flash "The page has been created." that a site puts beside `main`) are reported
with it wherever they sit (`messages`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from webagent.observation.names import content_text, has_addressable_inside, is_addressable
from webagent.observation.tree import AriaNode
from webagent.sites.facts import shown_facts
from webagent.sites.layout import layout_content
from webagent.sites.threads import thread_posts
from webagent.sites.words import (
    AROUND,
    EDITABLE,
    ITEMS,
    card_words,
    label,
    leads_away,
    named,
    outermost,
    own_words,
    subtree_words,
    unlinked_words,
    walk,
    wraps_card,
)


@dataclass(frozen=True, slots=True)
class Content:
    """See `PageIndex` (webagent.sites.match), which carries these measures."""

    nodes: tuple[tuple[str, str], ...]
    words: int
    links: int
    prose: int
    items: int = 0
    item_words: int = 0
    records: int = 0
    entries: int = 0
    messages: tuple[tuple[str, str], ...] = ()
    """The nodes of the page's messages outside the content (see `_messages`), as `nodes`."""
    headed: int = 0
    """Linked titles side by side: headings of one level that are links (see `_repeated_items`)."""
    posts: int = 0
    """Posts of a thread side by side, by two people or more (see `_thread`)."""
    facts: int = 0
    """An item's properties shown with their values, outnumbering the fields (see
    `webagent.sites.facts.shown_facts`)."""


_ASIDE = frozenset({"complementary"})
"""What `main` may hold beside its content: a sidebar (a cart's summary beside a checkout's
form), left out of the content like the landmarks around it."""
_ITEM_WORDS = 4
"""Words an entry needs besides being a link: a menu's entries are a word or two each."""
_SHORT_ITEM_WORDS = 2
_SHORT_ITEMS = 6
"""Entries of two or three words count when there are this many side by side (a list of
authors, each a name and a count of books), not in a menu of a few."""
_LEAD_WORDS = 8
"""The most words an entry shows before its link (a row's first cells)."""
_ITEM_SHARE = 0.5
"""The most of a list's words one entry may hold."""


def _is_entry(node: AriaNode) -> bool:
    """An entry of a list, table or grid: a link to another page comes before any paragraph
    (its title, or a cell of its row). A section of an article starts with a paragraph
    after its heading, whatever links its text holds further on."""
    before = 0
    for child in node.walk():
        if leads_away(child):
            return True
        if child.role == "paragraph":
            return False
        before += own_words(child)
        if before > _LEAD_WORDS:
            return False
    return False


def _repeated_items(roots: tuple[AriaNode, ...], skip: frozenset[str]) -> tuple[int, int, int]:
    """The largest set of siblings of one role (see `ITEMS`) that are entries (see
    `_is_entry`) of a few words (`_ITEM_WORDS`), as (how many, their words), and the most
    linked titles side by side: headings of one level whose words are mostly a link to
    another page (a blog's index of posts, linked, however each post is laid out after its
    title; a text's section headings link nowhere, or to a place on the page). Subtrees
    with a role in `skip` are left out."""
    best, headed = (0, 0), 0
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node.role in skip:
            continue
        groups: dict[str, list[int]] = {}
        titled: dict[int | None, int] = {}
        for child in node.children:
            if child.role == "heading":
                linked = sum(own_words(n) for n in child.walk() if leads_away(n))
                if linked and 2 * linked >= subtree_words(child):
                    titled[child.level] = titled.get(child.level, 0) + 1
            elif child.role == "link" and leads_away(child):
                # A card that is one link, its words inside (a speaker: name, biography).
                words = card_words(child)
                if words >= _ITEM_WORDS:
                    groups.setdefault("link", []).append(words)
            elif child.role in ITEMS and _is_entry(child):
                words = subtree_words(child)
                if words >= _SHORT_ITEM_WORDS:
                    groups.setdefault(child.role, []).append(words)
        for found in groups.values():
            # Short entries (a name and a count) make a list when there are many of them.
            many = len(found) >= _SHORT_ITEMS
            group = found if many else [words for words in found if words >= _ITEM_WORDS]
            if not group:
                continue
            # Entries are alike: no one of them holds most of the words (the regions of a
            # page's layout, one of which is its content, are not a list); two or three
            # entries within three times each other's size are (a table of two forums).
            alike = max(group) <= _ITEM_SHARE * sum(group) or (
                len(group) <= 3 and max(group) <= 3 * min(group)
            )
            if len(group) > best[0] and alike:
                best = (len(group), sum(group))
        headed = max(headed, *titled.values(), 0)
        stack.extend(node.children)
    return (*best, headed)


def content_of(roots: tuple[AriaNode, ...]) -> Content:
    """The page's content: its `main` landmarks when it has any, else everything but
    navigation, banners, footers, sidebars and search forms; with its words outside links,
    inside links, and in paragraphs."""
    page = roots
    mains = outermost(roots, "main")
    if not mains:
        roots = layout_content(roots) or roots
    kept: list[tuple[str, str]] = []
    inside: set[int] = set()
    words = links = prose = 0
    stack: list[tuple[AriaNode, AriaNode | None, bool, bool, bool]] = [
        (node, None, False, False, False) for node in reversed(mains or roots)
    ]
    forms = in_forms(mains or roots)
    controls = _table_controls(mains or roots) | _entry_actions(mains or roots)
    toggles = _section_toggles(mains or roots)
    while stack:
        node, parent, in_paragraph, in_menu, in_control = stack.pop()
        if node.role in (_ASIDE if mains else AROUND):
            continue
        inside.add(id(node))
        if node.role == "link":
            if id(node) in toggles:  # the heading's words, not a way elsewhere
                words += own_words(node)
            else:
                links += card_words(node) if wraps_card(node) else own_words(node)
            kept.append((node.role, label(node)))
            continue
        counted = 0 if node.role == "option" else own_words(node)  # a choice, not text
        words += counted
        # A paragraph inside a button (a launcher's "Python File") is the button's label,
        # not prose: a control's words never start prose.
        if node.role in _CONTROLS:
            in_paragraph = False
            in_control = True
        in_paragraph = in_paragraph or (node.role == "paragraph" and not in_control)
        prose += counted if in_paragraph else 0
        if node.role != "generic" or node.name or node.text:
            role = (
                "generic" if id(node) in controls else role_of(node, parent, forms, in_menu=in_menu)
            )
            kept.append((role, named(node, parent)))
        in_menu = in_menu or node.role in MENUS
        stack.extend(
            (child, node, in_paragraph, in_menu, in_control) for child in reversed(node.children)
        )
    skip = _ASIDE if mains else AROUND
    items, item_words, headed = _repeated_items(mains or roots, skip)
    records = max(_records(mains or roots, skip), _drawn_rows(mains or roots, skip))
    posts = thread_posts(mains or roots, skip, prose)
    facts = shown_facts(mains or roots, skip)
    entries = sum(
        1
        for node in walk(mains or roots, skip)
        if node.role in _ENTRIES and any(leads_away(n) for n in node.walk()[1:])
    )
    messages = tuple(
        (node.role, label(node))
        for message in _messages(page)
        if id(message) not in inside
        for node in message.walk()
    )
    return Content(
        tuple(kept),
        words,
        links,
        prose,
        items,
        item_words,
        records,
        entries,
        messages,
        headed,
        posts,
        facts,
    )


_MESSAGES = frozenset({"status", "alert"})
"""Roles of a page's messages: what it just did, what went wrong (live regions)."""
_MESSAGE_WORDS = 40
"""The most words a message holds (a region of more is part of the page, not a message)."""
_NOTICE = re.compile(r"\bcookies?\b|\bconsent\b|\bprivacy\b|\btracking\b", re.IGNORECASE)
_CONSENT = re.compile(r"^\W*(accept|agree|allow|reject|decline|deny|customi[sz]e)\b", re.IGNORECASE)
"""A cookie or privacy notice (its words, or its Accept and Reject buttons) is about the
site, not about what the visitor just did."""
_ASKING = frozenset({"textbox", "searchbox", "combobox", "checkbox", "radio", "spinbutton"})


def _messages(roots: tuple[AriaNode, ...]) -> Iterator[AriaNode]:
    """The page's messages: its status and alert regions wherever they sit, in `main` or
    beside it, that say something in a few words (`_MESSAGE_WORDS`) and ask nothing (no
    field). An empty or a "Loading…" region says nothing the rules look for; a cookie
    notice is no message (`_NOTICE`, `_CONSENT`)."""
    stack = list(reversed(roots))
    while stack:
        region = stack.pop()
        if region.role not in _MESSAGES:
            stack.extend(reversed(region.children))
            continue
        words = content_text(region, limit=400)
        nodes = region.walk()
        if (
            any(ch.isalnum() for ch in words)
            and len(words.split()) <= _MESSAGE_WORDS
            and not _NOTICE.search(words)
            and not any(n.role in _ASKING for n in nodes)
            and not any(n.role == "button" and _CONSENT.search(label(n)) for n in nodes)
        ):
            yield region


_ENTRIES = frozenset({"listitem", "row"})
"""Entries of a list or a table: one that holds a link to another page is an entry of an
index, a feed or a table of records (a list of points in a text holds none)."""


_CONTROLS = frozenset({"button", "menuitem", "tab", "switch", "checkbox", "radio"})
"""Controls whose words are their label, whatever elements hold them."""

_RECORD_WORDS = 30
"""The most words a row of facts holds (a row holding a paragraph is text laid out in a table)."""
_CELLS = frozenset({"cell", "gridcell", "rowheader"})


def _records(roots: tuple[AriaNode, ...], skip: frozenset[str]) -> int:
    """The most rows of facts in one data table: a table whose header row holds two column
    headers or more (not a form laid out in a table, whose labels are scattered over its
    rows), counting the rows of two cells or more and a few words each."""
    best = 0
    for table in walk(roots, skip):
        if table.role not in ("table", "grid"):
            continue
        rows, header = _rows_and_header(table)
        if header is None or not _heads_columns(rows[header]):
            continue
        if any(_labels_beside(row) for row in rows[:header]):
            continue  # labels beside their values above it: a form laid out in a table
        # Its body: the rows under the header (past further rows of headers, as a grid
        # whose pinned columns are drawn apart heads each part), up to a row of headers
        # again (a footer's, a pager's); a table whose labels are scattered over its rows
        # has no body.
        body: list[AriaNode] = []
        for row in rows[header + 1 :]:
            if _count(row, "columnheader"):
                if body:
                    break
                continue
            body.append(row)
        facts = sum(
            1 for r in body if sum(c.role in _CELLS for c in r.children) >= 2 and _shows_facts(r)
        )
        best = max(best, facts)
    return best


_ROW_CONTROLS = frozenset({"checkbox", "button"})


def _table_controls(roots: tuple[AriaNode, ...]) -> frozenset[int]:
    """The ids of a data table's own controls (a table whose header row holds two column
    headers or more, see `_records`): the boxes that select its rows and the buttons of its
    header (sort by a column, choose the columns). They work on the table, not fields of a
    form: an admin's list of records with a box on every row is a list."""
    found: set[int] = set()
    for table in walk(roots, frozenset()):
        if table.role not in ("table", "grid"):
            continue
        rows, header = _rows_and_header(table)
        if header is None:
            continue
        for index, row in enumerate(rows):
            for cell in row.children:
                inside = cell.walk()
                if index == header:
                    found.update(id(n) for n in inside if n.role in _ROW_CONTROLS)
                elif sum(n.role == "checkbox" for n in inside) == 1 and cell is row.children[0]:
                    found.update(id(n) for n in inside if n.role == "checkbox")
    return frozenset(found)


_ENTRY_ACTIONS = 3
"""How many buttons of one name make them each entry's own (a "Preview" on every product
card, a "Reply" under every comment): actions on the entries, not a form's button."""


def _entry_actions(roots: tuple[AriaNode, ...]) -> frozenset[int]:
    """The ids of the buttons whose name is repeated on several entries (see
    `_ENTRY_ACTIONS`)."""
    named: dict[str, list[int]] = {}
    for node in walk(roots, AROUND):
        if node.role == "button":
            name = label(node).strip().casefold()
            if name:
                named.setdefault(name, []).append(id(node))
    return frozenset(i for ids in named.values() if len(ids) >= _ENTRY_ACTIONS for i in ids)


_DRAWN_ROWS = 5
_DRAWN_CELLS = 3
"""A data grid drawn with plain containers (a script's table of divs): five rows or more
side by side, each of the same number of cells (three or more)."""


def _drawn_rows(roots: tuple[AriaNode, ...], skip: frozenset[str]) -> int:
    """The most rows of facts in one grid drawn with plain containers, no table roles: the
    largest set of sibling containers with the same number of children (see `_DRAWN_ROWS`),
    at least half of them values (`_fact_cell`), no paragraph, a few words and no field to
    fill in (a box to select the row at most)."""
    best = 0
    for node in walk(roots, skip):
        shapes: dict[int, int] = {}
        for row in node.children:
            cells = len(row.children)
            if row.role != "generic" or cells < _DRAWN_CELLS:
                continue
            facts = sum(_fact_cell(cell) for cell in row.children)
            if (
                2 * facts >= cells
                and not any(cell.role == "paragraph" for cell in row.children)
                and _shows_facts(row)
            ):
                shapes[cells] = shapes.get(cells, 0) + 1
        most = max(shapes.values(), default=0)
        if most >= _DRAWN_ROWS:
            best = max(best, most)
    return best


def _fact_cell(cell: AriaNode) -> bool:
    """A cell of a drawn grid that shows a value: a plain container's words, no control."""
    return (
        cell.role in ("generic", "text")
        and bool((cell.name or cell.text or "").strip())
        and all(n.role in ("generic", "text") for n in cell.walk())
    )


def _heads_columns(row: AriaNode) -> bool:
    """A row of column headers, not labels each beside its value ("Priority", its cell,
    "Status", its cell: a form or a record laid out in a table)."""
    return _count(row, "columnheader") > sum(c.role in _CELLS for c in row.children)


def _labels_beside(row: AriaNode) -> bool:
    """A row with a header beside a cell ("Title", its box): a label and its value, not a
    title over the table."""
    return bool(_count(row, "columnheader")) and any(c.role in _CELLS for c in row.children)


def _rows_and_header(table: AriaNode) -> tuple[list[AriaNode], int | None]:
    """A table's rows and the index of its first row of two column headers or more."""
    rows = [n for n in table.walk() if n.role == "row"]
    return rows, next((i for i, r in enumerate(rows) if _count(r, "columnheader") >= 2), None)


def _shows_facts(row: AriaNode) -> bool:
    """A row that shows a record's facts: a few words, no field to fill in (a box to select
    the row at most)."""
    if unlinked_words(row) > _RECORD_WORDS:
        return False
    # Its boxes and radio buttons to tick, the first cell's counted as one: the cell that
    # selects the row (and pins or stars it) is one control; boxes in several cells are
    # fields (a matrix of permissions).
    ticks = []
    for cell in row.children:
        inside = cell.walk()
        if any(n.role in EDITABLE for n in inside):
            return False
        ticks.append(sum(n.role in ("checkbox", "radio") for n in inside))
    if ticks and row.children[0].role in _CELLS:
        ticks[0] = min(ticks[0], 1)
    return sum(ticks) <= 1


def _count(row: AriaNode, role: str) -> int:
    return sum(child.role == role for child in row.children)


_CONTROL_WORDS = 4
"""The most words a clickable container shows to be read as a button ("Save", "Add to list")."""


def role_of(
    node: AriaNode, parent: AriaNode | None, forms: frozenset[int], *, in_menu: bool
) -> str:
    """A node's role as the rules read it: a plain container of a form (`forms`: the ids of
    the nodes inside one, see `in_forms`) that the page styles as clickable (a pointer
    cursor of its own), with a few words and no control inside, is the form's button (a
    `<div class="btn">Save</div>`); a heading inside a menu or a list of options (`in_menu`,
    see `MENUS`) is the label of a control, not a heading of the page (a status chooser
    headed with the current status, "confirmed"); an article that is all of the article
    around it is that article (not two of a feed); anything else keeps its role."""
    if node.role == "heading" and in_menu:
        return "generic"
    wrapped = parent is not None and parent.role == "article" and len(parent.children) == 1
    if node.role == "article" and wrapped:  # the same article, wrapped twice: not a feed of two
        return "generic"
    if (
        node.role == "generic"
        and id(node) in forms
        and is_addressable(node, parent)
        and 0 < len(content_text(node, limit=200).split()) <= _CONTROL_WORDS
        and not has_addressable_inside(node)
    ):
        return "button"
    return node.role


def _section_toggles(roots: tuple[AriaNode, ...]) -> frozenset[int]:
    """The ids of the links in headings to a place on this page: a section's title that
    opens it (a folded part of a form) or its permalink, read as the heading's words rather
    than as a way to another page."""
    return frozenset(
        id(node)
        for heading in outermost(roots, "heading")
        for node in heading.walk()
        if node.role == "link" and (node.url or "").startswith("#")
    )


def in_forms(roots: tuple[AriaNode, ...]) -> frozenset[int]:
    """The ids of the plain containers inside a form (where a clickable one is its button)."""
    return frozenset(
        id(node)
        for form in outermost(roots, "form")
        for node in form.walk()
        if node.role == "generic" and node.pointer
    )


MENUS = frozenset({"menu", "menubar", "listbox"})
"""Roles of controls whose parts are options: a heading inside one labels the control."""
