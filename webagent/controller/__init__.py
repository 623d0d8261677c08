"""The controller: plan, act with remedies, evaluate, backtrack, decompose, revise.

Pure: the browser and the model come in through `ports`; everything here runs in unit tests.
"""

from webagent.controller.controller import Controller
from webagent.controller.pacing import Pacer
from webagent.controller.plan import Plan, Status, Subtask
from webagent.controller.result import Metrics, RunResult, StepRecord
from webagent.controller.settings import MODES, Mode, Settings

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
