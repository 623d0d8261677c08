"""`ModelClient`: named queries with typed answers, over the openai SDK, robust to what real
endpoints do.

- Every request carries its query name in the `X-Webagent-Query` header.
- JSON queries use structured outputs (a JSON schema); a server that refuses them gets the
  schema in the prompt instead, and the JSON is extracted from the text. Tool queries use
  tools, with the same kind of text fallback.
- An answer that does not fit is re-asked (at most `max_reasks` times) with the reason; then
  `AnswerParseError`, never a crash.
- 429, 5xx, timeouts, dropped connections and unreadable bodies are retried with exponential
  backoff and jitter, honouring Retry-After, at most `max_retries` times; then
  `ModelUnavailableError`.
- Each query's usage (tokens, latency, retries, re-asks, cost) goes to the ledger, and the
  task's budget is checked before every call.

The SDK's own retries are off: these are counted and bounded here. openai's exceptions are
translated in this module only.
"""

from __future__ import annotations

import functools
import json
import random
import re
import ssl
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import httpx2
import openai
from openai.types.chat import ChatCompletion
from pydantic import ValidationError

from webagent.errors import (
    ActionParseError,
    AnswerParseError,
    CassetteMiss,
    ModelUnavailableError,
)
from webagent.llm.budget import Budget
from webagent.llm.cassette import Cassette, CassetteWriter, Scrubber
from webagent.llm.config import ModelConfig
from webagent.llm.prompts import Message, render
from webagent.llm.queries import Query, ToolCall, tool_specs
from webagent.llm.transport import QUERY_HEADER, RecordingTransport, ReplayTransport
from webagent.llm.usage import CallUsage, PriceTable, UsageLedger

T = TypeVar("T")

_RETRYABLE = (
    openai.RateLimitError,
    openai.InternalServerError,
    openai.APIConnectionError,  # includes timeouts
    openai.APIResponseValidationError,
    json.JSONDecodeError,
)
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


class _Unfit(Exception):
    """The answer did not decode or validate; the message says why."""


