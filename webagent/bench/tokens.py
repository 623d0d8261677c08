"""The token benchmark: what the agent sends a model, as a provider sees and bills it.

    report = measure_tokens("demo_shop", task_ids=[1, 2, 6], out=Path("runs/tokens"))
    print(report_markdown(report))

Two passes over a local site's tasks with its oracle model answering at once:

1. `webagent webarena run` (the real command, one worker, a fresh site) through a model
   server that keeps every request; per query: how many requests, their size in o200k tokens
   as sent (tool definitions, then the messages, as a provider's prefix cache reads them),
   the share the tool definitions take, and the identical prefix each request shares with
   the one before it of the same query (what a prefix cache reuses); per task: tokens sent,
   model calls per browser action, and whether it passed.
2. The same tasks run here through the session, to split the time of a step: the browser's
   (reading pages and running actions, waits for the page included), the model's (zero
   latency: what remains is the HTTP round trip) and webagent's own (the rest: prompts,
   parsing, classification, bookkeeping).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from webagent.bench.tasks import TASKS
from webagent.controller import Settings
from webagent.llm import ModelConfig
from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.llm.prefix import request_tokens, shared_prefix, tool_tokens
from webagent.llm.server import start_model_server
from webagent.oracle import OracleModel
from webagent.session import Session
from webagent.session.scored import SeedSite, run_scored
from webagent.sites import start_site
from webagent.webarena import load_tasks


@dataclass(frozen=True, slots=True)
class QueryTokens:
    """One query's requests, in o200k tokens as sent."""

    query: str
    requests: int
    median: float
    p90: int
    max: int
    tools_share: float
    """Median share of a request that is tool and response-format definitions."""
    prefix_median: float
    """Median identical prefix a request shares with the previous request of this query."""
    prefix_share: float
    """The same, as a share of the request (median)."""


@dataclass(frozen=True, slots=True)
class TimeSplit:
    """Where the time of the run's steps went, in seconds per browser action."""

    actions: int
    browser: float
    model: float
    webagent: float

    @property
    def total(self) -> float:
        return self.browser + self.model + self.webagent


@dataclass
class TokenReport:
    tasks: int
    passed: int
    actions: int
    calls: int
    tokens: int
    """Every request's tokens, as sent, summed."""
    queries: list[QueryTokens] = field(default_factory=list)
    time: TimeSplit | None = None

    @property
    def tokens_per_task(self) -> float:
        return self.tokens / self.tasks if self.tasks else 0.0

    @property
    def calls_per_action(self) -> float:
        return self.calls / self.actions if self.actions else 0.0

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "tasks": self.tasks,
            "passed": self.passed,
            "actions": self.actions,
            "calls": self.calls,
            "tokens": self.tokens,
            "tokens_per_task": round(self.tokens_per_task, 1),
            "calls_per_action": round(self.calls_per_action, 3),
            "queries": [asdict(query) for query in self.queries],
        }
        if self.time is not None:
            data["time_per_action"] = {**asdict(self.time), "total": self.time.total}
        return data


class _Keeper:
    """The oracle, keeping every request it answers (in the order they came)."""

    def __init__(self, oracle: OracleModel) -> None:
        self.oracle = oracle
        self.requests: list[ChatRequest] = []
        self._lock = threading.Lock()

    def __call__(self, request: ChatRequest) -> ScriptedAnswer:
        with self._lock:
            self.requests.append(request)
        return self.oracle(request)


Progress = Callable[[str], None]


def measure_tokens(
    site: str,
    *,
    task_ids: Sequence[int] = TASKS,
    out: Path,
    timing: bool = True,
    progress: Progress = lambda line: None,
) -> TokenReport:
    """Both passes over `task_ids` of local site `site`; the runner's files go to `out`."""
    keeper = _Keeper(OracleModel(site))
    with (
        tempfile.TemporaryDirectory(prefix="webagent-tokens-") as temp,
        start_site(site, db=Path(temp) / "site.sqlite", reset=True) as server,
        start_model_server(answerer=keeper) as model,
    ):
        progress(f"webagent webarena run: {len(task_ids)} tasks, one worker")
        _run_webarena(server.site.tasks_file, server.site.webarena_site, server.url, model.url,
                      task_ids, out)  # fmt: skip
    report = _report(out, task_ids, keeper.requests)
    if timing:
        progress("the same tasks through the session, timed")
        report.time = measure_time(site, task_ids)
    return report


