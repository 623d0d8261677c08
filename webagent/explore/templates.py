"""URL templates: the addresses of pages of one kind, with what varies between them named.

    templates = url_templates(["/issues/1", "/issues/2", "/wiki/Tea", "/wiki/Milk", ...])
    templates["/issues/1"]        # "/issues/{n}"
    templates["/wiki/Tea"]        # "/wiki/{name}" (three or more siblings under /wiki)
    template_regex("/issues/{n}")  # '^/issues/\\d+/?(?=$|[?#])', for a profile's `url` rule

A step of a path that is a number, a hash or a word with a number (`msg7`) is an id
wherever it is; the last step is a name when three pages or more share everything before
it; a step before it, made from data (`tea-party`), when paths differ only there and at
their end. A query keeps only a search's key, not its value (`/search?q={}`); keys that filter,
sort or page a list do not change the kind of page. Pure: no browser.
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


SEARCH_KEYS = frozenset(
    {"q", "query", "search", "s", "k", "term", "keyword", "keywords", "text", "find", "rev"}
)
"""Query keys that ask a search (kept in a template: a search's results are pages of their
own kind); other keys filter, sort or page a list and leave the kind of page as it is."""


def split_url(url: str) -> tuple[list[str], str]:
    """A URL's (or a path's) steps, generalised for ids, and its query: the search key it
    asks, if any (`?q={}`)."""
    parts = urlsplit(url)
    steps = [_step(s) for s in parts.path.split("/")[1:]]
    if len(steps) > 1 and not steps[-1]:  # /issues/22/ is /issues/22
        steps.pop()
    keys = sorted({key for key, _ in parse_qsl(parts.query, keep_blank_values=True)} & SEARCH_KEYS)
    query = "?" + "&".join(f"{key}={{}}" for key in keys) if keys else ""
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
        if steps and steps[-1] and not steps[-1].startswith("{"):
            children[tuple(steps[:-1])].add(steps[-1])
    for steps in paths.values():
        parent = tuple(steps[:-1])
        if steps and steps[-1] in children.get(parent, ()) and len(children[parent]) >= SIBLINGS:
            stem, dot, extension = steps[-1].rpartition(".")
            keep = dot and stem and len(extension) <= 5
            steps[-1] = "{name}" + (dot + extension if keep else "")
    return {url: "/" + "/".join(paths[url]) + split[url][1] for url in split}


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
    "{}": r"[^&#]*",
}
_PLACE = re.compile(r"\{n\}|\{hash\}|\{name\}|\{\}")


def template_regex(template: str) -> str:
    """A regular expression matching the paths (and queries) of a template's pages, as a
    profile's `url` rule reads them (searched in path, query and fragment)."""
    path, _, query = template.partition("?")
    path = path.rstrip("/")  # the trailing slash is optional below
    pieces = []
    last = 0
    for place in _PLACE.finditer(path):
        pieces.append(re.escape(path[last : place.start()]))
        pieces.append(_PLACES[place.group(0)])
        last = place.end()
    pieces.append(re.escape(path[last:]))
    pattern = "^" + "".join(pieces)
    if not query:
        return pattern + r"/?(?=$|[?#])"
    keys = [part.split("=", 1)[0] for part in query.split("&")]
    return pattern + r"/?\?" + "".join(f"(?=.*\\b{re.escape(k)}=)" for k in keys)
