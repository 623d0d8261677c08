"""The site profiles webagent ships, found next to the local sites: `sites/<name>/profile.toml`.

profile = site_profile("demo_shop")
profile = site_profile("learned/profile.toml")        # any profile file, by its path
profile = detect_profile(PageIndex.of(observation))   # the best match, else "generic"
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from webagent.errors import ConfigError
from webagent.sites.catalog import sites_root
from webagent.sites.match import PageIndex, site_rules_hold
from webagent.sites.profile import Profile, load_profile

GENERIC = "generic"


def profile_names() -> list[str]:
    """Names of the sites that have a profile."""
    root = sites_root()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "profile.toml").is_file())


def profile_path(name: str) -> Path:
    return sites_root() / name / "profile.toml"


def site_profile(name: str) -> Profile:
    """The profile of site `name`, or the profile file at a path (`learned/profile.toml`, or
    a folder holding one: a profile written or learned anywhere); `ConfigError` naming the
    profiles there are."""
    given = Path(name)
    if name.endswith(".toml") or (given.is_dir() and (given / "profile.toml").is_file()):
        path = given if name.endswith(".toml") else given / "profile.toml"
        if not path.is_file():
            raise ConfigError(f"no profile file at {path}")
        return _load(path.resolve(), path.stat().st_mtime_ns)
    path = profile_path(name)
    if not path.is_file():
        known = ", ".join(profile_names()) or "none"
        raise ConfigError(f"no profile for site {name!r} in {sites_root()} (profiles: {known})")
    return _load(path, path.stat().st_mtime_ns)


@cache
def _load(path: Path, mtime: int) -> Profile:
    """Cached per file version, so an edited profile is read again."""
    return load_profile(path)


def detect_profile(page: PageIndex, candidates: list[str] | None = None) -> Profile:
    """The profile whose site rules match the page (highest priority, then name); the
    generic profile when none does."""
    matching = []
    for name in candidates if candidates is not None else profile_names():
        if name == GENERIC:
            continue
        profile = site_profile(name)
        if site_rules_hold(profile.site.match, page):
            matching.append(profile)
    if matching:
        return max(matching, key=lambda p: (p.site.priority, [-ord(c) for c in p.name]))
    return site_profile(GENERIC)
