"""The posts of a discussion on a page (a forum's topic, a question and its answers, a
ticket's follow-ups), told apart from a list of posts: pure.

    thread_posts(roots, skip, prose)   # how many posts of one thread sit side by side
"""

from __future__ import annotations

import re

from webagent.observation.tree import AriaNode
from webagent.sites.words import ITEMS, leads_away, outermost, own_words, subtree_words, walk

_PERSON = re.compile(
    r"/(users?|profiles?|members?|people|persons?|authors?|accounts?|u|~)/|/~\w"
    r"|[?&](user|author|member)(_?id)?=",
    re.IGNORECASE,
)
"""A link to a person's page, by the web's usual addresses (/users/2/hatter/, /~alice,
?user=7): a post's author."""
_POST_PROSE = 12
"""The least words of prose a thread's posts hold on average (a forum's index shows each
forum's line of description beside its last poster: a few words)."""


def thread_posts(roots: tuple[AriaNode, ...], skip: frozenset[str], prose: int) -> int:
    """The most posts side by side in one thread: siblings of one role (see `ITEMS`) that
    each hold a paragraph and a link to a person (its author, see `_PERSON`) and no title
    that leads elsewhere (see `_titled`), written by two people or more, with `_POST_PROSE`
    words of prose each on average and half the content's `prose` or more between them: a
    forum's topic, a question and its answers, a ticket's follow-ups. A list of one person's
    posts, or of entries each under its title, is an index of them; a blog post's comments
    under it hold less prose than the post."""
    best = 0
    for node in walk(roots, skip):
        if len(node.children) < 2:  # a thread is two posts or more side by side
            continue
        groups: dict[str, list[tuple[int, str]]] = {}
        for child in node.children:
            if child.role not in ITEMS:
                continue
            inside = child.walk()
            author = next(
                (n.url for n in inside if n.role == "link" and _PERSON.search(n.url or "")), None
            )
            if author is None or _titled(inside):
                continue
            said = sum(subtree_words(p) for p in outermost((child,), "paragraph"))
            if said:
                groups.setdefault(child.role, []).append((said, author))
        for posts in groups.values():
            said = sum(words for words, _ in posts)
            if (
                len(posts) > best
                and len({author for _, author in posts}) >= 2
                and said >= _POST_PROSE * len(posts)
                and 2 * said >= prose
            ):
                best = len(posts)
    return best


_TITLE_WORDS = 3
"""The least words of a link that titles an entry (a post's actions are a word or two)."""


def _titled(inside: list[AriaNode]) -> bool:
    """Whether an entry (its nodes in document order) has a title that leads to another page,
    not a person's: a linked heading, or a link of a few words before its first paragraph
    (a list's entry: its title, then a byline and an excerpt)."""
    before = True
    for node in inside:
        if node.role == "paragraph":
            before = False
        elif (node.role == "heading" and any(leads_away(n) for n in node.walk())) or (
            before
            and leads_away(node)
            and not _PERSON.search(node.url or "")
            and own_words(node) >= _TITLE_WORDS
        ):
            return True
    return False
