"""What the agent did in one task, in one flat record: the controller's counts and the model's
usage side by side, for a task's record, a benchmark's table and a run's report."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from webagent.agent.agent import AgentRun


@dataclass(frozen=True, slots=True)
class TaskMetrics:
    """What the agent did in one task."""

    actions: int = 0
    trials: int = 0
    plan_revisions: int = 0
    backtracks: int = 0
    decompositions: int = 0
    denials: int = 0
    calls: int = 0
    """Model calls."""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    """Prompt tokens the endpoint served from its prompt cache (billed at the cached rate)."""
    cost: float = 0.0
    """US dollars (0 for a model without a known price)."""

    @classmethod
    def of(cls, run: AgentRun) -> TaskMetrics:
        metrics, usage = run.result.metrics, run.usage
        return cls(
            actions=metrics.actions,
            trials=metrics.trials,
            plan_revisions=metrics.plan_revisions,
            backtracks=metrics.backtracks,
            decompositions=metrics.decompositions,
            denials=metrics.denials,
            calls=usage.calls,
            prompt_tokens=usage.prompt_tokens,
            completion_tokens=usage.completion_tokens,
            cached_tokens=usage.cached_tokens,
            cost=usage.cost,
        )

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens
