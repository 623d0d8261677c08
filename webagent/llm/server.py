"""A scripted OpenAI-compatible Chat Completions server on loopback, for tests and demos.

    from webagent.llm.server import start_model_server
    with start_model_server(script=Script.load("answers.jsonl"),
                            faults=FaultPlan.parse("429=0.3", seed=1)) as server:
        client = openai.OpenAI(base_url=server.url, api_key="any")
        ...
        server.log        # every chat completion request: query, status, fault

It speaks `POST /v1/chat/completions` (not streamed) and `GET /v1/models`, keyed on the
`X-Webagent-Query` header every webagent request carries. Answers come from exactly one
source: a `Script` (queues per query), a recorded `Cassette`, an `Answerer` function, or an
`upstream` OpenAI-compatible server, which makes it a fault-injecting proxy.
Faults are drawn before the source is consulted, and a faulty response never consumes an
answer, so the client's retry gets the answer the failed attempt would have had. Errors are
in OpenAI's shape, `{"error": {"message", "type", "param", "code"}}`.
"""

from __future__ import annotations

import json
import math
import socket
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

import httpx2
from pydantic import ValidationError
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server
from werkzeug.wrappers import Request, Response
from werkzeug.wsgi import ClosingIterator

from webagent.errors import CassetteMiss, ConfigError
from webagent.llm.cassette import Cassette, Exchange, request_key
from webagent.llm.completion import (
    ChatRequest,
    ScriptedAnswer,
    UsageOverride,
    completion_body,
    error_body,
    models_body,
    truncate_completion,
)
from webagent.llm.config import DEFAULT_MODELS
from webagent.llm.faults import Fault, FaultDice, FaultPlan
from webagent.llm.prefix import PrefixCache, request_tokens
from webagent.llm.script import Answerer, Script
from webagent.llm.transport import QUERY_HEADER

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment


@dataclass(frozen=True, slots=True)
class ServedRequest:
    """One chat completion request as the server handled it."""

    number: int
    """Its position among the server's requests, from 1 (the `n` of `chatcmpl-<n>`)."""
    query: str | None
    """The `X-Webagent-Query` header (None when it was missing)."""
    status: int | None
    """The HTTP status sent; None when the connection was dropped."""
    fault: Fault | None
    """The fault injected, if any."""


@dataclass(frozen=True, slots=True)
class _Reply:
    """An HTTP response about to be sent: a JSON body, or `raw` bytes sent as they are."""

    status: int
    body: Any = None
    headers: tuple[tuple[str, str], ...] = ()
    raw: bytes | None = None


def _error(
    status: int,
    message: str,
    *,
    type: str = "invalid_request_error",
    code: str | None = None,
    param: str | None = None,
    headers: tuple[tuple[str, str], ...] = (),
) -> _Reply:
    return _Reply(status, error_body(message, type, code, param), headers)


class _Source(Protocol):
    """Where answers come from; `consume=False` asks without using the answer up."""

    def answer(self, request: ChatRequest, *, consume: bool) -> ScriptedAnswer | _Reply: ...


class _ScriptSource:
    def __init__(self, script: Script) -> None:
        self._script = script

    def answer(self, request: ChatRequest, *, consume: bool) -> ScriptedAnswer | _Reply:
        answer = self._script.next(request.query, consume=consume)
        if answer is None:
            total = self._script.total(request.query)
            return _error(
                400,
                f"script has no more answers for query {request.query!r} (it had {total})",
                code="script_exhausted",
            )
        return answer


class _CassetteSource:
    """A cassette's recorded responses, status and body as recorded. An answer asked for
    without consuming it is held back and given to the next identical request."""

    def __init__(self, cassette: Cassette) -> None:
        self._cassette = cassette
        self._held: dict[tuple[str, str], Exchange] = {}
        self._lock = threading.Lock()

    def answer(self, request: ChatRequest, *, consume: bool) -> ScriptedAnswer | _Reply:
        key = (request.query, request_key(request.raw))
        with self._lock:
            exchange = self._held.pop(key, None) if consume else self._held.get(key)
        if exchange is None:
            try:
                exchange = self._cassette.play(request.query, request.raw)
            except CassetteMiss as miss:
                return _error(404, str(miss), code="cassette_miss")
            if not consume:
                with self._lock:
                    self._held[key] = exchange
        return _Reply(int(exchange.response["status"]), exchange.response["body"])


