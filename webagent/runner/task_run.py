"""One task in one worker: a fresh signed-in browser session, the agent, the files, the score.

    runner = TaskRunner(browser, sites, options, out=Path("out"), state=Path(tmp), worker="w1")
    record = runner.run(task)        # never raises for the task's own failures

Whatever happens inside the task (the agent fails, the site times out, the evaluator breaks),
`run` writes `record.json` last, in a `finally`, with the error if there was one. Only two
things get past it: `BrowserGone` (Chromium died: the worker cannot go on, and the task is
retried elsewhere) and the worker being stopped (SystemExit, KeyboardInterrupt), which leave
the task unfinished so that a rerun does it again.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from webagent.agent import AgentRun, run_agent
from webagent.agent.record_run import meta_for
from webagent.agent.recording import Recorder
from webagent.agent.start import open_more
from webagent.browser import Browser, Tab
from webagent.controller import Settings
from webagent.controller import events as ev
from webagent.errors import WebAgentError
from webagent.llm import Budget, ModelClient, ModelConfig
from webagent.plans.keys import PlanKey
from webagent.plans.use import PlanUse
from webagent.runner.login import login_recipe, merge_storage_states, sign_in
from webagent.runner.record import (
    EVAL_FILE,
    HAR_FILE,
    RESPONSE_FILE,
    CheckRecord,
    TaskMetrics,
    TaskRecord,
    task_folder,
    write_json,
    write_record,
)
from webagent.runner.selection import site_names
from webagent.runner.sites import SiteConfig
from webagent.sites.risk import SiteJudge
from webagent.webarena import Scorer, Task, TaskScore, render_url

Screenshots = Literal["steps", "final", "none"]
SESSION_AGE = 1800.0
"""Seconds a stored sign-in is reused: shorter than the sites' session lifetimes (Magento's
is an hour), so a long run never starts a task signed out."""


class BrowserGone(WebAgentError):
    """Chromium died under a task: the worker needs a new browser, the task another try."""


@dataclass(frozen=True, slots=True)
class AgentOptions:
    """How every task of a run is attempted (the same in each worker)."""

    model: ModelConfig
    mode: str = "devils-advocate"
    trials: int | None = None
    max_steps: int | None = None
    """Browser actions per task at most (the agent's `max_actions`)."""
    max_calls: int | None = None
    max_cost: float | None = None
    confirm: Literal["allow", "deny"] = "allow"
    """Irreversible actions on the benchmark's disposable sites: allowed, or refused."""
    any_domain: bool = False
    """False: only the configured sites' hosts are reachable."""
    screenshots: Screenshots = "steps"
    plans: Path | None = None
    """The plan library file (None: plan without one)."""

    def settings(self) -> Settings:
        overrides: dict[str, Any] = {}
        if self.trials is not None:
            overrides["max_trials"] = self.trials
        if self.max_steps is not None:
            overrides["max_actions"] = self.max_steps
        return Settings.for_mode(self.mode, **overrides)


class TaskRunner:
    """Runs tasks one after another with one browser, signing into each site once and
    reusing the session (Playwright storage state, kept in `state`) for later tasks."""

    def __init__(
        self,
        browser: Browser,
        sites: SiteConfig,
        options: AgentOptions,
        *,
        out: Path,
        state: Path,
        worker: str,
    ) -> None:
        self.browser = browser
        self.sites = sites
        self.options = options
        self.out = out
        self.state = state
        self.worker = worker
        self.secrets = sites.secrets(usernames=False)  # "admin" is in URLs, too
        self._scorer = Scorer(sites.urls)
        self._signed_in: dict[str, tuple[Path, float]] = {}
        """Site -> its stored session and when it was signed into."""
        self.plans = PlanUse.open(options.plans) if options.plans is not None else None
        """The plan library: plans for the planner, lessons for the next update."""

    def run(self, task: Task, attempt: int = 1) -> TaskRecord:
        folder = task_folder(self.out, task.task_id)
        shutil.rmtree(folder, ignore_errors=True)  # what an interrupted attempt left
        folder.mkdir(parents=True)
        started, clock = datetime.now(UTC), time.monotonic()
        outcome: AgentRun | None = None
        score: TaskScore | None = None
        error: str | None = None
        try:
            key, guidance = self._plan_for(task)
            outcome = self._attempt(task, folder, guidance)
            response = outcome.result.answer.to_response()
            write_json(folder / RESPONSE_FILE, response.to_json())
            score = self._scorer.score(task, response, folder / HAR_FILE)
            write_json(folder / EVAL_FILE, _eval_json(score))
            if score.status == "error":
                error = f"the evaluator failed: {score.error}"
            elif key is not None:
                self._leave_lesson(key, task, outcome, score.passed, folder)
        except BrowserGone:
            raise
        except Exception as problem:  # any failure becomes the task's record
            if not self.browser.connected:
                raise BrowserGone(f"the browser died: {problem}") from problem
            error = f"{type(problem).__name__}: {problem}"
        finally:
            if self.secrets:
                self.secrets.redact_tree(folder)
        record = _record(task, outcome, score, error, attempt, self.worker, started, clock)
        write_record(self.out, record)
        return record

    # -- one attempt -------------------------------------------------------------------
    def _plan_for(self, task: Task) -> tuple[PlanKey | None, str | None]:
        """The task's plan key and the plan library's plan for it (None, None: no library)."""
        if self.plans is None:
            return None, None
        site = site_names(task)[0] if site_names(task) else "web"
        return self.plans.guidance(site, task.intent, task.intent_template_id)

    def _leave_lesson(
        self, key: PlanKey, task: Task, outcome: AgentRun, passed: bool, folder: Path
    ) -> None:
        """The run's lesson for the next plan update; a library that cannot take it does not
        cost the task its score (the problem goes to `run.log`)."""
        assert self.plans is not None
        try:
            name = f"task {task.task_id}"
            self.plans.leave_lesson(key, outcome, name=name, task=task.intent, success=passed)
        except Exception as problem:  # the score stands whatever the library does
            with (folder / "run.log").open("a", encoding="utf-8") as log:
                log.write(f"plan library: the lesson was not kept: {problem}\n")

    def _attempt(self, task: Task, folder: Path, guidance: str | None = None) -> AgentRun:
        sites = site_names(task)
        missing = self.sites.missing(sites)
        if missing:
            names = ", ".join(missing)
            raise WebAgentError(f"no URL for {names}: set {_variables(missing)}")
        storage = self._storage(sites)
        urls = [render_url(url, self.sites.urls) for url in task.start_urls]
        allowed = [] if self.options.any_domain else self.sites.allowed_hosts()
        # The task's folder is a recording too: `webagent replay OUT/<id>` runs it offline.
        recorder = Recorder(folder, screenshots=self.options.screenshots == "steps")
        recorder.keep_start_state(storage)
        log = _RunLog(folder)
        outcome: AgentRun | None = None
        try:
            tab = self.browser.open(
                urls[0],
                storage_state=storage,
                record_har=recorder.har_path,
                confirm=self.options.confirm,
                allow_domains=allowed,
                secrets=self.secrets,
                judge=SiteJudge(),
            )
            recorder.attach(tab)
            try:
                outcome = self._agent(task, tab, urls, recorder, log, guidance=guidance)
            finally:
                tab.close()  # writes the HAR
                recorder.finish(
                    meta_for(
                        task.intent,
                        urls[0],
                        self.options.model,
                        self.options.settings(),
                        site=None,
                        profile=None,
                        confirm=self.options.confirm,
                        allow_domains=allowed,
                        secrets=self.secrets,
                        run=outcome,
                        more_urls=urls[1:],
                        guidance=guidance,
                    ),
                    decisions=tab.decisions,
                    secrets=None,  # `run` redacts the whole folder after
                )
        finally:
            log.close()
        result = outcome.to_json()
        result["decisions"] = [decision.to_json() for decision in tab.decisions]
        result["blocked"] = tab.blocked
        write_json(folder / "result.json", result)
        return outcome

    def _agent(
        self,
        task: Task,
        tab: Tab,
        urls: Sequence[str],
        recorder: Recorder,
        log: _RunLog,
        *,
        guidance: str | None,
    ) -> AgentRun:
        open_more(tab, urls[1:])
        budget = Budget(max_calls=self.options.max_calls, max_cost=self.options.max_cost)

        def watch(event: ev.Event) -> None:
            recorder.event(event)
            log.event(event)

        with ModelClient(
            self.options.model, budget=budget, record=recorder.cassette_path
        ) as client:
            outcome = run_agent(
                tab,
                client,
                task.intent,
                settings=self.options.settings(),
                start_url=urls[0],
                guidance=guidance,
                secrets=[self.secrets.placeholder(name) for name in self.secrets.names],
                on_event=watch,
            )
        if self.options.screenshots != "none":
            tab.screenshot(recorder.folder / "screenshots" / "final.jpeg")
        return outcome

    def _storage(self, sites: Sequence[str]) -> dict[str, Any] | None:
        """The sessions of the task's sites that have a sign-in, signing in where needed."""
        paths = []
        for site in sites:
            if login_recipe(site) is None:
                continue
            path, since = self._signed_in.get(site, (self.state / f"{site}.json", -SESSION_AGE))
            if time.monotonic() - since >= SESSION_AGE:
                self._signed_in[site] = (
                    sign_in(self.browser, site, self.sites, path),
                    time.monotonic(),
                )
            paths.append(path)
        return merge_storage_states(paths) if paths else None

    def forget_sessions(self) -> None:
        """Sign in again before the next task (e.g. after the sites were reset)."""
        self._signed_in.clear()


class _RunLog:
    """The run as it happens, in `run.log`."""

    def __init__(self, folder: Path) -> None:
        self._file = (folder / "run.log").open("w", encoding="utf-8")

    def event(self, event: ev.Event) -> None:
        line = ev.describe(event)
        if line:
            self._file.write(line + "\n")
            self._file.flush()

    def close(self) -> None:
        self._file.close()


def _variables(sites: Sequence[str]) -> str:
    return ", ".join(f"WA_{site.upper()}" for site in sites)


def _eval_json(score: TaskScore) -> dict[str, Any]:
    return {
        "task_id": score.task_id,
        "score": score.score,
        "status": score.status,
        "error": score.error,
        "evaluators": [
            {
                "evaluator": check.evaluator,
                "score": check.score,
                "status": check.status,
                "messages": list(check.messages),
            }
            for check in score.checks
        ],
    }


def _record(  # noqa: PLR0917 - one record from all of a run's parts
    task: Task,
    outcome: AgentRun | None,
    score: TaskScore | None,
    error: str | None,
    attempt: int,
    worker: str,
    started: datetime,
    clock: float,
) -> TaskRecord:
    metrics = TaskMetrics()
    how = None
    response = None
    if outcome is not None:
        m, usage = outcome.result.metrics, outcome.usage
        metrics = TaskMetrics(
            actions=m.actions,
            trials=m.trials,
            plan_revisions=m.plan_revisions,
            backtracks=m.backtracks,
            decompositions=m.decompositions,
            denials=m.denials,
            calls=usage.calls,
            prompt_tokens=usage.prompt_tokens,
            completion_tokens=usage.completion_tokens,
            cost=usage.cost,
        )
        how = outcome.result.how
        response = outcome.result.answer.to_response().to_json()
    scored = error is None and score is not None
    return replace(
        error_record(task, error or "", started),
        status="scored" if scored else "error",
        score=score.score if scored and score is not None else 0.0,
        error=error,
        how=how,
        response=response,
        checks=tuple(
            CheckRecord(c.evaluator, c.score, c.status, c.messages)
            for c in (score.checks if score is not None else ())
        ),
        metrics=metrics,
        attempts=attempt,
        worker=worker,
        seconds=round(time.monotonic() - clock, 2),
    )


def error_record(task: Task, error: str, started: datetime | None = None) -> TaskRecord:
    """A record of `task` that was not scored, for `error`."""
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
