"""A model endpoint answered by a person or any program, through files: the relay.

    webagent llm relay answers/ --port 8765          # then point the agent at it:
    webagent run "..." --site demo_shop --base-url http://127.0.0.1:8765/v1

Each request becomes `answers/0001-step.md`: what a model would read (every message, the
tools with their parameters, the answer's schema) and how to answer. Whoever plays the model
writes `0001-step.answer.json` beside it:

    {"tool": "act", "arguments": {"thought": "...", "action": "click [e12]", ...}}   a tool call
    {"subtasks": ["..."]}                                                             a JSON answer
    {"content": "..."}                                                                plain text

The relay reads it, checks it against what the request asked for (the tool's name and its
required arguments, the JSON schema's required fields; unknown fields are refused where the
schema is closed) and sends it back as the model's answer. An answer that does not fit gets
`0001-step.error.md` saying why, and the relay waits for the file to be written again. A request
nobody answers within the timeout gets a 504, as a model that does not answer would.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from webagent.llm.completion import ChatRequest, ScriptedAnswer

POLL_SECONDS = 0.2


class RelayTimeout(TimeoutError):
    """Nobody answered a request in time (the server answers 504)."""


@dataclass(frozen=True, slots=True)
class RelayFiles:
    """The files of one relayed request."""

    request: Path
    answer: Path
    error: Path


class Relay:
    """The answerer of a scripted model server that hands each request to whoever writes
    the answer files in `folder`, waiting up to `timeout` seconds per request."""

    def __init__(self, folder: Path, *, timeout: float = 600.0) -> None:
        self.folder = folder
        self.timeout = timeout
        folder.mkdir(parents=True, exist_ok=True)
        # after every numbered file, answers too: a stale answer never answers a new request
        start = 1 + max((_number(path) for path in folder.iterdir()), default=0)
        self._numbers = itertools.count(start)
        self._lock = threading.Lock()
        self._pending: dict[str, tuple[int, int]] = {}
        """A request being waited for, by its body: its number and how many wait for it."""

    def files(self, number: int, query: str) -> RelayFiles:
        name = re.sub(r"[^A-Za-z0-9_-]+", "-", query).strip("-") or "request"
        stem = self.folder / f"{number:04d}-{name}"
        return RelayFiles(Path(f"{stem}.md"), Path(f"{stem}.answer.json"), Path(f"{stem}.error.md"))

    def __call__(self, request: ChatRequest) -> ScriptedAnswer:
        # A client that gave up waiting sends the same request again: it waits for the same
        # files (one page to answer, not a second one while the first is being written).
        key = hashlib.sha256(json.dumps(request.raw, sort_keys=True).encode()).hexdigest()
        with self._lock:
            number, waiting = self._pending.get(key, (0, 0))
            if not waiting:
                number = next(self._numbers)
            self._pending[key] = (number, waiting + 1)
        files = self.files(number, request.query)
        try:
            if not waiting:
                _write_whole(files.request, request_markdown(request, number, files))
            return self._wait(request, files)
        finally:
            with self._lock:
                number, waiting = self._pending[key]
                if waiting > 1:
                    self._pending[key] = (number, waiting - 1)
                else:
                    del self._pending[key]

    def _wait(self, request: ChatRequest, files: RelayFiles) -> ScriptedAnswer:
        deadline = time.monotonic() + self.timeout
        seen: tuple[int, int] | None = None
        while time.monotonic() < deadline:
            version = _version(files.answer)
            if version is not None and version != seen:
                # a file caught half written is read again when it is whole: its size changes
                seen = version
                try:
                    answer = read_answer(request, files.answer.read_text(encoding="utf-8"))
                except ValueError as problem:
                    _write_whole(files.error, _error_markdown(files, problem))
                    continue
                except OSError:  # gone again (an editor's save): wait for the next
                    continue
                files.error.unlink(missing_ok=True)
                return answer
            time.sleep(POLL_SECONDS)
        raise RelayTimeout(f"no answer in {files.answer} within {self.timeout:g} s")


def _write_whole(path: Path, text: str) -> None:
    """Write a page so that whoever watches the folder never reads it half written: into a
    hidden file beside it, then renamed (a rename is atomic)."""
    hidden = path.with_name(f".{path.name}.part")
    hidden.write_text(text, encoding="utf-8")
    hidden.replace(path)


def read_answer(request: ChatRequest, text: str) -> ScriptedAnswer:
    """An answer file's content as the model's answer; `ValueError` saying what does not fit
    what `request` asked for."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"the answer is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise ValueError("the answer must be a JSON object")
    tools = {t["function"]["name"]: t["function"] for t in request.body.tools or ()}
    if tools:
        if set(data) != {"tool", "arguments"}:
            raise ValueError('answer with {"tool": NAME, "arguments": {...}}')
        function = tools.get(str(data["tool"]))
        if function is None:
            raise ValueError(f"no tool {data['tool']!r}; the tools are {', '.join(tools)}")
        arguments = data["arguments"]
        _check(arguments, function.get("parameters") or {}, "the arguments")
        return ScriptedAnswer.tool(str(data["tool"]), arguments)
    schema = _schema(request)
    if schema is not None:
        _check(data, schema, "the answer")
        return ScriptedAnswer.json(data)
    if set(data) != {"content"} or not isinstance(data["content"], str):
        raise ValueError('this request takes text: answer with {"content": "..."}')
    return ScriptedAnswer.text(data["content"])


