"""Chat Completions on the wire: the request parts a scripted server reads, and the JSON it sends.

    request = ChatRequest.parse("plan", body)        # the query name comes from X-Webagent-Query
    answer = ScriptedAnswer.json({"steps": ["search", "open the cheapest"]})
    completion_body(request, answer, number=1)       # OpenAI's exact response shape

Requests are read leniently (`extra="allow"`): an SDK that adds a field must not break the
server. Token counts are o200k counts of what was sent (message contents and tool schemas) and
of what is answered, so usage is positive and the same on every run. Ids come from a counter
(`chatcmpl-<n>`, `call_<n>`): no clock, no randomness.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from webagent.observation import count_tokens

FinishReason = Literal["stop", "tool_calls", "length"]


class _Wire(BaseModel):
    """Lenient: fields the server does not read are kept, never rejected."""

    model_config = ConfigDict(extra="allow")


class FunctionCall(_Wire):
    """The function half of a tool call an assistant message carries."""

    name: str
    arguments: str = ""


class MessageToolCall(_Wire):
    """A tool call in an earlier assistant message of the conversation."""

    id: str = ""
    type: str = "function"
    function: FunctionCall


class ChatMessage(_Wire):
    """One message of the conversation: `content` is text, a list of parts, or null."""

    role: str
    content: str | list[dict[str, Any]] | None = None
    tool_calls: list[MessageToolCall] | None = None

    def text(self) -> str:
        """What the message says: its text parts and the tool calls it made, one per line."""
        lines = []
        if isinstance(self.content, str):
            lines.append(self.content)
        elif self.content is not None:
            lines.extend(str(part.get("text", "")) for part in self.content)
        for call in self.tool_calls or ():
            lines.append(f"{call.function.name}({call.function.arguments})")
        return "\n".join(lines)


class ResponseFormat(_Wire):
    """`{"type": "text" | "json_object" | "json_schema", ...}`."""

    type: str


class ChatBody(_Wire):
    """The request body's fields that this server reads."""

    model: str
    messages: list[ChatMessage] = Field(min_length=1)
    tools: list[dict[str, Any]] | None = None
    tool_choice: str | dict[str, Any] | None = None
    response_format: ResponseFormat | None = None
    temperature: float | None = None
    max_tokens: int | None = None
    max_completion_tokens: int | None = None
    stream: bool | None = None

    @property
    def token_limit(self) -> int | None:
        """The answer's length limit in tokens (`max_completion_tokens` wins), if any."""
        if self.max_completion_tokens is not None:
            return self.max_completion_tokens
        return self.max_tokens


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """A chat completion request: the query it answers (from the header) and its body."""

    query: str
    body: ChatBody
    raw: dict[str, Any]

    @classmethod
    def parse(cls, query: str, raw: dict[str, Any]) -> ChatRequest:
        """Read a request body; `pydantic.ValidationError` when its required parts are wrong."""
        return cls(query=query, body=ChatBody.model_validate(raw), raw=raw)

    @property
    def wants_json_schema(self) -> bool:
        """Whether it asks for structured output (`response_format.type == "json_schema"`)."""
        fmt = self.body.response_format
        return fmt is not None and fmt.type == "json_schema"

    def prompt_tokens(self) -> int:
        """o200k tokens of the message contents and the tool schemas sent."""
        texts = [message.text() for message in self.body.messages]
        if self.body.tools:
            texts.append(json.dumps(self.body.tools, sort_keys=True))
        return count_tokens("\n".join(texts))


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A function call the assistant answers with; `arguments` is JSON text, as on the wire."""

    name: str
    arguments: str


@dataclass(frozen=True, slots=True)
class UsageOverride:
    """Token counts to report instead of the counted ones (None: count it)."""

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cached_tokens: int | None = None


@dataclass(frozen=True, slots=True)
class ScriptedAnswer:
    """What the assistant says: text content or one tool call, with optional usage to report.

    Build one with `text`, `json`, `tool` or `of` (the script file's answer forms).
    """

    content: str | None = None
    tool_call: ToolCall | None = None
    usage: UsageOverride | None = None

    def __post_init__(self) -> None:
        if (self.content is None) == (self.tool_call is None):
            raise ValueError("a ScriptedAnswer is either content or a tool call")

    @classmethod
    def text(cls, content: str, usage: UsageOverride | None = None) -> ScriptedAnswer:
        """Raw text content."""
        return cls(content=content, usage=usage)

    @classmethod
    def json(cls, value: JsonValue, usage: UsageOverride | None = None) -> ScriptedAnswer:
        """A JSON value as content (`json.dumps` of it), as structured output arrives."""
        return cls(content=json.dumps(value, ensure_ascii=False), usage=usage)

    @classmethod
    def tool(
        cls, name: str, arguments: JsonValue = None, usage: UsageOverride | None = None
    ) -> ScriptedAnswer:
        """A tool call; `arguments` is a JSON value, or a string sent as is (even broken JSON)."""
        if arguments is None:
            arguments = {}
        text = arguments if isinstance(arguments, str) else json.dumps(arguments)
        return cls(tool_call=ToolCall(name, text), usage=usage)

    @classmethod
    def of(cls, value: JsonValue, usage: UsageOverride | None = None) -> ScriptedAnswer:
        """An answer written as in a script: a string is text, `{"tool_call": {"name": ...,
        "arguments": {...}}}` a tool call, any other JSON value (not null) JSON content.
        `ValueError` says what is wrong with anything else."""
        if isinstance(value, str):
            return cls.text(value, usage)
        if isinstance(value, dict) and set(value) == {"tool_call"}:
            call = value["tool_call"]
            if not isinstance(call, dict) or not isinstance(call.get("name"), str):
                raise ValueError('"tool_call" needs {"name": "...", "arguments": {...}}')
            if set(call) - {"name", "arguments"}:
                extra = ", ".join(sorted(set(call) - {"name", "arguments"}))
                raise ValueError(f'"tool_call" takes only "name" and "arguments", not {extra}')
            return cls.tool(str(call["name"]), call.get("arguments"), usage)
        if value is None:
            raise ValueError(
                "an answer cannot be null (write a string, a JSON value or a tool_call)"
            )
        return cls.json(value, usage)

    def answer_text(self) -> str:
        """The text that counts as completion tokens: the content, or the call's name and
        arguments."""
        if self.tool_call is not None:
            return f"{self.tool_call.name}({self.tool_call.arguments})"
        return self.content or ""

    def cut_to(self, tokens: int) -> ScriptedAnswer:
        """The answer cut to at most `tokens` o200k tokens (its content or call arguments)."""
        if self.tool_call is not None:
            arguments = cut_to_tokens(self.tool_call.arguments, tokens)
            return replace(self, tool_call=replace(self.tool_call, arguments=arguments))
        return replace(self, content=cut_to_tokens(self.content or "", tokens))


def cut_to_tokens(text: str, tokens: int) -> str:
    """The longest prefix of `text` that counts at most `tokens` o200k tokens."""
    if count_tokens(text) <= tokens:
        return text
    low, high = 0, len(text)  # count(text[:low]) <= tokens < count(text[:high])
    while high - low > 1:
        middle = (low + high) // 2
        if count_tokens(text[:middle]) <= tokens:
            low = middle
        else:
            high = middle
    return text[:low]


def completion_body(request: ChatRequest, answer: ScriptedAnswer, number: int) -> dict[str, Any]:
    """The completion for `answer`, in OpenAI's shape. An answer longer than the request's
    `max_tokens` is cut to it and ends with `finish_reason: "length"`, as a real model's would."""
    finish: FinishReason = "tool_calls" if answer.tool_call is not None else "stop"
    limit = request.body.token_limit
    if limit is not None and count_tokens(answer.answer_text()) > limit:
        answer, finish = answer.cut_to(max(limit, 0)), "length"
    message: dict[str, Any] = {"role": "assistant", "content": answer.content}
    if answer.tool_call is not None:
        message["tool_calls"] = [
            {
                "id": f"call_{number}",
                "type": "function",
                "function": {
                    "name": answer.tool_call.name,
                    "arguments": answer.tool_call.arguments,
                },
            }
        ]
    return {
        "id": f"chatcmpl-{number}",
        "object": "chat.completion",
        "created": 0,
        "model": request.body.model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": _usage(request, answer),
    }


def _usage(request: ChatRequest, answer: ScriptedAnswer) -> dict[str, Any]:
    override = answer.usage or UsageOverride()
    prompt = override.prompt_tokens
    if prompt is None:
        prompt = request.prompt_tokens()
    completion = override.completion_tokens
    if completion is None:
        completion = count_tokens(answer.answer_text())
    return usage_body(prompt, completion, override.cached_tokens or 0)


def usage_body(prompt: int, completion: int, cached: int = 0) -> dict[str, Any]:
    """The `usage` object of a completion."""
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "prompt_tokens_details": {"cached_tokens": cached},
    }


