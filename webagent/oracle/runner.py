"""Running a site's oracle solutions in the browser and scoring them like agent runs.

Each task gets the site's seed state, a signed-in session (signed in through the site's
sign-in recipe, in a separate browser context, so the task's HAR holds only the task; once:
later tasks get the seed state with that session in it put back), its
start URL, the solution's steps, and the official score of its HAR and response. The files
left behind per task are what a benchmark run writes: `network.har`, `agent_response.json`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from webagent.browser import Browser, Tab
from webagent.observation import Observation
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
    change_started: datetime | None = None
    """When its first committing step (the change itself) began, on the HAR's clock."""

    @property
    def passed(self) -> bool:
        return self.error is None and self.score is not None and self.score.passed


Report = Callable[[OracleOutcome], None]
StepHook = Callable[[Tab, Observation], None]


class OracleRunner:
    """Runs oracle solutions against a served site with one browser.

    `on_step`, if given, is called with the task's tab and its page, observed whole, once the
    start page has loaded and again after every step, e.g. to keep each page a solution
    reaches. `confirm` is the
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
        # The seed state with `_storage`'s session in it: put back instead of resetting and
        # signing in again (a reset wipes the site's sessions).
        self._signed_in: Path | None = None

    def run(
        self, task_ids: Iterable[int] | None = None, *, report: Report | None = None
    ) -> list[OracleOutcome]:
        """Run the solutions of `task_ids` (all by default), each from the seed state."""
        outcomes = []
        for task_id in task_ids if task_ids is not None else sorted(self.tasks):
            outcome = self.run_task(task_id)
            outcomes.append(outcome)
            if report is not None:
                report(outcome)
        return outcomes

    def run_task(self, task_id: int) -> OracleOutcome:
        task = self.tasks[task_id]
        solution = self.oracle.tasks.get(task_id)
        folder = self.out_dir / str(task_id)
        folder.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        if solution is None:
            return OracleOutcome(task, None, "no oracle solution for this task", 0, 0.0, folder)
        if not self._pristine:
            if self._signed_in is not None:
                self.server.restore_state(self._signed_in)
            else:
                self.server.reset()
                self._storage = None
            self._pristine = True
        if solution.login and self._storage is None:
            self._storage = self._sign_in(self.out_dir)
            self._signed_in = self.out_dir / "signed_in.sqlite"
            self.server.save_state(self._signed_in)
        storage = self._storage if solution.login else None
        har = folder / "network.har"
        done = 0
        error: str | None = None
        undoable: list[str] = []
        change_started: datetime | None = None
        start_url = render_url(task.start_urls[0], self.site_urls)
        tab = self.browser.open(
            start_url,
            storage_state=storage,
            record_har=har,
            confirm=self.confirm,
            judge=SiteJudge(),
        )
        try:
            # Each page is observed once: what `on_step` sees is what the next step reads.
            observation = self._seen(tab)
            for done, step in enumerate(solution.steps, start=1):  # noqa: B007 - count for reports
                observation = observation or tab.observe(full_page=True)
                if step.commits and change_started is None:
                    change_started = datetime.now(UTC)
                result = run_step(tab, step, self.site_urls, observation)
                if result is not None:
                    undoable.extend(result.undoable)
                    observation = None  # the page may have changed
                if self.on_step is not None:
                    observation = self._seen(tab, observation)
        except StepError as problem:
            error = f"step {done} ({solution.steps[done - 1].kind}): {problem}"
        finally:
            tab.close()  # writes the HAR
            self._pristine = self._pristine and _leaves_site_as_is(task, solution)
        response = solution.agent_response
        (folder / "agent_response.json").write_text(json.dumps(response.to_json(), indent=2))
        score = self.scorer.score(task, response, har) if error is None else None
        seconds = time.monotonic() - started
        return OracleOutcome(
            task, score, error, done, seconds, folder, tuple(undoable), change_started
        )

    def score_without_change(self, outcome: OracleOutcome) -> TaskScore:
        """Score a run as if its solution had stopped before its change: the same response,
        with the HAR's traffic up to its first committing step. A task whose score stays
        above 0 does not check that the change was made."""
        if outcome.change_started is None:
            raise ValueError(f"task {outcome.task.task_id}'s run made no change")
        har = json.loads((outcome.folder / "network.har").read_text())
        har["log"]["entries"] = [
            entry
            for entry in har["log"]["entries"]
            if datetime.fromisoformat(entry["startedDateTime"]) < outcome.change_started
        ]
        before = outcome.folder / "network-before-change.har"
        before.write_text(json.dumps(har))
        response = self.oracle.tasks[outcome.task.task_id].agent_response
        return self.scorer.score(outcome.task, response, before)

    def rescore(self, outcome: OracleOutcome, response: AgentResponse) -> TaskScore:
        """Score an earlier run's HAR with another response (e.g. a wrong answer)."""
        return self.scorer.score(outcome.task, response, outcome.folder / "network.har")

    def _seen(self, tab: Tab, observation: Observation | None = None) -> Observation | None:
        """Show `on_step` the page (observed whole, unless `observation` already is it)."""
        if self.on_step is None:
            return observation
        observation = observation or tab.observe(full_page=True)
        self.on_step(tab, observation)
        return observation

    def _sign_in(self, folder: Path) -> Path | None:
        return sign_into_local(self.browser, self.server, folder / "storage_state.json")


def _leaves_site_as_is(task: Task, solution: Solution) -> bool:
    changes = task.expected_action.lower() == "mutate" or any(s.commits for s in solution.steps)
    return not changes
