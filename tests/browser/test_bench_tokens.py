"""The token benchmark on one demo-shop task: the real runner, every request measured as sent,
and the time of a step split between the browser, the model and webagent."""

from __future__ import annotations

from pathlib import Path

import pytest

from webagent.bench.tokens import measure_tokens, report_markdown
from webagent.llm.prefix import request_tokens

pytestmark = pytest.mark.browser


def test_one_task_is_measured_through_the_runner_and_timed(tmp_path: Path) -> None:
    report = measure_tokens("demo_shop", task_ids=[1], out=tmp_path / "run")
    assert (report.tasks, report.passed) == (1, 1)
    assert (tmp_path / "run" / "1" / "record.json").is_file()  # through webagent webarena run
    step = next(q for q in report.queries if q.query == "step")
    assert step.requests == report.calls - sum(
        q.requests for q in report.queries if q.query != "step"
    )
    assert 0 < step.median <= step.p90 <= step.max
    assert 0 <= step.prefix_median <= step.max
    assert report.tokens >= step.median * step.requests / 2
    assert report.calls_per_action == pytest.approx(report.calls / report.actions)
    split = report.time
    assert split is not None
    assert split.actions == report.actions
    assert min(split.browser, split.model, split.webagent) > 0
    text = report_markdown(report)
    assert "| step | " in text
    assert "webagent's own" in text


def test_request_tokens_count_the_tools_and_every_message() -> None:
    bare = {"messages": [{"role": "user", "content": "hello"}]}
    tooled = {**bare, "tools": [{"type": "function", "function": {"name": "act"}}]}
    assert len(request_tokens(tooled)) > len(request_tokens(bare)) > 0
