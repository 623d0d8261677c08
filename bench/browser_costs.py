"""What one browser operation costs in CPU time, across every process it runs in: the test
suite is bound by the machine's cores (README, development), so its time is the sum of such
costs, and a change to it is judged by them.

    .venv/bin/python bench/browser_costs.py                 # every operation, 20 times each
    .venv/bin/python bench/browser_costs.py --repeat 40 observe goto
    .venv/bin/python bench/browser_costs.py --arg=--renderer-process-limit=1 open

Each operation runs `--repeat` times against the demo shop's home page on loopback, with
webagent's own browser (`webagent.browser.launch`, as the product and the tests start it).
CPU time is read from /proc (Linux only) for this process and every process under it
(Playwright's driver, Chromium's browser, GPU, utility and renderer processes, the latter
counted through the zygote that reaps them once they exit), before and after, and divided
by the number of runs. The shop's server runs in a thread of this process: its share is in
"python". The operations:

- open: a new session (a browser context and its page) at the home page, settled, closed;
- open+observe: the same, and the page read whole once (the first read of a fresh renderer);
- goto: the home page again in the same tab, settled;
- observe: the page read as the model sees it (the viewport), again and again;
- observe-full: the page read whole;
- snapshot: Playwright's accessibility snapshot alone;
- evaluate: one tiny script evaluated in the page (a round trip).
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from webagent.browser import Browser, Tab, launch
from webagent.sites import start_site
from webagent.sites.risk import SiteJudge

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
OPERATIONS = ("open", "open+observe", "goto", "observe", "observe-full", "snapshot", "evaluate")


def kind(command: str) -> str:
    for role in ("renderer", "gpu-process", "utility", "zygote"):
        if f"--type={role}" in command:
            return "zygote (renderers)" if role == "zygote" else role
    if "chrom" in command.split(" ", 1)[0]:
        return "browser"
    return "driver" if "node" in command or "playwright" in command else "other"


def tree_cpu() -> collections.Counter[str]:
    """CPU seconds of every process under this one (with their reaped children's), by kind."""
    parents: dict[int, list[int]] = {}
    seconds: dict[int, float] = {}
    kinds: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        pid = int(entry.name)
        parents.setdefault(int(stat[1]), []).append(pid)
        seconds[pid] = sum(int(value) for value in stat[11:15]) / TICK
        kinds[pid] = kind(command)
    found: collections.Counter[str] = collections.Counter()
    stack = list(parents.get(os.getpid(), []))
    while stack:
        pid = stack.pop()
        found[kinds[pid]] += seconds[pid]
        stack.extend(parents.get(pid, []))
    times = os.times()
    found["python"] += times.user + times.system
    return found


def operation(name: str, browser: Browser, tab: Tab, url: str) -> Callable[[], object]:
    def fresh(observe: bool) -> None:
        session = browser.open(url, confirm="allow")
        if observe:
            session.observe(full_page=True)
        session.close()

    actions: dict[str, Callable[[], object]] = {
        "open": lambda: fresh(False),
        "open+observe": lambda: fresh(True),
        "goto": lambda: tab.goto(url),
        "observe": tab.observe,
        "observe-full": lambda: tab.observe(full_page=True),
        "snapshot": tab.snapshot,
        "evaluate": lambda: tab.page.evaluate("1"),
    }
    return actions[name]


def measure(names: list[str], repeat: int, args: tuple[str, ...]) -> list[str]:
    lines = [
        f"{'operation':<14} {'CPU ms':>7} {'wall ms':>8}  by process (CPU ms)",
    ]
    with tempfile.TemporaryDirectory() as folder:
        shop = start_site("demo_shop", db=Path(folder) / "shop.sqlite", reset=True)
        with shop, launch(headless=True, judge=SiteJudge, args=args) as browser:
            url = shop.url + "/"
            tab = browser.open(url, confirm="allow")
            tab.observe()
            for name in names:
                run = operation(name, browser, tab, url)
                run()  # once before measuring: caches, compiled code
                time.sleep(0.5)
                before, started = tree_cpu(), time.monotonic()
                for _ in range(repeat):
                    run()
                time.sleep(0.5)  # renderers of closed sessions exit and are reaped
                after = tree_cpu()
                wall = (time.monotonic() - started - 0.5) / repeat * 1000
                spent = {k: (after[k] - before[k]) / repeat * 1000 for k in after}
                total = sum(spent.values())
                parts = ", ".join(f"{k} {v:.0f}" for k, v in sorted(spent.items()) if v >= 0.5)
                lines.append(f"{name:<14} {total:7.0f} {wall:8.0f}  {parts}")
            tab.close()
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "operations", nargs="*", metavar="OPERATION", help=f"of {', '.join(OPERATIONS)} (all)"
    )
    parser.add_argument("--repeat", type=int, default=20, help="runs of each (default 20)")
    parser.add_argument(
        "--arg", action="append", default=[], help="an extra Chromium flag (repeatable)"
    )
    options = parser.parse_args(argv)
    if not Path("/proc/self/stat").exists():
        print("browser_costs.py reads CPU times from /proc: Linux only", file=sys.stderr)
        return 2
    unknown = [name for name in options.operations if name not in OPERATIONS]
    if unknown:
        parser.error(f"no operation {', '.join(unknown)}: choose among {', '.join(OPERATIONS)}")
    names = options.operations or list(OPERATIONS)
    for line in measure(names, max(1, options.repeat), tuple(options.arg)):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
