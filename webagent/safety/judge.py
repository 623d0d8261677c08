"""Who decides what cannot be undone: the `RiskJudge` a browser session is told to use.

    tab = browser.open(url, judge=SiteJudge(profile))   # webagent.sites.risk: the site's rules
    tab = browser.open(url)                             # the browser's default: CautiousJudge

The browser layer knows no sites: it shows the judge every page it observes (`saw`), asks it
about every action before it runs (`action`) and every request before it leaves (`request`),
and applies the answer through the confirmation gate and the network guard. The judge is
injected, so the site-aware one (`webagent.sites.risk.SiteJudge`) lives with the site profiles
it reads, above the browser.

`CautiousJudge` needs no site knowledge and is what a browser uses when told nothing: every
change counts as irreversible. A library user who never heard of site profiles still never
buys anything unasked; the price is that signing in or adding to a cart asks too.
"""

from __future__ import annotations

from typing import Protocol

from webagent.actions import Action, Click
from webagent.observation import Observation
from webagent.safety.risk import FLAGGED, MUTATING, Risk, Target, presses_enter
from webagent.urls import location


class RiskJudge(Protocol):
    """Judges what a session is about to do. One judge serves one session (it may learn from
    that session's pages); `request` is also called from the network proxy's threads."""

    def saw(self, observation: Observation) -> None:
        """A page the session observed (the judge may learn from it which site it is on)."""
        ...

    def action(
        self, action: Action, target: Target | None, url: str, *, flagged: bool = False
    ) -> Risk:
        """How irreversible running `action` on `target`, on the page at `url`, would be.
        `flagged`: the caller (the model) judges it irreversible; that raises the risk,
        nothing lowers it."""
        ...

    def request(self, method: str, url: str, body: str = "") -> str | None:
        """Why sending this request cannot be undone, or None when it can."""
        ...

    def undoable(self, method: str, url: str, body: str = "") -> str | None:
        """What this request changes that the page lets a person take back, and how ("...;
        undo: ..."), or None (it changes nothing that matters, or it cannot be undone)."""
        ...


class CautiousJudge:
    """The judge without site knowledge: every change is irreversible.

    Every mutating request (POST, PUT, PATCH, DELETE) is irreversible, and so is every click
    on a form's submit button, and every Enter in a form, when the form's method is mutating;
    the caller's flag raises the risk; GETs (navigations, links, search forms) are fine.
    """

    def saw(self, observation: Observation) -> None:
        """Nothing to learn: every site is judged alike."""

    def action(
        self, action: Action, target: Target | None, url: str, *, flagged: bool = False
    ) -> Risk:
        risk = Risk((FLAGGED,)) if flagged else Risk()
        form = target.form if target is not None else None
        if target is None or form is None or form.method.upper() not in MUTATING:
            return risk
        sends = f"a {form.method.upper()} form"
        if form.action:
            sends += f" to {location(form.action)}"
        if isinstance(action, Click) and target.submits_form:
            why = f"{target.role} '{target.name}' submits {sends}"
        elif presses_enter(action):
            why = f"pressing Enter submits {sends}"
        else:
            return risk
        return risk | Risk((f"{why}, and without site knowledge every change is irreversible",))

    def undoable(self, method: str, url: str, body: str = "") -> str | None:
        """Nothing is known to be undoable without site knowledge."""
        return None

    def request(self, method: str, url: str, body: str = "") -> str | None:
        method = method.upper()
        if method not in MUTATING:
            return None
        return f"{method} {location(url)}: without site knowledge every change is irreversible"
