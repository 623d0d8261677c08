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
marked as such. A plain container of a form that the page styles as clickable, with a few
words, is read as the form's button (`role_of`). A page's messages (status and alert regions:
a flash "The page has been created." that a site puts beside `main`) are reported with it
wherever they sit (`messages`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from webagent.observation.names import content_text, has_addressable_inside, is_addressable
from webagent.observation.tree import AriaNode
from webagent.sites.facts import shown_facts
from webagent.sites.threads import thread_posts
from webagent.sites.words import (
    ITEMS,
    leads_away,
    outermost,
    own_words,
    subtree_words,
    walk,
)

_AROUND = frozenset({"navigation", "banner", "contentinfo", "complementary", "search"})
"""Landmarks around a page's content: left out when it has no `main`."""


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


_BLOCKS = frozenset({"paragraph", "heading", "list", "table", "figure"})


def _wraps_card(link: AriaNode) -> bool:
    """A link that wraps blocks (a title and a date in paragraphs): a card, whose words
    are the link's; an inline link's words are its name."""
    return any(child.role in _BLOCKS for child in link.children)


def _card_words(link: AriaNode) -> int:
    """The words a link shows: its name, or what it holds when it wraps a card."""
    inside = sum(subtree_words(child) for child in link.children)
    return max(own_words(link), inside)


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
                words = _card_words(child)
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
        roots = _layout_content(roots) or roots
    kept: list[tuple[str, str]] = []
    inside: set[int] = set()
    words = links = prose = 0
    stack: list[tuple[AriaNode, AriaNode | None, bool, bool]] = [
        (node, None, False, False) for node in reversed(mains or roots)
    ]
    forms = in_forms(mains or roots)
    toggles = _section_toggles(mains or roots)
    while stack:
        node, parent, in_paragraph, in_menu = stack.pop()
        if not mains and node.role in _AROUND:
            continue
        inside.add(id(node))
        if node.role == "link":
            if id(node) in toggles:  # the heading's words, not a way elsewhere
                words += own_words(node)
            else:
                links += _card_words(node) if _wraps_card(node) else own_words(node)
            kept.append((node.role, label(node)))
            continue
        counted = 0 if node.role == "option" else own_words(node)  # a choice, not text
        words += counted
        in_paragraph = in_paragraph or node.role == "paragraph"
        prose += counted if in_paragraph else 0
        if node.role != "generic" or node.name or node.text:
            kept.append((role_of(node, parent, forms, in_menu=in_menu), named(node, parent)))
        in_menu = in_menu or node.role in MENUS
        stack.extend((child, node, in_paragraph, in_menu) for child in reversed(node.children))
    skip = frozenset() if mains else _AROUND
    items, item_words, headed = _repeated_items(mains or roots, skip)
    records = _records(mains or roots, skip)
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


_RECORD_WORDS = 30
"""The most words a row of facts holds (a row holding a paragraph is text laid out in a table)."""
_CELLS = frozenset({"cell", "gridcell", "rowheader"})
_EDITABLE = frozenset({"textbox", "combobox", "spinbutton", "listbox"})
"""Fields in a row make it part of a form, not a record shown."""


def _records(roots: tuple[AriaNode, ...], skip: frozenset[str]) -> int:
    """The most rows of facts in one data table: a table whose header row holds two column
    headers or more (not a form laid out in a table, whose labels are scattered over its
    rows), counting the rows of two cells or more and a few words each."""
    best = 0
    for table in walk(roots, skip):
        if table.role not in ("table", "grid"):
            continue
        rows = [n for n in table.walk() if n.role == "row"]
        header = next((r for r in rows if _count(r, "columnheader") >= 2), None)
        if header is None or any(_count(r, "columnheader") for r in rows if r is not header):
            continue
        facts = sum(
            1
            for r in rows
            if sum(c.role in _CELLS for c in r.children) >= 2
            and subtree_words(r) <= _RECORD_WORDS
            and not any(n.role in _EDITABLE for n in r.walk())
            and sum(n.role in ("checkbox", "radio") for n in r.walk()) <= 1
        )
        best = max(best, facts)
    return best


def _count(row: AriaNode, role: str) -> int:
    return sum(child.role == role for child in row.children)


_LAYOUT = frozenset({"generic", "region", "group", "none", "presentation", "document"})
"""Containers a page is laid out with (a form, a list or a table is content itself)."""
_READ = frozenset(
    {"heading", "paragraph", "table", "grid", "article", "text", "definition", "term"}
    | {"code", "blockquote", "figure", "form", "button", "textbox", "searchbox", "combobox"}
    | {"checkbox", "radio"}
)
"""What a reader reads or fills in: a container holding one directly is the content."""
_READ_BLOCKS = _READ - {"text"}
"""The same, but a bare text run (a trail of links' separators is no block to read)."""
_DOMINANT = 0.5
"""The least share of a container's words its content region holds, ..."""
_OVER_NEXT = 2.0
"""... and how many times the next largest region's words."""


def _shown_words(node: AriaNode) -> int:
    """Words a subtree shows, leaving out what its fields hold (a long value typed into a
    text area is the form's input, not a region of the page to read)."""
    if node.role in _EDITABLE:
        return 0
    if node.role == "link":  # its name, or the card it wraps
        if _wraps_card(node):
            return max(own_words(node), sum(_shown_words(child) for child in node.children))
        return own_words(node)
    return own_words(node) + sum(_shown_words(child) for child in node.children)


def _read_here(node: AriaNode) -> bool:
    """Whether a container's child is what a reader reads or fills in (see `_READ`): a text
    run only when it holds a word (an icon font's glyph or a stray mark is layout)."""
    if node.role == "text":
        return any(ch.isalnum() for ch in node.text or "")
    return node.role in _READ


_TOGGLES = frozenset({"button", "checkbox", "img"})
"""What a menu holds besides its links: the toggles that open its parts, icons."""
_QUICK_BOXES = frozenset({"textbox", "searchbox"})
_QUICK_BOXES_MAX = 2
"""A sidebar of menus may hold a box or two to search the site or go to a page by its name
(each with its button), many links to one box: no form to fill in."""
_SECRET = re.compile(r"pass(word|phrase)|\bpin\b", re.IGNORECASE)


def _menu_like(node: AriaNode) -> bool:
    """A site's menu laid out with plain containers, not marked as navigation: links in lists
    (with the toggles that open their sub-menus) and no words of its own to read."""
    links = words = 0
    boxes = 0
    lists = False
    stack = [node]
    while stack:
        n = stack.pop()
        if n.role == "link":
            links += 1
            words += len(label(n).split())
            continue
        if n.role in _QUICK_BOXES and not _SECRET.search(label(n)):
            boxes += 1  # a search or "go to page" box beside the menu's links
            continue
        if (n.role in _READ and n.role not in _TOGGLES) or (n.role == "text" and n.text):
            return False
        lists = lists or n.role == "list"
        stack.extend(n.children)
    if not lists or links < 3 or boxes > _QUICK_BOXES_MAX or links < 4 * boxes:
        return False
    # A menu names sections in a word or three; a list of many long names (records, pages
    # found) is what the page shows.
    return links < _MANY_LINKS or words <= _MENU_WORDS * links


_MANY_LINKS = 20
_MENU_WORDS = 4
"""A menu of many links names each in four words at most, on average."""


_FOOTER = re.compile(r"©|\(c\) ?\d{4}|\bcopyright\b|\bpowered by\b|\ball rights reserved\b", re.I)
_FOOTER_WORDS = 40
"""A page's footer laid out with plain containers: a few words saying who made the site or
the software it runs on (copyright, "powered by"), nothing to fill in or read at length."""


def _footer_like(node: AriaNode) -> bool:
    """A container that is the page's unmarked footer (see `_FOOTER`): beside a short form
    it holds more words than the form, and is still not the content."""
    if subtree_words(node) > _FOOTER_WORDS:
        return False
    nodes = node.walk()
    if any(n.role in _EDITABLE or n.role in ("heading", "paragraph", "table") for n in nodes):
        return False
    return bool(_FOOTER.search(content_text(node, limit=400)))


def _lone_article(root: AriaNode) -> AriaNode | None:
    """The page's one article (outside its banners, navigation, sidebars and footer), when
    it holds at least as many words as the rest of the page beside its menus: the page's
    content, however deep the layout has put it."""
    articles: list[AriaNode] = []
    rest = 0
    stack = [root]
    while stack:
        node = stack.pop()
        if node.role in _AROUND or _menu_like(node):
            continue
        if node.role == "article":
            articles.append(node)
            continue
        rest += own_words(node)
        stack.extend(node.children)
    if len(articles) != 1 or _shown_words(articles[0]) < rest:
        return None
    return articles[0]


def _layout_content(roots: tuple[AriaNode, ...]) -> tuple[AriaNode, ...]:
    """On a page with no `main`, laid out with plain containers (a header of menus, a
    sidebar, the content, a footer): the container that holds the content. From the root,
    step into the child that holds most of the words (half of them, twice the next largest
    child's) while no heading, paragraph, table or field sits directly in the container;
    none when the first step cannot be taken (the whole page is the content then)."""
    if len(roots) != 1:
        return ()
    node = roots[0]
    lone = _lone_article(node)
    if lone is not None:
        return (lone,)
    while node.role in _LAYOUT and not any(_read_here(c) for c in node.children):
        menus = {id(c) for c in node.children if c.role not in _AROUND and _menu_like(c)}
        kids = [
            c
            for c in node.children
            if c.role not in _AROUND and id(c) not in menus and not _footer_like(c)
        ]
        sizes = sorted(((_shown_words(c), i) for i, c in enumerate(kids)), reverse=True)
        total = sum(words for words, _ in sizes)
        if not total:
            break
        top, index = sizes[0]
        second = sizes[1][0] if len(sizes) > 1 else 0
        if top < _DOMINANT * total or top < _OVER_NEXT * second:
            break
        if menus and not any(n.role in _READ_BLOCKS for n in kids[index].walk()):
            break  # a trail of links beside lists of them: the lists may be what is shown
        if _fields(kids[index]) == 0 and sum(map(_fields, kids)) >= _FORM_FIELDS:
            break  # a form's buttons or title beside its fields: the form is the content
        node = kids[index]
    return () if node is roots[0] else (node,)


_FORM_FIELDS = 2
"""Fields that make a form: the content is not a part of it without them (a lone box beside
the content is a search's)."""


def _fields(node: AriaNode) -> int:
    return sum(n.role in _EDITABLE for n in node.walk())


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


_UNLABELLED = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})
_LABEL_WORDS = 4


