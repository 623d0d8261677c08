"""Signing into the demo shop, which poses as WebArena's `shopping` site, with the runner's
recipe and WebArena's standard account, as `webagent webarena run` does before its tasks."""

from __future__ import annotations

import json
import shutil
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from webagent.browser import Browser, Tab
from webagent.errors import ConfigError
from webagent.observation import Observation
from webagent.session.signin import SignInError, merge_storage_states, sign_in
from webagent.sites import SiteServer, sites_root, start_site
from webagent.webarena.deployment import SiteConfig

PASSWORD = "Password.123"
WELCOME = "Welcome, Emma Lopez!"


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    db = tmp_path_factory.mktemp("demo_shop") / "shop.sqlite"
    with start_site("demo_shop", db=db, reset=True) as running:
        yield running


@pytest.fixture(scope="module")
def signed_in(browser: Browser, shop: SiteServer, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A storage state signed into the shop with the default account."""
    config = SiteConfig.load(environ={"WA_SHOPPING": shop.url})
    folder = tmp_path_factory.mktemp("states")
    return sign_in(browser, "shopping", config, folder / "sub" / "shopping.json")


def shows_welcome(browser: Browser, url: str, state: Path | dict[str, object]) -> bool:
    with browser.open(url + "/", storage_state=state) as tab:
        return WELCOME in tab.observe(full_page=True).text


def test_sign_in_writes_a_storage_state_that_starts_signed_in(
    browser: Browser, shop: SiteServer, signed_in: Path
) -> None:
    assert signed_in.name == "shopping.json"
    state = json.loads(signed_in.read_text())
    assert state["cookies"]
    assert shows_welcome(browser, shop.url, signed_in)
    assert not shows_welcome(browser, shop.url, {"cookies": [], "origins": []})


def test_the_form_is_read_once_for_the_fields_a_sign_in_fills(
    browser: Browser, shop: SiteServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening the form needs no reading; the e-mail, the password and the button are found
    on one reading of it (typing changes no element), and the page after is read to check."""
    reads: list[str] = []
    observe = Tab.observe

    def counted(tab: Tab, **options: Any) -> Observation:
        reads.append(tab.page.url.removeprefix(shop.url))
        return observe(tab, **options)

    monkeypatch.setattr(Tab, "observe", counted)
    config = SiteConfig.load(environ={"WA_SHOPPING": shop.url})
    state = sign_in(browser, "shopping", config, tmp_path / "shopping.json")
    assert reads == ["/customer/account/login/", "/customer/account/"]
    assert shows_welcome(browser, shop.url, state)


def test_the_storage_state_holds_no_password(signed_in: Path) -> None:
    config = SiteConfig.load(environ={})
    data = signed_in.read_bytes()
    assert PASSWORD.encode() not in data
    assert "shopping_password" not in config.secrets().leaks(data)


def test_a_wrong_password_is_a_sign_in_error_that_does_not_show_it(
    browser: Browser, shop: SiteServer, tmp_path: Path
) -> None:
    wrong = "Wrong.Horse.42"
    environ = {"WA_SHOPPING": shop.url, "WEBAGENT_SECRET_SHOPPING_PASSWORD": wrong}
    with pytest.raises(SignInError) as raised:
        sign_in(browser, "shopping", SiteConfig.load(environ=environ), tmp_path / "state.json")
    message = str(raised.value)
    assert message.startswith("signing into shopping failed after step 4 (click button 'Sign In')")
    assert f"still on the sign-in page at {shop.url}/customer/account/login/" in message
    assert "The account sign-in was incorrect" in message
    assert wrong not in message
    assert PASSWORD not in message
    assert raised.value.site == "shopping"
    assert raised.value.step == 4
    assert raised.value.url == f"{shop.url}/customer/account/login/"
    assert not (tmp_path / "state.json").exists()


def test_a_recipe_that_does_not_fit_the_page_names_its_step(
    browser: Browser, shop: SiteServer, tmp_path: Path
) -> None:
    # The admin recipe against the shop: its base URL shows no "Username" field.
    config = SiteConfig.load(environ={"WA_SHOPPING_ADMIN": shop.url})
    with pytest.raises(SignInError) as raised:
        sign_in(browser, "shopping_admin", config, tmp_path / "state.json")
    message = str(raised.value)
    assert message.startswith(
        "signing into shopping_admin failed at step 2 of 4 (type textbox 'Username') "
        f"on {shop.url}/: no textbox 'Username'"
    )
    assert raised.value.step == 2
    assert "admin1234" not in message


def test_a_site_that_does_not_answer_fails_at_its_first_step(
    browser: Browser, tmp_path: Path
) -> None:
    with socket.socket() as unused:  # bound, not listening: the browser's connection is refused
        unused.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{unused.getsockname()[1]}"
        config = SiteConfig.load(environ={"WA_REDDIT": url})
        with pytest.raises(SignInError, match=r"at step 1 of 4 \(goto __REDDIT__/login\)"):
            sign_in(browser, "reddit", config, tmp_path / "state.json")


def test_merged_storage_states_sign_a_context_into_both(
    browser: Browser, shop: SiteServer, signed_in: Path, tmp_path: Path
) -> None:
    other = tmp_path / "forum.json"
    forum = {"name": "session", "value": "forum-1", "domain": "forum.example", "path": "/"}
    origin = {"origin": "http://forum.example", "localStorage": [{"name": "k", "value": "v"}]}
    other.write_text(json.dumps({"cookies": [forum], "origins": [origin]}))
    merged = merge_storage_states([signed_in, other])
    shop_cookies = json.loads(signed_in.read_text())["cookies"]
    assert merged["cookies"] == [*shop_cookies, forum]
    assert origin in merged["origins"]
    assert shows_welcome(browser, shop.url, merged)


def test_sites_without_a_recipe_or_url_are_config_errors(browser: Browser, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="wikipedia has no sign-in recipe"):
        sign_in(browser, "wikipedia", SiteConfig.load(environ={}), tmp_path / "s.json")
    with pytest.raises(ConfigError, match="no URL for gitlab: set WA_GITLAB"):
        sign_in(browser, "gitlab", SiteConfig.load(environ={}), tmp_path / "s.json")


@pytest.fixture
def expecting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Give the shopping recipe an `expect` text, in a copy of the sites' profiles and recipes."""
    root = tmp_path / "sites"
    for path in [*sites_root().glob("*/profile.toml"), *sites_root().glob("*/login.toml")]:
        (root / path.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, root / path.parent.name / path.name)
    monkeypatch.setenv("WEBAGENT_SITES", str(root))

    def expect(text: str) -> None:
        recipe = root / "shopping" / "login.toml"
        recipe.write_text(f"{recipe.read_text()}\nexpect = {text!r}\n")

    return expect


def test_a_recipes_expect_text_shows_once_signed_in(
    browser: Browser, shop: SiteServer, tmp_path: Path, expecting: Callable[[str], None]
) -> None:
    expecting(WELCOME)
    config = SiteConfig.load(environ={"WA_SHOPPING": shop.url})
    assert sign_in(browser, "shopping", config, tmp_path / "s.json").is_file()


def test_a_recipes_expect_text_missing_is_a_sign_in_error(
    browser: Browser, shop: SiteServer, tmp_path: Path, expecting: Callable[[str], None]
) -> None:
    expecting("Welcome, Nobody!")
    config = SiteConfig.load(environ={"WA_SHOPPING": shop.url})
    with pytest.raises(SignInError, match=r"after step 4 .* does not show 'Welcome, Nobody!'"):
        sign_in(browser, "shopping", config, tmp_path / "s.json")
