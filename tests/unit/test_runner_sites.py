"""Where the WebArena sites are, which accounts sign into them, whether they answer, and the
sign-in recipes: all without a browser (the reachability checks use servers on loopback)."""

from __future__ import annotations

import http.server
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from webagent.errors import ConfigError, WebAgentError
from webagent.runner.sites import check_sites, reset_sites, reset_url, url_shown
from webagent.session.signin import merge_storage_states
from webagent.sites.catalog import sites_root
from webagent.sites.login import LoginRecipe, login_recipe, recipe_path
from webagent.webarena.deployment import (
    DEFAULT_CREDENTIALS,
    WEBARENA_SITES,
    SiteConfig,
    env_variable,
)
from webagent.webarena.tasks import placeholder

SHOP = "http://shop.example:7770"
ADMIN = "http://shop.example:7780/admin"


def write_config(tmp_path: Path, environments: object, name: str = "config.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"environments": environments}))
    return path


# -- URLs --------------------------------------------------------------------------------------


def test_the_sites_and_their_variables_are_browsergyms() -> None:
    assert WEBARENA_SITES == (
        "shopping",
        "shopping_admin",
        "reddit",
        "gitlab",
        "wikipedia",
        "map",
        "homepage",
    )
    assert [env_variable(site) for site in WEBARENA_SITES] == [
        "WA_SHOPPING",
        "WA_SHOPPING_ADMIN",
        "WA_REDDIT",
        "WA_GITLAB",
        "WA_WIKIPEDIA",
        "WA_MAP",
        "WA_HOMEPAGE",
    ]


def test_urls_come_from_the_wa_variables_without_a_trailing_slash() -> None:
    environ = {"WA_SHOPPING": SHOP + "/", "WA_SHOPPING_ADMIN": ADMIN, "WA_MAP": " ", "HOME": "/"}
    config = SiteConfig.load(environ=environ)
    assert dict(config.urls) == {"shopping": SHOP, "shopping_admin": ADMIN}
    assert dict(config.sources) == {
        "shopping": "WA_SHOPPING",
        "shopping_admin": "WA_SHOPPING_ADMIN",
    }


def test_nothing_configured_means_every_site_is_missing() -> None:
    config = SiteConfig.load(environ={})
    assert dict(config.urls) == {}
    assert config.missing(WEBARENA_SITES) == list(WEBARENA_SITES)


def test_missing_lists_the_sites_without_a_url_in_the_order_given() -> None:
    config = SiteConfig.load(environ={"WA_SHOPPING": SHOP, "WA_REDDIT": "http://r:9999"})
    assert config.missing(["gitlab", "shopping", "map", "reddit", "gitlab"]) == ["gitlab", "map"]
    assert config.missing(["shopping"]) == []


@pytest.mark.parametrize("key", ["__SHOPPING__", "shopping"])
def test_a_config_file_in_webarena_verifieds_format_names_sites_either_way(
    tmp_path: Path, key: str
) -> None:
    path = write_config(tmp_path, {key: {"urls": [SHOP + "/"]}})
    config = SiteConfig.load(path, environ={})
    assert dict(config.urls) == {"shopping": SHOP}
    assert dict(config.sources) == {"shopping": str(path)}


def test_the_config_files_active_url_idx_picks_the_url_and_other_keys_are_ignored(
    tmp_path: Path,
) -> None:
    raw = {
        "test_data_file": "whatever.json",
        "environments": {
            "__SHOPPING_ADMIN__": {
                "urls": ["http://staging:7780/admin", ADMIN],
                "active_url_idx": 1,
                "use_header_login": False,
                "extra": {"container_name": "shop"},
            }
        },
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(raw))
    assert dict(SiteConfig.load(path, environ={}).urls) == {"shopping_admin": ADMIN}


def test_the_file_wins_over_the_environment_for_the_sites_it_names(tmp_path: Path) -> None:
    path = write_config(tmp_path, {"__SHOPPING__": {"urls": [SHOP]}})
    environ = {"WA_SHOPPING": "http://other:1", "WA_REDDIT": "http://reddit:9999"}
    config = SiteConfig.load(path, environ=environ)
    assert dict(config.urls) == {"shopping": SHOP, "reddit": "http://reddit:9999"}
    assert dict(config.sources) == {"shopping": str(path), "reddit": "WA_REDDIT"}


# -- credentials -------------------------------------------------------------------------------


def test_webarenas_standard_accounts_are_the_default() -> None:
    config = SiteConfig.load(environ={})
    assert {site: dict(account) for site, account in config.credentials.items()} == {
        "shopping": {"username": "emma.lopez@gmail.com", "password": "Password.123"},
        "shopping_admin": {"username": "admin", "password": "admin1234"},
        "reddit": {"username": "MarvelsGrandpa", "password": "test1234"},
        "gitlab": {"username": "byteblaze", "password": "hello1234"},
    }
    assert {site: dict(a) for site, a in DEFAULT_CREDENTIALS.items()} == {
        site: dict(a) for site, a in config.credentials.items()
    }


def test_the_file_overrides_the_default_and_the_environment_overrides_the_file(
    tmp_path: Path,
) -> None:
    path = write_config(
        tmp_path,
        {
            "__GITLAB__": {
                "urls": ["http://gitlab:8023"],
                "credentials": {"username": "file-user", "password": "file-pass"},
            },
            "reddit": {"urls": ["http://reddit:9999"], "credentials": {"password": "reddit-pass"}},
        },
    )
    environ = {
        "WEBAGENT_SECRET_GITLAB_PASSWORD": "env-pass",
        "WEBAGENT_SECRET_SHOPPING_USERNAME": "",
    }
    config = SiteConfig.load(path, environ=environ)
    assert dict(config.credentials["gitlab"]) == {"username": "file-user", "password": "env-pass"}
    assert dict(config.credentials["reddit"]) == {
        "username": "MarvelsGrandpa",
        "password": "reddit-pass",
    }
    assert config.credentials["shopping"]["username"] == "emma.lopez@gmail.com"  # "" is unset


def test_a_site_without_a_default_account_needs_both_parts() -> None:
    environ = {"WEBAGENT_SECRET_WIKIPEDIA_USERNAME": "reader1"}
    with pytest.raises(ConfigError, match="WEBAGENT_SECRET_WIKIPEDIA_PASSWORD"):
        SiteConfig.load(environ=environ)
    config = SiteConfig.load(environ={**environ, "WEBAGENT_SECRET_WIKIPEDIA_PASSWORD": "secret1"})
    assert dict(config.credentials["wikipedia"]) == {"username": "reader1", "password": "secret1"}


def test_a_password_too_short_to_redact_is_a_config_error_without_its_value() -> None:
    with pytest.raises(ConfigError, match="WEBAGENT_SECRET_REDDIT_PASSWORD") as raised:
        SiteConfig.load(environ={"WEBAGENT_SECRET_REDDIT_PASSWORD": "xy1"})
    assert "xy1" not in str(raised.value)


def test_secrets_are_named_after_site_and_part_and_redact_the_values() -> None:
    config = SiteConfig.load(environ={})
    secrets = config.secrets()
    assert secrets.names == tuple(
        sorted(
            f"{site}_{part}" for site in DEFAULT_CREDENTIALS for part in ("username", "password")
        )
    )
    assert secrets.substitute("<secret>shopping_password</secret>") == "Password.123"
    assert secrets.redact("user=MarvelsGrandpa&pw=test1234") == (
        "user=<secret>reddit_username</secret>&pw=<secret>reddit_password</secret>"
    )


def test_secrets_can_leave_the_user_names_out() -> None:
    secrets = SiteConfig.load(environ={}).secrets(usernames=False)
    assert secrets.names == (
        "gitlab_password",
        "reddit_password",
        "shopping_admin_password",
        "shopping_password",
    )
    assert secrets.redact(ADMIN + "/dashboard") == ADMIN + "/dashboard"


def test_allowed_hosts_are_the_host_and_port_of_every_url_once() -> None:
    environ = {
        "WA_SHOPPING": SHOP,
        "WA_SHOPPING_ADMIN": ADMIN,
        "WA_REDDIT": "http://[::1]:9999/",
        "WA_WIKIPEDIA": "https://wiki.example/wikipedia_en",
    }
    assert SiteConfig.load(environ=environ).allowed_hosts() == [
        "shop.example:7770",
        "shop.example:7780",
        "[::1]:9999",
        "wiki.example",
    ]
    assert SiteConfig.load(environ={}).allowed_hosts() == []


# -- configuration errors ----------------------------------------------------------------------


def test_a_config_file_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"no sites config file at .*nowhere\.json"):
        SiteConfig.load(tmp_path / "nowhere.json", environ={})


