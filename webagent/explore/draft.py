"""From explored pages to a draft profile: pages grouped into candidate states, each state's
rules, advice and transitions, written as a profile a person reviews (pure: no browser).

    pages = [ExploredPage.from_json(data) for data in ...]      # what exploring saw
    groups = group_pages(pages)                                  # one per candidate state
    text = profile_toml(site, origin, groups)                    # the profile, as TOML
    print(learned_report(site, groups, load_profile(path)))      # LEARNED.md

A group is the pages of one URL template (see `templates`) that the generic states call the
same (a template whose pages are of two kinds gives two groups). Its state is recognised by
its URL template and by the nodes every one of its pages shows that few other pages do (a
heading "Shopping Cart", a button "Proceed to Checkout"); its advice is the generic state's
until a person (or a model) writes better. Without a model, names come from the generic
state and the template's words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from webagent.explore.templates import template_regex, url_templates
from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.sites.classify import Classifier
from webagent.sites.match import PageIndex
from webagent.sites.profile import Profile
from webagent.sites.writer import toml_value
from webagent.urls import location


@dataclass(frozen=True, slots=True)
class ExploredPage:
    """One page exploring read: what the classifier reads, and where its links lead."""

    url: str
    status: int | None
    title: str
    snapshot: str
    links: tuple[str, ...] = ()
    signed_in: bool | None = None

    def observation(self) -> Observation:
        return compose_observation(
            parse_snapshot(self.snapshot), url=self.url, title=self.title, status=self.status
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "status": self.status,
            "title": self.title,
            "signed_in": self.signed_in,
            "links": list(self.links),
            "snapshot": self.snapshot,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ExploredPage:
        return cls(
            url=str(data["url"]),
            status=int(data["status"]) if data.get("status") is not None else None,
            title=str(data.get("title") or ""),
            snapshot=str(data["snapshot"]),
            links=tuple(str(link) for link in data.get("links") or ()),
            signed_in=data.get("signed_in"),
        )


@dataclass
class Group:
    """The pages of one candidate state."""

    templates: list[str]
    kind: str
    """What the generic states call its pages (`listing`, `detail`, ...)."""
    pages: list[ExploredPage] = field(default_factory=list)
    name: str = ""
    marks: list[tuple[str, str]] = field(default_factory=list)
    """Nodes (role, label) every page of the group shows and few others do."""
    description: str = ""
    instructions: str = ""
    """Written for this state (by a model); empty: the generic state's."""


def group_pages(pages: list[ExploredPage], generic: Profile) -> list[Group]:
    """The pages grouped by URL template and generic state, named, with their marks; the
    largest groups first."""
    templates = url_templates(page.url for page in pages)
    classifier = Classifier(generic)
    kinds = {id(page): classifier.classify(page.observation()).state for page in pages}
    by_template: dict[str, list[ExploredPage]] = {}
    for page in pages:
        by_template.setdefault(templates[page.url], []).append(page)
    groups: dict[tuple[str, str], Group] = {}
    by_path = {page.url.split("?", 1)[0]: kinds[id(page)] for page in pages if "?" not in page.url}
    for template, members in sorted(by_template.items(), key=lambda item: -len(item[1])):
        counts = Counter(kinds[id(page)] for page in members)
        major = counts.most_common(1)[0][0]
        for page in members:
            # A list filtered, sorted or paged (its address with a query that searches
            # nothing) is the list, whatever it reads as when one item is left.
            kind = kinds[id(page)]
            if "?" in page.url and "?" not in template:
                kind = by_path.get(page.url.split("?", 1)[0], major)
            elif counts[kind] == 1 and len(members) >= MANY:
                kind = major  # one product page of many that reads as a form (its review)
            # Templates of one kind whose addresses end in one extension are one state (the
            # categories of a shop at /a.html, /a/b.html, /a/b/c.html: a site that rewrites
            # its addresses flattens them); other templates are states of their own.
            ending = _ending(template)
            key = (kind, ending if ending.startswith(".") else template)
            group = groups.setdefault(key, Group([], kind))
            group.pages.append(page)
            if template not in group.templates:
                group.templates.append(template)
    ordered = sorted(groups.values(), key=lambda g: (-len(g.pages), g.templates[0], g.kind))
    _name(ordered)
    indexes = {id(page): PageIndex.of(page.observation()) for page in pages}
    for group in ordered:
        if _shares_addresses(group, ordered):
            group.marks = _marks(group, ordered, indexes)
    return ordered


