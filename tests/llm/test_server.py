"""The scripted model server on the wire (raw HTTP with httpx2, the HTTP library the openai SDK
runs on), its scripts, and `webagent llm serve`."""

from __future__ import annotations

import json
import queue
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

from tests.llm.doubles import (
    SUMMARIZE_VARS,
    ClientFactory,
    ServerFactory,
    echo_answerer,
    plan_starting,
)
from webagent.cli import main
from webagent.errors import ConfigError, ModelUnavailableError
from webagent.llm import SUMMARIZE
from webagent.llm.completion import ChatRequest, ScriptedAnswer, UsageOverride
from webagent.llm.faults import Fault
from webagent.llm.script import Script, load_answerer
from webagent.llm.server import ModelServer
from webagent.observation import count_tokens

QUERY = {"X-Webagent-Query": "summarize"}
HELLO = {"model": "m", "messages": [{"role": "user", "content": "Hello there"}]}


@pytest.fixture
def http() -> Iterator[httpx2.Client]:
    with httpx2.Client(timeout=5) as client:
        yield client


def _post(
    http: httpx2.Client, server: ModelServer, body: Any, query: str | None = "summarize"
) -> httpx2.Response:
    headers = {"X-Webagent-Query": query} if query is not None else {}
    return http.post(f"{server.url}/chat/completions", json=body, headers=headers)


def _assert_openai_error(response: httpx2.Response, status: int, code: str | None = None) -> str:
    """The response is an error in OpenAI's shape; its message."""
    assert response.status_code == status
    error = response.json()["error"]
    assert set(error) == {"message", "type", "param", "code"}
    assert isinstance(error["message"], str)
    assert error["message"]
    if code is not None:
        assert error["code"] == code
    return str(error["message"])


# -- routes and request checks -------------------------------------------------------------------
def test_models_are_listed(serve_model: ServerFactory, http: httpx2.Client) -> None:
    server = serve_model(script=Script(), models=("gpt-4o-mini", "local"))

    response = http.get(f"{server.url}/models")

    assert response.status_code == 200
    listing = response.json()
    assert listing["object"] == "list"
    assert [model["id"] for model in listing["data"]] == ["gpt-4o-mini", "local"]
    _assert_openai_error(http.post(f"{server.url}/models"), 405)


def test_a_request_without_its_query_header_is_refused(
    serve_model: ServerFactory, http: httpx2.Client
) -> None:
    server = serve_model(script=Script([("summarize", "hi")]))

    response = _post(http, server, HELLO, query=None)

    message = _assert_openai_error(response, 400, "missing_query")
    assert "X-Webagent-Query" in message
    assert server.log[0].query is None
    assert server.log[0].status == 400


def test_an_unknown_route_is_a_404(serve_model: ServerFactory, http: httpx2.Client) -> None:
    server = serve_model(script=Script())

    message = _assert_openai_error(http.get(f"{server.url}/completions"), 404, "unknown_url")

    assert "/v1/completions" in message
    _assert_openai_error(http.get(f"{server.url}/chat/completions"), 405)


@pytest.mark.parametrize(
    ("body", "param"),
    [
        ({**HELLO, "stream": True}, "stream"),
        ({**HELLO, "messages": []}, "messages"),
        ({"messages": HELLO["messages"]}, "model"),
    ],
)
def test_requests_a_real_server_would_reject_are_400s(
    serve_model: ServerFactory, http: httpx2.Client, body: dict[str, Any], param: str
) -> None:
    server = serve_model(script=Script([("summarize", "hi")]))

    response = _post(http, server, body)

    _assert_openai_error(response, 400)
    assert response.json()["error"]["param"] == param


def test_a_body_that_is_not_json_is_a_400(serve_model: ServerFactory, http: httpx2.Client) -> None:
    server = serve_model(script=Script())
    response = http.post(f"{server.url}/chat/completions", content=b"{not json", headers=QUERY)
    assert "not JSON" in _assert_openai_error(response, 400)


