"""WebArena(-Verified): task files, the agent's response shape, and official scoring."""

from webagent.webarena.response import AgentResponse
from webagent.webarena.scoring import Check, Scorer, TaskScore
from webagent.webarena.tasks import Task, load_tasks, placeholder, render_url

__all__ = [
    "AgentResponse",
    "Check",
    "Scorer",
    "Task",
    "TaskScore",
    "load_tasks",
    "placeholder",
    "render_url",
]
