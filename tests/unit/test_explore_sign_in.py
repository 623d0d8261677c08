"""Finding a site's sign-in form when exploring with credentials (`sites learn --secrets`):
by the fields' names, or, where the fields have none (a tracker's sidebar "Login" box), by a
form of the page that holds a password field."""

from __future__ import annotations

from webagent.explore.crawl import _sign_in_form, _signs_in
from webagent.observation import Observation, RenderOptions, compose_observation, parse_snapshot
from webagent.safety.risk import FormFacts


def _observe(snapshot: str) -> Observation:
    return compose_observation(
        parse_snapshot(snapshot),
        url="http://tracker.test/",
        title="Tracker",
        options=RenderOptions(viewport=(1280, 720), full_page=True),
    )


_SIDEBAR = """- navigation "Main" [ref=e1]:
  - textbox [ref=e18]
  - text: Login
  - textbox [ref=e21]
  - textbox [ref=e22]
  - checkbox "Remember me?" [ref=e23]
  - button "Login" [ref=e24]
  - link "Login page rejects passwords with spaces" [ref=e45]"""


def test_named_fields_are_found_by_their_names() -> None:
    observation = _observe(
        """- main [ref=e1]:
  - searchbox "Search" [ref=e2]
  - textbox "Username" [ref=e3]
  - textbox "Password" [ref=e4]
  - button "Log in" [ref=e5]"""
    )
    assert _sign_in_form(observation) == ("e3", "e4", "e5")


def test_unnamed_fields_are_taken_before_the_button_when_a_form_has_a_password() -> None:
    observation = _observe(_SIDEBAR)
    login = FormFacts(
        "post",
        "http://tracker.test/",
        ("text __login_name", "password __login_password"),
        ("Login",),
    )
    search = FormFacts("get", "http://tracker.test/", ("text @search_text",), ("Search",))
    assert _sign_in_form(observation, (search, login)) == ("e21", "e22", "e24")
    assert _sign_in_form(observation, (search,)) is None  # no password field: not a sign-in


def test_a_title_that_starts_with_login_is_no_sign_in_control() -> None:
    assert all(_signs_in(name) for name in ("Log in", "Sign in »", "Login"))
    assert not _signs_in("Login page rejects passwords with spaces")
