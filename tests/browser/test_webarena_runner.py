"""`webagent webarena run` end to end: the demo shop posing as WebArena's `shopping` site,
the oracle model, real worker processes each with its own Chromium, official scoring.

The command runs as a subprocess, as a user runs it, so that it can be interrupted and
killed the way a user's run is.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from webagent.agent.recording import read_steps
from webagent.llm.server import ModelServer, start_model_server
from webagent.oracle.model import OracleModel
from webagent.runner.record import RECORD_FILE, TaskRecord, read_record
from webagent.safety import Secrets
from webagent.session.replay import replay
from webagent.sites import start_site
from webagent.sites.server import SiteServer

pytestmark = pytest.mark.slow  # end to end: `scripts/test --fast` leaves it out

ROOT = Path(__file__).parents[2]
TASKS = ROOT / "sites" / "demo_shop" / "tasks.json"
# a price, an order's total, a navigation, an add-to-cart, a purchase (Place Order), a wish list
SAMPLE = [1, 15, 27, 38, 47, 39]
PASSWORD = "Password.123"


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    folder = tmp_path_factory.mktemp("shop")
    with start_site("demo_shop", db=folder / "shop.sqlite", reset=True) as server:
        yield server


@pytest.fixture(scope="module")
def model() -> Iterator[ModelServer]:
    # a little latency per answer, so that a task lasts long enough to be killed in
    with start_model_server(answerer=OracleModel("demo_shop"), latency_ms=150) as server:
        yield server


def command(
    shop: SiteServer, model: ModelServer, out: Path, *args: str
) -> tuple[list[str], dict[str, str]]:
    argv = [
        sys.executable,
        "-m",
        "webagent",
        "webarena",
        "run",
        "--tasks",
        str(TASKS),
        "--out",
        str(out),
        "--model",
        "webagent-oracle",
        "--base-url",
        model.url,
        *args,
    ]
    env = {**os.environ, "WA_SHOPPING": shop.url}
    return argv, env


def run(
    shop: SiteServer, model: ModelServer, out: Path, *args: str
) -> subprocess.CompletedProcess[str]:
    argv, env = command(shop, model, out, *args)
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600, check=False)


# Ctrl-C as at a terminal: a test suite started in the background (`cmd &` in a script)
# ignores SIGINT, and the run would inherit that; this puts the default back, then becomes it.
INTERRUPTIBLE = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)


class Started:
    """A run going on in the background, its output going to files (pipes could fill up)."""

    def __init__(self, argv: list[str], env: dict[str, str], logs: Path) -> None:
        logs.mkdir(parents=True, exist_ok=True)
        self.stdout_path, self.stderr_path = logs / "stdout", logs / "stderr"
        with self.stdout_path.open("w") as stdout, self.stderr_path.open("w") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, "-c", INTERRUPTIBLE, *argv], env=env, stdout=stdout, stderr=stderr
            )

    def wait(self, timeout: float) -> str:
        """Its exit and its stderr."""
        self.process.wait(timeout)
        return self.stderr_path.read_text()


@pytest.fixture
def background(tmp_path: Path) -> Iterator[list[Started]]:
    started: list[Started] = []
    yield started
    for run_ in started:  # a failed test leaves nothing running
        if run_.process.poll() is None:
            run_.process.kill()
            run_.process.wait(30)


def start(
    started: list[Started], shop: SiteServer, model: ModelServer, out: Path, *args: str
) -> Started:
    argv, env = command(shop, model, out, *args)
    running = Started(argv, env, out.parent / f"logs-{len(started)}")
    started.append(running)
    return running


def records(out: Path) -> dict[int, TaskRecord]:
    found: dict[int, TaskRecord] = {}
    if not out.is_dir():
        return found
    for folder in out.iterdir():
        if folder.name.isdigit():
            record = read_record(out, int(folder.name))
            if record is not None:
                found[record.task_id] = record
    return found


def wait_for(condition: object, timeout: float = 120.0, running: Started | None = None) -> None:
    """Until `condition()` holds; a `running` run that ends first fails the wait with its
    stderr, so that a run that never got going says why."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        if running is not None and running.process.poll() is not None:
            raise AssertionError(f"the run ended first:\n{running.stderr_path.read_text()}")
        time.sleep(0.2)
    stderr = running.stderr_path.read_text() if running is not None else ""
    raise AssertionError(f"not within {timeout} s\n{stderr}")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for our purposes
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


