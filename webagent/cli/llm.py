"""`webagent llm`: the scripted OpenAI-compatible model server, for tests and offline demos."""

from __future__ import annotations

import argparse
import threading
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webagent.cli import stdout
from webagent.cli.help import examples
from webagent.cli.serving import serve_until, stop_on_sigterm
from webagent.errors import ConfigError
from webagent.llm.config import DEFAULT_MODELS

if TYPE_CHECKING:
    from webagent.llm.server import ServedRequest


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "llm",
        help="serve a scripted OpenAI-compatible model",
        description="Model tools. No model endpoint is needed to test webagent: the scripted "
        "server answers named queries from a script, a cassette, a Python function or a "
        "local site's task solutions.",
        epilog=examples("webagent llm serve --oracle demo_shop --port 8765"),
    )
    sub = parser.add_subparsers(dest="llm_command", metavar="SUBCOMMAND", required=True)

    serve = sub.add_parser(
        "serve",
        help="serve scripted answers over the Chat Completions API until interrupted",
        description="Serve POST /v1/chat/completions and GET /v1/models on loopback. Each "
        "request names its query in the X-Webagent-Query header; the answer is the next "
        "one for that query in --script, the recorded one in --cassette, what --answerer "
        "returns, or what --oracle works out from a local site's task solutions (with "
        "--noise and --eval-noise for a fallible model). Faults can be injected at given "
        "rates to test retries.",
        epilog=examples(
            "webagent llm serve --oracle demo_shop --noise 0.1 --port 8765",
            "webagent llm serve --script answers.jsonl --faults 429=0.1,500=0.1",
            before='script lines: {"query": "plan", "answer": {...}} (JSON content), '
            '{"query": "step", "answer": {"tool_call": {"name": "act", "arguments": {...}}}}, '
            '{"query": "summarize", "answer": "plain text"}. '
            "Fault names: 429, 500, hang, malformed, truncated, drop.",
        ),
    )
    source = serve.add_mutually_exclusive_group(required=True)
    source.add_argument("--script", type=Path, metavar="FILE", help="JSONL answers per query")
    source.add_argument("--cassette", type=Path, metavar="FILE", help="a recorded cassette")
    source.add_argument(
        "--answerer", metavar="MODULE:FUNCTION", help="a function from request to answer"
    )
    source.add_argument(
        "--upstream",
        metavar="URL",
        help="forward to another OpenAI-compatible server (a fault-injecting proxy)",
    )
    source.add_argument(
        "--oracle",
        metavar="SITE",
        help="answer every query from a local site's task solutions (e.g. demo_shop)",
    )
    serve.add_argument(
        "--noise",
        type=_fraction,
        metavar="P",
        help="with --oracle: the chance an action picks a plausible wrong element (default 0)",
    )
    serve.add_argument(
        "--eval-noise",
        type=_fraction,
        metavar="Q",
        help="with --oracle: the chance a verdict on the previous action is wrong (default 0)",
    )
    serve.add_argument(
        "--seed", type=int, metavar="S", help="with --oracle: which noise (default 0)"
    )
    serve.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any)")
    serve.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    serve.add_argument(
        "--faults", default="", metavar="SPEC", help="NAME=RATE,... injected per request"
    )
    serve.add_argument("--fault-seed", type=int, default=0, metavar="N", help="seed (default 0)")
    serve.add_argument(
        "--retry-after-ms", type=int, default=50, metavar="MS", help="what a 429 asks to wait"
    )
    serve.add_argument(
        "--hang-seconds", type=float, default=5.0, metavar="S", help="how long a hang lasts"
    )
    serve.add_argument("--latency-ms", type=int, default=0, metavar="MS", help="delay per answer")
    serve.add_argument(
        "--no-structured",
        action="store_true",
        help="refuse json_schema response formats, like servers without structured outputs",
    )
    serve.add_argument(
        "--no-tools", action="store_true", help="refuse requests with tools, like servers without"
    )
    serve.add_argument(
        "--model",
        action="append",
        dest="models",
        metavar="NAME",
        help=f"a model name /v1/models lists (repeat; default {DEFAULT_MODELS[0]})",
    )
    serve.add_argument(
        "--prefix-cache",
        action="store_true",
        help="report cached prompt tokens as OpenAI's prompt cache would (the longest prefix "
        "shared with an earlier request, from 1,024 tokens, in steps of 128)",
    )
    serve.add_argument("--quiet", action="store_true", help="do not print a line per request")
    serve.set_defaults(run=run_serve)

    relay = sub.add_parser(
        "relay",
        help="a model endpoint answered through files, by a person or any program",
        description="Serve the Chat Completions API on loopback and hand every request to "
        "whoever writes the answer files: each request is written to DIR as NNNN-QUERY.md "
        "(the messages, the tools with their parameters, what the answer must look like) and "
        "the relay waits for NNNN-QUERY.answer.json (a tool call, a JSON answer or text); one "
        "that does not fit gets NNNN-QUERY.error.md and is waited for again. Point `webagent "
        "run`, `webagent tui` or `webagent webarena run` at it with --base-url.",
        epilog="example: webagent llm relay answers/ --port 8765 & webagent run 'What is the "
        "price of the Sony WC1493X headphones?' --site demo_shop --base-url "
        "http://127.0.0.1:8765/v1 --timeout 600",
    )
    relay.add_argument("folder", type=Path, metavar="DIR", help="where requests and answers go")
    relay.add_argument("--host", default="127.0.0.1", help="address to listen on")
    relay.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any)")
    relay.add_argument(
        "--timeout",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="how long to wait for an answer before answering 504 (default 600)",
    )
    relay.add_argument("--quiet", action="store_true", help="do not print a line per request")
    relay.set_defaults(run=run_relay)


