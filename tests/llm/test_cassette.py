"""Cassettes: a session recorded against the scripted server replays with the server gone;
misses name the query and show the nearest request; secrets never reach the file."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from pydantic import JsonValue

from tests.llm.doubles import (
    ACT,
    ACT_VARS,
    ANSWER_VARS,
    SUMMARIZE_VARS,
    ClientFactory,
    ServerFactory,
    statuses_of,
)
from webagent.actions import tool_schemas
from webagent.errors import CassetteMiss, ConfigError, ModelUnavailableError
from webagent.llm import ANSWER, SUMMARIZE, ModelClient
from webagent.llm.cassette import SECRET, Cassette
from webagent.llm.faults import FaultPlan
from webagent.llm.script import Script
from webagent.llm.server import ModelServer

TOOLS = tool_schemas()
FINAL: JsonValue = {
    "task_type": "RETRIEVE",
    "status": "SUCCESS",
    "retrieved_data": ["9.99"],
    "error_details": None,
}


def _script() -> Script:
    return Script(
        [
            ("summarize", {"summary": "first page"}),
            ("summarize", {"summary": "second page"}),
            ("act", {"tool_call": {"name": "click", "arguments": {"element": "e5"}}}),
            ("answer", FINAL),
        ]
    )


def _session(client: ModelClient) -> list[Any]:
    """The asks every recording and replay below makes, in order."""
    return [
        client.ask(SUMMARIZE, **SUMMARIZE_VARS),
        client.ask(SUMMARIZE, **{**SUMMARIZE_VARS, "page": "page two"}),
        client.ask(ACT, tools=TOOLS, **ACT_VARS),
        client.ask(ANSWER, **ANSWER_VARS),
    ]


def _assert_gone(url: str) -> None:
    """Nothing listens on the server's port any more."""
    address = urlsplit(url)
    assert address.hostname is not None
    assert address.port is not None
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((address.hostname, address.port), timeout=1).close()


def _record(
    serve_model: ServerFactory, client_for: ClientFactory, path: Path, **server: Any
) -> tuple[ModelServer, list[Any]]:
    running = serve_model(script=_script(), **server)
    client = client_for(running, record=path)
    answers = _session(client)
    client.close()
    running.stop()
    return running, answers


