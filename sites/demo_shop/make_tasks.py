"""Write `tasks.json` (WebArena-Verified format) and `oracle.json` from the seed data.

    .venv/bin/python sites/demo_shop/make_tasks.py

A test rebuilds both files and compares them with the committed ones. The task templates
live in `authoring/`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).parent


def write(folder: Path = HERE, build_seed: Callable[[Path], None] | None = None) -> int:
    """Rebuild both files in `folder`; return how many tasks were written."""
    from webagent.sites import load_site  # the site package, however this file was reached

    site = load_site("demo_shop")
    authoring = importlib.import_module("webagent_site_demo_shop.authoring")
    book = authoring.write(folder, build_seed or site.reset_database)
    return len(book.tasks)


if __name__ == "__main__":
    print(f"wrote {write()} tasks and their oracle solutions to {HERE}")
