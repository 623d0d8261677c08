"""Fast resets: the seed is built once per version of the generator, then copied.

The cached file is named by a hash of the generator's sources (this folder and the schema),
so editing a word list or the schema rebuilds it; copies go to a temporary file first and
are renamed into place, so a reader never sees half a database.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path

from .build import SCHEMA, build

HERE = Path(__file__).parent
CACHE_ENV = "WEBAGENT_CACHE"


def fingerprint() -> str:
    """A short hash of everything the seed is generated from."""
    digest = hashlib.sha256()
    sources = sorted(p for p in HERE.iterdir() if p.suffix in {".py", ".toml"})
    for source in [*sources, SCHEMA, HERE.parent / "options.py", HERE.parent / "passwords.py"]:
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """`$WEBAGENT_CACHE`, else `~/.cache/webagent`, else the system's temporary folder."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "webagent"
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError:
        return Path(tempfile.gettempdir()) / "webagent-cache"
    return home


def seed_file() -> Path:
    """The cached seed database, built now if this version has none yet."""
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    cached = folder / f"demo_shop-{fingerprint()}.sqlite"
    if not cached.exists():
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".building")
        os.close(handle)
        os.unlink(temporary)
        try:
            build(Path(temporary))
            os.replace(temporary, cached)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    return cached


def copy_seed(target: Path) -> None:
    """Replace `target` with a fresh copy of the seed state."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    os.close(handle)
    try:
        shutil.copyfile(seed_file(), temporary)
        for suffix in ("-journal", "-wal", "-shm"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
