"""Site profiles: LASER's state space as data, one `sites/<site>/profile.toml` per site.

A profile names the site, says how to recognise it, and lists its page states. Each state
has what the model reads there (description, instructions), rules that recognise it (URL
patterns and landmarks in the observation), the actions permitted there (optionally only on
elements matching role/name patterns), the usual next states, and the controls and requests
that are irreversible. A minimal profile::

    [site]
    name = "demo_shop"
    description = "A Magento-like web shop."

    [site.match]
    any = [{ role = "link", name = "One Stop Market" }]

    [[states]]
    name = "product"
    description = "One product's page."
    instructions = "Check the options the task asks for before adding to the cart."
    next = ["cart"]
    match = { url = ["\\\\.html$"], all = [{ role = "button", name = "^Add to Cart$" }] }
    actions = [{ types = ["click"], elements = [{ role = "button" }] }]

Consequences live in `[irreversible]` (site-wide, or a state's): `controls` (role and name
patterns, optionally a `context` pattern the element's row, the page's path or its title
must match) and `requests` (method and URL pattern, optionally a body pattern), each with a
`reason`; a rule is irreversible unless it says `grade = "undoable"`, and then it must say
how to take it back (`undo`). The first rule that holds decides, the site's before the
generic lexicon's; `reversible` lists requests the lexicon misjudges on this site
(`sites/demo_shop/profile.toml` has every kind).

Patterns are Python regular expressions, searched case-insensitively; a role is an exact ARIA
role. Loading validates everything and a `ProfileError` names the file, the state and the
field at fault.
"""

from __future__ import annotations

import re
import tomllib
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)

from webagent.actions import ACTIONS_BY_NAME
from webagent.domains import parse_domain
from webagent.errors import ConfigError
from webagent.observation.roles import ARIA_ROLES


class ProfileError(ConfigError):
    """A site profile that cannot be used; the message names the file, state and field."""


ELEMENT_ACTIONS = frozenset({"click", "type", "hover", "select"})
DEFAULT_ALWAYS = ("goto", "scroll", "go_back", "note_down", "stop")


def _regex(pattern: str) -> str:
    try:
        re.compile(pattern)
    except re.error as error:
        raise ValueError(f"not a regular expression: {pattern!r} ({error})") from None
    return pattern


def _role(role: str) -> str:
    if role not in ARIA_ROLES:
        close = sorted(r for r in ARIA_ROLES if r.startswith(role[:3]))
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise ValueError(f"unknown ARIA role {role!r}{hint}")
    return role


def _action(name: str) -> str:
    if name not in ACTIONS_BY_NAME:
        raise ValueError(f"unknown action {name!r} (known: {', '.join(ACTIONS_BY_NAME)})")
    return name


Regex = Annotated[str, AfterValidator(_regex)]
Role = Annotated[str, AfterValidator(_role)]
ActionName = Annotated[str, AfterValidator(_action)]


