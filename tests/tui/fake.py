"""A scripted `Session`: the events of a realistic shop run, no browser, no model.

Three subtasks; a click that misses (evaluation not aligned, backtrack with a remapped
remedy); subtask 2 split into AND children; a note; usage; then `confirm` before
"Place Order": approved → SUCCESS, denied → ACTION_NOT_ALLOWED_ERROR. `pace()` is called
before every action, so pause, step and abort work on it as on the real controller.
`gate`, when given, holds the run before its first action until a test sets it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from webagent.actions import ActionResult, Click, GoBack, NoteDown, TypeText
from webagent.actions.action import Action
from webagent.controller import Metrics, RunResult
from webagent.controller import events as ev
from webagent.controller.plan import Plan, Status, Subtask
from webagent.controller.queries import Evaluation
from webagent.errors import Aborted
from webagent.llm.queries import FinalAnswer
from webagent.safety import Confirmation

SHOP = "http://127.0.0.1:8000"
PLACE_ORDER = Confirmation(
    kind="action",
    action="click [e42]",
    element="button 'Place Order'",
    url=f"{SHOP}/checkout",
    title="Checkout",
    reasons=("button 'Place Order': places the order",),
)


class FakeSession:
    def __init__(
        self, *, gate: threading.Event | None = None, delay: float = 0.0, cached_share: float = 0.0
    ) -> None:
        self.gate = gate
        self.cached_share = cached_share
        """The share of the prompt tokens the endpoint says it served from its cache."""
        self.delay = delay
        self.where = "demo_shop"
        self.actions = 0
        self.answers: list[bool] = []
        self.asked: list[Confirmation] = []
        self.shown: list[bool] = []
        self.closed = False
        self.busy = threading.Event()
        """Set while the fake sits in `gate` (the "model" is thinking)."""
        self.can_show = True

    def run(
        self,
        task: str,
        *,
        on_event: Callable[[ev.Event], None],
        confirm: Callable[[Confirmation], bool],
        pace: Callable[[], None],
    ) -> RunResult:
        self.task = task
        metrics = Metrics(trials=1)
        try:
            return self._script(on_event, confirm, pace, metrics)
        except Aborted as stop:
            answer = FinalAnswer(
                task_type="MUTATE",
                status="UNKNOWN_ERROR",
                retrieved_data=None,
                error_details=str(stop),
            )
            on_event(ev.Finished(answer, "aborted"))
            return RunResult(answer, "aborted", metrics)

    def usage(self, calls: int, tokens: int, cost: float) -> ev.Usage:
        prompt = tokens * 9 // 10
        return ev.Usage(calls, tokens, cost, int(prompt * self.cached_share), prompt)

    def show_browser(self, visible: bool) -> bool:
        self.shown.append(visible)
        return self.can_show

    def close(self) -> None:
        self.closed = True

    def _script(
        self,
        emit: Callable[[ev.Event], None],
        confirm: Callable[[Confirmation], bool],
        pace: Callable[[], None],
        metrics: Metrics,
    ) -> RunResult:
        plan = Plan.of(["Find the Logitech mouse", "Add it to the cart", "Check out"])
        emit(ev.TrialStarted(1))
        emit(ev.PlanMade(plan, revised=False))
        emit(self.usage(1, 850, 0.0012))
        if self.gate is not None:
            self.busy.set()
            # Bounded, so a failing test cannot leave the worker thread waiting forever.
            self.gate.wait(timeout=10)
            self.busy.clear()
        script = _Script(self, emit, pace, metrics)
        first, second, third = plan.subtasks
        script.find(first)
        script.add_to_cart(second)
        return script.check_out(third, confirm)


class _Script:
    """The run's steps, one method per subtask."""

    def __init__(
        self,
        fake: FakeSession,
        emit: Callable[[ev.Event], None],
        pace: Callable[[], None],
        metrics: Metrics,
    ) -> None:
        self.fake, self.emit, self.pace, self.metrics = fake, emit, pace, metrics

    def status(self, subtask: Subtask, new: Status) -> None:
        subtask.status = new
        self.emit(ev.SubtaskChanged(subtask))

    def act(self, action: Action, url: str, remedies: tuple[Action, ...] = ()) -> None:
        self.pace()
        time.sleep(self.fake.delay)
        self.fake.actions += 1
        self.metrics.actions += 1
        self.emit(ev.ActionChosen(action, "looking for the mouse", remedies, ()))
        self.emit(ev.ActionDone(ActionResult(action, url=url), "action"))

    def find(self, subtask: Subtask) -> None:
        self.status(subtask, Status.RUNNING)
        self.emit(ev.PageSeen(f"{SHOP}/", "Sample Shop", "shop", "HOME", "rule"))
        search = TypeText("e6", "logitech mouse")
        self.act(search, f"{SHOP}/search?q=logitech+mouse", (GoBack(),))
        self.emit(ev.Evaluated(search, Evaluation("results", True, True, False)))
        self.status(subtask, Status.DONE)
        self.emit(self.fake.usage(3, 2900, 0.0041))

    def add_to_cart(self, subtask: Subtask) -> None:
        self.status(subtask, Status.RUNNING)
        self.emit(ev.PageSeen(f"{SHOP}/search", "Search results", "shop", "SEARCH_RESULTS", "rule"))
        wrong = Click("e31")
        self.act(wrong, f"{SHOP}/reviews/30", (GoBack(), Click("e30")))
        missed = Evaluation("opened the reviews, not the product", False, False, False)
        self.emit(ev.Evaluated(wrong, missed))
        self.emit(ev.Backtracked(f"{SHOP}/search", Click("e30"), "rule"))
        self.metrics.backtracks += 1
        self.emit(ev.ActionDone(ActionResult(GoBack(), url=f"{SHOP}/search"), "backtrack"))
        children = subtask.split(["Open the product page", "Click Add to Cart"], "and")
        self.emit(ev.Decomposed(subtask))
        self.metrics.decompositions += 1
        for child, action in zip(children, (Click("e30"), Click("e36")), strict=True):
            self.status(child, Status.RUNNING)
            self.act(action, f"{SHOP}/product/30")
            self.status(child, Status.DONE)
        self.emit(ev.NoteTaken("Logitech M185 costs $14.99"))
        self.act(NoteDown("Logitech M185 costs $14.99"), f"{SHOP}/product/30")
        self.emit(self.fake.usage(6, 7400, 0.0113))

    def check_out(self, subtask: Subtask, confirm: Callable[[Confirmation], bool]) -> RunResult:
        self.status(subtask, Status.RUNNING)
        self.emit(ev.PageSeen(PLACE_ORDER.url, "Checkout", "shop", "CHECKOUT", "model"))
        place = Click("e42")
        self.pace()
        self.emit(ev.ActionChosen(place, "everything is in the cart; place the order", (), ()))
        self.fake.asked.append(PLACE_ORDER)
        approved = confirm(PLACE_ORDER)
        self.fake.answers.append(approved)
        if approved:
            self.fake.actions += 1
            self.metrics.actions += 1
            self.metrics.irreversible += 1
            done = ActionResult(place, url=f"{SHOP}/order/1", irreversible=True)
            self.emit(ev.ActionDone(done, "action"))
            self.status(subtask, Status.DONE)
            answer = FinalAnswer(
                task_type="MUTATE", status="SUCCESS", retrieved_data=["order 1"], error_details=None
            )
        else:
            self.metrics.denials += 1
            self.emit(ev.Denied(place, PLACE_ORDER.url, "nobody approved placing the order"))
            self.status(subtask, Status.FAILED)
            answer = FinalAnswer(
                task_type="MUTATE",
                status="ACTION_NOT_ALLOWED_ERROR",
                retrieved_data=None,
                error_details="placing the order was not approved",
            )
        self.emit(self.fake.usage(7, 8800, 0.0131))
        how = "stop" if approved else "denied"
        self.emit(ev.Finished(answer, how))
        return RunResult(answer, how, self.metrics, notes=["Logitech M185 costs $14.99"])
