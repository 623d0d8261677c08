"""`webagent sites list` and `webagent sites serve`, as a user runs them."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from webagent.cli import main


def test_list_names_the_demo_shop(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sites", "list"]) == 0
    assert "demo_shop" in capsys.readouterr().out.split()


def test_serve_answers_until_stopped(tmp_path: Path) -> None:
    db = tmp_path / "shop.sqlite"
    command = [sys.executable, "-m", "webagent", "sites", "serve", "demo_shop", "--port", "0"]
    with subprocess.Popen(
        [*command, "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            assert line.startswith("demo_shop on http://127.0.0.1:"), line
            url = line.split()[2]
            with urllib.request.urlopen(url + "/", timeout=10) as page:
                assert page.status == 200
                assert b"One Stop Market" in page.read()
            assert db.exists()
        finally:
            process.terminate()
            process.wait(timeout=10)
    assert process.returncode == 0


def test_unknown_site_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sites", "serve", "no_such_site", "--port", "0"]) == 2
    assert "no site 'no_such_site'" in capsys.readouterr().err


def test_a_busy_port_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        started = time.monotonic()
        assert main(["sites", "serve", "demo_shop", "--port", str(port)]) == 2
        assert time.monotonic() - started < 30
    assert "cannot serve demo_shop" in capsys.readouterr().err