def named(node: AriaNode, parent: AriaNode | None) -> str:
    """A node's label (see `label`); a field with no name of its own is called by the words
    just before it in its container ("Password" over a box the page did not tie its label
    to), not by what it holds."""
    if node.role not in _UNLABELLED or node.name or parent is None:
        return label(node)
    before = None
    for child in parent.children:
        if child is node:
            break
        before = child
    if before is not None and not before.children and before.role in ("generic", "text"):
        words = (before.name or before.text or "").strip()
        if words and len(words.split()) <= _LABEL_WORDS:
            return words.rstrip(":").strip()
    return label(node)


_INLINE = frozenset({"text", "link"})
"""What a control's or heading's words are made of when it has no name: its text runs and
its links (a heading that is a link to the page it titles)."""
_NAMED_BY_CONTENT = frozenset({"button", "link", "menuitem", "tab", "heading", "cell"})


def label(node: AriaNode) -> str:
    """A node's name, or its own text; a control or heading without either is called by the
    text inside it (a button whose words sit in a <span>)."""
    if node.name or node.text or node.role not in _NAMED_BY_CONTENT:
        return node.name or node.text or ""
    words = [n.text or n.name for n in node.walk()[1:] if n.role in _INLINE or n.text]
    return " ".join(w for w in words if w)[:100]
