"""The controller: Devil's Advocate introspection over LASER states, with ADaPT decomposition.

    controller = Controller(tab, client, task="...", settings=Settings.for_mode("devils-advocate"))
    result = controller.run()           # RunResult: answer, metrics, steps, notes, plans

One run is up to `max_trials` trials. A trial makes a plan (or takes the revised one), then
executes its subtasks in order. Executing a subtask (ADaPT's executor) is a loop of steps; each
step is one `step` answer that judges the previous action on the page it led to, and picks
the next action within the page state's permitted actions, with remedies in case it is wrong.
A misaligned action sends the agent back to the page of the latest remedy (by URL), where the
remedy's element is re-found and the remedy run. When a subtask's remedies or steps run out,
it is split into And / Or steps, run recursively to `max_depth`; when that fails too, the
trial fails, is reviewed, and the next trial starts from a revised plan. A `stop` answer ends
the run at once, whatever is left of the plan.

No Playwright, no network: the browser and the model come in through `ports`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from webagent.actions import (
    Action,
    ActionResult,
    GoBack,
    Goto,
    NoteDown,
    Stop,
    format_action,
)
from webagent.controller import events as ev
from webagent.controller.effects import (
    describe_target,
    leaves,
    profile_irreversible,
    same_document,
    undo,
)
from webagent.controller.page import Page, PageReader
from webagent.controller.plan import Plan, Status, Subtask
from webagent.controller.ports import Browser, Model
from webagent.controller.queries import (
    DECOMPOSE,
    PLAN,
    REVISE,
    StepAnswer,
    StepForm,
    remap_query,
    step_query,
    step_tools,
)
from webagent.controller.refind import refind
from webagent.controller.result import Metrics, RunResult, StepRecord
from webagent.controller.settings import Settings
from webagent.errors import AnswerParseError
from webagent.llm.queries import ANSWER, FinalAnswer, Query
from webagent.sites.memory import Candidate, Memory, choose_backup
from webagent.sites.profile import Profile

T = TypeVar("T")
Irreversible = Callable[[Action, Page], bool]


class _Finished(Exception):
    def __init__(self, answer: FinalAnswer, how: str) -> None:
        self.answer = answer
        self.how = how


class _OutOfActions(Exception):
    pass


_OUTSIDE = Subtask("0", "between subtasks")
_DENIALS_TO_STOP = 2
"""What the steps taken outside any subtask (a restart, the backup choice) are filed under."""


@dataclass(frozen=True, slots=True)
class _Remedy:
    """An alternative recorded with the page it belongs to."""

    page: Page
    action: Action


@dataclass
class _Executed:
    """The latest executed action, waiting for its evaluation."""

    action: Action
    page: Page
    result: ActionResult
    record: int
    evaluated: bool = False


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
        on_event: Callable[[ev.Event], None] | None = None,
        pace: Callable[[], None] | None = None,
    ) -> None:
        self.browser = browser
        self.model = model
        self.task = task
        self.settings = settings or Settings()
        self.start_url = start_url
        self.guidance = guidance
        self.secrets = tuple(secrets)
        """Placeholders of the credentials the model may type (never their values)."""
        self._irreversible = irreversible or profile_irreversible
        self._on_event = on_event or (lambda event: None)
        self._pace = pace or (lambda: None)
        """Called before every browser action: may wait (paused) or raise `Aborted`."""
        self._reader = PageReader(profile, model, self.settings.states)
        self.metrics = Metrics()
        self.memory = Memory()
        self.notes: list[str] = []
        self.steps: list[StepRecord] = []
        self.plans: list[str] = []
        self.reviews: list[str] = []
        """The review of each failed trial (Devil's Advocate), in order."""
        self.plan: Plan | None = None
        self.trial = 0
        self._history: list[str] = []
        self._last: _Executed | None = None
        self._pending: StepAnswer | None = None
        self._stack: list[_Remedy] = []
        self._subtask_history: list[str] = []
        self._committed = False

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
        failed: list[dict[str, str]] = []
        steps: list[str] | None = None
        review = ""
        reason = "no trial ran"
        try:
            for trial in range(1, self.settings.max_trials + 1):
                self.trial = trial
                self.metrics.trials = trial
                self._emit(ev.TrialStarted(trial))
                if trial > 1:
                    self._restart()
                self._last = None
                self._pending = None
                page = self._look()
                plan = self._make_plan(page, steps, failed, review)
                reason = self._run_plan(plan)
                self._emit(ev.TrialEnded(trial, reason))
                if not self.settings.revise or trial == self.settings.max_trials:
                    break
                if self._committed:
                    reason += "; no new trial: something irreversible was already done"
                    break
                revision = self._ask(
                    REVISE,
                    task=self.task,
                    plan=plan.text(),
                    history=self._history,
                    notes=self.notes,
                    reason=reason,
                    observation=self._look().observation.text,
                )
                failed.append({"plan": "; ".join(plan.steps()), "review": revision.review})
                self.reviews.append(revision.review)
                steps, review = revision.subtasks, revision.review
                self.metrics.plan_revisions += 1
        except _Finished as finished:
            return finished.answer, finished.how
        except _OutOfActions:
            reason = f"the action budget ({self.settings.max_actions}) is spent"
        return self._give_up(reason)

    def _make_plan(
        self, page: Page, steps: list[str] | None, failed: list[dict[str, str]], review: str
    ) -> Plan:
        if not self.settings.plan:
            plan = Plan.of([self.task])
        elif steps is not None:
            plan = Plan.of(steps, version=self.trial)
        elif self.settings.fold_plan:
            # The first step makes the plan and picks its first action, in one answer.
            first = self._step(page, None, None, make_plan=True)
            assert first.plan is not None
            plan = Plan.of(list(first.plan), version=self.trial)
            self._pending = first
        else:
            answer = self._ask(
                PLAN,
                task=self.task,
                site=_site(page),
                guidance=self.guidance,
                failed_plans=failed,
                observation=page.observation.text,
            )
            plan = Plan.of(answer.subtasks, version=self.trial)
        self.plan = plan
        self.plans.append(plan.text())
        self._emit(ev.PlanMade(plan, revised=steps is not None, review=review))
        return plan

    def _run_plan(self, plan: Plan) -> str:
        """Run the plan's subtasks; the reason the trial failed (a finished run raises)."""
        subtasks = plan.subtasks
        for index, subtask in enumerate(subtasks):
            upcoming = subtasks[index + 1].text if index + 1 < len(subtasks) else None
            if not self._execute(subtask, upcoming, depth=0) and self.settings.fail_misaligned:
                return f"subtask {subtask.id} ({subtask.text}) failed"
        # Every subtask is done, yet nothing said the task is: one last subtask to finish.
        closing = Subtask(str(len(subtasks) + 1), "Finish the task: give the answer and stop")
        plan.subtasks.append(closing)
        self._emit(ev.SubtaskChanged(closing))
        if self._execute(closing, None, depth=self.settings.max_depth):
            return "the plan ended without an answer"
        return "the task could not be finished after the plan"

    # -- ADaPT: execute, and decompose only on failure ---------------------------------------
    def _execute(self, subtask: Subtask, upcoming: str | None, depth: int) -> bool:
        if self._attempt(subtask, upcoming):
            return True
        if not self.settings.decompose or depth >= self.settings.max_depth:
            return False
        answer = self._ask(
            DECOMPOSE,
            task=self.task,
            plan=self.plan.text() if self.plan else "",
            subtask=subtask.text,
            history=self._subtask_history,
            observation=self._look().observation.text,
        )
        children = subtask.split(answer.steps, answer.operator)
        self.metrics.decompositions += 1
        self._emit(ev.Decomposed(subtask))
        results = []
        for index, child in enumerate(children):
            after = children[index + 1].text if index + 1 < len(children) else upcoming
            ok = self._execute(child, after, depth + 1)
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
        self._set(subtask, Status.DONE if ok else Status.FAILED)
        return ok

    # -- the executor: steps with remedies, evaluation and backtracking ----------------------
    def _attempt(self, subtask: Subtask, upcoming: str | None) -> bool:
        self._set(subtask, Status.RUNNING)
        self._stack = []
        self._subtask_history = []
        steps = 0
        while True:
            page = self._look()
            if self._pending is not None:
                answer, self._pending = self._pending, None
            else:
                try:
                    answer = self._step(page, subtask, upcoming)
                except AnswerParseError:
                    self.metrics.failed_answers += 1
                    self._set(subtask, Status.FAILED)
                    return False
                verdict = self._judge(answer, subtask)
                if verdict == "backtracked":
                    steps += 1
                    continue
                if verdict == "failed":
                    self._set(subtask, Status.FAILED)
                    return False
                if verdict == "done":
                    if isinstance(answer.action, Stop):
                        self._finish(answer)
                    self._pending = answer  # chosen for the next subtask, on this page
                    self._set(subtask, Status.DONE)
                    return True
            if isinstance(answer.action, Stop):
                self._finish(answer)
            if steps >= self.settings.max_steps:
                self._set(subtask, Status.FAILED)
                return False
            for remedy in reversed(answer.remedies):
                self._stack.append(_Remedy(page, remedy))
            self._run(answer.action, page, answer, subtask, "action")
            steps += 1

    def _judge(self, answer: StepAnswer, subtask: Subtask) -> str:
        """What the evaluation of the previous action means: "go" (carry on), "done" (the
        subtask is), "backtracked" (a remedy ran instead), or "failed"."""
        last, evaluation = self._last, answer.evaluation
        if last is None or last.evaluated or evaluation is None:
            return "go"
        last.evaluated = True
        self.steps[last.record] = replace(self.steps[last.record], evaluation=evaluation)
        self._emit(ev.Evaluated(last.action, evaluation))
        if isinstance(answer.action, Stop) and (evaluation.task_done or _gives_up(answer)):
            return "done"
        if not evaluation.aligned and not evaluation.subtask_done:
            if self.settings.backtrack:
                return "backtracked" if self._backtrack(subtask) else "failed"
            if self.settings.fail_misaligned:
                return "failed"
            return "go"
        return "done" if evaluation.subtask_done else "go"

    def _step(
        self, page: Page, subtask: Subtask | None, upcoming: str | None, *, make_plan: bool = False
    ) -> StepAnswer:
        form = StepForm(
            remedies=self.settings.remedies, evaluate=self.settings.evaluate, plan=make_plan
        )
        previous = self._last if self._last is not None and not self._last.evaluated else None
        has_previous = previous is not None
        refusals: list[str] = []
        query = step_query(page.permitted, form, has_previous=has_previous, refusals=refusals)
        try:
            answer = self._ask(
                query,
                tools=step_tools(page.permitted, form, has_previous=has_previous),
                task=self.task,
                site=_site(page),
                state=page.state,
                purposes=dict(page.permitted.purposes),
                evaluate=form.evaluate,
                remedies=form.remedies,
                previous=_previous(previous),
                make_plan=make_plan,
                guidance=self.guidance,
                plan=self.plan.text() if self.plan and self.settings.plan and subtask else "",
                subtask=subtask.text if subtask else "",
                next_subtask=upcoming,
                notes=self.notes,
                memory=self.memory.lines() if self.settings.memory else [],
                history=self._history[-self.settings.history :],
                refusal_note=None,
                secrets=self.secrets,
                observation=page.observation.text,
            )
        finally:
            self.metrics.steps += 1
            self.metrics.refusals += len(refusals)
        self._emit(ev.ActionChosen(answer.action, answer.thought, answer.remedies, answer.refused))
        return answer

    def _backtrack(self, subtask: Subtask) -> bool:
        """Go back to the latest remedy's page and run it; False when none is left."""
        while self._stack:
            remedy = self._stack.pop()
            self._go_back_to(remedy.page, subtask)
            # The whole page: the element may be out of view after the page was loaded again.
            page = self._look(full_page=True)
            action, how = self._remap(remedy, page)
            if action is None or page.permitted.refusal(action) is not None:
                continue
            self.metrics.backtracks += 1
            self._emit(ev.Backtracked(remedy.page.url, action, how))
            self._run(action, page, None, subtask, "remedy")
            return True
        return False

    def _go_back_to(self, recorded: Page, subtask: Subtask) -> None:
        """Restore the page a remedy belongs to. A wrong entry in a field on that same page
        is undone by putting the field's recorded value back (loading the URL again would
        also wipe what was typed before it); otherwise the recorded URL is loaded."""
        last = self._last
        reverse = None
        if last is not None and same_document(last.page.url, recorded.url):
            reverse = undo(last.action, last.page)
        # The page is still where the misaligned action left it: no need to observe for that.
        here = last.result.url if last is not None else ""
        if reverse is not None and same_document(here, recorded.url):
            self._run(reverse, self._look(), None, subtask, "backtrack")
            return
        back: Action = Goto(recorded.url)
        if not recorded.url.startswith(("http://", "https://", "file://")):
            back = GoBack()
        result = self._run(back, self._look(), None, subtask, "backtrack")
        if not result.ok and not isinstance(back, GoBack):
            self._run(GoBack(), self._look(), None, subtask, "backtrack")

    def _remap(self, remedy: _Remedy, page: Page) -> tuple[Action | None, str | None]:
        element_id = getattr(remedy.action, "element", None)
        if element_id is None:
            return remedy.action, None
        recorded = remedy.page.observation.element(element_id)
        if recorded is None:
            return None, None
        found = refind(recorded, remedy.page.observation, page.observation)
        if found.element is not None:
            if found.how == "rule":
                self.metrics.remaps_rule += 1
            return replace(remedy.action, element=found.element), found.how  # type: ignore[call-arg]
        answer = self._ask(
            remap_query(page.observation),
            element=recorded,
            before=remedy.page.observation.text,
            after=page.observation.text,
        )
        self.metrics.remaps_model += 1
        if answer.element is None:
            return None, "model"
        return replace(remedy.action, element=answer.element), "model"  # type: ignore[call-arg]

    def _run(
        self,
        action: Action,
        page: Page,
        answer: StepAnswer | None,
        subtask: Subtask,
        kind: str,
    ) -> ActionResult:
        if self.metrics.actions >= self.settings.max_actions:
            raise _OutOfActions
        flagged = answer is not None and answer.irreversible and answer.action == action
        self._pace()
        result = self.browser.act(action, irreversible=flagged)
        self.metrics.actions += 1
        line = f"{format_action(action)}{describe_target(action, page)} on '{page.title}'"
        line += " -> ok" if result.ok else f" -> failed: {result.error}"
        self._history.append(line if kind == "action" else f"({kind}) {line}")
        self._subtask_history.append(line)
        record = StepRecord(
            index=len(self.steps) + 1,
            trial=self.trial,
            subtask=subtask.id,
            kind=kind,
            url=page.url,
            title=page.title,
            state=page.state.name if page.state else None,
            action=format_action(action),
            thought=answer.thought if answer else "",
            remedies=tuple(format_action(r) for r in answer.remedies) if answer else (),
            error=result.error,
            url_after=result.url,
        )
        self.steps.append(record)
        self._emit(ev.ActionDone(result, kind))
        if isinstance(action, NoteDown) and result.ok:
            self.notes.append(action.text)
            self._emit(ev.NoteTaken(action.text))
        if kind in ("action", "remedy"):
            self._last = _Executed(action, page, result, len(self.steps) - 1)
        if result.irreversible or (result.ok and self._irreversible(action, page)):
            # Never backtrack across it: the remedies recorded before it are void, and no
            # new trial starts over (it would do the irreversible thing twice).
            self._stack.clear()
            self._committed = True
            self.metrics.irreversible += 1
        self._remember(page, action, result, answer, record.index)
        if result.denied:
            self._denied(action, page, result)
        return result

    def _denied(self, action: Action, page: Page, result: ActionResult) -> None:
        """Not approved: the model is told (the next step shows the error) and may find
        another way; a second denial in the run ends it with ACTION_NOT_ALLOWED_ERROR."""
        self.metrics.denials += 1
        self._emit(ev.Denied(action, page.url, result.error or ""))
        if self.metrics.denials >= _DENIALS_TO_STOP:
            what = f"{format_action(action)}{describe_target(action, page)}"
            raise _Finished(
                FinalAnswer(
                    task_type="MUTATE",
                    status="ACTION_NOT_ALLOWED_ERROR",
                    retrieved_data=None,
                    error_details=f"{what} cannot be undone and was not approved",
                ),
                "denied",
            )

    def _remember(
        self, page: Page, action: Action, result: ActionResult, answer: StepAnswer | None, at: int
    ) -> None:
        """An item page left unchosen goes to the memory buffer, with the model's reason."""
        state = page.state
        if not self.settings.memory or state is None or not state.candidate or answer is None:
            return
        if leaves(action, result, page):
            self.memory.examine(Candidate(page.title, page.url, state.name, answer.thought, at))

    # -- endings --------------------------------------------------------------------------------
    def _finish(self, answer: StepAnswer) -> None:
        final = answer.final
        if final is None:  # stop without the outcome fields (a server without tools)
            final = self._final_answer()
            raise _Finished(final, "answer")
        raise _Finished(final, "stop")

    def _give_up(self, reason: str) -> tuple[FinalAnswer, str]:
        how = "answer"
        budget_left = self.metrics.actions < self.settings.max_actions
        if self.settings.memory and len(self.memory) and budget_left:
            chosen = choose_backup(self.model, self.task, self.memory)
            if chosen is not None:
                self._run(Goto(chosen.url), self._look(), None, _OUTSIDE, "backup")
                how = "backup"
        try:
            answer = self._final_answer(reason)
        except AnswerParseError as error:
            answer = FinalAnswer(
                task_type="RETRIEVE",
                status="UNKNOWN_ERROR",
                retrieved_data=None,
                error_details=f"{reason}; no usable final answer: {error.problem}",
            )
        return answer, how

    def _final_answer(self, reason: str | None = None) -> FinalAnswer:
        page = self._look()
        answer: FinalAnswer = self._ask(
            ANSWER, task=self.task, notes=self.notes, observation=page.observation.text
        )
        return answer

    def _restart(self) -> None:
        """Back to the start page for a new trial."""
        self._stack = []
        if self.start_url:
            self._run(Goto(self.start_url), self._look(), None, _OUTSIDE, "restart")

    # -- helpers -----------------------------------------------------------------------------
    def _look(self, *, full_page: bool = False) -> Page:
        observation = self.browser.observe(full_page=full_page)
        self._emit(ev.PageObserved(observation.url, observation.text))
        page = self._reader.read(observation, self.task)
        self._emit(
            ev.PageSeen(
                page.url,
                page.title,
                page.profile.name if page.profile else "",
                page.state.name if page.state else None,
                page.classification.decided if page.classification else None,
                page.observation.text,
            )
        )
        return page

    def _ask(self, query: Query[T], **variables: Any) -> T:
        return self.model.ask(query, **variables)

    def _set(self, subtask: Subtask, status: Status) -> None:
        subtask.status = status
        self._emit(ev.SubtaskChanged(subtask))

    def _emit(self, event: ev.Event) -> None:
        self._on_event(event)


def _gives_up(answer: StepAnswer) -> bool:
    """A stop that says the task cannot be done (a declined action, a missing item): the
    model has decided, and going back would not change that."""
    return answer.final is not None and answer.final.status != "SUCCESS"


def _site(page: Page) -> object:
    return page.profile.site if page.profile is not None else None


def _previous(last: _Executed | None) -> dict[str, str | None] | None:
    if last is None:
        return None
    return {
        "action": format_action(last.action),
        "title": last.page.title,
        "url": last.page.url,
        "error": last.result.error,
    }
