"""The robustness benchmark: each mode on a local site's tasks, with an oracle model that makes
mistakes at given rates; success scored by webarena-verified from each run's HAR and answer.

    cells = run_robustness("demo_shop", noises=[0, 0.2], modes=["react", "devils-advocate"])
    print(table(cells))

The oracle model knows each task's solution; with probability `noise` per element action it
puts a plausible wrong element first (the right one among its remedies), and off the
solution path it wanders like a lost model. The modes differ in what they do about it.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from webagent.agent import AgentRun, run_agent
from webagent.browser import Browser, launch
from webagent.controller import Settings
from webagent.llm import ModelClient, ModelConfig
from webagent.llm.server import start_model_server
from webagent.sites import start_site
from webagent.sites.oracle_model import OracleModel
from webagent.sites.oracle_runner import sign_in
from webagent.sites.profiles import site_profile
from webagent.sites.risk import SiteJudge
from webagent.sites.server import SiteServer
from webagent.webarena import Scorer, Task, load_tasks, render_url


@dataclass(frozen=True, slots=True)
class TaskRun:
    """One task run in one mode at one noise level."""

    mode: str
    noise: float
    task_id: int
    passed: bool
    status: str
    actions: int
    trials: int
    plan_revisions: int
    backtracks: int
    decompositions: int
    calls: int
    seconds: float
    error: str | None = None


@dataclass
class Cell:
    """The runs of one mode at one noise level, summed up."""

    mode: str
    noise: float
    runs: list[TaskRun] = field(default_factory=list)

    @property
    def success(self) -> float:
        return sum(r.passed for r in self.runs) / len(self.runs) if self.runs else 0.0

    def mean(self, name: str) -> float:
        return sum(getattr(r, name) for r in self.runs) / len(self.runs) if self.runs else 0.0

    @property
    def calls_per_action(self) -> float:
        actions = sum(r.actions for r in self.runs)
        return sum(r.calls for r in self.runs) / actions if actions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "noise": self.noise,
            "tasks": len(self.runs),
            "success": round(self.success, 4),
            "actions": round(self.mean("actions"), 3),
            "plan_revisions": round(self.mean("plan_revisions"), 3),
            "backtracks": round(self.mean("backtracks"), 3),
            "decompositions": round(self.mean("decompositions"), 3),
            "calls_per_action": round(self.calls_per_action, 3),
            "runs": [asdict(run) for run in self.runs],
        }


Progress = Callable[[TaskRun, int, int], None]


def run_robustness(
    site: str,
    *,
    noises: Sequence[float],
    modes: Sequence[str],
    task_ids: Sequence[int] | None = None,
    eval_noise: float = 0.0,
    seed: int = 0,
    progress: Progress | None = None,
) -> list[Cell]:
    """Every (mode, noise) cell over the tasks; each task from the seed state, signed in."""
    cells = [Cell(mode, noise) for noise in noises for mode in modes]
    with (
        tempfile.TemporaryDirectory(prefix="webagent-bench-") as temp,
        launch(judge=SiteJudge) as browser,
    ):
        folder = Path(temp)
        with start_site(site, db=folder / "site.sqlite", reset=True) as server:
            tasks = _tasks(server, task_ids)
            session = SiteSession(browser, server, folder)
            total, done = len(cells) * len(tasks), 0
            for cell in cells:
                oracle = OracleModel(site, noise=cell.noise, eval_noise=eval_noise, seed=seed)
                with start_model_server(answerer=oracle) as model:
                    for task in tasks:
                        run = _run_one(session, model.url, task, cell, folder=folder)
                        cell.runs.append(run)
                        done += 1
                        if progress is not None:
                            progress(run, done, total)
    return cells


def _tasks(server: SiteServer, task_ids: Sequence[int] | None) -> list[Task]:
    tasks = list(load_tasks(server.site.tasks_file))
    if task_ids is None:
        return tasks
    by_id = {task.task_id: task for task in tasks}
    missing = [t for t in task_ids if t not in by_id]
    if missing:
        raise ValueError(f"no task(s) {missing} in {server.site.tasks_file}")
    return [by_id[t] for t in task_ids]


class SiteSession:
    """The site's state between runs: reset and signed into again only after a run that
    sent a request that may have changed it (any POST, PUT, PATCH or DELETE in its HAR)."""

    def __init__(self, browser: Browser, server: SiteServer, folder: Path) -> None:
        self.browser, self.server, self.folder = browser, server, folder
        self.storage: Path | None = None

    def ready(self) -> Path:
        if self.storage is None:
            self.server.reset()
            self.storage = sign_in(self.browser, self.server, self.folder / "storage.json")
        return self.storage

    def after(self, har: Path) -> None:
        try:
            entries = json.loads(har.read_text(encoding="utf-8"))["log"]["entries"]
        except (OSError, ValueError, KeyError):
            entries = None
        if entries is None or any(e["request"]["method"] != "GET" for e in entries):
            self.storage = None


def run_scored(
    session: SiteSession,
    config: ModelConfig,
    task: Task,
    *,
    settings: Settings,
    har: Path,
    guidance: str | None = None,
) -> tuple[AgentRun, bool]:
    """Run `task` on the session's site (a disposable one: its tasks place orders) and score
    it with webarena-verified from its HAR and answer."""
    browser, server = session.browser, session.server
    storage = session.ready()
    urls = {server.site.webarena_site: server.url}
    with ModelClient(config) as client:
        tab = browser.open(
            render_url(task.start_urls[0], urls),
            storage_state=storage,
            record_har=har,
            confirm="allow",
            judge=SiteJudge(),
        )
        try:
            outcome = run_agent(
                tab,
                client,
                task.intent,
                settings=settings,
                profile=site_profile(server.site.name),
                guidance=guidance,
            )
        finally:
            tab.close()
    score = Scorer(urls).score(task, outcome.result.answer.to_response(), har)
    session.after(har)
    har.unlink(missing_ok=True)
    return outcome, score.passed


def _run_one(
    session: SiteSession, model_url: str, task: Task, cell: Cell, *, folder: Path
) -> TaskRun:
    started = time.monotonic()
    config = ModelConfig(model="webagent-oracle", base_url=model_url, timeout=60)
    har = folder / f"{cell.mode}-{cell.noise}-{task.task_id}.har"
    outcome, passed = run_scored(
        session, config, task, settings=Settings.for_mode(cell.mode), har=har
    )
    result = outcome.result
    metrics = result.metrics
    return TaskRun(
        mode=cell.mode,
        noise=cell.noise,
        task_id=task.task_id,
        passed=passed,
        status=result.answer.status,
        actions=metrics.actions,
        trials=metrics.trials,
        plan_revisions=metrics.plan_revisions,
        backtracks=metrics.backtracks,
        decompositions=metrics.decompositions,
        calls=outcome.usage.calls,
        seconds=round(time.monotonic() - started, 2),
        error=result.how if result.how.startswith("error") else None,
    )


def table(cells: Sequence[Cell]) -> str:
    """A Markdown table: one row per (noise, mode)."""
    lines = [
        "| noise | mode | tasks | success | actions/task | plan revisions/task | "
        "backtracks/task | model calls/action |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for cell in cells:
        lines.append(
            f"| {cell.noise:g} | {cell.mode} | {len(cell.runs)} | {cell.success:.0%} | "
            f"{cell.mean('actions'):.1f} | {cell.mean('plan_revisions'):.2f} | "
            f"{cell.mean('backtracks'):.2f} | {cell.calls_per_action:.2f} |"
        )
    return "\n".join(lines)
