"""The oracle's answers as a model sends them: tool calls with exactly the arguments the tool
takes, verdicts, final responses, and the small judgements about where a run stands that
every answer needs (pure functions of the request and the solution path)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from webagent.actions import Action, GoBack, Scroll, Stop, format_action
from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.observation import Observation
from webagent.oracle.progress import SolutionPath, same_place
from webagent.oracle.prompt import StepView, base_url
from webagent.sites.steps import StepError, find


@dataclass(frozen=True, slots=True)
class Choice:
    """The step's action, its remedies, and why."""

    action: Action
    remedies: tuple[Action, ...]
    thought: str
    final: dict[str, Any] | None = None


# -- answers that need no solution -------------------------------------------------------------
def unknown(request: ChatRequest, why: str) -> ScriptedAnswer:
    """An answer that stops the agent with UNKNOWN_ERROR: `stop` when it is offered, else
    a final answer in JSON."""
    tools = request.body.tools
    failure = failure_answer("RETRIEVE", why)
    if tools is None:
        return json_answer(failure)
    view = StepView.of(request)
    if not view.menu.offers(Stop.name):
        return json_answer(failure)
    choice = Choice(Stop(""), (), why, failure)
    evaluation = verdict_of(why, aligned=False, subtask_done=False, task_done=False)
    return tool_call(view, choice, evaluation, [f"Stop: {why}"])


# -- pieces ------------------------------------------------------------------------------------
def tool_call(
    view: StepView,
    choice: Choice,
    evaluation: dict[str, Any] | None,
    plan: list[str] | None = None,
) -> ScriptedAnswer:
    """The `act` call for `choice`, with every field the tool takes (null where it does not
    apply): the plan when this turn makes it, the verdict on the previous action when there
    is one, the outcome's fields with stop."""
    verdict = evaluation or {}
    arguments: dict[str, Any] = {
        "plan": (plan or []) if view.makes_plan else None,
        **{key: verdict.get(key) for key in ("effect", "aligned", "subtask_done", "task_done")},
        "then": None,
        "thought": choice.thought,
        "action": format_action(choice.action),
        "remedies": [format_action(remedy) for remedy in choice.remedies],
        "irreversible": False,
    }
    outcome = choice.final if choice.final and isinstance(choice.action, Stop) else {}
    for name in ("task_type", "status", "retrieved_data", "error_details"):
        arguments[name] = outcome.get(name)
    taken = {key: value for key, value in arguments.items() if view.menu.takes(key)}
    return ScriptedAnswer.tool("act", taken)


def remedies_for(
    view: StepView, chosen: Action, candidates: Sequence[Action]
) -> tuple[Action, ...]:
    """Exactly as many remedies as asked (when the page has enough), none the chosen action:
    the walk counts them to follow the controller's stack of remedies."""
    wanted = view.remedies
    picked: list[Action] = []
    fillers = [Scroll("down"), Scroll("up"), GoBack()]
    for action in [*candidates, *fillers]:
        if len(picked) >= wanted:
            break
        if action == chosen or action in picked:
            continue
        if view.menu.permits(action.name, element_of(action)):
            picked.append(action)
    return tuple(picked)


def verdict_of(
    effect: str, *, aligned: bool, subtask_done: bool, task_done: bool
) -> dict[str, Any]:
    return {
        "effect": effect,
        "aligned": aligned,
        "subtask_done": subtask_done,
        "task_done": task_done,
    }


def response_of(path: SolutionPath) -> dict[str, Any]:
    """The recorded response, with every field of the final answer."""
    response = path.response
    return {
        "task_type": response.get("task_type", "RETRIEVE"),
        "status": response.get("status", "SUCCESS"),
        "retrieved_data": response.get("retrieved_data"),
        "error_details": response.get("error_details"),
    }


def failure_answer(task_type: str, why: str) -> dict[str, Any]:
    return {
        "task_type": task_type,
        "status": "UNKNOWN_ERROR",
        "retrieved_data": None,
        "error_details": why[:1].upper() + why[1:] + ".",
    }


def at_end(path: SolutionPath, page: Observation) -> bool:
    """Whether `page` is where the solution ends: its last check holds, or it is the page
    its last `goto` opened, or it shows the element the last step acted on (a tab, say)."""
    if not path.steps:
        return True
    last = path.steps[-1]
    if last.checks:
        return last.checks[0] in page.text
    if last.step.goto is not None:
        return same_place(page.url, last.step.goto)
    target = last.step.click or last.step.hover or last.step.type or last.step.select
    if target is None:
        return True
    try:
        find(target, page)
    except StepError:
        return False
    return True


def trial_starts(view: StepView) -> bool:
    """Whether a new trial has begun: the plan's first subtask is running, with history
    from earlier trials but no previous action to judge (a trial starts afresh)."""
    running = view.running
    return (
        bool(view.history) and not view.has_previous and running is not None and running.id == "1"
    )


def reads_as(path: SolutionPath, index: int, action: Action, page: Observation) -> bool:
    """Whether `action` would read in the history as path step `index`."""
    element = page.element(element_of(action) or "")
    if element is None or index >= len(path):
        return False
    return path.looks_like(index, action, element.role, element.name)


def history_base(view: StepView) -> str | None:
    for line in reversed(view.history):
        url = getattr(line.action, "url", None)
        if isinstance(url, str) and base_url(url):
            return base_url(url)
    return None


def element_of(action: Action) -> str | None:
    element = getattr(action, "element", None)
    return element if isinstance(element, str) else None


def json_answer(value: dict[str, Any]) -> ScriptedAnswer:
    return ScriptedAnswer.json(value)
