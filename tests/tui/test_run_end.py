"""The end of a run as the app shows it: the plan tree with nothing left running or pending
(a `stop` that completes the task marks its subtasks done), and a step log without a line
repeated (a page read again with no action since is not shown again)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest

from tests.tui.conftest import frozen, until
from tui.app import WebAgentApp, create_app
from tui.widgets.plan import PlanTree
from webagent.actions import ActionResult, Click, Stop
from webagent.agent.replay import Fixture
from webagent.controller import Metrics, RunResult
from webagent.controller import events as ev
from webagent.controller.plan import Plan, Status, Subtask
from webagent.controller.queries import Evaluation
from webagent.llm.queries import FinalAnswer
from webagent.safety import Confirmation
from webagent.session import RunSpec
from webagent.session.live import LiveSession

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SHOP = "http://127.0.0.1:8000"
Emit = Callable[[ev.Event], None]


class Scripted:
    """Events in the order the controller sends them, from `script(emit, plan)`; the run's
    answer is `status` (a `stop`), or none at all (`finished=False`: the run raised, as an
    abort or a model error does, and no Finished event came)."""

    where = SHOP

    def __init__(
        self,
        script: Callable[[Emit, Plan], None],
        steps: list[str],
        *,
        status: str = "SUCCESS",
        finished: bool = True,
    ) -> None:
        self.script, self.steps, self.status, self.finished = script, steps, status, finished

    def run(
        self,
        task: str,
        *,
        on_event: Emit,
        confirm: Callable[[Confirmation], bool],
        pace: Callable[[], None],
    ) -> RunResult:
        plan = Plan.of(self.steps)
        on_event(ev.TrialStarted(1))
        on_event(ev.PlanMade(plan, revised=False))
        self.script(on_event, plan)
        answer = FinalAnswer(
            task_type="RETRIEVE",
            status=self.status,
            retrieved_data=["$14.99"] if self.status == "SUCCESS" else None,
            error_details=None,
        )
        if not self.finished:
            raise RuntimeError("the model went away")
        on_event(ev.Finished(answer, "stop"))
        return RunResult(answer, "stop", Metrics(trials=1))

    def show_browser(self, visible: bool) -> bool:
        return False

    def close(self) -> None:
        pass


def page(title: str, state: str = "PRODUCT") -> ev.PageSeen:
    return ev.PageSeen(f"{SHOP}/{title.lower()}", title, "shop", state, "rule")


def changed(subtask: Subtask, status: Status) -> ev.SubtaskChanged:
    subtask.status = status
    return ev.SubtaskChanged(subtask)


def stop_in_the_first_subtask(emit: Emit, plan: Plan) -> None:
    """As the controller runs a task its first step already answers: subtask 1 starts, the
    page is read, the model stops; the run ends before any subtask is marked done."""
    emit(changed(plan.subtasks[0], Status.RUNNING))
    emit(page("Mouse"))
    emit(ev.ActionChosen(Stop("$14.99"), "the price is on the page", (), ()))


def stop_inside_an_or_step(emit: Emit, plan: Plan) -> None:
    """Subtask 1 fails, is split into two alternatives, and the first one's step stops."""
    first = plan.subtasks[0]
    emit(changed(first, Status.RUNNING))
    emit(changed(first, Status.FAILED))
    children = first.split(["Search for it", "Browse the category"], "or")
    emit(ev.Decomposed(first))
    emit(changed(children[0], Status.RUNNING))
    emit(page("Mouse"))
    emit(ev.ActionChosen(Stop("$14.99"), "found it", (), ()))


@dataclass
class End:
    """What the app showed once the run was over."""

    state: str
    plan: dict[str, Status | None]
    labels: list[str]
    log: list[str]


async def ended(session: Scripted) -> End:
    app = create_app(session, "What does the mouse cost?", clock=frozen)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.run_screen.status.state in ("finished", "failed"))
        return shown(app)


