"""Whether an action, or a request on the wire, cannot be undone on a known site: the
reversibility classifier, and the judge a browser session is given (`SiteJudge`).

    tab = browser.open(url, judge=SiteJudge(profile))  # that site's rules + the generic lexicon
    tab = browser.open(url, judge=SiteJudge())         # each origin's profile, detected
    rules = RiskRules.for_profile(profile)
    assess_action(action, target, rules, flagged=answer.irreversible)
    rules.request("POST", url, body)

Every signal is OR-ed: the site profile's irreversible controls and endpoints, the generic
lexicon (the generic profile's `[irreversible]` section: buy, place order, pay, delete, submit,
send, publish, book, subscribe, sign, agree, ...), the target's form (payment fields, a form
posting to an irreversible endpoint), a confirm-like button next to a price and a total, and
the caller's own flag. The flag (the model's judgement) can raise the risk, never lower it.
Pressing Enter in a form counts as submitting it.

Pure: the browser gathers the `Target` facts from the page (`webagent.safety.risk`), this
module decides.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from webagent.actions import Action, Click, Goto
from webagent.domains import origin_of
from webagent.observation import Observation
from webagent.observation.names import clip
from webagent.safety.risk import FLAGGED, MUTATING, FormFacts, Risk, Target, presses_enter
from webagent.sites.irreversible import control_rule
from webagent.sites.match import PageIndex
from webagent.sites.profile import Control, Endpoint, Grade, Profile
from webagent.sites.profiles import GENERIC, detect_profile, site_profile
from webagent.urls import location

# Fields that make a form a payment: autocomplete tokens, names, labels.
_PAYMENT_FIELD = re.compile(
    r"\bcc-(number|csc|exp)|card[\s_-]?(number|num\b|no\b)|credit[\s_-]?card|\bcvv2?\b|\bcvc2?\b"
    r"|security[\s_-]?code|\biban\b|routing[\s_-]?number|account[\s_-]?number",
    re.IGNORECASE,
)
# A button that only confirms whatever its container describes.
_CONFIRM_LIKE = re.compile(
    r"^\s*(confirm|ok|okay|yes|complete|finish|pay( now)?|continue|done|proceed)\s*[.!]?\s*$",
    re.IGNORECASE,
)
_PRICE = re.compile(r"[$€£¥]\s?\d|\d[\d.,]*\s?(usd|eur|gbp|\$|€|£)(?!\w)", re.IGNORECASE)
_CHARGE_WORDS = re.compile(
    r"\b(total|order total|you will be charged|charge[ds]?|pay(ment)?|purchase|buy(ing)?)\b",
    re.IGNORECASE,
)
_PURCHASE_LINK = re.compile(r"^\W*(buy|purchase|order now|pay)\b", re.IGNORECASE)
_FIELD_ROLES = frozenset(
    {
        "checkbox",
        "radio",
        "switch",
        "textbox",
        "searchbox",
        "combobox",
        "listbox",
        "option",
        "slider",
        "spinbutton",
        "tab",
        "treeitem",
    }
)


@dataclass(frozen=True, slots=True)
class RiskRules:
    """The irreversible controls and endpoints that apply on one site."""

    controls: tuple[Control, ...]
    site_requests: tuple[Endpoint, ...]
    """The site profile's own endpoint rules (site-wide and every state's)."""
    lexicon_requests: tuple[Endpoint, ...]
    """The generic lexicon's endpoint rules."""
    reversible: tuple[Endpoint, ...] = ()
    """Requests the site says the lexicon misjudges."""

    @classmethod
    def for_profile(cls, profile: Profile | None = None) -> RiskRules:
        """The profile's rules (site-wide and every state's) plus the generic lexicon."""
        generic = site_profile(GENERIC)
        site = profile if profile is not None and profile.site.name != GENERIC else None
        controls = [*_all(generic, "controls")]
        if site is not None:
            controls = [*_all(site, "controls"), *controls]
        return cls(
            controls=tuple(controls),
            site_requests=tuple(_all(site, "requests")) if site is not None else (),
            lexicon_requests=tuple(_all(generic, "requests")),
            reversible=tuple(_all(site, "reversible")) if site is not None else (),
        )

    def control(self, role: str, name: str, context: str | None = None) -> Consequence | None:
        """What clicking a control with this role and name (in a container with this text)
        would do that matters, or None. A form field (a checkbox, a text box, an option)
        only changes what the form will send: it is the form's submit that commits, and
        that is judged when it happens. The first rule that holds decides (the site's
        before the lexicon's, an undoable one before a broader irreversible one)."""
        if role in _FIELD_ROLES:
            return None
        rule = control_rule(list(self.controls), role, name, context)
        if rule is None and role not in ("button", "link"):
            # A custom widget acting as a button (a div with a click handler, an image).
            rule = control_rule(list(self.controls), "button", name, context)
        if rule is None:
            return None
        return Consequence(rule.grade, f"{role} '{name}': {rule.reason or rule.name}", rule.undo)

    def consequence(self, method: str, url: str, body: str = "") -> Consequence | None:
        """What a request would do that matters, or None. The site's rule decides; where
        it says undoable (or lists the URL as reversible), the lexicon's URL rules are set
        aside, never what the body shows (card details, a GraphQL mutation)."""
        method, path = method.upper(), location(url)
        site = _endpoint(self.site_requests, method, path, body)
        if site is not None and site.grade == "irreversible":
            return _consequence(site, method, path)
        exempt = site is not None or _endpoint(self.reversible, method, path, body) is not None
        lexicon = [r for r in self.lexicon_requests if not exempt or r.body_pattern]
        rule = _endpoint(lexicon, method, path, body)
        if rule is not None and rule.grade == "undoable":
            # An undoable URL does not make card details or a mutation in its body undoable.
            shown = [r for r in lexicon if r.body_pattern and r.grade == "irreversible"]
            rule = _endpoint(shown, method, path, body) or rule
        if rule is not None and rule.grade == "irreversible":
            return _consequence(rule, method, path)
        chosen = site or rule
        return _consequence(chosen, method, path) if chosen is not None else None

    def request(self, method: str, url: str, body: str = "") -> str | None:
        """Why a request is irreversible, or None."""
        found = self.consequence(method, url, body)
        return found.why if found is not None and found.grade == "irreversible" else None

    def undoable(self, method: str, url: str, body: str = "") -> str | None:
        """What an undoable request changes and how to take it back, or None."""
        found = self.consequence(method, url, body)
        return found.told() if found is not None and found.grade == "undoable" else None


