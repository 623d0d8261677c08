"""The controller: plan, act with remedies, evaluate, backtrack, decompose, revise.

Pure: the browser and the model come in through `ports`; everything here runs in unit tests.
"""

from typing import TYPE_CHECKING, Any

from webagent.controller.pacing import Pacer
from webagent.controller.plan import Plan, Status, Subtask
from webagent.controller.settings import MODES, Mode, Settings

if TYPE_CHECKING:
    from webagent.controller.controller import Controller
    from webagent.controller.result import Metrics, RunResult, StepRecord

_LAZY = {
    "Controller": "webagent.controller.controller",
    "Metrics": "webagent.controller.result",
    "RunResult": "webagent.controller.result",
    "StepRecord": "webagent.controller.result",
}


def __getattr__(name: str) -> Any:
    """The controller and its results load the queries, actions and their pydantic models
    only when asked for, so the settings and modes (the command line's options) are light."""
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MODES",
    "Controller",
    "Metrics",
    "Mode",
    "Pacer",
    "Plan",
    "RunResult",
    "Settings",
    "Status",
    "StepRecord",
    "Subtask",
]
