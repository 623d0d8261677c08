"""Injected faults: a long session through 30% mixed faults gets every answer right, and
fault plans are validated and reproducible."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.llm.doubles import (
    ACT,
    ACT_VARS,
    HANG_SECONDS,
    HANG_TIMEOUT,
    SUMMARIZE_VARS,
    ClientFactory,
    ServerFactory,
    SleepRecorder,
    faults_of,
)
from webagent.actions import Action, Click, Stop, TypeText, tool_schemas
from webagent.errors import ConfigError, ModelUnavailableError
from webagent.llm import SUMMARIZE, ModelClient
from webagent.llm.completion import ScriptedAnswer
from webagent.llm.faults import Fault, FaultPlan
from webagent.llm.queries import Summary
from webagent.llm.script import Script

MIXED = "429=0.06,500=0.06,hang=0.04,malformed=0.05,truncated=0.05,drop=0.04"
TOOLS = tool_schemas()


def _expected(i: int) -> Summary | Action:
    """The answer to ask number `i`: summaries and three kinds of tool call, all distinct."""
    match i % 4:
        case 0 | 2:
            return Summary(summary=f"answer {i}")
        case 1:
            return Click(f"e{i}")
        case _:
            return TypeText(f"e{i}", f"query {i}", press_enter_after=i % 8 == 3)


def _scripted(expected: Summary | Action) -> tuple[str, ScriptedAnswer]:
    if isinstance(expected, Summary):
        return "summarize", ScriptedAnswer.json({"summary": expected.summary})
    arguments = {name: getattr(expected, name) for name in expected.signature}
    return "act", ScriptedAnswer.tool(expected.name, arguments)


def _ask(client: ModelClient, expected: Summary | Action, i: int) -> object:
    if isinstance(expected, Summary):
        return client.ask(SUMMARIZE, **{**SUMMARIZE_VARS, "page": f"page {i}"})
    return client.ask(ACT, tools=TOOLS, **{**ACT_VARS, "observation": f"[e{i}] button {i}"})


@pytest.mark.parametrize("seed", [15, 20])
def test_a_50_query_session_through_30_percent_faults_gets_every_answer(
    serve_model: ServerFactory, client_for: ClientFactory, sleeps: SleepRecorder, seed: int
) -> None:
    plan = FaultPlan.parse(MIXED, seed=seed, retry_after_ms=20, hang_seconds=HANG_SECONDS)
    assert sum(rate for _, rate in plan.rates) == pytest.approx(0.30)
    expected = [_expected(i) for i in range(50)]
    server = serve_model(script=Script(_scripted(e) for e in expected), faults=plan)
    client = client_for(server, timeout=HANG_TIMEOUT)

    answers = [_ask(client, e, i) for i, e in enumerate(expected)]

    assert answers == expected
    log = server.log
    kinds = Counter(fault for fault in faults_of(server) if fault is not None)
    faulty = sum(kinds.values())
    # The seed fixes the draws; with it, faults hit at least a quarter of the requests...
    assert faulty >= 0.25 * len(log), (faulty, len(log))
    # ...and every kind of fault shows up.
    assert set(kinds) == set(Fault), kinds
    totals = client.ledger.totals()
    assert totals.calls == 50
    # A truncated answer is re-asked; every other fault is retried.
    assert totals.reasks == kinds[Fault.TRUNCATED]
    assert totals.retries == faulty - kinds[Fault.TRUNCATED]
    assert totals.retries > 0
    assert len(sleeps.delays) == totals.retries
    assert sleeps.delays.count(0.02) == kinds[Fault.RATE_LIMIT]  # retry-after-ms honoured
    assert len(log) == 50 + faulty
    assert "retries" in totals.describe()


# -- fault plans ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("timeout=0.1", r"unknown fault 'timeout' \(known: 429, 500, hang"),
        ("429=1.5", r"429: rate 1.5 is not between 0 and 1"),
        ("500=-0.1", r"500: rate -0.1 is not between 0 and 1"),
        ("429=0.6,500=0.5", r"fault rates add up to 1.1, more than 1"),
        ("429", r"'429' is not NAME=RATE"),
        ("429=0.1,drop", r"'drop' is not NAME=RATE"),
        ("hang=often", r"hang's rate 'often' is not a number"),
        ("429=0.1,429=0.2", r"fault 429 is given twice"),
    ],
)
def test_a_bad_fault_spec_says_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        FaultPlan.parse(spec)


def test_bad_fault_timings_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="negative"):
        FaultPlan.parse("hang=0.1", hang_seconds=-1)
    with pytest.raises(ConfigError, match="negative"):
        FaultPlan.parse("429=0.1", retry_after_ms=-5)


def test_a_spec_reads_names_in_any_case_and_order_with_blanks() -> None:
    plan = FaultPlan.parse(" DROP = 0.1 ,, 429=0.2, ", seed=3)
    assert plan.rate(Fault.DROP) == 0.1
    assert plan.rate(Fault.RATE_LIMIT) == 0.2
    assert plan.rate(Fault.HANG) == 0.0
    assert FaultPlan.parse("").rates == ()


def _draws(plan: FaultPlan, n: int) -> list[Fault | None]:
    dice = plan.dice()
    return [dice.draw() for _ in range(n)]


def test_the_same_seed_gives_the_same_faults() -> None:
    first = _draws(FaultPlan.parse(MIXED, seed=11), 200)
    assert first == _draws(FaultPlan.parse(MIXED, seed=11), 200)
    assert first != _draws(FaultPlan.parse(MIXED, seed=12), 200)
    # The order of the spec does not matter: the rates stack in a fixed order.
    reordered = ",".join(reversed(MIXED.split(",")))
    assert first == _draws(FaultPlan.parse(reordered, seed=11), 200)


def test_faults_come_at_their_rates() -> None:
    draws = Counter(_draws(FaultPlan.parse(MIXED, seed=5), 20_000))
    for fault, rate in FaultPlan.parse(MIXED).rates:
        assert draws[fault] / 20_000 == pytest.approx(rate, abs=0.01), fault
    assert draws[None] / 20_000 == pytest.approx(0.70, abs=0.015)
    assert set(_draws(FaultPlan.parse("drop=1"), 50)) == {Fault.DROP}
    assert set(_draws(FaultPlan(), 50)) == {None}


def test_a_seeded_server_fails_the_same_requests_the_same_way(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    spec = "429=0.1,500=0.1,malformed=0.1,truncated=0.1,drop=0.1"
    logs = []
    for _ in range(2):
        script = Script(
            [("act", ScriptedAnswer.tool("stop", {"answer": str(i)})) for i in range(8)]
        )
        server = serve_model(script=script, faults=FaultPlan.parse(spec, seed=9))
        client = client_for(server)
        answers = [client.ask(ACT, tools=TOOLS, **ACT_VARS) for _ in range(8)]
        assert answers == [Stop(str(i)) for i in range(8)]
        logs.append(server.log)
        assert any(served.fault is not None for served in server.log)

    assert logs[0] == logs[1]


# -- the fault-injecting proxy -----------------------------------------------------------------
def test_a_proxy_with_faults_gives_the_same_answers_as_its_upstream(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    expected = [_expected(i) for i in range(20)]
    upstream = serve_model(script=Script(_scripted(e) for e in expected))
    plan = FaultPlan.parse("429=0.1,500=0.1,malformed=0.05,drop=0.05", seed=3, retry_after_ms=5)
    proxy = serve_model(upstream=upstream.url, faults=plan)
    client = client_for(proxy)

    answers = [_ask(client, e, i) for i, e in enumerate(expected)]

    assert answers == expected
    assert client.ledger.totals().retries > 0
    # Faulty responses are made up by the proxy: the upstream saw each question once.
    assert len(upstream.log) == 20
    assert len(proxy.log) == 20 + client.ledger.totals().retries


def test_a_proxy_passes_the_upstreams_refusals_through(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    upstream = serve_model(script=Script([]))
    proxy = serve_model(upstream=upstream.url)
    client = client_for(proxy)
    with pytest.raises(
        ModelUnavailableError, match="script has no more answers for query 'summarize'"
    ):
        client.ask(SUMMARIZE, **SUMMARIZE_VARS)


def test_an_unreachable_upstream_is_a_bad_gateway(
    serve_model: ServerFactory, client_for: ClientFactory
) -> None:
    proxy = serve_model(upstream="http://127.0.0.1:9/v1")
    client = client_for(proxy, max_retries=1)
    with pytest.raises(ModelUnavailableError, match="upstream server failed"):
        client.ask(SUMMARIZE, **SUMMARIZE_VARS)
