"""Every recording under fixtures/ replays offline, step for step: a folder added there is a
regression test. No demo shop and no model server run here: the network comes from each
fixture's HAR (anything else is aborted) and the model's answers from its cassette."""

from __future__ import annotations

import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import pytest

from sites.demo_shop.store.sessions import COOKIE
from tests.browser.replayed import assert_same_as_recorded, one_font_config
from webagent.agent.recording import read_meta, read_steps
from webagent.browser import Browser
from webagent.cli import main
from webagent.llm.cassette import request_key
from webagent.llm.script import Script
from webagent.llm.server import start_model_server
from webagent.observation import render
from webagent.safety import Secrets
from webagent.session.replay import replay

pytestmark = pytest.mark.slow  # end to end: `scripts/test --fast` leaves it out

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
FOLDERS = sorted(meta.parent for meta in FIXTURES.glob("*/meta.json"))
LIMIT = 5 * 1024 * 1024


def test_there_are_fixtures_of_every_kind() -> None:
    outcomes = [read_meta(folder).outcome for folder in FOLDERS]
    assert len(FOLDERS) >= 6
    assert any(o["backtracks"] for o in outcomes)
    assert any(o["decompositions"] for o in outcomes)
    assert any(o["how"] == "denied" and o["denials"] for o in outcomes)


def test_tasks_on_real_apps_replay_among_them() -> None:
    """Six or more tasks on real third-party apps (sites/real), answered through the relay:
    facts read, something found through a search, changes made after signing in."""
    real = [read_meta(folder) for folder in FOLDERS if folder.name.startswith("real-")]
    assert len(real) >= 6
    assert {urlsplit(meta.start_url).port for meta in real} >= {8081, 8082, 8083}
    tasks = " ".join(meta.task.lower() for meta in real)
    assert "search" in tasks
    assert "sign in" in tasks
    assert {meta.outcome["status"] for meta in real} == {"SUCCESS"}
    assert sum(meta.outcome["actions"] >= 5 for meta in real) >= 2  # the changes signed in first


@pytest.mark.parametrize("folder", FOLDERS, ids=[folder.name for folder in FOLDERS])
def test_the_fixture_replays_as_recorded(browser: Browser, folder: Path) -> None:
    size = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    assert size <= LIMIT, f"{folder.name} takes {size / 1e6:.1f} MB"
    result = replay(folder, browser=browser)
    assert_same_as_recorded(result, folder)


def test_removing_from_the_wish_list_under_deny_runs_unasked_and_says_how_to_undo_it(
    browser: Browser,
) -> None:
    """Removing an item from one's own wish list can be undone by adding it back: under the
    `deny` policy it runs without a question, and the run lists it with its inverse."""
    folder = FIXTURES / "shop-wishlist-remove-denying"
    assert read_meta(folder).confirm == "deny"
    result = replay(folder, browser=browser)
    assert result.ok, result.divergence.report() if result.divergence else ""
    assert result.run is not None
    run = result.run.result
    assert run.answer.status == "SUCCESS"
    assert (run.metrics.denials, run.metrics.irreversible) == (0, 0)
    assert run.undoable
    assert any("Remove item" in change and "undo: " in change for change in run.undoable)


def test_a_message_that_pops_up_late_does_not_change_the_replayed_state(
    browser: Browser, tmp_path: Path
) -> None:
    """MediaWiki says "Your edit was saved." in a bubble its scripts add after the page has
    loaded: the recording read the saved page before it came, a replay on a faster machine
    after. The page the model is given is the recorded one, and so is its state (a status
    message would make it a confirmation, and the model's request one the cassette lacks)."""
    folder = tmp_path / "real-wiki-add-line"
    shutil.copytree(FIXTURES / folder.name, folder)
    har = json.loads((folder / "network.har").read_text(encoding="utf-8"))
    saved = [
        entry
        for entry in har["log"]["entries"]
        if entry["request"]["method"] == "GET"
        and entry["request"]["url"].endswith("/index.php/Black_tea")
    ][-1]["response"]["content"]
    end = saved["text"].rindex("</body>")  # where MediaWiki adds its bubble, after the footer
    bubble = '<div role="status" style="position:fixed;top:0">Your edit was saved.</div>'
    saved["text"] = saved["text"][:end] + bubble + saved["text"][end:]
    (folder / "network.har").write_text(json.dumps(har), encoding="utf-8")
    steps = read_steps(folder)
    assert steps[-1].classifications[-1]["state"] != "confirmation"  # read before the bubble

    result = replay(folder, browser=browser)

    assert result.ok, result.divergence.report() if result.divergence else result.unmatched


