"""The prefix a provider's prompt cache reuses, and the scripted server reporting it."""

from __future__ import annotations

import httpx2

from webagent.llm.prefix import MIN_CACHED, PrefixCache, request_tokens, shared_prefix
from webagent.llm.script import Script
from webagent.llm.server import start_model_server
from webagent.llm.transport import QUERY_HEADER

LONG = "A stable system text that every request repeats word for word. " * 120


def body(user: str, system: str = LONG) -> dict[str, object]:
    return {
        "model": "gpt-4o",
        "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        "tools": [{"type": "function", "function": {"name": "act", "parameters": {}}}],
    }


def test_tools_come_first_then_the_messages_in_order() -> None:
    one, two = request_tokens(body("first page")), request_tokens(body("second page"))
    same = shared_prefix(one, two)
    assert MIN_CACHED < same < len(one)
    assert one[:same] == two[:same]
    other_tools = {**body("first page"), "tools": []}
    assert shared_prefix(request_tokens(other_tools), one) < 10  # tools lead the sequence


def test_the_cache_serves_whole_blocks_of_a_long_enough_shared_prefix() -> None:
    cache = PrefixCache()
    first = request_tokens(body("first page"))
    assert cache.cached(first) == 0  # nothing seen before
    second = request_tokens(body("second page"))
    served = cache.cached(second)
    assert served % 128 == 0
    assert MIN_CACHED <= served <= shared_prefix(first, second) < served + 128
    short = request_tokens(body("x", system="short"))
    assert cache.cached(short) == 0
    assert cache.cached(short) == 0  # under 1,024 tokens nothing is cached


def test_the_scripted_server_reports_cached_tokens_when_asked() -> None:
    for prefix_cache, expected_second in ((True, True), (False, False)):
        script = Script([("plan", {"subtasks": ["a"]})] * 2)
        with start_model_server(script=script, prefix_cache=prefix_cache) as server:
            usage = []
            for user in ("first page", "second page"):
                reply = httpx2.post(
                    f"{server.url}/chat/completions",
                    json=body(user),
                    headers={QUERY_HEADER: "plan"},
                    timeout=30,
                )
                usage.append(reply.json()["usage"])
        assert usage[0]["prompt_tokens_details"]["cached_tokens"] == 0
        cached = usage[1]["prompt_tokens_details"]["cached_tokens"]
        assert (cached >= MIN_CACHED) is expected_second
        assert cached <= usage[1]["prompt_tokens"]
