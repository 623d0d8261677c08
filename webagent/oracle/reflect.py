"""The oracle model's answers to AutoPlan's queries: the three SIR reflections on a run and
the plan update from a batch (see `webagent.plans.reflect`).

It knows each task's solution, so its reflections are faithful: a run that succeeded has no
flaw; one that failed is told the steps that work; and the updated plan is the solution's
steps for the first task of the batch it knows. Enough to exercise the loop offline.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.oracle.progress import SolutionPath
from webagent.oracle.prompt import field, section, system_and_user, task_of

Solutions = Callable[[str | None], SolutionPath | None]
"""A task's solution by its intent (None: not a task the oracle knows)."""


def reflect_answer(
    request: ChatRequest,
    solution_of: Solutions,
    json: Callable[[dict[str, Any]], ScriptedAnswer],
) -> ScriptedAnswer | None:
    """The answer to a `sir_*` or `plan_update` query; None for any other query."""
    _, user = system_and_user(request)
    if request.query == "plan_update":
        return json({"steps": _updated(user, solution_of)})
    path = solution_of(task_of(user))
    outcome = field(user, "Outcome") or "unknown"
    succeeded = outcome.startswith("succeeded")
    works = "; ".join(path.subtasks()) if path is not None else "(the oracle does not know it)"
    if request.query == "sir_summary":
        taken = _numbered(section(user, "Actions taken:"))
        return json({"summary": f"{len(taken)} actions: " + "; ".join(taken) + f". {outcome}."})
    if request.query == "sir_flaws":
        flaws = "No flaw: the plan worked." if succeeded else f"It strayed from what works: {works}"
        return json({"flaws": flaws})
    if request.query == "sir_revision":
        revision = "Keep the plan as it is." if succeeded else f"Follow these steps: {works}"
        return json({"revision": revision})
    return None


def _updated(user: str, solution_of: Solutions) -> list[str]:
    for task in re.findall(r"^Attempt \d+: (.*)$", user, re.M):
        path = solution_of(task.strip())
        if path is not None:
            return path.subtasks()
    current = section(user, "The current plan:", "Attempts with this plan:").strip()
    return [line for line in current.splitlines() if line.strip()] or ["Do the task step by step"]


def _numbered(text: str) -> list[str]:
    """The numbered lines at the start of `text` (up to the first blank line)."""
    lines = []
    for line in text.splitlines():
        if not line.strip():
            break
        lines.append(re.sub(r"^\d+\. ", "", line))
    return lines
