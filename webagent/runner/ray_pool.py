"""The same workers as Ray actors, for a run spread over a cluster (`--ray ADDRESS`).

Each actor holds one browser and signs in once per site, like a local worker. Machines in a
cluster need not share a disk: an actor runs its task in a folder of its own and sends the
folder back, zipped, with the record; the driver unpacks it into the run's `--out`. An actor
that dies (its node lost, its process killed) or whose browser dies costs its task one
attempt, as locally: the actor is replaced by a fresh one, and the task is retried on a fresh
actor with why the attempt was lost.

`ray` is an optional dependency: `pip install 'webagent[ray]'`. The address "local" starts a
Ray instance on this machine; "auto" joins the cluster this machine belongs to.
"""

from __future__ import annotations

import io
import os
import shutil
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from webagent.errors import ConfigError, WebAgentError
from webagent.runner.pool import WORKERS_FILE, OnLost, OnNote, OnRecord, WorkerSpec, lose
from webagent.runner.record import TaskRecord, task_folder, write_json
from webagent.runner.schedule import Schedule

_BROKEN = 3


class RayWorker:
    """A Ray actor: one browser, one task at a time (see the module's docstring)."""

    def __init__(self, spec: WorkerSpec, name: str) -> None:
        from webagent.browser import launch
        from webagent.runner.task_run import TaskRunner
        from webagent.sites.risk import SiteJudge
        from webagent.webarena import load_tasks

        self._temp = tempfile.TemporaryDirectory(prefix=f"webagent-ray-{name}-")
        root = Path(self._temp.name)
        (root / "out").mkdir()
        (root / "state").mkdir()
        self._out = root / "out"
        self._tasks = {task.task_id: task for task in load_tasks(spec.tasks_file)}
        self._browser = launch(headless=spec.headless, judge=SiteJudge)
        self._runner = TaskRunner(
            self._browser,
            spec.sites,
            spec.options,
            out=self._out,
            state=root / "state",
            worker=name,
        )

    def run(
        self, task_id: int, attempt: int, retries: tuple[str, ...] = ()
    ) -> tuple[dict[str, Any] | None, bytes, str | None, bool]:
        """(record, the task's folder zipped, None, True), or (None, b"", why, started) when
        the browser died (`started`: under the task, not before it)."""
        from webagent.runner.task_run import BrowserGone

        try:
            record = self._runner.run(self._tasks[task_id], attempt, retries)
        except BrowserGone as error:
            return None, b"", str(error), error.started
        folder = task_folder(self._out, task_id)
        data = io.BytesIO()
        with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    archive.write(path, path.relative_to(folder).as_posix())
        shutil.rmtree(folder, ignore_errors=True)
        return record.to_json(), data.getvalue(), None, True

    def pid(self) -> int:
        return os.getpid()

    def close(self) -> None:
        self._browser.close()
        self._temp.cleanup()


@dataclass
class RayPool:
    """Runs a `Schedule` on `workers` Ray actors."""

    spec: WorkerSpec
    workers: int
    address: str | None
    on_record: OnRecord
    on_lost: OnLost
    on_note: OnNote = lambda _text: None
    task_timeout: float | None = None
    _started: int = 0
    _actors: dict[str, Any] = field(default_factory=dict)
    _pids: dict[str, int] = field(default_factory=dict)
    _running: dict[Any, tuple[str, int, float]] = field(default_factory=dict)
    """Object ref -> (actor name, task id, when it started)."""
    _timed_out: set[Any] = field(default_factory=set)
    _broken: int = 0
    """Actors that found their browser dead before their task, since a task last finished."""

    def run(self, schedule: Schedule) -> None:
        try:
            import ray as ray_module
        except ImportError as error:
            raise ConfigError(
                "--ray needs Ray: pip install 'webagent[ray]' (or pip install ray)"
            ) from error
        ray: Any = ray_module  # its own annotations are partial
        started_here = not ray.is_initialized()
        if started_here:
            if self.address in (None, "local"):
                cpus = max(self.workers, os.cpu_count() or 1)
                ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=self.address, log_to_driver=False)
        self.on_note(f"ray: {len(ray.nodes())} node(s)")
        actor_class = ray.remote(num_cpus=1, max_restarts=0)(RayWorker)
        try:
            idle = [
                self._spawn(ray, actor_class)
                for _ in range(min(self.workers, len(schedule.pending)))
            ]
            while not schedule.complete:
                while idle:
                    assignment = schedule.next()
                    if assignment is None:
                        break
                    name = idle.pop()
                    ref = self._actors[name].run.remote(
                        assignment.task_id, assignment.attempt, assignment.retries
                    )
                    self._running[ref] = (name, assignment.task_id, time.monotonic())
                    self._write_workers()
                if not self._running:
                    break
                ready, _ = ray.wait(list(self._running), num_returns=1, timeout=1.0)
                for ref in ready:
                    name, task_id, _since = self._running.pop(ref)
                    if self._collect(ray, ref, task_id, schedule, name):
                        idle.append(name)
                    else:  # a dead actor, or one whose browser died: replace it
                        ray.kill(self._actors.pop(name), no_restart=True)
                        idle.append(self._spawn(ray, actor_class))
                    self._write_workers()
                self._enforce_timeout(ray)
        finally:
            for actor in self._actors.values():
                ray.kill(actor, no_restart=True)
            self._actors.clear()
            self._write_workers()
            if started_here:
                ray.shutdown()

    def _spawn(self, ray: Any, actor_class: Any) -> str:
        self._started += 1
        name = f"ray{self._started}"
        self._actors[name] = actor_class.remote(self.spec, name)
        self._pids[name] = ray.get(self._actors[name].pid.remote())
        return name

    def _enforce_timeout(self, ray: Any) -> None:
        if self.task_timeout is None:
            return
        now = time.monotonic()
        for ref, (name, _task, since) in self._running.items():
            if ref not in self._timed_out and now - since > self.task_timeout:
                self._timed_out.add(ref)
                ray.kill(self._actors[name], no_restart=True)  # its result becomes an error

    def _write_workers(self) -> None:
        busy = {name: task for name, task, _since in self._running.values()}
        write_json(
            self.spec.out / WORKERS_FILE,
            {name: {"pid": self._pids.get(name), "task": busy.get(name)} for name in self._actors},
        )

    def _collect(self, ray: Any, ref: Any, task_id: int, schedule: Schedule, name: str) -> bool:
        """Take a finished attempt's result; False when its actor is no longer usable."""
        try:
            data, archive, lost, started = ray.get(ref)
        except ray.exceptions.RayError as error:
            if ref in self._timed_out:
                reason = f"timed out after {self.task_timeout:g} s"
            else:
                reason = f"the Ray actor failed: {_first_line(error)}"
            lose(schedule, task_id, reason, self.on_note, self.on_lost)
            return False
        if data is None and not started:  # its browser was dead before the task began
            schedule.returned(task_id)
            self.on_note(f"task {task_id}: not started: {lost} on actor {name} before it began")
            self._broken += 1
            if self._broken >= _BROKEN + self.workers:
                raise WebAgentError(f"the actors' browsers keep dying before a task starts: {lost}")
            return False
        if data is None:
            lose(schedule, task_id, f"{lost} on actor {name}", self.on_note, self.on_lost)
            return False
        self._broken = 0
        folder = task_folder(self.spec.out, task_id)
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        with zipfile.ZipFile(io.BytesIO(archive)) as unpacked:
            unpacked.extractall(folder)
        schedule.done(task_id)
        self.on_record(TaskRecord.from_json(data))
        return True


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
