"""How much browser work each test file does: sessions opened, pages loaded, actions, page
reads, screenshots and Chromium launches, counted in every pytest worker. The suite is bound
by the machine's cores (README, development) and most of its CPU goes to such operations
(`bench/browser_costs.py` prices each), so these counts say where its time goes and which
files a change to a test's set-up would cut.

    # count, during a whole run (a pytest plugin: it wraps `Browser.open` and the `Tab`
    # methods in each worker and writes one JSON file per worker when it ends)
    WEBAGENT_SUITE_OPS=/tmp/ops PYTHONPATH=bench .venv/bin/pytest -p suite_ops -n 4 --dist loadgroup
    # then the table, costliest files first
    .venv/bin/python bench/suite_ops.py /tmp/ops

Only the pytest workers' own browsers are counted: the commands a test starts as
subprocesses (`webagent webarena run`, `webagent demo`) are not. The table's "estimate" prices
each operation with the demo shop's costs from `bench/browser_costs.py` (a session 0.55 CPU-s,
a page load 0.3, an action 0.3, a read 0.09, a launch 0.9): a rough ranking, not a
measurement.
"""

from __future__ import annotations

import collections
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

OPERATIONS = ("launch", "open", "goto", "act", "observe", "screenshot")
PRICE = {"launch": 0.9, "open": 0.55, "goto": 0.3, "act": 0.3, "observe": 0.09, "screenshot": 0.05}
"""CPU-seconds of each operation on the demo shop (README, development: browser costs)."""

_counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
_current = ["(set-up)"]


def _counted(owner: Any, method: str, key: str) -> None:
    original: Callable[..., Any] = getattr(owner, method)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _counts[_current[0]][key] += 1
        return original(*args, **kwargs)

    setattr(owner, method, wrapper)


def pytest_configure(config: Any) -> None:
    from webagent.browser import driver
    from webagent.browser.tab import Tab

    _counted(driver.Browser, "__init__", "launch")
    _counted(driver.Browser, "open", "open")
    for method in ("goto", "act", "observe", "screenshot"):
        _counted(Tab, method, method)


def pytest_runtest_protocol(item: Any, nextitem: Any) -> None:
    _current[0] = item.nodeid.split("::")[0]


def pytest_sessionfinish(session: Any) -> None:
    folder = Path(os.environ.get("WEBAGENT_SUITE_OPS", "suite-ops"))
    folder.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    if worker == "main" and not any(_counts.values()):
        return  # the controller of a parallel run: its workers did the work
    (folder / f"{worker}-{os.getpid()}.json").write_text(json.dumps(_counts, indent=1))


def summary(folder: Path) -> list[str]:
    """The table of every worker's counts in `folder`, costliest files first."""
    files: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for path in sorted(folder.glob("*.json")):
        for name, counts in json.loads(path.read_text()).items():
            files[name].update(counts)
    if not files:
        raise SystemExit(f"no counts in {folder}: run the suite with -p suite_ops first")

    def estimate(counts: collections.Counter[str]) -> float:
        # a session's first page load is part of its price
        loads = max(0, counts["goto"] - counts["open"])
        return sum(PRICE[op] * counts[op] for op in OPERATIONS if op != "goto") + 0.3 * loads

    header = "| file | " + " | ".join(OPERATIONS) + " | estimate (CPU-s) |"
    lines = [header, "| --- |" + " ---: |" * (len(OPERATIONS) + 1)]
    total: collections.Counter[str] = collections.Counter()
    for name in sorted(files, key=lambda n: -estimate(files[n])):
        counts = files[name]
        total.update(counts)
        cells = " | ".join(str(counts[op]) for op in OPERATIONS)
        lines.append(f"| `{name}` | {cells} | {estimate(counts):.0f} |")
    cells = " | ".join(f"**{total[op]}**" for op in OPERATIONS)
    lines.append(f"| **all** | {cells} | **{estimate(total):.0f}** |")
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    try:
        for line in summary(Path(argv[0])):
            print(line)
    except BrokenPipeError:  # `| head`: the reader has all it wants
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
