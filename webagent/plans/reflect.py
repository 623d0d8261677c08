"""AutoPlan's reflection: what one run teaches about its plan, and a plan rewritten from many.

    experience = Experience.of(run, task=intent, plan=current, success=passed, name="task 16")
    lesson = reflect(model, experience, key)          # three queries: Summary, flaws, Revision
    steps = update_plan(model, current, lessons, site="shopping")   # one query per batch

The SIR queries follow the paper (Ouyang & Li, Table 2): the summary and the flaws each read
the run and its outcome; the revision reads them with the flaws found. The update reads the
current plan and every lesson of the batch. `lesson_of_run` is the free version: the lessons
an ordinary run leaves (its own reviews of failed trials), for the next update to read.
No I/O here: `model` is anything with `ask` (a `ModelClient`, a test double).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from webagent.controller import RunResult
from webagent.controller.ports import Model
from webagent.llm.queries import Query
from webagent.plans.keys import PlanKey
from webagent.plans.library import Lesson

MAX_HISTORY = 40
"""Actions of a run shown to the reflection (the last ones when there are more)."""


class RunSummary(BaseModel):
    model_config = ConfigDict(extra="forbid")
    summary: str


class Flaws(BaseModel):
    model_config = ConfigDict(extra="forbid")
    flaws: str


class Revision(BaseModel):
    model_config = ConfigDict(extra="forbid")
    revision: str


class UpdatedPlan(BaseModel):
    model_config = ConfigDict(extra="forbid")
    steps: list[str]


SUMMARY: Query[RunSummary] = Query.json("sir_summary", RunSummary)
FLAWS: Query[Flaws] = Query.json("sir_flaws", Flaws)
REVISION: Query[Revision] = Query.json("sir_revision", Revision)
UPDATE: Query[UpdatedPlan] = Query.json("plan_update", UpdatedPlan)
SIR_QUERIES = (SUMMARY.name, FLAWS.name, REVISION.name)


@dataclass(frozen=True, slots=True)
class Experience:
    """One run as the reflection reads it."""

    name: str
    """Which run ("task 16, iteration 2")."""
    task: str
    plan: str
    """The plan it was given (empty: none)."""
    plans: tuple[str, ...]
    """The plans the agent made in it (one per trial)."""
    history: tuple[str, ...]
    success: bool
    outcome: str

    @classmethod
    def of(cls, result: RunResult, *, name: str, task: str, plan: str, success: bool) -> Experience:
        history = []
        for step in result.steps:
            line = f"{step.action} on '{step.title}'"
            line += f" -> failed: {step.error}" if step.error else " -> ok"
            if step.evaluation is not None:
                verdict = "aligned" if step.evaluation.aligned else "NOT aligned"
                line += f" ({verdict}: {step.evaluation.effect})"
            history.append(line)
        answer = result.answer
        verdict = "succeeded" if success else "failed"
        outcome = f"{verdict}; the agent answered {answer.status}"
        if answer.retrieved_data is not None:
            outcome += f" {answer.retrieved_data}"
        if answer.error_details:
            outcome += f" ({answer.error_details})"
        return cls(
            name=name,
            task=task,
            plan=plan,
            plans=tuple(result.plans),
            history=tuple(history[-MAX_HISTORY:]),
            success=success,
            outcome=outcome,
        )

    def variables(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "plan": self.plan,
            "plans": list(self.plans),
            "history": list(self.history),
            "outcome": self.outcome,
        }


def reflect(model: Model, experience: Experience, key: PlanKey) -> Lesson:
    """The three SIR queries on one run: what happened, what was flawed, what to revise."""
    variables = experience.variables()
    summary = model.ask(SUMMARY, **variables).summary
    flaws = model.ask(FLAWS, **variables).flaws
    revision = model.ask(REVISION, flaws=flaws, **variables).revision
    return Lesson(
        key=key,
        run=experience.name,
        task=experience.task,
        success=experience.success,
        summary=summary,
        flaws=flaws,
        revision=revision,
    )


def update_plan(model: Model, plan: str, lessons: Sequence[Lesson], *, site: str) -> str:
    """The plan rewritten from a batch's lessons (one query), as numbered steps."""
    shown = [
        {
            "task": lesson.task or lesson.run,
            "success": lesson.success,
            "summary": lesson.summary,
            "flaws": lesson.flaws,
            "revision": lesson.revision,
        }
        for lesson in lessons
    ]
    answer = model.ask(UPDATE, site_name=site, plan=plan, lessons=shown)
    steps = [step.strip() for step in answer.steps if step.strip()]
    return "\n".join(f"{n}. {step}" for n, step in enumerate(steps, start=1))


def lesson_of_run(
    result: RunResult, *, key: PlanKey, name: str, task: str, success: bool
) -> Lesson:
    """What an ordinary run leaves for the next update, without asking the model again: its
    plans and, for the trials that failed, the agent's own reviews (Devil's Advocate's
    end-of-trial review)."""
    plans = list(result.plans)
    summary = f"{len(result.steps)} actions; plans tried: " + (" | ".join(plans) or "none")
    reviews = list(result.reviews)
    return Lesson(
        key=key,
        run=name,
        task=task,
        success=success,
        summary=summary + f"; ended {result.answer.status} ({result.how})",
        flaws="; ".join(reviews) if reviews else ("none seen" if success else "not reviewed"),
        revision=plans[-1] if plans and not success else "",
    )
