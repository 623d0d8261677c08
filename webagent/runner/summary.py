"""What a run's `summary.json` holds: counts, success rates, metric totals and means, overall
and per group, and one row per finished task.

    summary = summarize(records, run)      # pure
    summary.to_json()                      # what summary.json holds

Success rate is passed / finished (and passed / selected when run.json says what was
selected). Tasks are grouped per site (a multi-site task under its sites joined by "+" in
sorted order, e.g. "gitlab+reddit"), per intent template and per task type. The HTML report
(`webagent.runner.report`) shows the same summary to people.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from webagent.runner.crash import retried, times
from webagent.runner.record import RunInfo, TaskRecord

TASK_TYPES = ("RETRIEVE", "MUTATE", "NAVIGATE")
"""The known task types, in the order reports show them (others follow, sorted)."""


@dataclass(frozen=True, slots=True)
class MetricTotals:
    """The tasks' metrics summed (summary.json's `totals`; the model's usage of one run is
    `webagent.llm.Totals`)."""

    actions: int = 0
    trials: int = 0
    plan_revisions: int = 0
    backtracks: int = 0
    calls: int = 0
    tokens: int = 0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    cost: float = 0.0
    seconds: float = 0.0

    @property
    def cached_share(self) -> float:
        """The share of the prompt tokens the endpoint served from its prompt cache."""
        return self.cached_tokens / self.prompt_tokens if self.prompt_tokens else 0.0

    @classmethod
    def of(cls, records: Sequence[TaskRecord]) -> MetricTotals:
        metrics = [r.metrics for r in records]
        return cls(
            sum(m.actions for m in metrics),
            sum(m.trials for m in metrics),
            sum(m.plan_revisions for m in metrics),
            sum(m.backtracks for m in metrics),
            sum(m.calls for m in metrics),
            sum(m.tokens for m in metrics),
            sum(m.prompt_tokens for m in metrics),
            sum(m.cached_tokens for m in metrics),
            sum(m.cost for m in metrics),
            sum(r.seconds for r in records),
        )

    def mean(self, tasks: int) -> Means:
        """Per-task means (all zero for no tasks)."""
        return Means(*(getattr(self, f.name) / max(tasks, 1) for f in fields(self)))

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "cached_share": round(self.cached_share, 4)}


@dataclass(frozen=True, slots=True)
class Means:
    """Per-task metric means over some tasks."""

    actions: float = 0.0
    trials: float = 0.0
    plan_revisions: float = 0.0
    backtracks: float = 0.0
    calls: float = 0.0
    tokens: float = 0.0
    prompt_tokens: float = 0.0
    cached_tokens: float = 0.0
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
    totals: MetricTotals

    @classmethod
    def of(cls, records: Sequence[TaskRecord]) -> Stats:
        return cls(
            tasks=len(records),
            passed=sum(r.passed for r in records),
            errors=sum(r.status == "error" for r in records),
            totals=MetricTotals.of(records),
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
    retries: tuple[str, ...] = ()
    """Why each lost attempt was lost (empty for records from before they were kept)."""
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
            retries=record.retries,
            files=tuple(files) if files is not None else None,
        )

    @property
    def retry_note(self) -> str:
        """What happened to its lost attempts: "retried once: the browser died (...)"; empty
        when it was not retried."""
        if self.attempts <= 1:
            return ""
        if not self.retries:
            return f"retried {times(self.attempts - 1)}"
        return retried(self.retries)

    @property
    def outcome(self) -> str:
        """One of "passed", "failed" (scored, not passed) and "error" (not scored)."""
        if self.status == "error":
            return "error"
        return "passed" if self.passed else "failed"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["sites"] = list(self.sites)
        data["retries"] = list(self.retries)
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

    def retry_lines(self, limit: int = 20) -> list[str]:
        """A line per retried task, for the end of a run: "task 12: retried once: the
        browser died (TargetClosedError: ...) on worker w1; passed"; at most `limit`."""
        lines = [
            f"task {row.task_id}: {row.retry_note}; {row.outcome}" for row in self.retried[:limit]
        ]
        if len(self.retried) > limit:
            lines.append(f"... and {len(self.retried) - limit} more retried tasks (see the report)")
        return lines

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
                {
                    "task_id": r.task_id,
                    "attempts": r.attempts,
                    "outcome": r.outcome,
                    **({"why": list(r.retries)} if r.retries else {}),
                }
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

    `files` names, per task id, the files in its folder to link to (see
    `webagent.runner.report.TASK_FILES`).
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
