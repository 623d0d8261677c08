"""Which state of its site a page is in: rules first, one `classify` query only when needed.

    classifier = Classifier(profile, client)          # client: a ModelClient, or None
    result = classifier.classify(observation)
    result.state, result.decided                     # "search_results", "rules"
    result.confidence, result.evidence               # "high", ("URL matches /search/", ...)

Rules decide when exactly one state's rules hold, or when one of several has the highest
priority. A state's URL rules and its page rules (status, nodes, text) must agree; when no
state's rules hold whole but some state's page rules hold while its URL rules do not, the
page wins (an order's page reached through the orders grid's URL is an order's page). When
nothing holds or several states tie, the model chooses among them (all states when none
held). Without a model the tie goes to the first in the profile, and a page no rule
recognises gets the profile's fallback state; `decided` says which way it went.

Every classification carries its evidence (what the rules found on the page) and a
confidence: high when one state's rules alone hold, medium when priorities, the page over
the URL, or the model settled it among states whose rules held, low for a guess (the
fallback, or the model choosing among all states). Only a confident classification by a
site's own profile may narrow the actions (`webagent.sites.permissions`). Whether the
session is signed in is read off the page too (`signed_in`). Results are cached per (URL,
digest of the page's tree).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from webagent.llm.queries import Query
from webagent.observation import Observation
from webagent.observation.names import clip
from webagent.sites.match import (
    PageIndex,
    evidence,
    explain,
    page_rules_hold,
    rules_hold,
    url_rules_hold,
)
from webagent.sites.profile import Profile, State

Decided = Literal["rules", "priority", "page", "model", "fallback"]
Confidence = Literal["high", "medium", "low"]


class Asker(Protocol):
    """What the classifier needs of a model client (`webagent.llm.ModelClient` fits)."""

    def ask(self, query: Query[Any], **variables: Any) -> Any: ...


@dataclass(frozen=True, slots=True)
class Classification:
    """A page's state, how it was decided, and on what evidence."""

    site: str
    state: str
    decided: Decided
    candidates: tuple[str, ...]
    """The states whose rules held (empty when none did)."""
    reason: str
    cached: bool = False
    evidence: tuple[str, ...] = ()
    """What the chosen state's rules found on the page (empty for a guess)."""
    signed_in: bool | None = None
    """Whether the page shows the session signed in (None: it does not say)."""
    signed_in_because: str = ""

    @property
    def confidence(self) -> Confidence:
        if self.decided == "rules":
            return "high"
        if self.decided in ("priority", "page") or (self.decided == "model" and self.candidates):
            return "medium"
        return "low"

    @property
    def guess(self) -> bool:
        """Whether the state is a guess (the fallback, or the model choosing with no rule
        to go on): a guess advises but never narrows what may be done."""
        return self.confidence == "low"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: what a recording keeps of each page's classification."""
        return {
            "site": self.site,
            "state": self.state,
            "decided": self.decided,
            "candidates": list(self.candidates),
            "reason": self.reason,
            "evidence": list(self.evidence),
            "signed_in": self.signed_in,
            "signed_in_because": self.signed_in_because,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Classification:
        """The classification `to_json` wrote (a replay gives the recorded one back)."""
        return cls(
            site=str(data["site"]),
            state=str(data["state"]),
            decided=data["decided"],
            candidates=tuple(data.get("candidates", ())),
            reason=str(data.get("reason", "")),
            evidence=tuple(data.get("evidence", ())),
            signed_in=data.get("signed_in"),
            signed_in_because=str(data.get("signed_in_because", "")),
        )

    def describe(self) -> str:
        how = {
            "rules": "its rules alone hold",
            "priority": "highest priority among " + ", ".join(self.candidates),
            "page": "its page rules hold, though its URL rules do not: the page wins",
            "model": "the model chose",
            "fallback": "the fallback",
        }[self.decided]
        cached = "; cached" if self.cached else ""
        return f"{self.site}/{self.state} ({how}; {self.confidence} confidence{cached})"


@dataclass(frozen=True, slots=True)
class StateChoice:
    """The model's answer to `classify`."""

    state: str
    reason: str


def classify_query(states: list[State]) -> Query[StateChoice]:
    """The `classify` query over `states`: its answer must name one of them."""
    names = [state.name for state in states]

    def read(data: Any) -> StateChoice:
        if not isinstance(data, dict) or not isinstance(data.get("state"), str):
            raise ValueError('answer {"state": NAME, "reason": TEXT}')
        if data["state"] not in names:
            raise ValueError(f"state {data['state']!r} is not one of {', '.join(names)}")
        return StateChoice(data["state"], str(data.get("reason") or ""))

    schema = {
        "type": "object",
        "properties": {"state": {"type": "string", "enum": names}, "reason": {"type": "string"}},
        "required": ["state", "reason"],
        "additionalProperties": False,
    }
    return Query(name="classify", template="classify", mode="json", read=read, schema=schema)


def page_digest(page: PageIndex) -> str:
    """A digest of everything the rules look at except the URL."""
    text = "\n".join(f"{role}\t{label}" for role, label in page.nodes)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class Classifier:
    """Classifies pages into one profile's states; keeps a cache."""

    def __init__(self, profile: Profile, client: Asker | None = None) -> None:
        self.profile = profile
        self._client = client
        self._cache: dict[tuple[str, str], Classification] = {}

    def classify(self, observation: Observation, *, task: str = "") -> Classification:
        # A profile that knows its site has states for its pop-ups; the generic one judges
        # what is in front: a sign-in dialog over the home page is a sign-in page.
        page = PageIndex.of(observation, in_front=self.profile.site.advisory)
        key = (page.url, f"{page.status}:{page_digest(page)}")
        known = self._cache.get(key)
        if known is not None:
            return replace(known, cached=True)
        result = self._decide(page, observation, task)
        if result.state in result.candidates:  # its rules (or its page rules) held
            found = tuple(evidence(self.profile.state(result.state).match, page))
            result = replace(result, evidence=found)
        signed, because = signed_in(page)
        result = replace(result, signed_in=signed, signed_in_because=because)
        self._cache[key] = result
        return result

    def matching(self, page: PageIndex) -> list[State]:
        """The states whose rules all hold, in profile order."""
        return [s for s in self.profile.states if not s.match.empty and rules_hold(s.match, page)]

    def page_over_url(self, page: PageIndex) -> list[State]:
        """When the URL says one state and the page denies it (that state's URL rules hold,
        its page rules do not), the states whose page rules hold though their URL rules do
        not, in profile order; else none."""
        both = [s for s in self.profile.states if s.match.has_page and s.match.has_url]
        if not any(
            url_rules_hold(s.match, page) and not page_rules_hold(s.match, page) for s in both
        ):
            return []
        return [
            s for s in both if page_rules_hold(s.match, page) and not url_rules_hold(s.match, page)
        ]

    def _decide(self, page: PageIndex, observation: Observation, task: str) -> Classification:
        site = self.profile.name
        held = self.matching(page)
        names = tuple(state.name for state in held)
        if len(held) == 1:
            return Classification(site, held[0].name, "rules", names, "its rules hold")
        if held:
            top = max(state.priority for state in held)
            best = [state for state in held if state.priority == top]
            if len(best) == 1:
                reason = f"rules of {', '.join(names)} hold; it has the highest priority"
                return Classification(site, best[0].name, "priority", names, reason)
            held = best
        else:
            by_page = self.page_over_url(page)
            if by_page:
                best_page = max(by_page, key=lambda state: state.priority)  # first of a tie
                names = tuple(state.name for state in by_page)
                reason = (
                    f"no state's rules hold whole; the page rules of {', '.join(names)} hold "
                    "where their URL rules do not"
                )
                return Classification(site, best_page.name, "page", names, reason)
        options = held or list(self.profile.states)
        if self._client is not None:
            choice: StateChoice = self._client.ask(
                classify_query(options),
                site=self.profile.site,
                states=options,
                task=task,
                url=observation.url,
                title=observation.title,
                observation=observation.text,
            )
            return Classification(site, choice.state, "model", names, choice.reason)
        if held:
            reason = f"rules of {', '.join(names)} hold equally; no model to choose: the first"
            return Classification(site, held[0].name, "fallback", names, reason)
        fallback = self.profile.site.fallback
        return Classification(site, fallback, "fallback", (), "no state's rules hold")

    def why_not(self, observation: Observation) -> dict[str, list[str]]:
        """For each state, the rules that do not hold on this page (for `sites check`)."""
        page = PageIndex.of(observation, in_front=self.profile.site.advisory)
        return {state.name: explain(state.match, page) for state in self.profile.states}


SIGN_OUT = re.compile(r"^\W*(log|sign) ?(out|off)\b|^\W*logout\b", re.IGNORECASE)
"""A control that signs the visitor out (its name)."""
_SIGNED_IN_TEXT = re.compile(
    r"\b(logged|signed) in as\b|\byou are (now )?(logged|signed) in\b|\byou are authenticated as\b",
    re.IGNORECASE,
)
_SIGNED_OUT_TEXT = re.compile(
    r"^\W*(you are |you're )?(currently )?not (logged|signed) in\W*$"
    r"|^\W*you (are|have been) (now )?(logged|signed) out\b",
    re.IGNORECASE,
)
"""A line saying the visitor is not signed in ("Not Logged In" on the user menu), all of it:
"hidden from users who are not logged in" is about others."""
_SAYING_WORDS = 20
"""The most words of a sentence that says whether the visitor is signed in ("Logged in as
alice", "Not Logged In"): in a longer one (a help page explaining what to do "while you are
logged in") the words describe, they do not tell."""
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_SIGN_IN = re.compile(r"^\W*((log|sign) ?(in|on)|login)\b", re.IGNORECASE)
ACCOUNT_CONTROLS = frozenset({"link", "button", "menuitem"})
"""Roles of the controls whose names tell whether the visitor is signed in (a sign-out link, a
user menu named with the account)."""


def signed_in(page: PageIndex) -> tuple[bool | None, str]:
    """Whether the page shows its visitor signed in, and why: a sign-out control or a short
    "logged in as" line says yes; a sign-in control or a "not logged in" line, with neither,
    says no; else None."""
    sign_in = ""
    for role, label in page.nodes:
        if role in ACCOUNT_CONTROLS and SIGN_OUT.search(label):
            return True, f"the page has {role} {clip(label, 40)!r}"
        sentences = [s for s in _SENTENCE_END.split(label) if len(s.split()) <= _SAYING_WORDS]
        if any(_SIGNED_IN_TEXT.search(s) for s in sentences):
            return True, f"the page says {clip(label, 40)!r}"
        if sign_in:
            continue
        if role in ACCOUNT_CONTROLS and _SIGN_IN.search(label):
            sign_in = f"the page offers {role} {clip(label, 40)!r} and no sign-out"
        elif any(_SIGNED_OUT_TEXT.search(s) for s in sentences):
            sign_in = f"the page says {clip(label, 40)!r} and offers no sign-out"
    return (False, sign_in) if sign_in else (None, "")
