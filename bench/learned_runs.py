"""The real-app tasks run with the generic profile and with a learned one, side by side.

    .venv/bin/python bench/learned_runs.py RUNS_DIR

RUNS_DIR holds one folder per run, named ARM-TASK (`generic-wiki-read`,
`learned-tracker-change`), each with the run's `out/result.json` (`webagent run --out`).
TASK is a fixture's name without `real-` (fixtures/real-TASK): its recorded answer is what a
run's answer is checked against (the same items, in any order, case and spacing aside); a
change task (MUTATE) counts when the run says it succeeded, and its change is checked on
the app by hand (bench/LEARN.md says how). Printed: a table with, for each task and arm,
the outcome, actions and model calls, and the totals.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _normal(items: list[Any] | None) -> list[str]:
    return sorted(" ".join(str(item).lower().split()) for item in items or [])


def _outcome(result: dict[str, Any], expected: dict[str, Any]) -> str:
    answer = result.get("answer") or {}
    if answer.get("status") != "SUCCESS":
        return f"failed ({answer.get('status') or result.get('how')})"
    if expected.get("task_type") == "MUTATE":
        return "done"
    right = _normal(answer.get("retrieved_data")) == _normal(expected.get("retrieved_data"))
    return "right" if right else f"wrong: {answer.get('retrieved_data')}"


def _expected(task: str) -> dict[str, Any]:
    lines = (FIXTURES / f"real-{task}" / "trajectory.jsonl").read_text().splitlines()
    finish = json.loads(lines[-1])
    return dict(finish["answer"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", type=Path, help="folders ARM-TASK with out/result.json")
    args = parser.parse_args()
    table: dict[str, dict[str, tuple[str, int, int]]] = {}
    for folder in sorted(args.runs.iterdir()):
        result_path = folder / "out" / "result.json"
        if "-" not in folder.name or not result_path.is_file():
            continue
        arm, task = folder.name.split("-", 1)
        if not (FIXTURES / f"real-{task}").is_dir():
            print(f"skipped {folder}: no fixture real-{task} to check it against", file=sys.stderr)
            continue
        result = json.loads(result_path.read_text())
        outcome = _outcome(result, _expected(task))
        row = (outcome, int(result["metrics"]["actions"]), int(result["usage"]["calls"]))
        table.setdefault(task, {})[arm] = row
    arms = sorted({arm for row in table.values() for arm in row})
    print("| task | " + " | ".join(f"{arm}: outcome, actions, calls" for arm in arms) + " |")
    print("| --- |" + " --- |" * len(arms))
    totals = {arm: [0, 0, 0] for arm in arms}
    for task, row in sorted(table.items()):
        cells = []
        for arm in arms:
            if arm not in row:
                cells.append("-")
                continue
            outcome, actions, calls = row[arm]
            cells.append(f"{outcome}, {actions}, {calls}")
            totals[arm][0] += outcome in ("right", "done")
            totals[arm][1] += actions
            totals[arm][2] += calls
        print(f"| {task} | " + " | ".join(cells) + " |")
    shown = [f"{a} {t[0]}/{len(table)}, {t[1]} actions, {t[2]} calls" for a, t in totals.items()]
    print("| **all** | " + " | ".join(shown) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
