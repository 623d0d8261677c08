"""Runner throughput: `webagent webarena run` with 1 worker and with N, against the demo shop
and the oracle model answering after a fixed latency.

    .venv/bin/python bench/runner_throughput.py                      # 1 and 4 workers, 1 s
    .venv/bin/python bench/runner_throughput.py --compare-mutations  # 4 workers both ways
    .venv/bin/python bench/runner_throughput.py --workers 1,2 --task-ids 1-10 --output -

For each run: a fresh demo shop (`webagent sites serve --reset`, a new database: every run
starts from the seed state) and the oracle model server (`webagent llm serve --oracle
demo_shop --latency-ms L`), each in a process of its own, then the real CLI in a subprocess,
timed from its start to its exit. Throughput is finished tasks per minute; the speed-up is a
run's throughput over the first run's (1 worker by default). The issue's target: 4 workers
at least 3x one worker.

Besides the headline it reports where the time goes, from the task records (each one's
`seconds`, model calls and the file's time of writing): the start-up before the first task,
how many tasks ran at once, the chain of tasks that change the site (they take turns unless
`--parallel-mutations`), the seconds per task beyond the model's latency, and the CPU time
of the runner's processes, the site and the model server against the machine's.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import json
import os
import platform
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sections import replace_section  # bench/sections.py, next to this script

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
TASKS_FILE = REPO / "sites" / "demo_shop" / "tasks.json"
SECTION = "runner-throughput"
TARGET_WORKERS, TARGET_SPEEDUP = 4, 3.0
RUN_TIMEOUT = 3 * 3600  # seconds: one `webagent webarena run` at most
READY_TIMEOUT = 60  # seconds for a server to answer
MIN_SPAN = 1.0  # seconds: shorter overlaps of task times are the clocks' imprecision


@dataclass(frozen=True, slots=True)
class Config:
    """One run: how many workers, and whether tasks that change the site may overlap."""

    workers: int
    parallel_mutations: bool

    @property
    def label(self) -> str:
        if self.workers == 1:
            return "1 worker"
        how = "mutations in parallel" if self.parallel_mutations else "mutations take turns"
        return f"{self.workers} workers, {how}"


@dataclass(frozen=True, slots=True)
class Task:
    """What a task's record says, placed on the run's clock (seconds from the CLI's start)."""

    task_id: int
    kind: str  # RETRIEVE | MUTATE | NAVIGATE
    passed: bool
    error: str | None
    worker: str
    seconds: float
    calls: int
    start: float
    end: float
    locks: frozenset[str] = frozenset()  # what it holds while it runs when tasks take turns


@dataclass(slots=True)
class Run:
    """One run's measurements."""

    config: Config
    wall: float = 0.0
    exit_code: int | None = None
    finished: int = 0
    passed: int = 0
    tasks: list[Task] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)  # runner, servers (site + model): CPU s
    machine_busy: float = 0.0  # share of all CPUs busy during the run (everything running)
    load: tuple[float, float] = (0.0, 0.0)
    odd_lines: list[str] = field(default_factory=list)  # stderr lines other than progress

    @property
    def per_minute(self) -> float:
        return self.finished / self.wall * 60 if self.wall else 0.0


# -- servers and the run -------------------------------------------------------------------
def webagent_command() -> list[str]:
    beside = Path(sys.executable).parent / "webagent"
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "webagent"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until_up(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{url}: the server exited ({process.returncode})")
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2):
            return
        time.sleep(0.2)
    raise SystemExit(f"{url} did not answer within {READY_TIMEOUT} s")


