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

import queue
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import TypeVar

from webagent.agent.agent import AgentRun, run_agent
from webagent.agent.start import Start
from webagent.browser import Browser, Tab, launch, show_window
from webagent.controller import RunResult, Settings
from webagent.controller import events as ev
from webagent.errors import WebAgentError
from webagent.llm import ModelClient, ModelConfig
from webagent.safety import Confirmation, Secrets, origin_of
from webagent.sites.profile import Profile

T = TypeVar("T")


class LiveSession:
    """A `tui.session.Session` on a real Chromium and a real model endpoint.

    `start` is where every run begins (its site, if it serves one, is stopped by `close`);
    `headless=False` shows the browser (it needs a display); `profile` is the site's profile
    (default: detected from the pages); `allow_domains` adds to the start page's origin and
    the profile's domains, the only places a run may reach; `secrets` are credentials the
    model types as placeholders.
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
            self._browser = launch(headless=self._headless)
        if self._client is None:
            self._client = ModelClient(self._config)
        browser, url = self._browser, self._start.url
        allowed = [origin_of(url), *self._allow_domains]
        if self._profile is not None:
            allowed += self._profile.site.domains
        tab = browser.open(
            url,
            storage_state=self._start.storage_state(browser),
            confirm=confirm,
            allow_domains=allowed,
            profile=self._profile,
            secrets=self._secrets,
        )
        self._tab, self._shown = tab, True  # a new session opens a new, visible window

        def paced() -> None:
            pace()
            self._apply_window()

        try:
            self._apply_window()
            return run_agent(
                tab,
                self._client,
                task,
                settings=self._settings,
                profile=self._profile,
                secrets=[self._secrets.placeholder(name) for name in self._secrets.names],
                on_event=on_event,
                pace=paced,
            )
        finally:
            self._tab = None
            tab.close()

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
