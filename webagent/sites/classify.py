"""Which state of its site a page is in: rules first, one `classify` query only when needed.

    classifier = Classifier(profile, client)          # client: a ModelClient, or None
    result = classifier.classify(observation)
    result.state, result.decided                     # "search_results", "rules"

Rules decide when exactly one state's rules hold, or when one of several has the highest
priority. When none or several (tied) hold, the model chooses among them (all states when
none held). Without a model the tie goes to the first in the profile, and a page no rule
recognises gets the profile's fallback state; `decided` says which way it went. Results are
cached per (URL, digest of the page's tree).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from webagent.llm.queries import Query
from webagent.observation import Observation
from webagent.sites.match import PageIndex, explain, rules_hold
from webagent.sites.profile import Profile, State

Decided = Literal["rules", "priority", "model", "fallback"]


class Asker(Protocol):
    """What the classifier needs of a model client (`webagent.llm.ModelClient` fits)."""

    def ask(self, query: Query[Any], **variables: Any) -> Any: ...


@dataclass(frozen=True, slots=True)
class Classification:
    """A page's state, and how it was decided."""

    site: str
    state: str
    decided: Decided
    candidates: tuple[str, ...]
    """The states whose rules held (empty when none did)."""
    reason: str
    cached: bool = False

    def describe(self) -> str:
        how = {
            "rules": "its rules alone hold",
            "priority": "highest priority among " + ", ".join(self.candidates),
            "model": "the model chose",
            "fallback": "the fallback",
        }[self.decided]
        return f"{self.site}/{self.state} ({how}{'; cached' if self.cached else ''})"


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
        page = PageIndex.of(observation)
        key = (page.url, page_digest(page))
        known = self._cache.get(key)
        if known is not None:
            return replace(known, cached=True)
        result = self._decide(page, observation, task)
        self._cache[key] = result
        return result

    def matching(self, page: PageIndex) -> list[State]:
        """The states whose rules all hold, in profile order."""
        return [s for s in self.profile.states if not s.match.empty and rules_hold(s.match, page)]

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
        page = PageIndex.of(observation)
        return {state.name: explain(state.match, page) for state in self.profile.states}
