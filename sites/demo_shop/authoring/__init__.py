"""Building the demo shop's tasks and oracle solutions from its seed data.

Every expected answer is read from a freshly built seed database, so tasks and data cannot
drift apart. Intents are phrased the way WebArena's shopping tasks are; each task comes with
its oracle: steps naming elements by role and name, and the final response.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path

from .book import TaskBook
from .mutate import mutate_tasks
from .navigate import navigate_tasks
from .retrieve import retrieve_tasks
from .seed_facts import Seed
from .unreachable import unreachable_tasks


def build(seed: Seed) -> TaskBook:
    book = TaskBook()
    for part in (retrieve_tasks, navigate_tasks, mutate_tasks, unreachable_tasks):
        part(book, seed)
    return book


def write(folder: Path, build_seed: Callable[[Path], None]) -> TaskBook:
    """Build the seed, then the tasks and oracle files in `folder`."""
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "seed.sqlite"
        build_seed(path)
        book = build(Seed(path))
    (folder / "tasks.json").write_text(json.dumps(book.tasks, indent=2) + "\n", encoding="utf-8")
    oracle = {"tasks": book.solutions}
    (folder / "oracle.json").write_text(json.dumps(oracle, indent=2) + "\n", encoding="utf-8")
    return book
