"""The plan library: versions, best marks, scores, lessons and examples in SQLite; processes
writing one file at once; `webagent plans` (export and import: test_plan_export.py)."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from webagent.controller.result import Metrics, RunResult
from webagent.errors import ConfigError
from webagent.llm.queries import FinalAnswer
from webagent.plans.export import export_library
from webagent.plans.keys import PlanKey, key_for
from webagent.plans.library import Lesson, PlanLibrary, default_path
from webagent.plans.use import PlanUse

PRICE = PlanKey("shopping", "template:17")
WISH = PlanKey("shopping", "intent:add-text-to-my-wish-list")
FORUM = PlanKey("reddit", "template:3")
WORKERS, EACH = 4, 25


@pytest.fixture
def library(tmp_path: Path) -> Iterator[PlanLibrary]:
    with PlanLibrary(tmp_path / "plans.sqlite") as opened:
        yield opened


def lesson(key: PlanKey, run: str, *, success: bool = False) -> Lesson:
    return Lesson(key, run, success, f"summary of {run}", f"flaws of {run}", f"revise {run}")


def filled(library: PlanLibrary) -> None:
    """Two keys with versions, a best mark, a score, used and unused lessons; a third key
    with only an example."""
    library.remember_example(PRICE, "What is the price of 'Sony WH-1000'?")
    library.add_version(PRICE, "1. Search the product.", note="initial")
    first = library.add_lesson(lesson(PRICE, "task 16 (iteration 1)"))
    second = library.add_lesson(lesson(PRICE, "task 17 (iteration 1)", success=True))
    library.add_version(
        PRICE,
        "1. Search the product.\n2. Open it and read the price.",
        runs=["task 16 (iteration 1)", "task 17 (iteration 1)"],
        note="learned from batch 1 of iteration 1",
        score=0.75,
    )
    library.mark_used([first.id, second.id], 2)
    library.add_lesson(lesson(PRICE, "task 18 (iteration 2)"))
    library.set_best(PRICE, 1)
    library.add_version(FORUM, "1. Open the forum.\n2. Sort by new.", score=0.5)
    library.add_lesson(lesson(FORUM, "task 3"))
    library.remember_example(WISH, "Add 'Logitech M705' to my wish list")


# -- versions, best, scores


def test_versions_are_numbered_from_one_and_history_is_oldest_first(
    library: PlanLibrary,
) -> None:
    texts = [f"1. step {n}" for n in range(1, 5)]
    made = [library.add_version(PRICE, text, runs=[f"task {n}"]) for n, text in enumerate(texts)]
    assert [v.version for v in made] == [1, 2, 3, 4]
    history = library.history(PRICE)
    assert [v.version for v in history] == [1, 2, 3, 4]
    assert [v.text for v in history] == texts
    assert history[2].runs == ("task 2",)
    assert library.version(PRICE, 3) == made[2]
    assert library.history(FORUM) == []
    # Another key counts on its own; a lone string is one run, not a run per letter.
    assert library.add_version(FORUM, "1. x", runs="task 9").runs == ("task 9",)
    assert library.history(FORUM)[0].version == 1


def test_best_is_the_marked_version_else_the_latest(library: PlanLibrary) -> None:
    assert library.best(PRICE) is None
    library.add_version(PRICE, "v1")
    library.add_version(PRICE, "v2")
    best = library.best(PRICE)
    assert best is not None
    assert best.text == "v2"
    library.set_best(PRICE, 1)
    library.add_version(PRICE, "v3")
    best = library.best(PRICE)
    assert best is not None
    assert (best.version, best.text) == (1, "v1")
    with pytest.raises(ConfigError, match="no version 7"):
        library.set_best(PRICE, 7)


def test_scores_are_kept_and_checked(library: PlanLibrary) -> None:
    library.add_version(PRICE, "v1", score=0.25)
    library.add_version(PRICE, "v2")
    assert library.version(PRICE, 1).score == 0.25
    assert library.version(PRICE, 2).score is None
    library.set_score(PRICE, 2, 0.8)
    assert library.version(PRICE, 2).score == 0.8
    with pytest.raises(ConfigError, match="from 0 to 1"):
        library.set_score(PRICE, 2, 1.5)
    with pytest.raises(ConfigError, match="from 0 to 1"):
        library.add_version(PRICE, "v3", score=float("nan"))
    with pytest.raises(ConfigError, match="no version 9"):
        library.set_score(PRICE, 9, 0.5)
    with pytest.raises(ConfigError, match="shopping/template:17 has no version 3"):
        library.version(PRICE, 3)


# -- lessons and examples


def test_lessons_are_unused_until_a_version_uses_them(library: PlanLibrary) -> None:
    stored = [library.add_lesson(lesson(PRICE, f"task {n}")) for n in range(3)]
    assert [s.id for s in stored] == sorted({s.id for s in stored})
    assert all(s.created for s in stored)
    assert stored[0].summary == "summary of task 0"
    assert library.lessons(PRICE) == stored
    version = library.add_version(PRICE, "1. learned")
    library.mark_used([stored[0].id, stored[2].id], version.version)
    assert library.lessons(PRICE) == [stored[1]]
    everything = library.lessons(PRICE, unused=False)
    assert [(s.run, s.used_by) for s in everything] == [
        ("task 0", 1),
        ("task 1", None),
        ("task 2", 1),
    ]
    assert library.lessons(FORUM) == []
    with pytest.raises(ConfigError, match="no lesson 999"):
        library.mark_used([999], 1)
    with pytest.raises(ConfigError, match="no version 5"):
        library.mark_used([stored[1].id], 5)
    assert library.lessons(PRICE) == [stored[1]]  # the failed call changed nothing


def test_lessons_keep_the_task_and_a_given_creation_time(library: PlanLibrary) -> None:
    given = Lesson(PRICE, "task 1", True, "s", "f", "r", task="Buy a mug", created="2024-01-01")
    stored = library.add_lesson(given)
    assert (stored.task, stored.created, stored.success) == ("Buy a mug", "2024-01-01", True)
    assert library.lessons(PRICE) == [stored]


def test_examples_keep_the_first_intent_per_key_and_feed_key_for(library: PlanLibrary) -> None:
    library.remember_example(WISH, "Add 'Logitech M705' to my wish list")
    library.remember_example(WISH, "Add 'Sony WH-1000' to my wish list please")
    library.remember_example(FORUM, "Open the forum 'books'")
    assert library.example(WISH) == "Add 'Logitech M705' to my wish list"
    assert library.examples("shopping") == {WISH: "add <text> to my wish list"}
    assert library.keys() == [FORUM, WISH]
    known = library.examples("shopping")
    assert key_for("shopping", "Add 'Mug' to my wish list", None, known) == WISH


def test_keys_are_listed_by_site_then_template_number(library: PlanLibrary) -> None:
    for kind in ("intent:b", "template:17", "template:2"):
        library.add_version(PlanKey("shopping", kind), "x")
    library.add_lesson(lesson(FORUM, "task 3"))  # a lesson alone makes a key
    keys = library.keys()
    assert [str(k) for k in keys] == [
        "reddit/template:3",
        "shopping/template:2",
        "shopping/template:17",
        "shopping/intent:b",
    ]


# -- files, paths, processes


def test_a_file_that_is_not_a_plan_library_is_a_config_error_naming_it(tmp_path: Path) -> None:
    junk = tmp_path / "notes.sqlite"
    junk.write_text("these are not plans\n" * 100)
    with pytest.raises(ConfigError, match=r"notes\.sqlite.*not a database"):
        PlanLibrary(junk)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE things (x)")
    db.close()
    with pytest.raises(ConfigError, match=r"other\.sqlite is a SQLite database but not a plan"):
        PlanLibrary(other)
    with pytest.raises(ConfigError, match="is a folder"):
        PlanLibrary(tmp_path)


def test_a_new_library_makes_its_folders_uses_wal_and_reopens(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "plans.sqlite"
    with PlanLibrary(path) as library:
        library.add_version(PRICE, "1. x")
    with sqlite3.connect(path) as db:
        (mode,) = db.execute("PRAGMA journal_mode").fetchone()
    db.close()
    assert mode == "wal"
    with PlanLibrary(path) as again:
        assert [v.text for v in again.history(PRICE)] == ["1. x"]
    with pytest.raises(ConfigError, match="closed"):
        again.keys()


def test_default_path_follows_the_environment(tmp_path: Path) -> None:
    home = {"HOME": "/home/u"}
    assert default_path(home) == Path("/home/u/.local/share/webagent/plans.sqlite")
    xdg = {**home, "XDG_DATA_HOME": "/xdg"}
    assert default_path(xdg) == Path("/xdg/webagent/plans.sqlite")
    data = {**xdg, "WEBAGENT_DATA_DIR": "/data"}
    assert default_path(data) == Path("/data/plans.sqlite")
    assert default_path({**data, "WEBAGENT_PLANS": "/p/my.db"}) == Path("/p/my.db")
    assert default_path({**data, "WEBAGENT_PLANS": ""}) == Path("/data/plans.sqlite")


def _pause_before_insert(statement: str) -> None:
    if statement.startswith("INSERT INTO versions"):
        time.sleep(0.002)


def _writer(path: str, worker: int, start: Any) -> None:
    """One worker process: its own library object on the shared file, many small writes,
    begun together."""
    with PlanLibrary(path) as library:
        # Widen the race a non-atomic add_version would lose: pause before each insert of a
        # version, after its number was read (the trace callback runs as a statement starts).
        assert library._db is not None
        library._db.set_trace_callback(_pause_before_insert)
        start.wait(timeout=30)
        for n in range(EACH):
            library.add_version(PRICE, f"plan {worker}.{n}", runs=[f"worker {worker}"])
            library.add_lesson(lesson(PRICE, f"worker {worker} run {n}"))


def test_parallel_writers_lose_no_update(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite"  # created by the workers themselves, at once
    spawn = multiprocessing.get_context("spawn")
    start = spawn.Barrier(WORKERS)
    workers = [
        spawn.Process(target=_writer, args=(str(path), worker, start)) for worker in range(WORKERS)
    ]
    try:
        for process in workers:
            process.start()
        for process in workers:
            process.join(timeout=60)
    finally:
        for process in workers:
            if process.is_alive():
                process.kill()
                process.join()
    assert [process.exitcode for process in workers] == [0] * WORKERS
    with PlanLibrary(path) as library:
        history = library.history(PRICE)
        lessons = library.lessons(PRICE)
    assert [v.version for v in history] == list(range(1, WORKERS * EACH + 1))
    assert len({v.text for v in history}) == WORKERS * EACH
    assert len(lessons) == len({item.id for item in lessons}) == WORKERS * EACH
    for worker in range(WORKERS):
        mine = [v.text for v in history if v.runs == (f"worker {worker}",)]
        assert mine == [f"plan {worker}.{n}" for n in range(EACH)]


def test_threads_may_share_one_library(library: PlanLibrary) -> None:
    def write(worker: int) -> None:
        for n in range(EACH):
            library.add_version(PRICE, f"plan {worker}.{n}")

    threads = [threading.Thread(target=write, args=(worker,)) for worker in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [v.version for v in library.history(PRICE)] == list(range(1, WORKERS * EACH + 1))


# -- webagent plans


def main(argv: list[str]) -> int:
    """`webagent.cli.main`, imported late: the writer processes above import this module,
    and the whole CLI would triple their start-up time."""
    from webagent.cli import main as webagent

    return webagent(argv)


@pytest.fixture
def stocked(tmp_path: Path) -> str:
    path = tmp_path / "cli.sqlite"
    with PlanLibrary(path) as library:
        filled(library)
    return str(path)


def test_plans_list_shows_one_line_per_key(
    stocked: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["plans", "list", "--library", stocked]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    forum, price, wish = lines
    assert forum.startswith("reddit/template:3 ")
    assert "1 version  best v1 (score 0.50)  1 unused lesson" in forum
    assert "2 versions  best v1 (not scored)  1 unused lesson" in price
    assert price.endswith("What is the price of 'Sony WH-1000'?")
    assert "0 versions  no plan  0 unused lessons  Add 'Logitech M705'" in wish
    empty = tmp_path / "none.sqlite"
    assert main(["plans", "list", "--library", str(empty)]) == 0
    assert capsys.readouterr().out == f"no plans yet ({empty})\n"


def test_plans_show_prints_the_best_a_version_or_the_history(
    stocked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["plans", "show", "shopping/template:17", "--library", stocked]) == 0
    out = capsys.readouterr().out
    assert out.startswith("shopping/template:17 v1 of 2 (best)\n")
    assert "note     initial" in out
    assert out.endswith("\n\n1. Search the product.\n")
    assert main(["plans", "show", str(PRICE), "--version", "2", "--library", stocked]) == 0
    out = capsys.readouterr().out
    assert out.startswith("shopping/template:17 v2 of 2\n")
    assert "score    0.75" in out
    assert "runs     task 16 (iteration 1), task 17 (iteration 1)" in out
    assert "note     learned from batch 1 of iteration 1" in out
    assert main(["plans", "show", str(PRICE), "--history", "--library", stocked]) == 0
    out = capsys.readouterr().out
    assert out.index("v1 of 2 (best)") < out.index("v2 of 2") < out.index("2. Open it")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["plans", "show", "shopping/template:99"], "no plan for shopping/template:99"),
        (["plans", "show", "shopping/template:17", "--version", "5"], "no version 5"),
        (["plans", "show", "not-a-key"], "not a plan key"),
        (["plans", "diff", "shopping/template:17", "1", "3"], "no version 3"),
    ],
)
def test_plans_unknown_keys_and_versions_exit_2(
    stocked: str, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--library", stocked]) == 2
    assert message in capsys.readouterr().err


def test_plans_commands_other_than_list_and_import_need_an_existing_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.sqlite"
    assert main(["plans", "show", str(PRICE), "--library", str(missing)]) == 2
    assert f"no plan library at {missing}" in capsys.readouterr().err
    assert not missing.exists()


def test_plans_diff_is_a_unified_diff_of_two_versions(
    stocked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["plans", "diff", str(PRICE), "1", "2", "--library", stocked]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "--- shopping/template:17 v1",
        "+++ shopping/template:17 v2",
        "@@ -1 +1,2 @@",
        " 1. Search the product.",
        "+2. Open it and read the price.",
    ]
    assert main(["plans", "diff", str(PRICE), "2", "2", "--library", stocked]) == 0
    assert "are the same" in capsys.readouterr().out


def test_plans_export_and_import_round_trip(
    stocked: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = tmp_path / "plans.json"
    assert main(["plans", "export", str(exported), "--library", stocked]) == 0
    assert capsys.readouterr().out == f"exported 3 keys, 3 versions, 4 lessons to {exported}\n"
    text = exported.read_text()
    with PlanLibrary(stocked) as library:
        assert json.loads(text) == export_library(library)
    assert text == json.dumps(json.loads(text), indent=2, sort_keys=True) + "\n"

    copy = tmp_path / "copy.sqlite"
    assert main(["plans", "import", str(exported), "--library", str(copy)]) == 0
    out = capsys.readouterr().out
    assert out == f"imported 3 keys, 3 versions, 4 lessons from {exported} into {copy}\n"
    assert main(["plans", "export", "-", "--library", str(copy)]) == 0
    captured = capsys.readouterr()
    assert captured.out == text
    assert "to standard output" in captured.err

    assert main(["plans", "import", str(exported), "--library", str(copy)]) == 2
    assert "refusing to merge" in capsys.readouterr().err
    assert main(["plans", "import", str(exported), "--replace", "--library", str(copy)]) == 0
    capsys.readouterr()


def test_plans_import_of_a_bad_file_exits_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    library = str(tmp_path / "lib.sqlite")
    assert main(["plans", "import", str(bad), "--library", library]) == 2
    assert f"cannot read {bad} as JSON" in capsys.readouterr().err
    bad.write_text('{"format": "something else", "keys": []}')
    assert main(["plans", "import", str(bad), "--library", library]) == 2
    assert f"{bad}: not a plan library export" in capsys.readouterr().err


def _run(how: str, status: str) -> RunResult:
    answer = FinalAnswer(task_type="MUTATE", status=status, retrieved_data=None, error_details=None)
    result = RunResult(answer, how, Metrics(actions=7), plans=["1. open the cart 2. check out"])
    return result


@pytest.mark.parametrize(
    ("how", "status", "kept"),
    [
        ("stop", "SUCCESS", True),
        ("stop", "ACTION_NOT_ALLOWED_ERROR", True),  # the agent's own verdict: it says something
        ("denied", "ACTION_NOT_ALLOWED_ERROR", False),  # a person's no says nothing of the plan
        ("aborted", "UNKNOWN_ERROR", False),
    ],
)
def test_a_run_a_person_ended_leaves_no_lesson(
    library: PlanLibrary, how: str, status: str, kept: bool
) -> None:
    plans = PlanUse(library)
    task = "Buy the cheapest mouse"
    left = plans.leave_lesson(WISH, _run(how, status), name="run", task=task, success=False)
    assert left is kept
    assert len(library.lessons(WISH)) == int(kept)