class _AnswererSource:
    def __init__(self, answerer: Answerer) -> None:
        self._answerer = answerer

    def answer(self, request: ChatRequest, *, consume: bool) -> ScriptedAnswer | _Reply:
        try:
            answer = self._answerer(request)
        except TimeoutError as error:  # nobody answered in time, as a model may not
            return _error(504, f"no answer: {error}", type="timeout")
        except Exception as error:  # the answerer is user code: its failure is a 500
            return _error(500, f"the answerer failed: {error!r}", type="server_error")
        if not isinstance(answer, ScriptedAnswer):
            return _error(
                500,
                f"the answerer returned {answer!r}, not a ScriptedAnswer",
                type="server_error",
            )
        return answer


class _UpstreamSource:
    """Forwards each request to another OpenAI-compatible server (a fault-injecting proxy):
    its status and body come back as they are; an unreachable upstream is a 502."""

    def __init__(self, base_url: str, timeout: float) -> None:
        self._base = base_url.rstrip("/")
        self._client = httpx2.Client(timeout=timeout)

    def answer(self, request: ChatRequest, *, consume: bool) -> ScriptedAnswer | _Reply:
        try:
            response = self._client.post(
                f"{self._base}/chat/completions",
                json=request.raw,
                headers={QUERY_HEADER: request.query},
            )
        except httpx2.HTTPError as error:
            return _error(502, f"the upstream server failed: {error!r}", type="server_error")
        try:
            body = response.json()
        except ValueError:
            return _Reply(response.status_code, raw=response.content)
        return _Reply(response.status_code, body)


@dataclass(frozen=True, slots=True)
class _Options:
    faults: FaultPlan
    latency_ms: int
    structured: bool
    tools: bool
    models: tuple[str, ...]
    prefix_cache: bool = False


