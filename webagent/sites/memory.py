"""LASER's memory buffer: the candidates examined, what each gave, and the backup choice.

Pages of a `candidate` state (a product, an issue, an article) are what a task may end on.
When the agent leaves one without finishing, it goes to the buffer with what it gave (the
facts noted down there, or that nothing was) and the agent's reason for leaving (LASER
stores "the items examined but considered non-matching"); later steps see the buffer, so
the agent need not examine the same item again to learn what it holds, yet may go back to
any of them whenever the task needs it: the memory informs, it never forbids. When the step
budget is nearly spent, the backup strategy picks the best of them instead of ending with
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel, ConfigDict

from webagent.llm.queries import Query


@dataclass(frozen=True, slots=True)
class Candidate:
    """An examined page: what it was, where, and why it was set aside."""

    label: str
    url: str
    state: str
    reason: str
    step: int
    gave: tuple[str, ...] = ()
    """The facts noted down on the page (empty: nothing was)."""

    def line(self) -> str:
        gave = "; ".join(f'"{fact}"' for fact in self.gave) if self.gave else "nothing noted"
        return (
            f"{self.label} ({self.url}) [{self.state}, step {self.step}]: gave {gave}; "
            f"left because: {self.reason}"
        )


class Memory:
    """Candidates in the order they were examined; one entry per URL (the latest reason,
    every fact noted there)."""

    def __init__(self) -> None:
        self._by_url: dict[str, Candidate] = {}
        self._notes: dict[str, list[str]] = {}

    def noted(self, url: str, fact: str) -> None:
        """A fact noted down on the page at `url`: what that page gave."""
        self._notes.setdefault(url, []).append(fact)

    def gave(self, url: str) -> bool:
        """Whether a fact was noted down on the page at `url`."""
        return bool(self._notes.get(url))

    def examine(self, candidate: Candidate) -> None:
        self._by_url.pop(candidate.url, None)
        gave = tuple(self._notes.get(candidate.url, ()))
        self._by_url[candidate.url] = replace(candidate, gave=gave)

    @property
    def candidates(self) -> list[Candidate]:
        return list(self._by_url.values())

    def seen(self, url: str) -> bool:
        return url in self._by_url

    def lines(self) -> list[str]:
        """The buffer as the model reads it, oldest first."""
        return [candidate.line() for candidate in self._by_url.values()]

    def __len__(self) -> int:
        return len(self._by_url)


class BackupChoice(BaseModel):
    """The model's pick among the examined candidates (1-based), or 0 for none fits."""

    model_config = ConfigDict(extra="forbid")

    choice: int
    reason: str


BACKUP: Query[BackupChoice] = Query.json("backup", BackupChoice)


def needs_backup(step: int, max_steps: int, margin: int = 2) -> bool:
    """Whether the step budget is nearly spent (LASER forced its choice 2 of 15 steps
    before the end)."""
    return step >= max_steps - margin


def choose_backup(client: Any, task: str, memory: Memory) -> Candidate | None:
    """The candidate the model judges closest to the task; None when the buffer is empty
    or the model finds none acceptable. `client` is a `ModelClient` (or anything with its
    `ask`)."""
    candidates = memory.candidates
    if not candidates:
        return None
    answer: BackupChoice = client.ask(
        BACKUP, task=task, candidates=[candidate.line() for candidate in candidates]
    )
    if 1 <= answer.choice <= len(candidates):
        return candidates[answer.choice - 1]
    return None
