"""The confirmation gate: who says yes to something irreversible, and the log of every answer."""

from __future__ import annotations

import io
import json
import sys

import pytest

from webagent.errors import ConfigError
from webagent.safety.gate import Confirmation, Decision, Gate, ask_in_terminal
from webagent.safety.risk import Risk

PAGE = "http://shop.test/checkout/review/"


def place_order(
    url: str = PAGE, *, action: str = "click [e12]", element: str = "button 'Place Order'"
) -> Confirmation:
    return Confirmation(
        kind="action",
        action=action,
        element=element,
        url=url,
        title="Review & Payments",
        reasons=("button 'Place Order': places the order",),
    )


def held_request(url: str = PAGE, request: str = "POST http://shop.test/order?x=1") -> Confirmation:
    return Confirmation(
        kind="request",
        action="",
        element="",
        url=url,
        title="",
        reasons=("POST /order: places an order or makes a payment",),
        request=request,
    )


class Approver:
    """Answers from a script and records every question."""

    def __init__(self, *answers: bool) -> None:
        self.answers = list(answers)
        self.asked: list[Confirmation] = []

    def __call__(self, confirmation: Confirmation) -> bool:
        self.asked.append(confirmation)
        return self.answers.pop(0)


# Fixed policies


def test_deny_denies_without_asking_and_logs_the_decision() -> None:
    seen: list[Decision] = []
    gate = Gate("deny", on_decision=seen.append)
    decision = gate.decide(place_order())
    assert not decision.approved
    assert decision.by == "policy"
    assert decision.confirmation == place_order()
    assert decision.at > 0
    assert gate.decisions == [decision]
    assert seen == [decision]
    assert not gate.asks


def test_a_refusal_tells_the_model_to_stop_not_to_get_around_it() -> None:
    """A model told to "find another way" after a denied save may submit the same form by
    pressing Enter in it, flagged reversible: the refusal says not to, and when to stop."""
    decision = Gate("deny").decide(place_order())
    told = decision.refusal("button 'Place Order'", Risk(("places the order",)))
    assert told.startswith("not done: button 'Place Order' cannot be undone")
    assert "the session's policy denies irreversible actions" in told
    assert "nor the same another way" in told
    assert "Enter in its form" in told
    assert told.endswith("stop with ACTION_NOT_ALLOWED_ERROR")
    assert "find another way" not in told


def test_deny_is_the_default() -> None:
    assert not Gate().decide(place_order()).approved


def test_allow_approves_every_time() -> None:
    gate = Gate("allow")
    decisions = [gate.decide(place_order()), gate.decide(place_order())]
    assert [(d.approved, d.by) for d in decisions] == [(True, "policy"), (True, "policy")]
    assert not gate.asks


# A callable answers


def test_a_callable_is_asked_once_per_confirmation() -> None:
    approver = Approver(True)
    gate = Gate(approver)
    decision = gate.decide(place_order())
    assert decision.approved
    assert decision.by == "person"
    assert approver.asked == [place_order()]
    assert gate.asks


def test_something_denied_is_denied_again_without_asking() -> None:
    approver = Approver(False)
    gate = Gate(approver)
    first = gate.decide(place_order())
    again = gate.decide(place_order())
    assert (first.approved, first.by) == (False, "person")
    assert (again.approved, again.by) == (False, "earlier")
    assert len(approver.asked) == 1


def test_the_same_thing_is_the_same_action_type_element_and_page() -> None:
    approver = Approver(False)
    gate = Gate(approver)
    gate.decide(place_order(f"{PAGE}#payment"))
    # Another element id for the same element, another fragment of the same page: the same.
    assert gate.decide(place_order(f"{PAGE}#top", action="click [e40]")).by == "earlier"
    assert len(approver.asked) == 1


@pytest.mark.parametrize(
    "other",
    [
        place_order("http://shop.test/checkout/other/"),
        place_order(element="button 'Update Shopping Cart'"),
        place_order(action="press [Enter]"),
    ],
)
def test_a_denial_does_not_cover_something_else(other: Confirmation) -> None:
    approver = Approver(False, True)
    gate = Gate(approver)
    gate.decide(place_order())
    decision = gate.decide(other)
    assert (decision.approved, decision.by) == (True, "person")
    assert approver.asked == [place_order(), other]


def test_a_held_request_denied_is_denied_again_whatever_its_query() -> None:
    approver = Approver(False)
    gate = Gate(approver)
    gate.decide(held_request())
    again = gate.decide(held_request(request="POST http://shop.test/order?x=2"))
    assert again.by == "earlier"
    assert len(approver.asked) == 1


