"""The confirmation policy: who says yes to something irreversible, and the log of every answer.

    gate = Gate("deny")                     # headless default: nothing irreversible happens
    gate = Gate("allow")                    # explicit, for benchmarks on disposable sites
    gate = Gate("ask")                      # a person answers at the terminal
    gate = Gate(lambda confirmation: ...)   # anything else: the TUI's dialog, a test
    decision = gate.decide(confirmation)    # logged, remembered, returned

Something denied once is denied again without asking when it comes up again on the same page,
so a person is asked about each irreversible thing once. Nothing a page shows reaches the
policy except as the text of the question: a page cannot approve itself.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Literal, TextIO

from webagent.errors import ConfigError
from webagent.safety.risk import Risk

logger = logging.getLogger("webagent.safety")


@dataclass(frozen=True, slots=True)
class Confirmation:
    """What the policy is asked to approve."""

    kind: Literal["action", "request"]
    """`action`: an action judged irreversible before it ran; `request`: a mutating request
    the network guard held (the action that sent it was not judged irreversible)."""
    action: str
    """The action as text (`click [e12]`); empty for a request no action sent."""
    element: str
    """The target, e.g. `button 'Place Order'`, or empty."""
    url: str
    title: str
    reasons: tuple[str, ...]
    request: str = ""
    """`POST http://host/path` for a held request."""
    grade: Literal["irreversible", "undoable"] = "irreversible"
    """What is asked about: something that cannot be undone, or (a cautious user asked for
    these too) a change the page lets a person take back."""

    def describe(self) -> str:
        """A few lines for a person: what would happen, where, and why it is asked."""
        what = self.request if self.kind == "request" else self.action
        if self.element:
            what += f" on {self.element}"
        if self.kind == "request" and self.action:
            what += f" (sent by {self.action})"
        elif self.kind == "request":
            what += " (sent by the page on its own)"
        lines = [what, f"page: {self.title} <{self.url}>" if self.title else f"page: {self.url}"]
        lines.extend(f"why: {reason}" for reason in self.reasons)
        if self.grade == "undoable":
            lines.append("it can be undone (you asked to be asked about these too)")
        return "\n".join(lines)

    def key(self) -> tuple[str, ...]:
        """What makes two questions the same: the same thing on the same page."""
        page = self.url.split("#", 1)[0]
        if self.kind == "request":
            return ("request", self.request.split("?", 1)[0], page)
        return ("action", self.action.split(" ", 1)[0], self.element, page)


Approver = Callable[[Confirmation], bool]
ConfirmPolicy = Literal["ask", "deny", "allow"] | Approver
DecidedBy = Literal["policy", "person", "earlier"]
PolicyKind = Literal["deny", "ask", "allow"]
"""What a policy does with an irreversible action, as the model is told it: refuse it, ask
(a person, or a callable standing in for one), or let it run."""


def policy_kind(policy: ConfirmPolicy) -> PolicyKind:
    """`policy` as the model is told it: a callable asks, like a person."""
    if policy == "deny":
        return "deny"
    if policy == "allow":
        return "allow"
    return "ask"


NOT_ANOTHER_WAY = (
    "Do not try it again, nor the same another way (another button or link, Enter in its "
    "form); if the task cannot be done without it, stop with ACTION_NOT_ALLOWED_ERROR"
)
"""What the model is told after an action or request was not approved: a refusal is not a
puzzle to get around."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One answer of the policy, kept with the question."""

    confirmation: Confirmation
    approved: bool
    by: DecidedBy
    note: str = ""
    """Anything unusual: the approver failed, so the answer is no."""
    at: float = 0.0

    def describe(self) -> str:
        verdict = "approved" if self.approved else "denied"
        by = {"policy": "by the policy", "person": "when asked", "earlier": "(denied before)"}
        head = f"{verdict} {by[self.by]}: {self.confirmation.describe().splitlines()[0]}"
        return head + (f" ({self.note})" if self.note else "")

    def refusal(self, what: str, risk: Risk) -> str:
        """What the model is told when the action `what` was not approved."""
        how = {
            "policy": "the session's policy denies "
            + ("irreversible actions" if risk.irreversible else "changes"),
            "person": "the person was asked and said no",
            "earlier": "it was denied before",
        }[self.by]
        does = "cannot be undone" if risk.irreversible else "changes something"
        return f"not done: {what} {does} ({risk}), and {how}. {NOT_ANOTHER_WAY}"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["confirmation"]["reasons"] = list(self.confirmation.reasons)
        return data


class Gate:
    """Applies one confirmation policy and logs each decision (`decisions`, `on_decision`)."""

    def __init__(
        self,
        policy: ConfirmPolicy = "deny",
        *,
        ask_undoable: bool = False,
        on_decision: Callable[[Decision], None] | None = None,
    ) -> None:
        self.policy = policy
        self.ask_undoable = ask_undoable
        """Put undoable changes to the policy too (a cautious user); by default they run and
        are reported with their inverse, and only irreversible ones are asked about."""
        self._approver: Approver | None = _approver(policy)
        self._on_decision = on_decision
        self._denied: set[tuple[str, ...]] = set()
        self.decisions: list[Decision] = []

    @property
    def asks(self) -> bool:
        """Whether a person (or a callable) answers, rather than a fixed rule."""
        return self._approver is not None

    def decide(self, confirmation: Confirmation) -> Decision:
        """Approve or deny, by the policy, an earlier denial, or by asking."""
        if self.policy == "allow":
            decision = Decision(confirmation, True, "policy")
        elif self.policy == "deny" or self._approver is None:
            decision = Decision(confirmation, False, "policy")
        elif confirmation.key() in self._denied:
            decision = Decision(confirmation, False, "earlier")
        else:
            decision = self._ask(self._approver, confirmation)
        decision = Decision(
            decision.confirmation, decision.approved, decision.by, decision.note, time.time()
        )
        if not decision.approved:
            self._denied.add(confirmation.key())
        self.decisions.append(decision)
        logger.info("%s", decision.describe())
        if self._on_decision is not None:
            self._on_decision(decision)
        return decision

    @staticmethod
    def _ask(approver: Approver, confirmation: Confirmation) -> Decision:
        try:
            answer = approver(confirmation)
        except Exception as error:  # an approver that fails must not approve
            return Decision(confirmation, False, "person", f"the approver failed: {error}")
        return Decision(confirmation, answer is True, "person")


def _approver(policy: ConfirmPolicy) -> Approver | None:
    if policy in ("deny", "allow"):
        return None
    if policy == "ask":
        if not sys.stdin.isatty():
            raise ConfigError(
                "confirm='ask' needs a terminal to ask in, and stdin is not one: use 'deny', "
                "'allow' (only on a site where anything may happen), or a callable"
            )
        return ask_in_terminal
    if callable(policy):
        return policy
    raise ConfigError(
        f"confirm must be 'ask', 'deny', 'allow' or a callable, not {policy!r}"
    )  # pragma: no cover - typed callers cannot get here


def ask_in_terminal(
    confirmation: Confirmation, *, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> bool:
    """Ask at the terminal; only `y` or `yes` approves, anything else (or end of input) denies."""
    out = stdout or sys.stderr
    source = stdin or sys.stdin
    if confirmation.grade == "undoable":
        out.write("\nwebagent wants to make a change (it can be undone):\n")
    else:
        out.write("\nwebagent wants to do something that cannot be undone:\n")
    for line in confirmation.describe().splitlines():
        out.write(f"  {line}\n")
    out.write("Allow it? [y/N] ")
    out.flush()
    answer = source.readline()
    return answer.strip().lower() in ("y", "yes")