def check_task_folder(folder: Path, record: TaskRecord) -> None:
    """Everything a scored task leaves in its folder."""
    assert record.passed
    assert record.attempts == 1
    response = json.loads((folder / "agent_response.json").read_text())
    assert set(response) == {"task_type", "status", "retrieved_data", "error_details"}
    assert response["status"] == "SUCCESS"
    har = json.loads((folder / "network.har").read_text())
    assert har["log"]["entries"], "the HAR holds the session's traffic"
    verdict = json.loads((folder / "eval_result.json").read_text())
    assert verdict["score"] == 1.0
    assert verdict["evaluators"]
    lines = [json.loads(s) for s in (folder / "trajectory.jsonl").read_text().splitlines()]
    steps = [line for line in lines if line["kind"] != "finish"]
    assert len(steps) == record.metrics.actions > 0
    assert all((folder / step["screenshot"]).is_file() for step in steps)
    assert all(step["observations"] for step in steps)  # what the model read first
    assert (folder / "screenshots" / "final.jpeg").is_file()
    assert (folder / "run.log").read_text().startswith("plan:")
    assert record.metrics.calls > 0
    assert record.seconds > 0


def check_replays(folder: Path) -> None:
    """A task's recording replays offline, step for step."""
    replayed = replay(folder)
    assert replayed.ok, replayed.divergence.report() if replayed.divergence else ""
    assert replayed.checked == len(read_steps(folder))


def worker_pids(out: Path) -> dict[str, dict[str, int | None]]:
    try:
        data: dict[str, dict[str, int | None]] = json.loads((out / "workers.json").read_text())
    except (OSError, ValueError):
        return {}
    return data


