"""How a run's tasks are attempted: the options the parent process gives every worker.

Light to import (no browser, no model client): the parent process only schedules, records and
reports; the workers load the agent (`webagent.runner.task_run`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from webagent.controller.settings import Settings
from webagent.llm.config import ModelConfig

Screenshots = Literal["steps", "final", "none"]


@dataclass(frozen=True, slots=True)
class AgentOptions:
    """How every task of a run is attempted (the same in each worker)."""

    model: ModelConfig
    mode: str = "devils-advocate"
    trials: int | None = None
    max_steps: int | None = None
    """Browser actions per task at most (the agent's `max_actions`)."""
    max_calls: int | None = None
    max_cost: float | None = None
    confirm: Literal["allow", "deny"] = "allow"
    """Irreversible actions on the benchmark's disposable sites: allowed, or refused."""
    any_domain: bool = False
    """False: only the configured sites' hosts are reachable."""
    screenshots: Screenshots = "steps"
    plans: Path | None = None
    """The plan library file (None: plan without one)."""
    profile: str | None = None
    """A site profile for every page (a name, or a file: a learned one); None: each page's
    site's own, detected."""

    def settings(self) -> Settings:
        overrides: dict[str, Any] = {}
        if self.trials is not None:
            overrides["max_trials"] = self.trials
        if self.max_steps is not None:
            overrides["max_actions"] = self.max_steps
        return Settings.for_mode(self.mode, **overrides)
