"""The plan library: every version of every plan, and the lessons runs taught, in one SQLite file.

AutoPlan learns a plan per (site, kind of task) over batches of runs. Each run leaves a
`Lesson` (the Summary, flaw Identification and Revision of its reflection); each batch's
update adds a `PlanVersion` made from the unused lessons, which are then marked used by it.
Nothing is overwritten: versions are numbered 1, 2, ... per key, one may be marked best
(else the latest is). `contents` and `load` read and add everything at once, for moving a
library between machines (`webagent.plans.export` holds the JSON format).

Concurrency: several worker processes may write the same file at once. The file is in WAL
mode, a connection waits up to `BUSY_TIMEOUT` seconds for a lock, and every write is one
`BEGIN IMMEDIATE` transaction, so `add_version`'s read-the-highest-then-insert cannot race.
Open one `PlanLibrary` per process, in that process: a connection must not cross a fork or
be pickled (using one in another process raises `ConfigError`). Threads of one process may
share an object; its calls are serialised by a lock. WAL needs a local file system.

Errors are `ConfigError`: a file that is not a plan library, a missing version, a conflicting
import, a database that stays locked.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from webagent.errors import ConfigError
from webagent.plans.keys import PlanKey, normalise_intent

DEFAULT_FILE = "plans.sqlite"
ENV_FILE = "WEBAGENT_PLANS"
ENV_DATA_DIR = "WEBAGENT_DATA_DIR"
BUSY_TIMEOUT = 30.0
"""Seconds a connection waits for another process's write before giving up."""

_APPLICATION_ID = 0x77506C6E  # "wPln" in the file's header: this SQLite file is a plan library
_SCHEMA_VERSION = 1
# One statement each: executescript would commit the transaction that guards the creation.
_SCHEMA = (
    "CREATE TABLE plan_keys (key TEXT PRIMARY KEY, site TEXT NOT NULL, kind TEXT NOT NULL,"
    " example TEXT, best INTEGER)",
    "CREATE TABLE versions (key TEXT NOT NULL REFERENCES plan_keys (key),"
    " version INTEGER NOT NULL, text TEXT NOT NULL, created TEXT NOT NULL, runs TEXT NOT NULL,"
    " note TEXT NOT NULL, score REAL, PRIMARY KEY (key, version))",
    "CREATE TABLE lessons (id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " key TEXT NOT NULL REFERENCES plan_keys (key), run TEXT NOT NULL, task TEXT NOT NULL,"
    " success INTEGER NOT NULL, summary TEXT NOT NULL, flaws TEXT NOT NULL,"
    " revision TEXT NOT NULL, created TEXT NOT NULL, used_by INTEGER)",
    "CREATE INDEX lessons_by_key ON lessons (key, id)",
)
_VERSION_FIELDS = ("version", "text", "created", "runs", "note", "score")
_LESSON_FIELDS = (
    "id",
    "run",
    "task",
    "success",
    "summary",
    "flaws",
    "revision",
    "created",
    "used_by",
)
_VERSION_COLUMNS, _LESSON_COLUMNS = ", ".join(_VERSION_FIELDS), ", ".join(_LESSON_FIELDS)


def default_path(env: Mapping[str, str] | None = None) -> Path:
    """Where the library lives: `$WEBAGENT_PLANS` (a file), else `plans.sqlite` in
    `$WEBAGENT_DATA_DIR`, else in `$XDG_DATA_HOME/webagent`, else `~/.local/share/webagent`."""
    env = os.environ if env is None else env
    if env.get(ENV_FILE):
        return Path(env[ENV_FILE]).expanduser()
    if env.get(ENV_DATA_DIR):
        return Path(env[ENV_DATA_DIR]).expanduser() / DEFAULT_FILE
    if env.get("XDG_DATA_HOME"):
        return Path(env["XDG_DATA_HOME"]).expanduser() / "webagent" / DEFAULT_FILE
    home = Path(env["HOME"]) if env.get("HOME") else Path.home()
    return home / ".local" / "share" / "webagent" / DEFAULT_FILE


