"""A whole benchmark run: resume what an earlier session left, check the sites, run the rest
on the workers, write the reports.

    summary = run_benchmark(Benchmark(out=Path("out"), tasks_name="webarena-verified",
                                      tasks_file=path, tasks=selected, sites=sites,
                                      options=options, workers=4), progress)

A rerun with the same `out` picks up where the last one stopped: finished tasks (those with
a `record.json`) are skipped, half-done ones are started again. It must agree with the first
run on what decides the outcome (task set, model, mode, limits); `force` overrides that.
With `reset_url`, the sites are reset before the first task that runs (so not at all when
every task has finished).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from webagent import __version__
from webagent.errors import ConfigError, WebAgentError
from webagent.runner.conflicts import clash, task_locks
from webagent.runner.options import AgentOptions
from webagent.runner.pool import ProcessPool, WorkerSpec
from webagent.runner.progress import Progress, duration
from webagent.runner.record import (
    RUN_FILE,
    RunInfo,
    TaskRecord,
    error_record,
    read_record,
    read_run,
    task_folder,
    write_json,
    write_record,
)
from webagent.runner.report import write_reports
from webagent.runner.schedule import MAX_ATTEMPTS, Schedule
from webagent.runner.selection import Shard, site_names
from webagent.runner.sites import check_sites, reset_sites, url_shown
from webagent.runner.summary import Summary
from webagent.webarena import Task
from webagent.webarena.deployment import SiteConfig


@dataclass(frozen=True, slots=True)
class Benchmark:
    """What to run and how."""

    out: Path
    tasks_name: str
    tasks_file: Path
    tasks: Sequence[Task]
    sites: SiteConfig
    options: AgentOptions
    workers: int = 1
    shard: Shard | None = None
    task_timeout: float | None = None
    max_attempts: int = MAX_ATTEMPTS
    """Attempts a task has when they are lost (its worker or browser died, it timed out); each
    retry runs on a fresh worker."""
    retry_errors: bool = False
    force: bool = False
    check: bool = True
    serial_mutations: bool = True
    """Tasks that change the same part of a site take turns (reads run alongside anything)."""
    backend: Literal["local", "ray"] = "local"
    ray_address: str | None = None
    record: Path | None = None
    """Each finished task's recording is copied there too (`RECORD/<id>`, a fixture)."""
    reset_url: str | None = None
    """GET before the first task to reset the sites (`$WA_FULL_RESET`, BrowserGym's)."""
    budget: float | None = None
    """US dollars the whole run may spend (earlier sessions' tasks count): once spent, no
    task starts; the running ones finish."""

    def info(self) -> RunInfo:
        needed = sorted({site for task in self.tasks for site in site_names(task)})
        return RunInfo(
            tasks=self.tasks_name,
            task_ids=tuple(task.task_id for task in self.tasks),
            model=self.options.model.model,
            base_url=self.options.model.base_url,
            mode=self.options.mode,
            trials=self.options.trials,
            max_steps=self.options.max_steps,
            confirm=self.options.confirm,
            site_urls={site: self.sites.urls[site] for site in needed if site in self.sites.urls},
            workers=self.workers,
            shard=str(self.shard) if self.shard else None,
            created=datetime.now(UTC).isoformat(timespec="seconds"),
            webagent=__version__,
            profile=self.options.profile,
        )


def run_benchmark(bench: Benchmark, progress: Progress) -> Summary:
    """Run the tasks not finished yet; the reports are written whatever happens (an
    interrupted run's too, counting what finished). `KeyboardInterrupt` propagates."""
    if bench.workers < 1:
        raise ConfigError(f"--workers must be at least 1, not {bench.workers}")
    if bench.max_attempts < 1:
        raise ConfigError(f"--max-attempts must be at least 1, not {bench.max_attempts}")
    bench.out.mkdir(parents=True, exist_ok=True)
    _resume_or_start(bench)
    by_id = {task.task_id: task for task in bench.tasks}
    done, todo = [], []
    for task in bench.tasks:
        record = read_record(bench.out, task.task_id)
        if record is not None and not (bench.retry_errors and record.status == "error"):
            done.append(record)
        else:
            todo.append(task.task_id)
    progress.resumed(done)
    if bench.budget is not None and todo and progress.cost >= bench.budget:
        progress.note(_spent(bench.budget, progress.cost, len(todo)))
        todo = []
    try:
        if todo:
            if bench.reset_url:
                _reset(bench, bench.reset_url, progress)
            if bench.check:
                _check(bench, [by_id[t] for t in todo])
            locks = {t: task_locks(by_id[t]) for t in todo} if bench.serial_mutations else None
            schedule = Schedule.of(todo, bench.max_attempts, locks=locks, clash=clash)
            _execute(bench, schedule, by_id, progress)
    finally:
        summary = write_reports(bench.out)
    return summary


