"""One task in one worker: a fresh signed-in browser session, the agent, the files, the score.

    runner = TaskRunner(browser, sites, options, out=Path("out"), state=Path(tmp), worker="w1")
    record = runner.run(task)        # never raises for the task's own failures

Whatever happens inside the task (the agent fails, the site times out, the evaluator breaks),
`run` writes `record.json` last, with the error if there was one. Only two things get past
it, and leave no record: `BrowserGone` (Chromium died, or a page's renderer crashed: the
worker cannot go on, and the task is retried on a fresh one) and the worker being stopped
(SystemExit, KeyboardInterrupt), which leaves the task for a rerun. The browser is checked
before the task (a browser that died while the worker waited costs the task no attempt) and
after it, whatever happened: a run whose browser died under it has no complete HAR, so even
an answer it gave is not scored.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from webagent.agent import AgentRun
from webagent.agent.metrics import TaskMetrics
from webagent.browser import Browser
from webagent.errors import WebAgentError
from webagent.llm import Budget
from webagent.plans.use import PlanUse
from webagent.runner.crash import BrowserWatch, crashed, died
from webagent.runner.options import AgentOptions
from webagent.runner.record import (
    EVAL_FILE,
    HAR_FILE,
    RESPONSE_FILE,
    CheckRecord,
    TaskRecord,
    error_record,
    task_folder,
    write_json,
    write_record,
)
from webagent.runner.selection import site_names
from webagent.session import Outputs, PlanSpec, RunOutcome, RunSpec, SafetySpec, Session, StartPoint
from webagent.session.signin import SignIns, may_have_signed_out
from webagent.webarena import Scorer, Task, TaskScore, render_url
from webagent.webarena.deployment import SiteConfig


class BrowserGone(WebAgentError):
    """Chromium died under a task: the worker needs a new browser, the task another try.
    `started` is False when the browser was found dead before the task began."""

    def __init__(self, reason: str, *, started: bool = True) -> None:
        super().__init__(reason)
        self.started = started


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
        self.worker = worker
        self.secrets = sites.secrets(usernames=False)  # "admin" is in URLs, too
        self._scorer = Scorer(sites.urls)
        self._sign_ins = SignIns(browser, sites, state)
        self.plans = PlanUse.open(options.plans) if options.plans is not None else None
        """The plan library: plans for the planner, lessons for the next update."""
        self._session = Session(browser=browser, plans=self.plans)
        self.watch = BrowserWatch(browser)
        """Whether the browser still lives (and its process id, for people watching)."""

    def run(self, task: Task, attempt: int = 1, retries: Sequence[str] = ()) -> TaskRecord:
        """Run `task` (its attempt number `attempt`, the earlier ones lost for `retries`)
        and write its record; `BrowserGone` when the browser died (see the module's
        docstring)."""
        problem = self.watch.problem()
        if problem is not None:
            raise BrowserGone(died(None, problem), started=False)
        folder = task_folder(self.out, task.task_id)
        shutil.rmtree(folder, ignore_errors=True)  # what an interrupted attempt left
        folder.mkdir(parents=True)
        started, clock = datetime.now(UTC), time.monotonic()
        outcome: AgentRun | None = None
        scores: list[TaskScore] = []
        error: str | None = None
        failure: Exception | None = None

        def score(run: RunOutcome) -> bool | None:
            """Scored from the HAR and the answer; whether it passed (None: the evaluator
            failed, so the run teaches the plan library nothing)."""
            response = run.run.result.answer.to_response()
            write_json(folder / RESPONSE_FILE, response.to_json())
            scored = self._scorer.score(task, response, folder / HAR_FILE)
            scores.append(scored)
            write_json(folder / EVAL_FILE, _eval_json(scored))
            return None if scored.status == "error" else scored.passed

        try:
            # The task's folder is a recording too: `webagent replay OUT/<id>` runs it offline.
            screenshots = self.options.screenshots
            outputs = Outputs(
                record=folder,
                out=folder,
                step_screenshots=screenshots == "steps",
                final_screenshot=screenshots != "none",
            )
            outcome = self._session.run(self._spec(task), outputs, verdict=score).run
            if scores and scores[0].status == "error":
                error = f"the evaluator failed: {scores[0].error}"
        except Exception as problem:  # any failure becomes the task's record
            failure = problem
            error = f"{type(problem).__name__}: {problem}"
        gone = self.watch.problem()
        if gone is not None or (failure is not None and crashed(failure)):
            raise BrowserGone(died(failure, gone)) from failure
        if may_have_signed_out(folder / HAR_FILE):  # the next task signs in again
            self._sign_ins.forget(site_names(task))
        score_ = scores[0] if scores else None
        record = _record(task, outcome, score_, error, attempt, self.worker, started, clock)
        record = replace(record, retries=tuple(retries))
        write_record(self.out, record)
        return record

    def _spec(self, task: Task) -> RunSpec:
        """The task as a run: its start pages on the configured sites, signed in."""
        sites = site_names(task)
        missing = self.sites.missing(sites)
        if missing:
            names = ", ".join(missing)
            raise WebAgentError(f"no URL for {names}: set {_variables(missing)}")
        urls = [render_url(url, self.sites.urls) for url in task.start_urls]
        options = self.options
        return RunSpec(
            task=task.intent,
            start=StartPoint(
                url=urls[0],
                more_urls=tuple(urls[1:]),
                storage_state=self._sign_ins.storage(sites),
            ),
            model=options.model,
            settings=options.settings(),
            budget=Budget(max_calls=options.max_calls, max_cost=options.max_cost),
            profile=options.profile,
            safety=SafetySpec(
                confirm=options.confirm,
                allow_domains=tuple(self.sites.allowed_hosts()),
                any_domain=options.any_domain,
                secrets=self.secrets,
            ),
            plan=PlanSpec(
                site=sites[0] if sites else "web",
                template_id=task.intent_template_id,
                name=f"task {task.task_id}",
            ),
        )


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
        metrics = TaskMetrics.of(outcome)
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