def now() -> str:
    """The time in UTC to the second, as stored in `created`."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class PlanVersion:
    """One version of a key's plan: natural-language numbered steps, and where it came from."""

    key: PlanKey
    version: int
    text: str
    created: str
    runs: tuple[str, ...]
    """The runs it was learned from (e.g. "task 16 (iteration 1)")."""
    note: str
    """Why it exists: "learned from batch 1 of iteration 1", "imported", ..."""
    score: float | None
    """Success rate on held-out tasks when measured, else None."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """What one run taught about its plan: AutoPlan's SIR reflection, kept until an update
    consumes it (`used_by` then names the plan version made from it)."""

    key: PlanKey
    run: str
    success: bool
    summary: str
    flaws: str
    revision: str
    task: str = ""
    """The run's intent, for the update to read (the run's name stands in when empty)."""
    created: str = ""
    """Filled in when written, if empty."""
    id: int = 0
    """Assigned by the library: `add_lesson` ignores the value given, `load` keeps it when
    no lesson has it yet."""
    used_by: int | None = None


@dataclass(frozen=True, slots=True)
class KeyContents:
    """Everything the library holds for one key, as `contents` reads it and `load` adds it."""

    key: PlanKey
    example: str | None
    """The representative intent as stored (None or "" when the key has none)."""
    best: int | None
    """The version marked best, if one is."""
    versions: tuple[PlanVersion, ...]
    lessons: tuple[Lesson, ...]


class PlanLibrary:
    """Plans and lessons in the SQLite file `path` (default: `default_path()`), created with
    its folders when missing. See the module's docstring for sharing it between processes."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self._db: sqlite3.Connection | None = None
        if self.path.is_dir():
            raise ConfigError(f"{self.path} is a folder, not a plan library")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False
            )
            self._prepare()
        except (OSError, sqlite3.Error, ConfigError) as error:
            self.close()
            if isinstance(error, ConfigError):
                raise
            raise ConfigError(f"{self.path}: cannot open it as a plan library: {error}") from error

    def __enter__(self) -> PlanLibrary:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (again: nothing happens)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    # -- keys and examples

    def keys(self) -> list[PlanKey]:
        """Every key with a plan, a lesson or an example, by site then kind."""
        with self._read() as db:
            rows = db.execute("SELECT key FROM plan_keys").fetchall()
        return sorted((PlanKey.parse(key) for (key,) in rows), key=PlanKey.sort_key)

    def examples(self, site: str) -> dict[PlanKey, str]:
        """The site's keys with their example intent, normalised (`key_for`'s `known`)."""
        with self._read() as db:
            rows = db.execute(
                "SELECT key, example FROM plan_keys WHERE site = ? AND example != ''", (site,)
            ).fetchall()
        examples = {PlanKey.parse(key): normalise_intent(example) for key, example in rows}
        return {key: examples[key] for key in sorted(examples, key=PlanKey.sort_key)}

    def example(self, key: PlanKey) -> str | None:
        """The key's example intent as it was given, None when it has none."""
        with self._read() as db:
            row = db.execute("SELECT example FROM plan_keys WHERE key = ?", (str(key),)).fetchone()
        return row[0] if row is not None and row[0] else None

    def remember_example(self, key: PlanKey, intent: str) -> None:
        """Keep `intent` as the key's example unless it has one: the first task seen stays
        the representative that later intents are compared with."""
        if not intent.strip():
            return
        with self._write() as db:
            _ensure_key(db, key)
            db.execute(
                "UPDATE plan_keys SET example = ? WHERE key = ? AND COALESCE(example, '') = ''",
                (intent, str(key)),
            )

    # -- versions

    def add_version(
        self,
        key: PlanKey,
        text: str,
        *,
        runs: Sequence[str] = (),
        note: str = "",
        score: float | None = None,
    ) -> PlanVersion:
        """Store a new version of the key's plan, numbered one past the highest."""
        _check_score(score)
        runs = (runs,) if isinstance(runs, str) else tuple(runs)  # one run, not its letters
        created = now()
        with self._write() as db:
            _ensure_key(db, key)
            (number,) = db.execute(
                "SELECT COALESCE(MAX(version), 0) + 1 FROM versions WHERE key = ?", (str(key),)
            ).fetchone()
            db.execute(
                f"INSERT INTO versions (key, {_VERSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (str(key), number, text, created, json.dumps(runs), note, score),
            )
        return PlanVersion(key, number, text, created, runs, note, score)

    def set_score(self, key: PlanKey, version: int, score: float) -> None:
        """Record a version's measured success rate (0 to 1)."""
        _check_score(score)
        with self._write() as db:
            _require_version(db, key, version)
            db.execute(
                "UPDATE versions SET score = ? WHERE key = ? AND version = ?",
                (score, str(key), version),
            )

    def set_best(self, key: PlanKey, version: int) -> None:
        """Mark the version `best` returns from now on."""
        with self._write() as db:
            _require_version(db, key, version)
            db.execute("UPDATE plan_keys SET best = ? WHERE key = ?", (version, str(key)))

    def best(self, key: PlanKey) -> PlanVersion | None:
        """The version marked best, else the latest; None when the key has no plan."""
        with self._read() as db:
            # The marked version sorts first (`version = NULL` is NULL, last), then the latest.
            row = db.execute(
                f"SELECT {_VERSION_COLUMNS} FROM versions WHERE key = ?"
                " ORDER BY version = (SELECT best FROM plan_keys WHERE key = ?) DESC,"
                " version DESC LIMIT 1",
                (str(key), str(key)),
            ).fetchone()
        return None if row is None else _version(key, row)

    def version(self, key: PlanKey, version: int) -> PlanVersion:
        """One version of the key's plan."""
        with self._read() as db:
            return _version(key, _require_version(db, key, version))

    def history(self, key: PlanKey) -> list[PlanVersion]:
        """Every version of the key's plan, oldest first."""
        with self._read() as db:
            return list(_versions(db, key))

    # -- lessons

    def add_lesson(self, lesson: Lesson) -> Lesson:
        """Store a lesson; returned with its id and, if it had none, its creation time."""
        created = lesson.created or now()
        with self._write() as db:
            _ensure_key(db, lesson.key)
            if lesson.used_by is not None:
                _require_version(db, lesson.key, lesson.used_by)
            cursor = db.execute(
                "INSERT INTO lessons (key, run, task, success, summary, flaws, revision, created,"
                " used_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (str(lesson.key), lesson.run, lesson.task, lesson.success, lesson.summary,
                 lesson.flaws, lesson.revision, created, lesson.used_by),
            )  # fmt: skip
            assert cursor.lastrowid is not None
        return dataclasses.replace(lesson, id=cursor.lastrowid, created=created)

    def lessons(self, key: PlanKey, *, unused: bool = True) -> list[Lesson]:
        """The key's lessons in the order they were added: only those no version used yet,
        or with `unused=False` all of them."""
        with self._read() as db:
            return list(_lessons(db, key, unused=unused))

    def mark_used(self, lesson_ids: Sequence[int], version: int) -> None:
        """Record that `version` of each lesson's plan was made from these lessons."""
        with self._write() as db:
            for lesson_id in sorted(set(lesson_ids)):
                row = db.execute("SELECT key FROM lessons WHERE id = ?", (lesson_id,)).fetchone()
                if row is None:
                    raise ConfigError(f"{self.path} has no lesson {lesson_id}")
                _require_version(db, PlanKey.parse(row[0]), version)
                db.execute("UPDATE lessons SET used_by = ? WHERE id = ?", (version, lesson_id))

    # -- everything at once (moving a library: `webagent.plans.export`)

    def contents(self) -> list[KeyContents]:
        """Everything, per key (by site then kind): its example, best mark, versions (by
        number) and lessons (by id), read in one transaction."""
        with self._read() as db:
            rows = db.execute("SELECT key, example, best FROM plan_keys").fetchall()
            marks = {PlanKey.parse(name): (example, best) for name, example, best in rows}
            return [
                KeyContents(key, *marks[key], _versions(db, key), _lessons(db, key, unused=False))
                for key in sorted(marks, key=PlanKey.sort_key)
            ]

    def load(self, contents: Sequence[KeyContents], *, replace: bool = False) -> None:
        """Add these keys with their versions and lessons, keeping their numbers, in one
        transaction. A key the library already has versions or lessons of is refused
        (ConfigError naming it) unless `replace`, which first removes those keys. Lessons
        keep their ids where the library has not used them already; an empty `created` is
        filled in."""
        with self._write() as db:
            names = [str(entry.key) for entry in contents]
            present = [name for name in names if _has_content(db, name)]
            if present and not replace:
                raise ConfigError(
                    f"{self.path} already has plans or lessons for {', '.join(present)}; "
                    "refusing to merge (replace=True, or --replace, replaces them)"
                )
            for name in present:
                for table in ("versions", "lessons", "plan_keys"):
                    db.execute(f"DELETE FROM {table} WHERE key = ?", (name,))
            for entry in contents:
                _load_key(db, entry)

    # -- transactions

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._transaction("BEGIN DEFERRED") as db:
            yield db

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._transaction("BEGIN IMMEDIATE") as db:
            yield db

    @contextlib.contextmanager
    def _transaction(self, begin: str) -> Iterator[sqlite3.Connection]:
        if os.getpid() != self._pid:
            raise ConfigError(
                f"the plan library {self.path} was opened in process {self._pid}: "
                "open one in each process that uses it"
            )
        with self._lock:
            if self._db is None:
                raise ConfigError(f"the plan library {self.path} is closed")
            db = self._db
            try:
                db.execute(begin)
                yield db
                db.execute("COMMIT")
            except BaseException as error:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                if isinstance(error, sqlite3.OperationalError):
                    raise ConfigError(f"{self.path}: {error}") from error
                raise

    def _prepare(self) -> None:
        """Switch to WAL and create the tables, or check that they are a plan library's."""
        self._use_wal()
        with self._write() as db:
            (application,) = db.execute("PRAGMA application_id").fetchone()
            (schema,) = db.execute("PRAGMA user_version").fetchone()
            tables = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
            if application == 0 and not tables:
                for statement in _SCHEMA:
                    db.execute(statement)
                db.execute(f"PRAGMA application_id = {_APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")
            elif application != _APPLICATION_ID:
                raise ConfigError(f"{self.path} is a SQLite database but not a plan library")
            elif schema > _SCHEMA_VERSION:
                raise ConfigError(
                    f"{self.path} was written by a newer webagent (schema {schema}, "
                    f"this one reads {_SCHEMA_VERSION})"
                )

    def _use_wal(self) -> None:
        """WAL lets readers and one writer work at once. Switching needs the file to itself,
        and SQLite may refuse without waiting while another process holds a lock: retry."""
        assert self._db is not None
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            try:
                (mode,) = self._db.execute("PRAGMA journal_mode = WAL").fetchone()
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)
                continue
            if str(mode).lower() != "wal":
                raise ConfigError(f"{self.path}: cannot use WAL (journal mode {mode})")
            return