@contextlib.contextmanager
def serve(args: list[str], probe: str, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A server process (`webagent ...args`), up when `probe` answers; stopped with SIGINT."""
    with log.open("wb") as out:
        process = subprocess.Popen([*webagent_command(), *args], stdout=out, stderr=out)
        try:
            wait_until_up(probe, process)
            yield process
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def children_cpu() -> float:
    """User + system CPU seconds of this process's waited-for descendants so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def machine_ticks() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine since boot, from /proc/stat."""
    with open("/proc/stat", encoding="ascii") as stat:
        values = [int(v) for v in stat.readline().split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values) - idle, sum(values)


def run_command(config: Config, args: argparse.Namespace, out: Path, model_url: str) -> list[str]:
    command = [
        *webagent_command(),
        "webarena",
        "run",
        "--tasks",
        str(args.tasks),
        "--out",
        str(out),
        "--workers",
        str(config.workers),
        "--model",
        "webagent-oracle",
        "--base-url",
        model_url,
        "--screenshots",
        "none",
    ]
    if args.task_ids:
        command += ["--task-ids", args.task_ids]
    if config.parallel_mutations:
        command.append("--parallel-mutations")
    return command


def measure(config: Config, args: argparse.Namespace, folder: Path) -> Run:
    """Start a fresh shop and the model server, run the CLI, read what it wrote."""
    folder.mkdir(parents=True)
    run = Run(config)
    shop_port, model_port = free_port(), free_port()
    shop_url, model_url = f"http://127.0.0.1:{shop_port}", f"http://127.0.0.1:{model_port}/v1"
    shop = ["sites", "serve", "demo_shop", "--port", str(shop_port)]
    shop += ["--db", str(folder / "shop.sqlite"), "--reset"]
    model = ["llm", "serve", "--oracle", "demo_shop", "--latency-ms", str(args.latency_ms)]
    model += ["--port", str(model_port), "--quiet"]
    cpu_at_start = children_cpu()
    with (
        serve(shop, shop_url, folder / "shop.log"),
        serve(model, f"{model_url}/models", folder / "model.log"),
    ):
        command = run_command(config, args, folder / "out", model_url)
        env = {**os.environ, "WA_SHOPPING": shop_url}
        log(f"{config.label}: {' '.join(command[1:])}")
        run.load = (os.getloadavg()[0], 0.0)
        cpu_before, ticks_before = children_cpu(), machine_ticks()
        started, epoch = time.monotonic(), time.time()
        with (folder / "stdout.txt").open("wb") as stdout:
            process = subprocess.Popen(command, env=env, stdout=stdout, stderr=subprocess.PIPE)
            stderr_lines: list[str] = []
            reader = threading.Thread(target=_echo, args=(process, stderr_lines), daemon=True)
            reader.start()
            try:
                process.wait(timeout=RUN_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        run.wall = time.monotonic() - started
        reader.join()
        run.exit_code = process.returncode
        busy_after, total_after = machine_ticks()
        run.machine_busy = (busy_after - ticks_before[0]) / max(1, total_after - ticks_before[1])
        run.cpu["runner"] = children_cpu() - cpu_before
        run.load = (run.load[0], os.getloadavg()[0])
    run.cpu["servers"] = children_cpu() - cpu_at_start - run.cpu["runner"]
    (folder / "stderr.txt").write_text("".join(stderr_lines), encoding="utf-8")
    run.odd_lines = [
        line.rstrip() for line in stderr_lines if line.strip() and not _progress_line(line)
    ]
    summary = json.loads((folder / "out" / "summary.json").read_text(encoding="utf-8"))
    run.finished, run.passed = summary["finished"], summary["passed"]
    run.tasks = read_tasks(folder / "out", epoch, task_locks(args.tasks))
    measured = json.dumps(dataclasses.asdict(run), indent=1, default=sorted)
    (folder / "measured.json").write_text(measured, encoding="utf-8")
    return run


def _echo(process: subprocess.Popen[bytes], lines: list[str]) -> None:
    """Pass the run's stderr (its progress lines) through, and keep it."""
    assert process.stderr is not None
    for raw in process.stderr:
        line = raw.decode("utf-8", "replace")
        lines.append(line)
        sys.stderr.write("    " + line)
        sys.stderr.flush()


def _progress_line(line: str) -> bool:
    return line.lstrip().startswith("[") and " task " in line


def task_locks(tasks_file: Path) -> dict[int, frozenset[str]]:
    """Each task's locks as the runner takes them (`webagent.runner.conflicts`)."""
    from webagent.runner.conflicts import task_locks as locks_of
    from webagent.webarena import load_tasks

    return {task.task_id: locks_of(task) for task in load_tasks(tasks_file)}


def read_tasks(out: Path, epoch: float, locks: dict[int, frozenset[str]]) -> list[Task]:
    """Every task record of a run, timed from when the CLI started (`epoch`)."""
    tasks = []
    for path in sorted(out.glob("*/record.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        end = path.stat().st_mtime - epoch  # the record is the task's last file
        tasks.append(
            Task(
                task_id=record["task_id"],
                kind=record["task_type"],
                passed=bool(record.get("passed")),
                error=record.get("error"),
                worker=record.get("worker") or "?",
                seconds=record["seconds"],
                calls=record["metrics"]["calls"],
                start=end - record["seconds"],
                end=end,
                locks=locks.get(record["task_id"], frozenset()),
            )
        )
    return tasks


# -- what the numbers say ------------------------------------------------------------------
def concurrency(tasks: Sequence[Task], wall: float) -> dict[int, float]:
    """Seconds of the run during which k tasks were running, for each k."""
    events = sorted([(t.start, 1) for t in tasks] + [(t.end, -1) for t in tasks])
    spans: dict[int, float] = {}
    running, at = 0, 0.0
    for when, change in [*events, (wall, 0)]:
        moment = min(max(when, 0.0), wall)
        spans[running] = spans.get(running, 0.0) + max(0.0, moment - at)
        at, running = max(at, moment), running + change
    return spans


def analysis(run: Run, latency: float) -> dict[str, str]:
    """The figures that explain a run's wall time (see the module docstring)."""
    tasks = run.tasks
    if not tasks:
        return {}
    workers = run.config.workers
    busy = sum(t.seconds for t in tasks)
    beyond = [t.seconds - t.calls * latency for t in tasks]
    mutate = [t for t in tasks if t.kind.upper() == "MUTATE"]
    first_by_worker = sorted(
        min(t.start for t in tasks if t.worker == w) for w in {t.worker for t in tasks}
    )
    spans = concurrency(tasks, run.wall)
    shares = ", ".join(
        f"{k}: {span / run.wall:.0%}"
        for k, span in sorted(spans.items())
        if span >= MIN_SPAN and span / run.wall >= 0.005
    )
    chain_lock, chain = longest_chain(tasks)
    chain_seconds = sum(t.seconds for t in chain)
    calls = sum(t.calls for t in tasks)
    cores = os.cpu_count() or 1
    ours = sum(run.cpu.values())
    return {
        "start-up (CLI start to first task start; each worker's first task)": (
            f"{first_by_worker[0]:.1f} s; " + ", ".join(f"{s:.1f}" for s in first_by_worker) + " s"
        ),
        "end (last record to exit)": f"{run.wall - max(t.end for t in tasks):.1f} s",
        "workers busy (sum of task seconds / workers x wall)": (
            f"{busy / (workers * run.wall):.0%} ({busy:.0f} s of task time)"
        ),
        "share of the wall time with k tasks running": shares,
        "model calls; their latency alone": (
            f"{calls} ({calls / len(tasks):.1f} per task); {calls * latency:.0f} s"
        ),
        "seconds per task beyond the model's latency (mean, median)": (
            f"{statistics.mean(beyond):.1f}, {statistics.median(beyond):.1f}"
        ),
        "tasks that change the site: count, their seconds, most running at once": (
            f"{len(mutate)}, {sum(t.seconds for t in mutate):.0f} s, {concurrency_peak(mutate)}"
        ),
        "longest chain that must take turns (the runner's locks): lock, tasks, seconds": (
            f"{chain_lock}, {len(chain)}, {chain_seconds:.0f} s" if chain else "none"
        ),
        "wall time floors: start-up + task time / workers; start-up + that chain": (
            f"{first_by_worker[0] + busy / workers:.0f} s; "
            f"{first_by_worker[0] + chain_seconds:.0f} s (binding only when tasks take turns)"
        ),
        "CPU seconds: runner (CLI, workers, Chromium), site + model servers": (
            f"{run.cpu.get('runner', 0):.0f}, {run.cpu.get('servers', 0):.0f} "
            f"= {ours / (cores * run.wall):.0%} of {cores} CPUs over the wall time"
        ),
        "whole machine busy during the run (all processes)": f"{run.machine_busy:.0%}",
    }


def concurrency_peak(tasks: Sequence[Task]) -> int:
    """The most of `tasks` running at once for at least `MIN_SPAN` seconds in all."""
    spans = concurrency(tasks, max((t.end for t in tasks), default=0.0))
    return max((k for k, span in spans.items() if span >= MIN_SPAN), default=0)


def longest_chain(tasks: Sequence[Task]) -> tuple[str, list[Task]]:
    """The lock whose holders (and whole-site holders) take the longest one after another."""
    best: tuple[str, list[Task]] = ("", [])
    for lock in {lock for task in tasks for lock in task.locks}:
        site = lock.partition(":")[0]
        whole = f"{site}:*"
        chain = [t for t in tasks if lock in t.locks or whole in t.locks]
        if lock == whole:
            chain = [t for t in tasks if any(k.startswith(f"{site}:") for k in t.locks)]
        if sum(t.seconds for t in chain) > sum(t.seconds for t in best[1]):
            best = (lock, chain)
    return best


def verdicts(runs: Sequence[Run]) -> list[str]:
    base = runs[0].per_minute if runs else 0.0
    lines = []
    for run in runs:
        if run.config.workers != TARGET_WORKERS or not base:
            continue
        speedup = run.per_minute / base
        verdict = "PASS" if speedup >= TARGET_SPEEDUP else "FAIL"
        lines.append(
            f"**{verdict}**: {run.config.label}: {speedup:.2f}x the throughput of "
            f"{runs[0].config.label} (target >= {TARGET_SPEEDUP:g}x)"
        )
    return lines


# -- output --------------------------------------------------------------------------------
def table(runs: Sequence[Run]) -> list[str]:
    base = runs[0].per_minute if runs else 0.0
    rows = [
        "| run | tasks | passed | wall time | tasks/min | speed-up | mean s/task |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for run in runs:
        mean = statistics.mean(t.seconds for t in run.tasks) if run.tasks else 0.0
        speedup = f"{run.per_minute / base:.2f}x" if base else "-"
        rows.append(
            f"| {run.config.label} | {run.finished} | {run.passed} | {run.wall:.0f} s "
            f"| {run.per_minute:.2f} | {speedup} | {mean:.1f} |"
        )
    return rows


def section(runs: Sequence[Run], args: argparse.Namespace, info: dict[str, str]) -> str:
    latency = args.latency_ms / 1000
    out = ["# WebArena runner throughput\n"]
    out.append(
        "Written by `bench/runner_throughput.py`; rerun it to refresh this section. The "
        f"issue's target: with {TARGET_WORKERS} workers and a scripted model answering in 1 s, "
        f"throughput >= {TARGET_SPEEDUP:g}x that of one worker.\n"
    )
    out += [*verdicts(runs), ""] if verdicts(runs) else []
    out.append("## Reproduce\n")
    out.append(f"```\n{info.pop('command')}\n```\n")
    out.append("Each run is, with a fresh shop and model server on free ports:\n")
    out.append(
        "```\n"
        "webagent sites serve demo_shop --port SHOP --db RUN/shop.sqlite --reset\n"
        f"webagent llm serve --oracle demo_shop --latency-ms {args.latency_ms} --port MODEL "
        "--quiet\n"
        "WA_SHOPPING=http://127.0.0.1:SHOP webagent webarena run --tasks "
        "sites/demo_shop/tasks.json --out RUN/out --workers N --model webagent-oracle "
        "--base-url http://127.0.0.1:MODEL/v1 --screenshots none [--parallel-mutations]\n"
        "```\n"
    )
    out.append("## Machine\n")
    out.extend(f"- {key}: {value}" for key, value in info.items())
    out.append("\n## Results\n")
    out.append(
        "Wall time: from starting `webagent webarena run` to its exit (worker and browser "
        "start-up, sign-in, the tasks, the reports). Tasks/min: finished tasks over the wall "
        "time. Speed-up: over the first row. Mean s/task: each task record's `seconds`.\n"
    )
    out += table(runs)
    out.append("\n## Where the time goes\n")
    for run in runs:
        out.append(f"### {run.config.label}\n")
        out.append(f"- load average (1 min) before / after: {run.load[0]:.2f} / {run.load[1]:.2f}")
        out.extend(f"- {key}: {value}" for key, value in analysis(run, latency).items())
        failed = [t for t in run.tasks if not t.passed]
        if failed:
            out.append(
                "- not passed: "
                + ", ".join(
                    f"{t.task_id} ({t.kind.lower()}{': ' + t.error[:80] if t.error else ''})"
                    for t in failed
                )
            )
        if run.exit_code:
            out.append(f"- `webagent webarena run` exited {run.exit_code}")
        if run.odd_lines:
            out.append("- stderr lines other than progress lines:")
            out.extend(f"  - `{line[:200]}`" for line in run.odd_lines[:10])
        out.append("")
    return "\n".join(out)


def machine_info(
    command: str, load_before: float, elapsed: float, code_before: str
) -> dict[str, str]:
    cpu = "unknown model"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "command": command,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "CPUs": f"{os.cpu_count()} ({cpu})",
        "OS": platform.platform(),
        "Python": platform.python_version(),
        "webagent": code_before
        if code_before == git_state()
        else (f"at the start {code_before}; at the end {git_state()}"),
        "wall time of this benchmark": f"{elapsed:.0f} s",
        "load average (1 min) before / after the benchmark": (
            f"{load_before:.2f} / {os.getloadavg()[0]:.2f} (other work on the machine skews times)"
        ),
    }


def git_state() -> str:
    """The commit, and the files under webagent/ that differ from it (others edit them)."""

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(REPO), *args], capture_output=True, text=True, check=False
        )
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD")
    if not commit:
        return "not a git checkout"
    status = git("status", "--porcelain", "--", "webagent").splitlines()
    dirty = [line.split(maxsplit=1)[-1] for line in status]
    return f"commit {commit}" + (f" + uncommitted changes in {', '.join(dirty)}" if dirty else "")


def log(text: str) -> None:
    print(f"runner_throughput: {text}", file=sys.stderr, flush=True)


# -- command line --------------------------------------------------------------------------
def configs(args: argparse.Namespace) -> list[Config]:
    counts = [int(part) for part in args.workers.split(",") if part.strip()]
    if not counts or min(counts) < 1:
        raise SystemExit("--workers takes counts of at least 1, e.g. 1,4")
    runs = [Config(n, args.parallel_mutations) for n in counts]
    if args.compare_mutations:
        runs += [Config(n, True) for n in counts if n > 1]
    return runs


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--workers", default="1,4", help="worker counts, the first is the base (default 1,4)"
    )
    parser.add_argument(
        "--latency-ms", type=int, default=1000, help="the model's delay per answer (default 1000)"
    )
    parser.add_argument("--task-ids", help="only these demo-shop tasks, e.g. 1-10 (default all)")
    parser.add_argument("--tasks", type=Path, default=TASKS_FILE, help=argparse.SUPPRESS)
    parser.add_argument(
        "--parallel-mutations",
        action="store_true",
        help="pass --parallel-mutations to every run (tasks changing the site may overlap)",
    )
    parser.add_argument(
        "--compare-mutations",
        action="store_true",
        help="also run each count above 1 with --parallel-mutations (1 worker runs once)",
    )
    parser.add_argument(
        "--output",
        default=str(BENCH_DIR / "RESULTS.md"),
        help="Markdown file whose runner-throughput section is replaced (default "
        "bench/RESULTS.md; '-': only print)",
    )
    parser.add_argument("--keep", type=Path, help="keep each run's folder (out, logs) here")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    plan = configs(args)
    started, load_before, code_before = time.monotonic(), os.getloadavg()[0], git_state()
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="webagent-throughput-") as temp:
        root = args.keep or Path(temp)
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        for n, config in enumerate(plan, 1):
            folder = root / f"{stamp}-{n}-w{config.workers}"
            folder = folder.with_name(folder.name + ("-par" if config.parallel_mutations else ""))
            runs.append(measure(config, args, folder))
            log(f"{config.label}: {runs[-1].finished} tasks in {runs[-1].wall:.0f} s")
    given = list(sys.argv[1:] if argv is None else argv)
    kept = [a for i, a in enumerate(given) if a != "--keep" and given[i - 1 : i] != ["--keep"]]
    command = " ".join([".venv/bin/python bench/runner_throughput.py", *kept])
    info = machine_info(command, load_before, time.monotonic() - started, code_before)
    text = section(runs, args, info)
    print("\n".join(table(runs)))
    for line in verdicts(runs):
        print(line.replace("**", ""))
    if args.output != "-":
        replace_section(Path(args.output), SECTION, text)
        log(f"wrote the {SECTION} section of {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
