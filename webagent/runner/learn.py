"""AutoPlan's loop: a plan for one kind of task, improved batch by batch on a local site.

    result = learn(library, key, training, holdout, setup, on_line=print)

Each iteration runs a batch of training tasks with the current plan as the planner's
guidance, reflects on every run with the three SIR queries (summary, flaws, revision; kept as
lessons), rewrites the plan once from the batch's lessons and any an ordinary run left since
(one update per batch), stores it as a new version with the runs it came from, and scores it
on the held-out tasks. The best-scoring version is marked best (a later one wins a tie, having
seen more); the loop goes on from the latest plan, as in the paper.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from webagent.agent import AgentRun
from webagent.controller import Settings
from webagent.llm import ModelClient, ModelConfig
from webagent.plans.keys import PlanKey
from webagent.plans.library import Lesson, PlanLibrary, PlanVersion
from webagent.plans.reflect import Experience, reflect, update_plan
from webagent.session import Session
from webagent.session.scored import SeedSite, run_scored
from webagent.sites.server import SiteServer
from webagent.webarena import Task

SHOWN = 240
"""Characters of a reflection shown per line of progress."""


@dataclass(frozen=True, slots=True)
class LearnSetup:
    """Where and how the runs happen."""

    session: Session
    server: SiteServer
    model: ModelConfig
    settings: Settings
    iterations: int = 3
    batch: int = 4
    seed: int = 0


@dataclass
class LearnResult:
    key: PlanKey
    versions: list[PlanVersion] = field(default_factory=list)
    """The versions this learn run added, in order."""
    scores: list[float | None] = field(default_factory=list)
    """Held-out success of the starting plan, then of each version (None: no held-out task)."""
    best: PlanVersion | None = None


def learn(
    library: PlanLibrary,
    key: PlanKey,
    training: Sequence[Task],
    holdout: Sequence[Task],
    setup: LearnSetup,
    *,
    on_line: Callable[[str], None] = lambda line: None,
) -> LearnResult:
    """Run AutoPlan's iterations for `key`; every version and lesson is kept in `library`."""
    if not training:
        raise ValueError(f"no training task for {key}")
    rng = random.Random(setup.seed)
    current = library.best(key)
    plan = current.text if current is not None else ""
    result = LearnResult(key, best=current)
    with (
        tempfile.TemporaryDirectory(prefix="webagent-learn-") as temp,
        ModelClient(setup.model) as reflector,
    ):
        folder = Path(temp)
        site = SeedSite(setup.session, setup.server, folder)
        trial = _Trial(site, setup, folder)
        best_score = trial.score(holdout, plan, "the starting plan", on_line)
        result.scores.append(best_score)
        for iteration in range(1, setup.iterations + 1):
            batch = rng.sample(list(training), min(setup.batch, len(training)))
            on_line(f"iteration {iteration}: batch of {len(batch)} ({_ids(batch)})")
            lessons = []
            for task in batch:
                name = f"task {task.task_id}, iteration {iteration}"
                run, passed = trial.run(task, plan)
                experience = Experience.of(
                    run.result, name=name, task=task.intent, plan=plan, success=passed
                )
                lesson = library.add_lesson(reflect(reflector, experience, key))
                lessons.append(lesson)
                on_line(_lesson_lines(lesson))
            earlier = [x for x in library.lessons(key) if x.id not in {y.id for y in lessons}]
            plan = update_plan(reflector, plan, [*lessons, *earlier], site=key.site)
            version = library.add_version(
                key,
                plan,
                runs=[lesson.run for lesson in lessons],
                note=f"iteration {iteration}: updated from {len(lessons) + len(earlier)} lessons",
            )
            library.mark_used([x.id for x in [*lessons, *earlier]], version.version)
            on_line(f"  plan v{version.version}:\n" + _indent(plan, "    "))
            score = trial.score(holdout, plan, f"v{version.version}", on_line)
            if score is not None:
                library.set_score(key, version.version, score)
            result.versions.append(library.version(key, version.version))
            result.scores.append(score)
            if best_score is None or score is None or score >= best_score:
                best_score = score
                library.set_best(key, version.version)
                result.best = library.version(key, version.version)
    return result


class _Trial:
    """Runs tasks with a plan as guidance on the seed site."""

    def __init__(self, site: SeedSite, setup: LearnSetup, folder: Path) -> None:
        self.site, self.setup, self.folder = site, setup, folder

    def run(self, task: Task, plan: str) -> tuple[AgentRun, bool]:
        outcome, passed = run_scored(
            self.site,
            self.setup.model,
            task,
            settings=self.setup.settings,
            har=self.folder / f"{task.task_id}.har",
            guidance=plan or None,
        )
        return outcome, passed

    def score(
        self, tasks: Sequence[Task], plan: str, what: str, on_line: Callable[[str], None]
    ) -> float | None:
        if not tasks:
            return None
        passed = sum(self.run(task, plan)[1] for task in tasks)
        score = passed / len(tasks)
        on_line(f"  held-out with {what}: {passed}/{len(tasks)} ({score:.0%})")
        return score


def _lesson_lines(lesson: Lesson) -> str:
    verdict = "PASS" if lesson.success else "FAIL"
    return (
        f"  {lesson.run}: {verdict}\n"
        f"    summary: {_short(lesson.summary)}\n"
        f"    flaws: {_short(lesson.flaws)}\n"
        f"    revision: {_short(lesson.revision)}"
    )


def _short(text: str, limit: int = SHOWN) -> str:
    """A line for the progress output (the library keeps it whole)."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _ids(tasks: Sequence[Task]) -> str:
    return ", ".join(str(task.task_id) for task in tasks)


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())
