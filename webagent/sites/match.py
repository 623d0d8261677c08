"""Checking a profile's recognition rules against a page: pure, no browser, no model.

    page = PageIndex.of(observation)
    rules_hold(state.match, page)            # True / False
    explain(state.match, page)               # why not: ["no heading /^Search results/"]

Landmarks are looked for in the whole accessibility tree (not only the part in view), so a
page is recognised the same wherever it is scrolled.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from webagent.observation import Observation
from webagent.observation.tree import AriaNode
from webagent.sites.profile import Control, ElementPattern, Landmark, Match
from webagent.urls import location


@dataclass(frozen=True, slots=True)
class PageIndex:
    """What rules look at: the URL (whole, and path+query+fragment) and every node's role
    and label (its name, or its text when it has no name)."""

    url: str
    location: str
    nodes: tuple[tuple[str, str], ...]
    text: str

    @classmethod
    def of(cls, observation: Observation) -> PageIndex:
        nodes = tuple(_labels(observation.tree))
        if not nodes:  # an observation built without its tree: fall back to the elements
            nodes = tuple((e.role, e.name) for e in observation.elements)
        text = "\n".join(label for _, label in nodes if label)
        return cls(observation.url, location(observation.url), nodes, text)


def _labels(roots: tuple[AriaNode, ...]) -> Iterator[tuple[str, str]]:
    stack = list(reversed(roots))
    while stack:
        node = stack.pop()
        yield node.role, node.name or node.text or ""
        stack.extend(reversed(node.children))


def count(landmark: Landmark, page: PageIndex) -> int:
    """How many nodes (or text matches) the landmark finds on the page."""
    if landmark.text_pattern is not None:
        return len(landmark.text_pattern.findall(page.text))
    pattern = landmark.name_pattern
    return sum(
        1
        for role, label in page.nodes
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
    failed.extend(f"no {lm.describe()}" for lm in rules.all if not present(lm, page))
    if rules.any and not any(present(lm, page) for lm in rules.any):
        failed.append("none of " + ", ".join(lm.describe() for lm in rules.any))
    failed.extend(f"has {lm.describe()}" for lm in rules.none if present(lm, page))
    if rules.either and not any(rules_hold(option, page) for option in rules.either):
        failed.append(f"none of the {len(rules.either)} `either` alternatives hold")
    return failed


def rules_hold(rules: Match, page: PageIndex) -> bool:
    """Whether every rule holds (short-circuits, unlike `explain`)."""
    if rules.url_patterns and not any(p.search(page.location) for p in rules.url_patterns):
        return False
    if any(p.search(page.location) for p in rules.url_not_patterns):
        return False
    if not all(present(lm, page) for lm in rules.all):
        return False
    if rules.any and not any(present(lm, page) for lm in rules.any):
        return False
    if any(present(lm, page) for lm in rules.none):
        return False
    return not rules.either or any(rules_hold(option, page) for option in rules.either)


def site_rules_hold(rules: Match, page: PageIndex) -> bool:
    """Site recognition: URL patterns here are searched in the whole URL (host included)."""
    whole = PageIndex(page.url, page.url, page.nodes, page.text)
    return not rules.empty and rules_hold(rules, whole)
