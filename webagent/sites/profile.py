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
    BeforeValidator,
    Field,
    ValidationError,
    model_validator,
)

from webagent.actions import ACTIONS_BY_NAME
from webagent.domains import parse_domain
from webagent.errors import ConfigError
from webagent.sites.rules import Match, Regex, Role, Strict


class ProfileError(ConfigError):
    """A site profile that cannot be used; the message names the file, state and field."""


ELEMENT_ACTIONS = frozenset({"click", "type", "hover", "select"})
DEFAULT_ALWAYS = ("goto", "scroll", "go_back", "note_down", "stop")


def _action(name: str) -> str:
    if name not in ACTIONS_BY_NAME:
        raise ValueError(f"unknown action {name!r} (known: {', '.join(ACTIONS_BY_NAME)})")
    return name


ActionName = Annotated[str, AfterValidator(_action)]


class ElementPattern(Strict):
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


class Permission(Strict):
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


class _Graded(Strict):
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


class Irreversible(Strict):
    """What must not happen without a person's yes."""

    controls: list[Control] = []
    requests: list[Endpoint] = []
    reversible: list[Endpoint] = []
    """Requests the generic lexicon would take for irreversible that, on this site, are not
    (a checkout step that only chooses shipping): the site knows better than the lexicon.
    They never exempt anything from the site's own rules."""


class State(Strict):
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


class SiteInfo(Strict):
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


class Profile(Strict):
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