def test_an_exhausted_script_names_the_query(
    serve_model: ServerFactory, http: httpx2.Client, client_for: ClientFactory
) -> None:
    server = serve_model(script=Script([("summarize", "only one")]))
    assert _post(http, server, HELLO).status_code == 200

    message = _assert_openai_error(_post(http, server, HELLO), 400, "script_exhausted")
    assert "'summarize'" in message
    assert "(it had 1)" in message
    # Through the client: a refusal, not something to retry.
    with pytest.raises(ModelUnavailableError, match=r"^summarize: .*no more answers"):
        client_for(server).ask(SUMMARIZE, **SUMMARIZE_VARS)


def test_servers_without_structured_outputs_or_tools_refuse_them(
    serve_model: ServerFactory, http: httpx2.Client
) -> None:
    server = serve_model(script=Script([("summarize", "x")] * 2), structured=False, tools=False)
    structured = {**HELLO, "response_format": {"type": "json_schema", "json_schema": {}}}
    tools = {**HELLO, "tools": [{"type": "function", "function": {"name": "f"}}]}

    refusal = _post(http, server, structured).json()["error"]
    assert refusal["param"] == "response_format"
    assert "response_format" in refusal["message"]
    assert _post(http, server, tools).json()["error"]["param"] == "tools"
    # Plain JSON mode is not structured output: served.
    assert _post(http, server, {**HELLO, "response_format": {"type": "json_object"}}).is_success


# -- answers -------------------------------------------------------------------------------------
def test_a_tool_call_answer_has_openais_shape(
    serve_model: ServerFactory, http: httpx2.Client
) -> None:
    script = Script([("act", ScriptedAnswer.tool("click", {"element": "e3"}))] * 2)
    server = serve_model(script=script)
    assert _post(http, server, HELLO, query="nothing").status_code == 400  # request 1

    response = _post(http, server, HELLO, query="act")  # request 2

    assert response.headers["x-request-id"] == "req_2"
    body = response.json()
    assert body["id"] == "chatcmpl-2"
    assert body["object"] == "chat.completion"
    assert body["model"] == "m"
    (choice,) = body["choices"]
    assert choice["finish_reason"] == "tool_calls"
    assert choice["message"] == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_2",
                "type": "function",
                "function": {"name": "click", "arguments": '{"element": "e3"}'},
            }
        ],
    }
    again = _post(http, server, HELLO, query="act").json()
    assert again["choices"][0]["message"]["tool_calls"][0]["id"] == "call_3"


def test_usage_counts_what_was_sent_and_answered(
    serve_model: ServerFactory, http: httpx2.Client
) -> None:
    server = serve_model(script=Script([("summarize", "It costs $9.99.")]))
    body = {
        **HELLO,
        "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": [{"type": "text", "text": "How much?"}]},
        ],
    }

    usage = _post(http, server, body).json()["usage"]

    assert usage["prompt_tokens"] == count_tokens("Be brief.\nHow much?")
    assert usage["completion_tokens"] == count_tokens("It costs $9.99.")
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]
    assert usage["prompt_tokens_details"] == {"cached_tokens": 0}


def test_a_script_can_report_given_usage(serve_model: ServerFactory, http: httpx2.Client) -> None:
    usage = UsageOverride(prompt_tokens=900, cached_tokens=300)
    server = serve_model(script=Script([("summarize", ScriptedAnswer.text("ok", usage))]))

    reported = _post(http, server, HELLO).json()["usage"]

    assert reported["prompt_tokens"] == 900
    assert reported["completion_tokens"] == count_tokens("ok")
    assert reported["prompt_tokens_details"] == {"cached_tokens": 300}


@pytest.mark.parametrize("limit", ["max_tokens", "max_completion_tokens"])
def test_an_answer_longer_than_max_tokens_is_cut(
    serve_model: ServerFactory, http: httpx2.Client, limit: str
) -> None:
    answer = "one two three four five six seven eight nine ten"
    server = serve_model(script=Script([("summarize", answer)]))

    body = _post(http, server, {**HELLO, limit: 3}).json()

    choice = body["choices"][0]
    assert choice["finish_reason"] == "length"
    assert answer.startswith(choice["message"]["content"])
    assert count_tokens(choice["message"]["content"]) == 3
    assert body["usage"]["completion_tokens"] == 3


