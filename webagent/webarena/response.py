"""The agent's final answer in WebArena-Verified's response shape.

    {"task_type": "RETRIEVE", "status": "SUCCESS", "retrieved_data": [35.0], "error_details": null}

`task_type` says what the task was for (RETRIEVE data, MUTATE state, NAVIGATE to a page);
`status` how it ended; `retrieved_data` is a list for RETRIEVE and null otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

TaskType = Literal["RETRIEVE", "MUTATE", "NAVIGATE"]
Status = Literal[
    "SUCCESS",
    "ACTION_NOT_ALLOWED_ERROR",
    "PERMISSION_DENIED_ERROR",
    "NOT_FOUND_ERROR",
    "DATA_VALIDATION_ERROR",
    "UNKNOWN_ERROR",
]
Item = str | int | float | bool | dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class AgentResponse:
    """What the agent reports at the end of a task."""

    task_type: TaskType
    status: Status = "SUCCESS"
    retrieved_data: tuple[Item, ...] | None = None
    error_details: str | None = None

    @classmethod
    def retrieved(cls, *items: Item) -> AgentResponse:
        return cls("RETRIEVE", "SUCCESS", tuple(items))

    @classmethod
    def failed(cls, task_type: TaskType, status: Status, details: str) -> AgentResponse:
        return cls(task_type, status, None, details)

    def to_json(self) -> dict[str, Any]:
        """The dict written to `agent_response.json` and given to the evaluator."""
        return {
            "task_type": self.task_type,
            "status": self.status,
            "retrieved_data": list(self.retrieved_data)
            if self.retrieved_data is not None
            else None,
            "error_details": self.error_details,
        }
