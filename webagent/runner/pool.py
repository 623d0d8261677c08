"""N worker processes, each with its own Chromium, taking tasks one at a time.

A worker that dies (killed, out of memory) or whose browser dies (Chromium killed or
crashed, a page's renderer crashed) costs only the task it had: the parent notices (the
process's sentinel, or the worker's own "lost" message), retires that worker at once (it
gets no more tasks; one that does not exit within `_EXIT_GRACE` seconds is killed), starts a
fresh one (a new process with a new browser), and queues the task again, first in line, with
why the attempt was lost (its record keeps the reasons). A task that runs past
`task_timeout` is treated the same way. A task has `Schedule.max_attempts` attempts in all;
after that it gets an error record listing every loss. A worker that finds its browser dead
before its task begins gives the task back without the attempt counting (a run whose fresh
workers keep doing so stops with an error rather than loop).

Workers run in a session of their own, so a Ctrl-C at the terminal reaches the parent only,
which then stops them: their unfinished tasks keep no record, and a rerun does them again.
A worker whose parent disappears stops by itself.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from webagent.errors import WebAgentError
from webagent.runner.options import AgentOptions
from webagent.runner.record import TaskRecord, write_json
from webagent.runner.schedule import Schedule
from webagent.webarena.deployment import SiteConfig

OnRecord = Callable[[TaskRecord], None]
OnLost = Callable[[int, list[str]], None]
"""Called with a task id and its lost attempts' reasons once it has had all its attempts."""
OnNote = Callable[[str], None]
Worker = Callable[[Connection, "WorkerSpec", str], None]
"""A worker process's main function (`worker_main`)."""

WORKERS_FILE = "workers.json"
_PRELOAD = [
    "webagent.runner.task_run",
    "webagent.sites.risk",
    "webagent.webarena.tasks",
    "webagent.webarena.scoring",
    "webarena_verified.types.task",
    "webarena_verified.api.internal.evaluator",
    "openai",
    "playwright.sync_api",
]
"""What every worker imports before its first task (about 2.5 CPU-seconds): imported once,
in the fork server, and inherited by each worker forked from it, rather than imported again
by every worker and by every fresh one that replaces a lost one. No browser or thread is
started before the fork: each worker launches its own."""
_START_FAILURES = 3
"""Workers dying as they start this many times in a row: the run stops with an error (so it
does, when fresh workers find their browser dead before their task this many times more than
there are workers, with no task finished meanwhile)."""
_EXIT_GRACE = 10.0
"""Seconds a retired worker has to exit by itself before it is killed."""


@dataclass(frozen=True, slots=True)
class WorkerSpec:
    """Everything a worker process needs (pickled to it)."""

    out: Path
    tasks_file: Path
    sites: SiteConfig
    options: AgentOptions
    headless: bool = True
    runner: int = 0
    """The process id of the run that started the worker (0: its parent process), which it
    watches: a worker forked by the fork server has the server, not the run, as its parent."""


@dataclass
class _Slot:
    name: str
    process: BaseProcess
    conn: Connection
    ready: bool = False
    task: int | None = None
    since: float = 0.0
    leaving: bool = False
    deadline: float | None = None
    """When a retired worker that has not exited is killed."""
    browser: int | None = None
    """Its Chromium's process id, when the worker could tell."""


