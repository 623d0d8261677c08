"""The relay, a model endpoint answered through files (`webagent llm relay`): how an answer file
is read and refused, what a request page shows, and the relay over HTTP, where a person (a
thread here) writes the answers."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any, TypeVar

import openai
import pytest
from openai.types.chat import ChatCompletion, ChatCompletionMessageFunctionToolCall

from tests.llm.doubles import SUMMARIZE_VARS, ClientFactory, ServerFactory
from webagent.cli import main
from webagent.controller.queries import PLAN, StepForm, step_tools
from webagent.llm import SUMMARIZE
from webagent.llm.completion import ChatRequest
from webagent.llm.relay import Relay, read_answer, request_markdown
from webagent.llm.server import ModelServer

T = TypeVar("T")

ACT_TOOLS = step_tools(StepForm(remedies=2, evaluate=True, plan=True, backtrack=True))
"""The agent's own step tool, `act`, with every field a run can ask for."""
ACT_FIELDS = list(ACT_TOOLS[0]["function"]["parameters"]["properties"])
ARGUMENTS: dict[str, Any] = {
    **dict.fromkeys(ACT_FIELDS),
    "thought": "The search box finds the headphones.",
    "action": "type [e22] [Sony WC1493X] [1]",
    "remedies": ["click [e34]"],
    "irreversible": False,
}
SYSTEM = "You operate a web browser to do a task for a person."
USER = (
    "Task: What is the price of the Sony WC1493X?\n\n"
    "Current page:\n<page>\n[e22] searchbox 'Search'\n</page>"
)


def _request(
    query: str,
    *,
    tools: list[dict[str, Any]] | None = None,
    schema: Mapping[str, Any] | None = None,
    messages: list[dict[str, Any]] | None = None,
) -> ChatRequest:
    raw: dict[str, Any] = {
        "model": "gpt-4o-mini",
        "messages": messages
        or [{"role": "system", "content": SYSTEM}, {"role": "user", "content": USER}],
    }
    if tools is not None:
        raw["tools"] = tools
        raw["tool_choice"] = "required"
    if schema is not None:
        raw["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": query, "schema": schema, "strict": True},
        }
    return ChatRequest.parse(query, raw)


STEP = _request("step", tools=ACT_TOOLS)
PLANNING = _request("plan", schema=PLAN.schema)
SUMMARY = _request("summarize")  # no tools, no schema: text


# -- reading an answer file ----------------------------------------------------------------------
def test_a_tool_call_for_the_requests_tool_is_the_answer() -> None:
    answer = read_answer(STEP, json.dumps({"tool": "act", "arguments": ARGUMENTS}))

    assert answer.content is None
    assert answer.tool_call is not None
    assert answer.tool_call.name == "act"
    assert json.loads(answer.tool_call.arguments) == ARGUMENTS


def test_a_json_answer_that_fits_the_schema_is_the_content() -> None:
    answer = read_answer(PLANNING, '{"subtasks": ["Search for the headphones", "Open them"]}')

    assert answer.tool_call is None
    assert json.loads(answer.content or "") == {
        "subtasks": ["Search for the headphones", "Open them"]
    }


def test_plain_text_is_the_content() -> None:
    answer = read_answer(SUMMARY, '{"content": "The headphones cost $61.49."}')

    assert answer.content == "The headphones cost $61.49."
    assert answer.tool_call is None


def test_an_open_schema_takes_fields_it_does_not_name() -> None:
    schema = {"type": "object", "properties": {"state": {"type": "string"}}, "required": ["state"]}
    request = _request("classify", schema=schema)

    answer = read_answer(request, '{"state": "home", "reason": "the front page"}')

    assert json.loads(answer.content or "") == {"state": "home", "reason": "the front page"}


WITHOUT_ACTION = {k: v for k, v in ARGUMENTS.items() if k not in ("thought", "action")}