@dataclass
class _Attempts:
    """What one query used across its HTTP attempts and re-asks."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    latency_s: float = 0.0
    retries: int = 0
    reasks: int = 0

    def add(self, completion: ChatCompletion, latency: float) -> None:
        self.latency_s += latency
        usage = completion.usage
        if usage is None:
            return
        self.prompt_tokens += usage.prompt_tokens
        self.completion_tokens += usage.completion_tokens
        details = usage.prompt_tokens_details
        if details is not None and details.cached_tokens:
            self.cached_tokens += details.cached_tokens


class ModelClient:
    """Asks named queries of one model endpoint and keeps their usage."""

    def __init__(
        self,
        config: ModelConfig,
        *,
        prices: PriceTable | None = None,
        budget: Budget | None = None,
        ledger: UsageLedger | None = None,
        record: str | Path | None = None,
        replay: str | Path | Cassette | None = None,
        sleep: Callable[[float], None] = time.sleep,
        seed: int | None = None,
    ) -> None:
        self.config = config
        self.prices = prices or PriceTable()
        self.budget = budget or Budget()
        self.ledger = ledger if ledger is not None else UsageLedger()
        self._sleep = sleep
        self._random = random.Random(seed)
        self._structured = config.structured
        self._tools_native = True
        scrubber = Scrubber(config.secrets)
        transport: httpx2.BaseTransport = httpx2.HTTPTransport(verify=_tls())
        if replay is not None:
            cassette = replay if isinstance(replay, Cassette) else Cassette.load(replay, scrubber)
            transport = ReplayTransport(cassette)
        if record is not None:  # with `replay`: a recording made again from its answers
            transport = RecordingTransport(transport, CassetteWriter(record, scrubber))
        self._http = httpx2.Client(transport=transport, timeout=config.timeout)
        self._openai = openai.OpenAI(
            api_key=config.key_for_client,
            base_url=config.base_url,
            timeout=config.timeout,
            max_retries=0,
            http_client=self._http,
        )

    def ask(
        self,
        query: Query[T],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **variables: Any,
    ) -> T:
        """Ask `query` with its template's `variables`; return the typed answer.

        Tool queries need `tools` (OpenAI tool definitions, e.g. `webagent.actions
        .tool_schemas(...)`). Raises `BudgetExceeded`, `ModelUnavailableError`,
        `AnswerParseError` or `CassetteMiss`.
        """
        if query.mode == "tools" and not tools:
            raise ValueError(f"query {query.name!r} answers with tools; pass tools=")
        self.budget.check(self.ledger)
        messages: list[Message] = render(query.template, **variables)
        attempts = _Attempts()
        try:
            for reask in range(self.config.max_reasks + 1):
                completion = self._complete(query, messages, tools, attempts)
                choices = completion.choices
                content = (choices[0].message.content or "") if choices else ""
                try:
                    return query.read(self._decode(query, completion))
                except (_Unfit, ValidationError, ActionParseError, ValueError) as problem:
                    reason = _reason(problem)
                    if reask == self.config.max_reasks:
                        raise AnswerParseError(query.name, reason, content) from problem
                    attempts.reasks += 1
                    messages = [
                        *messages,
                        {"role": "assistant", "content": _shown_answer(completion)},
                        *render("reask", problem=reason),
                    ]
            raise AssertionError("unreachable")  # pragma: no cover
        finally:
            self._record(query, attempts)

    def close(self) -> None:
        self._openai.close()

    def __enter__(self) -> ModelClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- one request, with retries and fallbacks --------------------------------------------
    def _complete(
        self,
        query: Query[Any],
        messages: list[Message],
        tools: Sequence[Mapping[str, Any]] | None,
        attempts: _Attempts,
    ) -> ChatCompletion:
        while True:
            request = self._request(query, messages, tools)
            started = time.monotonic()
            try:
                completion: ChatCompletion = self._openai.chat.completions.create(**request)
            except openai.BadRequestError as error:
                if self._fall_back(query, error):
                    continue
                raise ModelUnavailableError(
                    f"{query.name}: the server refused the request: {_message(error)}"
                ) from error
            except _RETRYABLE as error:
                if isinstance(error.__cause__, CassetteMiss):
                    raise error.__cause__ from None
                if attempts.retries >= self.config.max_retries:
                    raise ModelUnavailableError(
                        f"{query.name}: no answer after {attempts.retries} retries "
                        f"({type(error).__name__}: {_message(error)})"
                    ) from error
                self._sleep(self._delay(attempts.retries, error))
                attempts.retries += 1
                continue
            except openai.APIStatusError as error:
                raise ModelUnavailableError(
                    f"{query.name}: HTTP {error.status_code} from the server: {_message(error)}"
                    + (" (check OPENAI_API_KEY)" if error.status_code in (401, 403) else "")
                ) from error
            attempts.add(completion, time.monotonic() - started)
            return completion

    def _request(
        self,
        query: Query[Any],
        messages: list[Message],
        tools: Sequence[Mapping[str, Any]] | None,
    ) -> dict[str, Any]:
        sent: list[Message] = list(messages)
        request: dict[str, Any] = {
            "model": self.config.model,
            "temperature": self.config.temperature,
            "extra_headers": {QUERY_HEADER: query.name},
        }
        if self.config.max_tokens is not None:
            request["max_tokens"] = self.config.max_tokens
        if query.mode == "json":
            if self._structured == "text":
                schema = json.dumps(query.schema, sort_keys=True)
                sent.extend(render("json_answer", schema=schema))
            else:
                request["response_format"] = {
                    "type": "json_schema",
                    "json_schema": {"name": query.name, "schema": query.schema, "strict": True},
                }
        elif self._tools_native:
            request["tools"] = list(tools or ())
            request["tool_choice"] = "required"
        else:
            sent.extend(render("tool_answer", tools=tool_specs(tools or ())))
        request["messages"] = sent
        return request

    def _fall_back(self, query: Query[Any], error: openai.BadRequestError) -> bool:
        """Switch to answers in text when the server refuses structured outputs or tools."""
        text = _message(error).lower()
        if query.mode == "json" and self._structured == "auto" and "response_format" in text:
            self._structured = "text"
            return True
        if query.mode == "tools" and self._tools_native and "tool" in text:
            self._tools_native = False
            return True
        return False

    def _delay(self, retries: int, error: Exception) -> float:
        """Retry-After when the server gives one, else exponential backoff with jitter."""
        response = getattr(error, "response", None)
        if response is not None:
            for header, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
                value = response.headers.get(header)
                try:
                    if value is not None:
                        # Bounded both ways: a negative header must not make sleep() raise.
                        wait = max(0.0, min(float(value) / scale, self.config.backoff_max))
                        return wait
                except ValueError:
                    pass
        ceiling = min(self.config.backoff_base * 2.0**retries, self.config.backoff_max)
        return ceiling / 2 + self._random.uniform(0, ceiling / 2)

    # -- reading the answer -------------------------------------------------------------------
    def _decode(self, query: Query[Any], completion: ChatCompletion) -> Any:
        if not completion.choices:
            raise _Unfit("the answer has no choices")
        choice = completion.choices[0]
        if choice.finish_reason == "length":
            raise _Unfit("the answer was cut off (finish_reason: length)")
        message = choice.message
        if query.mode == "json":
            return extract_json(message.content or "")
        calls = message.tool_calls or []
        if calls:
            function = getattr(calls[0], "function", None)
            if function is None:
                raise _Unfit("the tool call has no function")
            try:
                arguments = json.loads(function.arguments or "{}")
            except json.JSONDecodeError as error:
                raise _Unfit(f"the tool call's arguments are not JSON: {error}") from error
            if not isinstance(arguments, dict):
                raise _Unfit("the tool call's arguments must be a JSON object")
            return ToolCall(function.name, arguments)
        data = extract_json(message.content or "")
        if not isinstance(data, dict) or "tool" not in data:
            raise _Unfit("the answer holds no tool call")
        arguments = data.get("arguments") or {}
        if not isinstance(arguments, dict):
            raise _Unfit("the tool call's arguments must be a JSON object")
        return ToolCall(str(data["tool"]), arguments)

    def _record(self, query: Query[Any], attempts: _Attempts) -> None:
        cost = self.prices.cost(
            self.config.model,
            attempts.prompt_tokens,
            attempts.completion_tokens,
            attempts.cached_tokens,
        )
        self.ledger.add(
            CallUsage(
                query=query.name,
                model=self.config.model,
                prompt_tokens=attempts.prompt_tokens,
                completion_tokens=attempts.completion_tokens,
                cached_tokens=attempts.cached_tokens,
                latency_s=attempts.latency_s,
                retries=attempts.retries,
                reasks=attempts.reasks,
                cost=cost,
                step=self.ledger.step,
            )
        )


def extract_json(text: str) -> Any:
    """The JSON value in a model's text: the whole text, a code fence, or the outermost
    `{...}`; `_Unfit` when there is none."""
    text = text.strip()
    candidates = [text, *(_FENCE.findall(text))]
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except json.JSONDecodeError:
            continue
    shown = text if len(text) <= 200 else text[:200] + "…"
    raise _Unfit(f"no JSON object in the answer: {shown!r}")


def _shown_answer(completion: ChatCompletion) -> str:
    if not completion.choices:
        return "(empty answer)"
    message = completion.choices[0].message
    if message.content:
        return message.content
    calls = message.tool_calls or []
    if calls and getattr(calls[0], "function", None) is not None:
        function = calls[0].function  # type: ignore[union-attr]
        return json.dumps({"tool": function.name, "arguments": function.arguments})
    return "(empty answer)"


def _reason(problem: Exception) -> str:
    if isinstance(problem, ValidationError):
        return "; ".join(
            f"{'.'.join(str(part) for part in issue['loc']) or 'answer'}: {issue['msg']}"
            for issue in problem.errors()[:6]
        )
    return str(problem)


def _message(error: Exception) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
    return str(error).splitlines()[0] if str(error) else type(error).__name__


@functools.cache
def _tls() -> ssl.SSLContext:
    """The process's TLS settings for model endpoints (certificates from `certifi`, or
    SSL_CERT_FILE / SSL_CERT_DIR as they were at the first client), made once: making them
    reads the whole bundle of certificate authorities, a tenth of a second of CPU that every
    task's client would otherwise spend again."""
    return httpx2.create_ssl_context()
