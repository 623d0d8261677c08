"""The controller's questions to the model, each a named query with a typed answer.

- `plan`: the task's subtasks (Devil's Advocate 3.1).
- `step`: one answer per action, folding what the paper asks in several calls: the evaluation
  of the previous action (alignment, subtask done, task done: 3.3.2), the next action within
  the state's permitted actions (LASER), up to k remedies in case it is wrong (3.3.1), and for
  `stop`, the final answer in WebArena-Verified's shape.
- `remap`: the element on a new page that is the recorded one (3.3.2's element mapping).
- `decompose`: a failed subtask split into steps joined by And / Or (ADaPT).
- `revise`: a review of a failed trial and the revised plan (3.3.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from webagent.actions import Action, NoteDown, Stop, grammar, parse_action
from webagent.actions.schema import descriptions
from webagent.errors import ActionParseError
from webagent.llm.queries import FinalAnswer, Query, ToolCall
from webagent.observation import Observation
from webagent.safety import NOT_ANOTHER_WAY
from webagent.sites.permissions import Permitted


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlanAnswer(_Answer):
    subtasks: list[str] = Field(min_length=1, max_length=12)


class Revision(_Answer):
    review: str
    subtasks: list[str] = Field(min_length=1, max_length=12)


class Decomposition(_Answer):
    thought: str
    steps: list[str] = Field(min_length=2, max_length=5)
    operator: Literal["and", "or"]


PLAN: Query[PlanAnswer] = Query.json("plan", PlanAnswer)
REVISE: Query[Revision] = Query.json("revise", Revision)
DECOMPOSE: Query[Decomposition] = Query.json("decompose", Decomposition)


@dataclass(frozen=True, slots=True)
class Remap:
    element: str | None
    reason: str


def remap_query(observation: Observation) -> Query[Remap]:
    """`remap`: the answer must name an element of `observation`, or none."""
    ids = [element.id for element in observation.elements]

    def read(data: Any) -> Remap:
        if not isinstance(data, dict):
            raise ValueError('answer {"element": ID or null, "reason": TEXT}')
        element = data.get("element")
        if element is not None and element not in ids:
            raise ValueError(f"{element!r} is not an element id on the new page")
        return Remap(element, str(data.get("reason") or ""))

    schema = {
        "type": "object",
        "properties": {
            "element": {"anyOf": [{"type": "string", "enum": ids}, {"type": "null"}]},
            "reason": {"type": "string"},
        },
        "required": ["element", "reason"],
        "additionalProperties": False,
    }
    return Query(name="remap", template="remap", mode="json", read=read, schema=schema)


# -- the step --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Evaluation:
    """What the previous action did, judged on the page it led to."""

    effect: str
    aligned: bool
    subtask_done: bool
    task_done: bool
    then: Literal["recover", "backtrack"] | None = None
    """For a misaligned action: take this answer's action from here ("recover"), or go back
    and try the first remedy ("backtrack"); None: the answer did not say."""


@dataclass(frozen=True, slots=True)
class StepAnswer:
    action: Action
    thought: str
    remedies: tuple[Action, ...]
    evaluation: Evaluation | None
    final: FinalAnswer | None
    """With `stop`: the outcome in WebArena-Verified's shape."""
    refused: tuple[str, ...]
    """Answers refused on the way (impermissible actions), for the metrics."""
    dropped_remedies: tuple[str, ...] = ()
    plan: tuple[str, ...] | None = None
    """The plan, when this first step was asked to make it."""
    irreversible: bool = False
    """The model's own judgement that the action cannot be undone: it can raise the
    browser's gate, never lower it."""


@dataclass(frozen=True, slots=True)
class StepForm:
    """What a run's step answers hold besides the action: the same on every step of a run
    (and every run of a mode), so that the tool definition never changes and a provider's
    prefix cache keeps it."""

    remedies: int
    """How many remedies to ask for (0: none)."""
    evaluate: bool
    """Whether the previous action is judged (when there is one)."""
    plan: bool = False
    """Whether the run's first step makes the plan (one call instead of two)."""
    backtrack: bool = False
    """Whether a misaligned verdict chooses between recovering here and backtracking."""


