"""Checking a profile's recognition rules against a page: pure, no browser, no model.

    page = PageIndex.of(observation)
    rules_hold(state.match, page)            # True / False
    explain(state.match, page)               # why not: ["no heading /^Search results/"]

Landmarks are looked for in the whole accessibility tree (not only the part in view), so a
page is recognised the same wherever it is scrolled.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from urllib.parse import parse_qsl, urlsplit

from webagent.observation import Observation
from webagent.observation.names import clip
from webagent.observation.tree import AriaNode
from webagent.sites.content import MENUS, content_of, in_forms, role_of
from webagent.sites.profile import Control, ElementPattern
from webagent.sites.rules import Content, Landmark, Match
from webagent.sites.words import named, outermost
from webagent.urls import location


@dataclass(frozen=True, slots=True)
class PageIndex:
    """What rules look at: the URL (whole, and path+query+fragment) and every node's role
    and label (its name, or its text when it has no name)."""

    url: str
    location: str
    nodes: tuple[tuple[str, str], ...]
    text: str
    status: int | None = None
    """The HTTP status of the page's document, when known."""
    words: int = 0
    """Words of content outside links (see `Content`)."""
    link_words: int = 0
    """Words of content inside links."""
    prose: int = 0
    """Words of content in paragraphs."""
    content_nodes: tuple[tuple[str, str], ...] = ()
    """The nodes of the page's content (see `Content`), as `nodes`."""
    items: int = 0
    """The most items of one kind side by side in the content, each holding a link: the
    entries of a list, the rows of a table, the cards of a grid."""
    item_words: int = 0
    """Words (in links or not) inside those items."""
    records: int = 0
    """The most rows of facts under one data table's header row in the content (see
    `_records`)."""
    entries: int = 0
    """List entries and table rows in the content that hold a link to another page."""
    query_shown: bool = False
    """Whether a text field on the page holds a value of the URL's query (the query a
    search ran, shown back in its box)."""
    messages: tuple[tuple[str, str], ...] = ()
    """The nodes of the page's status and alert messages outside its content (a flash
    beside `main`), as `nodes`: text looked for in the content is looked for in them too."""
    headed: int = 0
    """Linked titles side by side in the content: the most headings of one level that are
    links to other pages (see `_repeated_items`)."""
    posts: int = 0
    """Posts of one thread side by side in the content, by two people or more (see
    `_thread`)."""
    facts: int = 0
    """Properties shown with their values in the content ("Status: open"), when they
    outnumber its fields (see `webagent.sites.facts`)."""

    @classmethod
    def of(cls, observation: Observation, *, in_front: bool = False) -> PageIndex:
        """`in_front`: only a dialog open in front of the page that asks for input, when
        there is one (what a visitor deals with now), else the whole page."""
        tree = in_front_of(observation.tree) if in_front else observation.tree
        nodes = tuple(_labels(tree))
        if not nodes:  # an observation built without its tree: fall back to the elements
            nodes = tuple((e.role, e.name) for e in observation.elements)
        text = "\n".join(label for _, label in nodes if label)
        content = content_of(tree)
        return cls(
            observation.url,
            location(observation.url),
            nodes,
            text,
            observation.status,
            content.words,
            content.links,
            content.prose,
            content.nodes if tree else nodes,
            content.items,
            content.item_words,
            content.records,
            content.entries,
            _query_shown(observation.url, tree),
            content.messages,
            content.headed,
            content.posts,
            content.facts,
        )

    @property
    def link_share(self) -> float:
        total = self.words + self.link_words
        return self.link_words / total if total else 0.0

    @property
    def item_share(self) -> float:
        """The share of the content's words inside its repeated items (see `items`)."""
        total = self.words + self.link_words
        if self.items < 2 or not total:  # one entry is not a list
            return 0.0
        return min(1.0, self.item_words / total)


def _url_queries(url: str) -> tuple[str, ...]:
    """The queries an address carries: its own, and the one in its fragment when the
    fragment is a route with a query of its own (`#/models?search=tea`, as single-page apps
    routed by the fragment write them)."""
    parts = urlsplit(url)
    route = parts.fragment.partition("?")[2] if parts.fragment.startswith("/") else ""
    return tuple(query for query in (parts.query, route) if query)


def _query_shown(url: str, roots: tuple[AriaNode, ...]) -> bool:
    """Whether a text field holds one of the values of the URL's query (two letters or
    more, compared without case or surrounding space; its parts separated by `&` or, as
    older CGI apps write them, `;`). A single-page app routed by the address's fragment
    keeps its query there (`#/models?search=tea`): that query counts too."""
    asked = {
        value.strip().casefold()
        for query in _url_queries(url)
        for _, value in parse_qsl(query.replace(";", "&"))
        if len(value.strip()) >= 2
    }
    if not asked:
        return False
    return any(
        node.role in _FIELDS and (node.text or "").strip().casefold() in asked
        for root in roots
        for node in root.walk()
    )


