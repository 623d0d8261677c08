"""AutoPlan's plans: a natural-language plan per (site, kind of task), versioned in a library
and improved across batches of runs by reflection.

`keys` says which plan a task uses; `library` stores the versions and the runs' lessons;
`export` moves a library between machines as JSON.
"""

from webagent.plans.keys import PlanKey, key_for, normalise_intent
from webagent.plans.library import Lesson, PlanLibrary, PlanVersion, default_path

__all__ = [
    "Lesson",
    "PlanKey",
    "PlanLibrary",
    "PlanVersion",
    "default_path",
    "key_for",
    "normalise_intent",
]
