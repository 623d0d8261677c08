"""A run's reports: `summary.json` for tools and `report.html` for people.

    summary = summarize(records, run)      # pure: webagent.runner.summary
    html = render_html(summary)            # pure: one self-contained page
    write_reports(out)                     # the I/O edge: reads out/, writes both files

The HTML page shows the summary as a headline, bar charts of success per site, task type and
intent template, a histogram of actions per task, tables and the task list. It has no script
and loads nothing: inline CSS, inline SVG charts, relative links to the task folders.
"""

from __future__ import annotations

import math
import os
import statistics
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import ClassVar

import jinja2

from webagent.errors import ConfigError
from webagent.runner.record import (
    EVAL_FILE,
    HAR_FILE,
    RECORD_FILE,
    RESPONSE_FILE,
    RunInfo,
    read_records,
    read_run,
    task_folder,
    write_json,
)
from webagent.runner.summary import Group, Summary, TaskRow, summarize

SUMMARY_FILE = "summary.json"
REPORT_FILE = "report.html"
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