def _shares_addresses(group: Group, groups: list[Group]) -> bool:
    """Whether another group's pages have addresses this group's templates match (then its
    marks must tell them apart; else its addresses alone do, and marks read off a page,
    which may change, would only make the rules fragile)."""
    patterns = [re.compile(template_regex(t), re.IGNORECASE) for t in group.templates]
    return any(
        any(p.search(location(page.url)) for p in patterns)
        for other in groups
        if other is not group
        for page in other.pages
    )


MANY = 10
"""A template with this many pages takes in the one page of it that reads as another kind
(on a small site, one page of its own kind is a state: the contact form)."""


def _ending(template: str) -> str:
    """How a template's path ends: its last step's extension (`.html`), `/`, or nothing."""
    path = template.partition("?")[0]
    last = path.rsplit("/", 1)[-1]
    if not last:
        return "/"
    stem, dot, extension = last.rpartition(".")
    return dot + extension if dot and stem and len(extension) <= 5 else ""


_WORD = re.compile(r"[a-z]+")
_IGNORED = frozenset({"n", "hash", "name", "html", "htm", "php", "index", "www", "en"})


def _name(groups: list[Group]) -> None:
    """Names: the generic state, with the template's words when two groups share it."""
    kinds = Counter(group.kind for group in groups)
    taken: set[str] = set()
    for group in groups:
        words = [w for w in _WORD.findall(group.templates[0].lower()) if w not in _IGNORED][:3]
        base = group.kind if kinds[group.kind] == 1 or not words else "_".join([*words, group.kind])
        if base == group.kind and group.templates == ["/"]:
            base = "home" if group.kind == "other" else base
        name, number = base, 2
        while name in taken:
            name, number = f"{base}_{number}", number + 1
        taken.add(name)
        group.name = name


_MARK_ROLES = frozenset({"heading", "button", "tab", "columnheader", "textbox", "searchbox"})
MAX_MARKS = 3


def _marks(
    group: Group, groups: list[Group], indexes: dict[int, PageIndex]
) -> list[tuple[str, str]]:
    """Up to three nodes every page of the group shows and at most a quarter of the other
    pages do (headings, buttons, tabs, column headers, fields by their names)."""

    def nodes(page: ExploredPage) -> set[tuple[str, str]]:
        index = indexes[id(page)]
        return {(r, n) for r, n in index.nodes if r in _MARK_ROLES and 2 <= len(n) <= 60}

    common = set.intersection(*(nodes(page) for page in group.pages))
    others = [page for other in groups if other is not group for page in other.pages]
    if not common:
        return []
    share = Counter(node for page in others for node in nodes(page) & common)
    rare = [node for node in common if share[node] <= len(others) / 4]
    rare.sort(key=lambda node: (share[node], node[0] != "heading", node))
    return rare[:MAX_MARKS]


def _priority(group: Group, generic: Profile) -> int:
    """Where two states' rules both hold, the one whose addresses are spelt out wins over
    one whose templates have names or ids in them, then marks, then the generic states'
    own order (a form over a list, a list over an article)."""
    literal = all("{" not in template for template in group.templates)
    kind = next((s for s in generic.states if s.name == group.kind), None)
    return 1000 * literal + 100 * len(group.marks) + (kind.priority if kind else 0)


def transitions(groups: list[Group]) -> dict[str, list[str]]:
    """For each state, the states its pages' links lead to, most often first (up to five)."""
    where = {page.url: group.name for group in groups for page in group.pages}
    found: dict[str, list[str]] = {}
    for group in groups:
        counts = Counter(
            where[link] for page in group.pages for link in page.links if link in where
        )
        found[group.name] = [name for name, _ in counts.most_common(5)]
    return found