def test_answerer_failures_are_500s(serve_model: ServerFactory, http: httpx2.Client) -> None:
    def broken(request: ChatRequest) -> ScriptedAnswer:
        raise RuntimeError("oracle crashed")

    def wrong(request: ChatRequest) -> ScriptedAnswer:
        return "not an answer"  # type: ignore[return-value]

    assert "oracle crashed" in _assert_openai_error(
        _post(http, serve_model(answerer=broken), HELLO), 500
    )
    assert "not a ScriptedAnswer" in _assert_openai_error(
        _post(http, serve_model(answerer=wrong), HELLO), 500
    )


def test_latency_delays_every_answer(serve_model: ServerFactory, http: httpx2.Client) -> None:
    server = serve_model(script=Script([("summarize", "slow")]), latency_ms=200)
    started = time.monotonic()
    assert _post(http, server, HELLO).status_code == 200
    assert time.monotonic() - started >= 0.2


# -- faults on the wire --------------------------------------------------------------------------
def test_a_429_carries_retry_after_headers(serve_model: ServerFactory, http: httpx2.Client) -> None:
    plan = plan_starting("429=0.5", [Fault.RATE_LIMIT, None], retry_after_ms=1200)
    server = serve_model(script=Script([("summarize", "after the wait")]), faults=plan)

    limited = _post(http, server, HELLO)

    _assert_openai_error(limited, 429, "rate_limit_exceeded")
    assert limited.headers["retry-after-ms"] == "1200"
    assert limited.headers["retry-after"] == "2"
    # The failed attempt did not use the answer up.
    assert _post(http, server, HELLO).json()["choices"][0]["message"]["content"] == "after the wait"


def test_malformed_truncated_and_dropped_responses(
    serve_model: ServerFactory, http: httpx2.Client
) -> None:
    faults = [Fault.MALFORMED, Fault.TRUNCATED, Fault.DROP, Fault.SERVER_ERROR, None]
    plan = plan_starting("malformed=0.2,truncated=0.2,drop=0.2,500=0.2", faults)
    server = serve_model(script=Script([("summarize", "a whole answer")]), faults=plan)

    malformed = _post(http, server, HELLO)
    assert malformed.status_code == 200
    with pytest.raises(json.JSONDecodeError):
        malformed.json()
    truncated = _post(http, server, HELLO).json()["choices"][0]
    assert truncated["finish_reason"] == "length"
    assert truncated["message"]["content"] == "a whole answer"[: len("a whole answer") // 2]
    with pytest.raises(httpx2.RemoteProtocolError):
        _post(http, server, HELLO)
    _assert_openai_error(_post(http, server, HELLO), 500)
    assert _post(http, server, HELLO).json()["choices"][0]["message"]["content"] == "a whole answer"

    assert [(s.number, s.status, s.fault) for s in server.log] == [
        (1, 200, Fault.MALFORMED),
        (2, 200, Fault.TRUNCATED),
        (3, None, Fault.DROP),
        (4, 500, Fault.SERVER_ERROR),
        (5, 200, None),
    ]


def test_a_hang_answers_late(serve_model: ServerFactory, http: httpx2.Client) -> None:
    plan = plan_starting("hang=0.5", [Fault.HANG], hang_seconds=0.3)
    server = serve_model(script=Script([("summarize", "late")]), faults=plan)
    started = time.monotonic()

    response = _post(http, server, HELLO)

    assert time.monotonic() - started >= 0.3
    assert response.status_code == 200


def test_stopping_waits_for_the_answer_of_a_request_already_taken(
    serve_model: ServerFactory,
) -> None:
    """`webagent llm serve | head -2` stops the server from inside a request (the line it
    could not print) and then exits: the answer must be on the wire before `stop` returns."""
    taken = threading.Event()

    def slow_to_log(_served: object) -> None:
        taken.set()
        time.sleep(0.3)  # the handler is still busy when `stop` is called

    server = serve_model(script=Script([("summarize", "x")]), on_request=slow_to_log)
    host, port = server.url.removeprefix("http://").removesuffix("/v1").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=5) as connection:
        connection.sendall(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
        )
        assert taken.wait(5)
        server.stop()
        readable, _, _ = select.select([connection], [], [], 0)
        assert readable, "stop returned before the answer was written"
        assert connection.recv(100).startswith(b"HTTP/1.1 400")


