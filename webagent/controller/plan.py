"""The plan: ordered subtasks, each with a live status, split into And / Or children by ADaPT.

A plan is a small mutable tree the controller updates as it works and the TUI shows as it
changes: `1`, `2`, ... at the top; a decomposed `2` gets `2.1`, `2.2`, ... joined by one
operator. `text()` is the numbered list the prompts show.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

Operator = Literal["and", "or"]


class Status(StrEnum):
    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    DECOMPOSED = "decomposed"
    SKIPPED = "skipped"


@dataclass
class Subtask:
    id: str
    text: str
    status: Status = Status.PENDING
    operator: Operator | None = None
    """How `children` combine, once decomposed: all must succeed (and) or one (or)."""
    children: list[Subtask] = field(default_factory=list)

    @property
    def depth(self) -> int:
        return self.id.count(".")

    def split(self, steps: list[str], operator: Operator) -> list[Subtask]:
        self.status = Status.DECOMPOSED
        self.operator = operator
        self.children = [Subtask(f"{self.id}.{i}", text) for i, text in enumerate(steps, 1)]
        return self.children

    def walk(self) -> Iterator[Subtask]:
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class Plan:
    subtasks: list[Subtask]
    version: int = 1
    """1 for the first plan, +1 per revision after a failed trial."""

    @classmethod
    def of(cls, steps: list[str], version: int = 1) -> Plan:
        return cls([Subtask(str(i), text) for i, text in enumerate(steps, 1)], version)

    def walk(self) -> Iterator[Subtask]:
        for subtask in self.subtasks:
            yield from subtask.walk()

    def find(self, subtask_id: str) -> Subtask:
        for subtask in self.walk():
            if subtask.id == subtask_id:
                return subtask
        raise KeyError(subtask_id)

    def text(self, current: Subtask | None = None) -> str:
        """The plan as the prompts show it: one numbered line per subtask, children indented,
        each with its status; `current`'s line ends with "(now)"."""
        lines: list[str] = []
        for subtask in self.subtasks:
            _lines(subtask, lines, current)
        return "\n".join(lines)

    def steps(self) -> list[str]:
        return [subtask.text for subtask in self.subtasks]


def _lines(subtask: Subtask, lines: list[str], current: Subtask | None) -> None:
    indent = "  " * subtask.depth
    join = f" ({subtask.operator.upper()} of its steps)" if subtask.operator else ""
    now = " (now)" if subtask is current else ""
    lines.append(f"{indent}{subtask.id}. {subtask.text} [{subtask.status.value}]{join}{now}")
    for child in subtask.children:
        _lines(child, lines, current)
