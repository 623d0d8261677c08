"""URL templates: the addresses of pages of one kind, with what varies between them named.

    templates = url_templates(["/issues/1", "/issues/2", "/wiki/Tea", "/wiki/Milk", ...])
    templates["/issues/1"]        # "/issues/{n}"
    templates["/wiki/Tea"]        # "/wiki/{name}" (three or more siblings under /wiki)
    template_regex("/issues/{n}")  # '^/issues/\\d+/?(?=$|[?#])', for a profile's `url` rule

A step of a path that is a number, a hash or a word with a number (`msg7`) is an id
wherever it is; the last step is a name when three pages or more share everything before
it (two, for names in one wiki namespace: `Category:{name}`; `{word}` for plain words,
which are routes' words as often as data); a step before it, made from
data (`tea-party`), when paths differ only there and at their end. A query keeps only a
search's key, not its value (`/search?q={}`); keys that filter, sort or page a list do not
change the kind of page, nor does a search key given ids (`keyword=2,6`); a key that chooses
the view (`?action=edit`) keeps its value. Pure: no browser.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from urllib.parse import parse_qsl, urlsplit

_NUMBER = re.compile(r"^\d+$")
_HASH = re.compile(r"^(?=[a-f]*\d)[0-9a-f]{8,}$", re.IGNORECASE)
_WORD_NUMBER = re.compile(r"^([a-z]+)\d+$", re.IGNORECASE)
SIBLINGS = 3
"""Pages that share everything but their last step before that step counts as a name."""


def _step(segment: str) -> str:
    """A path step with an id in it generalised: `{n}`, `{hash}`, `msg{n}` (`7.html` is
    `{n}.html`)."""
    stem, dot, extension = segment.rpartition(".")
    if not (dot and stem and extension.isalpha() and len(extension) <= 5):
        stem, dot, extension = segment, "", ""
    if _NUMBER.match(stem):
        return "{n}" + dot + extension
    if _HASH.match(stem):
        return "{hash}" + dot + extension
    word = _WORD_NUMBER.match(stem)
    if word:
        return word.group(1) + "{n}" + dot + extension
    return segment


_IDS = re.compile(r"^[\d,]+$")
"""A query value of ids only (`keyword=2,6`): a filter, even under a search's key."""

SEARCH_KEYS = frozenset(
    {"q", "query", "search", "s", "k", "term", "keyword", "keywords", "text", "find", "rev"}
    | {"search_text", "search_query", "searchterm", "searchword", "search_term"}
)
"""Query keys that ask a search (kept in a template: a search's results are pages of their
own kind); other keys filter, sort or page a list and leave the kind of page as it is."""


VIEW_KEYS = frozenset({"action", "do", "view", "mode", "template", "op", "tab", "task", "display"})
"""Query keys that choose what a page shows (`?action=edit`, `?do=recent`, Roundup's
`@template=item`): pages of one address with other views are other kinds of page."""
_VIEW = re.compile(r"^[A-Za-z][\w-]{0,30}$")


def split_url(url: str) -> tuple[list[str], str]:
    """A URL's (or a path's) steps, generalised for ids, and its query: the search key it
    asks, if any (`?q={}`), and the view it asks for (`?action=edit`), if any."""
    parts = urlsplit(url)
    steps = [_step(s) for s in parts.path.split("/")[1:]]
    if len(steps) > 1 and not steps[-1]:  # /issues/22/ is /issues/22
        steps.pop()
    found: set[str] = set()
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key.lstrip("@").lower() in SEARCH_KEYS and not _IDS.match(value):
            found.add(f"{key}={{}}")
        elif key.lstrip("@").lower() in VIEW_KEYS and _VIEW.match(value):
            found.add(f"{key}={value}")
    query = "?" + "&".join(sorted(found)) if found else ""
    return steps, query


_SLUG = re.compile(r"[-_\d]|%20")
"""A step made from data (`tea-party`, `croquet-with-flamingos-6`), not a route's word."""


def url_templates(urls: Iterable[str]) -> dict[str, str]:
    """Each URL's template (see the module's doc)."""
    split = {url: split_url(url) for url in urls}
    paths = {url: list(steps) for url, (steps, _) in split.items()}
    _name_middle_steps(paths)
    children: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for steps in paths.values():
        if steps and steps[-1] and "{" not in steps[-1]:  # `msg{n}` is an id already
            children[(*steps[:-1], _namespace(steps[-1]))].add(steps[-1])
    for steps in paths.values():
        if not steps or not steps[-1]:
            continue
        space = _namespace(steps[-1])
        siblings = children.get((*steps[:-1], space), set())
        if steps[-1] in siblings and len(siblings) >= (2 if space else SIBLINGS):
            stem, dot, extension = steps[-1].rpartition(".")
            keep = dot and stem and len(extension) <= 5
            place = "{word}" if _WORD.match(stem if keep else steps[-1]) and not space else "{name}"
            steps[-1] = space + place + (dot + extension if keep else "")
    return {url: "/" + "/".join(paths[url]) + split[url][1] for url in split}


