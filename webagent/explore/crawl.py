"""Exploring a site read-only, and learning its profile from what was read.

    result = learn_site("http://127.0.0.1:8082/demo/", Path("learned"), max_pages=80)
    result.profile          # learned/profile.toml, validated
    result.report           # learned/LEARNED.md

Exploring opens pages by their links only (no click, no form sent, no search typed), through
the network guard with the `deny` policy and an allowlist of the site's own host, so nothing
irreversible reaches the site and nothing leaves it; sign-out links and files are not
followed. Pages whose kind of address (see `templates`) has been read least come first, so
80 pages spread over the site rather than down one list. Every page is written to
`DIR/pages/` as it is read and `DIR/explore.json` holds what is left to read: a run that
stops (Ctrl-C, a crash) goes on where it stopped when started again.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlsplit, urlunsplit

from webagent.actions import Action, TypeText
from webagent.errors import ConfigError, WebAgentError
from webagent.explore.draft import ExploredPage
from webagent.explore.templates import split_url
from webagent.observation import Observation
from webagent.observation.tree import AriaNode
from webagent.safety.risk import MUTATING, FormFacts, Risk, Target
from webagent.safety.secrets import Secrets
from webagent.sites.classify import SIGN_OUT, signed_in
from webagent.sites.match import PageIndex

if TYPE_CHECKING:  # the browser is loaded when exploring starts, not on import
    from webagent.browser import Tab

_FILES = re.compile(
    r"\.(png|jpe?g|gif|svg|webp|ico|pdf|zip|gz|tgz|bz2|xz|tar|whl|exe|dmg|css|js|map|json|xml|"
    r"csv|txt|woff2?|ttf|mp[34]|webm|ogg|wav|avi|mov)$",
    re.IGNORECASE,
)
_LEAVING = re.compile(r"/(log_?out|sign_?out|logoff)\b", re.IGNORECASE)


@dataclass
class Exploration:
    """What a run has read and what is left (DIR/explore.json)."""

    start: str
    visited: list[str] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    """Links that could not be read, and why (a guard's refusal, an HTTP failure)."""
    searched: bool = False
    """Whether the site's search was tried (once, with a word of its own)."""

    def save(self, path: Path) -> None:
        data: dict[str, object] = {"start": self.start, "visited": self.visited}
        data.update(queue=self.queue, failed=self.failed, searched=self.searched)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
        temporary.replace(path)

    @classmethod
    def load(cls, path: Path, start: str) -> Exploration:
        if not path.is_file():
            return cls(start, queue=[start])
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            found = cls(
                str(data["start"]),
                [str(u) for u in data["visited"]],
                [str(u) for u in data["queue"]],
                {str(k): str(v) for k, v in data.get("failed", {}).items()},
                bool(data.get("searched", False)),
            )
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise ConfigError(f"{path}: not an exploration to go on with ({error})") from error
        if found.start != start:
            raise ConfigError(
                f"{path.parent} holds an exploration of {found.start}, not {start}: "
                "give another --out, or the same URL"
            )
        return found


def page_links(url: str, roots: tuple[AriaNode, ...]) -> list[str]:
    """The pages of the same origin the page's links lead to, in order, without fragments,
    files or sign-out links."""
    origin = urlsplit(url)[:2]
    found: list[str] = []
    for root in roots:
        for node in root.walk():
            if node.role != "link" or not node.url or SIGN_OUT.search(node.name or ""):
                continue
            target = urlsplit(urljoin(url, node.url))
            if target[:2] != origin or target.scheme not in ("http", "https"):
                continue
            if _FILES.search(target.path) or _LEAVING.search(target.path):
                continue
            link = urlunsplit((*target[:4], ""))
            if link not in found:
                found.append(link)
    return found


_SIGN_IN = re.compile(r"^\W*((log|sign) ?(me )?(in|on)|login)\b", re.IGNORECASE)
_PASSWORD = re.compile(r"pass ?(word|code|phrase)", re.IGNORECASE)
USERNAME, PASSWORD = "username", "password"
"""The names of the credentials in a `--secrets` file."""


def _sign_in_form(
    observation: Observation, forms: tuple[FormFacts, ...] = ()
) -> tuple[str, str, str] | None:
    """The ids of a sign-in form's username field, password field and button, if the page
    shows one: a field named like a password, another text field before it, and a button
    saying sign in (or log in). Where the fields have no names (a sidebar's bare "Login"
    form), a form of the page with a password field (`forms`) vouches for it, and the two
    text fields right before the button are taken."""
    fields = [e for e in observation.elements if e.role in ("textbox", "searchbox")]
    password = next((e for e in fields if _PASSWORD.search(e.name)), None)
    button = next(
        (e for e in observation.elements if e.role == "button" and _signs_in(e.name)), None
    )
    if button is None:
        return None
    if password is None:
        if not any(line.startswith("password") for form in forms for line in form.fields):
            return None
        preceding = observation.elements[: observation.elements.index(button)]
        texts = [e for e in preceding if e.role == "textbox"]
        return (texts[-2].id, texts[-1].id, button.id) if len(texts) >= 2 else None
    before = [e for e in fields[: fields.index(password)] if e.role == "textbox"]
    return (before[-1].id, password.id, button.id) if before else None


def _signs_in(name: str) -> bool:
    """Whether a control's name says sign in ("Log in", "Sign in »"), not a longer text that
    starts with the word ("Login page rejects passwords with spaces", an issue's title)."""
    return bool(_SIGN_IN.search(name)) and len(name.split()) <= 3


def sign_in(tab: Tab, start: str, username: str) -> str:
    """Sign in as `username` with the tab's `password` secret: on the start page's sign-in
    form, or on the page its sign-in link leads to. The password is typed through its
    placeholder (never written anywhere). The URL signed in at; `WebAgentError` saying why
    when there is no sign-in form or the site did not take the credentials."""
    tab.goto(start)
    observation = tab.observe(full_page=True)
    form = _sign_in_form(observation, tab.forms())
    if form is None:
        link = next(
            (e for e in observation.elements if e.role == "link" and _signs_in(e.name)),
            None,
        )
        if link is None or not link.url:
            raise WebAgentError(f"{start} shows no sign-in form and no sign-in link")
        tab.goto(urljoin(observation.url, link.url))
        observation = tab.observe(full_page=True)
        form = _sign_in_form(observation, tab.forms())
        if form is None:
            raise WebAgentError(f"{observation.url} shows no sign-in form")
    user, password, button = form
    tab.act(TypeText(user, username, press_enter_after=False))
    tab.act(f"type [{password}] [<secret>{PASSWORD}</secret>] [0]")
    result = tab.act(f"click [{button}]")
    if result.error:
        raise WebAgentError(f"signing in failed: {result.error}")
    after = tab.observe(full_page=True)
    signed, _ = signed_in(PageIndex.of(after))
    if not signed:
        raise WebAgentError(
            f"signing in at {observation.url} did not work: the page after it shows no "
            "sign-out link (wrong credentials?)"
        )
    return str(after.url)


_SEARCH_BOX = re.compile(r"search|find|query|look ?up", re.IGNORECASE)
_QUERY_WORD = re.compile(r"[A-Za-z]{5,}")


def search_probe(observation: Observation) -> tuple[str, str] | None:
    """The site's search box on this page and a harmless query for it: a word of five
    letters or more from the page's own links (what the site holds), or None without a
    search box."""
    box = next(
        (
            e
            for e in observation.elements
            if e.role == "searchbox" or (e.role == "textbox" and _SEARCH_BOX.search(e.name))
        ),
        None,
    )
    if box is None:
        return None
    words = Counter(
        word.lower()
        for e in observation.elements
        if e.role == "link"
        for word in _QUERY_WORD.findall(e.name)
    )
    if not words:
        return None
    return box.id, words.most_common(1)[0][0]


def _kind(url: str) -> str:
    """A coarse kind of address for spreading the reading: ids generalised, the last step
    reduced to its extension unless it holds an id (`issue{n}`), a search's key kept
    (filters and sorting are not a kind)."""
    steps, query = split_url(url)
    if steps:
        last = steps[-1]
        if "{" not in last:  # `issue{n}` is a kind of its own; other names are not
            last = "*" + (last[last.rfind(".") :] if "." in last else "")
        steps = [*steps[:-1], last]
    return "/".join(steps) + query


def _next(queue: list[str], read: Counter[str]) -> str:
    """The link to read next: addresses without a query first (a list's filters and sort
    orders multiply without end), then of the kind read least, with the fewest query
    parameters, the earliest found."""
    order = {url: index for index, url in enumerate(queue)}

    def rank(url: str) -> tuple[int, int, int, int]:
        query = urlsplit(url).query
        return (bool(query), read[_kind(url)], query.count("&"), order[url])

    return min(queue, key=rank)


class _Reader:
    """One exploration in progress: the tab, what was read, what is left."""

    def __init__(self, tab: Tab, out: Path, state: Exploration, signed: bool | None) -> None:
        self.tab, self.state, self.signed = tab, state, signed
        self.pages_dir = out / "pages"
        self.state_path = out / "explore.json"
        self.pages = [
            ExploredPage.from_json(json.loads(p.read_text(encoding="utf-8")))
            for p in sorted(self.pages_dir.glob("*.json"))
        ]
        self.read = Counter(_kind(page.url) for page in self.pages)

    def read_next(self, max_pages: int, progress: Callable[[str], None]) -> None:
        """Open the next link, keep the page and its links, try the site's search once."""
        state = self.state
        url = _next(state.queue, self.read)
        state.queue.remove(url)
        state.visited.append(url)
        counter = f"[{len(state.visited)}/{max_pages}]"
        try:
            self.tab.goto(url)
            observation = self.keep(self.tab.observe(full_page=True))
        except WebAgentError as error:  # a navigation refused or failed, a page unreadable
            state.failed[url] = str(error)
            progress(f"{counter} {url}: not read ({error})")
            return
        progress(f"{counter} {observation.url}")
        probe = None if state.searched else search_probe(observation)
        if probe is not None and len(state.visited) < max_pages:
            # The site's search, once, with one of its own words: its results are pages of
            # their own kind that no link leads to.
            state.searched = True
            box, word = probe
            if self.tab.act(f"type [{box}] [{word}] [1]").ok:
                state.visited.append(f"search: {word}")
                results = self.keep(self.tab.observe(full_page=True))
                progress(f"[{len(state.visited)}/{max_pages}] searched for {word!r}: {results.url}")

    def keep(self, observation: Observation) -> Observation:
        """Write the page read, note its links to read later."""
        final = observation.url
        links = page_links(final, observation.tree)
        status, title, snapshot = observation.status, observation.title, self.tab.snapshot()
        page = ExploredPage(final, status, title, snapshot, tuple(links), self.signed)
        name = f"{len(self.pages) + 1:04d}.json"
        text = json.dumps(page.to_json(), ensure_ascii=False, indent=1)
        (self.pages_dir / name).write_text(text, encoding="utf-8")
        self.pages.append(page)
        self.read[_kind(final)] += 1
        known = set(self.state.visited) | set(self.state.queue) | {p.url for p in self.pages}
        self.state.queue.extend(link for link in links if link not in known)
        return observation


class ReadOnlyJudge:
    """The explorer's risk judge: the site-aware judgement (`SiteJudge`) while signing in,
    so the sign-in form's own request goes; after it, every request that could change what
    the site holds (a POST, PUT, PATCH or DELETE) is held, whoever sends it: a page's own
    script saving a preference as the page loads (a wiki's change filters) is no reading."""

    def __init__(self) -> None:
        from webagent.sites.risk import SiteJudge

        self._site = SiteJudge()
        self.signing_in = False

    def saw(self, observation: Observation) -> None:
        self._site.saw(observation)

    def action(
        self, action: Action, target: Target | None, url: str, *, flagged: bool = False
    ) -> Risk:
        return self._site.action(action, target, url, flagged=flagged)

    def request(self, method: str, url: str, body: str = "") -> str | None:
        if not self.signing_in and method.upper() in MUTATING:
            return f"exploring is read-only: a {method.upper()} may change what the site holds"
        return self._site.request(method, url, body)

    def undoable(self, method: str, url: str, body: str = "") -> str | None:
        return self._site.undoable(method, url, body)


def explore(
    start: str,
    out: Path,
    *,
    max_pages: int = 80,
    pace: float = 0.5,
    secrets: Secrets | None = None,
    progress: Callable[[str], None] = lambda line: None,
) -> tuple[list[ExploredPage], tuple[str, ...]]:
    """Read up to `max_pages` pages of the site at `start` into `out/pages/`, signed in
    first when `secrets` hold a `username` and a `password`; the pages read (this run's and
    an earlier one's) and the requests the guard held."""
    from webagent.browser import launch  # heavy: only when exploring

    (out / "pages").mkdir(parents=True, exist_ok=True)
    state = Exploration.load(out / "explore.json", start)
    host = urlsplit(start).netloc.split(":")[0]
    judge = ReadOnlyJudge()
    with launch(judge=lambda: judge, allow_domains=[host]) as browser:
        username = None
        if secrets is not None and {USERNAME, PASSWORD} <= set(secrets.names):
            # Only the password is hidden: the username is on the site's own pages and in
            # their links (`?assignedto=alice`), which a placeholder there would break.
            username, secrets = secrets.split(USERNAME)
        tab = browser.open("about:blank", secrets=secrets)
        signed: bool | None = None
        if username is not None:
            judge.signing_in = True
            try:
                progress(f"signed in at {sign_in(tab, start, username)}")
            finally:
                judge.signing_in = False
            signed = True
        reader = _Reader(tab, out, state, signed)
        while state.queue and len(state.visited) < max_pages:
            reader.read_next(max_pages, progress)
            state.save(out / "explore.json")
            time.sleep(pace)
        held = [*tab.blocked, *(d.describe() for d in tab.decisions if not d.approved)]
    return reader.pages, tuple(dict.fromkeys(held))
