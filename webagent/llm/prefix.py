"""Requests as a provider's prompt cache sees them, and the part of them a cache can reuse.

    tokens = request_tokens(body)          # tools and response format first, then the messages
    shared_prefix(previous, tokens)        # how many leading tokens two requests share
    cache = PrefixCache()                  # OpenAI's automatic caching, simulated
    cache.cached(tokens)                   # tokens of this request a cache would serve

Providers match a new request against the ones before it token by token from the start; the
tool definitions come first, then the messages in order. OpenAI reuses the longest identical
prefix once it is at least 1,024 tokens long, in steps of 128 tokens (Anthropic, Gemini and
vLLM cache prefixes too, with their own rules), and bills it at the cached-input price.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from webagent.observation.tokens import encode

MIN_CACHED = 1024
"""Tokens a prefix needs before OpenAI caches it."""
BLOCK = 128
"""OpenAI caches prefixes in steps of this many tokens."""


def request_parts(body: Mapping[str, Any]) -> list[str]:
    """A request's parts in the order a cache reads them: the tool definitions and the
    response format, then each message (role, content, tool calls)."""
    head = json.dumps(body.get("tools") or [], ensure_ascii=False)
    if body.get("response_format"):
        head += json.dumps(body["response_format"], ensure_ascii=False)
    parts = [head]
    for message in body.get("messages") or []:
        content = message.get("content")
        if isinstance(content, list):
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        calls = message.get("tool_calls")
        text = f"<{message.get('role')}>" + (content or "")
        parts.append(text + (json.dumps(calls, ensure_ascii=False) if calls else ""))
    return parts


def request_tokens(body: Mapping[str, Any]) -> list[int]:
    """The request as one o200k token sequence, tools first (see `request_parts`)."""
    return [token for part in request_parts(body) for token in encode(part)]


def tool_tokens(body: Mapping[str, Any]) -> int:
    """Tokens of the tool and response-format definitions alone."""
    return len(encode(request_parts(body)[0]))


def shared_prefix(first: Sequence[int], second: Sequence[int]) -> int:
    """How many leading tokens two requests have in common."""
    count = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        count += 1
    return count


class PrefixCache:
    """OpenAI's automatic prompt caching, simulated for a scripted server: a request is
    served from the cache up to the longest prefix it shares with one of the `keep` requests
    before it, counted in blocks of 128 tokens once it reaches 1,024."""

    def __init__(self, keep: int = 64) -> None:
        self._seen: deque[list[int]] = deque(maxlen=keep)

    def cached(self, tokens: list[int]) -> int:
        """Tokens of this request a cache would serve; the request is remembered."""
        longest = max((shared_prefix(seen, tokens) for seen in self._seen), default=0)
        self._seen.append(tokens)
        if longest < MIN_CACHED:
            return 0
        return longest - longest % BLOCK