class _Strict(BaseModel):
    """Unknown keys are mistakes (a misspelt `instructions` must not be ignored)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Landmark(_Strict):
    """Something on the page: a node with this role and/or a name matching `name`, or page
    text matching `text`. `min` asks for at least that many such nodes."""

    role: Role | None = None
    name: Regex | None = None
    text: Regex | None = None
    min: int = Field(default=1, ge=1)
    within: Literal["page", "content"] = "page"
    """Where to look: the whole page, or only its content (its `main` landmark when it has
    one, else all but navigation, banners, footers and sidebars): a search box in a site's
    header is not what the page is about."""

    @model_validator(mode="after")
    def _something(self) -> Landmark:
        if self.role is None and self.name is None and self.text is None:
            raise ValueError("a landmark needs a role, a name or a text pattern")
        if self.text is not None and (self.role is not None or self.name is not None):
            raise ValueError("a text landmark takes no role or name (use two landmarks)")
        return self

    @cached_property
    def name_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.name, re.IGNORECASE) if self.name is not None else None

    @cached_property
    def text_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.text, re.IGNORECASE) if self.text is not None else None

    def describe(self) -> str:
        if self.text is not None:
            return f"text /{self.text}/"
        parts = [self.role or "any role"]
        if self.name is not None:
            parts.append(f"/{self.name}/")
        if self.min > 1:
            parts.append(f"x{self.min}+")
        if self.within == "content":
            parts.append("in the content")
        return " ".join(parts)


class Content(_Strict):
    """How much the page's content holds, and how much of it is links: the page's `main`
    landmark when it has one, else everything outside navigation, banners, footers and
    sidebars. `words` counts words outside links; `link_share` is the share of all words
    that are in links (an index page is mostly links, an article mostly not); `prose` counts
    words in paragraphs; `items` are its repeated entries (the most siblings of one kind that
    each hold a link and a few words: list entries, table rows, cards)."""

    words_min: int | None = Field(default=None, ge=0)
    words_max: int | None = Field(default=None, ge=0)
    link_share_min: float | None = Field(default=None, ge=0, le=1)
    link_share_max: float | None = Field(default=None, ge=0, le=1)
    prose_min: int | None = Field(default=None, ge=0)
    """Words in paragraphs (running text, not table cells, list items or labels)."""
    prose_max: int | None = Field(default=None, ge=0)
    items_min: int | None = Field(default=None, ge=0)
    """Items of one kind side by side, each holding a link (list entries, table rows, cards)."""
    item_share_min: float | None = Field(default=None, ge=0, le=1)
    """The least share of the content's words inside those items."""
    item_share_max: float | None = Field(default=None, ge=0, le=1)
    """The most share of the content's words inside those items (not a list of entries)."""
    records_min: int | None = Field(default=None, ge=0)
    """Rows of facts under one data table's header row (a table of records)."""
    records_max: int | None = Field(default=None, ge=0)

    def describe(self) -> str:
        parts = []
        if self.prose_min is not None:
            parts.append(f">= {self.prose_min} words of prose")
        if self.prose_max is not None:
            parts.append(f"<= {self.prose_max} words of prose")
        if self.words_min is not None:
            parts.append(f">= {self.words_min} words")
        if self.words_max is not None:
            parts.append(f"<= {self.words_max} words")
        if self.link_share_min is not None:
            parts.append(f">= {self.link_share_min:.0%} links")
        if self.link_share_max is not None:
            parts.append(f"<= {self.link_share_max:.0%} links")
        if self.items_min is not None:
            parts.append(f">= {self.items_min} linked items")
        if self.item_share_min is not None:
            parts.append(f">= {self.item_share_min:.0%} of words in them")
        if self.records_min is not None:
            parts.append(f">= {self.records_min} rows of a data table")
        if self.records_max is not None:
            parts.append(f"<= {self.records_max} rows of a data table")
        if self.item_share_max is not None:
            parts.append(f"<= {self.item_share_max:.0%} of words in linked items")
        return "content " + ", ".join(parts)


class Match(_Strict):
    """Recognition rules; every rule given must hold. `url` patterns are searched in the
    URL's path, query and fragment (the host differs between deployments); one must match.
    `all` landmarks must all be present, at least one of `any`, none of `none`. `either`
    holds alternative rule sets, one of which must hold too (e.g. a site recognised by its
    URL or by its logo)."""

    url: list[Regex] = []
    url_not: list[Regex] = []
    status: Regex | None = None
    """A pattern the HTTP status of the page's document must match (`'^[45]'`: an error
    status); it never holds on a page whose status is unknown."""
    content: Content | None = None
    """How much content the page has and how much of it is links."""
    all: list[Landmark] = []
    any: list[Landmark] = []
    none: list[Landmark] = []
    either: list[Match] = []

    @property
    def empty(self) -> bool:
        return not (self.has_url or self.has_page or self.none)

    @property
    def has_url(self) -> bool:
        """Whether there are URL rules."""
        return bool(self.url or self.url_not)

    @property
    def has_page(self) -> bool:
        """Whether there is positive evidence to find in the page itself (a status, nodes,
        text): `none` alone only rules pages out."""
        return bool(self.status or self.content or self.all or self.any or self.either)

    @cached_property
    def url_patterns(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(p, re.IGNORECASE) for p in self.url)

    @cached_property
    def url_not_patterns(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(p, re.IGNORECASE) for p in self.url_not)

    @cached_property
    def status_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.status) if self.status is not None else None