@dataclass(frozen=True, slots=True)
class StepTurn:
    """What this step's answer must fill in."""

    make_plan: bool = False
    judge: bool = False
    """There is a previous action to judge."""


_EVALUATION = ("effect", "aligned", "subtask_done", "task_done")
_FINAL = ("task_type", "status", "retrieved_data", "error_details")
TOOL = "act"
"""The one tool a step answers with: its action is written in the action grammar."""


def _explained(argument: str) -> str:
    return descriptions("arguments.md")["step"].arguments[argument]


def step_tools(form: StepForm) -> list[dict[str, Any]]:
    """The step's one tool, `act`: the same definition on every step of a run. Its fields
    are explained once, in the step prompt; which actions a page permits, and on which
    elements, is told there too and checked when the answer is read, never written into the
    schema (which would then change with every page and defeat a provider's prefix cache)."""
    properties: dict[str, Any] = {}
    if form.plan:
        properties["plan"] = {"type": ["array", "null"], "items": {"type": "string"}}
    if form.evaluate:
        properties["effect"] = {"type": ["string", "null"]}
        for flag in ("aligned", "subtask_done", "task_done"):
            properties[flag] = {"type": ["boolean", "null"]}
        if form.backtrack:
            properties["then"] = {
                "type": ["string", "null"],
                "enum": ["recover", "backtrack", None],
            }
    properties["thought"] = {"type": "string"}
    properties["action"] = {"type": "string"}
    if form.remedies:
        properties["remedies"] = {"type": "array", "items": {"type": "string"}}
    properties["irreversible"] = {"type": "boolean"}
    # stop's outcome, null with any other action
    properties["task_type"] = {"type": ["string", "null"]}
    properties["status"] = {"type": ["string", "null"]}
    properties["retrieved_data"] = {
        "type": ["array", "null"],
        "items": {"type": ["string", "number", "boolean"]},
    }
    properties["error_details"] = {"type": ["string", "null"]}
    return [
        {
            "type": "function",
            "function": {
                "name": TOOL,
                "description": _explained("act"),
                "strict": True,
                "parameters": {
                    "type": "object",
                    "properties": properties,
                    "required": list(properties),
                    "additionalProperties": False,
                },
            },
        }
    ]


def step_variables(**given: Any) -> dict[str, Any]:
    """Every variable the step prompt reads, as on a plain first step (no plan, state,
    memory, history, remedies or evaluation; the default policy's wording), with `given`
    put over them. The executor gives them all; anything else that shows the step prompt
    (a test, a tool) starts here, so a variable added to the prompt is added once."""
    first = {
        "grammar": grammar(),
        "plan_field": False,
        "evaluate": False,
        "backtrack": False,
        "remedies": 0,
        "secrets": (),
        "policy": None,
        "not_another_way": NOT_ANOTHER_WAY,
        "site": None,
        "task": "",
        "guidance": None,
        "plan": "",
        "notes": [],
        "memory": [],
        "history": [],
        "subtask": "",
        "make_plan": False,
        "judge": False,
        "remedy": None,
        "state": None,
        "guess": False,
        "permitted": [],
        "signed_in": None,
        "refusal_note": None,
        "observation": "",
    }
    unknown = set(given) - set(first)
    if unknown:
        raise TypeError(f"the step prompt reads no {', '.join(sorted(unknown))}")
    return {**first, **given}