_DIALOGS = frozenset({"dialog", "alertdialog"})
_FIELDS = frozenset({"textbox", "searchbox", "combobox"})
"""Fields a visitor types into."""


def in_front_of(roots: tuple[AriaNode, ...]) -> tuple[AriaNode, ...]:
    """What the page is about now: a dialog open in front of it that asks for input (a
    sign-in box over the home page, or a focused frame over it), else the whole tree. A
    dialog of buttons alone (a cookie notice) leaves the page as it is."""
    dialogs = [d for role in _DIALOGS for d in outermost(roots, role)]
    # A frame that holds the focus, put over the page at its top level (a site's sign-in or
    # search popup in an iframe of its own, with no dialog role; an editor's frame inside a
    # form is no popup): what the visitor deals with too.
    dialogs += [
        child
        for root in roots
        for child in (root, *root.children)
        if child.role == "iframe" and child.focused
    ]
    asking = [d for d in dialogs if any(n.role in _FIELDS for n in d.walk())]
    return tuple(asking) if asking else roots


def _labels(roots: tuple[AriaNode, ...]) -> Iterator[tuple[str, str]]:
    stack: list[tuple[AriaNode, AriaNode | None, bool]] = [
        (node, None, False) for node in reversed(roots)
    ]
    forms = in_forms(roots)
    while stack:
        node, parent, in_menu = stack.pop()
        yield role_of(node, parent, forms, in_menu=in_menu), named(node, parent)
        in_menu = in_menu or node.role in MENUS
        stack.extend((child, node, in_menu) for child in reversed(node.children))


def _where(landmark: Landmark, page: PageIndex) -> tuple[tuple[tuple[str, str], ...], str]:
    """The nodes a landmark looks at (the page's, or its content's) and their text; text
    in the content is looked for in the page's messages beside it too (a flash "The page
    has been created." that a site shows outside `main` reports on the content)."""
    if landmark.within != "content":
        return page.nodes, page.text
    nodes = page.content_nodes
    if landmark.text_pattern is not None:
        nodes += page.messages
    return nodes, "\n".join(label for _, label in nodes if label)


def count(landmark: Landmark, page: PageIndex) -> int:
    """How many nodes (or text matches) the landmark finds on the page (or its content)."""
    nodes, text = _where(landmark, page)
    if landmark.text_pattern is not None:
        return len(landmark.text_pattern.findall(text))
    pattern = landmark.name_pattern
    return sum(
        1
        for role, label in nodes
        if (landmark.role is None or role == landmark.role)
        and (pattern is None or pattern.search(label))
    )


def present(landmark: Landmark, page: PageIndex) -> bool:
    return count(landmark, page) >= landmark.min


def element_matches(pattern: ElementPattern | Control, role: str, name: str) -> bool:
    """Whether an element with this role and name fits the pattern."""
    if pattern.role is not None and role != pattern.role:
        return False
    return pattern.name_pattern is None or bool(pattern.name_pattern.search(name))


def explain(rules: Match, page: PageIndex) -> list[str]:
    """The rules that do not hold (empty: they all hold)."""
    failed = []
    if rules.url_patterns and not any(p.search(page.location) for p in rules.url_patterns):
        failed.append(f"URL {page.location!r} matches none of {rules.url}")
    for pattern in rules.url_not_patterns:
        if pattern.search(page.location):
            failed.append(f"URL {page.location!r} matches /{pattern.pattern}/")
    if not _status_holds(rules, page):
        failed.append(f"HTTP status {page.status or 'unknown'} does not match /{rules.status}/")
    if rules.query_shown and not page.query_shown:
        failed.append("no field holds a value of the URL's query")
    if rules.content is not None and not content_holds(rules.content, page):
        failed.append(
            f"{rules.content.describe()}; the page has {page.words} words, "
            f"{page.link_share:.0%} in links, {page.prose} of prose, "
            f"{page.items} linked items holding {page.item_share:.0%} of its words, "
            f"{page.headed} linked titles, {page.posts} posts of a thread, "
            f"{page.facts} facts shown"
        )
    failed.extend(f"no {lm.describe()}" for lm in rules.all if not present(lm, page))
    if rules.any and not any(present(lm, page) for lm in rules.any):
        failed.append("none of " + ", ".join(lm.describe() for lm in rules.any))
    failed.extend(f"has {lm.describe()}" for lm in rules.none if present(lm, page))
    if rules.either and not any(rules_hold(option, page) for option in rules.either):
        failed.append(f"none of the {len(rules.either)} `either` alternatives hold")
    held = sum(rules_hold(option, page) for option in rules.unless)
    if held:
        failed.append(f"{held} of the {len(rules.unless)} `unless` rule sets hold")
    return failed


