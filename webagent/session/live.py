"""The live session the terminal app drives: one browser, one start, many runs.

    session = LiveSession(spec)                 # every task runs as `spec`, its task replaced
    result = session.run(task, on_event=print, confirm=ask_person, pace=pacer)
    session.close()

Playwright's sync objects belong to the thread that made them, and the TUI calls `run` from
whatever worker thread it has at hand: so every browser call is made on one thread the
session owns (`_BrowserThread`), which `run` and `close` hand their work to and wait on. The
browser starts there, lazily, on the first `run`. The callbacks (`on_event`, `confirm`,
`pace`) are called on that thread too. Each run goes through `webagent.session.Session`.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from webagent.agent.agent import AgentRun
from webagent.agent.replay import Checker, Fixture
from webagent.browser import show_window
from webagent.controller import RunResult
from webagent.controller import events as ev
from webagent.errors import WebAgentError
from webagent.plans.use import PlanUse
from webagent.safety import Confirmation
from webagent.session.outputs import Outputs
from webagent.session.replay import RecordedPages
from webagent.session.session import Session
from webagent.session.spec import RunSpec
from webagent.sites.server import SiteServer

T = TypeVar("T")


class LiveSession:
    """A `tui.session.Session` on a real Chromium and a real model endpoint.

    Every task runs as `spec` does (where it starts, the model, the settings, the safety
    policy, the profile; a recording to replay instead, with `spec.replay`), with its task
    replaced. The person's answers in the app decide irreversible actions unless the spec's
    policy is "allow" or "deny". `headless=False` shows the browser (it needs a display).
    `record`: each run is recorded as a fixture there (the first in that folder, later ones
    in `<folder>-2`, `<folder>-3`...). `plans`: the plan library, whose plan for each task's
    kind guides its planner, and which keeps each run's lesson (its owner closes it).
    `servers`: local sites already running, by name (a start on one uses it; not stopped).
    """

    def __init__(
        self,
        spec: RunSpec,
        *,
        headless: bool = True,
        record: Path | None = None,
        plans: PlanUse | None = None,
        servers: Mapping[str, SiteServer] | None = None,
    ) -> None:
        self._spec = spec
        self._headless = headless
        self._session = Session(headless=headless, plans=plans, servers=servers)
        self._thread = _BrowserThread()
        self._want_visible = True
        self._shown = True
        self._window_of: object = None  # the tab whose window `_shown` is about
        self._closed = False
        self._record = record
        self.recordings: list[Path] = []
        """The folders this session's runs were recorded in."""
        self.last_run: AgentRun | None = None
        """The last run whole: its result, the model's usage, calls by query."""

    @property
    def where(self) -> str:
        return self._session.where(self._spec.start)

    def run(
        self,
        task: str,
        *,
        on_event: Callable[[ev.Event], None],
        confirm: Callable[[Confirmation], bool],
        pace: Callable[[], None],
    ) -> RunResult:
        """Run `task` from the start page in a new browser session (closed after it)."""
        if self._closed:
            raise WebAgentError("the session is closed")
        outcome = self._thread.call(lambda: self._run(task, on_event, confirm, pace))
        self.last_run = outcome
        return outcome.result

    def show_browser(self, visible: bool) -> bool:
        """Restore or minimise a headed browser's window; False when headless.

        Best effort: the window changes on the browser's thread, at the next event or action
        of a run (not while the run is paused or waits for a confirmation), or when the next
        run opens its window.
        """
        if self._headless:
            return False
        self._want_visible = visible
        return True

    def close(self, timeout: float = 30) -> None:
        """Close the browser and the local site; a second call does nothing. A run still
        going holds this up to `timeout` seconds (abort it first)."""
        if self._closed:
            return
        self._closed = True
        try:
            self._thread.call(self._session.close, timeout=timeout)
        except TimeoutError:
            pass  # the browser thread is a daemon: the process can still end
        finally:
            self._thread.stop()

    # -- on the browser thread -----------------------------------------------------------
    def _run(
        self,
        task: str,
        on_event: Callable[[ev.Event], None],
        confirm: Callable[[Confirmation], bool],
        pace: Callable[[], None],
    ) -> AgentRun:
        spec = replace(self._spec, task=task)
        asks = spec.safety.confirm in ("ask", "answers")
        folder = self._next_recording()
        # A recording replayed: the agent reads the pages it recorded (each checked against
        # the replayed page), so what this machine's fonts and window put in the viewport
        # does not change what the model is asked, as in `webagent replay`.
        checker = Checker(Fixture(spec.replay).steps) if spec.replay is not None else None

        def paced() -> None:
            pace()
            self._apply_window()

        def watch(event: ev.Event) -> None:
            if checker is not None:
                checker.event(event)
            self._apply_window()
            on_event(event)

        try:
            outcome = self._session.run(
                spec,
                Outputs(record=folder),
                on_event=watch,
                confirm=confirm if asks else None,
                pace=paced,
                view=(lambda tab: RecordedPages(tab, checker)) if checker is not None else None,
            )
        finally:
            if folder is not None and folder.is_dir():
                self.recordings.append(folder)
        return outcome.run

    def _next_recording(self) -> Path | None:
        if self._record is None:
            return None
        n = len(self.recordings) + 1
        return self._record if n == 1 else self._record.with_name(f"{self._record.name}-{n}")

    def _apply_window(self) -> None:
        tab = self._session.tab
        if self._headless or tab is None:
            return
        if tab is not self._window_of:  # a new session opens a new, visible window
            self._window_of, self._shown = tab, True
        want = self._want_visible
        if want != self._shown and show_window(tab, want):
            self._shown = want


class _BrowserThread:
    """One daemon thread that runs whatever it is handed, in order: Playwright's objects
    stay on the thread that made them. (A daemon, so a run stuck on a question nobody will
    answer cannot keep the process alive.)"""

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Callable[[], object], Future[object]] | None]
        self._jobs = queue.Queue()
        self._thread = threading.Thread(target=self._serve, name="webagent-browser", daemon=True)
        self._thread.start()

    def call(self, job: Callable[[], T], timeout: float | None = None) -> T:
        """Run `job` on the thread and return what it returns (or raise what it raised)."""
        future: Future[object] = Future()
        self._jobs.put((job, future))
        result: T = future.result(timeout)  # type: ignore[assignment]
        return result

    def stop(self) -> None:
        self._jobs.put(None)

    def _serve(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, future = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(job())
            except BaseException as error:  # the caller re-raises it
                future.set_exception(error)
