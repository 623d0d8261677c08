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

from webagent.explore.templates import siblings, template_regex, template_words, url_templates
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
    shared: bool = False
    """Whether pages of another state, not of higher priority, are at its addresses."""


def group_pages(pages: list[ExploredPage], generic: Profile) -> list[Group]:
    """The pages grouped into candidate states, named, with their marks; the largest first.

    Siblings (the pages of a URL template whose names are data: `/issue{n}`, `/wiki/{name}`)
    are one state, of the kind most of them read as: siblings read differently now and then
    (an article that is mostly a list, a product whose review form is open), and a state
    that follows those readings would tell the model one thing on one page and another on
    its sibling. The pages of a template of plain words (`/demo/{word}`: `/demo/issue`,
    `/demo/user`) are states by their kind. Two exceptions: a list filtered, sorted or paged (its
    address with a query that searches nothing) is the list, and pages the generic states
    call an error (a missing page, a refusal) are one state wherever they are, recognised by
    the generic error rules rather than by their addresses."""
    templates = url_templates(page.url for page in pages)
    classifier = Classifier(generic)
    kinds = {id(page): classifier.classify(page.observation()).state for page in pages}
    by_template: dict[str, list[ExploredPage]] = {}
    for page in pages:
        by_template.setdefault(templates[page.url], []).append(page)
    indexes = {id(page): PageIndex.of(page.observation()) for page in pages}
    sibling_sets: dict[str, list[ExploredPage]] = {}
    for page in pages:
        sibling_sets.setdefault(siblings(page.url, templates[page.url]), []).append(page)
    kept = {key: _kinds_kept(members, kinds, indexes) for key, members in sibling_sets.items()}

    def major(page: ExploredPage) -> str:
        major, others = kept[siblings(page.url, templates[page.url])]
        kind = kinds[id(page)]
        return kind if kind in others and others[kind] in indexes[id(page)].nodes else major

    by_path = {page.url.split("?", 1)[0]: major(page) for page in pages if "?" not in page.url}
    groups: dict[tuple[str, str], Group] = {}
    for template, members in sorted(by_template.items(), key=lambda item: -len(item[1])):
        for page in members:
            kind = major(page)
            key: tuple[str, str]
            if kinds[id(page)] in EVIDENT:
                kind = kinds[id(page)]
                key = (kind, "")
            else:
                if "?" in page.url and "?" not in template:
                    kind = by_path.get(page.url.split("?", 1)[0], kind)
                # Templates of one kind whose addresses end in one extension are one state
                # (the categories of a shop at /a.html, /a/b.html, /a/b/c.html: a site that
                # rewrites its addresses flattens them); other templates are states of
                # their own.
                ending = _ending(template)
                key = (kind, ending if ending.startswith(".") else template)
            group = groups.setdefault(key, Group([], kind))
            group.pages.append(page)
            if template not in group.templates:
                group.templates.append(template)
    ordered = sorted(groups.values(), key=lambda g: (-len(g.pages), g.templates[0], g.kind))
    _name(ordered)
    ranks = {id(group): _priority(group, generic) for group in ordered}
    for group in ordered:
        group.shared = group.kind not in EVIDENT and _shares_addresses(group, ordered, ranks)
        if group.shared:
            group.marks = _marks(group, ordered, indexes)
    return ordered


ERROR = "error"
EVIDENT = (ERROR, "login")
"""Generic states a page shows wherever it is (a missing page, a refusal, a sign-in form):
each one state of a learned profile, recognised by the generic state's own page rules,
above the others, and there even when exploring met none (signed in, it sees no sign-in
form; a run signed out will)."""
MIN_KIND, KIND_SHARE = 3, 0.2
"""Siblings of a kind other than most of theirs are a state of their own when there are
this many, this share of them, and nodes they all show tell them apart."""


def _kinds_kept(
    members: list[ExploredPage], kinds: dict[int, str], indexes: dict[int, PageIndex]
) -> tuple[str, dict[str, tuple[str, str]]]:
    """The kinds a set of siblings is drawn as: the kind most of them read as (errors and
    sign-in forms left out), and each other kind of at least `MIN_KIND` pages and
    `KIND_SHARE` of them with a node of its own that tells it apart (a shop's categories
    among its products at `/{name}.html`: a heading "Shop By"), with that node: its pages
    that show it are of that kind, the others (a product that reads as a list) are not."""
    counts = Counter(kinds[id(page)] for page in members if kinds[id(page)] not in EVIDENT)
    if not counts:
        return ERROR, {}
    (major, _), *others = counts.most_common()
    found: dict[str, tuple[str, str]] = {}
    for kind, count in others:
        if count < MIN_KIND or count < KIND_SHARE * len(members):
            continue
        mine = [page for page in members if kinds[id(page)] == kind]
        rest = [page for page in members if kinds[id(page)] != kind]
        nodes = _rare_common(mine, rest, indexes, most=0.8)
        if nodes:
            found[kind] = nodes[0]
    return major, found


def _url_rules(group: Group) -> list[str]:
    """The group's `url` rules: its templates, a `{word}` standing for the words its own
    pages have there."""
    urls = [page.url for page in group.pages]
    return [template_regex(t, template_words(t, urls)) for t in group.templates]


def _evident_priority(kind: str) -> int:
    """An error's or sign-in form's priority: above every state drawn from addresses."""
    return 100_000 - 10_000 * EVIDENT.index(kind)