def _load_key(db: sqlite3.Connection, entry: KeyContents) -> None:
    name = str(entry.key)
    _ensure_key(db, entry.key)
    db.execute(
        "UPDATE plan_keys SET example = COALESCE(?, example), best = ? WHERE key = ?",
        (entry.example, entry.best, name),
    )
    for version in entry.versions:
        db.execute(
            f"INSERT INTO versions (key, {_VERSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (name, version.version, version.text, version.created or now(),
             json.dumps(version.runs), version.note, version.score),
        )  # fmt: skip
    for lesson in entry.lessons:
        taken = db.execute("SELECT 1 FROM lessons WHERE id = ?", (lesson.id,)).fetchone()
        db.execute(
            f"INSERT INTO lessons (key, {_LESSON_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (name, None if taken else lesson.id, lesson.run, lesson.task, lesson.success,
             lesson.summary, lesson.flaws, lesson.revision, lesson.created or now(),
             lesson.used_by),
        )  # fmt: skip


def _ensure_key(db: sqlite3.Connection, key: PlanKey) -> None:
    db.execute(
        "INSERT OR IGNORE INTO plan_keys (key, site, kind) VALUES (?, ?, ?)",
        (str(key), key.site, key.kind),
    )


def _has_content(db: sqlite3.Connection, name: str) -> bool:
    return any(
        db.execute(f"SELECT 1 FROM {table} WHERE key = ? LIMIT 1", (name,)).fetchone()
        for table in ("versions", "lessons")
    )


