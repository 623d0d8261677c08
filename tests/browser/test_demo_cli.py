"""`webagent demo` and `webagent tui` where there is no terminal: nothing hangs."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from webagent.cli import main
from webagent.sites.catalog import load_site


@pytest.mark.browser
def test_demo_without_a_terminal_prints_the_run_and_denies_the_order(tmp_path: Path) -> None:
    db = tmp_path / "shop.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "webagent", "demo", "--db", str(db)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("task: Buy 1 Sony WC1493X")
    assert "plan:\n1. " in out
    assert "the agent asks before this:\n    click [" in out
    assert "on button 'Place Order'" in out
    assert "answer: no" in out
    assert "status: ACTION_NOT_ALLOWED_ERROR (denied)" in out
    assert out.rstrip().endswith("no order placed")
    seed = tmp_path / "seed.sqlite"
    load_site("demo_shop").reset_database(seed)
    assert orders(db) == orders(seed)


def orders(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        (count,) = connection.execute("SELECT COUNT(*) FROM sales_order").fetchone()
    return int(count)


def test_demo_knows_its_tasks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--no-tui", "--task-id", "99999"]) == 2
    assert "no task 99999" in capsys.readouterr().err


def test_tui_refuses_to_start_without_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tui", "--site", "demo_shop", "buy something"]) == 2
    assert "needs a terminal" in capsys.readouterr().err
