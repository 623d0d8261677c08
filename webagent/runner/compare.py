"""Two runs side by side: how success moved overall, per site and per task type, which tasks a
change fixed or broke, and what a task cost in each.

    comparison = compare_runs(Path("runs/before"), Path("runs/after"))
    print(comparison.text())

`compare` is the pure core (records in, `Comparison` out); `compare_runs` reads the folders.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from webagent.errors import ConfigError
from webagent.runner.record import RunInfo, TaskRecord, read_records, read_run
from webagent.runner.summary import Stats, group_by, site_key, task_type_order


@dataclass(frozen=True, slots=True)
class Side:
    """One of the two runs: where it is, what to call it, and its per-task means."""

    folder: str
    label: str
    """The model and mode from run.json ("gpt-4o (plan)"), else the folder."""
    tasks: int
    passed: int
    mean_cost: float
    mean_calls: float
    mean_seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "folder": self.folder,
            "label": self.label,
            "tasks": self.tasks,
            "passed": self.passed,
            "means": {
                "cost": self.mean_cost,
                "calls": self.mean_calls,
                "seconds": self.mean_seconds,
            },
        }


@dataclass(frozen=True, slots=True)
class Rates:
    """One group's success (all tasks, a site, a task type) in A and in B."""

    key: str
    a_passed: int
    a_tasks: int
    b_passed: int
    b_tasks: int

    @property
    def a_rate(self) -> float | None:
        return self.a_passed / self.a_tasks if self.a_tasks else None

    @property
    def b_rate(self) -> float | None:
        return self.b_passed / self.b_tasks if self.b_tasks else None

    @property
    def delta(self) -> float | None:
        """B's success minus A's, in percentage points; None when a side has no tasks."""
        if self.a_rate is None or self.b_rate is None:
            return None
        return (self.b_rate - self.a_rate) * 100

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "a": {"passed": self.a_passed, "tasks": self.a_tasks, "success_rate": self.a_rate},
            "b": {"passed": self.b_passed, "tasks": self.b_tasks, "success_rate": self.b_rate},
            "delta_points": self.delta,
        }


@dataclass(frozen=True, slots=True)
class Comparison:
    """Run B against run A."""

    a: Side
    b: Side
    overall: Rates
    """Each run over all its finished tasks."""
    common: Rates | None
    """Over the tasks both finished, when their task sets differ (else None)."""
    by_site: tuple[Rates, ...]
    by_task_type: tuple[Rates, ...]
    fixed: tuple[int, ...]
    """Failed or errored in A, passed in B."""
    broken: tuple[int, ...]
    """Passed in A, failed or errored in B."""
    only_a: tuple[int, ...]
    only_b: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "overall": self.overall.to_json(),
            "common": self.common.to_json() if self.common is not None else None,
            "by_site": [rates.to_json() for rates in self.by_site],
            "by_task_type": [rates.to_json() for rates in self.by_task_type],
            "fixed": list(self.fixed),
            "broken": list(self.broken),
            "only_a": list(self.only_a),
            "only_b": list(self.only_b),
        }

    def text(self) -> str:
        """A compact plain-text report for the terminal."""
        lines = [
            f"A  {self.a.label}  ({self.a.folder}, {self.a.tasks} tasks)",
            f"B  {self.b.label}  ({self.b.folder}, {self.b.tasks} tasks)",
            "",
        ]
        rows: list[tuple[str, str, str, str]] = [("", "A", "B", "B - A")]
        rows.append(_rate_row("all tasks", self.overall))
        if self.common is not None:
            rows.append(_rate_row(f"common tasks ({self.common.a_tasks})", self.common))
        rows.extend(_rate_row(f"site {rates.key}", rates) for rates in self.by_site)
        rows.extend(_rate_row(f"type {rates.key}", rates) for rates in self.by_task_type)
        for name, a, b, show in (
            ("mean cost", self.a.mean_cost, self.b.mean_cost, _dollars),
            ("mean model calls", self.a.mean_calls, self.b.mean_calls, _one),
            ("mean seconds", self.a.mean_seconds, self.b.mean_seconds, _one),
        ):
            change = show(b - a)
            rows.append(
                (name, show(a), show(b), change if change.startswith("-") else "+" + change)
            )
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        for row in rows:
            cells = [cell.rjust(width) for cell, width in zip(row, widths, strict=True)]
            lines.append("  ".join([row[0].ljust(widths[0]), *cells[1:]]).rstrip())
        lines.append("")
        for name, ids in (
            ("fixed, failed in A and passed in B", self.fixed),
            ("broken, passed in A and not in B", self.broken),
            ("only in A", self.only_a),
            ("only in B", self.only_b),
        ):
            lines.append(f"{name} ({len(ids)}): {_ids(ids) if ids else 'none'}")
        return "\n".join(lines) + "\n"