@pytest.mark.parametrize(
    ("request_", "text", "says"),
    [
        pytest.param(
            STEP,
            json.dumps({"tool": "click", "arguments": {"element": "e22"}}),
            ["no tool 'click'", "the tools are act"],
            id="wrong tool",
        ),
        pytest.param(
            STEP,
            json.dumps({"tool": "act", "arguments": WITHOUT_ACTION}),
            ["missing from the arguments: thought, action"],
            id="missing arguments",
        ),
        pytest.param(
            STEP,
            json.dumps({"tool": "act", "arguments": {**ARGUMENTS, "confidence": 0.9}}),
            ["unknown fields in the arguments: confidence", "the fields are plan, effect"],
            id="unknown argument",
        ),
        pytest.param(
            STEP,
            json.dumps({"tool": "act", "arguments": "click [e22]"}),
            ["the arguments must be a JSON object"],
            id="arguments not an object",
        ),
        pytest.param(
            STEP,
            json.dumps(ARGUMENTS),
            ['answer with {"tool": NAME, "arguments": {...}}'],
            id="arguments without the tool",
        ),
        pytest.param(
            PLANNING,
            '{"subtasks": ["Search"], "notes": "easy"}',
            ["unknown fields in the answer: notes", "the fields are subtasks"],
            id="unknown field in a closed schema",
        ),
        pytest.param(PLANNING, "{}", ["missing from the answer: subtasks"], id="missing field"),
        pytest.param(
            PLANNING,
            '{"subtasks": ["Search", "Open"],}',
            ["the answer is not JSON", "line 1"],
            id="malformed JSON",
        ),
        pytest.param(PLANNING, '["Search", "Open"]', ["must be a JSON object"], id="a list"),
        pytest.param(
            SUMMARY,
            '{"summary": "They cost $61.49."}',
            ['this request takes text: answer with {"content": "..."}'],
            id="text asked, JSON given",
        ),
    ],
)
def test_an_answer_that_does_not_fit_is_refused_with_the_reason(
    request_: ChatRequest, text: str, says: list[str]
) -> None:
    with pytest.raises(ValueError, match=re.escape(says[0])) as refused:
        read_answer(request_, text)

    for words in says[1:]:
        assert words in str(refused.value)


# -- the request page ----------------------------------------------------------------------------
def _section(page: str, heading: str) -> str:
    """The text under `## heading`, to the next heading outside a fence."""
    start = page.index(f"\n## {heading}\n") + len(heading) + 5
    following = re.search(r"^## ", page[start:], re.M)
    return page[start : start + following.start() if following else len(page)]


def test_the_request_page_shows_every_message_and_the_tool(tmp_path: Path) -> None:
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": USER},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "act", "arguments": '{"action": "click [e99]"}'},
                }
            ],
        },
        {"role": "user", "content": "Your answer did not fit: e99 is not on the page."},
    ]
    request = _request("step", tools=ACT_TOOLS, messages=messages)
    files = Relay(tmp_path).files(7, "step")

    page = request_markdown(request, 7, files)

    assert page.startswith("# Request 7: step\n")
    assert f"## system\n\n```\n{SYSTEM}\n```" in page
    assert f"## user\n\n```\n{USER}\n```" in page
    assert 'act({"action": "click [e99]"})' in _section(page, "assistant")
    assert "Your answer did not fit: e99 is not on the page." in page
    tool = _section(page, "tool `act`")
    assert ACT_TOOLS[0]["function"]["description"].splitlines()[0] in tool
    for name in ACT_FIELDS:
        assert f"- `{name}` " in tool
    assert "- `plan` array of string or null\n" in tool
    assert '- `then` string or null ("recover" | "backtrack" | null)\n' in tool
    assert "- `irreversible` boolean\n" in tool
    how = _section(page, "how to answer")
    assert "Write `0007-step.answer.json` with one tool call" in how
    example = json.loads(how.split("```")[1])
    assert example == {"tool": "act", "arguments": dict.fromkeys(ACT_FIELDS)}


def test_the_request_page_shows_the_schema_a_json_answer_must_fit(tmp_path: Path) -> None:
    files = Relay(tmp_path).files(3, "plan")

    page = request_markdown(PLANNING, 3, files)

    assert USER in page
    schema = _section(page, "the answer's JSON schema")
    assert json.loads(schema.split("```")[1]) == PLAN.schema
    how = _section(page, "how to answer")
    assert "Write `0003-plan.answer.json` with one JSON object that fits the schema" in how
    assert "## tool" not in page


def test_the_request_page_of_a_text_answer_says_how_to_write_it(tmp_path: Path) -> None:
    page = request_markdown(SUMMARY, 12, Relay(tmp_path).files(12, "summarize"))

    assert 'Write `0012-summarize.answer.json` with {"content": "your answer"}.' in page


def test_a_message_with_a_fence_of_its_own_stays_whole() -> None:
    text = 'Answer in JSON:\n```json\n{"subtasks": []}\n```'
    request = _request("plan", schema=PLAN.schema, messages=[{"role": "user", "content": text}])

    page = request_markdown(request, 1)

    assert f"## user\n\n````\n{text}\n````" in page
    assert "how to answer" not in page  # no files: a page for reading, not for the relay


# -- the relay, with a person answering ----------------------------------------------------------
def _wait_for(path: Path, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.02)


def _write(path: Path, answer: Any) -> None:
    """Write an answer file whole at once, as an editor saving it does."""
    partial = path.with_name(f".{path.name}.part")
    partial.write_text(json.dumps(answer), encoding="utf-8")
    os.replace(partial, path)