class ElementPattern(_Strict):
    """Elements an action may target: role and/or name pattern."""

    role: Role | None = None
    name: Regex | None = None

    @model_validator(mode="after")
    def _something(self) -> ElementPattern:
        if self.role is None and self.name is None:
            raise ValueError("an element pattern needs a role or a name")
        return self

    @cached_property
    def name_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.name, re.IGNORECASE) if self.name is not None else None

    def describe(self) -> str:
        role = self.role or "element"
        return f"{role} /{self.name}/" if self.name is not None else role


class Permission(_Strict):
    """Action types permitted in a state; element actions may be limited to `elements`.
    `purpose` says what the permission is for (shown to the model)."""

    types: list[ActionName] = Field(min_length=1)
    elements: list[ElementPattern] = []
    purpose: str = ""

    @model_validator(mode="after")
    def _elements_need_targets(self) -> Permission:
        if self.elements:
            untargeted = [t for t in self.types if t not in ELEMENT_ACTIONS]
            if untargeted:
                raise ValueError(
                    f"elements limit only element actions ({', '.join(sorted(ELEMENT_ACTIONS))}), "
                    f"not {', '.join(untargeted)}"
                )
        return self


Grade = Literal["irreversible", "undoable"]
"""A consequence: *irreversible* (money moves, an order is made, something is sent or
published to other people, data is destroyed with no undo, an account or permission
changes) needs a person's yes; *undoable* (the page itself offers the inverse: remove from a
cart and add back, unfollow and follow, a toggle) runs and is reported with its inverse."""


class _Graded(_Strict):
    grade: Grade = "irreversible"
    undo: str = ""
    """How to take it back (undoable rules must say): "add the item to the cart again"."""

    @model_validator(mode="after")
    def _undo_told(self) -> _Graded:
        if self.grade == "undoable" and not self.undo.strip():
            raise ValueError("an undoable rule must say how it is undone (`undo`)")
        return self


class Control(_Graded):
    """A control whose click has a consequence: role and/or name pattern (e.g. button
    /^place order$/), and optionally a pattern its container's text must match (a "Remove"
    in a cart's row, not any Remove)."""

    role: Role | None = None
    name: Regex = Field(min_length=1)
    context: Regex | None = None
    reason: str = ""

    @cached_property
    def name_pattern(self) -> re.Pattern[str]:
        return re.compile(self.name, re.IGNORECASE)

    @cached_property
    def context_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.context, re.IGNORECASE) if self.context else None


Method = Literal["GET", "POST", "PUT", "PATCH", "DELETE"]


def _one_or_more(value: object) -> object:
    return [value] if isinstance(value, str) else value


class Endpoint(_Graded):
    """A request with a consequence: HTTP method(s) and a pattern searched in the URL's
    path+query. GET is allowed for the applications that change things on a GET."""

    method: Annotated[list[Method], BeforeValidator(_one_or_more), Field(min_length=1)]
    """One method (`"POST"`) or several (`["PUT", "PATCH"]`)."""
    url: Regex = Field(min_length=1)
    body: Regex | None = None
    """If given, the rule holds only for requests whose body matches it too (a GraphQL
    mutation, a form carrying card details): some endpoints do everything."""
    reason: str = ""

    @cached_property
    def url_pattern(self) -> re.Pattern[str]:
        return re.compile(self.url, re.IGNORECASE)

    @cached_property
    def body_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.body, re.IGNORECASE) if self.body else None


class Irreversible(_Strict):
    """What must not happen without a person's yes."""

    controls: list[Control] = []
    requests: list[Endpoint] = []
    reversible: list[Endpoint] = []
    """Requests the generic lexicon would take for irreversible that, on this site, are not
    (a checkout step that only chooses shipping): the site knows better than the lexicon.
    They never exempt anything from the site's own rules."""


class State(_Strict):
    """One kind of page of a site."""

    name: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    description: str = Field(min_length=1)
    instructions: str = Field(min_length=1)
    match: Match = Match()
    priority: int = 0
    """When several states' rules match, the one with the highest priority wins; a tie goes
    to the model (or, without one, to the earliest in the file)."""
    actions: list[Permission] = []
    next: list[str] = []
    candidate: bool = False
    """Pages of this state are candidates for the task's answer (LASER's examined items,
    e.g. a product page): leaving one unchosen puts it in the memory buffer."""
    irreversible: Irreversible = Irreversible()