@pytest.fixture
def buttons_renamed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A renderer change that alters what the model reads: buttons shown as `btn`."""
    label = render.node_line

    def changed(*args: Any, **kwargs: Any) -> str | None:
        line = label(*args, **kwargs)
        return line.replace(" button ", " btn ") if line else line

    monkeypatch.setattr(render, "node_line", changed)


@pytest.mark.usefixtures("buttons_renamed")
def test_a_renderer_change_fails_a_fixture_with_its_first_difference(browser: Browser) -> None:
    result = replay(FIXTURES / "shop-price-lookup", browser=browser)
    assert result.divergence is not None
    assert (result.divergence.step, result.divergence.kind) == (1, "observation")
    report = result.divergence.report()
    lines = report.splitlines()
    assert lines[0].startswith("replay diverged at step 1 (")
    assert "the page the model reads differs" in lines[0]
    assert "--- recorded observation" in lines
    assert "+++ replayed observation" in lines
    removed = [line for line in lines if line.startswith("-") and " button 'Search'" in line]
    added = [line for line in lines if line.startswith("+") and " btn 'Search'" in line]
    assert removed
    assert added
    assert len(lines) <= 45  # the first difference, not the whole page


def test_a_recording_of_a_local_site_replays_with_the_site_gone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`webagent run --record` on a local site (served by the command, stopped after it)
    and the oracle model; then `webagent replay` with neither running. A secret that the
    pages show (the customer's surname, here) is in no file of the recording, and the
    recording still replays."""
    monkeypatch.setenv("WEBAGENT_SECRET_SURNAME", "Lopez")
    from webagent.oracle.model import OracleModel

    folder = tmp_path / "recorded"
    task = "What is the grand total of order #000000180?"
    with start_model_server(answerer=OracleModel("demo_shop")) as model:
        code = main(
            [
                "run",
                task,
                "--site",
                "demo_shop",
                "--record",
                str(folder),
                "--trace",
                "--model",
                "webagent-oracle",
                "--base-url",
                model.url,
                "--quiet",
            ]
        )
    assert code == 0
    meta = read_meta(folder)
    assert (meta.task, meta.site, meta.confirm) == (task, "demo_shop", "deny")
    assert {"meta.json", "trajectory.jsonl", "model.cassette.jsonl", "network.har"} <= {
        path.name for path in folder.iterdir()
    }
    assert list((folder / "screenshots").glob("step-*.jpeg"))
    secret = Secrets({"surname": "Lopez"})
    files = [path for path in folder.rglob("*") if path.is_file()]
    leaked = [path.name for path in files if secret.leaks(path.read_bytes())]
    assert leaked == []
    with zipfile.ZipFile(folder / "trace.zip") as trace:  # compressed: each file is read
        traced = {name: trace.read(name) for name in trace.namelist()}
    assert "trace.trace" in traced
    assert [name for name, content in traced.items() if secret.leaks(content)] == []
    sent_cookies = [
        header["value"]
        for name, content in traced.items()
        if name.endswith(".network")
        for line in content.splitlines()
        for header in json.loads(line)["snapshot"]["request"]["headers"]
        if header["name"].lower() == "cookie"
    ]
    assert sent_cookies  # the customer is signed in: every request carries the session
    assert all(f"{COOKIE}=[secret]" in value.split("; ") for value in sent_cookies)
    assert "Emma <secret>surname</secret>" in (folder / "trajectory.jsonl").read_text()
    capsys.readouterr()
    assert main(["replay", str(folder)]) == 0
    assert "recorded: same as recorded" in capsys.readouterr().out


def test_update_records_a_fixture_again_and_it_still_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "shop-backtrack"
    shutil.copytree(FIXTURES / "shop-backtrack", folder)
    before = read_meta(folder)
    assert main(["replay", "--update", str(folder)]) == 0
    after = read_meta(folder)
    assert after.start_url != before.start_url  # a fresh shop, on another port
    assert after.oracle == before.oracle
    assert after.outcome == before.outcome
    assert "shop-backtrack: recorded again" in capsys.readouterr().out
    assert main(["replay", str(folder)]) == 0


