"""Scripts: the answers a scripted model server gives, in order, per query name.

A script file is JSONL, one answer a line::

    {"query": "plan", "answer": {"steps": ["search for mice", "sort by price"]}}
    {"query": "step", "answer": {"tool_call": {"name": "act", "arguments": {"action": "go_back"}}}}
    {"query": "summarize", "answer": "It costs $9.99.", "usage": {"prompt_tokens": 900}}

A string answer is raw text; `{"tool_call": {...}}` (that key alone) is a tool call; any other
JSON value is JSON content. Each query name has its own queue, served in file order, so the
order of different queries in the file does not matter. The same in Python::

    Script([("plan", {"steps": [...]}), ("step", ScriptedAnswer.tool("click", {"element": "e12"}))])

An `Answerer` is the other way to answer: a function from the request to an answer, for
answers that depend on what the request says (a demo-site oracle, for instance).
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import threading
from collections import defaultdict, deque
from collections.abc import Callable, Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, JsonValue, ValidationError

from webagent.errors import ConfigError
from webagent.llm.completion import ChatRequest, ScriptedAnswer, UsageOverride

Answerer = Callable[[ChatRequest], ScriptedAnswer]
"""Answers a request: any callable from the request to a `ScriptedAnswer`."""


class _Usage(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cached_tokens: int | None = None


class _Line(BaseModel):
    """One line of a script file; unknown keys are mistakes (a misspelt "usage")."""

    model_config = ConfigDict(extra="forbid")

    query: str
    answer: JsonValue
    usage: _Usage | None = None


class Script:
    """Answers queued per query name; safe to share between a server's request threads."""

    def __init__(self, pairs: Iterable[tuple[str, ScriptedAnswer | JsonValue]] = ()) -> None:
        """`pairs` of (query, answer); an answer is a `ScriptedAnswer` or written as in a
        script file (see `ScriptedAnswer.of`)."""
        self._queues: dict[str, deque[ScriptedAnswer]] = defaultdict(deque)
        self._totals: dict[str, int] = defaultdict(int)
        self._lock = threading.Lock()
        for query, given in pairs:
            answer = given
            if not isinstance(answer, ScriptedAnswer):
                try:
                    answer = ScriptedAnswer.of(answer)
                except ValueError as error:
                    raise ConfigError(f"script answer for {query!r}: {error}") from error
            self._queues[query].append(answer)
            self._totals[query] += 1

    @classmethod
    def load(cls, path: str | Path) -> Script:
        """Read a JSONL script; `ConfigError` naming file:line for anything malformed."""
        path = Path(path)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise ConfigError(f"cannot read script {path}: {error.strerror}") from error
        pairs = []
        for number, line in enumerate(lines, start=1):
            if line.strip():
                pairs.append(_read_line(line, f"{path}:{number}"))
        return cls(pairs)

    def next(self, query: str, *, consume: bool = True) -> ScriptedAnswer | None:
        """The next answer for `query` (None when there is none left); `consume=False` leaves
        it in place, for a response that is going to fail anyway."""
        with self._lock:
            queue = self._queues.get(query)
            if not queue:
                return None
            return queue.popleft() if consume else queue[0]

    def total(self, query: str) -> int:
        """How many answers the script had for `query` at the start."""
        return self._totals.get(query, 0)

    def remaining(self, query: str) -> int:
        """How many answers for `query` are still to be served."""
        with self._lock:
            return len(self._queues.get(query, ()))

    def queries(self) -> list[str]:
        """The query names the script answers, sorted."""
        return sorted(self._totals)


def _read_line(line: str, where: str) -> tuple[str, ScriptedAnswer]:
    try:
        data = _Line.model_validate(json.loads(line))
    except json.JSONDecodeError as error:
        raise ConfigError(f"{where}: not JSON ({error.msg} at column {error.colno})") from error
    except ValidationError as error:
        problem = error.errors()[0]
        field = ".".join(str(part) for part in problem["loc"]) or "line"
        raise ConfigError(
            f'{where}: {field}: {problem["msg"]} (a line is {{"query": NAME, "answer": A}})'
        ) from error
    usage = UsageOverride(**data.usage.model_dump()) if data.usage else None
    try:
        return data.query, ScriptedAnswer.of(data.answer, usage)
    except ValueError as error:
        raise ConfigError(f"{where}: answer: {error}") from error


def load_answerer(spec: str) -> Answerer:
    """The function named `package.module:function`, imported (the current directory is on
    the import path, as for `python -m`). `ConfigError` says why it cannot be loaded."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ConfigError(f"answerer {spec!r} is not of the form package.module:function")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ConfigError(f"answerer {spec!r}: cannot import {module_name}: {error}") from error
    function = getattr(module, attribute, None)
    if not callable(function):
        raise ConfigError(f"answerer {spec!r}: {module_name} has no function {attribute!r}")
    answerer: Answerer = function
    return answerer
