"""Record and replay at the HTTP seam: httpx transports the openai SDK's client runs on.

Recording passes each request to the real transport and writes to a cassette the exchanges
that say something about the request: answers, and refusals such as a 400 for an unsupported
`response_format` (replay gives it again, so the client falls back the same way). Transient
failures (429, 5xx, unreadable bodies) are not recorded. Replay answers from the cassette
without any network, so a recorded session runs with the model server gone. Headers (and with
them the API key) are never recorded.
"""

from __future__ import annotations

import json
from typing import Any

import httpx2

from webagent.errors import CassetteMiss
from webagent.llm.cassette import Cassette, CassetteWriter

QUERY_HEADER = "X-Webagent-Query"


def _body(request: httpx2.Request) -> dict[str, Any]:
    request.read()
    try:
        data = json.loads(request.content or b"{}")
    except json.JSONDecodeError:
        return {"raw": request.content.decode("utf-8", "replace")}
    return data if isinstance(data, dict) else {"raw": data}


def _query(request: httpx2.Request) -> str:
    return request.headers.get(QUERY_HEADER, "(none)")


class RecordingTransport(httpx2.BaseTransport):
    """Forwards to `inner` and records every JSON answer except transient failures."""

    def __init__(self, inner: httpx2.BaseTransport, writer: CassetteWriter) -> None:
        self._inner = inner
        self._writer = writer

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        body = _body(request)
        response = self._inner.handle_request(request)
        content = response.read()
        transient = response.status_code in (408, 409, 429) or response.status_code >= 500
        if not transient and request.url.path.endswith("/chat/completions"):
            try:
                answer = json.loads(content)
            except json.JSONDecodeError:
                answer = None  # a malformed answer is not worth replaying
            if answer is not None:
                self._writer.record(_query(request), body, response.status_code, answer)
        return httpx2.Response(
            response.status_code,
            headers=response.headers,
            content=content,
            request=request,
        )

    def close(self) -> None:
        self._inner.close()


class ReplayTransport(httpx2.BaseTransport):
    """Answers from a cassette; `CassetteMiss` for a request that was never recorded."""

    def __init__(self, cassette: Cassette) -> None:
        self._cassette = cassette

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        if request.url.path.endswith("/models"):
            return httpx2.Response(200, json={"object": "list", "data": []}, request=request)
        exchange = self._cassette.play(_query(request), _body(request))
        return httpx2.Response(
            int(exchange.response["status"]), json=exchange.response["body"], request=request
        )


__all__ = ["QUERY_HEADER", "CassetteMiss", "RecordingTransport", "ReplayTransport"]
