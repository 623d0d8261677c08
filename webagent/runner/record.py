"""What a benchmark run leaves behind: one record per task, in a folder per task.

    out/
      run.json                 the run's settings (what a rerun must match to resume it)
      summary.json report.html the reports (webagent.runner.report)
      47/
        record.json            this module's `TaskRecord`: written last, so its presence
                               means the task is finished (a rerun skips it)
        agent_response.json    the answer in webarena-verified's shape
        network.har            the session's HAR (webarena-verified's trace file)
        eval_result.json       each evaluator's verdict
        result.json run.log trajectory.jsonl model.cassette.jsonl screenshots/

The folder names and the first three files are webarena-verified's own (`agent_response_file_name`,
`trace_file_name`, `eval_result_file_name`), so its CLI can evaluate the folder too.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from webagent.agent.metrics import TaskMetrics

if TYPE_CHECKING:
    from webagent.webarena import Task

RECORD_FILE = "record.json"
RESPONSE_FILE = "agent_response.json"
HAR_FILE = "network.har"
EVAL_FILE = "eval_result.json"
RUN_FILE = "run.json"

RecordStatus = Literal["scored", "error"]


@dataclass(frozen=True, slots=True)
class CheckRecord:
    """One evaluator's verdict (webarena-verified's `evaluators_results`)."""

    evaluator: str
    score: float
    status: str
    messages: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TaskRecord:
    """One finished task: its score, or why there is none.

    `status` is "scored" when webarena-verified scored the run (`score` 1.0 or 0.0, whatever
    the agent answered) and "error" when it could not be (every attempt was lost to a crash
    or the time limit, the sign-in failed, the evaluator failed): then `score` is 0.0 and
    `error` says why. `attempts` counts the tries, and `retries` says why each lost one was
    lost ("the browser died (TargetClosedError: ...) on worker w1"). `task_type` is
    RETRIEVE, MUTATE or NAVIGATE (the task's expected answer); `sites` the WebArena sites it
    uses, in the task's order.
    """

    task_id: int
    sites: tuple[str, ...]
    intent: str
    intent_template_id: int
    task_type: str
    status: RecordStatus
    score: float
    error: str | None = None
    how: str | None = None
    """How the agent's run ended ("stop", "answer", "backup", "denied", "error: ...")."""
    response: Mapping[str, Any] | None = None
    checks: tuple[CheckRecord, ...] = ()
    metrics: TaskMetrics = field(default_factory=TaskMetrics)
    attempts: int = 1
    worker: str = ""
    started: str = ""
    """ISO 8601, UTC."""
    seconds: float = 0.0
    intent_template: str = ""
    retries: tuple[str, ...] = ()
    """Why each lost attempt was lost, in order (none: the first attempt finished)."""

    @property
    def passed(self) -> bool:
        return self.status == "scored" and self.score == 1.0

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["sites"] = list(self.sites)
        data["retries"] = list(self.retries)
        data["response"] = dict(self.response) if self.response is not None else None
        data["checks"] = [
            {**asdict(check), "messages": list(check.messages)} for check in self.checks
        ]
        data["passed"] = self.passed
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TaskRecord:
        """The inverse of `to_json`; `ValueError` when something required is missing."""
        try:
            given = data["metrics"]  # a record from before a metric existed lacks it: 0
            metrics = TaskMetrics(
                **{f.name: given[f.name] for f in fields(TaskMetrics) if f.name in given}
            )
            checks = tuple(
                CheckRecord(
                    str(c["evaluator"]), float(c["score"]), str(c["status"]), tuple(c["messages"])
                )
                for c in data["checks"]
            )
            status = data["status"]
            if status not in ("scored", "error"):
                raise ValueError(f"unknown status {status!r}")
            return cls(
                task_id=int(data["task_id"]),
                sites=tuple(data["sites"]),
                intent=str(data["intent"]),
                intent_template_id=int(data["intent_template_id"]),
                task_type=str(data["task_type"]),
                status=status,
                score=float(data["score"]),
                error=data["error"],
                how=data["how"],
                response=data["response"],
                checks=checks,
                metrics=metrics,
                attempts=int(data["attempts"]),
                worker=str(data["worker"]),
                started=str(data["started"]),
                seconds=float(data["seconds"]),
                intent_template=str(data.get("intent_template", "")),
                retries=tuple(str(r) for r in data.get("retries", ())),  # not in older records
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a task record: {error!r}") from error


def error_record(task: Task, error: str, started: datetime | None = None) -> TaskRecord:
    """A record of `task` that was not scored, for `error`."""
    from webagent.runner.selection import site_names  # the tasks' module: not for reports

    started = started or datetime.now(UTC)
    return TaskRecord(
        task_id=task.task_id,
        sites=site_names(task),
        intent=task.intent,
        intent_template_id=task.intent_template_id,
        intent_template=task.intent_template,
        task_type=str(task.expected_action),
        status="error",
        score=0.0,
        error=error,
        started=started.isoformat(timespec="seconds"),
    )


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically: a reader (or a rerun after a kill) never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=2, ensure_ascii=False)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def task_folder(out: Path, task_id: int) -> Path:
    return out / str(task_id)


def write_record(out: Path, record: TaskRecord) -> Path:
    path = task_folder(out, record.task_id) / RECORD_FILE
    write_json(path, record.to_json())
    return path


def read_record(out: Path, task_id: int) -> TaskRecord | None:
    """The task's record, or None when it has not finished (or its record is unreadable)."""
    path = task_folder(out, task_id) / RECORD_FILE
    try:
        return TaskRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None


def read_records(out: Path) -> Iterator[TaskRecord]:
    """Every finished task's record in `out`, by task id."""
    ids = sorted(int(p.name) for p in out.iterdir() if p.is_dir() and p.name.isdigit())
    for task_id in ids:
        record = read_record(out, task_id)
        if record is not None:
            yield record


@dataclass(frozen=True, slots=True)
class RunInfo:
    """A run's settings, kept in `run.json`. A rerun into the same folder must agree on
    what decides the outcome (`identity`); workers and sharding may change between reruns."""

    tasks: str
    """The task set: "webarena-verified", "webarena-verified-hard" or a file's path."""
    task_ids: tuple[int, ...]
    """The tasks selected (after --task-ids, --sites and --shard), in run order."""
    model: str
    base_url: str | None
    mode: str
    trials: int | None
    max_steps: int | None
    confirm: str
    site_urls: Mapping[str, str]
    workers: int = 1
    shard: str | None = None
    created: str = ""
    webagent: str = ""
    resets: tuple[Mapping[str, Any], ...] = ()
    """Each reset of the sites before a session of the run: `at` (ISO time), `url` (without
    query or credentials), `seconds`. None at all: the sites were used as they were."""
    profile: str | None = None
    """The site profile given for every page (`--profile`), if any."""

    def identity(self) -> dict[str, Any]:
        """What must match for a rerun to resume this run rather than start another."""
        return {
            "tasks": self.tasks,
            "model": self.model,
            "mode": self.mode,
            "trials": self.trials,
            "max_steps": self.max_steps,
            "confirm": self.confirm,
            "profile": self.profile,
        }

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["task_ids"] = list(self.task_ids)
        data["site_urls"] = dict(self.site_urls)
        data["resets"] = [dict(reset) for reset in self.resets]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunInfo:
        names = {f.name for f in fields(cls)}
        try:
            info = cls(**{key: value for key, value in data.items() if key in names})
        except TypeError as error:
            raise ValueError(f"not a run description: {error}") from error
        return replace(
            info,
            task_ids=tuple(int(t) for t in info.task_ids),
            resets=tuple(dict(reset) for reset in info.resets),
        )


def read_run(out: Path) -> RunInfo | None:
    """The run described in `out/run.json`, or None when there is none (or it is unreadable)."""
    try:
        return RunInfo.from_json(json.loads((out / RUN_FILE).read_text(encoding="utf-8")))
    except (OSError, ValueError, AttributeError):
        return None
