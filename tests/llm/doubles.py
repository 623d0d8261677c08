"""Test doubles and small helpers for the model layer's tests: a sleep that records instead of
waiting, an answerer that keeps every request, fault plans chosen so a test knows which
request fails how, a bare tools query, and the template variables of each query."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from webagent.actions import Action, action_from_tool_call
from webagent.controller.queries import step_variables
from webagent.llm import Budget, ModelClient, Query, ToolCall, UsageLedger
from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.llm.faults import Fault, FaultPlan
from webagent.llm.server import ModelServer

TIMEOUT = 5.0
"""The client's timeout: generous, because a request that times out on a busy machine has
still used its scripted answer up, and the retry would get the next one."""
HANG_TIMEOUT = 1.0
"""The client's timeout where hangs are injected: each hang costs this long."""
HANG_SECONDS = 3.0
"""How long an injected hang lasts: well past `HANG_TIMEOUT` (stopping the server ends it)."""


def _read_action(call: ToolCall) -> Action:
    return action_from_tool_call(call.name, dict(call.arguments))


ACT: Query[Action] = Query.tools("act", _read_action, template="step")
"""The plainest tools query: the tool call read as an action and nothing more, for the
client's tools mode (the agent's own `step` query reads thought, evaluation and remedies
too). It shows the `step` prompt; its name, "act", is what the scripts and cassettes key on."""

SUMMARIZE_VARS: dict[str, Any] = {"task": "t", "title": "T", "url": "http://x/", "page": "p"}
ACT_VARS: dict[str, Any] = step_variables(
    task="t",
    observation="[e1] OK",
    # a first step without plan, state or remedies, with a grammar of one action
    grammar=("click [element]: Click an element.",),
    permitted=["click"],
)
ANSWER_VARS: dict[str, Any] = {"task": "t", "notes": ["n"], "observation": "done"}


class SleepRecorder:
    """Stands in for `time.sleep`: keeps the delays asked for and returns at once."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


class RecordingAnswerer:
    """An `Answerer` that keeps every request and gives its answers in order (the last one
    repeats)."""

    def __init__(self, *answers: ScriptedAnswer) -> None:
        self.requests: list[ChatRequest] = []
        self._answers = deque(answers)

    def __call__(self, request: ChatRequest) -> ScriptedAnswer:
        self.requests.append(request)
        return self._answers.popleft() if len(self._answers) > 1 else self._answers[0]


def echo_answerer(request: ChatRequest) -> ScriptedAnswer:
    """An answerer importable by name (`tests.llm.doubles:echo_answerer`): says the query."""
    return ScriptedAnswer.text(f"asked {request.query}")


class ServerFactory(Protocol):
    def __call__(self, **options: Any) -> ModelServer: ...


class ClientFactory(Protocol):
    def __call__(
        self,
        target: ModelServer | str | None,
        *,
        record: Path | None = None,
        replay: Path | None = None,
        budget: Budget | None = None,
        ledger: UsageLedger | None = None,
        seed: int = 1,
        **config: Any,
    ) -> ModelClient: ...


def plan_starting(
    spec: str, faults: Sequence[Fault | None], *, tries: int = 10_000, **options: Any
) -> FaultPlan:
    """A plan for `spec` whose seed makes the first draws exactly `faults` (None: no fault),
    so a test knows which request fails how without leaving it to chance."""
    for seed in range(tries):
        plan = FaultPlan.parse(spec, seed=seed, **options)
        dice = plan.dice()
        if [dice.draw() for _ in faults] == list(faults):
            return plan
    raise AssertionError(f"no seed below {tries} starts {spec} with {faults}")


def faults_of(server: ModelServer) -> list[Fault | None]:
    return [served.fault for served in server.log]


def queries_of(server: ModelServer) -> list[str | None]:
    return [served.query for served in server.log]


def statuses_of(server: ModelServer) -> list[int | None]:
    return [served.status for served in server.log]