def test_stopping_ends_a_hang_at_once(serve_model: ServerFactory) -> None:
    plan = plan_starting("hang=0.5", [Fault.HANG], hang_seconds=30)
    server = serve_model(script=Script([("summarize", "late")]), faults=plan)
    outcome: list[object] = []

    def ask() -> None:
        try:
            with httpx2.Client(timeout=10) as client:
                outcome.append(_post(client, server, HELLO).status_code)
        except httpx2.HTTPError as error:
            outcome.append(error)

    asking = threading.Thread(target=ask)
    asking.start()
    while not server.log:
        time.sleep(0.01)
    started = time.monotonic()
    server.stop()
    asking.join(timeout=5)

    assert time.monotonic() - started < 2
    assert not asking.is_alive()
    assert outcome


def test_a_server_needs_exactly_one_answer_source(serve_model: ServerFactory) -> None:
    with pytest.raises(ConfigError, match="exactly one of"):
        serve_model()
    with pytest.raises(ConfigError, match="exactly one of"):
        serve_model(script=Script(), answerer=lambda request: ScriptedAnswer.text("x"))
    with pytest.raises(ConfigError, match="negative"):
        serve_model(script=Script(), latency_ms=-1)


def test_a_busy_port_is_a_config_error(serve_model: ServerFactory) -> None:
    running = serve_model(script=Script())
    port = int(running.url.rsplit(":", 1)[1].split("/")[0])
    with pytest.raises(ConfigError, match=f"cannot serve a model on 127.0.0.1:{port}"):
        serve_model(script=Script(), port=port)


def test_a_server_on_ipv6_loopback_gives_a_usable_url(
    serve_model: ServerFactory, http: httpx2.Client
) -> None:
    try:
        server = serve_model(script=Script(), host="::1")
    except ConfigError:
        pytest.skip("no IPv6 loopback here")

    assert server.url.startswith("http://[::1]:")
    assert http.get(f"{server.url}/models").status_code == 200


# -- scripts -------------------------------------------------------------------------------------
def test_a_script_file_queues_answers_per_query(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    lines = [
        {
            "query": "act",
            "answer": {"tool_call": {"name": "click", "arguments": {"element": "e1"}}},
        },
        {"query": "summarize", "answer": "plain text", "usage": {"prompt_tokens": 900}},
        {"query": "act", "answer": {"tool_call": {"name": "go_back"}}},
        {"query": "plan", "answer": {"steps": ["a", "b"]}},
    ]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n\n")

    script = Script.load(path)

    assert script.queries() == ["act", "plan", "summarize"]
    assert script.total("act") == 2
    assert script.next("act", consume=False) == ScriptedAnswer.tool("click", {"element": "e1"})
    assert script.next("act") == ScriptedAnswer.tool("click", {"element": "e1"})
    assert script.next("act") == ScriptedAnswer.tool("go_back", {})
    assert script.next("act") is None
    assert script.remaining("act") == 0
    assert script.next("summarize") == ScriptedAnswer.text(
        "plain text", UsageOverride(prompt_tokens=900)
    )
    assert script.next("plan") == ScriptedAnswer.json({"steps": ["a", "b"]})


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("{not json", r"not JSON \(.* at column 2\)"),
        ('{"answer": "x"}', r"query: Field required"),
        ('{"query": "act", "answer": null}', r"answer: an answer cannot be null"),
        ('{"query": "act", "answer": {"tool_call": {"arguments": {}}}}', r'"tool_call" needs'),
        (
            '{"query": "act", "answer": {"tool_call": {"name": "click", "args": {}}}}',
            r'takes only "name" and "arguments", not args',
        ),
        ('{"query": "act", "answer": "x", "usge": {}}', r"usge: Extra inputs"),
        (
            '{"query": "act", "answer": "x", "usage": {"prompt_tokens": "9"}}',
            r"usage.prompt_tokens",
        ),
    ],
)
def test_a_malformed_script_line_names_file_and_line(
    tmp_path: Path, line: str, problem: str
) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_text('{"query": "ok", "answer": "fine"}\n\n' + line + "\n")

    with pytest.raises(ConfigError, match=rf"answers\.jsonl:3: .*{problem}"):
        Script.load(path)


