"""Learning a site's profile: explore it, draw the states, write the profile and report.

    learned = learn_site("http://127.0.0.1:8082/demo/", Path("learned"), max_pages=80)
    learned = learn_site(..., update=True)        # again, keeping a person's edits

Writes DIR/profile.toml (validated by loading it), DIR/draft.toml (the draft as drawn, to
tell a person's edits from it next time) and DIR/LEARNED.md.
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from webagent.errors import ConfigError, WebAgentError
from webagent.explore.crawl import explore
from webagent.explore.draft import ExploredPage, group_pages, learned_report, profile_toml
from webagent.explore.naming import name_groups
from webagent.explore.update import merge_profiles
from webagent.safety.secrets import Secrets
from webagent.sites.irreversible import graded_controls
from webagent.sites.profile import Profile, load_profile
from webagent.sites.profiles import GENERIC, site_profile
from webagent.sites.writer import profile_text


@dataclass(frozen=True, slots=True)
class Learned:
    profile: Path
    report: Path
    pages: int
    states: int
    held: tuple[str, ...]
    """Requests the network guard held back while exploring (they never reached the site)."""
    changes: tuple[str, ...] = ()
    """With `update`: what changed, and which of a person's edits were kept."""


def _control_lines(pages: list[ExploredPage]) -> list[str]:
    """The controls of the explored pages the generic lexicon grades, as rules to review."""
    generic = site_profile(GENERIC)
    seen: dict[tuple[str, str], str] = {}
    for page in pages:
        for control in graded_controls(generic, None, page.observation()):
            key = (control.element.role, control.element.name)
            if key in seen or not control.element.name:
                continue
            name = "^" + re.escape(control.element.name) + "$"
            parts = [
                f"role = {json.dumps(key[0])}",
                f"name = {json.dumps(name)}",
                f"reason = {json.dumps(control.reason)}",
            ]
            if control.grade == "undoable":
                parts += ['grade = "undoable"', f"undo = {json.dumps(control.undo)}"]
            seen[key] = "{ " + ", ".join(parts) + " }"
    return list(seen.values())


def site_name(start: str) -> str:
    """A profile name from the site's host and port: `127.0.0.1:8082` -> `site_127_0_0_1_8082`."""
    words = re.sub(r"[^a-z0-9]+", "_", urlsplit(start).netloc.lower()).strip("_")
    return words if re.match(r"^[a-z]", words) else f"site_{words}"


def learn_site(
    start: str,
    out: Path,
    *,
    max_pages: int = 80,
    pace: float = 0.5,
    secrets: Secrets | None = None,
    update: bool = False,
    client: Any | None = None,
    progress: Callable[[str], None] = lambda line: None,
) -> Learned:
    """Explore the site, then write `out/profile.toml` (validated), `out/draft.toml` (the
    draft as drawn, before a person's edits) and `out/LEARNED.md`. With `update`, explore
    it again from the start and keep what a person changed in `out/profile.toml` (see
    `webagent.explore.update`); the earlier pages go to `out/previous/`. With a model
    `client`, each state's name, description and advice are the model's (one query each,
    from a few of its pages)."""
    profile_path, draft_path = out / "profile.toml", out / "draft.toml"
    current: dict[str, Any] | None = None
    before: dict[str, Any] | None = None
    if update:
        current, before = _start_again(out, profile_path, draft_path)
    pages, held = explore(
        start, out, max_pages=max_pages, pace=pace, secrets=secrets, progress=progress
    )
    if not pages:
        raise WebAgentError(f"no page of {start} could be read: nothing to learn from")
    generic = site_profile(GENERIC)
    groups = group_pages(pages, generic)
    name = site_name(start)
    scheme, netloc = urlsplit(start)[:2]
    origin = f"{scheme}://{netloc}"
    if client is not None:
        progress(f"asking the model to name {len(groups)} states")
        name_groups(client, groups, generic, origin)
    text = profile_toml(name, origin, groups, generic, controls=_control_lines(pages))
    draft_path.write_text(text, encoding="utf-8")
    changes: list[str] = []
    if current is not None:
        merged, changes = merge_profiles(current, before, tomllib.loads(text))
        header = f"Learned by `webagent sites learn {origin}`, updated with --update: review it."
        text = profile_text(merged, header)
    learned = _write_checked(profile_path, text)
    report_path = out / "LEARNED.md"
    report = learned_report(name, groups, learned)
    if update:
        report += "\n## What changed since the last exploration\n\n"
        report += "\n".join(f"- {line}" for line in changes or ["Nothing."]) + "\n"
    if held:
        report += "\n## Requests the guard held (none reached the site)\n\n"
        report += "\n".join(f"- {line}" for line in held) + "\n"
    report_path.write_text(report, encoding="utf-8")
    return Learned(profile_path, report_path, len(pages), len(groups), held, tuple(changes))


def _start_again(
    out: Path, profile_path: Path, draft_path: Path
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The profile as it is now (checked: a person's edit that breaks it stops here) and
    the draft it came from; the earlier exploration moved to `out/previous/`."""
    if not profile_path.is_file():
        raise ConfigError(f"{out} holds no learned profile to update: learn it first")
    load_profile(profile_path)
    current = tomllib.loads(profile_path.read_text(encoding="utf-8"))
    before = None
    if draft_path.is_file():
        before = tomllib.loads(draft_path.read_text(encoding="utf-8"))
    previous = out / "previous"
    shutil.rmtree(previous, ignore_errors=True)
    previous.mkdir()
    for name in ("pages", "explore.json"):
        if (out / name).exists():
            (out / name).rename(previous / name)
    return current, before


def _write_checked(path: Path, text: str) -> Profile:
    """Write the profile where it goes only if it loads (else it is left next to it, and
    the error says why)."""
    candidate = path.with_name(path.stem + ".new.toml")
    candidate.write_text(text, encoding="utf-8")
    try:
        profile = load_profile(candidate)  # what is written loads like a written profile
    except ConfigError as error:
        raise ConfigError(
            f"the profile drawn does not load ({error}); it is in {candidate}"
        ) from error
    candidate.replace(path)
    return profile