@dataclass
class ProcessPool:
    """Runs a `Schedule` on `workers` local processes (see the module's docstring)."""

    spec: WorkerSpec
    workers: int
    on_record: OnRecord
    on_lost: OnLost
    on_note: OnNote = lambda _text: None
    task_timeout: float | None = None
    worker: Worker | None = None
    """The workers' main function (None: `worker_main`; tests give a stand-in)."""
    _slots: dict[str, _Slot] = field(default_factory=dict)
    _started: int = 0
    _start_failures: int = 0
    _broken: int = 0
    """Workers that found their browser dead before their task, since a task last finished."""

    def run(self, schedule: Schedule) -> None:
        """Until every task has a record (or its attempts are spent); `KeyboardInterrupt`
        stops the workers and propagates."""
        context = _context()
        try:
            for _ in range(min(self.workers, len(schedule.pending))):
                self._spawn(context)
            while not schedule.complete:
                self._step(schedule, context)
        finally:
            self._shutdown()

    # -- the loop ----------------------------------------------------------------------
    def _step(self, schedule: Schedule, context: Any) -> None:
        waitables: list[Any] = []
        for slot in self._slots.values():
            waitables += [slot.conn, slot.process.sentinel]
        wait(waitables, timeout=1.0)
        for slot in list(self._slots.values()):
            self._drain(slot, schedule)
            if not slot.process.is_alive():
                self._bury(slot, schedule)
        self._enforce_timeout(schedule)
        self._enforce_exit()
        self._replace(schedule, context)
        for slot in self._slots.values():
            if slot.ready and not slot.leaving and slot.task is None and schedule.pending:
                assignment = schedule.next()
                if assignment is None:
                    break
                slot.task, slot.since = assignment.task_id, time.monotonic()
                message = (assignment.task_id, assignment.attempt, assignment.retries)
                slot.conn.send(message)
                self._write_workers()
        if not schedule.pending or schedule.halted:  # nothing left to hand out: let idle go
            for slot in list(self._slots.values()):
                if slot.ready and slot.task is None:
                    self._release(slot)

    def _drain(self, slot: _Slot, schedule: Schedule) -> None:
        while True:
            try:
                if not slot.conn.poll():
                    return
                message = slot.conn.recv()
            except (EOFError, OSError):
                return
            kind = message[0]
            if kind == "ready":
                slot.ready = True
                slot.browser = message[1] if len(message) > 1 else None
                self._start_failures = 0
                self._write_workers()
            elif kind == "done":
                task_id, data = message[1], message[2]
                slot.task = None
                self._broken = 0
                schedule.done(task_id)
                self.on_record(TaskRecord.from_json(data))
                self._write_workers()
            elif kind in ("lost", "broken"):  # its browser died: the worker is exiting
                self._broke(slot, schedule, kind, message[1], message[2])
            elif kind == "fatal":
                raise WebAgentError(f"worker {slot.name} cannot start: {message[1]}")

    def _broke(self, slot: _Slot, schedule: Schedule, kind: str, task_id: int, why: str) -> None:
        """The worker's browser died, under its task ("lost") or before it ("broken")."""
        self._retire(slot)
        if slot.task != task_id:  # the task was taken from it already (timed out)
            return
        slot.task = None
        if kind == "lost":
            self._lose(schedule, task_id, f"{why} on worker {slot.name}")
            return
        schedule.returned(task_id)
        self.on_note(
            f"task {task_id}: not started: {why} on worker {slot.name} before it began; "
            "it goes to a fresh worker (the attempt does not count)"
        )
        self._broken += 1
        if self._broken >= _START_FAILURES + self.workers:
            raise WebAgentError(
                f"the workers' browsers keep dying before a task starts (last: {why}); "
                "try `webagent doctor`"
            )

    def _bury(self, slot: _Slot, schedule: Schedule) -> None:
        del self._slots[slot.name]
        slot.conn.close()
        code = slot.process.exitcode
        if slot.task is not None:
            self._lose(schedule, slot.task, f"worker {slot.name} died ({_exit(code)})")
        elif not slot.ready and not slot.leaving:
            self._start_failures += 1
            if self._start_failures >= _START_FAILURES:
                raise WebAgentError(
                    f"workers keep dying as they start (last: {_exit(code)}); try `webagent doctor`"
                )
        self._write_workers()

    def _lose(self, schedule: Schedule, task_id: int, reason: str) -> None:
        lose(schedule, task_id, reason, self.on_note, self.on_lost)

    def _enforce_timeout(self, schedule: Schedule) -> None:
        if self.task_timeout is None:
            return
        now = time.monotonic()
        for slot in self._slots.values():
            if slot.task is not None and now - slot.since > self.task_timeout:
                task_id, slot.task = slot.task, None
                self._retire(slot)
                slot.process.kill()  # its sentinel fires; the task is not its any more
                self._lose(schedule, task_id, f"timed out after {self.task_timeout:g} s")

    def _enforce_exit(self) -> None:
        """Kill the retired workers that are slow to go (a dead browser can hang on close)."""
        now = time.monotonic()
        for slot in self._slots.values():
            if slot.deadline is not None and now > slot.deadline and slot.process.is_alive():
                slot.process.kill()
                slot.deadline = None

    # -- workers -----------------------------------------------------------------------
    def _replace(self, schedule: Schedule, context: Any) -> None:
        """Start workers while tasks wait and fewer than `workers` are in service (retired
        ones that have not exited yet do not count)."""
        serving = sum(not slot.leaving for slot in self._slots.values())
        wanted = min(self.workers, serving + len(schedule.pending))
        if schedule.halted:
            wanted = serving
        for _ in range(wanted - serving):
            self._spawn(context)
        if wanted > serving:
            self._write_workers()

    def _retire(self, slot: _Slot) -> None:
        """No more tasks for this worker: it is exiting (or is killed); a fresh one replaces it."""
        slot.ready, slot.leaving = False, True
        slot.deadline = time.monotonic() + _EXIT_GRACE
        self._write_workers()

    def _spawn(self, context: Any) -> None:
        self._started += 1
        name = f"w{self._started}"
        parent, child = context.Pipe()
        process = context.Process(
            target=self.worker or worker_main,
            args=(child, self._worker_spec(), name),
            name=f"webagent-{name}",
        )
        process.daemon = True
        process.start()
        child.close()
        self._slots[name] = _Slot(name, process, parent)

    def _worker_spec(self) -> WorkerSpec:
        """The spec, naming this process as the run its workers watch."""
        if isinstance(self.spec, WorkerSpec) and not self.spec.runner:
            return replace(self.spec, runner=os.getpid())
        return self.spec  # a stand-in's (tests), or already named

    def _release(self, slot: _Slot) -> None:
        with contextlib.suppress(OSError):
            slot.conn.send(None)
        slot.ready, slot.leaving = False, True  # its sentinel removes it

    def _shutdown(self) -> None:
        for slot in self._slots.values():
            if slot.task is None:
                self._release(slot)
            elif slot.process.is_alive():
                slot.process.terminate()  # SIGTERM: the worker closes its browser and exits
        deadline = time.monotonic() + 10
        for slot in self._slots.values():
            slot.process.join(max(0.1, deadline - time.monotonic()))
            if slot.process.is_alive():
                slot.process.kill()
                slot.process.join(5)
            slot.conn.close()
        self._slots.clear()
        self._write_workers()

    def _write_workers(self) -> None:
        """`workers.json`: each worker's pid, its browser's, its current task and whether it
        is retired (exiting), for people watching a run."""
        write_json(
            self.spec.out / WORKERS_FILE,
            {
                slot.name: {
                    "pid": slot.process.pid,
                    "browser": slot.browser,
                    "task": slot.task,
                    "retired": slot.leaving,
                }
                for slot in self._slots.values()
            },
        )


