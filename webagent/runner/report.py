"""A run's reports: `summary.json` for tools and `report.html` for people.

    summary = summarize(records, run)      # pure: counts, rates, means, groups, errors
    html = render_html(summary)            # pure: one self-contained page
    write_reports(out)                     # the I/O edge: reads out/, writes both files

Success rate is passed / finished (and passed / selected when run.json says what was
selected). Tasks are grouped per site (a multi-site task under its sites joined by "+" in
sorted order, e.g. "gitlab+reddit"), per intent template and per task type. The HTML page has
no script and loads nothing: inline CSS, inline SVG charts, relative links to the task folders.
"""

from __future__ import annotations

import math
import os
import statistics
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

import jinja2

from webagent.errors import ConfigError
from webagent.runner.record import (
    EVAL_FILE,
    HAR_FILE,
    RECORD_FILE,
    RESPONSE_FILE,
    RunInfo,
    TaskRecord,
    read_records,
    read_run,
    task_folder,
    write_json,
)

SUMMARY_FILE = "summary.json"
REPORT_FILE = "report.html"
TASK_TYPES = ("RETRIEVE", "MUTATE", "NAVIGATE")
"""The known task types, in the order reports show them (others follow, sorted)."""
TASK_FILES = {
    RECORD_FILE: "record",
    RESPONSE_FILE: "answer",
    EVAL_FILE: "evaluation",
    HAR_FILE: "HAR",
    "run.log": "log",
    "trajectory.jsonl": "trajectory",
    "result.json": "result",
    "screenshots": "screenshots",
}
"""What the report links to in a task's folder, when it is there, and the links' text."""
_DEFAULT_FILES = (RECORD_FILE, RESPONSE_FILE, HAR_FILE, "run.log")
"""Linked when nobody looked which files there are."""


# -- the summary ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Totals:
    """Metric totals over some tasks."""

    actions: int = 0
    trials: int = 0
    plan_revisions: int = 0
    backtracks: int = 0
    calls: int = 0
    tokens: int = 0
    cost: float = 0.0
    seconds: float = 0.0

    @classmethod
    def of(cls, records: Sequence[TaskRecord]) -> Totals:
        metrics = [r.metrics for r in records]
        return cls(
            sum(m.actions for m in metrics),
            sum(m.trials for m in metrics),
            sum(m.plan_revisions for m in metrics),
            sum(m.backtracks for m in metrics),
            sum(m.calls for m in metrics),
            sum(m.tokens for m in metrics),
            sum(m.cost for m in metrics),
            sum(r.seconds for r in records),
        )

    def mean(self, tasks: int) -> Means:
        """Per-task means (all zero for no tasks)."""
        return Means(*(getattr(self, f.name) / max(tasks, 1) for f in fields(self)))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Means:
    """Per-task metric means over some tasks."""

    actions: float = 0.0
    trials: float = 0.0
    plan_revisions: float = 0.0
    backtracks: float = 0.0
    calls: float = 0.0
    tokens: float = 0.0
    cost: float = 0.0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Stats:
    """Outcomes and metrics of a set of finished tasks."""

    tasks: int
    passed: int
    errors: int
    totals: Totals

    @classmethod
    def of(cls, records: Sequence[TaskRecord]) -> Stats:
        return cls(
            tasks=len(records),
            passed=sum(r.passed for r in records),
            errors=sum(r.status == "error" for r in records),
            totals=Totals.of(records),
        )

    @property
    def scored(self) -> int:
        return self.tasks - self.errors

    @property
    def success_rate(self) -> float | None:
        """Passed / finished; None when nothing finished."""
        return self.passed / self.tasks if self.tasks else None

    @property
    def means(self) -> Means:
        return self.totals.mean(self.tasks)

    def to_json(self) -> dict[str, Any]:
        return {
            "tasks": self.tasks,
            "passed": self.passed,
            "errors": self.errors,
            "success_rate": self.success_rate,
            "totals": self.totals.to_json(),
            "means": self.means.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Group:
    """The tasks sharing a site (or set of sites), an intent template or a task type."""

    key: str
    """The site key ("gitlab", "gitlab+reddit"), the template id, or the task type."""
    label: str
    """What to show: the key, or for a template its text (empty when unknown)."""
    stats: Stats

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, **self.stats.to_json()}


