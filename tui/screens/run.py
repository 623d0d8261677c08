"""The run: task, plan, page, step log and status, fed by a worker thread.

The session runs in a Textual thread worker. Its callbacks run on that thread: events become
`AgentEvent` messages (thread-safe `post_message`), a confirmation pushes the dialog with
a message too and then waits on a `threading.Event` the dialog's answer sets, and `pace`
is the `Pacer` the keys drive. The event loop itself never waits on the agent.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input

from tui.messages import AgentEvent, BrowserShown, ConfirmAsked, Reply, RunEnded
from tui.screens.confirm import ConfirmScreen
from tui.session import Session
from tui.widgets.page import PagePanel
from tui.widgets.plan import PlanTree, PlanView, snapshot
from tui.widgets.status import StatusBar
from tui.widgets.steplog import StepLog
from tui.widgets.task import TaskBar
from webagent.controller import Pacer, RunResult
from webagent.controller import events as ev
from webagent.controller.plan import Plan
from webagent.errors import Aborted
from webagent.safety import Confirmation


class RunScreen(Screen[None]):
    def __init__(
        self,
        session: Session,
        task: str | None,
        *,
        confirm_timeout: float | None,
        clock: Callable[[], float],
    ) -> None:
        super().__init__()
        self.session = session
        self.task_text = task
        self.confirm_timeout = confirm_timeout
        self.clock = clock
        self.pacer = Pacer()
        self.running = False
        self.result: RunResult | None = None
        self.dialog: ConfirmScreen | None = None
        self.browser_visible = False
        self.on_end: Callable[[], None] | None = None
        self._plan: Plan | None = None  # worker thread only

    def compose(self) -> ComposeResult:
        yield TaskBar(self.task_text, self.session.where, id="task")
        with Horizontal(id="body"):
            with Vertical(id="side"):
                yield PlanTree(id="plan")
                yield PagePanel(id="page")
            yield StepLog(id="log")
        yield StatusBar(self.clock, id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(PlanTree).border_title = "Plan"
        self.query_one(PagePanel).border_title = "Page"
        self.query_one(StepLog).border_title = "Steps"
        if self.task_text:
            self.start(self.task_text)
        else:
            self.query_one("#task-input", Input).focus()

    @property
    def log_view(self) -> StepLog:
        return self.query_one(StepLog)

    @property
    def status(self) -> StatusBar:
        return self.query_one(StatusBar)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        task = event.value.strip()
        if task and not self.running and self.result is None:
            self.start(task)

    def start(self, task: str) -> None:
        self.task_text, self.running = task, True
        self.query_one(TaskBar).set_task(task)
        self.query_one(StepLog).focus()
        self.status.start()
        self.run_worker(partial(self._run, task), thread=True, name="agent", group="agent")

    # -- the worker thread -------------------------------------------------------------

    def _run(self, task: str) -> None:
        try:
            result = self.session.run(
                task, on_event=self._on_event, confirm=self._confirm, pace=self.pacer
            )
        except Aborted:
            self.post_message(RunEnded(None, "aborted"))
        except Exception as error:
            self.post_message(RunEnded(None, f"{type(error).__name__}: {error}"))
        else:
            self.post_message(RunEnded(result))

    def _on_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.PlanMade):
            self._plan = event.plan
        plan_event = (ev.PlanMade, ev.SubtaskChanged, ev.Decomposed, ev.Finished)
        plan = snapshot(self._plan) if self._plan and isinstance(event, plan_event) else None
        self.post_message(AgentEvent(event, plan))

    def _confirm(self, confirmation: Confirmation) -> bool:
        if self.pacer.aborted:
            return False
        reply = Reply()
        if not self.post_message(ConfirmAsked(confirmation, reply)):
            return False  # the screen is gone
        while not reply.ready.wait(0.05):
            if self.pacer.aborted and not self.is_attached:
                return False
        return reply.approved

    # -- the app's thread --------------------------------------------------------------

    def on_confirm_asked(self, message: ConfirmAsked) -> None:
        confirmation, reply = message.confirmation, message.reply
        if self.pacer.aborted:
            reply.give(False)
            return
        dialog = ConfirmScreen(confirmation, self.confirm_timeout)
        self.dialog = dialog
        self.log_view.say(f"? asking: {confirmation.describe().splitlines()[0]}", "bold yellow")

        def answered(approved: bool | None) -> None:
            self.dialog = None
            if approved:
                self.log_view.say("✔ approved by you", "bold green")
            elif dialog.reason == "timeout":
                self.log_view.say(f"✖ denied: no answer in {self.confirm_timeout:g} s", "bold red")
            elif dialog.reason == "aborted":
                self.log_view.say("✖ denied: the run was aborted", "bold red")
            else:
                self.log_view.say("✖ denied by you", "bold red")
            reply.give(bool(approved))

        self.app.push_screen(dialog, answered)

    def on_agent_event(self, message: AgentEvent) -> None:
        event = message.event
        plan: PlanView | None = message.plan
        tree = self.query_one(PlanTree)
        if isinstance(event, ev.TrialStarted):
            tree.show(trial=event.trial)
        elif plan is not None:
            tree.show(plan)
        if isinstance(event, ev.Finished):
            tree.end(success=event.answer.status == "SUCCESS")
        if isinstance(event, ev.PageSeen):
            self.query_one(PagePanel).show(event)
        elif isinstance(event, ev.Usage):
            self.status.usage(event)
        elif isinstance(event, ev.ActionDone):
            self.status.actions += 1
            self.status.redraw()
        self.log_view.show(event)

    def on_run_ended(self, message: RunEnded) -> None:
        self.running = False
        self.result = message.result
        # A run that ends without a Finished event (aborted, a model error) ends the plan here.
        success = message.result is not None and message.result.answer.status == "SUCCESS"
        self.query_one(PlanTree).end(success)
        if message.result is not None:
            aborted = message.result.how == "aborted"
            self.log_view.finished(message.result)
            if aborted:
                self.log_view.say("■ aborted: the run stopped before its next action", "bold red")
            self.status.finish(message.result, "aborted" if aborted else "finished")
        elif message.error == "aborted":
            self.log_view.say("■ aborted: the run stopped before its next action", "bold red")
            self.status.finish(None, "aborted")
        else:
            self.log_view.say(f"■ the run failed: {message.error}", "bold red")
            self.status.finish(None, "failed")
        if self.on_end is not None:
            self.on_end()

    # -- controls ----------------------------------------------------------------------

    def toggle_pause(self) -> None:
        if not self.running:
            return
        if self.pacer.paused:
            self.pacer.resume()
            self.status.set_state("running")
            self.log_view.say("resumed", "yellow")
        else:
            self.pacer.pause()
            self.status.set_state("paused")
            self.log_view.say("paused: the run waits before its next action", "yellow")

    def step(self) -> None:
        if self.running and self.pacer.paused:
            self.pacer.step()
            self.log_view.say("one step", "yellow")
        else:
            self.notify("Single step works while paused (p).")

    def abort(self) -> None:
        if not self.running or self.pacer.aborted:
            return
        self.pacer.abort()
        self.status.set_state("aborting")
        self.log_view.say("aborting: the run stops before its next action", "bold red")
        if self.dialog is not None:
            self.dialog.deny("aborted")

    def toggle_browser(self) -> None:
        visible = not self.browser_visible
        self.run_worker(partial(self._show_browser, visible), thread=True, group="browser")

    def _show_browser(self, visible: bool) -> None:
        try:
            done = self.session.show_browser(visible)
        except Exception:
            done = False
        self.post_message(BrowserShown(visible, done))

    def on_browser_shown(self, message: BrowserShown) -> None:
        if message.done:
            self.browser_visible = message.visible
            self.log_view.say("browser window " + ("shown" if message.visible else "hidden"))
        else:
            self.log_view.say("this session cannot show its browser (headless)", "yellow")

    def copy_answer(self) -> None:
        text = self.status.answer_text()
        if text:
            self.app.copy_to_clipboard(text)
            self.notify("Answer copied.")
        else:
            self.notify("No answer yet.")

    def on_unmount(self) -> None:
        # Never leave the worker waiting on a pause or a dialog nobody will answer.
        self.pacer.abort()