def _shares_addresses(group: Group, groups: list[Group], ranks: dict[int, int]) -> bool:
    """Whether a page of another state, one that would not win over this one by priority
    (`ranks`: a more specific template, an error), has an address this state's templates
    match: then its marks must tell them apart; else its addresses alone do, and marks read
    off a page, which may change, would only make the rules fragile."""
    patterns = [re.compile(rule, re.IGNORECASE) for rule in _url_rules(group)]
    return any(
        any(p.search(location(page.url)) for p in patterns)
        for other in groups
        if other is not group and ranks[id(other)] <= ranks[id(group)]
        for page in other.pages
    )


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

    others = [page for other in groups if other is not group for page in other.pages]
    return _rare_common(group.pages, others, indexes)[:MAX_MARKS]


def _rare_common(
    pages: list[ExploredPage],
    others: list[ExploredPage],
    indexes: dict[int, PageIndex],
    *,
    most: float = 1.0,
) -> list[tuple[str, str]]:
    """The nodes every one of `pages` shows (or the share `most` of them) and at most a
    quarter of `others` do, the rarest first (headings before other roles)."""

    def nodes(page: ExploredPage) -> set[tuple[str, str]]:
        index = indexes[id(page)]
        return {(r, n) for r, n in index.nodes if r in _MARK_ROLES and 2 <= len(n) <= 60}

    shown = Counter(node for page in pages for node in nodes(page))
    common = {node for node, count in shown.items() if count >= most * len(pages)}
    if not common:
        return []
    share = Counter(node for page in others for node in nodes(page) & common)
    rare = [node for node in common if share[node] <= len(others) / 4]
    rare.sort(key=lambda node: (share[node], node[0] != "heading", node))
    return rare


def _priority(group: Group, generic: Profile) -> int:
    """Where two states' rules both hold: an error first (its rules are the page's own
    word), then the one whose addresses are spelt out over one whose templates have names
    or ids in them, then the more specific templates (`/demo/issue{n}` over `/demo/{name}`),
    then marks, then the generic states' own order (a form over a list)."""
    if group.kind in EVIDENT:
        return _evident_priority(group.kind)
    literal = all("{" not in template for template in group.templates)
    spelt = min(len(_PLACE.sub("", template)) for template in group.templates)
    kind = next((s for s in generic.states if s.name == group.kind), None)
    return (
        10_000 * literal
        + 100 * min(spelt, 90)
        + 10 * len(group.marks)
        + (kind.priority if kind else 0) // 10
    )


_PLACE = re.compile(r"\{[a-z]*\}")


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
        if group.kind in EVIDENT:
            # Missing pages, refusals and sign-in forms, wherever they are: the generic
            # state's own rules.
            for key, value in base.match.model_dump(exclude_defaults=True).items():
                lines.append(f"{key} = {toml_value(value)}")
            continue
        if group.shared and not group.marks and base.match.empty:
            # Nothing tells its pages from others at its addresses and its generic state
            # has no rules: a bare URL rule would take their pages; the fallback has them.
            continue
        rules = ", ".join(toml_value(rule) for rule in _url_rules(group))
        lines.append(f"url = [{rules}]")
        if group.marks:
            marks = ", ".join(
                f"{{ role = {toml_value(role)}, name = {toml_value('^' + re.escape(name) + '$')} }}"
                for role, name in group.marks
            )
            lines.append(f"all = [{marks}]")
        elif not base.match.empty and group.shared:
            # Nothing every page shows tells them apart from pages at the same addresses:
            # the generic state's own rules (a form's fields, an article's prose) do.
            generic_rules = base.match.model_dump(exclude_defaults=True)
            lines.append(f"either = [{toml_value(generic_rules)}]")
    for kind in EVIDENT:
        if not any(group.kind == kind for group in groups):
            # Not met while exploring (signed in, no sign-in form; no missing page), but a
            # page shows it wherever it is: the generic state, as it is.
            lines += ["", "[[states]]", f"name = {toml_value(kind)}"]
            lines.append(f"description = {toml_value(advice[kind].description)}")
            lines.append(f"instructions = {toml_value(advice[kind].instructions)}")
            lines.append(f"priority = {_evident_priority(kind)}")
            if advice[kind].candidate:
                lines.append("candidate = true")
            lines.append("[states.match]")
            for key, value in advice[kind].match.model_dump(exclude_defaults=True).items():
                lines.append(f"{key} = {toml_value(value)}")
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


def consistency(pages: list[ExploredPage], classifier: Classifier) -> tuple[int, list[str]]:
    """How many pages the classifier puts in the state most of their siblings (the pages of
    their URL template, `/issue{n}`, `/wiki/{name}`; see `templates.siblings`) are put in,
    and the templates whose pages it splits between states."""
    templates = url_templates(page.url for page in pages)
    states: dict[str, Counter[str]] = {}
    for page in pages:
        found = classifier.classify(page.observation()).state
        states.setdefault(siblings(page.url, templates[page.url]), Counter())[found] += 1
    same = sum(counts.most_common(1)[0][1] for counts in states.values())
    split = [template for template, counts in states.items() if len(counts) > 1]
    return same, split


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
    same, split = consistency([page for group in groups for page in group.pages], classifier)
    lines += [
        "",
        f"Consistency: {same} of {total} pages ({same / total if total else 0:.0%}) are in the "
        "state most of their siblings (pages of their URL template) are in"
        + (f"; templates split: {', '.join(f'`{t}`' for t in split[:8])}." if split else "."),
    ]
    lines += ["", "## Examples", ""]
    for group in groups:
        urls = ", ".join(location(page.url) for page in group.pages[:3])
        lines.append(f"- **{group.name}**: {urls}")
    lines += ["", "## Pages the rules put elsewhere", ""]
    lines += stray or ["None."]
    return "\n".join(lines) + "\n"