class _ModelApp:
    """The WSGI application: routing, request checks, faults, and the answer source."""

    def __init__(
        self,
        source: _Source,
        options: _Options,
        on_request: Callable[[ServedRequest], None] | None,
    ) -> None:
        self._source = source
        self._options = options
        self._dice: FaultDice = options.faults.dice()
        self._on_request = on_request
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._count = 0
        self._log: list[ServedRequest] = []
        self._cache = PrefixCache() if options.prefix_cache else None
        self._answering = 0  # requests whose answer is not yet written
        self._idle = threading.Condition(self._lock)

    @property
    def log(self) -> list[ServedRequest]:
        with self._lock:
            return list(self._log)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        with self._lock:
            self._answering += 1
        try:
            body = self._answer(environ, start_response)
        except BaseException:
            self._answered()
            raise
        # werkzeug closes the body once it is written
        return ClosingIterator(body, self._answered)

    def _answered(self) -> None:
        with self._idle:
            self._answering -= 1
            self._idle.notify_all()

    def wait_answered(self, timeout: float) -> bool:
        """Wait until every request taken has its answer written (False: `timeout` passed)."""
        with self._idle:
            return self._idle.wait_for(lambda: self._answering == 0, timeout)

    def _answer(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        http = Request(environ)
        path = http.path.removeprefix("/v1")
        if path in ("/chat/completions", "/chat/completions/"):
            reply = self._chat(http)
        elif path in ("/models", "/models/"):
            reply = self._models(http)
        else:
            reply = _error(
                404,
                f"no route {http.path}: this server answers POST /v1/chat/completions "
                "and GET /v1/models",
                code="unknown_url",
            )
        if reply is None:
            return _drop(environ, start_response)
        data = reply.raw if reply.raw is not None else json.dumps(reply.body).encode()
        headers = list(reply.headers)
        response = Response(data, reply.status, headers, content_type="application/json")
        return response(environ, start_response)

    def _models(self, http: Request) -> _Reply:
        if http.method != "GET":
            return _error(405, f"{http.method} is not allowed on /v1/models; use GET")
        return _Reply(200, models_body(self._options.models))

    def _chat(self, http: Request) -> _Reply | None:
        with self._lock:
            self._count += 1
            number = self._count
        query = http.headers.get(QUERY_HEADER) or None
        fault, reply = self._respond(http, query, number)
        if reply is not None:
            reply = replace(reply, headers=(*reply.headers, ("x-request-id", f"req_{number}")))
        served = ServedRequest(number, query, None if reply is None else reply.status, fault)
        with self._lock:
            self._log.append(served)
        if self._on_request is not None:
            self._on_request(served)
        if fault is Fault.HANG:
            self.stopping.wait(self._options.faults.hang_seconds)
        return reply

    def _respond(
        self, http: Request, query: str | None, number: int
    ) -> tuple[Fault | None, _Reply | None]:
        """The fault drawn and the reply (None: drop the connection)."""
        checked = self._check(http, query)
        if isinstance(checked, _Reply):
            return None, checked
        request = checked
        if self._options.latency_ms:
            self.stopping.wait(self._options.latency_ms / 1000)
        fault = self._dice.draw()
        if fault is Fault.RATE_LIMIT:
            return fault, _rate_limited(self._options.faults.retry_after_ms)
        if fault is Fault.SERVER_ERROR:
            message = "The server had an error while processing your request (injected fault)."
            return fault, _error(500, message, type="server_error")
        if fault is Fault.MALFORMED:
            return fault, _Reply(200, raw=f'{{"id": "chatcmpl-{number}", "choices": ['.encode())
        if fault is Fault.DROP:
            return fault, None
        outcome = self._source.answer(request, consume=fault is None)
        if isinstance(outcome, ScriptedAnswer):
            reply = _Reply(200, completion_body(request, self._cached(request, outcome), number))
        else:
            reply = outcome
        if fault is Fault.TRUNCATED and reply.status == 200:
            reply = replace(reply, body=truncate_completion(reply.body))
        return fault, reply

    def _cached(self, request: ChatRequest, answer: ScriptedAnswer) -> ScriptedAnswer:
        """The answer with the prompt tokens a provider's prefix cache would have served
        (with `prefix_cache`; the answer's own usage, if it says, wins)."""
        given = answer.usage or UsageOverride()
        if self._cache is None or given.cached_tokens is not None:
            return answer
        tokens = request_tokens(request.raw)
        with self._lock:
            cached = self._cache.cached(tokens)
        prompt = given.prompt_tokens if given.prompt_tokens is not None else len(tokens)
        usage = replace(given, prompt_tokens=prompt, cached_tokens=min(cached, prompt))
        return replace(answer, usage=usage)

    def _check(self, http: Request, query: str | None) -> ChatRequest | _Reply:
        """The request, or the 4xx reply it gets: everything a real server would reject."""
        if http.method != "POST":
            return _error(405, f"{http.method} is not allowed on /v1/chat/completions; use POST")
        try:
            raw = json.loads(http.get_data())
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            return _error(400, f"the request body is not JSON: {error}")
        if not isinstance(raw, dict):
            return _error(400, "the request body must be a JSON object")
        if query is None:
            return _error(
                400,
                f"missing {QUERY_HEADER} header: this scripted server answers by query name",
                code="missing_query",
            )
        try:
            request = ChatRequest.parse(query, raw)
        except ValidationError as error:
            problem = error.errors()[0]
            param = ".".join(str(part) for part in problem["loc"])
            return _error(400, f"{param}: {problem['msg']}", param=param)
        if request.body.stream:
            return _error(
                400,
                "stream=true is not supported by this server; ask without streaming",
                code="unsupported_value",
                param="stream",
            )
        if not self._options.structured and request.wants_json_schema:
            return _error(
                400,
                "response_format json_schema is not supported by this server",
                param="response_format",
            )
        if not self._options.tools and request.body.tools is not None:
            return _error(400, "tools are not supported by this server", param="tools")
        return request


def _rate_limited(retry_after_ms: int) -> _Reply:
    message = (
        f"Rate limit reached for requests (injected fault). Please try again in {retry_after_ms}ms."
    )
    headers = (
        ("retry-after-ms", str(retry_after_ms)),
        ("retry-after", str(math.ceil(retry_after_ms / 1000))),
    )
    return _error(429, message, type="requests", code="rate_limit_exceeded", headers=headers)


def _drop(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
    """Close the connection without a response. The socket is shut down first, so the
    status line werkzeug then tries to write fails as a dropped connection (which werkzeug
    handles silently) and nothing reaches the client."""
    connection: socket.socket = environ["werkzeug.socket"]
    connection.shutdown(socket.SHUT_RDWR)
    start_response("500 Dropped", [])
    return []


class _QuietHandler(WSGIRequestHandler):
    """Request handling without werkzeug's log line per request (tests make many)."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


class ModelServer:
    """A scripted model server running in this process. Stop it (or use `with`) when done."""

    def __init__(self, server: BaseWSGIServer, app: _ModelApp) -> None:
        self._server = server
        self._app = app
        # A short poll, so `stop` returns at once instead of after socketserver's 0.5 s poll.
        self._thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="model-server",
            daemon=True,
        )
        self._thread.start()

    @property
    def url(self) -> str:
        """The base URL an OpenAI client takes: `http://HOST:PORT/v1`."""
        host, port = self._server.server_address[:2]
        shown = f"[{host!s}]" if ":" in str(host) else str(host)  # an IPv6 address
        return f"http://{shown}:{port}/v1"

    @property
    def log(self) -> list[ServedRequest]:
        """Every chat completion request handled so far, in order (a copy)."""
        return self._app.log

    def stop(self) -> None:
        """Stop serving; requests still hanging or waiting out a latency return at once, and
        every request taken gets its answer before this returns (a process that exits after
        it, as `webagent llm serve` does when its output is closed, cuts no answer short)."""
        self._app.stopping.set()
        self._server.shutdown()
        self._app.wait_answered(timeout=5)
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> ModelServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def start_model_server(
    *,
    script: Script | None = None,
    cassette: Cassette | None = None,
    upstream: str | None = None,
    answerer: Answerer | None = None,
    faults: FaultPlan | None = None,
    latency_ms: int = 0,
    structured: bool = True,
    tools: bool = True,
    models: Sequence[str] = DEFAULT_MODELS,
    host: str = "127.0.0.1",
    port: int = 0,
    on_request: Callable[[ServedRequest], None] | None = None,
    prefix_cache: bool = False,
) -> ModelServer:
    """Serve answers from exactly one of `script`, `cassette`, `answerer` or `upstream` (a
    base URL to forward to, as a proxy) on `host:port` (0: a free port), in a background
    thread.

    `faults` injects failures; `latency_ms` delays every answer; `structured=False` rejects
    `json_schema` response formats and `tools=False` requests with tools, as servers without
    those features do; `models` is what `GET /v1/models` lists (any model name is accepted);
    `on_request` is called with each request's record as it is handled. `prefix_cache`
    reports, in each answer's usage, the prompt tokens a provider's prefix cache would have
    served (`prompt_tokens_details.cached_tokens`, as OpenAI counts them: see
    `webagent.llm.prefix`).
    """
    sources = [s for s in (script, cassette, answerer, upstream) if s is not None]
    if len(sources) != 1:
        raise ConfigError(
            "a model server needs exactly one of script=, cassette=, answerer=, upstream="
        )
    if latency_ms < 0:
        raise ConfigError(f"latency of {latency_ms} ms is negative")
    source: _Source
    if script is not None:
        source = _ScriptSource(script)
    elif cassette is not None:
        source = _CassetteSource(cassette)
    elif upstream is not None:
        source = _UpstreamSource(upstream, timeout=max(60.0, faults.hang_seconds if faults else 0))
    else:
        assert answerer is not None
        source = _AnswererSource(answerer)
    options = _Options(
        faults or FaultPlan(), latency_ms, structured, tools, tuple(models), prefix_cache
    )
    app = _ModelApp(source, options, on_request)
    try:
        _check_free(host, port)  # werkzeug would print and exit instead of raising
        server = make_server(host, port, app, threaded=True, request_handler=_QuietHandler)
    except OSError as error:
        raise ConfigError(f"cannot serve a model on {host}:{port}: {error.strerror}") from error
    return ModelServer(server, app)


def _check_free(host: str, port: int) -> None:
    """Raise `OSError` when `host:port` cannot be listened on."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.bind((host, port))