def truncate_completion(body: Any) -> Any:
    """A completion whose answer (content, or the tool call's arguments) is cut in the middle,
    with `finish_reason: "length"`, as when a model runs out of tokens. Anything that is not a
    completion with a first choice is returned unchanged."""
    if not _has_message(body):
        return body
    body = json.loads(json.dumps(body))  # a deep copy: recorded bodies stay as recorded
    choice = body["choices"][0]
    message = choice["message"]
    cut = ""
    if message.get("tool_calls"):
        function = message["tool_calls"][0]["function"]
        function["arguments"] = cut = _half(function.get("arguments") or "")
    elif isinstance(message.get("content"), str):
        message["content"] = cut = _half(message["content"])
    choice["finish_reason"] = "length"
    usage = body.get("usage")
    if isinstance(usage, dict) and isinstance(usage.get("prompt_tokens"), int):
        usage["completion_tokens"] = count_tokens(cut)
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
    return body


def _has_message(body: Any) -> bool:
    choices = body.get("choices") if isinstance(body, dict) else None
    return (
        isinstance(choices, list)
        and bool(choices)
        and isinstance(choices[0], dict)
        and isinstance(choices[0].get("message"), dict)
    )


def _half(text: str) -> str:
    return text[: len(text) // 2]


def error_body(message: str, type: str, code: str | None = None, param: str | None = None) -> Any:
    """An error in OpenAI's shape: `{"error": {"message", "type", "param", "code"}}`."""
    return {"error": {"message": message, "type": type, "param": param, "code": code}}


def models_body(names: tuple[str, ...]) -> Any:
    """The `GET /v1/models` listing."""
    return {
        "object": "list",
        "data": [
            {"id": name, "object": "model", "created": 0, "owned_by": "webagent"} for name in names
        ],
    }