def content_holds(content: Content, page: PageIndex) -> bool:
    """Whether the page's amount of content and share of links are within bounds."""
    share = page.link_share
    return (
        (content.words_min is None or page.words >= content.words_min)
        and (content.words_max is None or page.words <= content.words_max)
        and (content.link_share_min is None or share >= content.link_share_min)
        and (content.link_share_max is None or share <= content.link_share_max)
        and (content.prose_min is None or page.prose >= content.prose_min)
        and (content.prose_max is None or page.prose <= content.prose_max)
        and (content.items_min is None or page.items >= content.items_min)
        and (content.item_share_min is None or page.item_share >= content.item_share_min)
        and (content.item_share_max is None or page.item_share <= content.item_share_max)
        and (content.records_min is None or page.records >= content.records_min)
        and (content.records_max is None or page.records <= content.records_max)
        and (content.entries_min is None or page.entries >= content.entries_min)
        and (content.headed_min is None or page.headed >= content.headed_min)
        and (content.posts_min is None or page.posts >= content.posts_min)
        and (content.facts_min is None or page.facts >= content.facts_min)
    )


def rules_hold(rules: Match, page: PageIndex) -> bool:
    """Whether every rule holds (short-circuits, unlike `explain`)."""
    return url_rules_hold(rules, page) and page_rules_hold(rules, page)


def url_rules_hold(rules: Match, page: PageIndex) -> bool:
    """Whether the URL rules hold (true when there are none)."""
    if rules.url_patterns and not any(p.search(page.location) for p in rules.url_patterns):
        return False
    return not any(p.search(page.location) for p in rules.url_not_patterns)


def page_rules_hold(rules: Match, page: PageIndex) -> bool:
    """Whether the rules about the page itself hold: its status, nodes and text (true when
    there are none); `either` alternatives are judged whole."""
    if not _status_holds(rules, page):
        return False
    if rules.query_shown and not page.query_shown:
        return False
    if rules.content is not None and not content_holds(rules.content, page):
        return False
    if not all(present(lm, page) for lm in rules.all):
        return False
    if rules.any and not any(present(lm, page) for lm in rules.any):
        return False
    if any(present(lm, page) for lm in rules.none):
        return False
    if any(rules_hold(option, page) for option in rules.unless):
        return False
    return not rules.either or any(rules_hold(option, page) for option in rules.either)


def _status_holds(rules: Match, page: PageIndex) -> bool:
    if rules.status_pattern is None:
        return True
    return page.status is not None and bool(rules.status_pattern.search(str(page.status)))


def evidence(rules: Match, page: PageIndex) -> list[str]:
    """What on the page the rules found, for a person to check a classification: the URL
    pattern that matched, the status, and the first node or text each landmark found."""
    found = []
    matched = next((p for p in rules.url_patterns if p.search(page.location)), None)
    if matched is not None:
        found.append(f"URL matches /{matched.pattern}/")
    if rules.status_pattern is not None and page.status is not None:
        found.append(f"HTTP status {page.status}")
    if rules.query_shown:
        found.append("a field holds the URL's query")
    if rules.content is not None:
        found.append(
            f"{page.words} words of content ({page.prose} of prose), {page.link_share:.0%} in links"
            + (f", {page.items} linked items" if rules.content.items_min is not None else "")
        )
    found.extend(_found(lm, page) for lm in rules.all if present(lm, page))
    held = next((lm for lm in rules.any if present(lm, page)), None)
    if held is not None:
        found.append(_found(held, page))
    option = next((o for o in rules.either if rules_hold(o, page)), None)
    if option is not None:
        found.extend(evidence(option, page))
    return found


def _found(landmark: Landmark, page: PageIndex) -> str:
    """The first thing the landmark finds where it looks (the page, or its content), quoted
    (with the count when it asks for several)."""
    nodes, text = _where(landmark, page)
    if landmark.text_pattern is not None:
        hit = landmark.text_pattern.search(text)
        return f"text {clip(hit.group(0).strip(), 60)!r}" if hit else landmark.describe()
    pattern = landmark.name_pattern
    hits = [
        (role, label)
        for role, label in nodes
        if (landmark.role is None or role == landmark.role)
        and (pattern is None or pattern.search(label))
    ]
    if not hits:
        return landmark.describe()
    role, label = hits[0]
    shown = f"{role} {clip(label, 60)!r}" if label else role
    return f"{len(hits)} x {landmark.role or role}" if landmark.min > 1 else shown


def site_rules_hold(rules: Match, page: PageIndex) -> bool:
    """Site recognition: URL patterns here are searched in the whole URL (host included)."""
    whole = replace(page, location=page.url)
    return not rules.empty and rules_hold(rules, whole)