def _domain(value: str) -> str:
    try:
        parse_domain(value)
    except ConfigError as error:
        raise ValueError(str(error)) from error
    return value


class SiteInfo(_Strict):
    """The site as a whole."""

    name: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    description: str = Field(min_length=1)
    webarena: str | None = None
    """The WebArena site this profile is for (`shopping`, `gitlab`, ...), if any."""
    match: Match = Match()
    """How to tell a page belongs to the site (URL of any host, or landmarks)."""
    priority: int = 0
    """When several sites match a page, the highest priority wins."""
    always: list[ActionName] = list(DEFAULT_ALWAYS)
    """Actions permitted in every state (besides each state's own); `stop` always is."""
    advisory: bool = False
    """States only advise: every action stays permitted on every page (the generic profile,
    which knows no site well enough to rule anything out). A profile written for its site
    leaves this false, and its states narrow the actions where their rules matched."""
    fallback: str
    """The state a page gets when no state's rules match and no model is asked."""
    domains: list[Annotated[str, AfterValidator(_domain)]] = []
    """Hosts besides the start page's that the site needs (a payment provider, a CDN):
    with the domain allowlist on, `webagent run` allows them too."""


class Profile(_Strict):
    """A validated site profile."""

    site: SiteInfo
    states: list[State] = Field(min_length=1)
    irreversible: Irreversible = Irreversible()
    """Irreversible controls and requests anywhere on the site."""

    @model_validator(mode="after")
    def _consistent(self) -> Profile:
        # Errors raised here have no location of their own: each message names its field
        # (and state) in the same `state 'name': field: problem` form `_explain` writes.
        names = [state.name for state in self.states]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise ValueError(f"states: duplicate state names: {', '.join(duplicates)}")
        known = set(names)
        if self.site.fallback not in known:
            raise ValueError(
                f"site.fallback: {self.site.fallback!r} is not a state (states: {', '.join(names)})"
            )
        for state in self.states:
            unknown = [n for n in state.next if n not in known]
            if unknown:
                raise ValueError(
                    f"state {state.name!r}: next: unknown state(s) {', '.join(unknown)} "
                    f"(states: {', '.join(names)})"
                )
            if state.match.empty and state.name != self.site.fallback:
                raise ValueError(
                    f"state {state.name!r}: match: no rules (only the fallback state, "
                    f"{self.site.fallback!r}, may have none)"
                )
        return self

    @property
    def name(self) -> str:
        return self.site.name

    def state(self, name: str) -> State:
        for state in self.states:
            if state.name == name:
                return state
        raise KeyError(name)


def parse_profile(text: str, source: str = "<profile>") -> Profile:
    """Validate a profile's TOML text; `ProfileError` names `source`, state and field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(f"{source}: not valid TOML: {error}") from error
    try:
        return Profile.model_validate(data)
    except ValidationError as error:
        raise ProfileError(f"{source}: {_explain(error, data)}") from error


def load_profile(path: str | Path) -> Profile:
    """Read and validate `path`; `ProfileError` for anything wrong."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ProfileError(f"cannot read profile {path}: {error.strerror}") from error
    return parse_profile(text, str(path))


def _explain(error: ValidationError, data: object) -> str:
    """Each problem as `state 'name': field.path: message`, at most five."""
    lines = []
    for problem in error.errors()[:5]:
        location = list(problem["loc"])
        where = ""
        if len(location) >= 2 and location[0] == "states" and isinstance(location[1], int):
            where = f"state {_state_name(data, location[1])}: "
            location = location[2:]
        field = ".".join(str(part) for part in location)
        message = problem["msg"].removeprefix("Value error, ")
        if problem["type"] == "extra_forbidden":
            message = "unknown field (misspelt?)"
        elif problem["type"] == "missing":
            message = "required field missing"
        # A whole-profile check names its own state and field in its message.
        lines.append(f"{where}{field}: {message}" if field else f"{where}{message}")
    more = len(error.errors()) - len(lines)
    if more > 0:
        lines.append(f"and {more} more")
    return "; ".join(lines)


def _state_name(data: object, index: int) -> str:
    states = data.get("states") if isinstance(data, dict) else None
    if isinstance(states, list) and index < len(states) and isinstance(states[index], dict):
        name = states[index].get("name")
        if isinstance(name, str):
            return repr(name)
    return f"#{index + 1}"
