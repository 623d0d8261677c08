"""JSON and tool-call forms of the actions, generated from the action types themselves.

A model that supports tools gets one function per permissible action (`tool_schemas`); one
that answers in JSON writes `{"action": "click", "element": "e12"}` (`action_json_schema`).
Both are read back with pydantic. The types in `action.py` give the arguments and their
validation; the words the model reads (each action's and argument's description) come from
`webagent/prompts/actions.md`, with every other prompt.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import fields
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from pydantic import TypeAdapter, ValidationError

from webagent.actions.action import ACTION_TYPES, ACTIONS_BY_NAME, Action
from webagent.actions.grammar import normalize_element_id, normalize_keys
from webagent.errors import ActionParseError


class Description(NamedTuple):
    """What the model reads about one action: what it does, and each argument."""

    text: str
    arguments: dict[str, str]


_SECTION = re.compile(r"^## (\w+)\s*$", re.MULTILINE)
_ARGUMENT = re.compile(r"^- (\w+): (.+)$")


@cache
def descriptions(file: str = "actions.md") -> dict[str, Description]:
    """The `## name` sections of a prompt file (`webagent/prompts/actions.md` by default:
    every action's description, by action name), each with its `- argument: text` lines."""
    text = resources.files("webagent").joinpath(f"prompts/{file}").read_text("utf-8")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    parts = _SECTION.split(text)
    found: dict[str, Description] = {}
    for name, body in zip(parts[1::2], parts[2::2], strict=True):
        lines = [line.strip() for line in body.strip().splitlines() if line.strip()]
        arguments = {}
        prose = []
        for line in lines:
            match = _ARGUMENT.match(line)
            if match:
                arguments[match[1]] = match[2].strip()
            else:
                prose.append(line)
        found[name] = Description(" ".join(prose), arguments)
    return found


def describe(action_type: type[Action]) -> str:
    """The action's description, as the model reads it."""
    return descriptions()[action_type.name].text


def grammar_line(action_type: type[Action]) -> str:
    """`type [element] [text] [press_enter_after]: Type text into ...` for a prompt."""
    args = " ".join(f"[{name}]" for name in action_type.signature)
    head = f"{action_type.name} {args}".strip()
    return f"{head}: {describe(action_type)}"


@cache
def grammar() -> tuple[str, ...]:
    """Every action's form, in the vocabulary's order (`type [element] [text] [1|0]`,
    `scroll [up|down]`): what a step's `action` is written as (the same text on every step,
    so a provider's prefix cache keeps it)."""
    return tuple(signature_of(action_type) for action_type in ACTION_TYPES)


def signature_of(action_type: type[Action]) -> str:
    """The action's form, its arguments in brackets; a choice shows its values, a flag 1|0."""
    properties = _adapter(action_type).json_schema().get("properties", {})
    parts = [action_type.name]
    for name in action_type.signature:
        prop = properties.get(name, {})
        if "enum" in prop:
            parts.append("[" + "|".join(str(value) for value in prop["enum"]) + "]")
        elif prop.get("type") == "boolean":
            parts.append("[1|0]")
        elif prop.get("type") == "array":  # fill_form's pairs
            parts.append("[element] [value] ...")
        else:
            parts.append(f"[{name}]")
    return " ".join(parts)


def _adapter(action_type: type[Action]) -> TypeAdapter[Any]:
    return _adapter_named(action_type.name)


@cache
def _adapter_named(name: str) -> TypeAdapter[Any]:
    return TypeAdapter(ACTIONS_BY_NAME[name])


def parameters_schema(action_type: type[Action]) -> dict[str, Any]:
    """JSON schema of the action's arguments (an object, possibly with no properties)."""
    schema = dict(_adapter(action_type).json_schema())
    schema.pop("title", None)
    schema.pop("description", None)
    explained = descriptions()[action_type.name].arguments
    properties = {
        name: {
            **{key: value for key, value in prop.items() if key not in ("title", "description")},
            "description": explained[name],
        }
        for name, prop in schema.get("properties", {}).items()
    }
    parameters = {
        "type": "object",
        "properties": properties,
        "required": list(schema.get("required", [])),
        "additionalProperties": False,
    }
    if "$defs" in schema:  # fill_form's field: an element and its value, nothing else
        parameters["$defs"] = {
            name: {**definition, "additionalProperties": False}
            for name, definition in schema["$defs"].items()
        }
    return parameters


def tool_schemas(action_types: Iterable[type[Action]] = ACTION_TYPES) -> list[dict[str, Any]]:
    """OpenAI `tools` entries, one function per action type."""
    return [
        {
            "type": "function",
            "function": {
                "name": action_type.name,
                "description": describe(action_type),
                "parameters": parameters_schema(action_type),
            },
        }
        for action_type in action_types
    ]


def action_json_schema(action_types: Iterable[type[Action]] = ACTION_TYPES) -> dict[str, Any]:
    """Schema of `{"action": name, ...arguments}`: one alternative per action type."""
    alternatives = []
    for action_type in action_types:
        params = parameters_schema(action_type)
        alternatives.append(
            {
                "type": "object",
                "description": describe(action_type),
                "properties": {"action": {"const": action_type.name}, **params["properties"]},
                "required": ["action", *params["required"]],
                "additionalProperties": False,
            }
        )
    return {"anyOf": alternatives}


def action_from_tool_call(name: str, arguments: str | Mapping[str, Any]) -> Action:
    """Build an action from a tool call's function name and (JSON) arguments."""
    if isinstance(arguments, str):
        try:
            loaded = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as error:
            raise ActionParseError(f"arguments of {name} are not JSON: {error}") from error
        if not isinstance(loaded, dict):
            raise ActionParseError(f"arguments of {name} must be an object")
        arguments = loaded
    return action_from_json({"action": name, **arguments})


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Build an action from `{"action": name, ...arguments}`, validating every argument."""
    raw_name = str(data.get("action", "")).strip().lower()
    action_type = ACTIONS_BY_NAME.get(raw_name)
    if action_type is None:
        known = ", ".join(ACTIONS_BY_NAME)
        raise ActionParseError(f"unknown action {raw_name!r} (known: {known})")
    arguments = {key: value for key, value in data.items() if key != "action"}
    allowed = {field.name for field in fields(action_type)}
    unknown = sorted(set(arguments) - allowed)
    if unknown:
        # Rejected, not ignored: a misspelt `press_enter_after` must not silently press Enter.
        expected = ", ".join(sorted(allowed)) or "none"
        listed = ", ".join(unknown)
        raise ActionParseError(
            f"unknown argument(s) {listed} for {action_type.name} (expected: {expected})"
        )
    if isinstance(arguments.get("element"), str | int):
        arguments["element"] = normalize_element_id(str(arguments["element"]))
    if isinstance(arguments.get("fields"), list):  # fill_form's fields, ids written loosely
        arguments["fields"] = [
            {**field, "element": normalize_element_id(str(field["element"]))}
            if isinstance(field, dict) and isinstance(field.get("element"), str | int)
            else field
            for field in arguments["fields"]
        ]
    if action_type.name == "press" and isinstance(arguments.get("keys"), str):
        arguments["keys"] = normalize_keys(arguments["keys"])
    try:
        action = _adapter(action_type).validate_python(arguments)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in issue['loc']) or 'arguments'}: {issue['msg']}"
            for issue in error.errors()
        )
        raise ActionParseError(f"bad arguments for {action_type.name}: {problems}") from error
    assert isinstance(action, Action)
    return action
