"""ADaPT's executor: one subtask run as a loop of steps, with remedies, evaluation and backtracking.

    executor = SubtaskExecutor(browser, model, task="...", settings=settings, ...)
    executor.attempt(subtask)               # True: the subtask is done; False: it failed

Each step is one `step` answer that judges the previous action on the page it led to
(Devil's Advocate 3.3.2), and picks the next action within the page state's permitted actions
(LASER), with remedies in case it is wrong (3.3.1). A misaligned action sends the agent back
to the page of the latest remedy (by URL), where what had been entered in its fields before
is entered again (loading a page loses it), the remedy's element is re-found (`refind`, else
the model's `remap`) and the remedy run. A subtask fails when its remedies or steps run
out; the trial loop (`Controller`) then decomposes it or gives the trial up.

Two things end the whole run from inside a step: `Finished` (a `stop` answer, or a second
denial of an irreversible action) and `OutOfActions` (the action budget is spent).

The executor keeps what the run did: its metrics, one record per executed action, the notes,
the memory of candidates set aside, and the history lines the prompts show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

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
    fills_field,
    history_line,
    leaves,
    same_document,
    undo,
)
from webagent.controller.page import Page, PageReader
from webagent.controller.plan import Plan, Status, Subtask
from webagent.controller.ports import Browser, Model
from webagent.controller.queries import (
    StepAnswer,
    StepForm,
    StepTurn,
    step_query,
    step_tools,
    step_variables,
)
from webagent.controller.refind import refind, remap
from webagent.controller.result import Metrics, StepRecord
from webagent.controller.settings import Settings
from webagent.errors import AnswerParseError
from webagent.llm.queries import ANSWER, FinalAnswer
from webagent.safety import PolicyKind
from webagent.sites.memory import Candidate, Memory
from webagent.sites.profile import Profile

Irreversible = Callable[[Action, Page], bool]
"""Whether an action that went through on a page cannot be undone."""


class Finished(Exception):
    """The run ends now, with this answer: a `stop`, or an irreversible action denied twice."""

    def __init__(self, answer: FinalAnswer, how: str) -> None:
        self.answer = answer
        self.how = how


class OutOfActions(Exception):
    """The run's action budget is spent."""


OUTSIDE = Subtask("0", "between subtasks")
"""What the steps taken outside any subtask (a restart, the backup choice) are filed under."""
_DENIALS_TO_STOP = 2


@dataclass(frozen=True, slots=True)
class _Remedy:
    """An alternative recorded with the page it belongs to and what had been entered in
    that page's fields before it (`fills`: to enter again when the page is loaded again)."""

    page: Page
    action: Action
    fills: tuple[_Remedy, ...] = ()


@dataclass
class _Executed:
    """The latest executed action, waiting for its evaluation."""

    action: Action
    page: Page
    result: ActionResult
    record: int
    evaluated: bool = False


