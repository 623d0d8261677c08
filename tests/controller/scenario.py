"""A scripted model that answers from what the request shows: per query, a queue of answers,
each a JSON value or a function of the request's turn (which can look up element ids on the
page the prompt shows, by role and name)."""

from __future__ import annotations

import re
import threading
from collections import defaultdict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from webagent.actions import action_from_json, format_action
from webagent.llm.completion import ChatRequest, ScriptedAnswer


@dataclass(frozen=True)
class Turn:
    request: ChatRequest

    @property
    def prompt(self) -> str:
        return "\n".join(message.text() for message in self.request.body.messages)

    def section(self, heading: str) -> str:
        """The prompt text after `heading` (e.g. "Current page:", "The page now:")."""
        text = self.prompt
        start = text.rfind(heading)
        assert start >= 0, f"no {heading!r} in the prompt"
        return text[start + len(heading) :]

    def id(self, role: str, name: str, *, nth: int = 0, page: str = "Current page:") -> str:
        """The id of the `nth` element with this role and exact name on the page shown."""
        pattern = re.compile(rf"\[([a-z0-9]+)\] {re.escape(role)} '{re.escape(name)}'")
        found = pattern.findall(self.section(page))
        assert len(found) > nth, f"no {role} {name!r} (#{nth}) on the page"
        return str(found[nth])

    def asks_for_plan(self) -> bool:
        return "\nThis turn: make the plan" in self.prompt

    def permitted(self) -> list[str]:
        """The actions the page permits, as the prompt lists them (names only)."""
        listed = self.section("Permitted here:\n").split("\n\n")[0]
        return [line[2:].split(" ")[0] for line in listed.splitlines() if line.startswith("- ")]


Answer = Any | Callable[[Turn], Any]


class Scenario:
    """Answers queued per query name; `log` keeps each request's query and prompt."""

    def __init__(self, answers: Iterable[tuple[str, Answer]]) -> None:
        self._queues: dict[str, deque[Answer]] = defaultdict(deque)
        for query, answer in answers:
            self._queues[query].append(answer)
        self.log: list[tuple[str, str]] = []
        self._lock = threading.Lock()

    def __call__(self, request: ChatRequest) -> ScriptedAnswer:
        turn = Turn(request)
        with self._lock:
            self.log.append((request.query, turn.prompt))
            queue = self._queues[request.query]
            if not queue:
                raise AssertionError(f"the scenario has no more {request.query!r} answers")
            answer = queue[0]
            # Used up only once it worked: a failing answer fails every retry the same way.
            value = answer(turn) if callable(answer) else answer
            queue.popleft()
            if request.query == "step" and turn.asks_for_plan():
                # The first step makes the plan too: the scenario's "plan" answer goes in it.
                plans = self._queues["plan"]
                assert plans, "the first step asks for the plan, and the scenario has none"
                value["tool_call"]["arguments"]["plan"] = plans.popleft()["subtasks"]
                self.log.append(("plan", turn.prompt))
        return ScriptedAnswer.of(value)

    def left(self) -> dict[str, int]:
        return {query: len(queue) for query, queue in self._queues.items() if queue}


_VERDICT = ("effect", "aligned", "subtask_done", "task_done", "then")
_OUTCOME = ("task_type", "status", "retrieved_data", "error_details")


def step(action: str, *, thought: str = "", remedies: Iterable[str] = (), **fields: Any) -> Any:
    """A step answer, the `act` call: `action` as "click" with its arguments in `fields`
    (element="e12"), plus remedies. Evaluation fields (aligned=..., subtask_done=..., then=...)
    and stop's outcome fields (status=...) go in `fields` too."""
    verdict = {name: fields.pop(name) for name in _VERDICT if name in fields}
    outcome = {name: fields.pop(name) for name in _OUTCOME if name in fields}
    irreversible = bool(fields.pop("irreversible", False))
    arguments = {
        "thought": thought or f"{action} next",
        "action": format_action(action_from_json({"action": action, **fields})),
        "remedies": list(remedies),
        "irreversible": irreversible,
        **verdict,
        **outcome,
    }
    return {"tool_call": {"name": "act", "arguments": arguments}}


def evaluation(
    aligned: bool, *, subtask_done: bool = False, task_done: bool = False
) -> dict[str, Any]:
    return {
        "effect": "The action " + ("helped." if aligned else "went the wrong way."),
        "aligned": aligned,
        "subtask_done": subtask_done,
        "task_done": task_done,
    }


def stop(
    data: list[Any] | None, *, status: str = "SUCCESS", task_type: str = "RETRIEVE"
) -> dict[str, Any]:
    return {
        "answer": "" if data is None else str(data[0]),
        "task_type": task_type,
        "status": status,
        "retrieved_data": data,
        "error_details": None if status == "SUCCESS" else "could not",
    }
