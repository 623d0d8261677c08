"""A revised plan replaces the tree, and the log says why; a crashing session is reported."""

from __future__ import annotations

from collections.abc import Callable

from tests.tui.conftest import frozen, until
from tui.app import create_app
from tui.widgets.plan import PlanTree
from webagent.controller import Metrics, RunResult
from webagent.controller import events as ev
from webagent.controller.plan import Plan
from webagent.llm.queries import FinalAnswer
from webagent.safety import Confirmation


class TwoTrials:
    where = "http://127.0.0.1:8000/"

    def __init__(self, crash: bool = False) -> None:
        self.crash = crash

    def run(
        self,
        task: str,
        *,
        on_event: Callable[[ev.Event], None],
        confirm: Callable[[Confirmation], bool],
        pace: Callable[[], None],
    ) -> RunResult:
        on_event(ev.TrialStarted(1))
        on_event(ev.PlanMade(Plan.of(["Search", "Open"]), revised=False))
        on_event(ev.TrialEnded(1, "the search found nothing"))
        if self.crash:
            raise RuntimeError("the model went away")
        on_event(ev.TrialStarted(2))
        revised = Plan.of(["Browse the category", "Open", "Read the price"], version=2)
        on_event(ev.PlanMade(revised, revised=True, review="search is broken; browse"))
        answer = FinalAnswer(
            task_type="RETRIEVE", status="SUCCESS", retrieved_data=[14.99], error_details=None
        )
        on_event(ev.Finished(answer, "stop"))
        return RunResult(answer, "stop", Metrics(trials=2))

    def show_browser(self, visible: bool) -> bool:
        return False

    def close(self) -> None:
        pass


async def test_revised_plan_replaces_the_tree() -> None:
    app = create_app(TwoTrials(), "What does the mouse cost?", clock=frozen)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.run_screen.result is not None)
        tree = app.run_screen.query_one(PlanTree)
        assert str(tree.root.label) == "plan v2 · trial 2"
        assert len(tree.root.children) == 3
        text = "\n".join(app.run_screen.log_view.plain)
        assert "trial 1 ended: the search found nothing" in text
        assert "plan revised (v2): search is broken; browse" in text
        assert app.run_screen.status.answer_text() == "SUCCESS [14.99]"


async def test_a_crashing_session_is_reported_not_raised() -> None:
    app = create_app(TwoTrials(crash=True), "What does the mouse cost?", clock=frozen)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.run_screen.status.state == "failed")
        assert (
            "■ the run failed: RuntimeError: the model went away" in app.run_screen.log_view.plain
        )
