"""What a site profile marks irreversible: controls on a page and requests on the wire.

    irreversible_controls(profile, state, observation)   # the page's controls to ask about
    irreversible_request(profile, "POST", url)           # the endpoint rule it hits, or None

The safety gate and the network guard use these; `webagent sites check` shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from webagent.observation import Element, Observation
from webagent.sites.match import element_matches
from webagent.sites.profile import Control, Endpoint, Grade, Profile, State
from webagent.urls import location


@dataclass(frozen=True, slots=True)
class IrreversibleControl:
    """A control on the page that the profile gives a consequence: irreversible, or
    undoable (with how to take it back)."""

    element: Element
    reason: str
    grade: Grade = "irreversible"
    undo: str = ""


def graded_controls(
    profile: Profile, state: State | None, observation: Observation
) -> tuple[IrreversibleControl, ...]:
    """The page's elements that the site (or the state, when given) gives a consequence,
    judged with the page's URL and title as their surroundings."""
    controls: list[Control] = [*profile.irreversible.controls]
    if state is not None:
        controls.extend(state.irreversible.controls)
    where = f"{location(observation.url)}\n{observation.title}"
    found = []
    for element in observation.elements:
        control = control_rule(controls, element.role, element.name, where)
        if control is not None:
            found.append(
                IrreversibleControl(
                    element, control.reason or control.name, control.grade, control.undo
                )
            )
    return tuple(found)


def irreversible_controls(
    profile: Profile, state: State | None, observation: Observation
) -> tuple[IrreversibleControl, ...]:
    """The page's elements that the site (or the state, when given) marks irreversible."""
    graded = graded_controls(profile, state, observation)
    return tuple(control for control in graded if control.grade == "irreversible")


def control_rule(
    controls: list[Control], role: str, name: str, context: str | None = None
) -> Control | None:
    """The first rule that gives a control with this role and name a consequence. A rule
    with a `context` pattern holds only where the element's surroundings match it; when they
    are not known (`None`), an irreversible rule is taken to hold and an undoable one not
    (not knowing never makes a control look safer)."""
    for control in controls:
        if not element_matches(control, role, name):
            continue
        pattern = control.context_pattern
        if pattern is None:
            return control
        if context is None:
            if control.grade == "irreversible":
                return control
        elif pattern.search(context):
            return control
    return None


def irreversible_request(
    profile: Profile, method: str, url: str, state: State | None = None, body: str = ""
) -> Endpoint | None:
    """The profile's first rule that gives this request a consequence (see its `grade`):
    the site's rules, the given state's, and (without a state) every state's, since a
    request may leave any page. Rules with a `body` pattern hold only when the request's
    body matches it."""
    endpoints: list[Endpoint] = [*profile.irreversible.requests]
    states = [state] if state is not None else profile.states
    for each in states:
        endpoints.extend(each.irreversible.requests)
    path = location(url)
    method = method.upper()
    for endpoint in endpoints:
        if method not in endpoint.method or not endpoint.url_pattern.search(path):
            continue
        if endpoint.body_pattern is None or endpoint.body_pattern.search(body):
            return endpoint
    return None
