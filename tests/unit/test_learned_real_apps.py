"""Learned profiles of the real apps, drawn offline from the pages `webagent sites learn`
read on them (sites/real/explored: MediaWiki, Roundup and the Django admin, 80 pages each,
signed in as alice): every page lands in the state most of its siblings land in (>= 95%),
the rules put each page back in the state it was drawn into, and sign-in forms and missing
pages are known by what they show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webagent.explore.draft import (
    ExploredPage,
    consistency,
    group_pages,
    profile_toml,
)
from webagent.sites.classify import Classifier
from webagent.sites.profile import load_profile
from webagent.sites.profiles import site_profile

EXPLORED = Path(__file__).parents[2] / "sites" / "real" / "explored"
LABELLED = Path(__file__).parents[2] / "sites" / "real" / "pages"
APPS = {
    "mediawiki": "http://127.0.0.1:8081",
    "roundup": "http://127.0.0.1:8082",
    "django": "http://127.0.0.1:8083",
}


@pytest.mark.parametrize("app", sorted(APPS))
def test_a_learned_profile_puts_siblings_together(app: str, tmp_path: Path) -> None:
    pages = [
        ExploredPage.from_json(json.loads(path.read_text(encoding="utf-8")))
        for path in sorted((EXPLORED / app / "pages").glob("*.json"))
    ]
    assert len(pages) >= 78
    generic = site_profile("generic")
    groups = group_pages(pages, generic)
    path = tmp_path / "profile.toml"
    path.write_text(profile_toml(app, APPS[app], groups, generic), encoding="utf-8")
    profile = load_profile(path)
    classifier = Classifier(profile)
    same, split = consistency(pages, classifier)
    assert same >= 0.95 * len(pages), split
    back = sum(
        classifier.classify(page.observation()).state == group.name
        for group in groups
        for page in group.pages
    )
    assert back >= 0.95 * len(pages)
    # The app's hand-labelled sign-in forms and missing pages (sites/real/pages, most of
    # them signed out: never seen while exploring) that the generic profile knows are known
    # here too, whatever template their address fits.
    known = Classifier(generic)
    checked = 0
    for labelled in sorted((LABELLED / app).glob("*.json")):
        data = json.loads(labelled.read_text(encoding="utf-8"))
        page = ExploredPage(data["url"], data["status"], data["title"], data["snapshot"])
        label = data["label"]
        if label in ("login", "error") and known.classify(page.observation()).state == label:
            checked += 1
            found = classifier.classify(page.observation()).state
            assert found == label, (labelled.name, found)
    assert checked >= 1
    names = {state.name for state in profile.states}
    assert {"login", "error", "other"} <= names  # known wherever they appear
    assert profile.site.advisory  # a learned profile advises; it never narrows the actions
