"""Running a site's oracle solutions in the browser and scoring them like agent runs.

Each task gets the site's seed state, a signed-in session (signed in through the site's
sign-in recipe, in a separate browser context, so the task's HAR holds only the task), its
start URL, the solution's steps, and the official score of its HAR and response. The files
left behind per task are what a benchmark run writes: `network.har`, `agent_response.json`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from webagent.browser import Browser, Tab
from webagent.oracle.solutions import OracleFile, Solution, load_oracle
from webagent.safety import ConfirmPolicy
from webagent.session.signin import run_step, sign_into_local
from webagent.sites.risk import SiteJudge
from webagent.sites.server import SiteServer
from webagent.sites.steps import StepError
from webagent.webarena import AgentResponse, Scorer, Task, TaskScore, load_tasks, render_url


@dataclass(frozen=True, slots=True)
class OracleOutcome:
    """One task's oracle run: its score, or why the steps broke off."""

    task: Task
    score: TaskScore | None
    error: str | None
    steps: int
    seconds: float
    folder: Path
    undoable: tuple[str, ...] = ()
    """The changes its steps made that can be taken back, each with how (run unasked)."""

    @property
    def passed(self) -> bool:
        return self.error is None and self.score is not None and self.score.passed


Report = Callable[[OracleOutcome], None]
StepHook = Callable[[Tab], None]


class OracleRunner:
    """Runs oracle solutions against a served site with one browser.

    `on_step`, if given, is called with the task's tab once its start page has loaded and
    again after every step, e.g. to observe each page a solution reaches. `confirm` is the
    sessions' confirmation policy: "allow" by default, since the solutions are the ground
    truth on a disposable copy of the site and place their orders on purpose.
    """

    def __init__(
        self,
        server: SiteServer,
        browser: Browser,
        out_dir: Path,
        *,
        on_step: StepHook | None = None,
        confirm: ConfirmPolicy = "allow",
    ) -> None:
        self.server = server
        self.confirm = confirm
        self.browser = browser
        self.out_dir = out_dir
        self.on_step = on_step
        self.site_urls = {server.site.webarena_site: server.url}
        self.scorer = Scorer(self.site_urls)
        self.oracle: OracleFile = load_oracle(server.site.oracle_file)
        self.tasks = {task.task_id: task for task in load_tasks(server.site.tasks_file)}
        # The site is reset (and signed into again) only after a run that may have changed
        # it: tasks that only read or navigate leave the seed state as it was.
        self._pristine = False
        self._storage: Path | None = None

    def run(
        self,
        task_ids: Iterable[int] | None = None,
        *,
        skip_commits: bool = False,
        report: Report | None = None,
    ) -> list[OracleOutcome]:
        """Run the solutions of `task_ids` (all by default), each from the seed state.

        `skip_commits` stops each solution before its first step that changes the site, to
        check that the task's score depends on that change.
        """
        outcomes = []
        for task_id in task_ids if task_ids is not None else sorted(self.tasks):
            outcome = self.run_task(task_id, skip_commits=skip_commits)
            outcomes.append(outcome)
            if report is not None:
                report(outcome)
        return outcomes

    def run_task(self, task_id: int, *, skip_commits: bool = False) -> OracleOutcome:
        task = self.tasks[task_id]
        solution = self.oracle.tasks.get(task_id)
        folder = self.out_dir / str(task_id)
        folder.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        if solution is None:
            return OracleOutcome(task, None, "no oracle solution for this task", 0, 0.0, folder)
        if not self._pristine:
            self.server.reset()
            self._storage = None
            self._pristine = True
        if solution.login and self._storage is None:
            self._storage = self._sign_in(self.out_dir)
        storage = self._storage if solution.login else None
        har = folder / "network.har"
        done = 0
        error: str | None = None
        undoable: list[str] = []
        start_url = render_url(task.start_urls[0], self.site_urls)
        tab = self.browser.open(
            start_url,
            storage_state=storage,
            record_har=har,
            confirm=self.confirm,
            judge=SiteJudge(),
        )
        try:
            if self.on_step is not None:
                self.on_step(tab)
            for done, step in enumerate(solution.steps, start=1):  # noqa: B007 - count for reports
                if skip_commits and step.commits:
                    break  # the rest of the steps depend on the change
                result = run_step(tab, step, self.site_urls)
                if result is not None:
                    undoable.extend(result.undoable)
                if self.on_step is not None:
                    self.on_step(tab)
        except StepError as problem:
            error = f"step {done} ({solution.steps[done - 1].kind}): {problem}"
        finally:
            tab.close()  # writes the HAR
            self._pristine = self._pristine and _leaves_site_as_is(task, solution)
        response = solution.agent_response
        (folder / "agent_response.json").write_text(json.dumps(response.to_json(), indent=2))
        score = self.scorer.score(task, response, har) if error is None else None
        seconds = time.monotonic() - started
        return OracleOutcome(task, score, error, done, seconds, folder, tuple(undoable))

    def rescore(self, outcome: OracleOutcome, response: AgentResponse) -> TaskScore:
        """Score an earlier run's HAR with another response (e.g. a wrong answer)."""
        return self.scorer.score(outcome.task, response, outcome.folder / "network.har")

    def _sign_in(self, folder: Path) -> Path | None:
        return sign_into_local(self.browser, self.server, folder / "storage_state.json")


def _leaves_site_as_is(task: Task, solution: Solution) -> bool:
    changes = task.expected_action.lower() == "mutate" or any(s.commits for s in solution.steps)
    return not changes