def _schema(request: ChatRequest) -> dict[str, Any] | None:
    response_format = request.raw.get("response_format") or {}
    if response_format.get("type") != "json_schema":
        return None
    schema = (response_format.get("json_schema") or {}).get("schema")
    return schema if isinstance(schema, dict) else None


def _check(value: Any, schema: dict[str, Any], where: str) -> None:
    """The object's required fields are there and, where the schema is closed, nothing
    else is (the shapes below are for the agent to check: it says what is wrong)."""
    if not isinstance(value, dict):
        raise ValueError(f"{where} must be a JSON object")
    properties = schema.get("properties") or {}
    missing = [name for name in schema.get("required") or () if name not in value]
    if missing:
        raise ValueError(
            f"missing from {where}: {', '.join(missing)} (null where one does not apply)"
        )
    if schema.get("additionalProperties") is False:
        unknown = sorted(set(value) - set(properties))
        if unknown:
            raise ValueError(
                f"unknown fields in {where}: {', '.join(unknown)}; "
                f"the fields are {', '.join(properties)}"
            )


def request_markdown(request: ChatRequest, number: int, files: RelayFiles | None = None) -> str:
    """A request as a readable Markdown page: the messages, the tools with their parameters,
    the answer's schema, and (for the relay) how to answer it."""
    lines = [f"# Request {number}: {request.query}", ""]
    for message in request.body.messages:
        lines += [f"## {message.role}", "", _fenced(message.text()), ""]
    for tool in request.body.tools or ():
        function = tool["function"]
        lines += [f"## tool `{function['name']}`", ""]
        if function.get("description"):
            lines += [str(function["description"]), ""]
        lines += _parameters(function.get("parameters") or {})
    schema = _schema(request)
    if schema is not None:
        lines += ["## the answer's JSON schema", "", _fenced(json.dumps(schema, indent=2)), ""]
    if files is not None:
        lines += ["## how to answer", "", _how(request, files), ""]
    return "\n".join(lines).rstrip() + "\n"


def _parameters(parameters: dict[str, Any]) -> list[str]:
    lines = []
    required = set(parameters.get("required") or ())
    for name, spec in (parameters.get("properties") or {}).items():
        enum = f" ({' | '.join(json.dumps(v) for v in spec['enum'])})" if "enum" in spec else ""
        need = "" if name in required else " (optional)"
        about = f": {spec['description']}" if spec.get("description") else ""
        lines.append(f"- `{name}` {_kind(spec)}{enum}{need}{about}".rstrip())
    return [*lines, ""] if lines else []


def _kind(spec: dict[str, Any]) -> str:
    """A parameter's type in words: `array of string or null`."""
    kinds = spec.get("type") or ("one of" if "anyOf" in spec else "")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    items = spec.get("items") or {}
    if "array" in kinds and isinstance(items, dict) and items.get("type"):
        of = _kind(items).replace(" or ", "/")
        kinds = [f"array of {of}" if kind == "array" else kind for kind in kinds]
    return " or ".join(str(kind) for kind in kinds if kind)


def _how(request: ChatRequest, files: RelayFiles) -> str:
    name = files.answer.name
    if request.body.tools:
        tool = request.body.tools[0]["function"]
        fields = dict.fromkeys((tool.get("parameters") or {}).get("properties") or {})
        example = json.dumps({"tool": tool["name"], "arguments": fields}, indent=2)
        return f"Write `{name}` with one tool call:\n\n{_fenced(example)}"
    if _schema(request) is not None:
        return f"Write `{name}` with one JSON object that fits the schema above."
    return f'Write `{name}` with {{"content": "your answer"}}.'


def _error_markdown(files: RelayFiles, problem: ValueError) -> str:
    return (
        f"# {files.answer.name} does not fit\n\n{problem}\n\n"
        f"Write `{files.answer.name}` again; the relay reads it as soon as it changes.\n"
    )


def _fenced(text: str) -> str:
    fence = "````" if "```" in text else "```"
    return f"{fence}\n{text}\n{fence}"


def _version(path: Path) -> tuple[int, int] | None:
    """When the file last changed and its size; None when there is no file."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size)


def _number(path: Path) -> int:
    head = path.name.split("-", 1)[0]
    return int(head) if head.isdigit() else 0
