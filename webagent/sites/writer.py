"""Writing a profile back as TOML: what `load_profile` reads, from the data it was read into.

    text = profile_text(profile_data(load_profile(path)))     # the same profile, as TOML
    assert parse_profile(text) == load_profile(path)

`webagent sites learn` writes the profiles it drafts and merges with this, so a learned
profile goes through the same code as a written one both ways. Comments are not kept.
"""

from __future__ import annotations

import json
from typing import Any

from webagent.sites.profile import Profile


def profile_data(profile: Profile) -> dict[str, Any]:
    """A profile as plain data: only what differs from the defaults."""
    data: dict[str, Any] = profile.model_dump(mode="json", exclude_defaults=True)
    return data


def profile_text(data: dict[str, Any], header: str = "") -> str:
    """TOML for profile data (`[site]`, `[[states]]` with their tables, `[irreversible]`);
    `header` lines go first, as comments."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    if lines:
        lines.append("")
    site = dict(data["site"])
    lines += _table("site", site)
    for state in data.get("states", []):
        lines.append("")
        lines += _table("states", dict(state), array=True)
    if data.get("irreversible"):
        lines.append("")
        lines += _table("irreversible", dict(data["irreversible"]))
    return "\n".join(lines) + "\n"


_NESTED = ("match", "irreversible")
"""Keys of a site or state whose value is written as a table of its own."""


def _table(name: str, data: dict[str, Any], *, array: bool = False) -> list[str]:
    lines = [f"[[{name}]]" if array else f"[{name}]"]
    nested = {key: data.pop(key) for key in _NESTED if isinstance(data.get(key), dict)}
    lines += [f"{key} = {toml_value(value)}" for key, value in data.items()]
    for key, value in nested.items():
        if value:
            lines.append(f"[{name}.{key}]")
            lines += [f"{k} = {toml_value(v)}" for k, v in value.items()]
    return lines


def toml_value(value: Any) -> str:
    """A TOML value: strings as basic strings (JSON's escapes are TOML's), arrays and
    inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")