@pytest.fixture
def person() -> Iterator[Callable[[Callable[[], T]], Future[T]]]:
    """Runs a person's part beside the test; their failure fails the test."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        yield pool.submit


@pytest.fixture
def chat(serve_model: ServerFactory) -> Callable[[Relay], tuple[openai.OpenAI, ModelServer]]:
    def start(relay: Relay) -> tuple[openai.OpenAI, ModelServer]:
        server = serve_model(answerer=relay)
        client = openai.OpenAI(base_url=server.url, api_key="any", max_retries=0, timeout=20)
        return client, server

    return start


def _ask_step(client: openai.OpenAI) -> ChatCompletion:
    """The agent's step request, as its client sends it."""
    body: dict[str, Any] = {
        "model": "gpt-4o-mini",
        "messages": [{"role": "system", "content": SYSTEM}, {"role": "user", "content": USER}],
        "tools": ACT_TOOLS,
        "tool_choice": "required",
    }
    completion: ChatCompletion = client.chat.completions.create(
        **body, extra_headers={"X-Webagent-Query": "step"}
    )
    return completion


def test_a_bad_answer_gets_an_error_file_and_a_corrected_one_is_the_models_answer(
    tmp_path: Path,
    chat: Callable[[Relay], tuple[openai.OpenAI, ModelServer]],
    person: Callable[[Callable[[], dict[str, str]]], Future[dict[str, str]]],
) -> None:
    relay = Relay(tmp_path / "answers", timeout=20)
    client, server = chat(relay)
    files = relay.files(1, "step")

    def play() -> dict[str, str]:
        _wait_for(files.request)
        page = files.request.read_text(encoding="utf-8")
        _write(files.answer, {"tool": "click", "arguments": {"element": "e22"}})
        _wait_for(files.error)
        error = files.error.read_text(encoding="utf-8")
        _write(files.answer, {"tool": "act", "arguments": ARGUMENTS})
        return {"page": page, "error": error}

    played = person(play)
    completion = _ask_step(client)
    seen = played.result(timeout=5)

    assert files.request.name == "0001-step.md"
    assert "Task: What is the price of the Sony WC1493X?" in seen["page"]
    assert "no tool 'click'; the tools are act" in seen["error"]
    assert "Write `0001-step.answer.json` again" in seen["error"]
    calls = completion.choices[0].message.tool_calls or []
    assert len(calls) == 1
    call = calls[0]
    assert isinstance(call, ChatCompletionMessageFunctionToolCall)
    assert call.function.name == "act"
    assert json.loads(call.function.arguments) == ARGUMENTS
    assert completion.choices[0].finish_reason == "tool_calls"
    assert not files.error.exists()  # fixed: the error is gone
    assert [(s.query, s.status) for s in server.log] == [("step", 200)]  # one request, waited on


def test_the_agents_client_gets_a_persons_json_answer(
    tmp_path: Path,
    serve_model: ServerFactory,
    client_for: ClientFactory,
    person: Callable[[Callable[[], None]], Future[None]],
) -> None:
    relay = Relay(tmp_path, timeout=20)
    files = relay.files(1, "summarize")

    def play() -> None:
        _wait_for(files.request)
        _write(files.answer, {"summary": "The headphones cost $61.49."})

    played = person(play)
    summary = client_for(serve_model(answerer=relay)).ask(SUMMARIZE, **SUMMARIZE_VARS)
    played.result(timeout=5)

    assert summary.summary == "The headphones cost $61.49."
    assert "## the answer's JSON schema" in files.request.read_text(encoding="utf-8")


def test_a_request_nobody_answers_in_time_is_a_504(
    tmp_path: Path, chat: Callable[[Relay], tuple[openai.OpenAI, ModelServer]]
) -> None:
    relay = Relay(tmp_path, timeout=0.5)
    client, server = chat(relay)
    started = time.monotonic()

    with pytest.raises(openai.APIStatusError) as failed:
        _ask_step(client)

    assert failed.value.status_code == 504
    assert "no answer in" in failed.value.message
    assert "0001-step.answer.json within 0.5 s" in failed.value.message
    assert time.monotonic() - started >= 0.5
    assert (tmp_path / "0001-step.md").is_file()  # what was asked stays, for whoever comes late
    assert [(s.query, s.status) for s in server.log] == [("step", 504)]


