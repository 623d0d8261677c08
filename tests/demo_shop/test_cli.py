"""`webagent sites list` and `webagent sites serve`, as a user runs them."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from webagent.cli import main
from webagent.errors import ConfigError
from webagent.sites import start_site


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


def wishlist_rows(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT count(*) FROM wishlist_item").fetchone()[0])


def test_the_reset_port_restores_the_seed_state_while_the_shop_serves(tmp_path: Path) -> None:
    """webarena-setup's reset server, for the demo shop: what `WA_FULL_RESET` names."""
    with start_site("demo_shop", db=tmp_path / "shop.sqlite") as server:
        seed = wishlist_rows(server.db)
        reset = server.serve_reset()
        assert reset.startswith("http://127.0.0.1:")
        assert reset != server.url
        with sqlite3.connect(server.db) as connection:
            connection.execute("DELETE FROM wishlist_item")
        assert wishlist_rows(server.db) == 0 != seed

        with urllib.request.urlopen(reset, timeout=10) as answer:
            assert answer.status == 200
            assert answer.read() == b"demo_shop: back to its seed state\n"
        assert wishlist_rows(server.db) == seed
        with urllib.request.urlopen(server.url + "/", timeout=10) as page:
            assert page.status == 200  # the shop goes on serving, from the new file

        request = urllib.request.Request(reset, method="DELETE")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 405
        refused.value.close()
        with pytest.raises(ConfigError, match="already has a reset server"):
            server.serve_reset()
    with pytest.raises(urllib.error.URLError):  # stopped with the shop
        urllib.request.urlopen(reset, timeout=2)


def test_serve_prints_the_reset_url_it_answers_on(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "webagent", "sites", "serve", "demo_shop", "--port", "0"]
    with subprocess.Popen(
        [*command, "--db", str(tmp_path / "shop.sqlite"), "--reset-port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            assert process.stdout is not None
            assert process.stdout.readline().startswith("demo_shop on http://127.0.0.1:")
            line = process.stdout.readline()
            assert line.startswith("reset: GET http://127.0.0.1:"), line
            with urllib.request.urlopen(line.split()[2], timeout=10) as answer:
                assert answer.status == 200
        finally:
            process.terminate()
            process.wait(timeout=10)
    assert process.returncode == 0


@pytest.mark.parametrize(
    "command",
    [
        ["sites", "serve", "demo_shop", "--port", "0", "--reset-port", "0"],
        ["llm", "serve", "--upstream", "http://127.0.0.1:9", "--port", "0", "--quiet"],
        ["llm", "relay", "{tmp}", "--port", "0", "--quiet"],
    ],
    ids=["shop", "model", "relay"],
)
def test_a_server_stopped_the_moment_it_says_where_it_answers_ends_cleanly(
    tmp_path: Path, command: list[str]
) -> None:
    """A supervisor may stop a server as soon as it reads the server's first line: the
    SIGTERM must already be the server's to handle (exit 0), not Python's default (-15)."""
    args = [part.replace("{tmp}", str(tmp_path)) for part in command]
    if args[0] == "sites":
        args += ["--db", str(tmp_path / "shop.sqlite")]
    with subprocess.Popen(
        [sys.executable, "-m", "webagent", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdout is not None
        line = process.stdout.readline()
        process.terminate()
        _, err = process.communicate(timeout=10)
    assert "http://127.0.0.1:" in line, err
    assert process.returncode == 0, err