def test_a_config_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text("environments: {}")
    with pytest.raises(ConfigError, match=r"config\.json is not JSON"):
        SiteConfig.load(path, environ={})


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ([], "the file"),
        ({"environments": []}, "environments"),
        ({"environments": {"__SHOPPING__": {}}}, "environments.__SHOPPING__.urls"),
        ({"environments": {"__SHOPPING__": {"urls": []}}}, "environments.__SHOPPING__.urls"),
        ({"environments": {"__SHOPPING__": {"urls": [7770]}}}, "environments.__SHOPPING__.urls"),
        (
            {"environments": {"shopping": {"urls": [SHOP], "credentials": ["a", "b"]}}},
            "environments.shopping.credentials",
        ),
    ],
)
def test_a_config_file_of_the_wrong_shape(tmp_path: Path, raw: object, where: str) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(ConfigError, match=f"config.json: {where}"):
        SiteConfig.load(path, environ={})


def test_an_active_url_idx_past_the_urls(tmp_path: Path) -> None:
    path = write_config(tmp_path, {"__SHOPPING__": {"urls": [SHOP], "active_url_idx": 1}})
    with pytest.raises(ConfigError, match=r"active_url_idx: 1 is past the end of its 1 urls"):
        SiteConfig.load(path, environ={})


def test_an_unknown_site_key(tmp_path: Path) -> None:
    path = write_config(tmp_path, {"__SHOPING__": {"urls": [SHOP]}})
    with pytest.raises(
        ConfigError, match=r"config\.json: environments: unknown site '__SHOPING__'"
    ):
        SiteConfig.load(path, environ={})