def _run_webarena(  # noqa: PLR0917 - the run's parts, spelled out
    tasks_file: Path,
    webarena_site: str,
    site_url: str,
    model_url: str,
    task_ids: Sequence[int],
    out: Path,
) -> None:
    command = [
        sys.executable, "-m", "webagent", "webarena", "run",
        "--tasks", str(tasks_file),
        "--task-ids", ",".join(map(str, task_ids)),
        "--out", str(out), "--workers", "1", "--no-plans", "--no-reset", "--force",
        "--screenshots", "none", "--quiet",
        "--model", "webagent-oracle", "--base-url", model_url,
    ]  # fmt: skip
    env = {**os.environ, f"WA_{webarena_site.upper()}": site_url}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):  # 1: some task failed, which the report shows
        raise RuntimeError(f"webagent webarena run failed ({done.returncode}): {done.stderr}")


def _report(out: Path, task_ids: Sequence[int], requests: list[ChatRequest]) -> TokenReport:
    records = [json.loads((out / str(t) / "record.json").read_text()) for t in task_ids]
    sequences = [request_tokens(request.raw) for request in requests]
    report = TokenReport(
        tasks=len(records),
        passed=sum(1 for r in records if r["status"] == "scored" and r["score"] == 1.0),
        actions=sum(r["metrics"]["actions"] for r in records),
        calls=sum(r["metrics"]["calls"] for r in records),
        tokens=sum(len(tokens) for tokens in sequences),
    )
    for query in sorted({request.query for request in requests}):
        chosen = [i for i, request in enumerate(requests) if request.query == query]
        report.queries.append(
            _query_tokens(query, [sequences[i] for i in chosen], [requests[i] for i in chosen])
        )
    return report


def _query_tokens(
    query: str, sequences: list[list[int]], requests: list[ChatRequest]
) -> QueryTokens:
    sizes = sorted(len(tokens) for tokens in sequences)
    pairs = zip(requests, sequences, strict=True)
    shares = [tool_tokens(request.raw) / max(len(tokens), 1) for request, tokens in pairs]
    prefixes = [shared_prefix(a, b) for a, b in pairwise(sequences)]
    prefix_shares = [p / max(len(b), 1) for p, b in zip(prefixes, sequences[1:], strict=True)]
    return QueryTokens(
        query=query,
        requests=len(sequences),
        median=statistics.median(sizes),
        p90=sizes[min(len(sizes) - 1, int(0.9 * len(sizes)))],
        max=sizes[-1],
        tools_share=round(statistics.median(shares), 3),
        prefix_median=statistics.median(prefixes) if prefixes else 0.0,
        prefix_share=round(statistics.median(prefix_shares), 3) if prefix_shares else 0.0,
    )


def measure_time(site: str, task_ids: Sequence[int]) -> TimeSplit:
    """The tasks through the session with the oracle answering at once: the browser's time
    (the tab's own count), the model's (each call's latency) and the rest, per action."""
    oracle = OracleModel(site)
    browser = model = total = 0.0
    actions = 0
    with (
        tempfile.TemporaryDirectory(prefix="webagent-time-") as temp,
        start_site(site, db=Path(temp) / "site.sqlite", reset=True) as server,
        start_model_server(answerer=oracle) as served,
        Session() as session,
    ):
        shop = SeedSite(session, server, Path(temp))
        config = ModelConfig(model="webagent-oracle", base_url=served.url, timeout=60)
        tasks = {task.task_id: task for task in load_tasks(server.site.tasks_file)}
        for task_id in task_ids:
            started = time.monotonic()
            run, _ = run_scored(
                shop, config, tasks[task_id], settings=Settings(), har=Path(temp) / "t.har"
            )
            total += time.monotonic() - started
            tab = session.tab
            assert tab is not None  # the run opened one
            browser += tab.busy.observing + tab.busy.acting
            model += run.usage.latency_s
            actions += run.result.metrics.actions
    per = max(actions, 1)
    return TimeSplit(
        actions=actions,
        browser=round(browser / per, 3),
        model=round(model / per, 3),
        webagent=round((total - browser - model) / per, 3),
    )


def report_markdown(report: TokenReport) -> str:
    """The report as Markdown: the headline, a table per query, the time split."""
    lines = [
        f"- tasks: {report.tasks}, passed {report.passed}",
        f"- tokens per task (every request as sent, summed): {report.tokens_per_task:,.0f}",
        f"- model calls per browser action: {report.calls_per_action:.2f} "
        f"({report.calls} calls, {report.actions} actions)",
        "",
        "| query | requests | median | p90 | max | tools share | shared prefix (median) "
        "| shared prefix share |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for q in report.queries:
        lines.append(
            f"| {q.query} | {q.requests} | {q.median:,.0f} | {q.p90:,} | {q.max:,} | "
            f"{q.tools_share:.0%} | {q.prefix_median:,.0f} | {q.prefix_share:.0%} |"
        )
    split = report.time
    if split is not None:
        lines += [
            "",
            f"Time per browser action over {split.actions} actions, the model answering at "
            "once: "
            f"browser {split.browser:.3f} s, model round trip {split.model:.3f} s, "
            f"webagent's own {split.webagent:.3f} s (total {split.total:.3f} s).",
        ]
    return "\n".join(lines)