def _resume_or_start(bench: Benchmark) -> RunInfo:
    info = bench.info()
    earlier = read_run(bench.out)
    if earlier is not None:
        before, now = earlier.identity(), info.identity()
        changed = [key for key in now if before.get(key) != now[key]]
        if changed and not bench.force:
            details = "; ".join(
                f"{key}: {before.get(key)!r} then, {now[key]!r} now" for key in changed
            )
            raise ConfigError(
                f"{bench.out} holds a run with other settings ({details}); use another --out, "
                "or --force to continue it anyway"
            )
        # the selection may grow (more ids, another shard): keep every task either asked for
        ids = tuple(dict.fromkeys([*earlier.task_ids, *info.task_ids]))
        info = replace(info, task_ids=ids, created=earlier.created, resets=earlier.resets)
    write_json(bench.out / RUN_FILE, info.to_json())
    return info


def _reset(bench: Benchmark, url: str, progress: Progress) -> None:
    """The sites back to their initial state before any task runs (they are checked after);
    `run.json` keeps when, so the report can say whether the run had fresh sites."""
    shown = url_shown(url)
    progress.note(f"resetting the sites through {shown} (this can take minutes)")
    at = datetime.now(UTC).isoformat(timespec="seconds")
    seconds = reset_sites(url)
    progress.note(f"the sites were reset in {duration(seconds)}")
    info = read_run(bench.out)
    if info is not None:
        reset = {"at": at, "url": shown, "seconds": round(seconds, 1)}
        write_json(bench.out / RUN_FILE, replace(info, resets=(*info.resets, reset)).to_json())


def _check(bench: Benchmark, tasks: Sequence[Task]) -> None:
    """Every site the tasks need has a URL and answers; otherwise stop before starting."""
    needed = sorted({site for task in tasks for site in site_names(task)})
    missing = bench.sites.missing(needed)
    problems = [f"{site}: no URL (set WA_{site.upper()} or use --config)" for site in missing]
    urls = {site: bench.sites.urls[site] for site in needed if site not in missing}
    for check in check_sites(urls):
        if not check.ok:
            problems.append(f"{check.site}: {check.url} does not answer: {check.detail}")
    if problems:
        raise WebAgentError(
            "cannot run: " + "; ".join(problems) + " (--no-check runs anyway; those tasks fail)"
        )


def _execute(
    bench: Benchmark, schedule: Schedule, by_id: dict[int, Task], progress: Progress
) -> None:
    def lost(task_id: int, reasons: list[str]) -> None:
        record = lost_record(by_id[task_id], reasons)
        write_record(bench.out, record)
        progress.record(record)

    def finished(record: TaskRecord) -> None:
        if bench.record is not None:
            # the recording's module (pydantic models, the events) only for --record
            from webagent.agent.recording import META_FILE, copy_recording

            folder = task_folder(bench.out, record.task_id)
            if (folder / META_FILE).is_file():
                copy_recording(folder, bench.record / str(record.task_id))
        progress.record(record)
        spent = bench.budget is not None and progress.cost >= bench.budget
        if spent and not schedule.halted and schedule.pending:
            schedule.halt()
            progress.note(_spent(bench.budget or 0.0, progress.cost, len(schedule.pending)))

    spec = WorkerSpec(bench.out, bench.tasks_file, bench.sites, bench.options)
    if bench.backend == "ray":
        from webagent.runner.ray_pool import RayPool  # ray is an optional extra

        RayPool(
            spec,
            bench.workers,
            address=bench.ray_address,
            on_record=finished,
            on_lost=lost,
            on_note=progress.note,
            task_timeout=bench.task_timeout,
        ).run(schedule)
        return
    ProcessPool(
        spec,
        bench.workers,
        on_record=finished,
        on_lost=lost,
        on_note=progress.note,
        task_timeout=bench.task_timeout,
    ).run(schedule)


def _spent(budget: float, cost: float, waiting: int) -> str:
    return (
        f"budget reached: ${cost:.4f} spent of ${budget:g}; {waiting} task(s) not started "
        "(the running ones finish; run again with a higher --budget to go on)"
    )


def lost_record(task: Task, reasons: list[str]) -> TaskRecord:
    """The record of a task whose every attempt was lost (worker or browser died, timeout)."""
    record = error_record(task, f"every attempt was lost: {'; '.join(reasons)}")
    return replace(record, attempts=len(reasons), retries=tuple(reasons))
