"""The controller: Devil's Advocate introspection over LASER states, with ADaPT decomposition.

    controller = Controller(tab, client, task="...", settings=Settings.for_mode("devils-advocate"))
    result = controller.run()           # RunResult: answer, metrics, steps, notes, plans

One run is up to `max_trials` trials. A trial makes a plan (or takes the revised one), then
executes its subtasks in order. Executing a subtask (ADaPT's executor, `SubtaskExecutor`) is
a loop of steps with remedies and backtracking. When a subtask's remedies or steps run out,
it is split into And / Or steps, run recursively to `max_depth`; when that fails too, the
trial fails, is reviewed, and the next trial starts from a revised plan. A `stop` answer ends
the run at once, whatever is left of the plan. A run that ends without an answer asks the
model for one, first going to the best candidate the memory kept, if any (LASER's backup).

No Playwright, no network: the browser and the model come in through `ports`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from webagent.controller import events as ev
from webagent.controller.effects import profile_irreversible
from webagent.controller.executor import Finished, Irreversible, OutOfActions, SubtaskExecutor
from webagent.controller.page import Page
from webagent.controller.plan import Plan, Status, Subtask
from webagent.controller.ports import Browser, Model
from webagent.controller.queries import DECOMPOSE, PLAN, REVISE
from webagent.controller.result import Metrics, RunResult, StepRecord
from webagent.controller.settings import Settings
from webagent.errors import AnswerParseError
from webagent.llm.queries import FinalAnswer
from webagent.safety import PolicyKind
from webagent.sites.memory import Memory, choose_backup
from webagent.sites.profile import Profile


class Controller:
    """Runs one task to an answer. Not reusable: make one per task."""

    def __init__(
        self,
        browser: Browser,
        model: Model,
        *,
        task: str,
        settings: Settings | None = None,
        profile: Profile | None = None,
        start_url: str | None = None,
        guidance: str | None = None,
        irreversible: Irreversible | None = None,
        secrets: Sequence[str] = (),
        policy: PolicyKind | None = None,
        on_event: Callable[[ev.Event], None] | None = None,
        pace: Callable[[], None] | None = None,
    ) -> None:
        self.browser = browser
        self.model = model
        self.task = task
        self.settings = settings or Settings()
        self.start_url = start_url
        self.guidance = guidance
        self._on_event = on_event or (lambda event: None)
        self._executor = SubtaskExecutor(
            browser,
            model,
            task=task,
            settings=self.settings,
            profile=profile,
            guidance=guidance,
            irreversible=irreversible or profile_irreversible,
            secrets=secrets,
            policy=policy,
            emit=self._emit,
            pace=pace or (lambda: None),
        )
        self.plans: list[str] = []
        self.reviews: list[str] = []
        """The review of each failed trial (Devil's Advocate), in order."""

    # -- what the run has done so far (kept by the executor) ---------------------------------
    @property
    def metrics(self) -> Metrics:
        return self._executor.metrics

    @property
    def steps(self) -> list[StepRecord]:
        return self._executor.steps

    @property
    def notes(self) -> list[str]:
        return self._executor.notes

    @property
    def memory(self) -> Memory:
        return self._executor.memory

    @property
    def plan(self) -> Plan | None:
        return self._executor.plan

    @property
    def trial(self) -> int:
        return self._executor.trial

    # -- the run ---------------------------------------------------------------------------
    def run(self) -> RunResult:
        started = time.monotonic()
        try:
            answer, how = self._trials()
        finally:
            self.metrics.seconds = round(time.monotonic() - started, 3)
        self._emit(ev.Finished(answer, how))
        return RunResult(
            answer, how, self.metrics, self.steps, self.notes, self.plans, self.reviews
        )

    def _trials(self) -> tuple[FinalAnswer, str]:
        executor = self._executor
        failed: list[dict[str, str]] = []
        steps: list[str] | None = None
        review = ""
        reason = "no trial ran"
        try:
            for trial in range(1, self.settings.max_trials + 1):
                executor.begin_trial(trial)
                self.metrics.trials = trial
                self._emit(ev.TrialStarted(trial))
                if trial > 1 and self.start_url:
                    executor.navigate(self.start_url, "restart")  # back to the start page
                page = executor.look()
                plan = self._make_plan(page, steps, failed, review)
                reason = self._run_plan(plan)
                self._emit(ev.TrialEnded(trial, reason))
                if not self.settings.revise or trial == self.settings.max_trials:
                    break
                if executor.committed:
                    reason += "; no new trial: something irreversible was already done"
                    break
                revision = self.model.ask(
                    REVISE,
                    task=self.task,
                    plan=plan.text(),
                    history=executor.history,
                    notes=self.notes,
                    reason=reason,
                    observation=executor.look().observation.text,
                )
                failed.append({"plan": "; ".join(plan.steps()), "review": revision.review})
                self.reviews.append(revision.review)
                steps, review = revision.subtasks, revision.review
                self.metrics.plan_revisions += 1
        except Finished as finished:
            self._settle_plan(success=finished.answer.status == "SUCCESS")
            return finished.answer, finished.how
        except OutOfActions:
            reason = f"the action budget ({self.settings.max_actions}) is spent"
        self._settle_plan(success=False)
        return self._give_up(reason)

    def _settle_plan(self, *, success: bool) -> None:
        """The plan as the run leaves it, nothing current any more: the subtask a stop ended
        (and the steps it was split from) done after a successful answer, else failed; the
        subtasks never reached skipped."""
        plan = self.plan
        if plan is None:
            return
        for subtask in plan.walk():
            if subtask.status in (Status.RUNNING, Status.DECOMPOSED):
                subtask.status = Status.DONE if success else Status.FAILED
            elif subtask.status is Status.PENDING:
                subtask.status = Status.SKIPPED
            else:
                continue
            self._emit(ev.SubtaskChanged(subtask))

    def _make_plan(
        self, page: Page, steps: list[str] | None, failed: list[dict[str, str]], review: str
    ) -> Plan:
        if not self.settings.plan:
            plan = Plan.of([self.task])
        elif steps is not None:
            plan = Plan.of(steps, version=self.trial)
        elif self.settings.fold_plan:
            # The first step makes the plan and picks its first action, in one answer.
            first = self._executor.plan_step(page)
            assert first.plan is not None
            plan = Plan.of(list(first.plan), version=self.trial)
        else:
            answer = self.model.ask(
                PLAN,
                task=self.task,
                site=page.site,
                guidance=self.guidance,
                failed_plans=failed,
                observation=page.observation.text,
            )
            plan = Plan.of(answer.subtasks, version=self.trial)
        self._executor.plan = plan
        self.plans.append(plan.text())
        self._emit(ev.PlanMade(plan, revised=steps is not None, review=review))
        return plan

    def _run_plan(self, plan: Plan) -> str:
        """Run the plan's subtasks; the reason the trial failed (a finished run raises)."""
        subtasks = plan.subtasks
        for subtask in subtasks:
            if not self._execute(subtask, depth=0) and self.settings.fail_misaligned:
                return f"subtask {subtask.id} ({subtask.text}) failed"
        # Every subtask is done, yet nothing said the task is: one last subtask to finish.
        closing = Subtask(str(len(subtasks) + 1), "Finish the task: give the answer and stop")
        plan.subtasks.append(closing)
        self._emit(ev.SubtaskChanged(closing))
        if self._execute(closing, depth=self.settings.max_depth):
            return "the plan ended without an answer"
        return "the task could not be finished after the plan"

    # -- ADaPT: execute, and decompose only on failure ---------------------------------------
    def _execute(self, subtask: Subtask, depth: int) -> bool:
        if self._executor.attempt(subtask):
            return True
        if not self.settings.decompose or depth >= self.settings.max_depth:
            return False
        answer = self.model.ask(
            DECOMPOSE,
            task=self.task,
            plan=self.plan.text() if self.plan else "",
            subtask=subtask.text,
            history=self._executor.subtask_history,
            observation=self._executor.look().observation.text,
        )
        children = subtask.split(answer.steps, answer.operator)
        self.metrics.decompositions += 1
        self._emit(ev.Decomposed(subtask))
        results = []
        for child in children:
            ok = self._execute(child, depth + 1)
            results.append(ok)
            if answer.operator == "and" and not ok:
                break
            if answer.operator == "or" and ok:
                break
        for child in children:
            if child.status is Status.PENDING:
                child.status = Status.SKIPPED
                self._emit(ev.SubtaskChanged(child))
        ok = all(results) if answer.operator == "and" else any(results)
        subtask.status = Status.DONE if ok else Status.FAILED
        self._emit(ev.SubtaskChanged(subtask))
        return ok

    # -- the end without an answer -----------------------------------------------------------
    def _give_up(self, reason: str) -> tuple[FinalAnswer, str]:
        how = "answer"
        budget_left = self.metrics.actions < self.settings.max_actions
        if self.settings.memory and len(self.memory) and budget_left:
            chosen = choose_backup(self.model, self.task, self.memory)
            if chosen is not None:
                self._executor.navigate(chosen.url, "backup")
                how = "backup"
        try:
            answer = self._executor.final_answer()
        except AnswerParseError as error:
            answer = FinalAnswer(
                task_type="RETRIEVE",
                status="UNKNOWN_ERROR",
                retrieved_data=None,
                error_details=f"{reason}; no usable final answer: {error.problem}",
            )
        return answer, how

    def _emit(self, event: ev.Event) -> None:
        self._on_event(event)