@dataclass(frozen=True, slots=True)
class Consequence:
    """What one rule says an action or a request does: its grade, why, and (undoable) how
    to take it back."""

    grade: Grade
    why: str
    undo: str = ""

    def told(self) -> str:
        return f"{self.why}; undo: {self.undo}" if self.undo else self.why

    def risk(self) -> Risk:
        return Risk((self.why,)) if self.grade == "irreversible" else Risk((), (self.told(),))


def _consequence(rule: Endpoint, method: str, path: str) -> Consequence:
    shown = path if rule.grade == "irreversible" else clip(path, 80)  # a report's line
    return Consequence(rule.grade, f"{method} {shown}: {rule.reason or rule.url}", rule.undo)


def _all(profile: Profile, kind: str) -> Iterator[Any]:
    yield from getattr(profile.irreversible, kind)
    for state in profile.states:
        yield from getattr(state.irreversible, kind)


def _endpoint(rules: Iterable[Endpoint], method: str, path: str, body: str) -> Endpoint | None:
    for rule in rules:
        if method not in rule.method or not rule.url_pattern.search(path):
            continue
        if rule.body_pattern is None or rule.body_pattern.search(body):
            return rule
    return None


def assess_action(
    action: Action, target: Target | None, rules: RiskRules, *, flagged: bool = False, url: str = ""
) -> Risk:
    """How irreversible (or undoable) running `action` on `target`, on the page at `url`,
    would be."""
    risk = Risk((FLAGGED,)) if flagged else Risk()
    if isinstance(action, Goto):
        found = rules.consequence("GET", action.url)
        return risk | found.risk() if found is not None else risk
    if target is None:
        return risk
    where = _where(target, url)
    if isinstance(action, Click):
        return risk | _click_risk(target, rules, where)
    if presses_enter(action) and target.form is not None:
        risk = risk | _form_risk(target.form, rules, "pressing Enter submits ")
        if target.form.submits:
            found = rules.control("button", target.form.submits[0], where)
            if found is not None:
                risk = risk | _prefixed(found, "pressing Enter submits the form: ")
    return risk


