"""The command line's rough edges, as a user meets them: every `--help` ends with an example
to copy; a reader that stops reading (`| head`) ends a command quietly with 0; and an error
is one line saying what is wrong and what to do, with no traceback. (The ones that open a
page, or read one, are in tests/browser/test_cli_errors.py.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from webagent.browser import executable
from webagent.cli import build_parser, main
from webagent.cli.help import walk

WEBAGENT = [sys.executable, "-m", "webagent"]


# -- every --help has an example -------------------------------------------------------------
def examples_in(text: str) -> list[str]:
    """The commands under a help text's "example:" or "examples:" line, one each."""
    lines = text.splitlines()
    for at, line in enumerate(lines):
        head = re.match(r"examples?:(.*)$", line)
        if head is None:
            continue
        shown = [head.group(1).strip()] if head.group(1).strip() else []
        for following in lines[at + 1 :]:
            if not following.startswith(" ") or not following.strip():
                break
            shown.append(following.strip())
        return shown
    return []


def test_every_command_and_subcommand_has_an_example_to_copy() -> None:
    parsers = walk(build_parser())
    assert len(parsers) > 30  # the whole tree: commands and their subcommands
    missing = []
    for parser in parsers:
        shown = examples_in(parser.format_help())
        if not any(command.startswith("webagent ") for command in shown):
            missing.append(parser.prog)
        for command in shown:  # a webagent command line each (maybe after VAR=value)
            assert "webagent " in command, (parser.prog, command)
    assert missing == []


def test_examples_stay_whole_on_a_narrow_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    replay = next(p for p in walk(build_parser()) if p.prog == "webagent replay")
    text = replay.format_help()
    assert "\n  webagent replay fixtures/shop-backtrack --verbose\n" in text
    description = next(line for line in text.splitlines() if line.startswith("Replay each"))
    assert len(description) <= 60  # the rest of the help is wrapped as ever


# -- a closed pipe ends a command quietly ----------------------------------------------------
def closed_pipe_run(args: list[str], *, buffered: bool) -> subprocess.CompletedProcess[bytes]:
    """Run `webagent ARGS` writing into a pipe whose reader is already gone."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [*WEBAGENT, *args],
            check=False,
            stdout=write,
            stderr=subprocess.PIPE,
            env=env,
            timeout=60,
        )
    finally:
        os.close(write)


@pytest.mark.parametrize(
    ("args", "buffered"),
    [
        (["sites", "list"], True),  # Python's default: the last flush, at exit, finds it closed
        (["plans", "list", "--library", "{tmp}/none.sqlite"], False),  # the print itself does
    ],
    ids=["buffered", "unbuffered"],
)
def test_a_closed_pipe_ends_a_command_quietly(
    args: list[str], buffered: bool, tmp_path: Path
) -> None:
    done = closed_pipe_run([a.format(tmp=tmp_path) for a in args], buffered=buffered)
    assert (done.returncode, done.stderr.decode()) == (0, "")


def test_the_model_server_stops_quietly_once_nobody_reads_its_lines(tmp_path: Path) -> None:
    """`webagent llm serve ... | head -2`: the request that finds the pipe closed is still
    answered, then the server stops, with 0 and nothing on stderr."""
    script = tmp_path / "answers.jsonl"
    script.write_text('{"query": "summarize", "answer": "x"}\n')
    with subprocess.Popen(
        [*WEBAGENT, "llm", "serve", "--script", str(script), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as server:
        assert server.stdout is not None
        assert server.stderr is not None
        try:
            first = server.stdout.readline().decode()
            url = re.search(r"on (http://\S+)", first)
            assert url is not None, first
            server.stdout.readline()  # the script's line
            server.stdout.close()  # `head -2` has all it wanted
            request = urllib.request.Request(f"{url.group(1)}/chat/completions", data=b"{}")
            with pytest.raises(urllib.error.HTTPError) as answered:  # no query header: a 400
                urllib.request.urlopen(request, timeout=10)
            answered.value.close()
            assert answered.value.code == 400
            assert server.wait(timeout=20) == 0
            assert server.stderr.read().decode() == ""
        finally:
            if server.poll() is None:
                server.kill()


# -- errors name the fix -----------------------------------------------------------------------
def one_line_error(err: str) -> str:
    """The single line an error leaves on stderr (and nothing like a traceback)."""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("webagent: error: ")
    return lines[0]


@pytest.mark.parametrize(
    ("args", "wrong", "fix"),
    [
        (["observe", "not-a-url"], "is neither a URL nor an existing file", "give a URL such as"),
        (["observe", "htp://x"], "unsupported scheme 'htp'", "use one of: http, https"),
        (["run", "find it", "--url", "htp://x"], "unsupported scheme 'htp'", "use one of"),
        (["safety", "explain", "./no/such/page.html"], "no such file", "give a URL such as"),
    ],
)
def test_a_bad_url_is_a_usage_error_saying_what_to_give(
    args: list[str], wrong: str, fix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    line = one_line_error(capsys.readouterr().err)
    assert wrong in line
    assert fix in line


@pytest.fixture
def no_chromium(monkeypatch: pytest.MonkeyPatch) -> None:
    """No Chromium anywhere: not Playwright's build, not the system's, not on PATH."""
    monkeypatch.setattr(executable, "_is_executable", lambda path: False)
    monkeypatch.setattr(executable.shutil, "which", lambda name: None)
    monkeypatch.delenv(executable.ENV_VAR, raising=False)


@pytest.mark.usefixtures("no_chromium")
def test_webagent_chromium_pointing_nowhere_says_what_to_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(executable.ENV_VAR, str(tmp_path / "nowhere" / "chromium"))
    assert main(["observe", "--sample"]) == 1
    line = one_line_error(capsys.readouterr().err)
    assert f"WEBAGENT_CHROMIUM={tmp_path / 'nowhere' / 'chromium'} is not an executable" in line
    assert "set WEBAGENT_CHROMIUM to a Chromium executable" in line
    assert "`webagent doctor`" in line


@pytest.mark.usefixtures("no_chromium")
def test_no_browser_found_says_how_to_install_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["observe", "--sample"]) == 1
    line = one_line_error(capsys.readouterr().err)
    assert "no Chromium found" in line
    assert "playwright install chromium" in line


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ('[{"task_id": 1, "intent": ', "is not JSON"),
        ('[{"task_id": 1, "intent": "Find it"}]', "Field required"),
    ],
    ids=["malformed", "missing-fields"],
)
def test_a_task_file_that_does_not_parse_is_one_line(
    text: str, wrong: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tasks = tmp_path / "bad.json"
    tasks.write_text(text)
    code = main(["webarena", "run", "--tasks", str(tasks), "--out", str(tmp_path / "out")])
    assert code == 2
    line = one_line_error(capsys.readouterr().err)
    assert str(tasks) in line
    assert wrong in line
