"""A plan library's export and import: the round trip is exact, conflicts are refused unless
replaced, ids taken are given anew, malformed exports are config errors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.unit.test_plan_library import FORUM, PRICE, WISH, filled, lesson
from webagent.errors import ConfigError
from webagent.plans.export import export_library, import_library
from webagent.plans.keys import PlanKey
from webagent.plans.library import PlanLibrary


@pytest.fixture
def library(tmp_path: Path) -> Iterator[PlanLibrary]:
    with PlanLibrary(tmp_path / "plans.sqlite") as opened:
        yield opened


def test_export_then_import_into_a_fresh_library_is_exact(
    library: PlanLibrary, tmp_path: Path
) -> None:
    filled(library)
    exported = export_library(library)
    assert [entry["key"] for entry in exported["keys"]] == [str(FORUM), str(PRICE), str(WISH)]
    through_json = json.loads(json.dumps(exported))
    with PlanLibrary(tmp_path / "copy.sqlite") as copy:
        assert import_library(copy, through_json) == 3
        again = export_library(copy)
        assert copy.best(PRICE) == library.best(PRICE)
        assert copy.lessons(PRICE, unused=False) == library.lessons(PRICE, unused=False)
    assert again == exported
    assert json.dumps(again, sort_keys=True) == json.dumps(exported, sort_keys=True)
    price = next(entry for entry in again["keys"] if entry["key"] == str(PRICE))
    assert price["best"] == 1
    assert price["example"] == "What is the price of 'Sony WH-1000'?"
    assert [v["score"] for v in price["versions"]] == [None, 0.75]
    assert [lesson["used_by"] for lesson in price["lessons"]] == [2, 2, None]


def test_importing_keys_the_library_has_is_refused_unless_replaced(
    library: PlanLibrary, tmp_path: Path
) -> None:
    filled(library)
    exported = export_library(library)
    with PlanLibrary(tmp_path / "copy.sqlite") as copy:
        import_library(copy, exported)
        with pytest.raises(ConfigError, match="reddit/template:3, shopping/template:17"):
            import_library(copy, exported)
        assert export_library(copy) == exported  # the refused import changed nothing
        copy.add_version(PRICE, "a local change")
        copy.add_lesson(lesson(FORUM, "local run"))
        assert import_library(copy, exported, replace=True) == 3
        assert export_library(copy) == exported


def test_an_import_next_to_other_keys_keeps_both(library: PlanLibrary, tmp_path: Path) -> None:
    filled(library)
    exported = export_library(library)
    with PlanLibrary(tmp_path / "other.sqlite") as other:
        other.add_version(PlanKey("gitlab", "template:1"), "1. Open the project.")
        mine = other.add_lesson(lesson(PlanKey("gitlab", "template:1"), "task 1"))
        import_library(other, exported)
        keys = other.keys()
        lessons = [other.lessons(key, unused=False) for key in keys]
        ids = [item.id for group in lessons for item in group]
        assert len(ids) == len(set(ids)) == 5  # an id taken here is given anew
        assert other.lessons(PlanKey("gitlab", "template:1")) == [mine]
        assert len(other.history(PRICE)) == 2


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"keys": []}, "format"),
        ({"format": "webagent-plans", "keys": [{"key": "nonsense"}]}, "plan key"),
        (
            {"format": "webagent-plans", "keys": [{"key": "a/template:1", "best": 2}]},
            "version 2 of a/template:1",
        ),
        (
            {
                "format": "webagent-plans",
                "keys": [{"key": "a/template:1", "versions": [{"version": 1, "text": "x"}] * 2}],
            },
            "twice",
        ),
        ({"format": "webagent-plans", "keys": [], "extra": 1}, "extra"),
    ],
)
def test_malformed_exports_are_config_errors(
    library: PlanLibrary, data: dict[str, Any], problem: str
) -> None:
    with pytest.raises(ConfigError, match=problem):
        import_library(library, data)
    assert library.keys() == []