def test_a_folder_of_recordings_replays_each_of_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("shop-price-lookup", "shop-react-mode"):
        shutil.copytree(FIXTURES / name, tmp_path / name)
    (tmp_path / "README.md").write_text("not a recording")
    assert main(["replay", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "[1/2] shop-price-lookup: same as recorded" in out
    assert "[2/2] shop-react-mode: same as recorded" in out
    assert "2 of 2 replayed the same" in out


def test_replay_of_a_folder_that_is_not_a_recording_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "has no meta.json" in capsys.readouterr().err


def test_the_demo_runs_from_a_fixture_with_no_shop_and_no_model(tmp_path: Path) -> None:
    """With nothing running, and rendered otherwise than where it was recorded (one font
    only): the model is given the pages as recorded, whatever fits this machine's viewport."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI")}
    config = one_font_config(tmp_path)
    if config is not None:
        env["FONTCONFIG_FILE"] = str(config)
    done = subprocess.run(
        [sys.executable, "-m", "webagent", "demo", "--from-fixture", "--no-tui"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "the agent asks before this:" in out
    assert "answer: no (as recorded)" in out
    assert "status: ACTION_NOT_ALLOWED_ERROR (denied)" in out
    assert "replayed the recording" in out


TODAY_PAGE = b"""<!doctype html><html><head><title>Today</title></head><body><h1>Today</h1>
<p id="today">...</p><script>
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
document.getElementById("today").textContent =
  new Date().toLocaleDateString("en-CA") + " in " + zone;
</script></body></html>"""


class _TodayHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(TODAY_PAGE)))
        self.end_headers()
        self.wfile.write(TODAY_PAGE)

    def log_message(self, format: str, *args: object) -> None:
        pass


def move_recording_to(folder: Path, shown: str, day: str, moment: str) -> None:
    """Make the recording look made at `moment` (showing `day` where it showed `shown`), as
    a fixture recorded long ago is: observations, the model's requests and their keys."""
    steps = (folder / "trajectory.jsonl").read_text().replace(shown, day)
    (folder / "trajectory.jsonl").write_text(steps)
    exchanges = []
    for line in (folder / "model.cassette.jsonl").read_text().splitlines():
        exchange = json.loads(line.replace(shown, day))
        exchange["key"] = request_key(exchange["request"])
        exchanges.append(json.dumps(exchange))
    (folder / "model.cassette.jsonl").write_text("\n".join(exchanges) + "\n")
    meta = json.loads((folder / "meta.json").read_text())
    (folder / "meta.json").write_text(json.dumps({**meta, "recorded": moment}))


def test_a_replay_shows_the_recordings_time_and_time_zone_not_the_machines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A page whose script shows today's date in the browser's time zone, recorded in Tokyo
    and replayed here (UTC on CI) as if years later: the replay's pages see the recording's
    clock and time zone."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _TodayHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    folder = tmp_path / "today"
    stop = {"tool_call": {"name": "act", "arguments": {"thought": "it says", "action": "stop [x]"}}}
    script = Script([("classify", {"state": "other", "reason": "text"}), ("step", stop)])
    argv = [sys.executable, "-m", "webagent", "run", "What is the date?", "--url", url]
    argv += ["--mode", "react", "--quiet", "--record", str(folder), "--model", "m"]
    try:
        with start_model_server(script=script) as model:
            done = subprocess.run(  # its own browser, started in Tokyo
                [*argv, "--base-url", model.url],
                env={**os.environ, "TZ": "Asia/Tokyo"},
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
    finally:
        server.shutdown()
        server.server_close()
    assert done.returncode == 0, done.stdout + done.stderr
    meta = read_meta(folder)
    assert meta.timezone == "Asia/Tokyo"
    recorded = datetime.fromisoformat(meta.recorded)
    assert abs((datetime.now(UTC) - recorded).total_seconds()) < 120
    shown = recorded.astimezone(ZoneInfo("Asia/Tokyo")).strftime("%Y-%m-%d")
    assert f"{shown} in Asia/Tokyo" in read_steps(folder)[-1].observations[-1]

    move_recording_to(folder, shown, "2001-02-03", "2001-02-03T04:05:06.000+00:00")
    assert main(["replay", str(folder)]) == 0, capsys.readouterr().out
    assert "same as recorded" in capsys.readouterr().out


def test_a_recording_whose_prompts_changed_is_made_again_offline(
    browser: Browser, tmp_path: Path
) -> None:
    """`webagent replay --remake`: after the prompts change, the recorded answers, given in
    their recorded order, make the recording again without the site or the model; it then
    replays as it is. A recording that a person answered needs no one again."""
    folder = tmp_path / "shop-backtrack"
    shutil.copytree(FIXTURES / "shop-backtrack", folder)
    cassette = folder / "model.cassette.jsonl"
    exchanges = [json.loads(line) for line in cassette.read_text().splitlines()]
    for exchange in exchanges:  # as if every request were now worded otherwise
        exchange["request"]["messages"][0]["content"] += " (reworded)"
        exchange["key"] = request_key(exchange["request"])
    cassette.write_text("".join(json.dumps(e) + "\n" for e in exchanges))
    before = replay(folder, browser=browser)
    assert before.divergence is not None
    assert before.divergence.kind == "model"

    assert main(["replay", "--remake", str(folder)]) == 0
    after = replay(folder, browser=browser)
    assert after.ok, after.divergence.report() if after.divergence else ""
    assert read_meta(folder).site == read_meta(FIXTURES / "shop-backtrack").site
    assert read_meta(folder).recorded == read_meta(FIXTURES / "shop-backtrack").recorded
    remade = [json.loads(line) for line in cassette.read_text().splitlines()]
    assert [e["response"] for e in remade] == [e["response"] for e in exchanges]
    assert all("(reworded)" not in e["request"]["messages"][0]["content"] for e in remade)


def test_a_remake_that_goes_another_way_keeps_the_recording(
    browser: Browser, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "shop-price-lookup"
    shutil.copytree(FIXTURES / "shop-price-lookup", folder)
    steps = folder / "trajectory.jsonl"
    lines = steps.read_text().splitlines()
    first = json.loads(lines[0])
    first["action"] = "scroll [down]"  # the recording says it did something else
    steps.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    kept = steps.read_text()
    assert main(["replay", "--remake", str(folder)]) == 1
    assert "NOT made again" in capsys.readouterr().out
    assert steps.read_text() == kept