def shown(app: WebAgentApp) -> End:
    tree = app.run_screen.query_one(PlanTree)
    assert tree.plan is not None
    ids = [s.id for top in tree.plan.subtasks for s in (top, *top.children)]
    return End(
        app.run_screen.status.state,
        {subtask: tree.status_of(subtask) for subtask in ids},
        [str(node.label) for node in tree.root.children],
        list(app.run_screen.log_view.plain),
    )


async def test_a_stop_that_completes_the_task_marks_its_subtask_done_and_the_rest_skipped() -> None:
    end = await ended(Scripted(stop_in_the_first_subtask, ["Find the mouse", "Read its price"]))
    assert end.plan == {"1": Status.DONE, "2": Status.SKIPPED}
    assert end.labels == ["✓ 1. Find the mouse", "- 2. Read its price"]


async def test_a_stop_that_gives_up_leaves_nothing_running_or_pending() -> None:
    session = Scripted(stop_in_the_first_subtask, ["Find it", "Read it"], status="NOT_FOUND")
    end = await ended(session)
    assert end.plan == {"1": Status.FAILED, "2": Status.SKIPPED}


async def test_a_run_that_raises_ends_its_plan_too() -> None:
    session = Scripted(stop_in_the_first_subtask, ["Find it", "Read it"], finished=False)
    end = await ended(session)
    assert end.state == "failed"
    assert end.plan == {"1": Status.FAILED, "2": Status.SKIPPED}


async def test_an_or_steps_untried_alternative_is_skipped_not_done() -> None:
    end = await ended(Scripted(stop_inside_an_or_step, ["Find the mouse", "Read its price"]))
    assert end.plan == {
        "1": Status.DONE,
        "1.1": Status.DONE,
        "1.2": Status.SKIPPED,
        "2": Status.SKIPPED,
    }


def the_page_read_again(emit: Emit, plan: Plan) -> None:
    """The controller reads the page again for a new subtask, with no action in between,
    and the same page after an action that did not leave it (shown: it is the page after)."""
    first, second = plan.subtasks
    emit(changed(first, Status.RUNNING))
    emit(page("Mouse"))
    emit(ev.ActionChosen(Click("e3"), "open the reviews", (), ()))
    emit(ev.ActionDone(ActionResult(Click("e3"), url=f"{SHOP}/mouse"), "action"))
    emit(page("Mouse"))
    emit(ev.Evaluated(Click("e3"), Evaluation("the reviews opened", True, True, False)))
    emit(changed(first, Status.DONE))
    emit(changed(second, Status.RUNNING))
    emit(page("Mouse"))  # the same page, no action since: not shown again
    emit(page("Mouse"))  # read twice in a row: not shown again
    emit(ev.ActionChosen(Stop("$14.99"), "the price is on the page", (), ()))


async def test_the_step_log_repeats_no_line() -> None:
    end = await ended(Scripted(the_page_read_again, ["Open the reviews", "Read the price"]))
    log = end.log
    assert [line for line in log if "page Mouse" in line] == ["  page Mouse · PRODUCT"] * 2
    assert all(a != b for a, b in pairwise(log)), log


@pytest.mark.browser
async def test_a_replayed_run_ends_with_its_plan_done_and_no_line_twice() -> None:
    """The user's case, recorded: a three-subtask plan whose first step's `stop` answers."""
    fixture = Fixture(FIXTURES / "real-wiki-category")
    session = LiveSession(RunSpec.of_recording(fixture))
    try:
        app = create_app(session, fixture.meta.task, clock=frozen)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.run_screen.result is not None, timeout=90)
            await pilot.pause()
            result = app.run_screen.result
            assert result is not None
            assert (result.answer.status, result.how) == ("SUCCESS", "stop")
            end = shown(app)
            # the first subtask's stop answered: it is done, the two never reached skipped
            assert end.plan == {"1": Status.DONE, "2": Status.SKIPPED, "3": Status.SKIPPED}
            log = end.log
            assert all(a != b for a, b in pairwise(log)), log
            pages = [line for line in log if line.startswith("  page ")]
            assert len(pages) == len(set(pages)) == 2, log  # the start page, the category
    finally:
        session.close()
