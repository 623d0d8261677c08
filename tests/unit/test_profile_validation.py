"""A malformed site profile is rejected with a message naming the file, the state and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from webagent.sites.profile import ProfileError, load_profile, parse_profile
from webagent.sites.profiles import profile_names, site_profile

SOURCE = "sites/shop/profile.toml"

SITE = """
[site]
name = "shop"
description = "A small web shop."
fallback = "other"
"""

OTHER = """
[[states]]
name = "other"
description = "Any other page."
instructions = "Find the way to what the task needs."
"""


def product(extra: str = 'match = { url = ["\\\\.html$"] }') -> str:
    """A `product` state; `extra` holds its match, actions and the like (or a mistake)."""
    return f"""
[[states]]
name = "product"
description = "One product's page."
instructions = "Compare the product with the task before buying it."
{extra}
"""


VALID = SITE + OTHER + product()


def rejection(text: str) -> str:
    with pytest.raises(ProfileError) as caught:
        parse_profile(text, SOURCE)
    message = str(caught.value)
    assert message.startswith(f"{SOURCE}: "), message
    return message.removeprefix(f"{SOURCE}: ")


def test_the_base_profile_is_valid() -> None:
    """The malformed profiles below differ from this one by their one mistake."""
    profile = parse_profile(VALID, SOURCE)
    assert [state.name for state in profile.states] == ["other", "product"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "[site\nname = 'shop'",
            "not valid TOML: Expected ']' at the end of a table declaration (at line 1, column 6)",
            id="invalid-toml",
        ),
        pytest.param(OTHER + product(), "site: required field missing", id="missing-site"),
        pytest.param(SITE, "states: required field missing", id="no-states"),
        pytest.param(
            SITE + OTHER + product('instruction = "Buy it."\nmatch = { url = ["/p/"] }'),
            "state 'product': instruction: unknown field (misspelt?)",
            id="misspelt-key",
        ),
        pytest.param(
            SITE + OTHER + product('match = { url = ["/p/("] }'),
            "state 'product': match.url.0: not a regular expression: '/p/(' "
            "(missing ), unterminated subpattern at position 3)",
            id="bad-regex",
        ),
        pytest.param(
            SITE + OTHER + product('match = { url = ["/p/"] }\nactions = [{ types = ["clik"] }]'),
            "state 'product': actions.0.types.0: unknown action 'clik' (known: click, type,",
            id="unknown-action",
        ),
        pytest.param(
            SITE + OTHER + product('match = { all = [{ role = "buton", name = "^Buy$" }] }'),
            "state 'product': match.all.0.role: unknown ARIA role 'buton' (did you mean button?)",
            id="unknown-role",
        ),
        pytest.param(
            SITE + OTHER + product() + product(),
            "states: duplicate state names: product",
            id="duplicate-states",
        ),
        pytest.param(
            SITE + OTHER + product('match = { url = ["/p/"] }\nnext = ["cart"]'),
            "state 'product': next: unknown state(s) cart (states: other, product)",
            id="next-unknown-state",
        ),
        pytest.param(
            SITE.replace('fallback = "other"', 'fallback = "home"') + OTHER + product(),
            "site.fallback: 'home' is not a state (states: other, product)",
            id="fallback-not-a-state",
        ),
        pytest.param(
            SITE + OTHER + product(""),
            "state 'product': match: no rules (only the fallback state, 'other', may have none)",
            id="state-without-rules",
        ),
        pytest.param(
            SITE + OTHER + product("match = { all = [{ min = 2 }] }"),
            "state 'product': match.all.0: a landmark needs a role, a name or a text pattern",
            id="empty-landmark",
        ),
        pytest.param(
            SITE + OTHER + product('match = { any = [{ role = "link", text = "Buy" }] }'),
            "state 'product': match.any.0: a text landmark takes no role or name",
            id="text-landmark-with-role",
        ),
        pytest.param(
            SITE
            + OTHER
            + product(
                'match = { url = ["/p/"] }\n'
                'actions = [{ types = ["scroll"], elements = [{ role = "button" }] }]'
            ),
            "state 'product': actions.0: elements limit only element actions "
            "(click, hover, select, type), not scroll",
            id="elements-on-scroll",
        ),
        pytest.param(
            SITE + OTHER + product('match = { all = [{ role = "link", min = 0 }] }'),
            "state 'product': match.all.0.min: Input should be greater than or equal to 1",
            id="zero-min",
        ),
        pytest.param(
            SITE + OTHER + product('match = { none = [{ role = "row", min = -3 }] }'),
            "state 'product': match.none.0.min: Input should be greater than or equal to 1",
            id="negative-min",
        ),
        pytest.param(
            VALID + '\n[irreversible]\nrequests = [{ method = "FETCH", url = "/order" }]\n',
            "irreversible.requests.0.method.0: Input should be 'GET', 'POST', 'PUT', 'PATCH' or",
            id="bad-http-method",
        ),
        pytest.param(
            SITE
            + OTHER
            + product().replace(
                'instructions = "Compare the product with the task before buying it."',
                'instructions = ""',
            ),
            "state 'product': instructions: String should have at least 1 character",
            id="empty-instructions",
        ),
        pytest.param(
            SITE + OTHER + product().replace('name = "product"', 'name = "Product Page"'),
            "state 'Product Page': name: String should match pattern '^[a-z][a-z0-9_]*$'",
            id="state-name-not-snake-case",
        ),
        pytest.param(
            SITE + OTHER + product('match = { url = ["/p/"] }\nactions = [{ types = [] }]'),
            "state 'product': actions.0.types: List should have at least 1 item",
            id="permission-without-types",
        ),
        pytest.param(
            VALID + '\n[irreversible]\ncontrols = [{ role = "button", name = "^(buy" }]\n',
            "irreversible.controls.0.name: not a regular expression: '^(buy'",
            id="bad-control-regex",
        ),
        pytest.param(
            SITE.replace("[site]", '[site]\nalways = ["scrol"]') + OTHER + product(),
            "site.always.0: unknown action 'scrol'",
            id="unknown-always-action",
        ),
        pytest.param(
            SITE
            + OTHER
            + product('match = { url = ["/p/"] }\n[states.irreversible]\ncontrol = []'),
            "state 'product': irreversible.control: unknown field (misspelt?)",
            id="misspelt-key-in-state-table",
        ),
    ],
)
def test_malformed_profiles_are_rejected_clearly(text: str, expected: str) -> None:
    assert expected in rejection(text)


def test_a_state_without_a_name_is_named_by_its_position() -> None:
    nameless = product().replace('name = "product"\n', "")
    message = rejection(SITE + OTHER + nameless)
    assert message == "state #2: name: required field missing"


def test_several_problems_are_all_named() -> None:
    text = SITE + OTHER + product('match = { url = ["("] }\nactions = [{ types = ["clik"] }]')
    message = rejection(text)
    assert message.startswith("state 'product': match.url.0: not a regular expression: '('")
    assert "; state 'product': actions.0.types.0: unknown action 'clik'" in message


def test_a_file_is_named_by_its_path(tmp_path: Path) -> None:
    path = tmp_path / "profile.toml"
    path.write_text(SITE + OTHER + product('match = { url = ["/p/"] }\nnext = ["cart"]'))
    with pytest.raises(ProfileError, match=r"profile\.toml: state 'product': next: unknown"):
        load_profile(path)
    with pytest.raises(ProfileError, match=r"cannot read profile .*missing\.toml"):
        load_profile(tmp_path / "missing.toml")


@pytest.mark.parametrize("name", profile_names())
def test_every_shipped_profile_is_valid(name: str) -> None:
    profile = site_profile(name)
    assert profile.name == name
    assert profile.site.fallback in [state.name for state in profile.states]


def test_the_generic_profile_matches_any_site_and_falls_back_to_other() -> None:
    profile = site_profile("generic")
    assert profile.site.webarena is None
    assert profile.site.match.empty
    assert profile.site.fallback == "other"
    assert [state.name for state in profile.states] == [
        "error",
        "confirmation",
        "login",
        "search_results",
        "form",
        "search",
        "detail",
        "article",
        "listing",
        "other",
    ]
    # Rules alone decide: no two states share a priority.
    priorities = [state.priority for state in profile.states]
    assert len(set(priorities)) == len(priorities)
