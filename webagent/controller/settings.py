"""How the controller runs: the four modes of the papers' comparisons, and each switch.

Settings.for_mode("devils-advocate")                 # everything (the default)
Settings.for_mode("devils-advocate", decompose=False) # one mechanism off
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Literal

from webagent.errors import ConfigError

Mode = Literal["react", "plan-act", "plan-act-reflexion", "devils-advocate"]
MODES: tuple[Mode, ...] = ("react", "plan-act", "plan-act-reflexion", "devils-advocate")


@dataclass(frozen=True, slots=True)
class Settings:
    mode: Mode = "devils-advocate"
    plan: bool = True
    """Make a plan of subtasks first (off: the task is the only subtask)."""
    fold_plan: bool = True
    """Make the first plan in the first step's answer (one call fewer per task)."""
    evaluate: bool = True
    """Judge each action on the page it led to (alignment, subtask done, task done)."""
    remedies: int = 2
    """How many remedies to ask for with each action (0: none)."""
    backtrack: bool = True
    """When an action is not aligned, go back to its page and try a remedy."""
    fail_misaligned: bool = True
    """A misaligned action with no remedy left fails the subtask (off: carry on)."""
    decompose: bool = True
    """Split a failed subtask into And / Or steps (ADaPT) before failing the trial."""
    revise: bool = True
    """After a failed trial, review it and start the next from a revised plan."""
    states: bool = True
    """Classify pages into site states; offer only the state's permitted actions (LASER)."""
    memory: bool = True
    """Keep examined candidates, show them, and fall back on the best when steps run out."""
    max_actions: int = 30
    max_steps: int = 8
    """Actions per attempt at one subtask before it counts as failed."""
    max_trials: int = 3
    max_depth: int = 3
    history: int = 30
    """How many of the latest actions the prompts show."""

    @classmethod
    def for_mode(cls, mode: str, **overrides: object) -> Settings:
        if mode not in MODES:
            raise ConfigError(f"unknown mode {mode!r} (modes: {', '.join(MODES)})")
        base = {
            "react": cls(
                mode="react",
                plan=False,
                evaluate=False,
                remedies=0,
                backtrack=False,
                fail_misaligned=False,
                decompose=False,
                revise=False,
                max_trials=1,
                max_steps=30,
            ),
            "plan-act": cls(
                mode="plan-act",
                remedies=0,
                backtrack=False,
                fail_misaligned=False,
                decompose=False,
                revise=False,
                max_trials=1,
            ),
            "plan-act-reflexion": cls(
                mode="plan-act-reflexion",
                remedies=0,
                backtrack=False,
                decompose=False,
            ),
            "devils-advocate": cls(),
        }[mode]
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise ConfigError(f"unknown setting(s): {', '.join(unknown)}")
        given = {key: value for key, value in overrides.items() if value is not None}
        return replace(base, **given)  # type: ignore[arg-type]
