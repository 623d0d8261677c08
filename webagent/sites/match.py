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

from webagent.observation import Observation
from webagent.observation.names import clip
from webagent.observation.tree import AriaNode
from webagent.sites.profile import Content, Control, ElementPattern, Landmark, Match
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

    @classmethod
    def of(cls, observation: Observation, *, in_front: bool = False) -> PageIndex:
        """`in_front`: only a dialog open in front of the page that asks for input, when
        there is one (what a visitor deals with now), else the whole page."""
        tree = _in_front(observation.tree) if in_front else observation.tree
        nodes = tuple(_labels(tree))
        if not nodes:  # an observation built without its tree: fall back to the elements
            nodes = tuple((e.role, e.name) for e in observation.elements)
        text = "\n".join(label for _, label in nodes if label)
        content = _content(tree)
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
        )

    @property
    def link_share(self) -> float:
        total = self.words + self.link_words
        return self.link_words / total if total else 0.0

    @property
    def item_share(self) -> float:
        """The share of the content's words inside its repeated items (see `items`)."""
        total = self.words + self.link_words
        return min(1.0, self.item_words / total) if total else 0.0


_AROUND = frozenset({"navigation", "banner", "contentinfo", "complementary", "search"})
"""Landmarks around a page's content: left out when it has no `main`."""


@dataclass(frozen=True, slots=True)
class _Content:
    nodes: tuple[tuple[str, str], ...]
    words: int
    links: int
    prose: int
    items: int = 0
    item_words: int = 0


_ITEMS = frozenset({"listitem", "row", "article", "group", "generic"})
"""Roles of the repeated entries of a list, table or grid (cards are often plain divs)."""
_ITEM_WORDS = 4
"""Words an entry needs besides being a link: a menu's entries are a word or two each."""
_ITEM_SHARE = 0.5
"""The most of a list's words one entry may hold."""


def _own_words(node: AriaNode) -> int:
    """The words a node shows itself (not its children's), as the content counts them."""
    if node.role == "link":
        return len((node.name or node.text or "").split())
    if node.text:
        return len(node.text.split())
    if node.name and not node.children and node.role not in ("img", "main"):
        return len(node.name.split())
    return 0


def _subtree_words(node: AriaNode) -> int:
    """Words in a subtree; a link's words are its name (what is inside it is not counted
    again)."""
    total = _own_words(node)
    if node.role != "link":
        total += sum(_subtree_words(child) for child in node.children)
    return total


def _leads_away(node: AriaNode) -> bool:
    """A link to another page: not a permalink to a place on this one (a section's "¶")."""
    return node.role == "link" and not (node.url or "").startswith("#")


def _is_entry(node: AriaNode) -> bool:
    """An entry of a list, table or grid: a link to another page comes before any paragraph
    (its title, or a cell of its row). A section of an article starts with a paragraph
    after its heading, whatever links its text holds further on."""
    for child in node.walk():
        if _leads_away(child):
            return True
        if child.role == "paragraph":
            return False
    return False


def _repeated_items(roots: tuple[AriaNode, ...], skip: frozenset[str]) -> tuple[int, int]:
    """The largest set of siblings of one role (see `_ITEMS`) that are entries (see
    `_is_entry`) of a few words (`_ITEM_WORDS`), as (how many, their words); subtrees with a
    role in `skip` are left out."""
    best = (0, 0)
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node.role in skip:
            continue
        groups: dict[str, list[int]] = {}
        for child in node.children:
            if child.role in _ITEMS and _is_entry(child):
                words = _subtree_words(child)
                if words >= _ITEM_WORDS:
                    groups.setdefault(child.role, []).append(words)
        for group in groups.values():
            # Entries are alike: no one of them holds most of the words (the regions of a
            # page's layout, one of which is its content, are not a list).
            if len(group) > best[0] and max(group) <= _ITEM_SHARE * sum(group):
                best = (len(group), sum(group))
        stack.extend(node.children)
    return best