def test_a_recorded_session_replays_with_the_server_gone(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    cassette = tmp_path / "session.jsonl"
    server, recorded = _record(serve_model, client_for, cassette)
    _assert_gone(server.url)

    replay = client_for(server.url, replay=cassette)
    replayed = _session(replay)

    assert replayed == recorded
    assert [a.summary for a in recorded[:2]] == ["first page", "second page"]
    lines = [json.loads(line) for line in cassette.read_text().splitlines()]
    assert [line["query"] for line in lines] == ["summarize", "summarize", "act", "answer"]
    # Replay reports the usage that was recorded.
    assert replay.ledger.totals().total_tokens > 0
    assert replay.ledger.totals().calls == 4


def test_a_session_recorded_through_faults_replays_without_them(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    # Transient failures are not recorded; a truncated answer is, and is re-asked again.
    faults = FaultPlan.parse("429=0.2,500=0.1,malformed=0.1,truncated=0.15,drop=0.1", seed=4)
    cassette = tmp_path / "faulty.jsonl"
    server = serve_model(script=_script(), faults=faults)
    client = client_for(server, record=cassette)
    recorded = _session(client)
    totals = client.ledger.totals()
    assert totals.retries > 0
    assert totals.reasks > 0
    server.stop()

    replay = client_for(server.url, replay=cassette)

    assert _session(replay) == recorded
    assert replay.ledger.totals().retries == 0
    assert replay.ledger.totals().reasks == totals.reasks
    statuses = {
        json.loads(line)["response"]["status"] for line in cassette.read_text().splitlines()
    }
    assert statuses == {200}


def test_a_changed_prompt_misses_and_shows_the_nearest_request(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    cassette = tmp_path / "session.jsonl"
    server, _ = _record(serve_model, client_for, cassette)
    replay = client_for(server.url, replay=cassette)

    with pytest.raises(CassetteMiss) as raised:
        replay.ask(SUMMARIZE, **{**SUMMARIZE_VARS, "page": "page three"})

    miss = raised.value
    assert miss.query == "summarize"
    assert "no recorded answer for query 'summarize'" in str(miss)
    lines = str(miss).splitlines()
    assert "+page three" in lines
    assert "-page two" in lines  # the nearer of the two recorded summaries
    assert "-p" not in lines


def test_a_query_never_recorded_misses_naming_the_recorded_ones(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    cassette = tmp_path / "summaries.jsonl"
    server = serve_model(script=_script())
    client_for(server, record=cassette).ask(SUMMARIZE, **SUMMARIZE_VARS)
    replay = client_for(server.url, replay=cassette)

    with pytest.raises(CassetteMiss, match=r"no 'act' request was recorded.*summarize"):
        replay.ask(ACT, tools=TOOLS, **ACT_VARS)


def test_secrets_and_the_api_key_never_reach_the_cassette(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    cassette = tmp_path / "secret.jsonl"
    page = "Log in: user alice, password hunter2. Welcome!"
    secret_config: dict[str, Any] = {"api_key": "sk-test-123", "secrets": ("hunter2",)}
    server = serve_model(script=Script([("summarize", {"summary": "logged in with hunter2"})]))
    recording = client_for(server, record=cassette, **secret_config)
    assert recording.ask(SUMMARIZE, **{**SUMMARIZE_VARS, "page": page}).summary == (
        "logged in with hunter2"
    )
    server.stop()

    text = cassette.read_text()
    assert "hunter2" not in text
    assert "sk-test-123" not in text
    assert f"password {SECRET}" in text
    assert f"logged in with {SECRET}" in text

    replay = client_for(server.url, replay=cassette, **secret_config)
    assert replay.ask(SUMMARIZE, **{**SUMMARIZE_VARS, "page": page}).summary == (
        f"logged in with {SECRET}"
    )
    # Without the secret configured, the request is not the one recorded.
    with pytest.raises(CassetteMiss):
        client_for(server.url, replay=cassette).ask(SUMMARIZE, **{**SUMMARIZE_VARS, "page": page})


def test_the_text_fallback_replays_too(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    cassette = tmp_path / "text.jsonl"
    server, recorded = _record(serve_model, client_for, cassette, structured=False, tools=False)
    assert statuses_of(server)[:2] == [400, 200]

    replayed = _session(client_for(server.url, replay=cassette))

    assert replayed == recorded
    lines = [json.loads(line) for line in cassette.read_text().splitlines()]
    refusals = [(line["query"], line["response"]["status"]) for line in lines]
    assert refusals.count(("summarize", 400)) == 1  # refused once, then asked in text
    assert refusals.count(("act", 400)) == 1
    assert "response_format" in lines[0]["request"]
    assert all("response_format" not in line["request"] for line in lines[1:])


def test_the_server_serves_a_cassette_to_a_fresh_client(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    cassette = tmp_path / "session.jsonl"
    _, recorded = _record(serve_model, client_for, cassette)
    server = serve_model(cassette=Cassette.load(cassette))

    assert _session(client_for(server)) == recorded
    assert statuses_of(server) == [200, 200, 200, 200]


def test_the_server_answers_a_cassette_miss_with_a_404_naming_the_query(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    cassette = tmp_path / "session.jsonl"
    _record(serve_model, client_for, cassette)
    server = serve_model(cassette=Cassette.load(cassette))

    with pytest.raises(ModelUnavailableError) as raised:
        client_for(server).ask(SUMMARIZE, **{**SUMMARIZE_VARS, "page": "never seen"})

    assert "summarize: HTTP 404" in str(raised.value)
    assert "no recorded answer for query 'summarize'" in str(raised.value)
    assert statuses_of(server) == [404]


def test_a_cassette_serves_repeated_requests_in_recorded_order(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    cassette = tmp_path / "repeat.jsonl"
    script = Script([("summarize", {"summary": "one"}), ("summarize", {"summary": "two"})])
    server = serve_model(script=script)
    recording = client_for(server, record=cassette)
    assert [recording.ask(SUMMARIZE, **SUMMARIZE_VARS).summary for _ in range(2)] == ["one", "two"]

    replay = client_for(server.url, replay=cassette)
    # The last recorded answer repeats once the recorded ones are used up.
    replayed = [replay.ask(SUMMARIZE, **SUMMARIZE_VARS).summary for _ in range(3)]
    assert replayed == ["one", "two", "two"]


def test_a_missing_or_broken_cassette_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no cassette at"):
        Cassette.load(tmp_path / "absent.jsonl")
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"query": "act", "key": "k", "request": {}, "response": {}}\n{oops\n')
    with pytest.raises(ConfigError, match=r"broken\.jsonl:2: not a cassette line"):
        Cassette.load(broken)