def test_a_missing_script_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read script"):
        Script.load(tmp_path / "absent.jsonl")
    with pytest.raises(ConfigError, match="script answer for 'act'"):
        Script([("act", None)])


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("no_colon", "not of the form"),
        ("webagent_no_such_module:f", "cannot import"),
        ("webagent.llm.script:no_such_function", "has no function"),
    ],
)
def test_a_bad_answerer_spec_is_a_config_error(spec: str, problem: str) -> None:
    with pytest.raises(ConfigError, match=problem):
        load_answerer(spec)


def test_an_answerer_is_loaded_by_name_and_serves(
    serve_model: ServerFactory, http: httpx2.Client
) -> None:
    answerer = load_answerer("tests.llm.doubles:echo_answerer")
    assert answerer is echo_answerer

    response = _post(http, serve_model(answerer=answerer), HELLO, query="plan")

    assert response.json()["choices"][0]["message"]["content"] == "asked plan"


# -- webagent llm serve --------------------------------------------------------------------------
def test_serve_help_works(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["llm", "serve", "--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert "--faults" in out
    assert "--script" in out


def test_serve_rejects_a_bad_fault_spec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "answers.jsonl"
    script.write_text('{"query": "summarize", "answer": "x"}\n')

    code = main(["llm", "serve", "--script", str(script), "--port", "0", "--faults", "429=2"])

    assert code == 2
    assert "webagent: error: fault 429: rate 2.0 is not between 0 and 1" in capsys.readouterr().err


def test_serve_rejects_a_bad_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "answers.jsonl"
    script.write_text('{"query": "summarize"}\n')

    assert main(["llm", "serve", "--script", str(script), "--port", "0"]) == 2
    assert "answers.jsonl:1: answer: Field required" in capsys.readouterr().err


def _command() -> list[str]:
    script = Path(sys.executable).with_name("webagent")
    if script.exists():
        return [str(script)]
    found = shutil.which("webagent")
    return [found] if found else [sys.executable, "-m", "webagent"]


class _Lines:
    """A process's stdout lines, read in a thread so a test can wait with a deadline."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        self._stdout = process.stdout
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self._stdout:
            self._lines.put(line)

    def next(self, timeout: float = 20) -> str:
        return self._lines.get(timeout=timeout).rstrip("\n")


def test_serve_runs_until_sigterm(tmp_path: Path, client_for: ClientFactory) -> None:
    script = tmp_path / "answers.jsonl"
    script.write_text('{"query": "summarize", "answer": {"summary": "served"}}\n')
    process = subprocess.Popen(
        [*_command(), "llm", "serve", "--script", str(script), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines = _Lines(process)
        first = lines.next()
        assert first.startswith("scripted model on http://127.0.0.1:"), first
        url = first.split()[3]
        assert url.endswith("/v1")
        assert not url.endswith(":0/v1")  # the port actually bound, not the one asked for
        assert lines.next() == f"script {script}: summarize x1"

        # The first request loads the tokenizer in the server process: a generous timeout.
        answer = client_for(url, timeout=20).ask(SUMMARIZE, **SUMMARIZE_VARS)
        assert answer.summary == "served"
        assert lines.next() == "#1 summarize -> 200"

        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stdout.close()  # type: ignore[union-attr]
        process.stderr.close()  # type: ignore[union-attr]
