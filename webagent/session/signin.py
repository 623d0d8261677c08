"""Signing into a site once, so every run on it starts signed in: one sign-in for everyone
(a WebArena deployment's sites, a local demo site, the oracle's solutions).

`sign_in` follows the site's recipe (`webagent.sites.login`) in a fresh browser context,
checks the page no longer asks for a password, and saves the context's cookies and local
storage (a Playwright storage state) for the runs' contexts; `SignIns` keeps each site's
session for a while and signs in again when it is old or a run may have signed out of it
(`may_have_signed_out`: sites sign out with a plain GET, as Magento does, so the session a
stored state names is gone for every later run); `merge_storage_states` joins two sites'
states for a task that spans both. The password is typed through the browser's secrets, so no
message or file shows it.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

from webagent.actions import ActionResult, SelectOption, TypeText
from webagent.browser import Browser, Tab
from webagent.errors import BrowserError, ConfigError, WebAgentError
from webagent.observation import Observation
from webagent.observation.tree import AriaNode
from webagent.sites.login import LoginRecipe, login_recipe, recipe_path
from webagent.sites.risk import SiteJudge
from webagent.sites.server import SiteServer
from webagent.sites.steps import Step, StepError, reads_page, to_action
from webagent.webarena.deployment import DEFAULT_CREDENTIALS, WEBARENA_SITES, SiteConfig

_PASSWORD_FIELD = "input[type=password]:visible"
_MESSAGE_ROLES = ("alert", "status")
_SETTLE_SECONDS = 10.0  # how long a slow deployment may take to leave the sign-in form
SESSION_AGE = 1800.0
"""Seconds a stored sign-in is reused: shorter than the sites' session lifetimes (Magento's
is an hour), so a long run never starts a run signed out."""


_SIGN_OUT = re.compile(r"(?i)(?<![a-z])(?:log|sign)[-_]?(?:out|off)(?![a-z])")
"""A sign-out's URL path: /customer/account/logout/, /users/sign_out, /logout, /logoff."""


def may_have_signed_out(har: Path) -> bool:
    """Whether the run recorded in `har` may have ended a stored session: it requested a
    sign-out page (any method), or its HAR cannot be read."""
    try:
        entries = json.loads(har.read_text(encoding="utf-8"))["log"]["entries"]
        urls = [str(entry["request"]["url"]) for entry in entries]
    except (OSError, ValueError, KeyError, TypeError):
        return True
    return signs_out(urls)


def signs_out(urls: Sequence[str]) -> bool:
    """Whether any of `urls` is a sign-out page."""
    return any(_SIGN_OUT.search(urlsplit(url).path) for url in urls)


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


def sign_in(
    browser: Browser, site: str, config: SiteConfig, path: Path, *, arrive: str | None = None
) -> Path:
    """Sign into `site` with `config`'s account and save the session's storage state to `path`.

    `arrive`: a page to open first, as a person arriving at the site does (what a site
    shows once per visit, a pop-up, is then behind the session, as for a person).

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
    tab = browser.open(arrive, secrets=config.secrets(), confirm="allow", judge=SiteJudge())
    try:
        seen: Observation | None = None
        for number, step in enumerate(recipe.steps, start=1):
            seen = attempt.run(tab, number, step, seen)
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

    def run(
        self, tab: Tab, number: int, step: Step, seen: Observation | None
    ) -> Observation | None:
        """Step `number`; `SignInError` with its place and what went wrong.

        The page is read only for a step that needs it (an element, an expected text), and
        `seen` is the page as the previous step left it when that step only typed or chose
        in a field: the element this step names is looked for there first (the page is read
        again only if it is not there). Returns the page for the next step likewise."""
        url = tab.page.url
        urls = {self.site: self.config.urls[self.site]}
        kept = seen if seen is not None and step.expect is None else None
        try:
            observation = (kept or tab.observe(full_page=True)) if reads_page(step) else None
            try:
                action = to_action(step, observation, urls)
            except StepError:
                if kept is None:
                    raise
                observation = tab.observe(full_page=True)  # it may have appeared since
                action = to_action(step, observation, urls)
            if action is None:
                return None
            result = tab.act(action)
            problem = result.error
            url = result.url
        except (StepError, BrowserError) as error:
            problem = str(error)
        if problem is not None:
            where = f"step {number} of {len(self.recipe.steps)} ({_describe(step)})"
            self.fail(f"at {where} on {_page(url)}: {problem}", url, number)
        stays = isinstance(action, TypeText | SelectOption) and not result.navigated
        return observation if stays else None

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


def sign_into_local(browser: Browser, server: SiteServer, path: Path) -> Path | None:
    """Sign into a local site as the standard user of the WebArena site it stands in for
    (the demo shop as `shopping`'s customer), through that site's recipe, arriving at its
    home page first; None when that site has no sign-in."""
    site = server.site.webarena_site
    account = DEFAULT_CREDENTIALS.get(site)
    if site not in WEBARENA_SITES or account is None or login_recipe(site) is None:
        return None
    where = {site: f"the local site {server.site.name}"}
    config = SiteConfig.of({site: server.url}, {site: account}, where)
    return sign_in(browser, site, config, path, arrive=server.url + "/")


class SignIns:
    """Each site's stored session, signed into when first needed and again once it is
    `SESSION_AGE` old; the files are kept in `folder`."""

    def __init__(self, browser: Browser, config: SiteConfig, folder: Path) -> None:
        self.browser = browser
        self.config = config
        self.folder = folder
        self._signed_in: dict[str, tuple[Path, float]] = {}
        """Site -> its stored session and when it was signed into."""

    def storage(self, sites: Sequence[str]) -> dict[str, Any] | None:
        """The sessions of those of `sites` that have a sign-in, merged (None: none has)."""
        paths = []
        for site in sites:
            if login_recipe(site) is None:
                continue
            default = (self.folder / f"{site}.json", -SESSION_AGE)
            path, since = self._signed_in.get(site, default)
            if time.monotonic() - since >= SESSION_AGE:
                self._signed_in[site] = (
                    sign_in(self.browser, site, self.config, path),
                    time.monotonic(),
                )
            paths.append(path)
        return merge_storage_states(paths) if paths else None

    def forget(self, sites: Sequence[str]) -> None:
        """Sign into `sites` again before their next run (a run may have signed out)."""
        for site in sites:
            self._signed_in.pop(site, None)


def run_step(
    tab: Tab, step: Step, site_urls: Mapping[str, str], observation: Observation | None = None
) -> ActionResult | None:
    """Resolve one step on the current page and run it (None: nothing to run); `StepError`
    if it fails. `observation` is the page as already observed whole, if it was."""
    if observation is None:
        observation = tab.observe(full_page=True)
    action = to_action(step, observation, site_urls)
    if action is None:
        return None
    result = tab.act(action)
    if result.error is not None:
        raise StepError(f"{result.describe()}")
    return result
