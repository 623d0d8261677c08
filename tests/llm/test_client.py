"""`ModelClient` against the scripted server over HTTP, with the real openai SDK: structured
answers, tool calls, the text fallbacks, re-asks, retries with backoff, budgets and usage."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2
import pytest
from pydantic import JsonValue

from tests.llm.doubles import (
    ACT,
    ACT_VARS,
    ANSWER_VARS,
    HANG_SECONDS,
    HANG_TIMEOUT,
    SUMMARIZE_VARS,
    ClientFactory,
    RecordingAnswerer,
    ServerFactory,
    SleepRecorder,
    faults_of,
    plan_starting,
    queries_of,
    statuses_of,
)
from webagent.actions import Action, Click, Stop, TypeText, tool_schemas
from webagent.errors import AnswerParseError, BudgetExceeded, ModelUnavailableError
from webagent.llm import ANSWER, SUMMARIZE, Budget, PriceTable, UsageLedger
from webagent.llm import client as client_module
from webagent.llm.cassette import Cassette
from webagent.llm.completion import ScriptedAnswer, UsageOverride, error_body
from webagent.llm.faults import Fault, FaultPlan
from webagent.llm.queries import FinalAnswer, Summary
from webagent.llm.script import Script

TOOLS = tool_schemas()
FINAL_NAVIGATE: JsonValue = {
    "task_type": "NAVIGATE",
    "status": "SUCCESS",
    "retrieved_data": None,
    "error_details": None,
}


# -- structured answers and tool calls ---------------------------------------------------------
def test_a_json_query_asks_for_structured_output_and_reads_the_answer(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    answerer = RecordingAnswerer(ScriptedAnswer.json({"summary": "It costs $9.99."}))
    client = client_for(serve_model(answerer=answerer))

    summary = client.ask(SUMMARIZE, **SUMMARIZE_VARS)

    assert summary == Summary(summary="It costs $9.99.")
    (request,) = answerer.requests
    assert request.wants_json_schema
    assert request.raw["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "summarize", "schema": SUMMARIZE.schema, "strict": True},
    }
    assert request.raw["model"] == "gpt-4o-mini"
    assert request.raw["temperature"] == 0.0
    assert "tools" not in request.raw
    # The rendered template: the variables reach the user message.
    assert [m.role for m in request.body.messages] == ["system", "user"]
    assert "Task: t\n\n<page>\np\n</page>" in request.body.messages[1].text()


def test_every_request_names_its_query_in_a_header(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    script = Script(
        [
            ("summarize", {"summary": "s"}),
            ("act", {"tool_call": {"name": "click", "arguments": {"element": "e1"}}}),
            ("answer", FINAL_NAVIGATE),
        ]
    )
    server = serve_model(script=script)
    client = client_for(server)

    client.ask(SUMMARIZE, **SUMMARIZE_VARS)
    client.ask(ACT, tools=TOOLS, **ACT_VARS)
    client.ask(ANSWER, **ANSWER_VARS)

    assert queries_of(server) == ["summarize", "act", "answer"]
    assert statuses_of(server) == [200, 200, 200]


def test_the_answer_query_reads_the_final_answer(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    answer: JsonValue = {
        "task_type": "RETRIEVE",
        "status": "SUCCESS",
        "retrieved_data": ["$9.99", 3],
        "error_details": None,
    }
    client = client_for(serve_model(script=Script([("answer", answer)])))

    final = client.ask(ANSWER, **ANSWER_VARS)

    assert final == FinalAnswer.model_validate(answer)
    assert final.to_response().retrieved_data == ("$9.99", 3)


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ({"name": "click", "arguments": {"element": "e7"}}, Click("e7")),
        (
            {
                "name": "type",
                "arguments": {"element": "e2", "text": "mice", "press_enter_after": False},
            },
            TypeText("e2", "mice", press_enter_after=False),
        ),
        ({"name": "stop", "arguments": {"answer": "42"}}, Stop("42")),
    ],
)
def test_a_tool_call_becomes_a_typed_action(
    serve_model: ServerFactory,
    client_for: ClientFactory,
    call: dict[str, Any],
    expected: Action,
) -> None:
    answerer = RecordingAnswerer(ScriptedAnswer.of({"tool_call": call}))
    client = client_for(serve_model(answerer=answerer))

    assert client.ask(ACT, tools=TOOLS, **ACT_VARS) == expected
    (request,) = answerer.requests
    assert request.raw["tools"] == TOOLS
    assert request.raw["tool_choice"] == "required"
    assert "response_format" not in request.raw


def test_a_tool_query_needs_tools(serve_model: ServerFactory, client_for: ClientFactory) -> None:
    server = serve_model(script=Script())
    with pytest.raises(ValueError, match="tools="):
        client_for(server).ask(ACT, **ACT_VARS)
    assert server.log == []


# -- text fallbacks ------------------------------------------------------------------------------
def test_a_server_without_structured_outputs_gets_the_schema_in_the_prompt(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    answerer = RecordingAnswerer(
        ScriptedAnswer.text('Sure! Here it is:\n```json\n{"summary": "first"}\n```\nBye.'),
        ScriptedAnswer.text('The answer is {"summary": "second"} as asked.'),
    )
    server = serve_model(answerer=answerer, structured=False)
    client = client_for(server)

    assert client.ask(SUMMARIZE, **SUMMARIZE_VARS).summary == "first"
    assert client.ask(SUMMARIZE, **SUMMARIZE_VARS).summary == "second"

    # Refused once; the client remembers and asks in text from then on.
    assert statuses_of(server) == [400, 200, 200]
    schema_text = json.dumps(SUMMARIZE.schema, sort_keys=True)
    for request in answerer.requests:
        assert "response_format" not in request.raw
        assert request.body.messages[-1].role == "user"
        assert schema_text in request.body.messages[-1].text()


def test_text_mode_never_asks_for_structured_output(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    answerer = RecordingAnswerer(ScriptedAnswer.json({"summary": "plain"}))
    server = serve_model(answerer=answerer, structured=False)

    assert client_for(server, structured="text").ask(SUMMARIZE, **SUMMARIZE_VARS).summary == "plain"
    assert statuses_of(server) == [200]


def test_json_schema_mode_does_not_fall_back(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    server = serve_model(script=Script([("summarize", {"summary": "x"})]), structured=False)
    client = client_for(server, structured="json_schema")

    with pytest.raises(ModelUnavailableError, match=r"summarize: .*response_format"):
        client.ask(SUMMARIZE, **SUMMARIZE_VARS)
    assert statuses_of(server) == [400]


def test_a_server_without_tools_gets_the_tools_in_the_prompt(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    answerer = RecordingAnswerer(
        ScriptedAnswer.text('I will click.\n{"tool": "click", "arguments": {"element": "e3"}}'),
        ScriptedAnswer.text('```json\n{"tool": "scroll", "arguments": {"direction": "down"}}\n```'),
    )
    server = serve_model(answerer=answerer, tools=False)
    client = client_for(server)

    assert client.ask(ACT, tools=TOOLS, **ACT_VARS) == Click("e3")
    assert client.ask(ACT, tools=TOOLS, **ACT_VARS).name == "scroll"

    assert statuses_of(server) == [400, 200, 200]
    for request in answerer.requests:
        assert "tools" not in request.raw
        prompt = request.body.messages[-1].text()
        for tool in TOOLS:
            assert f"- {tool['function']['name']}: " in prompt


# -- re-asks -------------------------------------------------------------------------------------
def test_an_invalid_answer_is_re_asked_with_the_reason(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    answerer = RecordingAnswerer(
        ScriptedAnswer.json({"summry": "misspelt"}), ScriptedAnswer.json({"summary": "right"})
    )
    client = client_for(serve_model(answerer=answerer))

    assert client.ask(SUMMARIZE, **SUMMARIZE_VARS).summary == "right"

    totals = client.ledger.totals()
    assert (totals.calls, totals.reasks, totals.retries) == (1, 1, 0)
    first, second = answerer.requests
    shown, problem = second.body.messages[-2:]
    assert shown.role == "assistant"
    assert shown.text() == '{"summry": "misspelt"}'
    assert problem.role == "user"
    assert "summary: Field required" in problem.text()
    assert "summry: Extra inputs are not permitted" in problem.text()
    # The conversation so far is kept; the re-ask is added to it.
    assert second.raw["messages"][: len(first.raw["messages"])] == first.raw["messages"]


def test_an_invalid_tool_call_is_re_asked(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    answerer = RecordingAnswerer(
        ScriptedAnswer.tool("click", {"element": "the button"}),
        ScriptedAnswer.tool("click", {"element": "e4"}),
    )
    client = client_for(serve_model(answerer=answerer))

    assert client.ask(ACT, tools=TOOLS, **ACT_VARS) == Click("e4")
    assert client.ledger.totals().reasks == 1
    assert "is not an element id" in answerer.requests[1].body.messages[-1].text()


def test_answers_that_never_fit_raise_answer_parse_error(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    script = Script([("summarize", "no JSON here"), ("summarize", {"x": 1}), ("summarize", [1])])
    server = serve_model(script=script)
    client = client_for(server, max_reasks=2)

    with pytest.raises(AnswerParseError) as raised:
        client.ask(SUMMARIZE, **SUMMARIZE_VARS)

    assert raised.value.query == "summarize"
    assert str(raised.value).startswith("summarize: ")
    assert raised.value.answer == "[1]"
    assert len(server.log) == 3  # the question and two re-asks
    totals = client.ledger.totals()
    assert (totals.calls, totals.reasks) == (1, 2)
    assert totals.prompt_tokens > 0  # a failed query still counts what it used


def test_an_answer_without_choices_is_unfit_not_a_crash(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    # Some endpoints answer `"choices": []` (a content filter, say). The scripted server sends
    # that only from a cassette: record an answer, then empty its choices.
    recorded = tmp_path / "ok.jsonl"
    server = serve_model(script=Script([("summarize", {"summary": "x"})]))
    client_for(server, record=recorded).ask(SUMMARIZE, **SUMMARIZE_VARS)
    exchange = json.loads(recorded.read_text())
    exchange["response"]["body"]["choices"] = []
    empty = tmp_path / "empty.jsonl"
    empty.write_text(json.dumps(exchange) + "\n")
    server = serve_model(cassette=Cassette.load(empty))

    with pytest.raises(AnswerParseError, match="the answer has no choices") as raised:
        client_for(server, max_reasks=0).ask(SUMMARIZE, **SUMMARIZE_VARS)
    assert raised.value.query == "summarize"


# -- retries -------------------------------------------------------------------------------------
def test_a_429_is_retried_after_the_servers_retry_after_ms(
    serve_model: ServerFactory, client_for: ClientFactory, sleeps: SleepRecorder
) -> None:
    # 1500 ms, while `retry-after` (whole seconds) says 2: the milliseconds win.
    plan = plan_starting("429=0.5", [Fault.RATE_LIMIT, None], retry_after_ms=1500)
    server = serve_model(script=Script([("summarize", {"summary": "x"})]), faults=plan)
    client = client_for(server)

    assert client.ask(SUMMARIZE, **SUMMARIZE_VARS).summary == "x"

    assert statuses_of(server) == [429, 200]
    assert sleeps.delays == [1.5]
    assert client.ledger.totals().retries == 1


def test_retry_after_is_capped_by_backoff_max(
    serve_model: ServerFactory, client_for: ClientFactory, sleeps: SleepRecorder
) -> None:
    plan = plan_starting("429=0.5", [Fault.RATE_LIMIT, None], retry_after_ms=50)
    server = serve_model(script=Script([("summarize", {"summary": "x"})]), faults=plan)

    client_for(server, backoff_max=0.01).ask(SUMMARIZE, **SUMMARIZE_VARS)

    assert sleeps.delays == [0.01]


def test_500s_are_retried_with_exponential_backoff_and_jitter(
    serve_model: ServerFactory, client_for: ClientFactory, sleeps: SleepRecorder
) -> None:
    plan = plan_starting("500=0.8", [Fault.SERVER_ERROR] * 4 + [None])
    server = serve_model(script=Script([("summarize", {"summary": "x"})]), faults=plan)
    client = client_for(server, backoff_base=0.5)

    assert client.ask(SUMMARIZE, **SUMMARIZE_VARS).summary == "x"

    assert statuses_of(server) == [500, 500, 500, 500, 200]
    assert len(sleeps.delays) == 4
    for n, delay in enumerate(sleeps.delays):
        ceiling = 0.5 * 2**n
        assert ceiling / 2 <= delay <= ceiling, (n, delay)
    assert client.ledger.totals().retries == 4


def test_backoff_is_capped_and_its_jitter_follows_the_seed(
    serve_model: ServerFactory, client_for: ClientFactory, sleeps: SleepRecorder
) -> None:
    script = Script([("summarize", {"summary": "x"})])
    runs = []
    for _ in range(2):
        server = serve_model(script=script, faults=FaultPlan.parse("500=1"))
        client = client_for(server, backoff_base=1.0, backoff_max=2.0, max_retries=4, seed=7)
        with pytest.raises(ModelUnavailableError):
            client.ask(SUMMARIZE, **SUMMARIZE_VARS)
        runs.append(list(sleeps.delays))
        sleeps.delays.clear()

    assert runs[0] == runs[1]
    server = serve_model(script=script, faults=FaultPlan.parse("500=1"))
    other_seed = client_for(server, backoff_base=1.0, backoff_max=2.0, max_retries=4, seed=8)
    with pytest.raises(ModelUnavailableError):
        other_seed.ask(SUMMARIZE, **SUMMARIZE_VARS)
    assert sleeps.delays != runs[0]  # jittered, not a fixed schedule
    assert all(delay <= 2.0 for delay in runs[0])
    assert 1.0 <= runs[0][3] <= 2.0  # 1 * 2**3 capped at 2, then jittered in its upper half


def test_a_hang_times_out_and_is_retried(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    plan = plan_starting("hang=0.5", [Fault.HANG, None], hang_seconds=HANG_SECONDS)
    server = serve_model(script=Script([("summarize", {"summary": "late"})]), faults=plan)
    client = client_for(server, timeout=HANG_TIMEOUT)

    assert client.ask(SUMMARIZE, **SUMMARIZE_VARS).summary == "late"

    assert faults_of(server) == [Fault.HANG, None]
    assert client.ledger.totals().retries == 1


@pytest.mark.parametrize("fault", [Fault.DROP, Fault.MALFORMED, Fault.SERVER_ERROR])
def test_dropped_connections_and_unreadable_bodies_are_retried(
    serve_model: ServerFactory, client_for: ClientFactory, fault: Fault
) -> None:
    plan = plan_starting(f"{fault.value}=0.5", [fault, fault, None])
    server = serve_model(script=Script([("act", ScriptedAnswer.tool("new_tab"))]), faults=plan)
    client = client_for(server)

    assert client.ask(ACT, tools=TOOLS, **ACT_VARS).name == "new_tab"

    assert faults_of(server) == [fault, fault, None]
    assert client.ledger.totals().retries == 2


def test_a_truncated_answer_is_re_asked_not_retried(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    plan = plan_starting("truncated=0.5", [Fault.TRUNCATED, None])
    server = serve_model(script=Script([("summarize", {"summary": "a long answer"})]), faults=plan)
    client = client_for(server)

    assert client.ask(SUMMARIZE, **SUMMARIZE_VARS).summary == "a long answer"

    totals = client.ledger.totals()
    assert (totals.retries, totals.reasks) == (0, 1)


def test_an_answer_cut_off_is_re_asked_even_when_what_is_left_parses(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    # Cut in half, this is still a JSON object and a valid summary: only `finish_reason:
    # "length"` says that it is not the whole answer.
    content = '{"summary": "short"} ' + "and a long explanation that follows it " * 4
    plan = plan_starting("truncated=0.5", [Fault.TRUNCATED, None])
    answerer = RecordingAnswerer(ScriptedAnswer.text(content))
    server = serve_model(answerer=answerer, structured=False, faults=plan)
    client = client_for(server, structured="text")

    assert client.ask(SUMMARIZE, **SUMMARIZE_VARS).summary == "short"

    assert client.ledger.totals().reasks == 1
    reask = answerer.requests[-1].body.messages
    assert any("finish_reason: length" in m.text() for m in reask if m.role == "user")


def test_a_server_that_keeps_failing_gives_model_unavailable(
    serve_model: ServerFactory, client_for: ClientFactory, sleeps: SleepRecorder
) -> None:
    server = serve_model(
        script=Script([("summarize", {"summary": "x"})]), faults=FaultPlan.parse("500=1")
    )
    client = client_for(server, max_retries=3)

    with pytest.raises(ModelUnavailableError, match=r"^summarize: no answer after 3 retries"):
        client.ask(SUMMARIZE, **SUMMARIZE_VARS)

    assert statuses_of(server) == [500] * 4
    assert len(sleeps.delays) == 3
    assert client.ledger.totals().retries == 3


def test_an_unreachable_server_gives_model_unavailable(client_for: ClientFactory) -> None:
    with pytest.raises(ModelUnavailableError, match="summarize: no answer after 1 retries"):
        client_for("http://127.0.0.1:9/v1", max_retries=1).ask(SUMMARIZE, **SUMMARIZE_VARS)


def test_a_401_says_to_check_the_api_key(
    serve_model: ServerFactory, client_for: ClientFactory, tmp_path: Path
) -> None:
    # The scripted server answers 401 only from a cassette that holds one: record the request,
    # then make its recorded response the endpoint's refusal of the key.
    recorded = tmp_path / "ok.jsonl"
    server = serve_model(script=Script([("summarize", {"summary": "x"})]))
    client_for(server, record=recorded).ask(SUMMARIZE, **SUMMARIZE_VARS)
    (line,) = recorded.read_text().splitlines()
    exchange = json.loads(line)
    exchange["response"] = {
        "status": 401,
        "body": error_body("Incorrect API key provided: sk-wrong.", "invalid_request_error"),
    }
    refusing = tmp_path / "401.jsonl"
    refusing.write_text(json.dumps(exchange) + "\n")
    server = serve_model(cassette=Cassette.load(refusing))

    with pytest.raises(ModelUnavailableError) as raised:
        client_for(server).ask(SUMMARIZE, **SUMMARIZE_VARS)

    assert "summarize: HTTP 401" in str(raised.value)
    assert "Incorrect API key" in str(raised.value)
    assert "OPENAI_API_KEY" in str(raised.value)
    assert statuses_of(server) == [401]  # not retried


# -- budgets -------------------------------------------------------------------------------------
def test_the_call_budget_stops_the_third_call(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    server = serve_model(script=Script([("summarize", {"summary": "x"})] * 3))
    client = client_for(server, budget=Budget(max_calls=2))
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)

    with pytest.raises(BudgetExceeded) as raised:
        client.ask(SUMMARIZE, **SUMMARIZE_VARS)

    assert raised.value.reason == "call budget spent: 2 of 2 calls"
    assert len(server.log) == 2  # the third request was never sent


def test_the_token_budget_stops_calls_once_spent(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    usage = UsageOverride(prompt_tokens=600, completion_tokens=400)
    script = Script([("summarize", ScriptedAnswer.json({"summary": "x"}, usage))] * 3)
    server = serve_model(script=script)
    client = client_for(server, budget=Budget(max_tokens=1500))
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)  # 1000 tokens
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)  # 2000 tokens: allowed, the budget was not spent

    with pytest.raises(BudgetExceeded, match=r"^token budget spent: 2000 of 1500 tokens$"):
        client.ask(SUMMARIZE, **SUMMARIZE_VARS)
    assert len(server.log) == 2


def test_the_cost_budget_stops_calls_once_spent(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    usage = UsageOverride(prompt_tokens=1_000_000, completion_tokens=0)  # $0.15 on gpt-4o-mini
    script = Script([("summarize", ScriptedAnswer.json({"summary": "x"}, usage))] * 2)
    server = serve_model(script=script)
    client = client_for(server, budget=Budget(max_cost=0.10))
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)

    with pytest.raises(BudgetExceeded, match=r"^cost budget spent: \$0\.1500 of \$0\.1000$"):
        client.ask(SUMMARIZE, **SUMMARIZE_VARS)
    assert len(server.log) == 1


# -- usage and cost ------------------------------------------------------------------------------
def test_usage_and_cost_are_counted_per_call(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    server = serve_model(script=Script([("summarize", {"summary": "x"})]))
    client = client_for(server)
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)

    (call,) = client.ledger.calls
    assert call.query == "summarize"
    assert call.model == "gpt-4o-mini"
    assert call.prompt_tokens > 50  # the system prompt alone is longer
    assert 0 < call.completion_tokens < 20
    assert call.latency_s > 0
    expected = (call.prompt_tokens * 0.15 + call.completion_tokens * 0.60) / 1e6
    assert call.cost == pytest.approx(expected)
    assert call.cost == PriceTable().cost(
        "gpt-4o-mini", call.prompt_tokens, call.completion_tokens, 0
    )


def test_cached_tokens_are_priced_at_the_cached_rate(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    usage = UsageOverride(prompt_tokens=1000, completion_tokens=100, cached_tokens=400)
    server = serve_model(
        script=Script([("summarize", ScriptedAnswer.json({"summary": "x"}, usage))])
    )
    client = client_for(server)
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)

    totals = client.ledger.totals()
    assert (totals.prompt_tokens, totals.cached_tokens, totals.completion_tokens) == (
        1000,
        400,
        100,
    )
    assert totals.cost == pytest.approx((600 * 0.15 + 400 * 0.075 + 100 * 0.60) / 1e6)


def test_a_model_without_a_price_is_counted_as_unpriced(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    server = serve_model(script=Script([("summarize", {"summary": "x"})]))
    client = client_for(server, model="local-llama")
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)

    totals = client.ledger.totals()
    assert (totals.cost, totals.unpriced_calls) == (0.0, 1)
    assert "(some unpriced)" in totals.describe()


def test_usage_is_totalled_per_step(serve_model: ServerFactory, client_for: ClientFactory) -> None:
    pairs: list[tuple[str, ScriptedAnswer]] = [
        ("summarize", ScriptedAnswer.json({"summary": "x"})),
        ("summarize", ScriptedAnswer.json({"summary": "y"})),
        ("act", ScriptedAnswer.tool("go_back")),
        ("act", ScriptedAnswer.tool("go_back")),
    ]
    script = Script(pairs)
    ledger = UsageLedger()
    client = client_for(serve_model(script=script), ledger=ledger)

    ledger.step = 1
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)
    ledger.step = 2
    client.ask(SUMMARIZE, **SUMMARIZE_VARS)
    client.ask(ACT, tools=TOOLS, **ACT_VARS)
    ledger.step = 3
    client.ask(ACT, tools=TOOLS, **ACT_VARS)

    assert [call.step for call in ledger.calls] == [1, 2, 2, 3]
    assert ledger.totals(step=2).calls == 2
    step_two = ledger.calls[1].total_tokens + ledger.calls[2].total_tokens
    assert ledger.totals(step=2).total_tokens == step_two
    by_step = ledger.by_step()
    assert sorted(by_step, key=str) == [1, 2, 3]
    assert sum(t.total_tokens for t in by_step.values()) == ledger.totals().total_tokens


# -- deterministic requests ----------------------------------------------------------------------
def test_the_same_ask_sends_the_same_request_body(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    answerer = RecordingAnswerer(ScriptedAnswer.tool("click", {"element": "e1"}))
    server = serve_model(answerer=answerer)
    variables = {**ACT_VARS, "notes": ["b", "a"], "history": ["click [e9]"]}

    first_client = client_for(server)
    first_client.ask(ACT, tools=TOOLS, **variables)
    first_client.ask(ACT, tools=TOOLS, **variables)
    client_for(server).ask(ACT, tools=TOOLS, **variables)  # a fresh client, too

    # The bodies as sent, in their order (json.dumps keeps the order json.loads read).
    bodies = [json.dumps(request.raw) for request in answerer.requests]
    assert len(bodies) == 3
    assert bodies[0] == bodies[1] == bodies[2]
    assert "- b\\n- a" in bodies[0]  # the notes, in the order given


def test_clients_share_the_tls_settings_made_once(
    monkeypatch: pytest.MonkeyPatch, serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    """Making TLS settings reads the whole bundle of certificate authorities (a tenth of a
    second of CPU): a run makes a client per task, and they share the one made first."""
    made: list[object] = []
    real = httpx2.create_ssl_context

    def counting(*args: Any, **kwargs: Any) -> Any:
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(httpx2, "create_ssl_context", counting)
    client_module._tls.cache_clear()
    try:
        answerer = RecordingAnswerer(ScriptedAnswer.json({"summary": "tea at six"}))
        server = serve_model(answerer=answerer)
        for _ in range(3):
            client = client_for(server)
            assert client.ask(SUMMARIZE, **SUMMARIZE_VARS) == Summary(summary="tea at six")
        assert len(made) == 1
    finally:
        client_module._tls.cache_clear()