def test_two_workers_score_the_tasks_and_write_everything(
    shop: SiteServer, model: ModelServer, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    ids = ",".join(map(str, SAMPLE))
    recorded = tmp_path / "recorded"
    done = run(shop, model, out, "--task-ids", ids, "--workers", "2", "--record", str(recorded))
    assert done.returncode == 0, done.stderr
    assert f"{len(SAMPLE)} of {len(SAMPLE)} tasks passed" in done.stdout
    assert done.stderr.count("PASS") == len(SAMPLE)  # a progress line per task
    assert "ETA" in done.stderr

    found = records(out)
    assert sorted(found) == sorted(SAMPLE)
    assert {r.worker for r in found.values()} == {"w1", "w2"}
    for task_id, record in found.items():
        check_task_folder(out / str(task_id), record)
        assert (recorded / str(task_id) / "meta.json").is_file()  # --record's copy

    # signed in once per worker, not per task: the HARs hold no sign-in
    assert not any(
        "customer/account/loginPost" in (out / str(t) / "network.har").read_text() for t in SAMPLE
    )
    # the order was placed (task 47's purchase is scored from its HAR)
    assert "payment-information" in (out / "47" / "network.har").read_text()
    # the account's password is in no file the run wrote
    secrets = Secrets({"password": PASSWORD})
    leaked = [p for p in out.rglob("*") if p.is_file() and secrets.leaks(p.read_bytes())]
    assert not leaked

    check_replays(recorded / str(SAMPLE[0]))

    summary = json.loads((out / "summary.json").read_text())
    assert summary["passed"] == summary["finished"] == len(SAMPLE)
    assert summary["by_site"][0]["key"] == "shopping"
    assert (out / "report.html").is_file()
    run_info = json.loads((out / "run.json").read_text())
    assert run_info["task_ids"] == sorted(SAMPLE)
    assert run_info["workers"] == 2

    # a rerun into the same folder finds nothing left to do
    before = {t: (out / str(t) / RECORD_FILE).stat().st_mtime_ns for t in SAMPLE}
    again = run(shop, model, out, "--task-ids", ids, "--workers", "2")
    assert again.returncode == 0, again.stderr
    assert f"resuming: {len(SAMPLE)} of {len(SAMPLE)} tasks already finished" in again.stderr
    assert {t: (out / str(t) / RECORD_FILE).stat().st_mtime_ns for t in SAMPLE} == before

    # ... and refuses to continue it with other settings
    other = run(shop, model, out, "--task-ids", ids, "--mode", "react")
    assert other.returncode == 2
    assert (
        "holds a run with other settings (mode: 'devils-advocate' then, 'react' now)"
        in other.stderr
    )


def test_a_killed_run_resumes_without_redoing_finished_tasks(
    shop: SiteServer, model: ModelServer, tmp_path: Path, background: list[Started]
) -> None:
    out = tmp_path / "run"
    ids = "1,2,3,14,15"
    running = start(background, shop, model, out, "--task-ids", ids, "--screenshots", "none")
    wait_for(lambda: len(records(out)) >= 2, running=running)
    pids = [w["pid"] for w in worker_pids(out).values() if w["pid"]]
    running.process.send_signal(signal.SIGKILL)  # no chance to clean up
    running.wait(30)
    first = records(out)
    assert 2 <= len(first) < 5
    # the workers notice their parent is gone and stop, browsers and all
    wait_for(lambda: not any(alive(pid) for pid in pids), timeout=40)

    done = run(shop, model, out, "--task-ids", ids, "--screenshots", "none")
    assert done.returncode == 0, done.stderr
    assert f"resuming: {len(first)} of 5 tasks already finished" in done.stderr
    final = records(out)
    assert sorted(final) == [1, 2, 3, 14, 15]
    for task_id, record in first.items():
        assert final[task_id].started == record.started, f"task {task_id} was run again"
    assert all(r.passed for r in final.values())


def test_ctrl_c_stops_cleanly_and_a_rerun_goes_on(
    shop: SiteServer, model: ModelServer, tmp_path: Path, background: list[Started]
) -> None:
    out = tmp_path / "run"
    ids = "4,5,6,7"
    options = ("--task-ids", ids, "--workers", "2", "--screenshots", "none")
    running = start(background, shop, model, out, *options)
    wait_for(lambda: len(records(out)) >= 1, running=running)
    pids = [w["pid"] for w in worker_pids(out).values() if w["pid"]]
    running.process.send_signal(signal.SIGINT)
    stderr = running.wait(60)
    assert running.process.returncode == 130
    assert "interrupted" in stderr
    assert "run the same command to go on" in stderr
    assert not any(alive(pid) for pid in pids), "no worker outlives the run"
    summary = json.loads((out / "summary.json").read_text())
    assert summary["finished"] == len(records(out)) < 4
    assert summary["unfinished"]
    # an interrupted task keeps no record: it is not counted as failed, it is done again
    assert all(r.passed for r in records(out).values())

    done = run(shop, model, out, "--task-ids", ids, "--workers", "2", "--screenshots", "none")
    assert done.returncode == 0, done.stderr
    assert sorted(records(out)) == [4, 5, 6, 7]


def test_a_ray_worker_killed_mid_task_costs_only_that_task_which_is_retried(
    shop: SiteServer, model: ModelServer, tmp_path: Path, background: list[Started]
) -> None:
    """On Ray as with processes (tests/browser/test_runner_crash.py kills a process worker
    and another's browser)."""
    pytest.importorskip("ray", reason="the Ray backend is an optional extra")
    out = tmp_path / "run"
    ids = "10,11"  # one task per worker: one is killed, the other must cost nothing more
    options = ["--task-ids", ids, "--workers", "2", "--screenshots", "none", "--ray", "local"]
    running = start(background, shop, model, out, *options)
    victim: dict[str, int] = {}

    def busy_worker() -> bool:
        for worker in worker_pids(out).values():
            if worker["task"] is not None and worker["pid"]:
                victim.update(pid=int(worker["pid"]), task=int(worker["task"]))
                return True
        return False

    wait_for(busy_worker, timeout=300, running=running)  # Ray starts slowly on a busy machine
    time.sleep(1.0)  # well into the task
    if read_record(out, victim["task"]) is None:
        os.kill(victim["pid"], signal.SIGKILL)
    stderr = running.wait(300)
    assert running.process.returncode == 0, stderr
    final = records(out)
    assert sorted(final) == [10, 11]
    assert all(r.passed for r in final.values()), {t: r.error for t, r in final.items()}
    retried = {t for t, r in final.items() if r.attempts == 2}
    assert retried == {victim["task"]}
    assert f"task {victim['task']}: attempt 1 lost: " in stderr
    assert "retrying" in stderr
    (why,) = final[victim["task"]].retries  # the record says why it ran twice
    stdout = running.stdout_path.read_text()
    assert f"task {victim['task']}: retried once: {why}; passed" in stdout


def test_a_site_that_does_not_answer_stops_the_run_before_it_starts(
    model: ModelServer, tmp_path: Path
) -> None:
    argv = [
        sys.executable, "-m", "webagent", "webarena", "run", "--tasks", str(TASKS),
        "--out", str(tmp_path / "run"), "--model", "m", "--base-url", model.url,
    ]  # fmt: skip
    env = {**os.environ, "WA_SHOPPING": "http://127.0.0.1:9"}
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert "shopping: http://127.0.0.1:9 does not answer: connection refused" in done.stderr
    assert not list((tmp_path / "run").glob("*/record.json"))


def wishlist_rows(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT count(*) FROM wishlist_item").fetchone()[0])


def test_the_sites_are_reset_before_the_first_task_and_left_alone_when_all_are_done(
    model: ModelServer, tmp_path: Path
) -> None:
    """`--reset URL` (or WA_FULL_RESET): the demo shop's reset server stands in for
    webarena-setup's; what an earlier run changed is undone before a task runs."""
    with start_site("demo_shop", db=tmp_path / "shop.sqlite", reset=True) as shop:
        reset = shop.serve_reset()
        seed = wishlist_rows(shop.db)
        with sqlite3.connect(shop.db) as connection:  # an earlier run's change
            connection.execute("DELETE FROM wishlist_item")
        out = tmp_path / "run"
        args = ("--task-ids", "1", "--screenshots", "none", "--reset", reset + "/?token=t0p")
        done = run(shop, model, out, *args)
        assert done.returncode == 0, done.stderr
        assert f"resetting the sites through {reset}/ (" in done.stderr
        assert "t0p" not in done.stderr
        assert "the sites were reset in " in done.stderr
        assert wishlist_rows(shop.db) == seed
        assert records(out)[1].passed
        (reset_seen,) = json.loads((out / "run.json").read_text())["resets"]
        assert reset_seen["url"] == reset + "/"  # without a query: a token could be there
        assert reset_seen["seconds"] >= 0
        report = (out / "report.html").read_text()
        assert f"1 time, last at {reset_seen['at']} through {reset}/" in report

        with sqlite3.connect(shop.db) as connection:
            connection.execute("DELETE FROM wishlist_item")
        again = run(shop, model, out, *args)  # every task finished: nothing to reset for
        assert again.returncode == 0, again.stderr
        assert "resetting" not in again.stderr
        assert wishlist_rows(shop.db) == 0
        assert len(json.loads((out / "run.json").read_text())["resets"]) == 1


def test_a_reset_that_fails_stops_the_run_before_any_task(
    shop: SiteServer, model: ModelServer, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    done = run(shop, model, out, "--task-ids", "1", "--reset", "http://127.0.0.1:9/reset")
    assert done.returncode == 1
    assert "the sites' reset at http://127.0.0.1:9/reset failed: connection refused" in (
        done.stderr
    )
    assert not list(out.glob("*/record.json"))
    assert json.loads((out / "run.json").read_text())["resets"] == []
    assert "no: the sites were used as they were" in (out / "report.html").read_text()


def test_a_run_starts_no_task_once_its_budget_is_spent_and_a_rerun_goes_on(
    shop: SiteServer, model: ModelServer, tmp_path: Path
) -> None:
    """Priced as gpt-4o (the oracle answers whatever the model is called), one task spends
    more than a tenth of a cent: the other two wait for a rerun with a higher budget."""
    out = tmp_path / "run"
    args = ("--task-ids", "1,2,3", "--screenshots", "none", "--model", "gpt-4o")
    stopped = run(shop, model, out, *args, "--budget", "0.001")
    assert stopped.returncode == 3, stopped.stderr
    assert "budget reached: $" in stopped.stderr
    assert "spent of $0.001; 2 task(s) not started" in stopped.stderr
    assert "1 of 3 tasks finished; run again with a higher --budget" in stopped.stderr
    first = records(out)
    assert list(first) == [1]
    assert first[1].metrics.cost > 0.001
    summary = json.loads((out / "summary.json").read_text())
    assert summary["finished"] == 1
    assert summary["unfinished"] == [2, 3]  # the report says what is still to do

    again = run(shop, model, out, *args, "--budget", "0.001")  # still spent: nothing starts
    assert again.returncode == 3
    assert list(records(out)) == [1]

    done = run(shop, model, out, *args, "--budget", "100")
    assert done.returncode == 0, done.stderr
    final = records(out)
    assert sorted(final) == [1, 2, 3]
    assert final[1].started == first[1].started  # not run again
    assert all(record.passed for record in final.values())
