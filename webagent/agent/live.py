"""The live session the TUI drives: one browser, one model client, one start, many runs.

    session = LiveSession(Start(site="demo_shop"), ModelConfig.from_env())
    result = session.run(task, on_event=print, confirm=ask_person, pace=pacer)
    session.close()

Playwright's sync objects belong to the thread that made them, and the TUI calls `run` from
whatever worker thread it has at hand: so every browser call is made on one thread the
session owns (`_BrowserThread`), which `run` and `close` hand their work to and wait on. The
browser starts there, lazily, on the first `run`. The callbacks (`on_event`, `confirm`,
`pace`) are called on that thread too.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit

from webagent.agent.agent import AgentRun, run_agent
from webagent.agent.record_run import meta_for
from webagent.agent.recording import Recorder
from webagent.agent.start import Start, reachable
from webagent.browser import Browser, Tab, launch, show_window
from webagent.controller import RunResult, Settings
from webagent.controller import events as ev
from webagent.errors import WebAgentError
from webagent.llm import ModelClient, ModelConfig
from webagent.safety import Confirmation, Secrets
from webagent.sites.profile import Profile
from webagent.sites.risk import SiteJudge

if TYPE_CHECKING:
    from webagent.agent.replay import Fixture
    from webagent.plans.keys import PlanKey
    from webagent.plans.use import PlanUse

T = TypeVar("T")


class LiveSession:
    """A `tui.session.Session` on a real Chromium and a real model endpoint.

    `start` is where every run begins (its site, if it serves one, is stopped by `close`);
    `headless=False` shows the browser (it needs a display); `profile` is the site's profile
    (default: detected from the pages); `allow_domains` adds to the start page's origin and
    the profile's domains, the only places a run may reach; `secrets` are credentials the
    model types as placeholders. `record`: each run is recorded as a fixture there (the
    first in that folder, later ones in `<folder>-2`, `<folder>-3`...). `fixture`: every run
    replays that recording instead (its network and model answers; no site, no model).
    `guidance`: a plan every run's planner is given (a recording's). `plans`: the plan
    library, whose plan for each task's kind guides its planner (before `guidance`), and
    which keeps each run's lesson.
    """

    def __init__(
        self,
        start: Start,
        config: ModelConfig,
        *,
        headless: bool = True,
        profile: Profile | None = None,
        settings: Settings | None = None,
        allow_domains: Sequence[str] = (),
        secrets: Secrets | None = None,
        record: Path | None = None,
        fixture: Fixture | None = None,
        guidance: str | None = None,
        plans: PlanUse | None = None,
    ) -> None:
        self._start = start
        self._config = config
        self._headless = headless
        self._profile = profile
        self._settings = settings or Settings()
        self._allow_domains = list(allow_domains)
        self._secrets = secrets or Secrets()
        self._thread = _BrowserThread()
        self._browser: Browser | None = None
        self._client: ModelClient | None = None
        self._tab: Tab | None = None
        self._want_visible = True
        self._shown = True
        self._closed = False
        self._record = record
        self._fixture = fixture
        self._guidance = guidance
        self._plans = plans
        self.recordings: list[Path] = []
        """The folders this session's runs were recorded in."""
        self.last_run: AgentRun | None = None
        """The last run whole: its result, the model's usage, calls by query."""

    @property
    def where(self) -> str:
        return self._start.where

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

        Best effort: the window changes on the browser's thread, at the next action of a
        run (not while the run is paused or waits for a confirmation), or when the next
        run opens its window.
        """
        if self._headless:
            return False
        self._want_visible = visible
        return True

    def close(self, timeout: float = 30) -> None:
        """Close the browser, the model client and the start's site; a second call does
        nothing. A run still going holds this up to `timeout` seconds (abort it first)."""
        if self._closed:
            return
        self._closed = True
        try:
            self._thread.call(self._teardown, timeout=timeout)
        except TimeoutError:
            pass  # the browser thread is a daemon: the process can still end
        finally:
            self._thread.stop()
            self._start.close()

    # -- on the browser thread -----------------------------------------------------------
    def _run(
        self,
        task: str,
        on_event: Callable[[ev.Event], None],
        confirm: Callable[[Confirmation], bool],
        pace: Callable[[], None],
    ) -> AgentRun:
        if self._browser is None:
            self._browser = launch(headless=self._headless, judge=SiteJudge)
        browser, url = self._browser, self._start.url
        allowed = reachable(url, self._allow_domains, self._profile)
        recorder = self._recorder()
        storage = self._start.storage_state(browser)
        replayed: dict[str, Any] = {}
        if self._fixture is not None:
            storage = self._fixture.start_state
            replayed = {"replay_har": self._fixture.har, "replay_scrub": self._secrets.redact}
        if recorder is not None:
            recorder.keep_start_state(storage)
        tab = browser.open(
            url,
            storage_state=storage,
            confirm=confirm,
            allow_domains=allowed,
            judge=SiteJudge(self._profile),
            secrets=self._secrets,
            record_har=recorder.har_path if recorder else None,
            **replayed,
        )
        self._tab, self._shown = tab, True  # a new session opens a new, visible window
        if recorder is not None:
            recorder.attach(tab)

        def paced() -> None:
            pace()
            self._apply_window()

        def watch(event: ev.Event) -> None:
            if recorder is not None:
                recorder.event(event)
            on_event(event)

        key, guidance = self._plan_for(task)
        outcome: AgentRun | None = None
        try:
            self._apply_window()
            with self._model(recorder) as client:
                outcome = run_agent(
                    tab,
                    client,
                    task,
                    settings=self._settings,
                    profile=self._profile,
                    guidance=guidance,
                    secrets=[self._secrets.placeholder(name) for name in self._secrets.names],
                    on_event=watch,
                    pace=paced,
                )
            if self._plans is not None and key is not None:
                success = outcome.result.answer.status == "SUCCESS"
                self._plans.leave_lesson(
                    key, outcome, name=f"run {task!r}", task=task, success=success
                )
            return outcome
        finally:
            self._tab = None
            tab.close()
            if recorder is not None:
                meta = meta_for(
                    task,
                    url,
                    self._config,
                    self._settings,
                    site=self._start.site_name,
                    profile=self._profile.name if self._profile else None,
                    confirm=confirm,
                    allow_domains=allowed,
                    secrets=self._secrets,
                    run=outcome,
                    guidance=guidance,
                )
                recorder.finish(meta, decisions=tab.decisions, secrets=self._secrets)
                self.recordings.append(recorder.folder)

    def _plan_for(self, task: str) -> tuple[PlanKey | None, str | None]:
        """The task's plan key and the library's plan for it, else the session's guidance."""
        if self._plans is None:
            return None, self._guidance
        site = self._start.site_name or (self._profile.name if self._profile else None)
        key, found = self._plans.guidance(
            site or urlsplit(self._start.url).hostname or "web", task, None
        )
        return key, found or self._guidance

    def _recorder(self) -> Recorder | None:
        if self._record is None:
            return None
        n = len(self.recordings) + 1
        folder = self._record if n == 1 else self._record.with_name(f"{self._record.name}-{n}")
        return Recorder(folder)

    @contextlib.contextmanager
    def _model(self, recorder: Recorder | None) -> Iterator[ModelClient]:
        """The session's client; a run's own when it is recorded or replayed (a cassette
        belongs to one run)."""
        if recorder is not None:
            with ModelClient(self._config, record=recorder.cassette_path) as client:
                yield client
        elif self._fixture is not None:
            with ModelClient(self._config, replay=self._fixture.cassette) as client:
                yield client
        else:
            if self._client is None:
                self._client = ModelClient(self._config)
            yield self._client

    def _apply_window(self) -> None:
        want = self._want_visible
        if self._headless or self._tab is None or want == self._shown:
            return
        if show_window(self._tab, want):
            self._shown = want

    def _teardown(self) -> None:
        try:
            if self._browser is not None:
                self._browser.close()
        finally:
            self._browser = None
            if self._client is not None:
                self._client.close()
                self._client = None


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
