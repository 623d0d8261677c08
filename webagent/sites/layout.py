"""Where the content sits on a page laid out with plain containers (no `main` landmark): pure.

    content = layout_content(roots)   # the container holding the content, or () for the whole page

From the root, the layout steps into the child that holds most of the words, past the
site's menus (links in lists, not marked as navigation), its unmarked footer and the
landmarks around the content; a page whose one article holds most of its words is that
article. Used by `webagent.sites.content`.
"""

from __future__ import annotations

import re

from webagent.observation.names import content_text
from webagent.observation.tree import AriaNode
from webagent.sites.words import AROUND, EDITABLE, label, own_words, subtree_words, wraps_card

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
    if node.role in EDITABLE:
        return 0
    if node.role == "link":  # its name, or the card it wraps
        if wraps_card(node):
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
    if any(n.role in EDITABLE or n.role in ("heading", "paragraph", "table") for n in nodes):
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
        if node.role in AROUND or _menu_like(node):
            continue
        if node.role == "article":
            articles.append(node)
            continue
        rest += own_words(node)
        stack.extend(node.children)
    if len(articles) != 1 or _shown_words(articles[0]) < rest:
        return None
    return articles[0]


def layout_content(roots: tuple[AriaNode, ...]) -> tuple[AriaNode, ...]:
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
        menus = {id(c) for c in node.children if c.role not in AROUND and _menu_like(c)}
        kids = [
            c
            for c in node.children
            if c.role not in AROUND and id(c) not in menus and not _footer_like(c)
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
        if sum(_fields(c) for c in kids if c is not kids[index]) >= _FORM_FIELDS:
            break  # a part of a form beside its other fields: the whole form is the content
        if (
            _asks(kids[index])
            and not _buttons(kids[index])
            and any(_buttons(c) and not _asks(c) for c in kids if c is not kids[index])
        ):
            break  # a form's fields beside its buttons (Cancel, Add): the form is the content
        node = kids[index]
    return () if node is roots[0] else (node,)


_FORM_FIELDS = 2
"""Fields that make a form: the content is not a part of it without them (a lone box beside
the content is a search's)."""


def _fields(node: AriaNode) -> int:
    return sum(n.role in EDITABLE for n in node.walk())


_CHOICES = EDITABLE | {"checkbox", "radio", "switch"}


def _asks(node: AriaNode) -> bool:
    """Whether a subtree holds something to fill in or choose (a box, a switch)."""
    return any(n.role in _CHOICES for n in node.walk())


def _buttons(node: AriaNode) -> bool:
    return any(n.role == "button" for n in node.walk())