def _prefixed(found: Consequence, prefix: str) -> Risk:
    return Consequence(found.grade, prefix + found.why, found.undo).risk()


def _where(target: Target, url: str) -> str:
    """What a control rule's `context` is matched against: the element's container, the
    page's path and its title (a "Remove" in a row of the page at /cart, "Shopping Cart")."""
    return "\n".join(part for part in (target.context, location(url) if url else "", target.page))


def _click_risk(target: Target, rules: RiskRules, where: str) -> Risk:
    reasons: list[str] = []
    found = rules.control(target.role, target.name, where)
    control = found.risk() if found is not None else Risk()
    reasons.extend(control.reasons)
    if (
        target.role == "link"
        and _PURCHASE_LINK.search(target.name)
        and _PRICE.search(target.context)
    ):
        reasons.append(f"link '{target.name}': a purchase link next to a price")
    if (
        _CONFIRM_LIKE.search(target.name)
        and _PRICE.search(target.context)
        and _CHARGE_WORDS.search(target.context)
    ):
        reasons.append(f"{target.role} '{target.name}': confirms a charge shown next to it")
    risk = Risk(tuple(reasons), control.undoable)
    if target.submits_form and target.form is not None:
        form = _form_risk(target.form, rules, "submits ")
        # One change told once: the control's own words, else what its form sends.
        risk = risk | Risk(form.reasons, () if risk.undoable else form.undoable)
    if target.role == "link" and target.href:
        found = rules.consequence("GET", target.href)
        if found is not None:
            risk = risk | _prefixed(found, f"link '{target.name}' opens ")
    return risk


def _form_risk(form: FormFacts, rules: RiskRules, prefix: str) -> Risk:
    risk = Risk()
    payment = [field for field in form.fields if _PAYMENT_FIELD.search(field)]
    if payment:
        risk = risk | Risk((f"{prefix}a form with payment fields ({payment[0].strip()})",))
    method = form.method.upper()
    if method in MUTATING and form.action:
        found = rules.consequence(method, form.action)
        if found is not None:
            risk = risk | _prefixed(found, f"{prefix}a form to ")
    return risk


class SiteJudge:
    """The site-aware `RiskJudge` for one browser session: `RiskRules` for the page's site.

    Given a profile, that site's rules apply everywhere; without one, each origin's profile is
    detected from the first page the session shows from it (`saw`), and an origin not yet seen
    gets the generic lexicon alone. The generic lexicon always applies.
    """

    def __init__(self, profile: Profile | None = None) -> None:
        self._profile = profile
        self._profiles: dict[str, Profile] = {}  # detected, by origin
        self._rules: dict[str, RiskRules] = {}  # by profile name

    def saw(self, observation: Observation) -> None:
        """Detect the site of an origin not seen before (unless the profile was given)."""
        origin = origin_of(observation.url)
        if self._profile is None and origin not in self._profiles and origin:
            self._profiles[origin] = detect_profile(PageIndex.of(observation))

    def rules_for(self, url: str) -> RiskRules:
        """The irreversible controls and requests that apply at `url`: the given profile, or
        the one detected for that origin, plus the generic lexicon."""
        profile = self._profile or self._profiles.get(origin_of(url))
        key = profile.site.name if profile is not None else ""
        if key not in self._rules:
            self._rules[key] = RiskRules.for_profile(profile)
        return self._rules[key]

    def action(
        self, action: Action, target: Target | None, url: str, *, flagged: bool = False
    ) -> Risk:
        """How irreversible running `action` on `target`, on the page at `url`, would be."""
        return assess_action(action, target, self.rules_for(url), flagged=flagged, url=url)

    def request(self, method: str, url: str, body: str = "") -> str | None:
        """Why a request is irreversible by the rules at its own URL, or None."""
        return self.rules_for(url).request(method, url, body)

    def undoable(self, method: str, url: str, body: str = "") -> str | None:
        """What an undoable request changes and how to take it back, or None."""
        return self.rules_for(url).undoable(method, url, body)
