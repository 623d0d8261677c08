"""Which tasks a run takes: a task set (webarena-verified's own, or a file), then filters.

path = task_file("webarena-verified")          # the package's 812 audited tasks
tasks = select(load_tasks(path), ids=parse_ids("1-20,47"), sites=["shopping"],
               shard=Shard.parse("2/4"))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from webagent.errors import ConfigError
from webagent.webarena import Task

TASK_SETS = {
    "webarena-verified": "webarena-verified.json",
    # the package's file name is misspelt; the set's name is not
    "webarena-verified-hard": "webarna-verfied-hard.json",
}


def task_file(name_or_path: str) -> Path:
    """A task set's file: one of `TASK_SETS` from the webarena-verified package, or a path."""
    if name_or_path in TASK_SETS:
        from webarena_verified.utils import get_package_assets_path  # the package loads slowly

        return Path(get_package_assets_path()) / "dataset" / TASK_SETS[name_or_path]
    path = Path(name_or_path)
    if not path.is_file():
        known = ", ".join(TASK_SETS)
        raise ConfigError(f"no task file at {path} (or name a task set: {known})")
    return path


def parse_ids(text: str) -> list[int]:
    """`"1,5,10-12"` -> [1, 5, 10, 11, 12]."""
    ids: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        low, dash, high = part.partition("-")
        try:
            first = int(low)
            last = int(high) if dash else first
        except ValueError:
            raise ConfigError(f"task ids look like 1,5,10-12, not {part!r}") from None
        if last < first:
            raise ConfigError(f"task id range {part!r} runs backwards")
        ids.extend(range(first, last + 1))
    if not ids:
        raise ConfigError("no task ids given")
    return ids


@dataclass(frozen=True, slots=True)
class Shard:
    """Part `index` (1-based) of `count`: every count-th task of the selection, so each
    shard gets a similar mix of sites and templates."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        index, slash, count = text.partition("/")
        try:
            shard = cls(int(index), int(count))
        except ValueError:
            raise ConfigError(f"--shard takes K/N, e.g. 2/4, not {text!r}") from None
        if not slash or not 1 <= shard.index <= shard.count:
            raise ConfigError(f"--shard K/N needs 1 <= K <= N, not {text!r}")
        return shard

    def take(self, tasks: Sequence[Task]) -> list[Task]:
        return [t for n, t in enumerate(tasks) if n % self.count == self.index - 1]

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def site_names(task: Task) -> tuple[str, ...]:
    """The WebArena sites a task uses, as plain names (`shopping`, `gitlab`)."""
    return tuple(str(getattr(site, "value", site)) for site in task.sites)


def select(
    tasks: Sequence[Task],
    *,
    ids: Iterable[int] | None = None,
    sites: Iterable[str] | None = None,
    shard: Shard | None = None,
) -> list[Task]:
    """The tasks to run, by id: those in `ids` (all when None), using only `sites` (any
    when None), then this machine's `shard`. Unknown ids or sites are a `ConfigError`."""
    chosen = sorted(tasks, key=lambda t: t.task_id)
    if ids is not None:
        wanted = set(ids)
        known = {t.task_id for t in chosen}
        absent = sorted(wanted - known)
        if absent:
            shown = ", ".join(map(str, absent[:10])) + (" ..." if len(absent) > 10 else "")
            raise ConfigError(f"no task(s) {shown} in the task set")
        chosen = [t for t in chosen if t.task_id in wanted]
    if sites is not None:
        allowed = set(sites)
        present = {s for t in chosen for s in site_names(t)}
        unknown = sorted(allowed - present)
        if unknown and not allowed & present:
            raise ConfigError(
                f"no task uses {', '.join(unknown)} (sites here: {', '.join(sorted(present))})"
            )
        chosen = [t for t in chosen if set(site_names(t)) <= allowed]
    if shard is not None:
        chosen = shard.take(chosen)
    return chosen