def run_serve(args: argparse.Namespace) -> int:
    if not args.oracle and any(v is not None for v in (args.noise, args.eval_noise, args.seed)):
        raise ConfigError("--noise, --eval-noise and --seed go with --oracle")
    # heavy (the server, pydantic): imported when the command runs
    from webagent.llm.cassette import Cassette
    from webagent.llm.faults import FaultPlan
    from webagent.llm.script import Script, load_answerer
    from webagent.llm.server import start_model_server

    faults = FaultPlan.parse(
        args.faults,
        seed=args.fault_seed,
        retry_after_ms=args.retry_after_ms,
        hang_seconds=args.hang_seconds,
    )
    script = Script.load(args.script) if args.script else None
    cassette = Cassette.load(args.cassette) if args.cassette else None
    answerer = load_answerer(args.answerer) if args.answerer else None
    if args.oracle:
        from webagent.oracle.model import OracleModel  # the sites load only when asked

        answerer = OracleModel(
            args.oracle,
            noise=args.noise or 0.0,
            eval_noise=args.eval_noise or 0.0,
            seed=args.seed or 0,
        )
    stop = stop_on_sigterm()  # before the line that says where the model answers
    on_request = None if args.quiet else partial(_print_request, stop=stop)
    with start_model_server(
        script=script,
        cassette=cassette,
        answerer=answerer,
        upstream=args.upstream,
        faults=faults,
        latency_ms=args.latency_ms,
        structured=not args.no_structured,
        tools=not args.no_tools,
        models=tuple(args.models or DEFAULT_MODELS),
        host=args.host,
        port=args.port,
        on_request=on_request,
        prefix_cache=args.prefix_cache,
    ) as server:
        print(f"scripted model on {server.url}  (Ctrl-C stops)", flush=True)
        if args.oracle:
            print(
                f"oracle {args.oracle}: noise {args.noise or 0.0}, "
                f"eval noise {args.eval_noise or 0.0}, seed {args.seed or 0}",
                flush=True,
            )
        if script is not None:
            counts = ", ".join(f"{q} x{script.total(q)}" for q in script.queries())
            print(f"script {args.script}: {counts or 'no answers'}", flush=True)
        serve_until(stop)
    return 0


def run_relay(args: argparse.Namespace) -> int:
    from webagent.llm.relay import Relay
    from webagent.llm.server import start_model_server

    if args.timeout <= 0:
        raise ConfigError("--timeout must be more than 0 seconds")
    relay = Relay(args.folder, timeout=args.timeout)
    stop = stop_on_sigterm()
    with start_model_server(
        answerer=relay,
        host=args.host,
        port=args.port,
        on_request=None if args.quiet else partial(_print_request, stop=stop),
    ) as server:
        print(f"relay on {server.url}: requests and answers in {args.folder}", flush=True)
        serve_until(stop)
    return 0


def _fraction(text: str) -> float:
    """A probability from the command line: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text} is not between 0 and 1")
    return value


def _print_request(served: ServedRequest, *, stop: threading.Event) -> None:
    """One line per request, printed on the server's thread; when nobody reads them any
    more (`| head`), the server stops, as the command line's `main` ends any other command
    quietly (this request is still answered)."""
    status = "dropped" if served.status is None else str(served.status)
    fault = f"  fault={served.fault.value}" if served.fault is not None else ""
    try:
        print(f"#{served.number} {served.query or '(no query)'} -> {status}{fault}", flush=True)
    except BrokenPipeError:
        if not stdout.closed():
            raise
        stdout.silence()
        stop.set()