def profile_toml(
    site: str, origin: str, groups: list[Group], generic: Profile, *, controls: Sequence[str] = ()
) -> str:
    """The draft profile, in the project's profile format (see `webagent.sites.profile`).
    `controls` are lines of the `[irreversible]` table's `controls` found while exploring."""
    advice = {state.name: state for state in generic.states}
    nexts = transitions(groups)
    host = re.escape(origin.split("://", 1)[-1])
    lines = [
        f"# Learned by `webagent sites learn {origin}`: a draft for a person to review.",
        "# Each state was drawn from pages of one URL template that the generic states call",
        "# the same; its advice is the generic state's until someone writes better.",
        "",
        "[site]",
        f"name = {toml_value(site)}",
        f"description = {toml_value(f'The site at {origin}, as explored (not reviewed).')}",
        'fallback = "other"',
        "advisory = true",
        "",
        "[site.match]",
        f"url = [{toml_value('^https?://' + host + '(/|$)')}]",
    ]
    for group in groups:
        base = advice.get(group.kind) or advice["other"]
        examples = ", ".join(location(page.url) for page in group.pages[:3])
        description = group.description or base.description
        lines += [
            "",
            "[[states]]",
            f"name = {toml_value(group.name)}",
            f"description = {toml_value(f'{description} Pages like {examples}.')}",
            f"instructions = {toml_value(group.instructions or base.instructions)}",
            f"priority = {_priority(group, generic)}",
        ]
        if base.candidate:
            lines.append("candidate = true")
        nexts_here = [n for n in nexts[group.name] if n != group.name][:5]
        lines.append("next = [" + ", ".join(toml_value(n) for n in nexts_here) + "]")
        lines.append("[states.match]")
        rules = ", ".join(toml_value(template_regex(t)) for t in group.templates)
        lines.append(f"url = [{rules}]")
        if group.marks:
            marks = ", ".join(
                f"{{ role = {toml_value(role)}, name = {toml_value('^' + re.escape(name) + '$')} }}"
                for role, name in group.marks
            )
            lines.append(f"all = [{marks}]")
        elif not base.match.empty and _shares_addresses(group, groups):
            # Nothing every page shows tells them apart from pages at the same addresses:
            # the generic state's own rules (a form's fields, an article's prose) do.
            generic_rules = base.match.model_dump(exclude_defaults=True)
            lines.append(f"either = [{toml_value(generic_rules)}]")
    if not any(group.name == "other" for group in groups):
        other = advice["other"]
        lines += [
            "",
            "[[states]]",
            'name = "other"',
            f"description = {toml_value(other.description)}",
            f"instructions = {toml_value(other.instructions)}",
        ]
    if controls:
        lines += ["", "# Controls the generic lexicon grades, as found here: review them.", ""]
        lines += ["[irreversible]", "controls = ["]
        lines += [f"    {line}," for line in controls]
        lines.append("]")
    return "\n".join(lines) + "\n"


def learned_report(site: str, groups: list[Group], learned: Profile) -> str:
    """LEARNED.md: pages per state with example URLs, how many of each state's pages the
    written rules put back in it, and the pages no state's rules took."""
    classifier = Classifier(learned)
    total = sum(len(group.pages) for group in groups)
    lines = [
        f"# What exploring {site} found",
        "",
        f"{total} pages in {len(groups)} candidate states. A state's rules are its URL "
        "template and the nodes every one of its pages shows (its marks); its advice is the "
        "generic state's. Review the names, the marks and the advice, then use it with "
        "`--profile`.",
        "",
        "| state | pages | generic state | URL templates | rules put back | marks |",
        "| --- | ---: | --- | --- | ---: | --- |",
    ]
    stray: list[str] = []
    consistent = 0
    for group in groups:
        back = 0
        for page in group.pages:
            found = classifier.classify(page.observation())
            if found.state == group.name:
                back += 1
            elif found.decided == "fallback":
                stray.append(f"- {location(page.url)}: no state's rules hold (in {group.name})")
            else:
                stray.append(f"- {location(page.url)}: {found.state} (drawn as {group.name})")
        consistent += back
        marks = "; ".join(f"{role} '{name}'" for role, name in group.marks) or "none"
        shown = ", ".join(f"`{t}`" for t in group.templates[:3])
        if len(group.templates) > 3:
            shown += f" and {len(group.templates) - 3} more"
        lines.append(
            f"| {group.name} | {len(group.pages)} | {group.kind} | {shown} | {back} | {marks} |"
        )
    share = consistent / total if total else 0.0
    lines += ["", f"The rules put {consistent} of {total} pages ({share:.0%}) back in their state."]
    lines += ["", "## Examples", ""]
    for group in groups:
        urls = ", ".join(location(page.url) for page in group.pages[:3])
        lines.append(f"- **{group.name}**: {urls}")
    lines += ["", "## Pages the rules put elsewhere", ""]
    lines += stray or ["None."]
    return "\n".join(lines) + "\n"
