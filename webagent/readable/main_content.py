"""Finding the element that holds a page's main content.

`<main>` or `[role=main]`, else the only or a clearly dominant `<article>`, else a well-known
container (Magento's `#maincontent` and `.column.main`, Sphinx's `div.body`, `#content`, ...),
else the block holding most of the page's non-link text. A candidate needs a fair share of the
page's text to count. Boilerplate is never main content: navigation, page banners and
footers, sidebars (`aside`, `.sidebar`, landmark roles); a `<header>` inside an article,
section or main, or holding an `<h1>`, is not boilerplate: it has the title.

Pure: BeautifulSoup over lxml, no network.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from bs4 import BeautifulSoup
from bs4.element import PageElement, Tag

from webagent.readable.document import attribute, is_junk, is_text

_BOILERPLATE_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary"})
_CONTAINERS = frozenset({"div", "section", "article", "main", "form", "center", "body"})
_HINTS = (
    "#maincontent", "#main-content", ".main-content", ".column.main", "div.body", "#content",
    "#main", "#bodyContent", ".entry-content", ".post-content", ".article-body",
)  # fmt: skip
_HINT_CLASSES = frozenset(hint.split(".")[1] for hint in _HINTS if "." in hint)
_DOMINANCE = 3  # an article this many times longer than any other is the page's article
_DESCEND = 0.7  # the fallback moves into a child holding at least this share of the text
_MIN_SHARE = 0.1  # a landmark needs this share of the page's text to count as main content


def main_content(soup: BeautifulSoup) -> Tag:
    """The element holding the page's main content (the body, or `soup`, if nothing better)."""
    index = _measure(soup)
    body = soup.body or soup
    for candidate in _candidates(index):
        if index.score(candidate) >= _MIN_SHARE * index.score(body):
            return candidate
    return _densest(body, index)


@dataclass
class _Index:
    """Per element, its text outside links and boilerplate; and the landmarks met."""

    text: dict[int, int] = field(default_factory=dict)
    mains: list[Tag] = field(default_factory=list)
    articles: list[Tag] = field(default_factory=list)
    titles: list[Tag] = field(default_factory=list)
    ids: dict[str, Tag] = field(default_factory=dict)
    classes: dict[str, list[Tag]] = field(default_factory=dict)

    def score(self, tag: Tag) -> int:
        return self.text.get(id(tag), 0)

    def register(self, tag: Tag, muted: bool) -> None:
        if tag.name in ("main", "article") or (tag.name == "h1" and not muted):
            {"main": self.mains, "article": self.articles, "h1": self.titles}[tag.name].append(tag)
        if tag.attrs:
            if attribute(tag, "role") == "main":
                self.mains.append(tag)
            self.ids.setdefault(attribute(tag, "id"), tag)
            for name in _HINT_CLASSES.intersection(tag.get_attribute_list("class")):
                self.classes.setdefault(name, []).append(tag)


def _measure(soup: BeautifulSoup) -> _Index:
    """One walk over the tree, without recursion, skipping scripts and hidden elements."""
    index = _Index()
    stack: list[tuple[Tag, Iterator[PageElement], bool]] = [(soup, iter(soup.contents), False)]
    while stack:
        tag, children, muted = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if stack and id(tag) in index.text:
                parent = id(stack[-1][0])
                index.text[parent] = index.text.get(parent, 0) + index.text[id(tag)]
        elif isinstance(child, Tag):
            if not is_junk(child):
                quiet = muted or child.name == "a" or is_boilerplate(child)
                index.register(child, quiet)
                stack.append((child, iter(child.contents), quiet))
        elif not muted and is_text(child):
            index.text[id(tag)] = index.text.get(id(tag), 0) + len(child.strip())
    return index


def _candidates(index: _Index) -> Iterator[Tag]:
    """Likely main-content elements, most telling first."""
    yield from sorted(index.mains, key=lambda tag: tag.name != "main")
    articles = [tag for tag in index.articles if tag.find_parent("article") is None]
    articles.sort(key=index.score, reverse=True)
    if articles and index.score(articles[0]) >= _DOMINANCE * sum(map(index.score, articles[1:])):
        yield articles[0]
    for hint in _HINTS:
        if hint.startswith("#"):
            if hint[1:] in index.ids:
                yield index.ids[hint[1:]]
            continue
        name, *classes = hint.split(".")
        for tag in index.classes.get(classes[0], []):
            if name in ("", tag.name) and set(classes) <= set(tag.get_attribute_list("class")):
                yield tag
                break


def _densest(body: Tag, index: _Index) -> Tag:
    """Go down from `body` while one container child holds most of the text and the title."""
    node = body
    while True:
        kids = [kid for kid in node.children if isinstance(kid, Tag) and _is_container(kid)]
        best = max(kids, key=index.score, default=None)
        if best is None or index.score(best) < max(1, _DESCEND * index.score(node)):
            return node
        titles = [h1 for h1 in index.titles if index.score(h1) and _within(h1, node)]
        if not all(_within(h1, best) for h1 in titles):
            return node
        node = best


def is_boilerplate(tag: Tag) -> bool:
    """Navigation, page banners and footers, sidebars: never part of the main content."""
    if tag.name in ("nav", "footer", "aside"):
        return True
    if tag.name == "header":
        return tag.find_parent(("article", "main", "section")) is None and not tag.find("h1")
    if not tag.attrs:
        return False
    classes = tag.get_attribute_list("class")
    return attribute(tag, "role") in _BOILERPLATE_ROLES or "sidebar" in classes


def _is_container(tag: Tag) -> bool:
    return tag.name in _CONTAINERS or "-" in tag.name  # custom elements wrap whole sections


def _within(tag: Tag, ancestor: Tag) -> bool:
    return tag is ancestor or any(parent is ancestor for parent in tag.parents)
