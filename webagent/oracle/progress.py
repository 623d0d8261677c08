"""How far along its task's solution an agent is, read from the history its prompt shows.

A solution (`webagent.sites.oracle.Solution`) is a list of steps; the ones that act make the
path, and the `expect` steps after each are checks of the page it leads to. `walk` replays
the "Actions so far" lines against the path:

- a line that does what path step `cursor` does (same action; for element actions the same
  role and name as the step's target, the same text or option; for `goto` the same path)
  advances the cursor and puts the agent on the path;
- a line that does what the first step does starts the path again (a new trial starts from
  the start page, and the first step works from anywhere);
- a scroll, a note, or an action that failed changes nothing; anything else takes the agent
  off the path (lost);
- a restart (a new trial) goes back to the start of the path;
- a backtrack undoes the action whose remedy it runs. The controller keeps a stack of each
  action's remedies and pops the latest; the walk keeps the same stack (each action pushes
  `remedies` entries holding the progress before it) and restores the popped entry.

Names alone cannot tell apart same-named elements picked by their line (`View Order` on the
line of order 000000180): for the latest action, the first check after its step must hold on
the current page. Not modelled: a backtrack reloads the page, losing what was typed into its
forms; the walk takes the page to be as it was before the undone action.

    path = SolutionPath.of(solution)
    progress = walk(path, view.history, view.page, remedies=2)
    progress.cursor, progress.on_path, progress.previous
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

from webagent.actions import (
    Action,
    Click,
    GoBack,
    Goto,
    Hover,
    NoteDown,
    Press,
    Scroll,
    SelectOption,
    TypeText,
)
from webagent.observation import Observation
from webagent.oracle.prompt import HistoryLine
from webagent.oracle.solutions import Solution
from webagent.sites.steps import Step, Target

MAX_SUBTASKS = 12
"""The most subtasks a plan may have (the `plan` query's schema)."""

FINISH = "Give the answer and stop"
"""The words for the end of the path (a decomposition pads with it)."""

Verdict = Literal["advanced", "neutral", "failed", "off"]
"""What one history line did to the progress."""

_PLACEHOLDER = re.compile(r"^__[A-Z0-9_]+__")
_PAGE_WORDS = {
    "/sales/order/history": "the order history page",
    "/wishlist": "the wish list",
    "/customer/address": "the address book",
    "/checkout/cart": "the shopping cart",
    "/customer/account": "the account dashboard",
    "/review/customer": "the list of my product reviews",
}


@dataclass(frozen=True, slots=True)
class PathStep:
    """A step of the solution that acts, the checks that follow it, and it in words."""

    step: Step
    checks: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Group:
    """Consecutive path steps [start, end) that one subtask of the plan stands for."""

    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class SolutionPath:
    """A task's solution as a path of acting steps, and as a plan of at most 12 subtasks."""

    steps: tuple[PathStep, ...]
    groups: tuple[Group, ...]
    response: dict[str, Any]

    @classmethod
    def of(cls, solution: Solution) -> SolutionPath:
        steps: list[PathStep] = []
        for step in solution.steps:
            if step.expect is not None:
                if steps:
                    last = steps[-1]
                    steps[-1] = PathStep(last.step, (*last.checks, step.expect), last.text)
                continue
            steps.append(PathStep(step, (), describe(step)))
        return cls(tuple(steps), _groups(steps), dict(solution.response))

    def __len__(self) -> int:
        return len(self.steps)

    def matches(self, index: int, line: HistoryLine) -> bool:
        """Whether the history line does what path step `index` does."""
        return 0 <= index < len(self.steps) and _matches(self.steps[index].step, line)

    def looks_like(self, index: int, action: Action, role: str, name: str) -> bool:
        """Whether `action` on an element with this role and name would read, in the
        history, as path step `index` (same-named elements read alike)."""
        line = HistoryLine("action", "", action, role, name, ok=True)
        return self.matches(index, line)

    def tells_apart(self, index: int) -> bool:
        """Whether the walk tells apart same-named elements at path step `index`: the step
        picks its element by line, and a check of the page it leads to follows."""
        path_step = self.steps[index]
        target = _target(path_step.step)
        return target is not None and target.line_contains is not None and bool(path_step.checks)

    def subtasks(self) -> list[str]:
        """The plan: one subtask per acting step (merged to at most 12)."""
        return [group.text for group in self.groups] or [FINISH]

    def texts(self, start: int = 0) -> list[str]:
        """The acting steps from `start` on, in words."""
        return [path_step.text for path_step in self.steps[start:]]

    def ranges(self, subtask: str | None) -> list[tuple[int, int]]:
        """The step ranges [start, end) a subtask's words stand for (none: unknown words)."""
        found = [(g.start, g.end) for g in self.groups if g.text == subtask]
        found += [(i, i + 1) for i, s in enumerate(self.steps) if s.text == subtask]
        return sorted(set(found))

    def subtask_done(self, subtask: str | None, cursor: int) -> bool:
        """Whether the subtask is complete once the path is done up to `cursor`."""
        ends = [end for _, end in self.ranges(subtask)]
        if not ends:
            return cursor >= len(self.steps)
        return cursor in ends or all(end < cursor for end in ends)


@dataclass(frozen=True, slots=True)
class Progress:
    """Where the agent is: the next path step (`cursor`), whether it is on the path, and
    what its latest action (not a backtrack) did (None when it has not acted)."""

    cursor: int
    on_path: bool
    previous: Verdict | None


def walk(
    path: SolutionPath,
    history: Sequence[HistoryLine],
    page: Observation,
    remedies: int = 0,
) -> Progress:
    """Replay `history` against `path` (see the module's docstring)."""
    cursor, on_path = 0, True
    previous: Verdict | None = None
    stack: list[tuple[int, bool]] = []
    for index, line in enumerate(history):
        if line.kind == "restart":  # a new trial, from the start page
            cursor, on_path, previous, stack = 0, True, None, []
            continue
        if line.kind == "backtrack":
            if _pops(history, index) and stack:
                cursor, on_path = stack.pop()
            continue
        if line.kind not in ("action", "remedy"):
            continue  # outside the path: the backup choice at the end
        before = (cursor, on_path)
        latest = index == len(history) - 1
        previous, reached = _verdict(path, line, cursor, page if latest else None)
        if previous == "advanced":
            cursor, on_path = reached, True
        elif previous == "off":
            on_path = False
        if line.kind == "action":
            stack.extend([before] * remedies)
    return Progress(cursor, on_path, previous)


def _verdict(
    path: SolutionPath, line: HistoryLine, cursor: int, page: Observation | None
) -> tuple[Verdict, int]:
    """What the line did, and the cursor after it."""
    if isinstance(line.action, Scroll | NoteDown) and not path.matches(cursor, line):
        return "neutral", cursor  # even when it failed: nothing changed
    if not line.ok:
        return "failed", cursor
    for index in (cursor, 0):  # the next step, or the first again
        if path.matches(index, line) and (page is None or _checks_hold(path, index, page)):
            return "advanced", index + 1
    return "off", cursor


def _checks_hold(path: SolutionPath, index: int, page: Observation) -> bool:
    """For a step that picks its element by the line it is on, the first check after it
    holds on the page it led to (the history only shows the element's role and name)."""
    if not path.tells_apart(index):
        return True
    return path.steps[index].checks[0] in page.text


def _pops(history: Sequence[HistoryLine], index: int) -> bool:
    """Whether this backtrack line pops a remedy: each pop goes back once, except that a
    failed `goto` back is followed by a `go_back` for the same remedy."""
    line = history[index]
    if not isinstance(line.action, GoBack) or index == 0:
        return True
    before = history[index - 1]
    return not (before.kind == "backtrack" and isinstance(before.action, Goto) and not before.ok)


# -- matching a line to a step -----------------------------------------------------------------
def _matches(step: Step, line: HistoryLine) -> bool:
    action = line.action
    if action is None:
        return False
    if step.goto is not None:
        return isinstance(action, Goto) and same_place(action.url, step.goto)
    if step.press is not None:
        return isinstance(action, Press) and action.keys.lower() == step.press.lower()
    if step.scroll is not None:
        return isinstance(action, Scroll) and action.direction == step.scroll
    if step.go_back:
        return isinstance(action, GoBack)
    target = _target(step)
    if target is None or not _kind_fits(step, action):
        return False
    return line.role == target.role and name_fits(target, line.name or "")


def _kind_fits(step: Step, action: Action) -> bool:
    if step.click is not None:
        return isinstance(action, Click)
    if step.hover is not None:
        return isinstance(action, Hover)
    if step.type is not None:
        return isinstance(action, TypeText) and action.text == step.text
    return isinstance(action, SelectOption) and action.option == step.option


def _target(step: Step) -> Target | None:
    return step.click or step.hover or step.type or step.select


def name_fits(target: Target, name: str) -> bool:
    """Whether an element's name is the one `target` names."""
    if target.name is not None and name != target.name:
        return False
    return target.name_contains is None or target.name_contains in name


def same_place(url: str, written: str) -> bool:
    """Whether `url` is the page an oracle's `__SITE__/path?query` names (path and query)."""
    here = urlsplit(url)
    there = urlsplit("http://site" + _PLACEHOLDER.sub("", written))
    return (here.path.rstrip("/"), here.query) == (there.path.rstrip("/"), there.query)


# -- in words ----------------------------------------------------------------------------------
def describe(step: Step) -> str:
    """A step as a plan would say it: "Go to the order history page", "Type 'x' into
    Search and press Enter", "Open 'View Order' on the line with '000000180'"."""
    if step.goto is not None:
        return f"Go to {_page_words(step.goto)}"
    if step.press is not None:
        return f"Press {step.press}"
    if step.scroll is not None:
        return f"Scroll {step.scroll}"
    if step.go_back:
        return "Go back to the previous page"
    if step.type is not None:
        enter = " and press Enter" if step.enter else ""
        return f"Type '{step.text}' into {_label(step.type)}{enter}"
    if step.select is not None:
        return f"Choose '{step.option}' in {_label(step.select)}"
    if step.hover is not None:
        return f"Hover over {_label(step.hover)}"
    target = step.click
    assert target is not None
    verb = {
        "link": "Open",
        "button": "Click",
        "tab": "Open the tab",
        "radio": "Choose",
        "checkbox": "Tick",
    }.get(target.role, f"Click the {target.role}")
    return f"{verb} {_label(target)}"


def _label(target: Target) -> str:
    if target.name is not None:
        words = f"'{target.name}'"
    elif target.name_contains is not None:
        words = f"the {target.role} with '{target.name_contains}'"
    else:
        words = f"the {target.role}"
    if target.line_contains is not None:
        words += f" on the line with '{target.line_contains}'"
    return words


def _page_words(written: str) -> str:
    parts = urlsplit("http://site" + _PLACEHOLDER.sub("", written))
    path = parts.path.rstrip("/") or "/"
    words = _PAGE_WORDS.get(path, f"the page {path}")
    return f"{words} ({parts.query})" if parts.query else words


def _groups(steps: list[PathStep]) -> tuple[Group, ...]:
    """One group per step; past 12, neighbouring form fields (typed without Enter, chosen
    options) are merged first, then the last steps."""
    groups = [Group(i, i + 1, s.text) for i, s in enumerate(steps)]
    while len(groups) > MAX_SUBTASKS:
        at = next(
            (
                i
                for i in range(len(groups) - 1)
                if _fills(steps, groups[i]) and _fills(steps, groups[i + 1])
            ),
            len(groups) - 2,
        )
        first, second = groups[at], groups[at + 1]
        merged = Group(first.start, second.end, f"{first.text}, then {_lower(second.text)}")
        groups[at : at + 2] = [merged]
    return tuple(groups)


def _fills(steps: list[PathStep], group: Group) -> bool:
    return all(
        s.step.select is not None or (s.step.type is not None and not s.step.enter)
        for s in steps[group.start : group.end]
    )


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]
