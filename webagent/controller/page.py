"""One look at the page: the observation, the site and state it is in, and what is permitted."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from webagent.actions import ACTIONS_BY_NAME
from webagent.controller import events as ev
from webagent.observation import Observation
from webagent.sites.classify import ACCOUNT_CONTROLS, Classification, Classifier
from webagent.sites.match import PageIndex
from webagent.sites.permissions import Permitted
from webagent.sites.profile import Profile, SiteInfo, State
from webagent.sites.profiles import detect_profile

_ACCOUNT = re.compile(r"<secret>\w*(user|login|account|e-?mail)\w*</secret>", re.IGNORECASE)
"""The placeholder of a run's account name (`<secret>username</secret>`, as `Secrets` shows
it), in what the page shows."""


@dataclass(frozen=True, slots=True)
class Page:
    observation: Observation
    profile: Profile | None
    state: State | None
    classification: Classification | None
    permitted: Permitted

    @property
    def url(self) -> str:
        return self.observation.url

    @property
    def title(self) -> str:
        return self.observation.title

    @property
    def site(self) -> SiteInfo | None:
        """The site the page is on, as its profile describes it (None without a profile)."""
        return self.profile.site if self.profile is not None else None

    @property
    def signed_in(self) -> str | None:
        """Whether the page shows the session signed in, as the model is told it ("yes (the
        page has link 'Log out')"), or None when the page does not say: read off the page,
        since a sidebar that says so scrolls out of view."""
        known = self.classification
        if known is None or known.signed_in is None:
            return self._account_shown()
        return f"{'yes' if known.signed_in else 'no'} ({known.signed_in_because})"

    def _account_shown(self) -> str | None:
        """Signed in, when the page neither offers to sign in nor to sign out but one of its
        controls bears the run's own account name (read through its placeholder: a user
        menu "alice" whose sign-out is folded inside it); else None."""
        for element in self.observation.elements:
            if element.role in ACCOUNT_CONTROLS and _ACCOUNT.search(element.name):
                return f"yes (the page shows the account's name: {element.role} {element.name!r})"
        return None

    def seen(self) -> ev.PageSeen:
        """The event that reports this page: where it is, its state and on what evidence."""
        known = self.classification
        return ev.PageSeen(
            self.url,
            self.title,
            self.profile.name if self.profile else "",
            self.state.name if self.state else None,
            known.decided if known else None,
            self.observation.text,
            known.confidence if known else None,
            known.evidence if known else (),
            known.signed_in if known else None,
            known.to_json() if known else None,
        )

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.observation.text.encode("utf-8")).hexdigest()[:16]


ANYTHING = Permitted("any", dict.fromkeys(ACTIONS_BY_NAME), {})
"""Every action on any element: the action space without site states."""


class PageReader:
    """Turns observations into `Page`s: with site states (LASER) or without."""

    def __init__(self, profile: Profile | None, classifier_model: object | None, states: bool):
        self._profile = profile
        self._model = classifier_model
        self._states = states
        self._classifiers: dict[str, Classifier] = {}

    def read(self, observation: Observation, task: str) -> Page:
        if not self._states:
            return Page(observation, self._profile, None, None, ANYTHING)
        profile = self._profile or detect_profile(PageIndex.of(observation))
        classifier = self._classifiers.get(profile.name)
        if classifier is None:
            classifier = Classifier(profile, self._model)  # type: ignore[arg-type]
            self._classifiers[profile.name] = classifier
        recorded = observation.classified
        if recorded is not None and recorded.get("site") == profile.name:
            classification = Classification.from_json(recorded)  # a replay: as recorded
        else:
            classification = classifier.classify(observation, task=task)
        state = profile.state(classification.state)
        permitted = Permitted.of(profile, state, observation, narrow=not classification.guess)
        return Page(observation, profile, state, classification, permitted)