def lose(schedule: Schedule, task_id: int, reason: str, on_note: OnNote, on_lost: OnLost) -> None:
    """An attempt of `task_id` is lost for `reason`: queued again, or, its attempts spent,
    given its error record (`on_lost`); either way a note says so."""
    again = schedule.lost(task_id, reason)
    attempts = len(schedule.losses[task_id])
    if again:
        on_note(f"task {task_id}: attempt {attempts} lost: {reason}; retrying")
        return
    on_note(
        f"task {task_id}: attempt {attempts} lost: {reason}; no attempt left "
        f"(at most {schedule.max_attempts})"
    )
    on_lost(task_id, schedule.losses[task_id])
    schedule.done(task_id)


def _exit(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


# -- the worker process ------------------------------------------------------------------
def _context() -> Any:
    """Workers forked from a fork server that imported `_PRELOAD` once (a worker forked from
    the parent itself would inherit its threads, and a spawned one imports everything
    again); where there is no fork server, spawned."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(_PRELOAD)
    return context


def worker_main(conn: Connection, spec: WorkerSpec, name: str) -> None:
    """A worker: one browser, tasks from `conn` until it sends None."""
    os.setsid()  # a Ctrl-C at the terminal goes to the parent, which stops us cleanly
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    _watch_parent(spec.runner or os.getppid())
    from webagent.browser import launch
    from webagent.runner.task_run import BrowserGone, TaskRunner
    from webagent.sites.risk import SiteJudge
    from webagent.webarena import load_tasks

    try:
        tasks = {task.task_id: task for task in load_tasks(spec.tasks_file)}
        browser = launch(headless=spec.headless, judge=SiteJudge)
    except WebAgentError as error:
        conn.send(("fatal", str(error)))
        return
    with tempfile.TemporaryDirectory(prefix=f"webagent-{name}-") as state, browser:
        runner = TaskRunner(
            browser, spec.sites, spec.options, out=spec.out, state=Path(state), worker=name
        )
        conn.send(("ready", runner.watch.pid))
        while True:
            message = conn.recv()
            if message is None:
                return
            task_id, attempt, retries = message
            try:
                record = runner.run(tasks[task_id], attempt, retries)
            except BrowserGone as error:  # this worker is done for: the parent starts another
                conn.send(("lost" if error.started else "broken", task_id, str(error)))
                return
            conn.send(("done", task_id, record.to_json()))


def _running(pid: int) -> bool:
    """Whether process `pid` is still running (one that exited and waits to be reaped, a
    zombie, is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True  # no /proc to ask: alive, as far as can be told
    return state not in ("Z", "X")


def _stop(_signum: int, _frame: object) -> None:
    raise SystemExit(143)


def _watch_parent(parent: int) -> None:
    """Stop when the run is gone (killed with SIGKILL, say), rather than run on alone."""

    def watch() -> None:
        while _running(parent):
            time.sleep(0.25)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(15.0)  # the browser had its chance to close
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