def step_query(
    permitted: Permitted, form: StepForm, turn: StepTurn, *, refusals: list[str]
) -> Query[StepAnswer]:
    """The `step` query for one page; reading the answer refuses an action the page does not
    permit (appending to `refusals`, so the count survives re-asks) and validates the rest."""

    def read(call: ToolCall) -> StepAnswer:
        if call.name != TOOL:
            raise ValueError(f"call the tool {TOOL!r} (with the action in `action`)")
        arguments = dict(call.arguments)
        plan = _plan(arguments.get("plan"), required=turn.make_plan)
        evaluation = _evaluation(arguments, required=form.evaluate and turn.judge)
        action = parse_action(str(arguments.get("action") or ""))
        refusal = permitted.refusal(action)
        if refusal is not None:
            refusals.append(refusal)
            raise ValueError(f"refused: {refusal}")
        final = _final(arguments, action) if isinstance(action, Stop) else None
        remedy_texts = arguments.get("remedies") or []
        if not isinstance(remedy_texts, list):
            raise ValueError("remedies must be a list of actions written like `action`")
        remedies, dropped = _remedies(remedy_texts, permitted, form.remedies)
        return StepAnswer(
            action,
            str(arguments.get("thought") or ""),
            remedies,
            evaluation,
            final,
            tuple(refusals),
            tuple(dropped),
            plan,
            arguments.get("irreversible") is True,
        )

    return Query(name="step", template="step", mode="tools", read=read)


def _plan(value: Any, *, required: bool) -> tuple[str, ...] | None:
    if not required:
        return None
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ValueError("plan must be a list of 1 to 12 subtasks, each a string")
    if len(value) > 12:
        raise ValueError(f"plan has {len(value)} subtasks; give at most 12")
    return tuple(value)


def _evaluation(arguments: dict[str, Any], *, required: bool) -> Evaluation | None:
    present = {name: arguments.get(name) for name in _EVALUATION}
    if not required:
        return None
    missing = [name for name in _EVALUATION if present.get(name) is None]
    if missing:
        raise ValueError(f"the evaluation of the previous action lacks {', '.join(missing)}")
    flags = {}
    for name in ("aligned", "subtask_done", "task_done"):
        value = present[name]
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {value!r}")
        flags[name] = value
    then = arguments.get("then")
    if then not in ("recover", "backtrack", None):
        raise ValueError(f'then must be "recover", "backtrack" or null, not {then!r}')
    return Evaluation(str(present["effect"]), **flags, then=then)


def _final(given: Any, stop: Stop) -> FinalAnswer:
    if given is not None and not isinstance(given, Mapping):
        raise ValueError("answer must be an object with task_type, status, retrieved_data and "
                         "error_details")  # fmt: skip
    fields: Mapping[str, Any] = given or {}
    data = {
        "task_type": fields.get("task_type") or "RETRIEVE",
        "status": fields.get("status") or "SUCCESS",
        "retrieved_data": fields.get("retrieved_data"),
        "error_details": fields.get("error_details"),
    }
    if data["task_type"] == "RETRIEVE" and data["retrieved_data"] is None and stop.answer:
        data["retrieved_data"] = [stop.answer]
    try:
        return FinalAnswer.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in issue['loc'])}: {issue['msg']}"
            for issue in error.errors()[:4]
        )
        raise ValueError(f"the final answer does not fit: {problems}") from error


def _remedies(
    texts: Sequence[Any], permitted: Permitted, limit: int
) -> tuple[tuple[Action, ...], list[str]]:
    """The remedies that parse and are permitted here (at most `limit`); the rest, with why."""
    kept: list[Action] = []
    dropped: list[str] = []
    for text in texts:
        if len(kept) >= limit:
            dropped.append(f"{text}: more than {limit} remedies")
            continue
        try:
            action = parse_action(str(text))
        except ActionParseError as error:
            dropped.append(f"{text}: {error}")
            continue
        refusal = permitted.refusal(action)
        if refusal is None and isinstance(action, Stop | NoteDown):
            refusal = f"{action.name} is not a remedy: it would not take the agent another way"
        if refusal is not None:
            dropped.append(f"{text}: {refusal}")
            continue
        kept.append(action)
    return tuple(kept), dropped
