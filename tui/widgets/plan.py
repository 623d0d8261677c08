"""The plan as a tree: one node per subtask, its status as an icon and a colour.

When the run ends, the controller settles its plan (the subtask a `stop` ended done, the
ones never reached skipped). A run that ends without that (aborted, a model that stopped
answering) is settled here the same way (`ended`). Nothing is left current once the run is
over.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from webagent.controller.plan import Plan, Status, Subtask

MARKS: dict[Status, tuple[str, str]] = {
    Status.PENDING: ("·", "dim"),
    Status.RUNNING: ("▶", "bold yellow"),
    Status.DONE: ("✓", "green"),
    Status.FAILED: ("✗", "bold red"),
    Status.DECOMPOSED: ("⑂", "cyan"),
    Status.SKIPPED: ("-", "dim strike"),
}


@dataclass(frozen=True, slots=True)
class SubtaskView:
    id: str
    text: str
    status: Status
    operator: str | None
    children: tuple[SubtaskView, ...]


@dataclass(frozen=True, slots=True)
class PlanView:
    """A copy of the live plan, taken on the worker thread so the app never reads a plan
    the controller is changing."""

    version: int
    subtasks: tuple[SubtaskView, ...]


def snapshot(plan: Plan) -> PlanView:
    return PlanView(plan.version, tuple(_view(subtask) for subtask in plan.subtasks))


def _view(subtask: Subtask) -> SubtaskView:
    children = tuple(_view(child) for child in subtask.children)
    return SubtaskView(subtask.id, subtask.text, subtask.status, subtask.operator, children)


def ended(plan: PlanView, success: bool) -> PlanView:
    """The plan as the run left it, nothing current any more (as the controller settles
    it): what was running done after a successful answer, else failed; what was never
    reached skipped."""
    return replace(plan, subtasks=tuple(_end(subtask, success) for subtask in plan.subtasks))


def _end(subtask: SubtaskView, success: bool) -> SubtaskView:
    children = tuple(_end(child, success) for child in subtask.children)
    status = subtask.status
    if status is Status.RUNNING:
        status = Status.DONE if success else Status.FAILED
    elif status is Status.PENDING:
        status = Status.SKIPPED
    elif status is Status.DECOMPOSED:  # done when what it was split into was
        finished = {child.status for child in children}
        done = success or (Status.DONE in finished and finished <= {Status.DONE, Status.SKIPPED})
        status = Status.DONE if done else Status.FAILED
    return replace(subtask, status=status, children=children)


def label(subtask: SubtaskView) -> Text:
    mark, style = MARKS[subtask.status]
    text = Text.assemble((f"{mark} ", style), (f"{subtask.id}. ", "bold"), (subtask.text, style))
    if subtask.operator:
        text.append(f" ({subtask.operator.upper()})", "cyan")
    return text


class PlanTree(Tree[str]):
    """Redrawn whole on every plan event: plans are a handful of lines."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("no plan yet", id=id)
        self.show_root = True
        self.trial = 0
        self.plan: PlanView | None = None
        self.over = False
        """The run has ended and the tree shows how (`end`)."""

    def show(self, plan: PlanView | None = None, trial: int | None = None) -> None:
        if self.over:
            return
        self.plan = plan or self.plan
        self.trial = trial if trial is not None else self.trial
        self.clear()
        if self.plan is None:
            self.root.set_label(f"trial {self.trial}: no plan yet")
            return
        self.root.set_label(Text(f"plan v{self.plan.version} · trial {self.trial}", "bold"))
        for subtask in self.plan.subtasks:
            self._add(self.root, subtask)
        self.root.expand_all()

    def end(self, success: bool) -> None:
        """The run is over: redraw the plan as it left it (`ended`), once."""
        if self.over:
            return
        if self.plan is not None:
            self.show(ended(self.plan, success))
        self.over = True

    def status_of(self, subtask_id: str) -> Status | None:
        """For tests and the log: a subtask's status as shown."""
        if self.plan is None:
            return None
        stack = list(self.plan.subtasks)
        while stack:
            subtask = stack.pop()
            if subtask.id == subtask_id:
                return subtask.status
            stack.extend(subtask.children)
        return None

    def _add(self, parent: TreeNode[str], subtask: SubtaskView) -> None:
        if not subtask.children:
            parent.add_leaf(label(subtask), data=subtask.id)
            return
        node = parent.add(label(subtask), data=subtask.id, expand=True)
        for child in subtask.children:
            self._add(node, child)
