"""`fill_form`: several fields of a form in one action, each entered as a person would.

Each field becomes the action a person takes on it (typing without Enter, choosing an option,
ticking or clearing a box) and runs through the tab like any action, so the safety gate, the
network guard and the secrets judge and see every field as they do today. The first field
that fails stops the rest, and the model is told which fields were filled before it.
"""

from __future__ import annotations

from collections.abc import Callable

from webagent.actions import (
    Action,
    ActionResult,
    Click,
    FillForm,
    FormField,
    SelectOption,
    TypeText,
)
from webagent.browser.executor import NO_OPTIONS_SHOWN
from webagent.observation import Observation
from webagent.observation.roles import CHECKABLE_ROLES

_YES = frozenset({"yes", "y", "true", "on", "checked", "check", "tick", "ticked", "x", "1"})
_NO = frozenset({"no", "n", "false", "off", "unchecked", "uncheck", "clear", "0", ""})


def field_action(field: FormField, observation: Observation | None) -> Action | str | None:
    """The action that gives `field` its value on the page observed: None when the field
    already has it (a box already ticked), a sentence when it cannot be given."""
    element = observation.element(field.element) if observation is not None else None
    if element is None:
        return f"there is no element [{field.element}] on the page; use ids from the latest page"
    if element.role in CHECKABLE_ROLES:
        wanted = field.value.strip().lower()
        if wanted not in _YES | _NO:
            return f"[{field.element}] is a {element.role}: give it yes or no, not {field.value!r}"
        checked = "checked" in element.states
        if (wanted in _YES) == checked:
            return None
        if checked and element.role == "radio":
            return f"[{field.element}] is a radio button: clear it by choosing another of its set"
        return Click(field.element)
    if element.role in ("combobox", "listbox"):
        return SelectOption(field.element, field.value)
    return TypeText(field.element, field.value, press_enter_after=False)


def fill_form(
    act: Callable[[Action], ActionResult], action: FillForm, observation: Observation | None
) -> ActionResult:
    """Run `action`'s fields one by one through `act`; one result for the whole form."""
    done: list[ActionResult] = []
    error = None
    for index, field in enumerate(action.fields):
        step = field_action(field, observation)
        if step is None:
            continue
        outcome = act(step) if not isinstance(step, str) else ActionResult(None, step)
        if isinstance(step, SelectOption) and _not_a_list(outcome):  # a combobox one types in
            outcome = act(TypeText(field.element, field.value, press_enter_after=False))
        if outcome.action is not None:
            done.append(outcome)
        if outcome.error is not None:
            filled = ", ".join(f"[{f.element}]" for f in action.fields[:index]) or "none"
            error = f"field [{field.element}]: {outcome.error} (filled before it: {filled})"
            break
    return ActionResult(
        action,
        error,
        url=done[-1].url if done else "",
        url_before=done[0].url_before if done else "",
        tab_changed=any(outcome.tab_changed for outcome in done),
        elapsed_ms=sum(outcome.elapsed_ms for outcome in done),
        irreversible=any(outcome.irreversible for outcome in done),
        denied=any(outcome.denied for outcome in done),
        undoable=tuple(dict.fromkeys(u for outcome in done for u in outcome.undoable)),
    )


def _not_a_list(outcome: ActionResult) -> bool:
    return outcome.error is not None and outcome.error.endswith(NO_OPTIONS_SHOWN)
