"""The run's reports from hand-made records (no browser): summary.json and report.html."""

from __future__ import annotations

import dataclasses
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from webagent.agent.metrics import TaskMetrics
from webagent.errors import ConfigError
from webagent.runner.record import (
    HAR_FILE,
    RESPONSE_FILE,
    RunInfo,
    TaskRecord,
    write_json,
    write_record,
)
from webagent.runner.report import render_html, write_reports
from webagent.runner.summary import summarize

HOSTILE = "<script>alert(1)</script>"


def record(
    task_id: int,
    *,
    sites: tuple[str, ...] = ("gitlab",),
    passed: bool = True,
    error: str | None = None,
    template: int = 1,
    task_type: str = "RETRIEVE",
    actions: int = 0,
    calls: int = 0,
    cost: float = 0.0,
    seconds: float = 0.0,
    attempts: int = 1,
    intent: str = "Do the thing",
    intent_template: str = "",
) -> TaskRecord:
    return TaskRecord(
        task_id=task_id,
        sites=sites,
        intent=intent,
        intent_template_id=template,
        task_type=task_type,
        status="error" if error is not None else "scored",
        score=1.0 if passed and error is None else 0.0,
        error=error,
        how="answer" if error is None else f"error: {error}",
        metrics=TaskMetrics(actions=actions, calls=calls, cost=cost, prompt_tokens=10 * calls),
        attempts=attempts,
        seconds=seconds,
        intent_template=intent_template,
    )


def run_info(task_ids: tuple[int, ...]) -> RunInfo:
    return RunInfo(
        tasks="webarena-verified",
        task_ids=task_ids,
        model="gpt-test",
        base_url=None,
        mode="plan",
        trials=3,
        max_steps=30,
        confirm="allow",
        site_urls={"gitlab": "http://127.0.0.1:8023"},
    )


def write_run(out: Path, records: list[TaskRecord], run: RunInfo | None = None) -> None:
    for each in records:
        write_record(out, each)
    if run is not None:
        write_json(out / "run.json", run.to_json())


