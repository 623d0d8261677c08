"""An oracle model: an answerer for the scripted server that knows a local site's solutions.

    model = OracleModel("demo_shop", noise=0.2, eval_noise=0.1, seed=7)
    server = start_model_server(answerer=model)
    # the same from the command line:
    #   webagent llm serve --oracle demo_shop --noise 0.2 --eval-noise 0.1 --seed 7

It answers every query the controller asks from the task's oracle solution
(`sites/<site>/oracle.json`), found by the prompt's `Task:` line (each task's intent):

- `plan` and `revise`: one subtask per acting step of the solution, in words;
  `decompose`: the steps from the failed subtask on;
- `step`: where the agent is on the path is read from the prompt's history
  (`webagent.oracle.progress`). On the path, the next step's element is found on the
  page (scrolling when it is not in view) and, with probability `noise`, a plausible wrong
  element of the same role is chosen instead, the right action going first in the
  remedies; after the last step, `stop` with the recorded response. Off the path it acts
  like a lost model: a random permitted element action (none that would put it back on
  the path), until a new trial, or a new subtask it can start on this page, lets it start
  over. The previous action is judged truthfully (aligned when it advanced along the
  path), except that with probability `eval_noise` the verdict is flipped;
- `answer`: the recorded response when the page is the solution's last, else a failure;
- `remap`, `classify`, `backup`, `summarize`: sensible answers from the prompt alone.

An unknown query or task gets an answer that stops the agent with UNKNOWN_ERROR.

The answer is a pure function of the request and the constructor's arguments, so a request
asked twice (a retry after a fault, a re-ask) gets the same answer: every random decision is
a hash of (seed, task, the decision and where it is taken: the history's length and its last
line), never a draw from a running generator.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from webagent.actions import (
    Action,
    Click,
    GoBack,
    Scroll,
    SelectOption,
    Stop,
    TypeText,
    format_action,
)
from webagent.errors import ConfigError
from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.oracle.answers import (
    Choice,
    at_end,
    element_of,
    failure_answer,
    history_base,
    json_answer,
    reads_as,
    remedies_for,
    response_of,
    tool_call,
    trial_starts,
    unknown,
    verdict_of,
)
from webagent.oracle.generic import backup, classify, remap, summarize
from webagent.oracle.progress import FINISH, Progress, SolutionPath, walk
from webagent.oracle.prompt import (
    StepView,
    base_url,
    field,
    options_of,
    read_page,
    section,
    system_and_user,
    task_of,
)
from webagent.oracle.reflect import reflect_answer
from webagent.oracle.solutions import load_oracle
from webagent.sites.catalog import load_site
from webagent.sites.steps import Step, StepError, to_action
from webagent.webarena.tasks import load_tasks

T = TypeVar("T")

_TEXT_ROLES = frozenset({"textbox", "searchbox", "spinbutton"})
_NOT_CLICKED = _TEXT_ROLES | {"combobox", "slider", "scrollbar", "listbox"}
_UNKNOWN_TASK = "the oracle has no solution for this task"


_ORIGIN = re.compile(r"https?://[^/\s\]\)\"']+")
"""A URL's scheme and host: left out of decision points, so that a run makes the same
choices whatever port the site is served on (a fixture recorded again, a rerun)."""


@dataclass(frozen=True, slots=True)
class _Turn:
    """One step request: what it shows, the task's path, and where its decisions are taken
    (the history's length and last line: each step of a run is a new decision point)."""

    view: StepView
    path: SolutionPath
    task_id: int
    point: str


class OracleModel:
    """Answers a scripted server's requests for the tasks of local site `site` (see the
    module's docstring). `noise`: the chance an act picks a wrong element; `eval_noise`:
    the chance a verdict on the previous action is wrong; `seed`: which noise."""

    def __init__(
        self, site: str, noise: float = 0.0, eval_noise: float = 0.0, seed: int = 0
    ) -> None:
        for name, value in (("noise", noise), ("eval_noise", eval_noise)):
            if not 0.0 <= value <= 1.0:
                raise ConfigError(f"{name} must be between 0 and 1, not {value}")
        loaded = load_site(site)
        oracle = load_oracle(loaded.oracle_file)
        self.site = site
        self.noise = noise
        self.eval_noise = eval_noise
        self.seed = seed
        self._site_key = loaded.webarena_site
        self._tasks: dict[str, int] = {}
        self._paths: dict[int, SolutionPath] = {}
        for task in load_tasks(loaded.tasks_file):
            if task.intent in self._tasks:
                raise ConfigError(
                    f"{loaded.tasks_file}: tasks {self._tasks[task.intent]} and "
                    f"{task.task_id} have the same intent; the oracle cannot tell them apart"
                )
            self._tasks[task.intent] = task.task_id
            solution = oracle.tasks.get(task.task_id)
            if solution is not None:
                self._paths[task.task_id] = SolutionPath.of(solution)

    def __call__(self, request: ChatRequest) -> ScriptedAnswer:
        handler = {
            "step": self._step,
            "plan": self._plan,
            "revise": self._revise,
            "decompose": self._decompose,
            "answer": self._answer,
            "remap": remap,
            "classify": classify,
            "backup": backup,
            "summarize": summarize,
        }.get(request.query)
        if handler is None:
            reflected = reflect_answer(request, self._path_of, json_answer)
            if reflected is not None:
                return reflected
            return unknown(request, f"the oracle does not answer {request.query!r} queries")
        return handler(request)

    def _path_of(self, intent: str | None) -> SolutionPath | None:
        task_id = self.task_id(intent)
        return self._paths.get(task_id) if task_id is not None else None

    def task_id(self, task: str | None) -> int | None:
        """The id of the task whose intent is `task` (None: not a task of the site)."""
        return self._tasks.get((task or "").strip())

    # -- planning ------------------------------------------------------------------------------
    def _solution(self, request: ChatRequest) -> tuple[int, SolutionPath] | None:
        _, user = system_and_user(request)
        task_id = self.task_id(task_of(user))
        if task_id is None or task_id not in self._paths:
            return None
        return task_id, self._paths[task_id]

    def _plan(self, request: ChatRequest) -> ScriptedAnswer:
        found = self._solution(request)
        if found is None:
            return json_answer({"subtasks": [f"Stop: {_UNKNOWN_TASK}"]})
        return json_answer({"subtasks": found[1].subtasks()})

    def _revise(self, request: ChatRequest) -> ScriptedAnswer:
        found = self._solution(request)
        if found is None:
            return json_answer({"review": _UNKNOWN_TASK, "subtasks": [f"Stop: {_UNKNOWN_TASK}"]})
        _, user = system_and_user(request)
        reason = field(user, "Why the attempt ended") or "it did not finish"
        review = (
            f"The attempt ended because {reason}. The plan was right; follow it one step at "
            "a time and check that each step worked before going on."
        )
        return json_answer({"review": review, "subtasks": found[1].subtasks()})

    def _decompose(self, request: ChatRequest) -> ScriptedAnswer:
        found = self._solution(request)
        _, user = system_and_user(request)
        failed = field(user, "The step that failed")
        steps: list[str] = []
        if found is not None:
            path = found[1]
            ranges = path.ranges(failed)
            steps = path.texts(ranges[0][0])[:5] if ranges else []
        if len(steps) < 2:  # the answer needs two steps at least
            steps = [steps[0] if steps else "Check that the page shows what the task asks"]
            steps.append(FINISH)
        return json_answer(
            {
                "thought": f"'{failed}' was not done; the steps that remain, one at a time.",
                "steps": steps,
                "operator": "and",
            }
        )

    def _answer(self, request: ChatRequest) -> ScriptedAnswer:
        found = self._solution(request)
        if found is None:
            return json_answer(failure_answer("RETRIEVE", _UNKNOWN_TASK))
        path = found[1]
        _, user = system_and_user(request)
        page = read_page(section(user, "Final page:"))
        if at_end(path, page):
            return json_answer(response_of(path))
        task_type = str(path.response.get("task_type", "RETRIEVE"))
        return json_answer(
            failure_answer(task_type, "the page does not show what the task asks for")
        )

    # -- acting --------------------------------------------------------------------------------
    def _step(self, request: ChatRequest) -> ScriptedAnswer:
        if not request.body.tools:  # text mode (a server without tools): not supported
            why = "the oracle acts only through tools"
            stop = {"action": "stop []", **failure_answer("RETRIEVE", why)}
            return json_answer({"tool": "act", "arguments": {"thought": why, **stop}})
        view = StepView.of(request)
        task_id = self.task_id(view.task)
        path = self._paths.get(task_id) if task_id is not None else None
        if task_id is None or path is None:
            return unknown(request, _UNKNOWN_TASK)
        last = _ORIGIN.sub("", view.history[-1].text) if view.history else ""
        turn = _Turn(view, path, task_id, f"{len(view.history)}|{last}")
        progress = walk(path, view.history, view.page, view.remedies)
        cursor, on_path = progress.cursor, progress.on_path
        if trial_starts(view):
            cursor, on_path = 0, True
        elif not on_path and not view.has_previous:
            # A fresh start within the trial (a new subtask after a failed one): a model
            # that reads the subtask does it, if the page allows.
            for start, _ in path.ranges(view.subtask):
                if start in (cursor, 0) and self._resolve(path.steps[start].step, view):
                    cursor, on_path = start, True
                    break
        choice = self._on_path(turn, cursor) if on_path else self._lost(turn, cursor)
        evaluation = self._evaluation(turn, progress, choice)
        return tool_call(view, choice, evaluation, path.subtasks())

    def _on_path(self, turn: _Turn, cursor: int) -> Choice:
        view, path = turn.view, turn.path
        if cursor >= len(path):
            final = response_of(path)
            data = final["retrieved_data"]
            answer = ", ".join(str(item) for item in data) if data else ""
            return Choice(Stop(answer), (), "The task is done: the answer is on the page.", final)
        path_step = path.steps[cursor]
        thought = f"Next in the plan: {path_step.text}."
        right = self._resolve(path_step.step, view)
        if right is None:
            return self._look_further(turn, cursor)
        wrongs = self._same_kind(turn, cursor, right)
        if wrongs and self._chance(turn.task_id, "noise", turn.point) < self.noise:
            chosen, first = wrongs[0], [right]
        else:
            chosen, first = right, []
        others = [*first, *wrongs, *self._lost_actions(turn, cursor)]
        return Choice(chosen, remedies_for(view, chosen, others), thought)

    def _look_further(self, turn: _Turn, cursor: int) -> Choice:
        """The next step's element is not in view: scroll down to the bottom, then up to
        the top; when that found nothing, give up like a lost model."""
        view = turn.view
        page = view.page
        scrolls: list[Scroll] = []  # the scrolls just before, on this page
        for line in reversed(view.history):
            if not isinstance(line.action, Scroll) or line.kind not in ("action", "remedy"):
                break
            scrolls.insert(0, line.action)
        going_up = bool(scrolls) and scrolls[-1].direction == "up"
        went_down = any(scroll.direction == "down" for scroll in scrolls)
        direction = None
        if going_up and page.above:
            direction = "up"
        elif not (going_up and went_down) and page.below:
            direction = "down"
        elif not going_up and page.above:
            direction = "up"
        if direction is None or not view.menu.offers(Scroll.name):
            return self._lost(turn, cursor)
        scroll = Scroll("up" if direction == "up" else "down")
        others = [Scroll("down" if direction == "up" else "up"), *self._lost_actions(turn, cursor)]
        text = turn.path.steps[cursor].text
        return Choice(scroll, remedies_for(view, scroll, others), f"Looking for: {text}.")

    def _lost(self, turn: _Turn, cursor: int) -> Choice:
        view = turn.view
        candidates = self._lost_actions(turn, cursor)
        if candidates:
            chosen = candidates[0]
            element = view.page.element(element_of(chosen) or "")
            about = f"{element.role} '{element.name}'" if element else format_action(chosen)
            thought = f"{about} may lead towards the task."
            return Choice(chosen, remedies_for(view, chosen, candidates[1:]), thought)
        for fallback in (Scroll("down"), GoBack()):
            if view.menu.offers(fallback.name):
                return Choice(fallback, (), "Nothing here seems to help.")
        return Choice(Stop(""), (), "Nothing here helps.", failure_answer("RETRIEVE", "lost"))

    def _evaluation(self, turn: _Turn, progress: Progress, choice: Choice) -> dict[str, Any] | None:
        view = turn.view
        if not view.menu.evaluates or not view.has_previous:
            return None
        final = choice.final or {}
        task_done = isinstance(choice.action, Stop) and final.get("status") not in (
            None,
            "UNKNOWN_ERROR",
        )
        verdict = progress.previous
        aligned = verdict == "advanced" or (verdict == "neutral" and progress.on_path)
        done = verdict == "advanced" and turn.path.subtask_done(view.subtask, progress.cursor)
        if self._chance(turn.task_id, "eval", turn.point) < self.eval_noise:
            aligned = not aligned
            done = aligned
        if verdict == "failed":
            effect = "The action failed; the page did not change."
        else:
            effect = f"The action led to '{view.page.title or view.page.url}'."
        return verdict_of(effect, aligned=aligned, subtask_done=done, task_done=task_done)

    # -- actions on the page -------------------------------------------------------------------
    def _resolve(self, step: Step, view: StepView) -> Action | None:
        """The step as an action on this page, if its element is there and permitted."""
        base = base_url(view.page.url) or history_base(view) or ""
        try:
            action = to_action(step, view.page, {self._site_key: base})
        except StepError:
            return None
        if action is None or not view.menu.permits(action.name, element_of(action)):
            return None
        return action

    def _same_kind(self, turn: _Turn, cursor: int, right: Action) -> list[Action]:
        """Plausible wrong versions of `right`: the same action on other permitted elements
        of the same role; same-named ones first (another `View Order` link) when the walk
        can tell them apart, else none (another `Electronics` link is as good)."""
        page, menu, path = turn.view.page, turn.view.menu, turn.path
        element = page.element(element_of(right) or "")
        if element is None:
            return []
        wrongs = []
        for other in page.elements:
            if other.role != element.role or other.id == element.id:
                continue
            action: Action = replace(right, element=other.id)  # type: ignore[call-arg]
            if not menu.permits(right.name, other.id):
                continue
            if path.looks_like(cursor, action, other.role, other.name) and not path.tells_apart(
                cursor
            ):
                continue
            wrongs.append((other.name != element.name, action))
        shuffled = self._shuffle(wrongs, turn.task_id, "wrong", turn.point)
        return [action for _, action in sorted(shuffled, key=lambda pair: pair[0])]

    def _lost_actions(self, turn: _Turn, cursor: int) -> list[Action]:
        """Every permitted element action a lost model might take here, in a hashed order;
        none that does the next step or the first (a lost model stays lost)."""
        view, path = turn.view, turn.path
        page, menu = view.page, view.menu
        words = " ".join((view.task or "").split()[:4]) or "help"
        actions: list[Action] = []
        for element in page.elements:
            if element.role in _TEXT_ROLES and menu.permits(TypeText.name, element.id):
                actions.append(TypeText(element.id, words, element.role == "searchbox"))
            elif element.role == "combobox" and menu.permits(SelectOption.name, element.id):
                options = options_of(element.id, page.text)
                if options:
                    option = self._shuffle(options, turn.task_id, element.id, turn.point)[0]
                    actions.append(SelectOption(element.id, option))
            elif element.role not in _NOT_CLICKED and menu.permits(Click.name, element.id):
                actions.append(Click(element.id))
        kept = [
            action
            for action in actions
            if not any(reads_as(path, index, action, page) for index in {cursor, 0})
        ]
        return self._shuffle(kept, turn.task_id, "lost", turn.point)

    # -- hashed decisions ----------------------------------------------------------------------
    def _chance(self, task_id: int, *point: str) -> float:
        """A number in [0, 1) fixed by the seed, the task and the decision point."""
        key = "|".join([str(self.seed), str(task_id), *point]).encode("utf-8")
        return int.from_bytes(hashlib.sha256(key).digest()[:8], "big") / 2.0**64

    def _shuffle(self, items: Sequence[T], task_id: int, *point: str) -> list[T]:
        keyed = [(self._chance(task_id, *point, str(i)), i) for i in range(len(items))]
        return [items[i] for _, i in sorted(keyed)]