@dataclass(frozen=True, slots=True)
class TaskRow:
    """One finished task, as the reports list it."""

    task_id: int
    sites: tuple[str, ...]
    task_type: str
    intent: str
    intent_template_id: int
    passed: bool
    status: str
    score: float
    actions: int
    calls: int
    cost: float
    seconds: float
    error: str | None
    how: str | None
    attempts: int
    files: tuple[str, ...] | None = None
    """The task folder's files the report links to; None when nobody looked."""

    @classmethod
    def of(cls, record: TaskRecord, files: Sequence[str] | None = None) -> TaskRow:
        return cls(
            task_id=record.task_id,
            sites=record.sites,
            task_type=record.task_type,
            intent=record.intent,
            intent_template_id=record.intent_template_id,
            passed=record.passed,
            status=record.status,
            score=record.score,
            actions=record.metrics.actions,
            calls=record.metrics.calls,
            cost=record.metrics.cost,
            seconds=record.seconds,
            error=record.error,
            how=record.how,
            attempts=record.attempts,
            files=tuple(files) if files is not None else None,
        )

    @property
    def outcome(self) -> str:
        """One of "passed", "failed" (scored, not passed) and "error" (not scored)."""
        if self.status == "error":
            return "error"
        return "passed" if self.passed else "failed"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["sites"] = list(self.sites)
        data["files"] = list(self.files) if self.files is not None else None
        data["outcome"] = self.outcome
        return data


@dataclass(frozen=True, slots=True)
class Summary:
    """Everything the reports say about a run: `summary.json` is its `to_json()`."""

    run: RunInfo | None
    overall: Stats
    unfinished: tuple[int, ...] | None
    """Selected tasks without a record, in run order; None without run.json."""
    passed_of_selected: int | None
    """Passed tasks among the selected ones; None without run.json."""
    by_site: tuple[Group, ...]
    by_template: tuple[Group, ...]
    by_task_type: tuple[Group, ...]
    tasks: tuple[TaskRow, ...]

    @property
    def errors(self) -> tuple[TaskRow, ...]:
        """The tasks that could not be scored."""
        return tuple(row for row in self.tasks if row.status == "error")

    @property
    def retried(self) -> tuple[TaskRow, ...]:
        """The tasks run more than once (their worker or browser crashed)."""
        return tuple(row for row in self.tasks if row.attempts > 1)

    @property
    def selected(self) -> int | None:
        return len(self.run.task_ids) if self.run is not None else None

    @property
    def success_rate_of_selected(self) -> float | None:
        if self.passed_of_selected is None or not self.selected:
            return None
        return self.passed_of_selected / self.selected

    def to_json(self) -> dict[str, Any]:
        overall = self.overall
        return {
            "run": self.run.to_json() if self.run is not None else None,
            "selected": self.selected,
            "finished": overall.tasks,
            "scored": overall.scored,
            "errors": overall.errors,
            "passed": overall.passed,
            "success_rate": overall.success_rate,
            "success_rate_of_selected": self.success_rate_of_selected,
            "unfinished": list(self.unfinished) if self.unfinished is not None else None,
            "totals": overall.totals.to_json(),
            "means": overall.means.to_json(),
            "by_site": [group.to_json() for group in self.by_site],
            "by_template": [group.to_json() for group in self.by_template],
            "by_task_type": [group.to_json() for group in self.by_task_type],
            "error_list": [
                {"task_id": r.task_id, "error": r.error or "", "attempts": r.attempts}
                for r in self.errors
            ],
            "retried": [
                {"task_id": r.task_id, "attempts": r.attempts, "outcome": r.outcome}
                for r in self.retried
            ],
            "tasks": [row.to_json() for row in self.tasks],
        }


def site_key(sites: Sequence[str]) -> str:
    """The group a task's sites put it in: "gitlab", or "gitlab+reddit" for several."""
    return "+".join(sorted(set(sites))) or "(no site)"


def task_type_order(task_type: str) -> tuple[int, str]:
    """Sort key putting RETRIEVE, MUTATE, NAVIGATE first, then any other type by name."""
    known = TASK_TYPES.index(task_type) if task_type in TASK_TYPES else len(TASK_TYPES)
    return (known, task_type)


def group_by(
    records: Iterable[TaskRecord], key: Callable[[TaskRecord], str]
) -> dict[str, list[TaskRecord]]:
    """Records by `key`, each list in the records' order."""
    groups: dict[str, list[TaskRecord]] = {}
    for record in records:
        groups.setdefault(key(record), []).append(record)
    return groups


