"""`webagent webarena run --dry-run`: the selected tasks with their URLs resolved, and which
sites answer, without a browser or a model."""

from __future__ import annotations

import http.server
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from webagent.agent.metrics import TaskMetrics
from webagent.cli import main
from webagent.runner.record import TaskRecord, write_record

DEMO_TASKS = str(Path(__file__).parents[2] / "sites" / "demo_shop" / "tasks.json")
VARIABLES = ("WA_SHOPPING", "WA_SHOPPING_ADMIN", "WA_REDDIT", "WA_GITLAB", "WA_WIKIPEDIA", "WA_MAP")


TASK_LINE = re.compile(r"^ {0,3}\d+  \S")


class _Quiet(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def site() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(autouse=True)
def no_sites(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (*VARIABLES, "WA_HOMEPAGE", "WA_FULL_RESET"):
        monkeypatch.delenv(name, raising=False)


def test_dry_run_lists_all_812_tasks_and_reports_sites_that_cannot_be_used(
    site: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WA_SHOPPING", site)
    monkeypatch.setenv("WA_GITLAB", "http://127.0.0.1:9")  # nobody listens there
    code = main(["webarena", "run", "--tasks", "webarena-verified", "--dry-run"])
    out, err = capsys.readouterr()
    assert code == 1
    lines = out.splitlines()
    task_lines = [line for line in lines if TASK_LINE.match(line)]
    assert len(task_lines) == 812
    assert "812 tasks on 6 sites" in out
    shopping = [line for line in task_lines if "  shopping  " in f"{line} "]
    assert shopping
    assert all(site in line for line in shopping)
    assert f"shopping        ok: {site} (HTTP 200" in out
    assert "gitlab          UNREACHABLE: http://127.0.0.1:9 (connection refused)" in out
    assert "reddit          NOT SET: WA_REDDIT (or --config)" in out
    # gitlab refuses; shopping_admin, reddit, wikipedia and map are not set
    assert "5 site(s) cannot be used: their tasks would fail" in err


def test_dry_run_resolves_every_placeholder_when_all_sites_are_set(
    site: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in VARIABLES:
        monkeypatch.setenv(name, site)
    code = main(["webarena", "run", "--tasks", "webarena-verified", "--dry-run", "--sites",
                 "map,wikipedia"])  # fmt: skip
    out, _ = capsys.readouterr()
    assert code == 0
    task_lines = [line for line in out.splitlines() if TASK_LINE.match(line)]
    assert len(task_lines) == 109 + 16 + 1  # map, wikipedia+map, map+wikipedia
    assert not any("__MAP__" in line or "__WIKIPEDIA__" in line for line in task_lines)
    assert "126 tasks on 2 sites" in out


def test_dry_run_says_whether_the_sites_would_be_reset_and_does_not_reset_them(
    site: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WA_SHOPPING", site)
    dry = ["webarena", "run", "--tasks", DEMO_TASKS, "--task-ids", "1", "--dry-run"]
    assert main(dry) == 0
    assert "no reset: the sites are used as they are" in capsys.readouterr().out

    reset = "http://127.0.0.1:9/reset"  # nobody listens: a dry run must not call it
    monkeypatch.setenv("WA_FULL_RESET", reset)
    assert main(dry) == 0
    out = capsys.readouterr().out
    assert f"the sites would be reset through {reset} before the first task (not now)" in out
    assert main([*dry, "--no-reset"]) == 0
    assert "no reset: the sites are used as they are" in capsys.readouterr().out
    assert main([*dry, "--reset", "ftp://wa/reset"]) == 2
    assert "--reset must be an http(s):// URL" in capsys.readouterr().err


def test_bad_input_is_a_clear_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    cases = {
        ("--tasks", "nowhere.json", "--out", "x"): "no task file at nowhere.json",
        ("--tasks", DEMO_TASKS, "--task-ids", "1,x"): "task ids look like",
        ("--tasks", DEMO_TASKS, "--shard", "3/2", "--dry-run"): "--shard K/N needs",
        ("--tasks", DEMO_TASKS): "--out DIR is required",
        ("--tasks", DEMO_TASKS, "--task-ids", "9999", "--dry-run"): "no task(s) 9999",
        ("--tasks", DEMO_TASKS, "--out", "x", "--profile", "no/such.toml"): (
            "no profile file at no/such.toml"
        ),
        ("--tasks", DEMO_TASKS, "--out", "x", "--profile", "nosuchsite"): (
            "no profile for site 'nosuchsite'"
        ),
    }
    for args, message in cases.items():
        assert main(["webarena", "run", *args]) == 2, args
        assert message in capsys.readouterr().err


def test_a_malformed_task_file_names_the_task_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "tasks.json"
    bad.write_text('[{"task_id": 3, "sites": ["shopping"]}]')
    assert main(["webarena", "run", "--tasks", str(bad), "--dry-run"]) == 2
    assert "task_id 3" in capsys.readouterr().err


def _write_run(out: Path, passed: dict[int, bool]) -> None:
    for task_id, ok in passed.items():
        write_record(
            out,
            TaskRecord(
                task_id=task_id,
                sites=("shopping",),
                intent=f"task {task_id}",
                intent_template_id=task_id % 3,
                task_type="RETRIEVE",
                status="scored",
                score=1.0 if ok else 0.0,
                metrics=TaskMetrics(actions=3, calls=4),
                seconds=10.0,
            ),
        )


def test_report_and_compare_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    _write_run(a, {1: True, 2: False, 3: True})
    _write_run(b, {1: True, 2: True, 3: False})
    assert main(["webarena", "report", str(a)]) == 0
    assert "2 of 3 tasks passed" in capsys.readouterr().out
    assert (a / "summary.json").is_file()
    assert "<svg" in (a / "report.html").read_text()

    assert main(["webarena", "compare", str(a), str(b)]) == 0
    text = capsys.readouterr().out
    assert "fixed" in text
    assert "broken" in text
    assert main(["webarena", "compare", str(a), str(b), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["fixed"] == [2]
    assert data["broken"] == [3]

    assert main(["webarena", "report", str(tmp_path / "nowhere")]) == 2
    assert "no run folder" in capsys.readouterr().err
