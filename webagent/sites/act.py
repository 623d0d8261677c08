"""Choosing an action LASER's way: the state's instructions, and only its permitted actions.

    decision = choose_action(client, task=task, observation=observation, profile=profile,
                             state=state, permitted=permitted, memory=memory)
    decision.action, decision.thought, decision.refusals

The model is offered the permitted actions as tools, each with a `thought` argument (LASER's
rationale). An answer outside the permitted actions is refused before anything runs: the
refusal is told to the model, which is asked again (at most the client's re-ask limit, then
`AnswerParseError`), and counted in `Decision.refusals`. A refused action is never returned,
so it can never be executed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from webagent.actions import Action, action_from_tool_call
from webagent.actions.schema import descriptions
from webagent.llm.queries import Query, ToolCall
from webagent.observation import Observation
from webagent.sites.memory import Memory
from webagent.sites.permissions import Permitted
from webagent.sites.profile import Profile, State

THOUGHT = "thought"


@dataclass(frozen=True, slots=True)
class Decision:
    """The action chosen, the model's reason, and the refusals on the way."""

    action: Action
    thought: str
    refusals: tuple[str, ...]


def act_query(permitted: Permitted, refusals: list[str]) -> Query[Decision]:
    """The `act` query for one page: reading an answer checks it against `permitted`,
    appending each refusal to `refusals` (so the count survives the re-asks)."""

    def read(call: ToolCall) -> Decision:
        arguments = dict(call.arguments)
        thought = str(arguments.pop(THOUGHT, "") or "")
        action = action_from_tool_call(call.name, arguments)
        refusal = permitted.refusal(action)
        if refusal is not None:
            refusals.append(refusal)
            raise ValueError(f"refused: {refusal}")
        return Decision(action, thought, tuple(refusals))

    return Query(name="act", template="act", mode="tools", read=read)


def tools_with_thought(permitted: Permitted) -> list[dict[str, Any]]:
    """The permitted tools, each with a required `thought` argument first."""
    tools = permitted.tools()
    for tool in tools:
        parameters = tool["function"]["parameters"]
        parameters["properties"] = {
            THOUGHT: {"type": "string", "description": _explained(THOUGHT)},
            **parameters["properties"],
        }
        parameters["required"] = [THOUGHT, *parameters["required"]]
    return tools


def _explained(argument: str) -> str:
    return descriptions("arguments.md")["act"].arguments[argument]


def choose_action(
    client: Any,
    *,
    task: str,
    observation: Observation,
    profile: Profile,
    state: State,
    permitted: Permitted,
    memory: Memory | None = None,
    notes: Sequence[str] = (),
    history: Sequence[str] = (),
) -> Decision:
    """Ask the model (a `ModelClient`) for the next action on this page, within `permitted`."""
    refusals: list[str] = []
    decision: Decision = client.ask(
        act_query(permitted, refusals),
        tools=tools_with_thought(permitted),
        task=task,
        site=profile.site,
        state=state,
        purposes=dict(permitted.purposes),
        memory=memory.lines() if memory is not None else [],
        notes=list(notes),
        history=list(history),
        observation=observation.text,
    )
    return decision
