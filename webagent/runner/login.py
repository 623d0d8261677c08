"""Signing into a WebArena site once, so every task on it starts signed in.

Each site with a login has a recipe, `sites/<site>/login.toml`: steps in the oracle format
(`webagent.sites.oracle.Step`), written with the site's placeholder and its credentials'
placeholders, modelled on BrowserGym's `ui_login`:

    steps = [
      { goto = "__SHOPPING__/customer/account/login/" },
      { type = { role = "textbox", name = "Email" }, text = "<secret>shopping_username</secret>" },
      ...
    ]
    expect = "Welcome"          # optional: text the signed-in page shows

`sign_in` follows the recipe in a fresh browser context, checks the page no longer asks for a
password, and saves the context's cookies and local storage (a Playwright storage state) for
the tasks' contexts; `merge_storage_states` joins two sites' states for a task that spans both.
The password is typed through the browser's secrets, so no message or file shows it.
"""

from __future__ import annotations

import json
import re
import time
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from webagent.browser import Browser, Tab
from webagent.errors import BrowserError, ConfigError, WebAgentError
from webagent.observation import Observation
from webagent.observation.tree import AriaNode
from webagent.runner.sites import WEBARENA_SITES, SiteConfig
from webagent.sites.catalog import sites_root
from webagent.sites.oracle import Step, StepError, to_action
from webagent.webarena.tasks import placeholder

RECIPE_FILE = "login.toml"
_SITE_PLACEHOLDER = re.compile(r"__[A-Z]+(?:_[A-Z]+)*__")
_SECRET_PLACEHOLDER = re.compile(r"<secret>\s*([^<>]*?)\s*</secret>")
_PASSWORD_FIELD = "input[type=password]:visible"
_MESSAGE_ROLES = ("alert", "status")
_SETTLE_SECONDS = 10.0  # how long a slow deployment may take to leave the sign-in form


class SignInError(WebAgentError):
    """Signing into a site failed: which site, at which step, where, and what the page showed.

    The message never holds a password (only its placeholder); user names are shown as they
    are, since redacting one like `admin` would garble the site's name and URLs.
    """

    def __init__(self, site: str, message: str, *, step: int | None = None, url: str = "") -> None:
        super().__init__(message)
        self.site = site
        self.step = step
        self.url = url