def compare(
    a: Sequence[TaskRecord],
    b: Sequence[TaskRecord],
    *,
    a_run: RunInfo | None = None,
    b_run: RunInfo | None = None,
    a_folder: str = "A",
    b_folder: str = "B",
) -> Comparison:
    """Run B's records against run A's (pure: `compare_runs` reads them from folders)."""
    a_by_id = {r.task_id: r for r in a}
    b_by_id = {r.task_id: r for r in b}
    both = sorted(a_by_id.keys() & b_by_id.keys())
    common = None
    if len(both) != len(a_by_id) or len(both) != len(b_by_id):
        common = _rates("common", [a_by_id[t] for t in both], [b_by_id[t] for t in both])
    return Comparison(
        a=_side(a_folder, _label(a_run, a_folder), a),
        b=_side(b_folder, _label(b_run, b_folder), b),
        overall=_rates("all", a, b),
        common=common,
        by_site=_grouped(a, b, lambda r: site_key(r.sites), sorted),
        by_task_type=_grouped(
            a, b, lambda r: r.task_type.upper(), lambda keys: sorted(keys, key=task_type_order)
        ),
        fixed=tuple(t for t in both if not a_by_id[t].passed and b_by_id[t].passed),
        broken=tuple(t for t in both if a_by_id[t].passed and not b_by_id[t].passed),
        only_a=tuple(sorted(a_by_id.keys() - b_by_id.keys())),
        only_b=tuple(sorted(b_by_id.keys() - a_by_id.keys())),
    )


def compare_runs(a: Path, b: Path) -> Comparison:
    """Compare the runs in two output folders (their records, and run.json for labels).

    Raises `ConfigError` when a folder does not exist or holds no finished task.
    """
    records = [_records(folder) for folder in (a, b)]
    return compare(
        records[0],
        records[1],
        a_run=read_run(a),
        b_run=read_run(b),
        a_folder=str(a),
        b_folder=str(b),
    )


def _records(folder: Path) -> list[TaskRecord]:
    if not folder.exists():
        raise ConfigError(f"no run folder at {folder}")
    if not folder.is_dir():
        raise ConfigError(f"{folder} is a file, not a run folder")
    records = list(read_records(folder))
    if not records:
        raise ConfigError(f"{folder} holds no finished task (no <task id>/record.json)")
    return records


def _label(run: RunInfo | None, folder: str) -> str:
    return f"{run.model} ({run.mode})" if run is not None else folder


def _side(folder: str, label: str, records: Sequence[TaskRecord]) -> Side:
    stats = Stats.of(records)
    means = stats.means
    return Side(folder, label, stats.tasks, stats.passed, means.cost, means.calls, means.seconds)


def _rates(key: str, a: Sequence[TaskRecord], b: Sequence[TaskRecord]) -> Rates:
    return Rates(key, sum(r.passed for r in a), len(a), sum(r.passed for r in b), len(b))


def _grouped(
    a: Sequence[TaskRecord],
    b: Sequence[TaskRecord],
    key: Callable[[TaskRecord], str],
    order: Callable[[set[str]], list[str]],
) -> tuple[Rates, ...]:
    a_groups, b_groups = group_by(a, key), group_by(b, key)
    return tuple(
        _rates(k, a_groups.get(k, []), b_groups.get(k, []))
        for k in order(a_groups.keys() | b_groups.keys())
    )


def _rate_row(name: str, rates: Rates) -> tuple[str, str, str, str]:
    delta = rates.delta
    return (
        name,
        _rate(rates.a_passed, rates.a_tasks, rates.a_rate),
        _rate(rates.b_passed, rates.b_tasks, rates.b_rate),
        "" if delta is None else f"{delta:+.1f} pts",
    )


def _rate(passed: int, tasks: int, rate: float | None) -> str:
    return "-" if rate is None else f"{passed}/{tasks} {rate * 100:5.1f}%"


def _dollars(value: float) -> str:
    return f"${value:.4f}" if value >= 0 else f"-${-value:.4f}"


def _one(value: float) -> str:
    return f"{value:.1f}"


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(str(t) for t in ids)