def test_something_approved_is_asked_about_again_next_time() -> None:
    approver = Approver(True, False, True)
    gate = Gate(approver)
    answers = [gate.decide(place_order()) for _ in range(3)]
    assert [(d.approved, d.by) for d in answers] == [
        (True, "person"),
        (False, "person"),
        (False, "earlier"),
    ]
    assert len(approver.asked) == 2


@pytest.mark.parametrize("answer", ["yes", 1, None, [True]])
def test_only_true_approves(answer: object) -> None:
    gate = Gate(lambda confirmation: answer)  # type: ignore[arg-type,return-value]
    assert not gate.decide(place_order()).approved


def test_an_approver_that_fails_denies_with_a_note() -> None:
    def broken(confirmation: Confirmation) -> bool:
        raise RuntimeError("dialog closed")

    gate = Gate(broken)
    decision = gate.decide(place_order())
    assert not decision.approved
    assert decision.by == "person"
    assert "the approver failed: dialog closed" in decision.note
    assert "dialog closed" in decision.describe()


def test_on_decision_sees_every_decision_in_order() -> None:
    seen: list[Decision] = []
    gate = Gate(Approver(True, False), on_decision=seen.append)
    gate.decide(place_order())
    gate.decide(place_order())
    gate.decide(place_order())
    assert [(d.approved, d.by) for d in seen] == [
        (True, "person"),
        (False, "person"),
        (False, "earlier"),
    ]
    assert seen == gate.decisions


# The log


def test_a_decision_serialises_to_json() -> None:
    decision = Gate("deny").decide(held_request())
    data = json.loads(json.dumps(decision.to_json()))
    assert data["approved"] is False
    assert data["by"] == "policy"
    assert data["confirmation"]["reasons"] == ["POST /order: places an order or makes a payment"]
    assert data["confirmation"]["request"] == "POST http://shop.test/order?x=1"
    assert data["at"] == decision.at


def test_a_decision_describes_itself_in_one_line() -> None:
    approved = Gate("allow").decide(place_order()).describe()
    assert approved == "approved by the policy: click [e12] on button 'Place Order'"
    denied = Gate("deny").decide(held_request()).describe()
    assert denied.startswith("denied by the policy: POST http://shop.test/order?x=1")
    assert "\n" not in denied


def test_a_confirmation_says_what_where_and_why() -> None:
    text = place_order().describe()
    assert text.splitlines() == [
        "click [e12] on button 'Place Order'",
        f"page: Review & Payments <{PAGE}>",
        "why: button 'Place Order': places the order",
    ]
    assert "sent by the page on its own" in held_request().describe()


# Asking at the terminal


def test_ask_needs_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))
    with pytest.raises(ConfigError, match="terminal"):
        Gate("ask")


def test_ask_reads_the_answer_from_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = io.StringIO()
    monkeypatch.setattr(sys, "stdin", Terminal("y\nn\n"))
    monkeypatch.setattr(sys, "stderr", err)
    gate = Gate("ask")
    assert gate.asks
    assert gate.decide(place_order()).approved
    assert not gate.decide(place_order()).approved
    assert "Place Order" in err.getvalue()


@pytest.mark.parametrize("typed", ["y\n", "yes\n", "Y\n", "  YES  \n", "y"])
def test_yes_approves(typed: str) -> None:
    assert ask_in_terminal(place_order(), stdin=io.StringIO(typed), stdout=io.StringIO())


@pytest.mark.parametrize("typed", ["\n", "n\n", "no\n", "yes please\n", "", "ok\n"])
def test_anything_else_or_end_of_input_denies(typed: str) -> None:
    assert not ask_in_terminal(place_order(), stdin=io.StringIO(typed), stdout=io.StringIO())


def test_the_prompt_shows_the_element_the_page_and_the_reasons() -> None:
    out = io.StringIO()
    ask_in_terminal(place_order(), stdin=io.StringIO("n\n"), stdout=out)
    prompt = out.getvalue()
    assert "button 'Place Order'" in prompt
    assert PAGE in prompt
    assert "Review & Payments" in prompt
    assert "places the order" in prompt
    assert prompt.rstrip().endswith("[y/N]")


def test_the_prompt_goes_to_stderr_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    err, out = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", out)
    ask_in_terminal(place_order(), stdin=io.StringIO("n\n"))
    assert "Place Order" in err.getvalue()
    assert out.getvalue() == ""
