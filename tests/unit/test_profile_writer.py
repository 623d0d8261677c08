"""Profiles written back as TOML load as they were; learning again keeps a person's edits."""

from __future__ import annotations

import pytest

from webagent.explore.update import merge_profiles
from webagent.sites.profile import parse_profile
from webagent.sites.profiles import profile_names, site_profile
from webagent.sites.writer import profile_data, profile_text


@pytest.mark.parametrize("name", profile_names())
def test_every_shipped_profile_round_trips(name: str) -> None:
    profile = site_profile(name)
    assert parse_profile(profile_text(profile_data(profile)), name) == profile


def _state(name: str, instructions: str = "Read it.", url: str = "^/x") -> dict[str, object]:
    return {
        "name": name,
        "description": f"The {name} pages.",
        "instructions": instructions,
        "match": {"url": [url]},
    }


def _profile(*states: dict[str, object]) -> dict[str, object]:
    return {"site": {"name": "s", "description": "S.", "fallback": "other"}, "states": list(states)}


def test_a_persons_edits_are_kept_and_the_rest_is_drawn_again() -> None:
    before = _profile(_state("issues", url="^/issues"), _state("wiki"), _state("other"))
    edited = _profile(
        _state("issues", "Open the oldest open issue first.", "^/issues"),  # edited
        _state("other"),  # `wiki` deleted by the person
        _state("mine", "My own state."),  # added by the person
    )
    now = _profile(
        _state("issues", url="^/issues/\\d+"),  # the rule drawn anew
        _state("wiki"),
        _state("news", url="^/news"),  # new this time
        _state("other"),
    )
    merged, changes = merge_profiles(edited, before, now)
    states = {s["name"]: s for s in merged["states"]}  # type: ignore[index, union-attr]
    assert states["issues"]["instructions"] == "Open the oldest open issue first."
    assert states["issues"]["match"] == {"url": ["^/issues/\\d+"]}  # not edited: redrawn
    assert "wiki" not in states
    assert "news" in states
    assert states["mine"]["instructions"] == "My own state."
    assert "state issues: your instructions kept" in changes
    assert "state wiki: deleted by you, left out" in changes
    assert any(c.startswith("state news: new") for c in changes)
    assert "state mine: yours, kept (exploring did not draw it)" in changes
    parse_profile(profile_text(merged), "merged")  # and it loads


def test_without_the_earlier_draft_nothing_a_person_may_have_written_is_lost() -> None:
    edited = _profile(_state("issues", "Mine."), _state("other"))
    now = _profile(_state("issues", "Drawn."), _state("other"))
    merged, _ = merge_profiles(edited, None, now)
    assert merged["states"][0]["instructions"] == "Mine."  # type: ignore[index]
