"""report.html as a person (or an agent) reads it in Chromium: the headline, every site's bar,
hostile task text shown as text, and not one request leaving the page."""

from __future__ import annotations

from pathlib import Path

from tests.unit.test_runner_report import HOSTILE, record, run_info, write_run
from webagent.browser import Browser
from webagent.runner.report import write_reports

# An allowlist of one unreachable origin: any request the page makes is blocked and reported.
NOWHERE = ["127.0.0.1:1"]


def test_the_report_reads_well_and_loads_nothing(browser: Browser, tmp_path: Path) -> None:
    records = [
        record(1, sites=("gitlab",), actions=4, cost=0.02),
        record(2, sites=("reddit", "gitlab"), task_type="MUTATE", passed=False, actions=30),
        record(3, sites=("shopping",), intent=HOSTILE, intent_template=HOSTILE),
        record(4, sites=("shopping",), error="the browser crashed twice", attempts=2),
    ]
    write_run(tmp_path, records, run_info((1, 2, 3, 4, 5)))
    (tmp_path / "1" / "run.log").write_text("log")
    write_reports(tmp_path)

    with browser.open(str(tmp_path / "report.html"), allow_domains=NOWHERE) as tab:
        observation = tab.observe(full_page=True)
        assert tab.blocked == []
    text = observation.text
    assert observation.title == "WebArena run: gpt-test, plan mode, webarena-verified"
    assert "# WebArena run: gpt-test, plan mode, webarena-verified" in text
    assert "2 of 4 tasks passed (50.0%)" in text
    assert "4 of 5 selected tasks finished, 1 not yet" in text
    assert "img 'Success per site: gitlab 1 of 1; gitlab+reddit 0 of 1; shopping 1 of 2'" in text
    assert "img 'Success per task type: RETRIEVE 2 of 3; MUTATE 0 of 1'" in text
    # The hostile intent is text on the page, not a script in it.
    assert HOSTILE in text
    assert "Task 4' (after 2 attempts): the browser crashed twice" in text
    links = [e for e in observation.elements if e.role == "link" and e.name == "log"]
    assert len(links) == 1  # only task 1 has a run.log


def test_an_empty_run_says_nothing_has_finished(browser: Browser, tmp_path: Path) -> None:
    write_run(tmp_path, [], run_info((1, 2, 3)))
    write_reports(tmp_path)
    with browser.open(str(tmp_path / "report.html"), allow_domains=NOWHERE) as tab:
        text = tab.observe(full_page=True).text
        assert tab.blocked == []
    assert "No task has finished yet." in text
    assert "0 of 3 selected tasks finished, 3 not yet" in text
    assert "## Not finished (3)" in text
