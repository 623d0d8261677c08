"""`webagent run` as a user runs it: a local site, a model endpoint, the answer and metrics."""

from __future__ import annotations

import json

import pytest

from tests.controller.scenario import Scenario, evaluation, step, stop
from webagent.cli import main
from webagent.llm.server import start_model_server

pytestmark = pytest.mark.browser


def test_run_prints_the_answer_and_the_metrics(capsys: pytest.CaptureFixture[str]) -> None:
    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Read the store's name on the home page"]}),
            ("step", step("note_down", text="One Stop Market")),
            (
                "step",
                step(
                    "stop",
                    **evaluation(True, subtask_done=True, task_done=True),
                    **stop(["One Stop Market"]),
                ),
            ),
        ]
    )
    with start_model_server(answerer=scenario) as server:
        code = main(
            [
                "run",
                "--site",
                "demo_shop",
                "--base-url",
                server.url,
                "--model",
                "gpt-4o-mini",
                "What is the store called?",
            ]
        )
    out, err = capsys.readouterr()
    assert code == 0
    assert "status: SUCCESS (stop)" in out
    assert 'answer: ["One Stop Market"]' in out
    assert "actions 1, trials 1" in out
    assert "model calls 2 (2.00 per action)" in out  # the plan comes with the first step
    assert "plan:\n1. Read the store's name on the home page" in err  # progress on stderr
    assert "action: note_down [One Stop Market] -> ok" in err


def test_run_json_carries_steps_notes_and_usage(capsys: pytest.CaptureFixture[str]) -> None:
    scenario = Scenario(
        [
            ("step", step("stop", **stop(None, status="NOT_FOUND_ERROR"))),
        ]
    )
    with start_model_server(answerer=scenario) as server:
        code = main(
            [
                "run",
                "--site",
                "demo_shop",
                "--base-url",
                server.url,
                "--mode",
                "react",
                "--json",
                "--quiet",
                "Find the store's phone number",
            ]
        )
    data = json.loads(capsys.readouterr().out)
    assert code == 1  # not a success
    assert data["answer"]["status"] == "NOT_FOUND_ERROR"
    assert data["calls"] == {"step": 1}
    assert data["usage"]["calls"] == 1
    assert data["usage"]["prompt_tokens"] > 0
    assert data["metrics"]["actions"] == 0


def test_run_with_an_unreachable_model_ends_with_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            "run",
            "--site",
            "demo_shop",
            "--base-url",
            "http://127.0.0.1:9/v1",
            "--timeout",
            "2",
            "--max-retries",
            "1",
            "--quiet",
            "What is the store called?",
        ]
    )
    out = capsys.readouterr().out
    assert code == 1
    assert "status: UNKNOWN_ERROR" in out
    assert "ModelUnavailableError" in out


def test_run_with_an_unknown_mode_or_site_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--site", "nowhere", "--base-url", "http://127.0.0.1:9/v1", "t"]) == 2
    assert "no profile for site 'nowhere'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["run", "--site", "demo_shop", "--mode", "yolo", "t"])
