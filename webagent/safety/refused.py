"""A refusal is not a puzzle to get around: once sending a form was not approved, sending the
same form another way is irreversible too.

    judge = RefusedForms(SiteJudge(profile))   # what a tab does with the judge it is given
    judge.refused(target)                      # after the gate refused an action on `target`

A model told "not done" after its click on 'Save page' (flagged irreversible by the model
alone) could press Enter in the page's summary field, flag that reversible, and send the very
same form: the site's judge had no reason of its own to stop it. `RefusedForms` remembers each
refused form (its method and the URL it is sent to) for the session, and adds a reason to
whatever the wrapped judge says about any action that may send it again (a click on one of
its buttons, Enter in one of its fields) and about any request to where it is sent, so the
gate decides them as it decided the first: under "deny" they are refused; under "ask" the
person is asked about each. Forms sent by GET (a search) change nothing and are never remembered.
"""

from __future__ import annotations

import threading

from webagent.actions import Action, Click
from webagent.observation import Observation
from webagent.safety.judge import RiskJudge
from webagent.safety.risk import MUTATING, Risk, Target, presses_enter


class RefusedForms:
    """A `RiskJudge` that judges like `judge`, plus: sending a form whose sending was refused
    earlier in the session is irreversible, whichever way it is sent."""

    def __init__(self, judge: RiskJudge) -> None:
        self.judge = judge
        """The judge asked first (the site's, or `CautiousJudge`)."""
        self._forms: dict[tuple[str, str], str] = {}  # (METHOD, URL) -> the element refused
        self._lock = threading.Lock()  # `request` is called from the proxy's threads too

    def refused(self, target: Target | None) -> None:
        """An action on `target` was not approved: if it belongs to a form sent by a mutating
        method, every later way of sending that form is irreversible."""
        form = target.form if target is not None else None
        if target is None or form is None or not form.action:
            return
        method = form.method.upper()
        if method not in MUTATING:
            return
        with self._lock:
            self._forms.setdefault((method, _bare(form.action)), _label(target))

    def saw(self, observation: Observation) -> None:
        self.judge.saw(observation)

    def action(
        self, action: Action, target: Target | None, url: str, *, flagged: bool = False
    ) -> Risk:
        risk = self.judge.action(action, target, url, flagged=flagged)
        form = target.form if target is not None else None
        if target is None or form is None:
            return risk
        sends = (isinstance(action, Click) and target.role == "button") or presses_enter(action)
        refused = self._refused(form.method, form.action) if sends else None
        if refused is None:
            return risk
        if refused == _label(target):  # the very element refused: no other way to name
            return risk if risk.irreversible else risk | Risk(("it was not approved before",))
        return risk | Risk((f"it sends the same form as {refused}, which was not approved",))

    def request(self, method: str, url: str, body: str = "") -> str | None:
        why = self.judge.request(method, url, body)
        if why is not None:
            return why
        refused = self._refused(method, url)
        return f"it sends the form of {refused}, which was not approved" if refused else None

    def undoable(self, method: str, url: str, body: str = "") -> str | None:
        if self._refused(method, url) is not None:
            return None  # irreversible (see `request`), not undoable
        return self.judge.undoable(method, url, body)

    def _refused(self, method: str, url: str) -> str | None:
        with self._lock:
            return self._forms.get((method.upper(), _bare(url)))


def _bare(url: str) -> str:
    """The URL without its fragment (never sent to the server)."""
    return url.split("#", 1)[0]


def _label(target: Target) -> str:
    return f"{target.role} '{target.name}'"
