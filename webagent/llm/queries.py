"""Named queries: what webagent asks a model, each with its prompt template and typed answer.

A query answers either in JSON matching a pydantic model (`Query.json`) or by calling one of
the tools it is offered (`Query.tools`, LASER's way of choosing among permissible actions).
The name travels with every request (`X-Webagent-Query`), so scripted servers, proxies and
cassettes can key on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from webagent.webarena.response import AgentResponse

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A tool the model called, with its arguments as the model wrote them."""

    name: str
    arguments: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Query(Generic[T]):
    """A named question: its template, how it is answered, and how the answer is read.

    `read` turns the decoded answer (a JSON value, or a `ToolCall`) into `T` and raises on
    anything invalid; the client then re-asks with the error.
    """

    name: str
    template: str
    mode: Literal["json", "tools"]
    read: Callable[[Any], T]
    schema: Mapping[str, Any] | None = None

    @staticmethod
    def json(name: str, model: type[M], template: str | None = None) -> Query[M]:
        return Query(
            name=name,
            template=template or name,
            mode="json",
            read=model.model_validate,
            schema=strict_schema(model),
        )

    @staticmethod
    def tools(name: str, read: Callable[[ToolCall], T], template: str | None = None) -> Query[T]:
        return Query(name=name, template=template or name, mode="tools", read=read)


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema in the form structured outputs demand: every object closed
    (`additionalProperties: false`) with every property required (optional ones nullable).

    Descriptions (docstrings, `Field(description=...)`) are left out: what the model reads
    about an answer is prompt text, written in the query's template."""
    schema = model.model_json_schema()
    _close(schema)
    return schema


def _close(node: Any) -> None:
    """Close one schema node and everything below it (`properties` maps names to schemas)."""
    if isinstance(node, list):
        for item in node:
            _close(item)
        return
    if not isinstance(node, dict):
        return
    node.pop("default", None)  # structured outputs reject defaults
    if isinstance(node.get("description"), str):
        del node["description"]
    if node.get("type") == "object" and "properties" in node:
        node["additionalProperties"] = False
        node["required"] = list(node["properties"])
    for key, value in node.items():
        if key in ("properties", "$defs"):
            for child in value.values():
                _close(child)
        elif isinstance(value, dict | list):
            _close(value)


def tool_specs(tools: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """Name, description and parameter schema of OpenAI tool definitions, for the text
    fallback's prompt (servers without tool support)."""
    specs = []
    for tool in tools:
        function = tool["function"]
        specs.append(
            {
                "name": str(function["name"]),
                "description": str(function.get("description", "")),
                "parameters": json.dumps(function.get("parameters", {}), sort_keys=True),
            }
        )
    return specs


# -- the queries -----------------------------------------------------------------------------
class Summary(BaseModel):
    """What a page shows that matters for the task."""

    model_config = ConfigDict(extra="forbid")

    summary: str


class FinalAnswer(BaseModel):
    """The task's outcome in WebArena-Verified's response shape."""

    model_config = ConfigDict(extra="forbid")

    task_type: Literal["RETRIEVE", "MUTATE", "NAVIGATE"]
    status: Literal[
        "SUCCESS",
        "ACTION_NOT_ALLOWED_ERROR",
        "PERMISSION_DENIED_ERROR",
        "NOT_FOUND_ERROR",
        "DATA_VALIDATION_ERROR",
        "UNKNOWN_ERROR",
    ]
    retrieved_data: list[str | float | int | bool] | None
    error_details: str | None

    def to_response(self) -> AgentResponse:
        data = tuple(self.retrieved_data) if self.retrieved_data is not None else None
        return AgentResponse(self.task_type, self.status, data, self.error_details)


SUMMARIZE: Query[Summary] = Query.json("summarize", Summary)
ANSWER: Query[FinalAnswer] = Query.json("answer", FinalAnswer)
