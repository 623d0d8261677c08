"""`webagent observe` and `webagent doctor` as a user runs them."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA
from webagent.cli import main


def test_observe_prints_a_readable_observation(
    serve: Callable[[Path], str], capsys: pytest.CaptureFixture[str]
) -> None:
    site = serve(DATA / "site")
    assert main(["observe", site + "products.html"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"URL: {site}products.html\nTitle: Products\n")
    assert "# Products" in out
    assert "button 'Add to Cart'" in out
    assert "elements to act on" in out


def test_observe_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["observe", str(DATA / "site" / "help.html"), "--json", "--full-page"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["title"] == "Help"
    assert data["full_page"] is True
    assert [element["name"] for element in data["elements"]] == ["Close help"]


def test_observe_the_bundled_sample(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["observe", "--sample"]) == 0
    out = capsys.readouterr().out
    assert "Title: Sample Shop: Electronics" in out
    assert "[e" in out


def test_bad_url_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["observe", "not a url"]) == 2
    assert "is not a URL" in capsys.readouterr().err


def test_unreachable_host_is_a_clear_failure(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    assert main(["observe", f"http://127.0.0.1:{port}/"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("webagent: error: could not open")
    assert "connection was refused" in err


def test_doctor_reports_the_browser(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "chromium" in out
    assert out.rstrip().endswith("ok: the browser starts and can be observed")


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    commands = (
        ["--help"],
        ["observe", "--help"],
        ["doctor", "--help"],
        ["sites", "--help"],
        ["sites", "list", "--help"],
        ["sites", "serve", "--help"],
        ["sites", "oracle", "--help"],
        ["sites", "check", "--help"],
        ["safety", "--help"],
        ["safety", "explain", "--help"],
        ["llm", "--help"],
        ["llm", "serve", "--help"],
    )
    for command in commands:
        with pytest.raises(SystemExit) as exit_info:
            main(command)
        assert exit_info.value.code == 0
        assert "usage: webagent" in capsys.readouterr().out


def test_sites_oracle_scores_tasks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["sites", "oracle", "demo_shop", "--task", "1", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "ok   1.0  task   1  What is the grand total of order #000000180?" in out
    assert "1/1 tasks scored 1.0" in out
    assert json.loads((tmp_path / "1" / "agent_response.json").read_text())["retrieved_data"] == [
        79.9
    ]
    assert (tmp_path / "1" / "network.har").stat().st_size > 0


def test_sites_check_shows_site_state_and_permitted_actions(
    serve: Callable[[Path], str], capsys: pytest.CaptureFixture[str]
) -> None:
    site = serve(DATA / "pages")
    assert main(["sites", "check", site + "form.html"]) == 0
    out = capsys.readouterr().out
    assert "site:  generic (detected)" in out
    # a table of records is there too: the form wins by its priority
    assert "state: generic/form (highest priority among form, listing; medium confidence)" in out
    assert "button 'Submit'" in out.split("evidence: ")[1].splitlines()[0]  # what the rules found
    assert "permitted actions: every action, on any element" in out  # advice, never a cage


def test_safety_explain_grades_every_control_and_form(
    serve: Callable[[Path], str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A cart: its line's Remove can be taken back, the order cannot, the search is nothing."""
    site = serve(DATA / "pages")
    assert main(["safety", "explain", site + "cart.html", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    controls = {c["what"].split("] ", 1)[1]: c for c in data["controls"]}
    assert controls["button 'Remove'"]["grade"] == "undoable"
    assert controls["button 'Remove'"]["undo"]
    assert controls["button 'Place order'"]["grade"] == "irreversible"
    assert "button 'Search'" not in controls
    forms = {f["what"]: f["grade"] for f in data["forms"]}
    assert forms == {
        "form POST /cart/remove (button 'Remove')": "undoable",
        "form POST /checkout/place-order (button 'Place order')": "irreversible",
    }
    assert main(["safety", "explain", site + "cart.html"]) == 0
    assert "undoable: " in capsys.readouterr().out


def test_sites_check_says_what_the_server_answered(
    serve: Callable[[Path], str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A 404 is evidence: the page is an error page because the server says so."""
    site = serve(DATA / "pages")
    assert main(["sites", "check", site + "no-such-page.html", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["state"] == "error"  # over `article`, which its sentence under a heading is
    assert data["confidence"] in ("high", "medium")
    assert "HTTP status 404" in data["evidence"]


def test_sites_check_json_with_a_given_site(capsys: pytest.CaptureFixture[str]) -> None:
    page = str(DATA / "site" / "results.html")
    assert main(["sites", "check", page, "--json", "--site", "generic"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["site"] == "generic"
    assert data["site_given"] is True
    assert data["decided"] in ("rules", "priority", "fallback")
    assert data["permitted"]["stop"] is None


def test_sites_check_with_an_unknown_site_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["sites", "check", "http://127.0.0.1:9/", "--site", "nope"]) == 2
    assert "no profile for site 'nope'" in capsys.readouterr().err
