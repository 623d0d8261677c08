"""Which tasks must not run at the same time: those that change the same part of a site.

WebArena's sites keep one standard account each, so two tasks changing the same thing at
once see each other's changes (two purchases share one cart). A MUTATE task holds locks
named `site:resource`, the resources being what its evaluators expect it to request, mapped
by `sites/<site>/resources.toml`; a request no resource names, or a site without the file,
locks the whole site (`site:*`). Tasks that only read or navigate hold nothing.

    task_locks(task)                 # frozenset({"shopping:cart", "shopping:orders"})
    clash({"shopping:*"}, {"shopping:cart"})   # True
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from webagent.errors import ConfigError
from webagent.runner.selection import site_names
from webagent.sites.catalog import sites_root
from webagent.webarena import Task, placeholder

RESOURCES_FILE = "resources.toml"
WHOLE_SITE = "*"


class _Resources(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    resources: dict[str, tuple[str, ...]]

    @field_validator("resources")
    @classmethod
    def _compiles(cls, value: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        for name, patterns in value.items():
            for pattern in patterns:
                try:
                    re.compile(pattern)
                except re.error as error:
                    raise ValueError(f"{name}: {pattern!r} is not a regex: {error}") from None
        return value


@cache
def site_resources(site: str) -> Mapping[str, tuple[re.Pattern[str], ...]] | None:
    """The resources of `site` and the request paths that change each; None without a map."""
    path = sites_root() / site / RESOURCES_FILE
    if not path.is_file():
        return None
    try:
        data = _Resources.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise ConfigError(f"{path}: {error}") from error
    return {
        name: tuple(re.compile(pattern) for pattern in patterns)
        for name, patterns in data.resources.items()
    }


def task_locks(task: Task) -> frozenset[str]:
    """What `task` must hold alone while it runs (nothing unless it is a MUTATE task)."""
    if str(task.expected_action).upper() != "MUTATE":
        return frozenset()
    urls = [
        str(url)
        for config in getattr(task, "network_event_evaluator_cfgs", ())
        if (url := getattr(config.expected, "url", None))
    ]
    locks: set[str] = set()
    for site in site_names(task):
        mark = placeholder(site)
        paths = [url.lstrip("^").split(mark, 1)[1] for url in urls if mark in url]
        locks |= {f"{site}:{name}" for name in _resources(site, paths)}
    if not locks:  # it changes something no evaluator names: every site it uses
        locks = {f"{site}:{WHOLE_SITE}" for site in site_names(task)}
    return frozenset(locks)


def _resources(site: str, paths: list[str]) -> set[str]:
    if not paths:
        return set()
    known = site_resources(site)
    names: set[str] = set()
    for path in paths:
        matched = {
            name
            for name, patterns in (known or {}).items()
            if any(pattern.search(path) for pattern in patterns)
        }
        names |= matched or {WHOLE_SITE}
    return names


def clash(ours: Iterable[str], theirs: Iterable[str]) -> bool:
    """Whether two sets of locks overlap (a whole-site lock overlaps every lock on its site)."""
    held = set(theirs)
    for lock in ours:
        site, _, resource = lock.partition(":")
        for other in held:
            other_site, _, other_resource = other.partition(":")
            if site == other_site and WHOLE_SITE in (resource, other_resource):
                return True
            if lock == other:
                return True
    return False
