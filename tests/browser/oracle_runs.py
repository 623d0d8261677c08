"""The demo shop's oracle solutions, run once per test process and shared by the modules that
check them (the pages they reach, the questions the safety gate asked, their scores): running
the 55 solutions in a browser is the suite's costliest set-up. Modules that use it are in one
xdist group (`GROUP`), so a parallel run does it once too."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from webagent.browser import Browser, Tab
from webagent.observation import Observation
from webagent.oracle.runner import OracleOutcome, OracleRunner
from webagent.safety import Confirmation
from webagent.sites import start_site

GROUP = "demo-shop-oracle-runs"
"""The xdist group of every module that uses `oracle_runs`."""


CATALOG_PAGE = """() => {
  if (document.body.classList.contains("catalog-category-view")) return "category";
  const reviews = document.getElementById("tab-label-reviews");
  const open = reviews && reviews.getAttribute("aria-selected") === "true";
  return open ? "product#reviews" : "product";
}"""


@dataclass(frozen=True, slots=True)
class Seen:
    """One page as observed, with where it came from and its ground truth."""

    where: str
    truth: str
    observation: Observation
    task: int | None = None
    """The oracle task whose run reached the page (its start page, then one per step)."""


@dataclass
class Recorder:
    """Observes the tab's page and reads its ground truth; `task` labels what follows."""

    task: int | None = None
    seen: list[Seen] = field(default_factory=list)

    def __call__(self, tab: Tab, observation: Observation, where: str = "") -> None:
        where = where or f"task {self.task}"
        self.seen.append(Seen(where, ground_truth(tab), observation, self.task))


def ground_truth(tab: Tab) -> str:
    endpoint = str(tab.page.evaluate("document.body.dataset.endpoint"))
    if endpoint == "catalog.page":
        return f"{endpoint}/{tab.page.evaluate(CATALOG_PAGE)}"
    return endpoint


class Questions:
    """A confirmation policy that approves everything and remembers what it was asked."""

    def __init__(self) -> None:
        self.pending: list[Confirmation] = []
        self.by_task: dict[int, list[Confirmation]] = {}

    def __call__(self, confirmation: Confirmation) -> bool:
        self.pending.append(confirmation)
        return True

    def task_done(self, outcome: OracleOutcome) -> None:
        self.by_task[outcome.task.task_id], self.pending = self.pending, []


@dataclass
class OracleRuns:
    runner: OracleRunner
    outcomes: dict[int, OracleOutcome]
    questions: Questions
    """What the gate asked, by task (every question approved)."""
    pages: list[Seen]
    """Each solution's start page, then the page after each of its steps, in task order."""


@pytest.fixture(scope="session")
def oracle_runs(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[OracleRuns]:
    out = tmp_path_factory.mktemp("oracle")
    questions = Questions()
    record = Recorder()
    with start_site("demo_shop", db=out / "shop.sqlite", reset=True) as server:
        runner = OracleRunner(server, browser, out, confirm=questions, on_step=record)
        outcomes = {}
        for task_id in sorted(runner.tasks):
            record.task = task_id
            (outcome,) = runner.run([task_id], report=questions.task_done)
            outcomes[task_id] = outcome
        yield OracleRuns(runner, outcomes, questions, record.seen)
