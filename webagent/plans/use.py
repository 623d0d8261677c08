"""Plans at work: the library's plan for a task handed to the planner, and the run's lesson
left for the next update.

    plans = PlanUse.open(path)                 # None: no library (or --no-plans)
    key, guidance = plans.guidance("shopping", intent, template_id)
    run = run_agent(..., guidance=guidance)
    plans.leave_lesson(key, run.result, name="task 16", task=intent, success=passed)

`open` without a path uses the default library only if it exists: nothing is created by an
ordinary run; `webagent learn` creates it. A run that a person (or the confirmation policy)
ended, by refusing an irreversible action or aborting, leaves no lesson: it says nothing
about the plan.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from webagent.controller import RunResult
from webagent.plans.keys import PlanKey, key_for
from webagent.plans.library import PlanLibrary, default_path
from webagent.plans.reflect import lesson_of_run

ENDED_BY_A_PERSON = frozenset({"denied", "aborted"})
"""How runs end that teach nothing about their plan (`RunResult.how`)."""


@dataclass
class PlanUse:
    library: PlanLibrary

    @classmethod
    def open(cls, path: Path | None = None, *, enabled: bool = True) -> PlanUse | None:
        """The library at `path`, else the default one if it exists; None when disabled."""
        if not enabled:
            return None
        if path is None:
            path = default_path()
            if not path.is_file():
                return None
        return cls(PlanLibrary(path))

    def key(self, site: str, intent: str, template_id: int | None) -> PlanKey:
        return key_for(site, intent, template_id, self.library.examples(site))

    def guidance(
        self, site: str, intent: str, template_id: int | None
    ) -> tuple[PlanKey, str | None]:
        """The task's key and the best plan the library holds for it (None: no plan yet)."""
        key = self.key(site, intent, template_id)
        best = self.library.best(key)
        return key, best.text if best is not None else None

    def leave_lesson(
        self, key: PlanKey, result: RunResult, *, name: str, task: str, success: bool
    ) -> bool:
        """What the run teaches, for the next update of the key's plan (no model call);
        whether it left one (not when a person's no or abort ended it)."""
        if result.how in ENDED_BY_A_PERSON:
            return False
        self.library.remember_example(key, task)
        lesson = lesson_of_run(result, key=key, name=name, task=task, success=success)
        self.library.add_lesson(lesson)
        return True

    def close(self) -> None:
        self.library.close()