class SubtaskExecutor:
    """Executes the subtasks of one run, step by step, and keeps what was done. Made by the
    `Controller`, one per run; the trial loop tells it the trial and the plan."""

    def __init__(
        self,
        browser: Browser,
        model: Model,
        *,
        task: str,
        settings: Settings,
        profile: Profile | None,
        guidance: str | None,
        irreversible: Irreversible,
        secrets: Sequence[str],
        policy: PolicyKind | None,
        emit: Callable[[ev.Event], None],
        pace: Callable[[], None],
    ) -> None:
        self.browser = browser
        self.model = model
        self.task = task
        self.settings = settings
        self.guidance = guidance
        self.secrets = tuple(secrets)
        """Placeholders of the credentials the model may type (never their values)."""
        self.policy = policy
        """What the browser does with an irreversible action, told to the model up front."""
        self._irreversible = irreversible
        self._emit = emit
        self._pace = pace
        """Called before every browser action: may wait (paused) or raise `Aborted`."""
        self._reader = PageReader(profile, model, settings.states)
        self.metrics = Metrics()
        self.memory = Memory()
        self.notes: list[str] = []
        self.steps: list[StepRecord] = []
        self.history: list[str] = []
        """Every executed action of the run, one line each: the step prompts show the latest."""
        self.subtask_history: list[str] = []
        """The actions of the subtask attempted last, for its decomposition."""
        self.committed = False
        """Whether something irreversible was done: a new trial would do it twice."""
        self.trial = 0
        self.plan: Plan | None = None
        self._last: _Executed | None = None
        self._pending: tuple[StepAnswer, Page, int] | None = None  # for the next subtask
        self._stack: list[_Remedy] = []
        self._fills: list[_Remedy] = []  # entered in the fields of the page shown, in order
        self._form = StepForm(
            remedies=settings.remedies,
            evaluate=settings.evaluate,
            plan=settings.plan and settings.fold_plan,
            backtrack=settings.evaluate and settings.backtrack,
        )
        """What every step answer of the run holds: one tool definition for the whole run."""

    # -- what the trial loop asks for -------------------------------------------------------
    def begin_trial(self, trial: int) -> None:
        """A new trial: the previous one's last action, chosen answer and remedies are void."""
        self.trial = trial
        self._last = None
        self._pending = None
        self._stack = []

    def plan_step(self, page: Page) -> StepAnswer:
        """The first step, which also makes the plan (one answer for two): its action is kept,
        with its page and the action count then, to run first in the first subtask."""
        answer = self._step(page, None, make_plan=True)
        self._pending = (answer, page, self.metrics.actions)
        return answer

    def navigate(self, url: str, kind: str) -> None:
        """Go to `url` outside any subtask: a restart ("restart"), the backup ("backup")."""
        self._run(Goto(url), self.look(), None, OUTSIDE, kind)

    def attempt(self, subtask: Subtask) -> bool:
        """Run `subtask` step by step: True when it is done, False when it failed (a
        misaligned action without a remedy left, the steps ran out, an answer unreadable)."""
        self._set(subtask, Status.RUNNING)
        self._stack = []
        self.subtask_history = []
        steps = 0
        while True:
            kept, self._pending = self._pending, None
            if kept is not None:
                answer, page, acted = kept
                page = page if acted == self.metrics.actions else self.look()
            else:
                page = self.look()
                try:
                    answer = self._step(page, subtask)
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
                    self._pending = (answer, page, self.metrics.actions)  # the next subtask's
                    self._set(subtask, Status.DONE)
                    return True
            if isinstance(answer.action, Stop):
                self._finish(answer)
            if steps >= self.settings.max_steps:
                self._set(subtask, Status.FAILED)
                return False
            fills = tuple(f for f in self._fills if same_document(f.page.url, page.url))
            for remedy in reversed(answer.remedies):
                self._stack.append(_Remedy(page, remedy, fills))
            self._run(answer.action, page, answer, subtask, "action")
            steps += 1

    def final_answer(self) -> FinalAnswer:
        """The model's answer to the task on the current page, from the notes taken."""
        page = self.look()
        answer: FinalAnswer = self.model.ask(
            ANSWER, task=self.task, notes=self.notes, observation=page.observation.text
        )
        return answer

    def look(self, *, full_page: bool = False) -> Page:
        """Observe the page and read it: its site, state and permitted actions."""
        observation = self.browser.observe(full_page=full_page)
        self._emit(ev.PageObserved(observation.url, observation.text))
        page = self._reader.read(observation, self.task)
        self._emit(page.seen())
        return page

    # -- one step ----------------------------------------------------------------------------
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
            if self.settings.backtrack and evaluation.then == "recover":
                self.metrics.recoveries += 1
                return "go"  # the model acts from here, as it asked
            if self.settings.backtrack:
                return "backtracked" if self._backtrack(subtask) else "failed"
            if self.settings.fail_misaligned:
                return "failed"
            return "go"
        return "done" if evaluation.subtask_done else "go"

    def _step(self, page: Page, subtask: Subtask | None, *, make_plan: bool = False) -> StepAnswer:
        settings = self.settings
        previous = self._last if self._last is not None and not self._last.evaluated else None
        turn = StepTurn(make_plan=make_plan, judge=settings.evaluate and previous is not None)
        refusals: list[str] = []
        query = step_query(page.permitted, self._form, turn, refusals=refusals)
        try:
            answer = self.model.ask(
                query,
                tools=step_tools(self._form),
                **step_variables(
                    # the system part: the same on every step of the run
                    plan_field=self._form.plan,
                    evaluate=self._form.evaluate,
                    backtrack=self._form.backtrack,
                    remedies=self._form.remedies,
                    secrets=self.secrets,
                    policy=self.policy,
                    site=page.site,
                    # the rest, the steadiest first
                    task=self.task,
                    guidance=self.guidance if make_plan else None,
                    plan=self.plan.text(subtask) if self.plan and settings.plan and subtask else "",
                    notes=self.notes,
                    memory=self.memory.lines() if settings.memory else [],
                    history=self.history[-settings.history :],
                    subtask=subtask.text if subtask else "",
                    make_plan=make_plan,
                    judge=turn.judge,
                    remedy=self._next_remedy() if turn.judge else None,
                    state=page.state,
                    guess=page.classification is not None and page.classification.guess,
                    permitted=page.permitted.describe(),
                    signed_in=page.signed_in,
                    observation=page.observation.text,
                ),
            )
        finally:
            self.metrics.steps += 1
            self.metrics.refusals += len(refusals)
        self._emit(ev.ActionChosen(answer.action, answer.thought, answer.remedies, answer.refused))
        return answer

    # -- backtracking ------------------------------------------------------------------------
    def _next_remedy(self) -> str | None:
        """The remedy a backtrack would run, as the history shows an action."""
        if not self._stack:
            return None
        return history_line(self._stack[-1].action, self._stack[-1].page)

    def _backtrack(self, subtask: Subtask) -> bool:
        """Go back to the latest remedy's page and run it; False when none is left."""
        while self._stack:
            remedy = self._stack.pop()
            if self._go_back_to(remedy.page, subtask):
                self._refill(remedy.fills, subtask)
            # The whole page: the element may be out of view after the page was loaded again.
            page = self.look(full_page=True)
            action, how = remap(
                remedy.action, remedy.page.observation, page.observation, self.model, self.metrics
            )
            if action is None or page.permitted.refusal(action) is not None:
                continue
            self.metrics.backtracks += 1
            self._emit(ev.Backtracked(remedy.page.url, action, how))
            self._run(action, page, None, subtask, "remedy")
            return True
        return False

    def _go_back_to(self, recorded: Page, subtask: Subtask) -> bool:
        """Restore the page a remedy belongs to. A wrong entry in a field on that same page
        is undone by putting the field's recorded value back (loading the URL again would
        also wipe what was typed before it); otherwise the recorded URL is loaded (True)."""
        last = self._last
        reverse = None
        if last is not None and same_document(last.page.url, recorded.url):
            reverse = undo(last.action, last.page)
        # The page is still where the misaligned action left it: no need to observe for that.
        here = last.result.url if last is not None else ""
        if reverse is not None and same_document(here, recorded.url):
            self._run(reverse, self.look(), None, subtask, "backtrack")
            return False
        back: Action = Goto(recorded.url)
        if not recorded.url.startswith(("http://", "https://", "file://")):
            back = GoBack()
        result = self._run(back, self.look(), None, subtask, "backtrack")
        if not result.ok and not isinstance(back, GoBack):
            self._run(GoBack(), self.look(), None, subtask, "backtrack")
        return True

    def _refill(self, fills: Sequence[_Remedy], subtask: Subtask) -> None:
        """Enter again what had been entered in the page's fields (each re-found by rule)."""
        for fill in fills:
            element_id = getattr(fill.action, "element", "")
            recorded = fill.page.observation.element(element_id)
            if recorded is None:
                continue
            page = self.look(full_page=True)
            found = refind(recorded, fill.page.observation, page.observation)
            if found.element is None:
                continue
            action = replace(fill.action, element=found.element)  # type: ignore[call-arg]
            self._run(action, page, None, subtask, "restore")

    # -- running an action -------------------------------------------------------------------
    def _run(
        self,
        action: Action,
        page: Page,
        answer: StepAnswer | None,
        subtask: Subtask,
        kind: str,
    ) -> ActionResult:
        if self.metrics.actions >= self.settings.max_actions:
            raise OutOfActions
        flagged = answer is not None and answer.irreversible and answer.action == action
        self._pace()
        result = self.browser.act(action, irreversible=flagged)
        self.metrics.actions += 1
        line = history_line(action, page)
        if not result.ok:  # a line without a failure is an action that worked
            line += f" -> failed: {result.error}"
        self.history.append(line if kind == "action" else f"({kind}) {line}")
        self.subtask_history.append(line)
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
            undoable=result.undoable,
        )
        self.steps.append(record)
        if result.undoable:
            self.metrics.undoable += 1
        self._emit(ev.ActionDone(result, kind))
        if isinstance(action, NoteDown) and result.ok:
            self.notes.append(action.text)
            self.memory.noted(page.url, action.text)
            self._emit(ev.NoteTaken(action.text))
        if kind in ("action", "remedy"):
            self._last = _Executed(action, page, result, len(self.steps) - 1)
        self._track_fills(action, page, result, kind)
        if result.irreversible or (result.ok and self._irreversible(action, page)):
            # Never backtrack across it: the remedies recorded before it are void, and no
            # new trial starts over (it would do the irreversible thing twice).
            self._stack.clear()
            self.committed = True
            self.metrics.irreversible += 1
        self._remember(page, action, result, answer, record.index)
        if result.denied:
            self._denied(action, page, result)
        return result

    def _track_fills(self, action: Action, page: Page, result: ActionResult, kind: str) -> None:
        """Keep what is entered in the fields of the page the browser is on."""
        element = getattr(action, "element", None)
        if result.navigated or not same_document(page.url, result.url):
            self._fills = []  # a page loaded: its fields start afresh
            return
        kept = [f for f in self._fills if getattr(f.action, "element", None) != element]
        if kind == "backtrack":  # an entry undone
            self._fills = kept if element is not None else self._fills
        elif result.ok and fills_field(action, page):
            self._fills = [*kept, _Remedy(page, action)]

    def _denied(self, action: Action, page: Page, result: ActionResult) -> None:
        """Not approved: the model is told (the next step shows the error) not to do it another
        way; a second denial in the run ends it with ACTION_NOT_ALLOWED_ERROR."""
        self.metrics.denials += 1
        self._emit(ev.Denied(action, page.url, result.error or ""))
        if self.metrics.denials >= _DENIALS_TO_STOP:
            what = f"{format_action(action)}{describe_target(action, page)}"
            raise Finished(
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
        """A page left goes to the memory, with what it gave and the model's reason: an item
        page (a state's `candidate`), or any page where a fact was noted down (a page's kind
        may be misjudged on a site nobody profiled; what it gave is what the task needs)."""
        state = page.state
        if not self.settings.memory or answer is None or not leaves(action, result, page):
            return
        if (state is not None and state.candidate) or self.memory.gave(page.url):
            where = state.name if state is not None else "page"
            self.memory.examine(Candidate(page.title, page.url, where, answer.thought, at))

    def _finish(self, answer: StepAnswer) -> None:
        final = answer.final
        if final is None:  # stop without the outcome fields (a server without tools)
            final = self.final_answer()
            raise Finished(final, "answer")
        raise Finished(final, "stop")

    def _set(self, subtask: Subtask, status: Status) -> None:
        subtask.status = status
        self._emit(ev.SubtaskChanged(subtask))


def _gives_up(answer: StepAnswer) -> bool:
    """A stop saying the task cannot be done (declined, missing): going back changes nothing."""
    return answer.final is not None and answer.final.status != "SUCCESS"