_WORD = re.compile(r"^[a-z]+$")
"""A name that is one plain word (`issue`, `about`): a route's word more often than data,
so its template (`/demo/{word}`) gathers pages that are not siblings (see `siblings`)."""


def siblings(url: str, template: str) -> str:
    """What a page is a sibling of others by: its template, with the plain word it has
    where the template has `{word}` (`/demo/issue` and `/demo/user` are two routes, not
    siblings; `/author/3/history` and `/author/5/history` are siblings, `/author/3/change`
    is another route): `/author/{n}/history`."""
    words = template_words(template, [url])
    return template.replace("{word}", words[0]) if words else template


def template_words(template: str, urls: Iterable[str]) -> list[str]:
    """The plain words that stand for the `{word}` of `template` in `urls` (its pages'
    addresses): `/demo/{word}` with `/demo/file`, `/demo/msg?x=1` gives `file`, `msg`."""
    path = template.partition("?")[0]
    steps = path.split("/")[1:]
    if "{word}" not in path or steps[-1].partition(".")[0] != "{word}":
        return []
    found = []
    for url in urls:
        mine = urlsplit(url).path.rstrip("/").split("/")[1:]
        if len(mine) == len(steps) and _WORD.match(mine[-1].partition(".")[0]):
            found.append(mine[-1].partition(".")[0])
    return sorted(set(found))


_NAMESPACE = re.compile(r"^([A-Za-z][A-Za-z_ ]{1,30}(?::|%3A))(?=[^/])", re.IGNORECASE)


def _namespace(step: str) -> str:
    """A name's namespace, as wikis write it (`Category:` of `Category:Tea_types`), or ''.
    Names of one namespace are siblings of each other only (two are enough), never of the
    plain names beside them: a wiki's categories are a kind of page, its articles another."""
    found = _NAMESPACE.match(step)
    return found.group(1) if found else ""


def _name_middle_steps(paths: dict[str, list[str]]) -> None:
    """A step before the last is a name when it is made from data and two paths or more
    differ there and in their last step only (`/projects/tea-party/wiki` and
    `/projects/croquet/issues`: `/projects/{name}/...`)."""
    longest = max((len(steps) for steps in paths.values()), default=0)
    for index in range(longest - 2, -1, -1):
        values: dict[tuple[int, tuple[str, ...], tuple[str, ...]], set[str]] = defaultdict(set)

        def around(
            steps: list[str], index: int = index
        ) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
            return (len(steps), tuple(steps[:index]), tuple(steps[index + 1 : -1]))

        for steps in paths.values():
            if len(steps) > index + 1:
                values[around(steps)].add(steps[index])
        for steps in paths.values():
            step = steps[index] if len(steps) > index + 1 else "{"
            if not step.startswith("{") and _SLUG.search(step) and len(values[around(steps)]) >= 2:
                steps[index] = "{name}"


_PLACES = {
    "{n}": r"\d+",
    "{hash}": r"[0-9a-f]{8,}",
    "{name}": r"[^/?#]+",
    "{word}": r"[a-z]+",
    "{}": r"[^&#]*",
}
_PLACE = re.compile(r"\{n\}|\{hash\}|\{name\}|\{word\}|\{\}")


def template_regex(template: str, words: Iterable[str] = ()) -> str:
    """A regular expression matching the paths (and queries) of a template's pages, as a
    profile's `url` rule reads them (searched in path, query and fragment). `words`: the
    plain words a `{word}` stands for (the routes a state was drawn from: `/demo/{word}`
    with `file`, `msg` matches `/demo/file` and `/demo/msg`, not another route)."""
    path, _, query = template.partition("?")
    path = path.rstrip("/")  # the trailing slash is optional below
    chosen = sorted(set(words))
    pieces = []
    last = 0
    for place in _PLACE.finditer(path):
        pieces.append(re.escape(path[last : place.start()]))
        if place.group(0) == "{word}" and chosen:
            pieces.append("(?:" + "|".join(re.escape(word) for word in chosen) + ")")
        else:
            pieces.append(_PLACES[place.group(0)])
        last = place.end()
    pieces.append(re.escape(path[last:]))
    pattern = "^" + "".join(pieces)
    if not query:
        return pattern + r"/?(?=$|[?#])"
    ahead = []
    for part in query.split("&"):
        key, _, value = part.partition("=")
        if value == "{}":  # a search: any words
            ahead.append(f"(?=.*[?&]{re.escape(key)}=)")
        else:  # a view: this one
            ahead.append(f"(?=.*[?&]{re.escape(key)}={re.escape(value)}(?:[&#]|$))")
    return pattern + r"/?(?=\?)" + "".join(ahead)