def summarize(
    records: Sequence[TaskRecord],
    run: RunInfo | None,
    files: Mapping[int, Sequence[str]] | None = None,
) -> Summary:
    """What the reports say about these finished tasks of `run` (None: run.json missing).

    `files` names, per task id, the files in its folder to link to (see `TASK_FILES`).
    """
    records = sorted(records, key=lambda r: r.task_id)
    by_site = group_by(records, lambda r: site_key(r.sites))
    by_type = group_by(records, lambda r: r.task_type.upper())
    by_template = group_by(records, lambda r: str(r.intent_template_id))
    unfinished: tuple[int, ...] | None = None
    passed_of_selected: int | None = None
    if run is not None:
        done = {r.task_id for r in records}
        selected = set(run.task_ids)
        unfinished = tuple(t for t in dict.fromkeys(run.task_ids) if t not in done)
        passed_of_selected = sum(r.passed for r in records if r.task_id in selected)
    return Summary(
        run=run,
        overall=Stats.of(records),
        unfinished=unfinished,
        passed_of_selected=passed_of_selected,
        by_site=tuple(Group(k, k, Stats.of(by_site[k])) for k in sorted(by_site)),
        by_template=tuple(
            Group(k, _template_text(by_template[k]), Stats.of(by_template[k]))
            for k in sorted(by_template, key=int)
        ),
        by_task_type=tuple(
            Group(k, k, Stats.of(by_type[k])) for k in sorted(by_type, key=task_type_order)
        ),
        tasks=tuple(
            TaskRow.of(r, files.get(r.task_id) if files is not None else None) for r in records
        ),
    )


def _template_text(records: Sequence[TaskRecord]) -> str:
    return next((r.intent_template for r in records if r.intent_template), "")


# -- the HTML page --------------------------------------------------------------------------

_ROW = 24  # px per bar in a bar chart
_WIDTH = 760


@dataclass(frozen=True, slots=True)
class Bar:
    """One horizontal bar: a group's success."""

    label: str
    value: str
    fraction: float
    title: str


@dataclass(frozen=True, slots=True)
class BarChart:
    """A horizontal bar chart of success per group, laid out for the template."""

    heading: str
    summary: str
    """The SVG's aria-label."""
    bars: tuple[Bar, ...]
    label_width: int

    @property
    def height(self) -> int:
        return len(self.bars) * _ROW + 8

    @property
    def bar_x(self) -> int:
        return self.label_width + 8

    @property
    def bar_width(self) -> int:
        return _WIDTH - self.bar_x - 120


@dataclass(frozen=True, slots=True)
class Column:
    """One column of the actions histogram: tasks in a range of action counts."""

    label: str
    passed: int
    other: int
    title: str


@dataclass(frozen=True, slots=True)
class Histogram:
    """Tasks by number of actions, passed stacked under the rest."""

    heading: str
    summary: str
    columns: tuple[Column, ...]
    peak: int

    height: ClassVar[int] = 220
    plot_height: ClassVar[int] = 170

    @property
    def column_width(self) -> float:
        return (_WIDTH - 48) / max(len(self.columns), 1)


def success_chart(heading: str, groups: Sequence[Group], *, templates: bool = False) -> BarChart:
    """Success per group; templates sorted by success (then size), labelled "#id text"."""
    if templates:
        groups = sorted(groups, key=lambda g: (-(g.stats.success_rate or 0), -g.stats.tasks))
    names = [f"#{g.key} {g.label}".strip() if templates else g.label for g in groups]
    bars = tuple(
        Bar(
            label=_clip(name, 52 if templates else 26),
            value=f"{g.stats.passed} of {g.stats.tasks}",
            fraction=g.stats.success_rate or 0.0,
            title=f"{name}: {g.stats.passed} of {g.stats.tasks} passed"
            + (f", {_count(g.stats.errors, 'error')}" if g.stats.errors else ""),
        )
        for name, g in zip(names, groups, strict=True)
    )
    if templates and len(groups) > 12:  # a summary, not a list: the table below has them all
        every = sum(g.stats.passed == g.stats.tasks for g in groups)
        none = sum(g.stats.passed == 0 for g in groups)
        summary = f"{len(groups)} templates, {every} with every task passed, {none} with none"
    else:
        parts = [
            f"{'#' + g.key if templates else g.label} {g.stats.passed} of {g.stats.tasks}"
            for g in groups
        ]
        summary = "; ".join(parts) or "no tasks"
    return BarChart(heading, f"{heading}: {summary}", bars, 380 if templates else 190)


