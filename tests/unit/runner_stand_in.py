"""A stand-in for the runner's worker process (`webagent.runner.pool.worker_main`): no
browser, no agent, and nothing heavy to import, so that a spawned one starts in a blink.

It speaks the real workers' protocol with the pool. Per task and attempt, `plan.json` in the
run's folder says what happens: "ok" (the task finishes), "lost" (its browser dies under the
task: reported, then the worker lingers for a while, as one closing a dead browser does),
"die" (its process dies), "broken" (its browser is found dead before the task, the first time
only) or "broken-always". Every message it gets goes to `worker-log.jsonl`.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

LOG = "worker-log.jsonl"
PLAN = "plan.json"
DIED = "the browser died (TargetClosedError: Page.goto: Target page, context or browser has closed)"
BROKEN = "the browser died (its process (pid 4242) is gone)"


@dataclass(frozen=True)
class StandInSpec:
    """What the pool and the stand-in read of a `WorkerSpec`."""

    out: Path


def stand_in(conn: Connection, spec: StandInSpec, name: str) -> None:
    plan = json.loads((spec.out / PLAN).read_text())

    def log(**entry: object) -> None:
        with (spec.out / LOG).open("a") as file:
            file.write(json.dumps({"worker": name, **entry}) + "\n")

    conn.send(("ready", 4242))
    while True:
        message = conn.recv()
        if message is None:
            return
        task_id, attempt, retries = message
        log(task=task_id, attempt=attempt, retries=list(retries))
        what = plan.get(f"{task_id}:{attempt}", "ok")
        if what == "die":
            os._exit(3)
        if what == "broken" and _first_time(spec.out / f"broken-{task_id}"):
            what = "broken-always"
        if what == "broken-always":
            conn.send(("broken", task_id, BROKEN))
            return
        if what == "lost":
            conn.send(("lost", task_id, DIED))
            deadline = time.monotonic() + 2.0
            while time.monotonic() < deadline:  # a task sent now would be lost again
                if conn.poll(0.1):
                    late = conn.recv()
                    if late is None:
                        return
                    log(after_lost=list(late))
            return
        conn.send(("done", task_id, _record(task_id, attempt, list(retries), name)))


def _first_time(marker: Path) -> bool:
    try:
        marker.touch(exist_ok=False)
    except FileExistsError:
        return False
    return True


def _record(task_id: int, attempt: int, retries: list[str], worker: str) -> dict[str, Any]:
    """A passed task's record, as `TaskRecord.to_json` writes it."""
    return {
        "task_id": task_id,
        "sites": ["shopping"],
        "intent": "a stand-in task",
        "intent_template_id": 1,
        "task_type": "RETRIEVE",
        "status": "scored",
        "score": 1.0,
        "error": None,
        "how": "stop",
        "response": None,
        "checks": [],
        "metrics": {},
        "attempts": attempt,
        "worker": worker,
        "started": "",
        "seconds": 0.1,
        "retries": retries,
    }
