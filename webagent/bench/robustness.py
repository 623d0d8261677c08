"""The robustness benchmark: each mode on a local site's tasks, with an oracle model that makes
mistakes at given rates; success scored by webarena-verified from each run's HAR and answer.

    cells = run_robustness("demo_shop", noises=[0, 0.2], modes=["react", "devils-advocate"])
    print(table(cells))

The oracle model knows each task's solution; with probability `noise` per element action it
puts a plausible wrong element first (the right one among its remedies), and off the
solution path it wanders like a lost model. The modes differ in what they do about it.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from webagent.agent.metrics import TaskMetrics
from webagent.controller import Settings
from webagent.llm import ModelConfig
from webagent.llm.server import start_model_server
from webagent.oracle import OracleModel
from webagent.session import Session
from webagent.session.scored import SeedSite, run_scored
from webagent.sites import start_site
from webagent.sites.server import SiteServer
from webagent.webarena import Task, load_tasks


@dataclass(frozen=True, slots=True)
class TaskRun:
    """One task run in one mode at one noise level."""

    mode: str
    noise: float
    task_id: int
    passed: bool
    status: str
    metrics: TaskMetrics
    seconds: float
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Flat: the run's fields with its metrics beside them."""
        data = {name: getattr(self, name) for name in ("mode", "noise", "task_id", "passed")}
        data["status"] = self.status
        data.update(asdict(self.metrics))
        data.update(seconds=self.seconds, error=self.error)
        return data


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
        """The mean of one of the runs' metrics."""
        total = sum(getattr(r.metrics, name) for r in self.runs)
        return total / len(self.runs) if self.runs else 0.0

    @property
    def calls_per_action(self) -> float:
        actions = sum(r.metrics.actions for r in self.runs)
        return sum(r.metrics.calls for r in self.runs) / actions if actions else 0.0

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
            "runs": [run.to_json() for run in self.runs],
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
    with tempfile.TemporaryDirectory(prefix="webagent-bench-") as temp, Session() as session:
        folder = Path(temp)
        with start_site(site, db=folder / "site.sqlite", reset=True) as server:
            tasks = _tasks(server, task_ids)
            shop = SeedSite(session, server, folder)
            total, done = len(cells) * len(tasks), 0
            for cell in cells:
                oracle = OracleModel(site, noise=cell.noise, eval_noise=eval_noise, seed=seed)
                with start_model_server(answerer=oracle) as model:
                    for task in tasks:
                        run = _run_one(shop, model.url, task, cell, folder=folder)
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


def _run_one(site: SeedSite, model_url: str, task: Task, cell: Cell, *, folder: Path) -> TaskRun:
    started = time.monotonic()
    config = ModelConfig(model="webagent-oracle", base_url=model_url, timeout=60)
    har = folder / f"{cell.mode}-{cell.noise}-{task.task_id}.har"
    outcome, passed = run_scored(site, config, task, settings=Settings.for_mode(cell.mode), har=har)
    result = outcome.result
    return TaskRun(
        mode=cell.mode,
        noise=cell.noise,
        task_id=task.task_id,
        passed=passed,
        status=result.answer.status,
        metrics=TaskMetrics.of(outcome),
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