def actions_histogram(rows: Sequence[TaskRow]) -> Histogram:
    """How many actions the tasks took, passed and not: failures that ran long stand out."""
    top = max((row.actions for row in rows), default=0)
    width = max(1, math.ceil((top + 1) / 15))
    columns: list[Column] = []
    for start in range(0, top + 1, width):
        inside = [row for row in rows if start <= row.actions < start + width]
        label = str(start) if width == 1 else f"{start}-{start + width - 1}"
        passed = sum(row.passed for row in inside)
        title = f"{label} actions: {_count(len(inside), 'task')}, {passed} passed"
        columns.append(Column(label, passed, len(inside) - passed, title))
    heading = "Actions per task"
    if rows:
        passed_median = _median([row.actions for row in rows if row.passed])
        other_median = _median([row.actions for row in rows if not row.passed])
        summary = (
            f"{heading}, {len(rows)} tasks: median {_median([r.actions for r in rows])}; "
            f"passed tasks {passed_median}, the others {other_median}; most {top}"
        )
    else:
        summary = f"{heading}: no tasks"
    peak = max((c.passed + c.other for c in columns), default=0)
    return Histogram(heading, summary, tuple(columns), max(peak, 1))


def _count(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _median(values: Sequence[int]) -> str:
    return f"{statistics.median(values):g}" if values else "none"


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def percent(rate: float | None) -> str:
    """A rate as "94.5%", or "n/a" for none."""
    return "n/a" if rate is None else f"{rate * 100:.1f}%"


def dollars(cost: float) -> str:
    return f"${cost:.2f}" if cost >= 1 or cost == 0 else f"${cost:.4f}"


def duration(seconds: float) -> str:
    """Seconds for people: "42.0 s", "12 min 03 s" or "2 h 05 min"."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, secs = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def headline(summary: Summary) -> str:
    """The headline: "52 of 55 tasks passed (94.5%)", or that nothing has finished."""
    overall = summary.overall
    if not overall.tasks:
        return "No task has finished yet."
    return f"{overall.passed} of {overall.tasks} tasks passed ({percent(overall.success_rate)})"


def run_name(run: RunInfo | None) -> str:
    """The run as titles name it: model, mode and task set."""
    if run is None:
        return "WebArena run (no run.json)"
    return f"WebArena run: {run.model}, {run.mode} mode, {Path(run.tasks).name or run.tasks}"


@cache
def _template() -> jinja2.Template:
    source = resources.files("webagent.runner").joinpath("report.html.j2").read_text("utf-8")
    environment = jinja2.Environment(
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters.update(percent=percent, dollars=dollars, duration=duration)
    return environment.from_string(source)


def render_html(summary: Summary) -> str:
    """The run's report as one self-contained HTML page (no script, nothing to load)."""
    return _template().render(
        summary=summary,
        title=run_name(summary.run),
        headline=headline(summary),
        charts=(
            success_chart("Success per site", summary.by_site),
            success_chart("Success per task type", summary.by_task_type),
            success_chart("Success per intent template", summary.by_template, templates=True),
        ),
        histogram=actions_histogram(summary.tasks),
        tables=(
            ("Per site", "Site", summary.by_site),
            ("Per task type", "Task type", summary.by_task_type),
            ("Per intent template", "Template", summary.by_template),
        ),
        default_files=_DEFAULT_FILES,
        file_labels=TASK_FILES,
        width=_WIDTH,
        row=_ROW,
    )


def task_files(out: Path, task_id: int) -> tuple[str, ...]:
    """The `TASK_FILES` present in the task's folder."""
    folder = task_folder(out, task_id)
    return tuple(name for name in TASK_FILES if (folder / name).exists())


def write_reports(out: Path) -> Summary:
    """Read `out`'s run.json and records; write `out/summary.json` and `out/report.html`.

    Raises `ConfigError` when `out` is not a folder.
    """
    if not out.is_dir():
        raise ConfigError(f"no run folder at {out}")
    records = list(read_records(out))
    files = {r.task_id: task_files(out, r.task_id) for r in records}
    summary = summarize(records, read_run(out), files)
    write_json(out / SUMMARY_FILE, summary.to_json())
    _write_text(out / REPORT_FILE, render_html(summary))
    return summary


def _write_text(path: Path, text: str) -> None:
    """Atomically, like `write_json`: a browser never shows half a report."""
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