class LoginRecipe(BaseModel):
    """How to sign into one site: its steps, and text the signed-in page must show, if any."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    steps: tuple[Step, ...] = Field(min_length=1)
    expect: str | None = Field(default=None, min_length=1)


def recipe_path(site: str) -> Path:
    """Where the sign-in recipe of `site` is (or would be): `sites/<site>/login.toml`."""
    return sites_root() / site / RECIPE_FILE


def login_recipe(site: str) -> LoginRecipe | None:
    """The sign-in recipe of `site`, or None for a site without a login (wikipedia, map,
    homepage). `ConfigError` naming the file if it is not a valid recipe for this site."""
    if site not in WEBARENA_SITES:
        raise ConfigError(f"unknown site {site!r}; the sites are {', '.join(WEBARENA_SITES)}")
    path = recipe_path(site)
    if not path.is_file():
        return None
    try:
        recipe = LoginRecipe.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not TOML: {error}") from None
    except ValidationError as error:
        issue = error.errors()[0]
        where = ".".join(str(part) for part in issue["loc"]) or "the file"
        raise ConfigError(f"{path}: {where}: {issue['msg']}") from None
    _check_placeholders(recipe, site, path)
    return recipe


def _check_placeholders(recipe: LoginRecipe, site: str, path: Path) -> None:
    """Every URL on the site's own placeholder; every secret one of the site's two."""
    allowed = {f"{site}_username", f"{site}_password"}
    for number, step in enumerate(recipe.steps, start=1):
        for found in _SITE_PLACEHOLDER.findall(step.goto or ""):
            if found != placeholder(site):
                raise ConfigError(
                    f"{path}: step {number}: {found} is not this site's placeholder "
                    f"{placeholder(site)}"
                )
        for name in _SECRET_PLACEHOLDER.findall(step.text or ""):
            if name not in allowed:
                raise ConfigError(
                    f"{path}: step {number}: secret {name!r} is not one of "
                    f"{', '.join(sorted(allowed))}"
                )


def sign_in(browser: Browser, site: str, config: SiteConfig, path: Path) -> Path:
    """Sign into `site` with `config`'s account and save the session's storage state to `path`.

    The recipe's steps run in a fresh context (no HAR; confirmations allowed, so a sign-in
    button the safety gate judges irreversible is still clicked). It worked when the page no
    longer shows a password field (and shows the recipe's `expect` text). `SignInError` says
    which site and step failed, at which URL, and what the page showed; `ConfigError` if the
    site has no recipe, URL or account.
    """
    recipe = login_recipe(site)
    if recipe is None:
        raise ConfigError(f"{site} has no sign-in recipe ({recipe_path(site)})")
    if site not in config.urls:
        raise ConfigError(f"no URL for {site}: set WA_{site.upper()} or give a config file")
    if site not in config.credentials:
        raise ConfigError(f"no account for {site}: set WEBAGENT_SECRET_{site.upper()}_PASSWORD")
    attempt = _Attempt(site, recipe, config)
    path.parent.mkdir(parents=True, exist_ok=True)
    tab = browser.open(secrets=config.secrets(), confirm="allow")
    try:
        for number, step in enumerate(recipe.steps, start=1):
            attempt.run(tab, number, step)
        attempt.verify(tab)
        tab.context.storage_state(path=path)
    finally:
        tab.close()
    return path


@dataclass(frozen=True, slots=True)
class _Attempt:
    """One sign-in: runs the recipe's steps and says, without a password, where it failed."""

    site: str
    recipe: LoginRecipe
    config: SiteConfig

    def run(self, tab: Tab, number: int, step: Step) -> None:
        """Step `number`; `SignInError` with its place and what went wrong."""
        url = tab.page.url
        try:
            observation = tab.observe(full_page=True)
            action = to_action(step, observation, {self.site: self.config.urls[self.site]})
            if action is None:
                return
            result = tab.act(action)
            problem = result.error
            url = result.url
        except (StepError, BrowserError) as error:
            problem = str(error)
        if problem is not None:
            where = f"step {number} of {len(self.recipe.steps)} ({_describe(step)})"
            self.fail(f"at {where} on {_page(url)}: {problem}", url, number)

    def verify(self, tab: Tab) -> None:
        """`SignInError` unless the page has left the sign-in form (and shows `expect`)."""
        url = tab.page.url
        deadline = time.monotonic() + _SETTLE_SECONDS
        try:
            observation = tab.observe(full_page=True)
            asks_password = tab.page.locator(_PASSWORD_FIELD).count() > 0
            # A slow server may still be on its way from the form; a message means it answered.
            while asks_password and not _messages(observation) and time.monotonic() < deadline:
                tab.page.wait_for_timeout(250)
                url = tab.page.url
                observation = tab.observe(full_page=True)
                asks_password = tab.page.locator(_PASSWORD_FIELD).count() > 0
        except BrowserError as error:
            self.fail(f"after the last step: could not read {_page(url)}: {error}", url, None)
        number = len(self.recipe.steps)
        after = f"after step {number} ({_describe(self.recipe.steps[-1])})"
        expect = self.recipe.expect
        if asks_password:
            seen = _seen(observation)
            self.fail(f"{after}: still on the sign-in page at {_page(url)}: {seen}", url, number)
        if expect is not None and expect not in self.readable(observation.text):
            seen = _seen(observation)
            problem = f"{after}: the page at {_page(url)} does not show {expect!r}: {seen}"
            self.fail(problem, url, number)

    def readable(self, text: str) -> str:
        """`text` with user names as themselves and passwords as placeholders.

        The tab redacts both; but a user name like `admin` is no secret worth garbling the
        site's name (`shopping_admin`) and URLs (`/admin`) for.
        """
        for site, account in self.config.credentials.items():
            text = text.replace(f"<secret>{site}_username</secret>", account["username"])
        return self.config.secrets(usernames=False).redact(text)

    def fail(self, problem: str, url: str, step: int | None) -> NoReturn:
        message = self.readable(f"signing into {self.site} failed {problem}")
        raise SignInError(self.site, message, step=step, url=self.readable(url))


def _page(url: str) -> str:
    return "a blank page" if url in ("", "about:blank") else url


def _describe(step: Step) -> str:
    target = step.click or step.type or step.select or step.hover
    if target is not None:
        return f"{step.kind} {target.describe()}"
    detail = step.goto or step.press or step.scroll or step.expect
    return f"{step.kind} {detail}" if detail else step.kind


def _seen(observation: Observation) -> str:
    """What the page says: its alerts and status messages, else its title."""
    messages = _messages(observation)
    return "; ".join(messages) if messages else f"{observation.title!r} shows no message"


def _messages(observation: Observation) -> list[str]:
    """The text of the page's alerts and status messages, each once."""
    found = (
        _text_of(node)
        for root in observation.tree
        for node in root.walk()
        if node.role in _MESSAGE_ROLES
    )
    return list(dict.fromkeys(text for text in found if text))


def _text_of(node: AriaNode) -> str:
    parts = [node.name, node.text or ""] + [_text_of(child) for child in node.children]
    return " ".join(" ".join(part.split()) for part in parts if part.strip())


def merge_storage_states(paths: Sequence[Path]) -> dict[str, Any]:
    """One Playwright storage state from several (one per site a task spans).

    Cookies and origins are concatenated; a cookie (name, domain, path) or an origin named
    twice keeps its later value, since Playwright would otherwise apply both.
    """
    cookies: dict[tuple[str, str, str], Any] = {}
    origins: dict[str, dict[str, Any]] = {}
    for path in paths:
        state = _read_state(path)
        for cookie in state["cookies"]:
            key = (str(cookie.get("name")), str(cookie.get("domain")), str(cookie.get("path")))
            cookies.pop(key, None)  # the later one, in the later place
            cookies[key] = cookie
        for origin in state["origins"]:
            items = origins.setdefault(str(origin.get("origin")), {})
            for item in origin.get("localStorage", []):
                items[str(item.get("name"))] = item
    return {
        "cookies": list(cookies.values()),
        "origins": [
            {"origin": name, "localStorage": list(items.values())}
            for name, items in origins.items()
        ],
    }


def _read_state(path: Path) -> dict[str, list[dict[str, Any]]]:
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"no storage-state file at {path}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ConfigError(f"{path} is not a JSON storage state: {error}") from None
    ok = (
        isinstance(state, dict)
        and all(isinstance(state.get(key, []), list) for key in ("cookies", "origins"))
        and all(
            isinstance(item, dict) for key in ("cookies", "origins") for item in state.get(key, [])
        )
    )
    if not ok:
        raise ConfigError(f"{path}: expected a Playwright storage state (cookies, origins)")
    return {"cookies": state.get("cookies", []), "origins": state.get("origins", [])}
