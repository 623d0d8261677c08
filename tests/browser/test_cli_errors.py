"""The command line with a browser, as a user meets its rough edges: output piped into
`head` ends quietly; a site that does not answer is one line saying what to check."""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import DATA
from tests.unit.test_cli_rough_edges import one_line_error
from webagent import browser
from webagent.browser import launch
from webagent.cli import main

pytestmark = pytest.mark.slow  # end to end: `scripts/test --fast` leaves it out

WEBAGENT = [sys.executable, "-m", "webagent"]
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


# -- output piped into head --------------------------------------------------------------------
def test_observe_piped_into_head_prints_three_lines_and_exits_0(tmp_path: Path) -> None:
    """`webagent observe URL | head -3` on a page whose observation outgrows the pipe."""
    items = "".join(f"<li><a href='#{i}'>Item {i} of a long list</a></li>" for i in range(3000))
    page = tmp_path / "long.html"
    page.write_text(f"<title>Long</title><ul>{items}</ul>")
    with subprocess.Popen(
        [*WEBAGENT, "observe", str(page), "--full-page"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as observe:
        assert observe.stdout is not None
        assert observe.stderr is not None
        head = [observe.stdout.readline().decode() for _ in range(3)]
        observe.stdout.close()  # head has its three lines
        assert observe.wait(timeout=120) == 0
        assert observe.stderr.read().decode() == ""
    assert head[:2] == [f"URL: {page.as_uri()}\n", "Title: Long\n"]


@pytest.mark.parametrize(
    "args",
    [
        ["replay", str(FIXTURES / "real-wiki-read")],
        ["sites", "check", str(DATA / "pages" / "cart.html")],
        ["safety", "explain", str(DATA / "pages" / "cart.html")],
    ],
    ids=["replay", "sites-check", "safety-explain"],
)
def test_a_command_whose_reader_has_gone_ends_quietly(args: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)  # nobody will read: the first line written finds the pipe closed
    try:
        done = subprocess.run(
            [*WEBAGENT, *args], check=False, stdout=write, stderr=subprocess.PIPE, timeout=180
        )
    finally:
        os.close(write)
    assert (done.returncode, done.stderr.decode()) == (0, "")


# -- a site that does not answer ---------------------------------------------------------------
def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


@pytest.mark.parametrize(
    "command", [["observe"], ["run", "What does the mouse cost?", "--url"]], ids=["observe", "run"]
)
def test_a_closed_port_says_to_check_the_site(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, f"http://127.0.0.1:{closed_port()}/"]) == 1
    line = one_line_error(capsys.readouterr().err)
    assert "could not open" in line
    assert "the connection was refused" in line
    assert "check the address, and that the site is up" in line


@pytest.fixture
def silent_site() -> Iterator[str]:
    """A site that accepts every connection and never answers."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                return  # closed

    threading.Thread(target=accept, daemon=True).start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}/"
    listener.close()
    for connection in accepted:
        connection.close()


def test_a_site_that_never_answers_times_out_in_one_line(
    silent_site: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    quick = functools.partial(launch, navigation_timeout_ms=1500)  # 30 s by default
    monkeypatch.setattr(browser, "launch", quick)  # `observe` imports it as it runs
    assert main(["observe", silent_site]) == 1
    line = one_line_error(capsys.readouterr().err)
    assert f"{silent_site} did not load within 1.5s" in line
    assert "check the address, and that the site is up" in line
