"""Task files in WebArena-Verified's format, validated by the package's own task model.

A task names its sites (`shopping`, `gitlab`, ...) and writes their addresses as placeholders
(`__SHOPPING__/checkout/cart/`); `render_url` puts a deployment's real base URLs in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from pydantic import ValidationError

from webagent.errors import ConfigError


class Task(Protocol):
    """The parts of a webarena-verified `WebArenaVerifiedTask` webagent reads (the package
    has no type information, so this states them)."""

    @property
    def task_id(self) -> int: ...
    @property
    def intent_template_id(self) -> int: ...
    @property
    def intent(self) -> str: ...
    @property
    def intent_template(self) -> str: ...
    @property
    def start_urls(self) -> tuple[str, ...]: ...
    @property
    def sites(self) -> tuple[Any, ...]: ...
    @property
    def eval(self) -> tuple[Any, ...]: ...
    @property
    def expected_action(self) -> str: ...


def placeholder(site: str) -> str:
    """`shopping` -> `__SHOPPING__`."""
    return f"__{site.upper()}__"


def load_tasks(path: str | Path) -> tuple[Task, ...]:
    """Read and validate a task file; `ConfigError` names the file, the task and the field."""
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise ConfigError(f"no task file at {path}") from error
    except json.JSONDecodeError as error:
        raise ConfigError(f"{path} is not JSON: {error}") from error
    if not isinstance(raw, list):
        raise ConfigError(f"{path}: expected a JSON list of tasks")
    from webarena_verified.types.task import WebArenaVerifiedTask  # a second to import: here

    tasks: list[Task] = []
    seen: set[int] = set()
    for index, item in enumerate(raw):
        try:
            task: Task = WebArenaVerifiedTask.model_validate(item)
        except ValidationError as error:
            where = f"task_id {item.get('task_id')}" if isinstance(item, dict) else f"item {index}"
            problems = "; ".join(
                f"{'.'.join(str(part) for part in issue['loc'])}: {issue['msg']}"
                for issue in error.errors()[:5]
            )
            raise ConfigError(f"{path}: {where}: {problems}") from error
        if task.task_id in seen:
            raise ConfigError(f"{path}: task_id {task.task_id} appears twice")
        seen.add(task.task_id)
        tasks.append(task)
    return tuple(tasks)


def render_url(url: str, site_urls: Mapping[str, str]) -> str:
    """Replace each site placeholder in `url` by that site's base URL."""
    for site, base in site_urls.items():
        url = url.replace(placeholder(site), base.rstrip("/"))
    return url