def _require_version(db: sqlite3.Connection, key: PlanKey, version: int) -> tuple[Any, ...]:
    row = db.execute(
        f"SELECT {_VERSION_COLUMNS} FROM versions WHERE key = ? AND version = ?",
        (str(key), version),
    ).fetchone()
    if row is not None:
        return tuple(row)
    (count,) = db.execute("SELECT COUNT(*) FROM versions WHERE key = ?", (str(key),)).fetchone()
    raise ConfigError(f"{key} has no version {version} ({count} versions in the library)")


def _check_score(score: float | None) -> None:
    if score is not None and not 0.0 <= score <= 1.0:
        raise ConfigError(f"a plan's score is a success rate from 0 to 1, not {score}")


def _versions(db: sqlite3.Connection, key: PlanKey) -> tuple[PlanVersion, ...]:
    rows = db.execute(
        f"SELECT {_VERSION_COLUMNS} FROM versions WHERE key = ? ORDER BY version", (str(key),)
    ).fetchall()
    return tuple(_version(key, row) for row in rows)


def _lessons(db: sqlite3.Connection, key: PlanKey, *, unused: bool) -> tuple[Lesson, ...]:
    """The key's lessons by id: those no version used yet, or all of them."""
    only = " AND used_by IS NULL" if unused else ""
    rows = db.execute(
        f"SELECT {_LESSON_COLUMNS} FROM lessons WHERE key = ?{only} ORDER BY id", (str(key),)
    ).fetchall()
    return tuple(_lesson(key, row) for row in rows)


def _version(key: PlanKey, row: Sequence[Any]) -> PlanVersion:
    fields = dict(zip(_VERSION_FIELDS, row, strict=True))
    return PlanVersion(key=key, **fields | {"runs": tuple(json.loads(fields["runs"]))})


def _lesson(key: PlanKey, row: Sequence[Any]) -> Lesson:
    fields = dict(zip(_LESSON_FIELDS, row, strict=True))
    return Lesson(key=key, **fields | {"success": bool(fields["success"])})