def _content(roots: tuple[AriaNode, ...]) -> _Content:
    """The page's content: its `main` landmarks when it has any, else everything but
    navigation, banners, footers, sidebars and search forms; with its words outside links,
    inside links, and in paragraphs."""
    mains = _outermost(roots, "main")
    kept: list[tuple[str, str]] = []
    words = links = prose = 0
    stack = [(node, False) for node in reversed(mains or roots)]
    while stack:
        node, in_paragraph = stack.pop()
        if not mains and node.role in _AROUND:
            continue
        if node.role == "link":
            links += _own_words(node)
            kept.append((node.role, _label(node)))
            continue
        counted = _own_words(node)
        words += counted
        in_paragraph = in_paragraph or node.role == "paragraph"
        prose += counted if in_paragraph else 0
        if node.role != "generic" or node.name or node.text:
            kept.append((node.role, _label(node)))
        stack.extend((child, in_paragraph) for child in reversed(node.children))
    items, item_words = _repeated_items(mains or roots, frozenset() if mains else _AROUND)
    return _Content(tuple(kept), words, links, prose, items, item_words)


_DIALOGS = frozenset({"dialog", "alertdialog"})
_FIELDS = frozenset({"textbox", "searchbox", "combobox"})


def _in_front(roots: tuple[AriaNode, ...]) -> tuple[AriaNode, ...]:
    """What the page is about now: a dialog open in front of it that asks for input (a
    sign-in box over the home page), else the whole tree. A dialog of buttons alone (a
    cookie notice) leaves the page as it is."""
    dialogs = [d for role in _DIALOGS for d in _outermost(roots, role)]
    asking = [d for d in dialogs if any(n.role in _FIELDS for n in d.walk())]
    return tuple(asking) if asking else roots


def _outermost(roots: tuple[AriaNode, ...], role: str) -> tuple[AriaNode, ...]:
    """The nodes with this role that are not inside another one, in document order."""
    found: list[AriaNode] = []
    stack = list(reversed(roots))
    while stack:
        node = stack.pop()
        if node.role == role:
            found.append(node)
        else:
            stack.extend(reversed(node.children))
    return tuple(found)


def _labels(roots: tuple[AriaNode, ...]) -> Iterator[tuple[str, str]]:
    stack = list(reversed(roots))
    while stack:
        node = stack.pop()
        yield node.role, _label(node)
        stack.extend(reversed(node.children))


_NAMED_BY_CONTENT = frozenset({"button", "link", "menuitem", "tab", "heading", "cell"})


def _label(node: AriaNode) -> str:
    """A node's name, or its own text; a control or heading without either is called by the
    text inside it (a button whose words sit in a <span>)."""
    if node.name or node.text or node.role not in _NAMED_BY_CONTENT:
        return node.name or node.text or ""
    words = [n.text or n.name for n in node.walk()[1:] if n.role == "text" or n.text]
    return " ".join(w for w in words if w)[:100]


def count(landmark: Landmark, page: PageIndex) -> int:
    """How many nodes (or text matches) the landmark finds on the page (or its content)."""
    nodes = page.content_nodes if landmark.within == "content" else page.nodes
    if landmark.text_pattern is not None:
        text = page.text
        if landmark.within == "content":
            text = "\n".join(label for _, label in nodes if label)
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
    if rules.content is not None and not content_holds(rules.content, page):
        failed.append(
            f"{rules.content.describe()}; the page has {page.words} words, "
            f"{page.link_share:.0%} in links, {page.prose} of prose, "
            f"{page.items} linked items holding {page.item_share:.0%} of its words"
        )
    failed.extend(f"no {lm.describe()}" for lm in rules.all if not present(lm, page))
    if rules.any and not any(present(lm, page) for lm in rules.any):
        failed.append("none of " + ", ".join(lm.describe() for lm in rules.any))
    failed.extend(f"has {lm.describe()}" for lm in rules.none if present(lm, page))
    if rules.either and not any(rules_hold(option, page) for option in rules.either):
        failed.append(f"none of the {len(rules.either)} `either` alternatives hold")
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
    if rules.content is not None and not content_holds(rules.content, page):
        return False
    if not all(present(lm, page) for lm in rules.all):
        return False
    if rules.any and not any(present(lm, page) for lm in rules.any):
        return False
    if any(present(lm, page) for lm in rules.none):
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
    """The first thing the landmark finds, quoted (with the count when it asks for several)."""
    if landmark.text_pattern is not None:
        hit = landmark.text_pattern.search(page.text)
        return f"text {clip(hit.group(0).strip(), 60)!r}" if hit else landmark.describe()
    pattern = landmark.name_pattern
    hits = [
        (role, label)
        for role, label in page.nodes
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