def test_a_site_named_twice(tmp_path: Path) -> None:
    path = write_config(tmp_path, {"__SHOPPING__": {"urls": [SHOP]}, "shopping": {"urls": [SHOP]}})
    with pytest.raises(ConfigError, match="named twice"):
        SiteConfig.load(path, environ={})


@pytest.mark.parametrize(
    "url", ["shop.example:7770", "ftp://shop.example", "http://", "file:///srv/shop", "http://h:x"]
)
def test_a_url_that_is_not_http_with_a_host_names_its_variable(url: str) -> None:
    with pytest.raises(ConfigError, match="environment variable WA_REDDIT"):
        SiteConfig.load(environ={"WA_REDDIT": url})


def test_a_url_that_is_not_http_with_a_host_names_its_file(tmp_path: Path) -> None:
    path = write_config(tmp_path, {"__GITLAB__": {"urls": ["gitlab:8023"]}})
    with pytest.raises(ConfigError, match=r"config\.json: environments: gitlab: urls: 'gitlab"):
        SiteConfig.load(path, environ={})


# -- reachability ------------------------------------------------------------------------------


class _Handler(http.server.BaseHTTPRequestHandler):
    """200 for any path but two: `/moved` redirects to `/`, `/broken` is a server error."""

    def do_GET(self) -> None:
        code = {"/moved": 302, "/broken": 500}.get(self.path, 200)
        body = b"" if code == 302 else b"hello"
        self.send_response(code)
        if code == 302:
            self.send_header("Location", "/")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def servers() -> Iterator[dict[str, str]]:
    """A server answering 200 (and 500 at /broken), a port that refuses, one never answering."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    refusing = socket.socket()  # bound but not listening: connections are refused
    refusing.bind(("127.0.0.1", 0))
    silent = socket.socket()  # listening, never accepting: connections hang unanswered
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    yield {
        "shopping": base,
        "gitlab": f"{base}/moved",
        "reddit": f"{base}/broken",
        "map": f"http://127.0.0.1:{refusing.getsockname()[1]}",
        "wikipedia": f"http://127.0.0.1:{silent.getsockname()[1]}",
    }
    server.shutdown()
    server.server_close()
    refusing.close()
    silent.close()


def test_check_sites_says_for_each_site_whether_and_how_it_answered(
    servers: dict[str, str],
) -> None:
    started = time.monotonic()
    checks = check_sites(servers, timeout=1.0)
    elapsed = time.monotonic() - started
    by_site = {check.site: check for check in checks}
    assert [check.site for check in checks] == list(servers)
    assert all(check.url == servers[check.site] for check in checks)

    assert by_site["shopping"].ok
    assert by_site["shopping"].detail.startswith("HTTP 200 in ")
    assert by_site["shopping"].detail.endswith(" ms")
    assert by_site["gitlab"].ok  # the redirect is followed
    assert by_site["gitlab"].detail.startswith("HTTP 200")
    assert not by_site["reddit"].ok
    assert by_site["reddit"].detail == "HTTP 500"
    assert not by_site["map"].ok
    assert by_site["map"].detail == "connection refused"
    assert not by_site["wikipedia"].ok
    assert by_site["wikipedia"].detail == "no answer within 1 s"
    assert 0.9 <= by_site["wikipedia"].seconds <= 1.5
    # Concurrent: the whole call takes about the timeout, not the sum of the waits.
    assert 0.9 <= elapsed <= 1.6


def test_check_sites_with_nothing_to_check() -> None:
    assert check_sites({}) == []


def test_a_host_name_that_does_not_resolve(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_such_host(*args: object, **kwargs: object) -> list[object]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_host)
    (check,) = check_sites({"gitlab": "http://gitlab.invalid:8023"}, timeout=1.0)
    assert not check.ok
    assert check.detail == "the host name does not resolve"


# -- resetting the sites -----------------------------------------------------------------------


def test_the_reset_url_is_the_flag_else_browsergyms_variable() -> None:
    reset = "http://wa.example:7565"
    assert reset_url(None, environ={}) is None
    assert reset_url(None, environ={"WA_FULL_RESET": ""}) is None  # BrowserGym: empty is unset
    assert reset_url(None, environ={"WA_FULL_RESET": reset}) == reset
    assert reset_url("http://other:1/reset", environ={"WA_FULL_RESET": reset}) == (
        "http://other:1/reset"
    )
    with pytest.raises(ConfigError, match=r"--reset must be an http\(s\):// URL, not 'wa:7565'"):
        reset_url("wa:7565", environ={})
    with pytest.raises(ConfigError, match="WA_FULL_RESET must be an http"):
        reset_url(None, environ={"WA_FULL_RESET": "7565"})


def test_a_reset_url_is_shown_without_credentials_or_a_query() -> None:
    assert url_shown("https://me:pw@wa.example:7565/reset?token=abc") == (
        "https://wa.example:7565/reset"
    )
    with pytest.raises(WebAgentError) as failed:
        reset_sites("http://me:pw@127.0.0.1:9/reset?token=abc", timeout=0.5)
    assert "abc" not in str(failed.value)
    assert "pw" not in str(failed.value)


def test_a_reset_that_answers_200_took_its_time(servers: dict[str, str]) -> None:
    seconds = reset_sites(servers["shopping"])
    assert 0 <= seconds < 5


@pytest.mark.parametrize(
    ("site", "why"),
    [
        ("reddit", "HTTP 500: hello"),  # the reset script's own words, first line
        ("map", "connection refused"),
        ("wikipedia", "no answer within 0.5 s"),
    ],
)
def test_a_reset_that_fails_says_why(servers: dict[str, str], site: str, why: str) -> None:
    url = servers[site]
    with pytest.raises(WebAgentError) as failed:
        reset_sites(url, timeout=0.5)
    assert str(failed.value) == f"the sites' reset at {url} failed: {why}"


# -- sign-in recipes ---------------------------------------------------------------------------


@pytest.mark.parametrize("site", ["shopping", "shopping_admin", "reddit", "gitlab"])
def test_every_site_with_a_login_has_a_recipe_that_validates(site: str) -> None:
    recipe = login_recipe(site)
    assert isinstance(recipe, LoginRecipe)
    assert recipe_path(site) == sites_root() / site / "login.toml"
    assert recipe.steps[0].goto is not None
    assert recipe.steps[0].goto.startswith(placeholder(site))
    typed = [step.text for step in recipe.steps if step.type is not None]
    assert typed == [f"<secret>{site}_username</secret>", f"<secret>{site}_password</secret>"]
    assert recipe.steps[-1].click is not None
    assert recipe.steps[-1].click.role == "button"


def test_every_recipe_file_is_one_of_a_known_site() -> None:
    found = sorted(path.parent.name for path in sites_root().glob("*/login.toml"))
    assert found == ["gitlab", "reddit", "shopping", "shopping_admin"]


@pytest.mark.parametrize("site", ["wikipedia", "map", "homepage"])
def test_sites_without_a_login_have_no_recipe(site: str) -> None:
    assert login_recipe(site) is None


def test_an_unknown_site_has_no_recipe_to_look_for() -> None:
    with pytest.raises(ConfigError, match="unknown site 'shop'"):
        login_recipe("shop")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("steps = [", "is not TOML"),
        ("steps = []", "steps: "),
        ('steps = [{ goto = "__REDDIT__/login", click = { role = "button" } }]', "exactly one"),
        ('steps = [{ type = { role = "textbox", name = "Username" } }]', "needs text"),
        ('steps = [{ goto = "__REDDIT__/login" }]\nwhen = "now"', "when: "),
        ('steps = [{ goto = "__GITLAB__/users/sign_in" }]', "not this site's placeholder"),
        (
            'steps = [{ type = { role = "textbox", name = "Password" }, '
            'text = "<secret>gitlab_password</secret>" }]',
            "secret 'gitlab_password' is not one of reddit_password, reddit_username",
        ),
    ],
)
def test_a_broken_recipe_is_a_config_error_naming_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, problem: str
) -> None:
    (tmp_path / "reddit").mkdir()
    (tmp_path / "reddit" / "login.toml").write_text(text)
    monkeypatch.setenv("WEBAGENT_SITES", str(tmp_path))
    with pytest.raises(ConfigError, match=r"reddit/login\.toml") as raised:
        login_recipe("reddit")
    assert problem in str(raised.value)


def test_a_recipe_may_name_text_the_signed_in_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "reddit").mkdir()
    (tmp_path / "reddit" / "login.toml").write_text(
        'steps = [{ goto = "__REDDIT__/login" }]\nexpect = "Log out"'
    )
    monkeypatch.setenv("WEBAGENT_SITES", str(tmp_path))
    recipe = login_recipe("reddit")
    assert recipe is not None
    assert recipe.expect == "Log out"


# -- storage states ----------------------------------------------------------------------------


def _state(tmp_path: Path, name: str, state: object) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(state))
    return path


def test_merged_storage_states_hold_every_sites_cookies_and_origins(tmp_path: Path) -> None:
    shop = _state(
        tmp_path,
        "shop.json",
        {
            "cookies": [{"name": "PHPSESSID", "value": "a", "domain": "shop", "path": "/"}],
            "origins": [
                {"origin": "http://shop", "localStorage": [{"name": "k", "value": "1"}]},
            ],
        },
    )
    forum = _state(
        tmp_path,
        "forum.json",
        {
            "cookies": [
                {"name": "PHPSESSID", "value": "b", "domain": "forum", "path": "/"},
                {"name": "PHPSESSID", "value": "c", "domain": "shop", "path": "/"},
            ],
            "origins": [
                {"origin": "http://forum", "localStorage": [{"name": "k", "value": "2"}]},
                {"origin": "http://shop", "localStorage": [{"name": "j", "value": "3"}]},
            ],
        },
    )
    merged = merge_storage_states([shop, forum])
    assert merged["cookies"] == [
        {"name": "PHPSESSID", "value": "b", "domain": "forum", "path": "/"},
        {"name": "PHPSESSID", "value": "c", "domain": "shop", "path": "/"},
    ]
    assert merged["origins"] == [
        {
            "origin": "http://shop",
            "localStorage": [{"name": "k", "value": "1"}, {"name": "j", "value": "3"}],
        },
        {"origin": "http://forum", "localStorage": [{"name": "k", "value": "2"}]},
    ]
    assert merge_storage_states([]) == {"cookies": [], "origins": []}


def test_merging_a_file_that_is_not_a_storage_state(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no storage-state file"):
        merge_storage_states([tmp_path / "gone.json"])
    (tmp_path / "bad.json").write_text("{cookies: []}")
    with pytest.raises(ConfigError, match="not a JSON storage state"):
        merge_storage_states([tmp_path / "bad.json"])


def test_merging_a_json_file_of_another_shape(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="expected a Playwright storage state"):
        merge_storage_states([_state(tmp_path, "list.json", {"cookies": "yes"})])
