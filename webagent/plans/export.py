"""A plan library as JSON, to move it between machines: the format, its checks, the round trip.

    data = export_library(library)              # JSON-able, in a fixed order
    import_library(other, data, replace=False)  # the same keys, versions and lessons there

An export is `{"format": "webagent-plans", "format_version": 1, "keys": [...]}`; each key
entry holds its example intent, its best mark, its versions and its lessons, with their
numbers. `import_library` into an empty library reproduces an export exactly. An export is
checked before anything is written: its shape, its keys, and the numbers that refer to each
other (a best mark or a lesson's `used_by` naming a version it holds; no version or lesson
twice). Every problem is a `ConfigError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from webagent.errors import ConfigError
from webagent.plans.keys import PlanKey
from webagent.plans.library import KeyContents, Lesson, PlanLibrary, PlanVersion

EXPORT_FORMAT = "webagent-plans"
EXPORT_VERSION = 1


@dataclass(frozen=True, slots=True)
class ExportCounts:
    """How much an export holds, for messages."""

    keys: int
    versions: int
    lessons: int

    def __str__(self) -> str:
        counts = ((self.keys, "key"), (self.versions, "version"), (self.lessons, "lesson"))
        return ", ".join(f"{n} {noun}{'' if n == 1 else 's'}" for n, noun in counts)


class _ExportModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _VersionEntry(_ExportModel):
    version: int = Field(ge=1)
    text: str
    created: str = ""
    runs: list[str] = []
    note: str = ""
    score: float | None = Field(default=None, ge=0.0, le=1.0)


class _LessonEntry(_ExportModel):
    id: int = Field(ge=1)
    run: str
    task: str = ""
    success: bool
    summary: str
    flaws: str
    revision: str
    created: str = ""
    used_by: int | None = None


class _KeyEntry(_ExportModel):
    key: str
    example: str | None = None
    best: int | None = None
    versions: list[_VersionEntry] = []
    lessons: list[_LessonEntry] = []


class _Export(_ExportModel):
    format: Literal["webagent-plans"]
    format_version: int = Field(default=EXPORT_VERSION, ge=1, le=EXPORT_VERSION)
    keys: list[_KeyEntry]


def export_library(library: PlanLibrary) -> dict[str, Any]:
    """Everything in `library`, as JSON-able data in a fixed order: per key its example,
    best mark, versions and lessons. `import_library` into an empty library reproduces it."""
    entries = [
        {"key": str(entry.key), "example": entry.example, "best": entry.best}
        | {
            "versions": [_json(version, _VersionEntry) for version in entry.versions],
            "lessons": [_json(lesson, _LessonEntry) for lesson in entry.lessons],
        }
        for entry in library.contents()
    ]
    return {"format": EXPORT_FORMAT, "format_version": EXPORT_VERSION, "keys": entries}


def import_library(library: PlanLibrary, data: Mapping[str, Any], *, replace: bool = False) -> int:
    """Add an export's keys, versions and lessons to `library`, keeping their numbers;
    returns how many versions were added. A key the library already has versions or lessons
    of is refused (ConfigError naming it) unless `replace`, which first removes those keys.
    Lessons keep their ids where the library has not used them already."""
    dump = _parse_export(data)
    library.load([_contents(entry) for entry in dump.keys], replace=replace)
    return sum(len(entry.versions) for entry in dump.keys)


def export_counts(data: Mapping[str, Any]) -> ExportCounts:
    """The keys, versions and lessons of an export (checked as `import_library` checks it)."""
    dump = _parse_export(data)
    return ExportCounts(
        keys=len(dump.keys),
        versions=sum(len(entry.versions) for entry in dump.keys),
        lessons=sum(len(entry.lessons) for entry in dump.keys),
    )


def _parse_export(data: Mapping[str, Any]) -> _Export:
    """The export validated: its shape, its keys, and the numbers that refer to each other."""
    try:
        dump = _Export.model_validate(dict(data))
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in problem['loc']) or 'top'}: {problem['msg']}"
            for problem in error.errors()
        )
        raise ConfigError(f"not a plan library export: {problems}") from error
    names: set[str] = set()
    lesson_ids: set[int] = set()
    for entry in dump.keys:
        PlanKey.parse(entry.key)
        if entry.key in names:
            raise ConfigError(f"the export holds {entry.key} twice")
        names.add(entry.key)
        numbers = [version.version for version in entry.versions]
        if len(set(numbers)) != len(numbers):
            raise ConfigError(f"the export holds a version of {entry.key} twice")
        used = {lesson.used_by for lesson in entry.lessons} - {None}
        for number in used | ({entry.best} - {None}):
            if number not in numbers:
                raise ConfigError(f"the export refers to version {number} of {entry.key}, absent")
        for lesson in entry.lessons:
            if lesson.id in lesson_ids:
                raise ConfigError(f"the export holds lesson {lesson.id} twice")
            lesson_ids.add(lesson.id)
    return dump


def _contents(entry: _KeyEntry) -> KeyContents:
    """A checked key entry as the library adds it (an empty `created` is filled in there)."""
    key = PlanKey.parse(entry.key)
    versions = tuple(
        PlanVersion(key=key, **version.model_dump() | {"runs": tuple(version.runs)})
        for version in entry.versions
    )
    lessons = tuple(Lesson(key=key, **lesson.model_dump()) for lesson in entry.lessons)
    return KeyContents(key, entry.example, entry.best, versions, lessons)


def _json(item: PlanVersion | Lesson, entry: type[_ExportModel]) -> dict[str, Any]:
    """A version or lesson as it is exported: the entry's fields in order, lists for tuples."""
    values = {name: getattr(item, name) for name in entry.model_fields}
    return {name: list(v) if isinstance(v, tuple) else v for name, v in values.items()}