def test_a_client_that_gives_up_and_asks_again_waits_on_the_same_page(
    tmp_path: Path, person: Callable[[Callable[[], None]], Future[None]]
) -> None:
    """A client's own timeout is shorter than a person's thinking: its retry of the same
    request waits for the page already written, and the one answer serves both."""
    relay = Relay(tmp_path, timeout=20)
    with ThreadPoolExecutor(max_workers=2) as asking:
        first = asking.submit(relay, SUMMARY)
        _wait_for(tmp_path / "0001-summarize.md")
        again = asking.submit(relay, SUMMARY)  # the client gave up on the first and retried
        time.sleep(0.5)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["0001-summarize.md"]

        def play() -> None:
            _write(tmp_path / "0001-summarize.answer.json", {"content": "once"})

        person(play).result(timeout=5)
        assert first.result(timeout=5).content == again.result(timeout=5).content == "once"
    with ThreadPoolExecutor(max_workers=1) as asking:  # answered: the same request is new
        asked = asking.submit(relay, SUMMARY)
        _wait_for(tmp_path / "0002-summarize.md")
        _write(tmp_path / "0002-summarize.answer.json", {"content": "twice"})
        assert asked.result(timeout=5).content == "twice"


def test_numbering_goes_on_after_the_files_in_the_folder(
    tmp_path: Path, person: Callable[[Callable[[], None]], Future[None]]
) -> None:
    for name in (
        "0003-plan.md",
        "0003-plan.answer.json",
        "0004-step.md",
        "0004-step.error.md",
        "0006-step.answer.json",  # an answer whose request was deleted
        "notes.txt",
    ):
        (tmp_path / name).write_text("{}")
    relay = Relay(tmp_path, timeout=20)

    def play() -> None:
        _wait_for(tmp_path / "0007-summarize.md")
        _write(tmp_path / "0007-summarize.answer.json", {"content": "seventh"})

    played = person(play)
    answer = relay(SUMMARY)
    played.result(timeout=5)

    assert answer.content == "seventh"
    assert not (tmp_path / "0005-summarize.md").exists()


# -- the command -----------------------------------------------------------------------------------
def _command() -> list[str]:
    script = Path(sys.executable).with_name("webagent")
    return [str(script)] if script.exists() else [sys.executable, "-m", "webagent"]


class _Lines:
    """A process's stdout lines, read in a thread so that a test waits with a deadline."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        stdout = process.stdout
        self._lines: queue.Queue[str] = queue.Queue()
        self.reader = threading.Thread(target=self._read, args=(stdout,), daemon=True)
        self.reader.start()

    def _read(self, stdout: IO[str]) -> None:
        for line in stdout:
            self._lines.put(line)

    def __call__(self) -> str:
        return self._lines.get(timeout=20).rstrip("\n")


def test_the_relay_command_serves_until_sigterm(tmp_path: Path) -> None:
    folder = tmp_path / "answers"
    process = subprocess.Popen(
        [*_command(), "llm", "relay", str(folder), "--port", "0", "--timeout", "0.5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = _Lines(process)
    try:
        first = line()
        match = re.fullmatch(
            r"relay on (http://127\.0\.0\.1:(\d+)/v1): requests and answers in (.+)", first
        )
        assert match, first
        assert match[2] != "0"  # the port bound, not the one asked for
        assert match[3] == str(folder)
        client = openai.OpenAI(base_url=match[1], api_key="any", max_retries=0, timeout=20)

        with pytest.raises(openai.APIStatusError) as failed:
            _ask_step(client)

        assert failed.value.status_code == 504
        assert line() == "#1 step -> 504"
        assert (folder / "0001-step.md").is_file()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        line.reader.join(timeout=5)  # it has read to the end
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def test_the_relay_command_wants_a_positive_timeout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["llm", "relay", str(tmp_path), "--port", "0", "--timeout", "0"]) == 2
    assert "--timeout must be more than 0 seconds" in capsys.readouterr().err


def test_a_page_is_never_seen_half_written(tmp_path: Path) -> None:
    """Whoever watches the folder reads a request page whole the moment it appears (it is
    written beside it and renamed), however long it is."""
    relay = Relay(tmp_path / "answers", timeout=20)
    big = "Current page:\n<page>\n" + "[e1] link 'A very long catalogue entry'\n" * 60_000
    request = _request("summarize", messages=[{"role": "user", "content": big}])
    files = relay.files(1, "summarize")
    first_seen: list[str] = []

    def watch() -> None:
        while not files.request.exists():
            pass  # as tight as a watching program can be
        first_seen.append(files.request.read_text(encoding="utf-8"))
        _write(files.answer, {"content": "a catalogue"})

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    answer = relay(request)
    watcher.join(timeout=10)
    assert answer.content == "a catalogue"
    assert first_seen == [files.request.read_text(encoding="utf-8")]
    assert not list(files.request.parent.glob(".*.part"))
