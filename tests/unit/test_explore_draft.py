"""Drawing a learned profile's states from explored pages (`webagent.explore.draft`): siblings
are one state whatever one of them reads as, a kind of page of their own among them is kept
when nodes of its own tell it apart, missing pages and sign-in forms are recognised by what
they show wherever they are, and a state drawn from a site's routes matches those routes only."""

from __future__ import annotations

from pathlib import Path

from webagent.explore.draft import ExploredPage, consistency, group_pages, profile_toml
from webagent.sites.classify import Classifier
from webagent.sites.profile import load_profile
from webagent.sites.profiles import site_profile

_PROSE = " ".join(["Tea is a drink made by pouring hot water over cured leaves of the plant."] * 4)


def _article(title: str) -> str:
    return f"""- main:
  - heading "{title}" [level=1]
  - paragraph: {_PROSE}
  - paragraph: {_PROSE}
  - heading "History" [level=2]
  - paragraph: {_PROSE}"""


def _listing(title: str) -> str:
    rows = "\n".join(
        f'    - listitem:\n      - link "Item {i} of it" [ref=e{i + 10}]' for i in range(12)
    )
    return f"""- main:
  - heading "{title}" [level=1]
  - heading "Shop By" [level=2]
  - list:
{rows}"""


def _form(title: str) -> str:
    return f"""- main:
  - heading "{title}" [level=1]
  - textbox "Title" [ref=e2]
  - textbox "Body" [ref=e3]
  - button "Save" [ref=e4]"""


_NOT_FOUND = """- main:
  - heading "404 Not Found" [level=1]
  - paragraph: The page you requested was not found."""

_LOGIN = """- main:
  - heading "Log in" [level=1]
  - textbox "Username" [ref=e2]
  - textbox "Password" [ref=e3]
  - button "Log in" [ref=e4]"""


def _page(path: str, snapshot: str, status: int = 200) -> ExploredPage:
    return ExploredPage(f"http://t{path}", status, path, snapshot)


def _learn(pages: list[ExploredPage], tmp_path: Path) -> Classifier:
    generic = site_profile("generic")
    path = tmp_path / "profile.toml"
    path.write_text(profile_toml("t", "http://t", group_pages(pages, generic), generic))
    return Classifier(load_profile(path))


def test_siblings_are_one_state_though_one_reads_otherwise(tmp_path: Path) -> None:
    """Six articles of a wiki, one of which reads as a form (a page that is mostly a
    table of fields): one state, and every sibling, seen or not, is in it."""
    pages = [_page(f"/wiki/Tea_{i}", _article(f"Tea {i}")) for i in range(5)]
    pages.append(_page("/wiki/Tea_odd", _form("Tea odd")))
    generic = site_profile("generic")
    groups = group_pages(pages, generic)
    assert [(g.kind, len(g.pages)) for g in groups] == [("article", 6)]
    classifier = _learn(pages, tmp_path)
    same, split = consistency(pages, classifier)
    assert (same, split) == (6, [])
    unseen = _page("/wiki/Milk", _form("Milk")).observation()
    assert classifier.classify(unseen).state == groups[0].name


def test_a_kind_of_its_own_among_siblings_is_kept_by_a_node_it_shows(tmp_path: Path) -> None:
    """A shop at /{name}.html: six products (articles here) and three categories that all
    show "Shop By": two states, told apart by that heading."""
    products = [_page(f"/tea-pot-{i}.html", _article(f"Tea pot {i}")) for i in range(6)]
    categories = [_page(f"/teas-{i}.html", _listing(f"Teas {i}")) for i in range(3)]
    groups = group_pages(products + categories, site_profile("generic"))
    assert sorted((g.kind, len(g.pages)) for g in groups) == [("article", 6), ("listing", 3)]
    classifier = _learn(products + categories, tmp_path)
    shelf = classifier.classify(_page("/teas-9.html", _listing("Teas 9")).observation())
    assert shelf.state == next(g.name for g in groups if g.kind == "listing")


def test_missing_pages_and_sign_in_forms_are_known_by_what_they_show(tmp_path: Path) -> None:
    """A missing page among the issues is an error, not an issue; a sign-in form never met
    while exploring signed in is still a sign-in form when a run meets it."""
    pages = [_page(f"/issues/{i}", _form(f"Issue {i}")) for i in range(4)]
    pages.append(_page("/issues/99", _NOT_FOUND, status=404))
    classifier = _learn(pages, tmp_path)
    assert classifier.classify(pages[-1].observation()).state == "error"
    assert classifier.classify(pages[0].observation()).state != "error"
    # never seen: a sign-in form at an issue's address (a session that ran out)
    assert classifier.classify(_page("/issues/7", _LOGIN).observation()).state == "login"


def test_a_state_drawn_from_routes_matches_those_routes_only(tmp_path: Path) -> None:
    """`/demo/issue`, `/demo/user` (lists) and `/demo/file` (a form) are routes of a
    tracker: a route not seen is not taken by a state drawn from others."""
    pages = [
        _page("/demo/issue", _listing("Issues")),
        _page("/demo/user", _listing("Users")),
        _page("/demo/file", _form("Files")),
    ]
    classifier = _learn(pages, tmp_path)
    states = {p.url: classifier.classify(p.observation()).state for p in pages}
    assert (
        states["http://t/demo/issue"]
        == states["http://t/demo/user"]
        != states["http://t/demo/file"]
    )
    unseen = classifier.classify(_page("/demo/keyword", _article("Keywords")).observation())
    assert unseen.state not in states.values()
