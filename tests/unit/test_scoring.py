"""Scoring runs with webarena-verified's evaluators, on hand-made HARs (no browser)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from webagent.errors import ConfigError
from webagent.webarena import AgentResponse, Scorer, Task, load_tasks

BASE = "http://127.0.0.1:7770"
CURRENCY = {"type": "number", "format": "currency"}

TASKS: list[dict[str, Any]] = [
    {
        "sites": ["shopping"],
        "task_id": 1,
        "intent_template_id": 1,
        "start_urls": ["__SHOPPING__"],
        "intent": "What is the grand total of order 000000178?",
        "intent_template": "What is the grand total of order {{order}}?",
        "instantiation_dict": {"order": "000000178"},
        "eval": [
            {
                "evaluator": "AgentResponseEvaluator",
                "results_schema": {
                    "type": "array",
                    "items": {"type": "number", "format": "currency"},
                },
                "expected": {
                    "task_type": "retrieve",
                    "status": "SUCCESS",
                    "retrieved_data": [65.32],
                },
            }
        ],
        "revision": 1,
    },
    {
        "sites": ["shopping"],
        "task_id": 2,
        "intent_template_id": 2,
        "start_urls": ["__SHOPPING__"],
        "intent": "Show me my order history",
        "intent_template": "Show me my order history",
        "instantiation_dict": {},
        "eval": [
            {
                "evaluator": "AgentResponseEvaluator",
                "results_schema": {"type": "null"},
                "expected": {"task_type": "navigate", "status": "SUCCESS", "retrieved_data": None},
            },
            {
                "evaluator": "NetworkEventEvaluator",
                "expected": {"url": "__SHOPPING__/sales/order/history/"},
            },
        ],
        "revision": 1,
    },
    {
        "sites": ["shopping"],
        "task_id": 3,
        "intent_template_id": 3,
        "start_urls": ["__SHOPPING__/mouse.html"],
        "intent": "Add 2 of this mouse to my cart",
        "intent_template": "Add {{n}} of this mouse to my cart",
        "instantiation_dict": {"n": 2},
        "eval": [
            {
                "evaluator": "AgentResponseEvaluator",
                "results_schema": {"type": "null"},
                "expected": {"task_type": "mutate", "status": "SUCCESS", "retrieved_data": None},
            },
            {
                "evaluator": "NetworkEventEvaluator",
                "expected": {
                    "url": "^__SHOPPING__/checkout/cart/add/uenc/.*/product/42$",
                    "http_method": "POST",
                    "post_data": {"qty": "2", "item": "42"},
                },
            },
        ],
        "revision": 1,
    },
]


def _entry(
    url: str, method: str = "GET", body: str | None = None, status: int = 200
) -> dict[str, Any]:
    headers = [{"name": "Accept", "value": "text/html,application/xhtml+xml"}]
    request: dict[str, Any] = {"method": method, "url": url, "headers": headers, "queryString": []}
    if body is not None:
        request["postData"] = {"mimeType": "application/x-www-form-urlencoded", "text": body}
    return {
        "startedDateTime": "2026-11-22T00:00:00.000Z",
        "time": 1,
        "request": request,
        "response": {
            "status": 200,
            "statusText": "OK",
            "headers": [],
            "cookies": [],
            "content": {"size": 0, "mimeType": "text/html"},
            "redirectURL": "",
        },
    }


def _har(tmp_path: Path, *entries: dict[str, Any]) -> Path:
    path = tmp_path / "network.har"
    path.write_text(json.dumps({"log": {"version": "1.2", "entries": list(entries)}}))
    return path


@pytest.fixture(scope="module")
def tasks(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Task]:
    path = tmp_path_factory.mktemp("tasks") / "tasks.json"
    path.write_text(json.dumps(TASKS))
    return {task.task_id: task for task in load_tasks(path)}


@pytest.fixture(scope="module")
def scorer() -> Scorer:
    return Scorer({"shopping": BASE})


def test_a_right_answer_scores_one_and_a_wrong_one_zero(
    tasks: dict[int, Task], scorer: Scorer, tmp_path: Path
) -> None:
    har = _har(tmp_path, _entry(BASE + "/"))
    assert scorer.score(tasks[1], AgentResponse.retrieved(65.32), har).score == 1.0
    assert scorer.score(tasks[1], AgentResponse.retrieved("$65.32"), har).score == 1.0
    wrong = scorer.score(tasks[1], AgentResponse.retrieved(56.32), har)
    assert wrong.score == 0.0
    assert "AgentResponseEvaluator" in wrong.explain()
    not_found = AgentResponse.failed("RETRIEVE", "NOT_FOUND_ERROR", "no such order")
    assert scorer.score(tasks[1], not_found, har).score == 0.0


def test_navigation_is_judged_by_the_last_page_reached(
    tasks: dict[int, Task], scorer: Scorer, tmp_path: Path
) -> None:
    navigate = AgentResponse("NAVIGATE")
    reached = _har(tmp_path, _entry(BASE + "/"), _entry(BASE + "/sales/order/history/"))
    assert scorer.score(tasks[2], navigate, reached).score == 1.0
    elsewhere = _har(tmp_path, _entry(BASE + "/sales/order/history/"), _entry(BASE + "/"))
    assert scorer.score(tasks[2], navigate, elsewhere).score == 0.0


def test_a_mutation_needs_its_request(
    tasks: dict[int, Task], scorer: Scorer, tmp_path: Path
) -> None:
    mutate = AgentResponse("MUTATE")
    url = BASE + "/checkout/cart/add/uenc/aHR0cA,,/product/42/"
    done = _har(
        tmp_path, _entry(BASE + "/mouse.html"), _entry(url, "POST", "product=42&item=42&qty=2")
    )
    assert scorer.score(tasks[3], mutate, done).score == 1.0
    wrong_qty = _har(tmp_path, _entry(url, "POST", "product=42&item=42&qty=1"))
    assert scorer.score(tasks[3], mutate, wrong_qty).score == 0.0
    skipped = _har(tmp_path, _entry(BASE + "/mouse.html"))
    assert scorer.score(tasks[3], mutate, skipped).score == 0.0


def test_an_unreadable_har_is_an_error_not_a_crash(
    tasks: dict[int, Task], scorer: Scorer, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.har"
    broken.write_text("{not json")
    result = scorer.score(tasks[1], AgentResponse.retrieved(65.32), broken)
    assert result.score == 0.0
    assert result.status == "error"


def test_bad_task_files_name_the_task_and_field(tmp_path: Path) -> None:
    path = tmp_path / "tasks.json"
    broken = dict(TASKS[0], start_urls=[])
    del broken["intent"]
    path.write_text(json.dumps([broken]))
    with pytest.raises(ConfigError, match=r"task_id 1: intent"):
        load_tasks(path)
    path.write_text(json.dumps([TASKS[0], TASKS[0]]))
    with pytest.raises(ConfigError, match="appears twice"):
        load_tasks(path)
    path.write_text("[")
    with pytest.raises(ConfigError, match="not JSON"):
        load_tasks(path)
    with pytest.raises(ConfigError, match="no task file"):
        load_tasks(tmp_path / "missing.json")
