"""Where the test suite's CPU goes: each test file run alone in a control group of its own,
so that every process it starts (Chromium's, Playwright's driver, the runner's workers, the
servers) is counted, whatever the machine's load.

    sudo .venv/bin/python bench/suite_cpu.py --json /tmp/suite-cpu.json   # every file
    sudo .venv/bin/python bench/suite_cpu.py tests/browser/test_redteam.py

Needs a writable cgroup `cpuacct` hierarchy (v1: /sys/fs/cgroup/cpuacct) or cgroup v2
(/sys/fs/cgroup with the cpu controller), as root in a container does. Files run in
`--lanes` parallel lanes (2: the machine's cores), biggest file first. Each file is its own
pytest session, so its session fixtures (a browser, a shop) are started once per file rather
than once per xdist worker: small files cost a few seconds more than in the suite. Prints a
table by CPU seconds; the figures are in the README's development section.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import queue
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
V1 = Path("/sys/fs/cgroup/cpuacct")
V2 = Path("/sys/fs/cgroup")


def new_group() -> tuple[Path, str]:
    """A fresh control group and the file that tells its CPU use."""
    name = f"webagent-suite-{uuid.uuid4().hex[:8]}"
    if (V1 / "cpuacct.usage").is_file():
        group = V1 / name
        group.mkdir()
        return group, "cpuacct.usage"
    if (V2 / "cgroup.controllers").is_file():
        group = V2 / name
        group.mkdir()
        return group, "cpu.stat"
    raise SystemExit("no cgroup cpuacct (v1) or cgroup v2 hierarchy here: run on Linux as root")


def cpu_seconds(group: Path, counter: str) -> float:
    text = (group / counter).read_text()
    if counter == "cpu.stat":  # v2: usage_usec
        usage = dict(line.split() for line in text.splitlines())
        return int(usage["usage_usec"]) / 1e6
    return int(text) / 1e9


def measure(path: str) -> dict[str, object]:
    group, counter = new_group()
    started = time.monotonic()
    # the shell joins the group first, then becomes pytest: every descendant is in it
    done = subprocess.run(
        [
            "sh",
            "-c",
            f'echo $$ > "{group}/cgroup.procs" && exec "$@"',
            "sh",
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            path,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.monotonic() - started
    cpu = cpu_seconds(group, counter)
    with contextlib.suppress(OSError):  # a process left behind keeps it; harmless
        group.rmdir()
    lines = [line for line in done.stdout.splitlines() if " in " in line and "passed" in line]
    return {
        "file": path,
        "cpu": round(cpu, 1),
        "wall": round(wall, 1),
        "exit": done.returncode,
        "summary": lines[-1] if lines else done.stdout[-300:],
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[0],
        epilog="example: sudo .venv/bin/python bench/suite_cpu.py --lanes 2 --json cpu.json",
    )
    parser.add_argument("paths", nargs="*", help="test files (default: every tests/**/test_*.py)")
    parser.add_argument("--lanes", type=int, default=2, help="files run at once (default 2)")
    parser.add_argument("--json", type=Path, help="write the results here too")
    args = parser.parse_args()
    paths = args.paths or sorted(
        (str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*.py")),
        key=lambda p: -(ROOT / p).stat().st_size,
    )
    new_group()[0].rmdir()  # fail now, not after the first file, where there are no groups
    todo: queue.Queue[str] = queue.Queue()
    for path in paths:
        todo.put(path)
    results: list[dict[str, object]] = []
    lock = threading.Lock()

    def lane() -> None:
        while True:
            try:
                path = todo.get_nowait()
            except queue.Empty:
                return
            result = measure(path)
            with lock:
                results.append(result)
                print(f"{result['cpu']:8} CPU-s {result['wall']:7} s  {path}", flush=True)

    lanes = [threading.Thread(target=lane) for _ in range(max(1, args.lanes))]
    for thread in lanes:
        thread.start()
    for thread in lanes:
        thread.join()
    results.sort(key=lambda r: -float(str(r["cpu"])))
    total = sum(float(str(r["cpu"])) for r in results)
    print("\n| file | CPU-s | share |\n| --- | ---: | ---: |")
    for result in results:
        cpu = float(str(result["cpu"]))
        print(f"| `{result['file']}` | {cpu:.0f} | {cpu / total:.0%} |")
    print(f"| **all {len(results)} files** | {total:.0f} | |")
    failed = [r["file"] for r in results if r["exit"] != 0]
    if failed:
        print(f"\nfailed or errored: {', '.join(map(str, failed))}", file=sys.stderr)
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
