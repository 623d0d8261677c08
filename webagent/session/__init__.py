"""The one place that wires a run: a frozen `RunSpec` (what the run is), `Outputs` (where its
files go), and `Session.run` (open, record, run, finish, lesson; the same for every caller).

    with Session() as session:
        outcome = session.run(RunSpec(task, StartPoint(site="demo_shop"), model), Outputs())
"""

from webagent.session.outputs import Outputs
from webagent.session.session import RunOutcome, Session
from webagent.session.spec import PlanSpec, RunSpec, SafetySpec, StartPoint

__all__ = [
    "Outputs",
    "PlanSpec",
    "RunOutcome",
    "RunSpec",
    "SafetySpec",
    "Session",
    "StartPoint",
]