class _Attributes(HTMLParser):
    """Every (tag, attribute, value) of a page, and the text of its <style> elements."""

    def __init__(self) -> None:
        super().__init__()
        self.attributes: list[tuple[str, str, str]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes.extend((tag, name, value or "") for name, value in attrs)


def parse(html: str) -> _Attributes:
    parser = _Attributes()
    parser.feed(html)
    return parser


# -- the summary --------------------------------------------------------------------------


def test_multi_site_tasks_are_grouped_under_their_sorted_sites() -> None:
    summary = summarize(
        [
            record(1, sites=("reddit", "gitlab")),
            record(2, sites=("gitlab", "reddit"), passed=False),
            record(3, sites=("gitlab",)),
            record(4, sites=("shopping",), passed=False),
        ],
        None,
    )
    groups = {g.key: (g.stats.tasks, g.stats.passed) for g in summary.by_site}
    assert groups == {"gitlab": (1, 1), "gitlab+reddit": (2, 1), "shopping": (1, 0)}
    assert [g.key for g in summary.by_site] == ["gitlab", "gitlab+reddit", "shopping"]


def test_success_rates_count_passed_over_finished_and_over_selected() -> None:
    records = [
        record(1),
        record(2),
        record(3),
        record(4, passed=False),
        record(5, error="the browser crashed twice"),
    ]
    summary = summarize(records, run_info((5, 1, 2, 3, 4, 6, 7, 8)))
    data = summary.to_json()
    assert (data["finished"], data["scored"], data["errors"], data["passed"]) == (5, 4, 1, 3)
    assert data["success_rate"] == pytest.approx(3 / 5)
    assert data["selected"] == 8
    assert data["success_rate_of_selected"] == pytest.approx(3 / 8)
    assert data["unfinished"] == [6, 7, 8]


def test_unfinished_keeps_the_run_order_and_ignores_tasks_outside_the_selection() -> None:
    summary = summarize([record(3), record(99)], run_info((9, 3, 1)))
    assert summary.unfinished == (9, 1)
    assert summary.passed_of_selected == 1  # task 99 is not one of the selected
    assert summary.success_rate_of_selected == pytest.approx(1 / 3)


def test_without_run_json_selection_and_unfinished_are_unknown() -> None:
    data = summarize([record(1)], None).to_json()
    assert data["run"] is None
    assert data["selected"] is None
    assert data["unfinished"] is None
    assert data["success_rate_of_selected"] is None
    assert data["success_rate"] == 1.0


def test_totals_and_per_task_means() -> None:
    summary = summarize(
        [
            record(1, actions=4, calls=5, cost=0.10, seconds=30),
            record(2, actions=8, calls=7, cost=0.30, seconds=90, passed=False),
            record(3, actions=0, calls=0, cost=0.0, seconds=0, error="sign-in failed"),
        ],
        None,
    )
    data = summary.to_json()
    assert data["totals"]["actions"] == 12
    assert data["totals"]["calls"] == 12
    assert data["totals"]["tokens"] == 120
    assert data["totals"]["cost"] == pytest.approx(0.40)
    assert data["totals"]["seconds"] == pytest.approx(120)
    assert data["means"]["actions"] == pytest.approx(4)
    assert data["means"]["cost"] == pytest.approx(0.40 / 3)
    assert data["means"]["seconds"] == pytest.approx(40)


def test_the_prompt_tokens_an_endpoint_served_from_its_cache_are_counted_and_shown() -> None:
    cached = [
        dataclasses.replace(
            record(i, actions=2, calls=3),
            metrics=TaskMetrics(actions=2, calls=3, prompt_tokens=4000, cached_tokens=cached),
        )
        for i, cached in ((1, 1000), (2, 2000))
    ]
    summary = summarize(cached, None)
    totals = summary.to_json()["totals"]
    assert (totals["prompt_tokens"], totals["cached_tokens"]) == (8000, 3000)
    assert totals["cached_share"] == 0.375
    html = render_html(summary)
    row = re.search(r"Prompt tokens from the endpoint's cache</th><td>([^<]*)</td>", html)
    assert row is not None
    assert row.group(1) == "3,000 (37.5%)"


def test_groups_per_template_and_task_type_have_their_own_rates_and_means() -> None:
    summary = summarize(
        [
            record(1, template=7, task_type="MUTATE", actions=10, intent_template="Post {{x}}"),
            record(2, template=7, task_type="MUTATE", actions=20, passed=False),
            record(3, template=2, task_type="NAVIGATE", actions=3),
            record(4, template=2, task_type="RETRIEVE", actions=5, error="timed out"),
        ],
        None,
    )
    templates = {g.key: g for g in summary.by_template}
    assert [g.key for g in summary.by_template] == ["2", "7"]
    assert templates["7"].label == "Post {{x}}"
    assert templates["7"].stats.success_rate == 0.5
    assert templates["7"].stats.means.actions == 15
    assert templates["2"].stats.errors == 1
    types = [(g.key, g.stats.tasks, g.stats.passed) for g in summary.by_task_type]
    assert types == [("RETRIEVE", 1, 0), ("MUTATE", 2, 1), ("NAVIGATE", 1, 1)]
    by_template = summary.to_json()["by_template"]
    assert by_template[1]["label"] == "Post {{x}}"
    assert by_template[1]["means"]["actions"] == 15


def test_the_error_list_and_the_retried_tasks() -> None:
    summary = summarize(
        [
            record(1, attempts=2),
            record(2, error="the worker crashed twice", attempts=2),
            record(3, error="the evaluator failed"),
            record(4, passed=False),
        ],
        None,
    )
    data = summary.to_json()
    assert data["error_list"] == [
        {"task_id": 2, "error": "the worker crashed twice", "attempts": 2},
        {"task_id": 3, "error": "the evaluator failed", "attempts": 1},
    ]
    assert data["retried"] == [
        {"task_id": 1, "attempts": 2, "outcome": "passed"},
        {"task_id": 2, "attempts": 2, "outcome": "error"},
    ]
    assert [row["outcome"] for row in data["tasks"]] == ["passed", "error", "error", "failed"]


def test_the_summary_is_plain_json() -> None:
    summary = summarize([record(1, sites=("a", "b"))], run_info((1,)))
    data = json.loads(json.dumps(summary.to_json()))
    assert data["tasks"][0]["sites"] == ["a", "b"]
    assert data["run"]["model"] == "gpt-test"
    assert set(data) >= {"by_site", "by_template", "by_task_type", "totals", "means"}


# -- the HTML page ------------------------------------------------------------------------


def test_the_page_names_the_run_and_says_how_many_passed() -> None:
    records = [record(i, passed=i > 3) for i in range(1, 56)]
    html = render_html(summarize(records, run_info(tuple(range(1, 56)))))
    assert "<title>WebArena run: gpt-test, plan mode, webarena-verified</title>" in html
    assert "<h1>WebArena run: gpt-test, plan mode, webarena-verified</h1>" in html
    assert "52 of 55 tasks passed (94.5%)" in html


def test_hostile_task_text_is_escaped_everywhere() -> None:
    records = [
        record(1, intent=HOSTILE, intent_template=HOSTILE, sites=("<b>x</b>",)),
        record(2, error=f"crashed on {HOSTILE}", passed=False),
    ]
    html = render_html(summarize(records, None))
    assert "<script" not in html
    assert "<b>x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_page_loads_nothing_from_anywhere() -> None:
    records = [
        record(1, intent="See https://example.com/x", sites=("gitlab", "reddit")),
        record(2, error="boom"),
    ]
    html = render_html(summarize(records, run_info((1, 2, 3))))
    page = parse(html)
    assert not {"script", "link", "iframe", "img", "object", "embed"} & set(page.tags)
    for tag, name, value in page.attributes:
        if name in ("src", "href", "srcset", "action", "xlink:href", "data"):
            assert not re.match(r"^[a-z][a-z0-9+.-]*:|^//", value, re.I), (tag, name, value)
        assert not value.lower().startswith("javascript:"), (tag, name, value)
    assert "url(" not in html
    assert "@import" not in html


def test_every_chart_is_an_image_with_a_summary_and_titled_bars() -> None:
    records = [
        record(1, sites=("gitlab",), template=1),
        record(2, sites=("reddit", "gitlab"), template=2, passed=False),
    ]
    html = render_html(summarize(records, None))
    labels = re.findall(r'<svg role="img" aria-label="([^"]*)"', html)
    assert len(labels) == 4
    assert labels[0] == "Success per site: gitlab 1 of 1; gitlab+reddit 0 of 1"
    assert labels[1] == "Success per task type: RETRIEVE 1 of 2"
    assert html.count("<svg") == 4
    assert "<title>gitlab+reddit: 0 of 1 passed</title>" in html


def test_very_many_templates_are_all_charted_and_summarised() -> None:
    records = [record(i, template=i, passed=i % 3 == 0) for i in range(1, 151)]
    html = render_html(summarize(records, None))
    chart = html.split("Success per intent template</figcaption>", 1)[1].split("</svg>", 1)[0]
    assert chart.count("<title>#") == 150
    assert 'aria-label="Success per intent template: 150 templates, 50 with every task' in chart
    # Sorted by success: every passing template's bar comes before the failing ones.
    titles = re.findall(r"<title>#(\d+)", chart)
    assert all(int(t) % 3 == 0 for t in titles[:50])


def test_a_run_with_nothing_finished_says_so() -> None:
    html = render_html(summarize([], run_info((1, 2))))
    assert "No task has finished yet." in html
    assert "0 of 2 selected tasks finished" in html
    assert "<svg" not in html


def test_a_run_of_only_errors() -> None:
    records = [record(i, error=f"failure {i}") for i in (1, 2, 3)]
    html = render_html(summarize(records, None))
    assert "0 of 3 tasks passed (0.0%)" in html
    assert "Errors (3)" in html
    for i in (1, 2, 3):
        assert f'<a href="#task-{i}">Task {i}</a>: failure {i}' in html
    assert "no readable run.json" in html


# -- writing them -------------------------------------------------------------------------


def test_write_reports_writes_both_files_and_links_only_existing_task_files(
    tmp_path: Path,
) -> None:
    write_run(tmp_path, [record(47), record(48, error="crashed")], run_info((47, 48, 49)))
    (tmp_path / "47" / RESPONSE_FILE).write_text("{}")
    (tmp_path / "47" / HAR_FILE).write_text("{}")
    (tmp_path / "47" / "run.log").write_text("log")
    (tmp_path / "48" / "run.log").write_text("log")
    summary = write_reports(tmp_path)
    assert json.loads((tmp_path / "summary.json").read_text()) == summary.to_json()
    html = (tmp_path / "report.html").read_text()
    links = [
        value
        for tag, name, value in parse(html).attributes
        if tag == "a" and name == "href" and not value.startswith("#")
    ]
    assert "47/agent_response.json" in links
    assert "47/network.har" in links
    assert "47/run.log" in links
    assert "48/run.log" in links
    assert "48/network.har" not in links  # it crashed before it had one
    assert all((tmp_path / link).is_file() for link in links), links
    assert summary.unfinished == (49,)
    assert not list(tmp_path.glob(".*.tmp"))


def test_write_reports_on_an_empty_run(tmp_path: Path) -> None:
    write_run(tmp_path, [], run_info((1, 2)))
    summary = write_reports(tmp_path)
    assert summary.to_json()["finished"] == 0
    assert summary.unfinished == (1, 2)
    assert "No task has finished yet." in (tmp_path / "report.html").read_text()


def test_write_reports_without_run_json(tmp_path: Path) -> None:
    write_run(tmp_path, [record(1)])
    summary = write_reports(tmp_path)
    assert summary.run is None
    assert json.loads((tmp_path / "summary.json").read_text())["run"] is None


def test_write_reports_needs_a_folder(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no run folder"):
        write_reports(tmp_path / "missing")
