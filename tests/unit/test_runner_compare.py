"""Comparing two runs' folders (no browser): success deltas, fixed and broken tasks, costs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_runner_report import record, run_info, write_run
from webagent.errors import ConfigError
from webagent.runner.compare import compare_runs
from webagent.runner.record import TaskRecord


@pytest.fixture
def runs(tmp_path: Path) -> tuple[Path, Path]:
    """A: 1 2 pass, 3 fails, 4 errors, 5 passes. B: 1 passes, 2 fails, 3 and 4 pass, 6 passes."""
    a_records = [
        record(1, sites=("gitlab",), cost=0.10, calls=10, seconds=60),
        record(2, sites=("reddit", "gitlab"), task_type="MUTATE", cost=0.10, calls=10),
        record(3, sites=("shopping",), passed=False, cost=0.10, calls=10),
        record(4, sites=("shopping",), error="crashed", cost=0.10, calls=10),
        record(5, sites=("gitlab",), task_type="NAVIGATE"),
    ]
    b_records = [
        record(1, sites=("gitlab",), cost=0.05, calls=4, seconds=20),
        record(2, sites=("gitlab", "reddit"), task_type="MUTATE", passed=False, cost=0.05),
        record(3, sites=("shopping",), cost=0.05, calls=4),
        record(4, sites=("shopping",), cost=0.05, calls=4),
        record(6, sites=("wikipedia",)),
    ]
    a, b = tmp_path / "a", tmp_path / "b"
    write_run(a, a_records, run_info((1, 2, 3, 4, 5)))
    write_run(b, b_records)
    return a, b


def test_fixed_broken_and_tasks_in_one_run_only(runs: tuple[Path, Path]) -> None:
    comparison = compare_runs(*runs)
    assert comparison.fixed == (3, 4)
    assert comparison.broken == (2,)
    assert comparison.only_a == (5,)
    assert comparison.only_b == (6,)


def test_overall_success_and_the_difference_in_points(runs: tuple[Path, Path]) -> None:
    comparison = compare_runs(*runs)
    overall = comparison.overall
    assert (overall.a_passed, overall.a_tasks, overall.b_passed, overall.b_tasks) == (3, 5, 4, 5)
    assert overall.delta == pytest.approx(20.0)
    common = comparison.common
    assert common is not None  # the task sets differ: the common tasks get their own line
    assert (common.a_passed, common.a_tasks, common.b_passed, common.b_tasks) == (2, 4, 3, 4)
    assert common.delta == pytest.approx(25.0)


def test_per_site_and_per_task_type(runs: tuple[Path, Path]) -> None:
    comparison = compare_runs(*runs)
    sites = {r.key: (r.a_passed, r.a_tasks, r.b_passed, r.b_tasks) for r in comparison.by_site}
    assert sites == {
        "gitlab": (2, 2, 1, 1),
        "gitlab+reddit": (1, 1, 0, 1),
        "shopping": (0, 2, 2, 2),
        "wikipedia": (0, 0, 1, 1),
    }
    shopping = next(r for r in comparison.by_site if r.key == "shopping")
    assert shopping.delta == pytest.approx(100.0)
    wikipedia = next(r for r in comparison.by_site if r.key == "wikipedia")
    assert wikipedia.delta is None  # not in A at all: no difference to speak of
    assert [r.key for r in comparison.by_task_type] == ["RETRIEVE", "MUTATE", "NAVIGATE"]
    mutate = comparison.by_task_type[1]
    assert mutate.delta == pytest.approx(-100.0)


def test_mean_cost_calls_and_seconds_per_task(runs: tuple[Path, Path]) -> None:
    comparison = compare_runs(*runs)
    assert comparison.a.mean_cost == pytest.approx(0.08)
    assert comparison.b.mean_cost == pytest.approx(0.04)
    assert comparison.a.mean_calls == pytest.approx(8)
    assert comparison.b.mean_calls == pytest.approx(12 / 5)
    assert comparison.a.mean_seconds == pytest.approx(12)
    assert comparison.b.mean_seconds == pytest.approx(4)


def test_labels_come_from_run_json_or_the_folder(runs: tuple[Path, Path]) -> None:
    comparison = compare_runs(*runs)
    assert comparison.a.label == "gpt-test (plan)"
    assert comparison.b.label == str(runs[1])


def test_the_text_report(runs: tuple[Path, Path]) -> None:
    text = compare_runs(*runs).text()
    lines = text.splitlines()
    assert lines[0].startswith("A  gpt-test (plan)")
    assert any(
        line.split() == ["all", "tasks", "3/5", "60.0%", "4/5", "80.0%", "+20.0", "pts"]
        for line in lines
    ), text
    assert any(line.startswith("site shopping") and line.endswith("+100.0 pts") for line in lines)
    assert any(line.startswith("mean cost") and line.endswith("-$0.0400") for line in lines)
    assert "fixed, failed in A and passed in B (2): 3, 4" in lines
    assert "broken, passed in A and not in B (1): 2" in lines
    assert "only in A (1): 5" in lines
    assert "only in B (1): 6" in lines


def test_the_json_shape(runs: tuple[Path, Path]) -> None:
    data = compare_runs(*runs).to_json()
    assert data["fixed"] == [3, 4]
    assert data["overall"]["delta_points"] == pytest.approx(20.0)
    assert data["a"]["means"]["cost"] == pytest.approx(0.08)


def test_the_same_tasks_have_no_common_line(tmp_path: Path) -> None:
    same: list[TaskRecord] = [record(1), record(2, passed=False)]
    write_run(tmp_path / "a", same)
    write_run(tmp_path / "b", same)
    comparison = compare_runs(tmp_path / "a", tmp_path / "b")
    assert comparison.common is None
    assert comparison.fixed == comparison.broken == ()
    assert comparison.overall.delta == 0.0


def test_a_missing_folder_is_a_config_error(runs: tuple[Path, Path], tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"no run folder at .*nowhere"):
        compare_runs(runs[0], tmp_path / "nowhere")
    with pytest.raises(ConfigError, match="not a run folder"):
        compare_runs(runs[0], runs[0] / "1" / "record.json")


def test_a_folder_without_records_is_a_config_error(
    runs: tuple[Path, Path], tmp_path: Path
) -> None:
    empty = tmp_path / "empty"
    (empty / "12").mkdir(parents=True)  # started, never finished: no record.json
    with pytest.raises(ConfigError, match="holds no finished task"):
        compare_runs(empty, runs[1])
