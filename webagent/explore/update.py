"""Learning a site again without losing what a person changed in its profile (pure).

    merged, changes = merge_profiles(current, drafted_before, drafted_now)

`current` is DIR/profile.toml as it is now (perhaps edited), `drafted_before` the draft it
started from (DIR/draft.toml, written by every `sites learn`), `drafted_now` the new draft.
A field of a state (or of the site) that differs between `current` and `drafted_before` was
changed by a person and is kept; everything else comes from the new draft. A state a person
added is kept, one a person deleted stays deleted, a state the site no longer shows is
dropped unless a person changed it.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def merge_profiles(
    current: dict[str, Any], drafted_before: dict[str, Any] | None, drafted_now: dict[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """The new profile and a line for each change worth telling (states new and gone, a
    person's edits kept)."""
    before = drafted_before or {"site": {}, "states": []}
    known = drafted_before is not None
    changes: list[str] = []
    old = {s["name"]: s for s in current.get("states", [])}
    old_draft = {s["name"]: s for s in before.get("states", [])}
    states: list[State] = []
    for state in drafted_now["states"]:
        name = state["name"]
        if name in old:
            kept, edited = _keep_edits(old[name], old_draft.get(name), state, known)
            states.append(kept)
            changes += [f"state {name}: your {field} kept" for field in edited]
        elif name in old_draft:
            changes.append(f"state {name}: deleted by you, left out")
        else:
            states.append(state)
            changes.append(f"state {name}: new ({_pages(state)})")
    drafted_names = {s["name"] for s in drafted_now["states"]}
    for name, state in old.items():
        if name in drafted_names:
            continue
        if name not in old_draft or (known and state != old_draft[name]):
            states.append(state)  # added or changed by a person: theirs
            changes.append(f"state {name}: yours, kept (exploring did not draw it)")
        else:
            changes.append(f"state {name}: gone (no page of it found this time)")
    site, edited = _keep_edits(current["site"], before.get("site"), drafted_now["site"], known)
    changes += [f"site: your {field} kept" for field in edited]
    merged = {**drafted_now, "site": site, "states": states}
    if "irreversible" in current and current.get("irreversible") != before.get("irreversible"):
        merged["irreversible"] = current["irreversible"]
        changes.append("irreversible: yours kept")
    return merged, changes


def _keep_edits(
    current: State, drafted_before: State | None, drafted_now: State, known: bool
) -> tuple[State, list[str]]:
    """The new draft of a state with the fields a person changed taken from `current`
    (without the earlier draft, every field that differs is taken to be a person's)."""
    kept = dict(drafted_now)
    edited = []
    for field in sorted(set(current) | set(drafted_now)):
        mine, drafted = current.get(field), (drafted_before or {}).get(field)
        changed = mine != drafted if known and drafted_before is not None else True
        if changed and mine != drafted_now.get(field):
            if mine is None:
                kept.pop(field, None)
            else:
                kept[field] = mine
            edited.append(field)
    return kept, edited


def _pages(state: State) -> str:
    urls = state.get("match", {}).get("url", [])
    return ", ".join(urls[:2]) or "no address rule"
