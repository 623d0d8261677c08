"""Where a WebArena deployment's sites are, which accounts sign into them, and whether they answer.

    config = SiteConfig.load(Path("config.json"))        # or only the WA_* variables
    config.missing(["shopping", "reddit"])               # -> ["reddit"] when it has no URL
    check_sites(config.urls)                             # -> one SiteCheck per site
    reset_sites("http://host:7565")                      # fresh sites ($WA_FULL_RESET)

Base URLs come from BrowserGym's environment variables (`WA_SHOPPING`, ...) and from a config
file in webarena-verified's own format, whose entries win for the sites it names:

    {"environments": {"__SHOPPING__": {"urls": ["http://host:7770"], "active_url_idx": 0,
                                       "credentials": {"username": "...", "password": "..."}}}}

Credentials are WebArena's standard accounts unless the file or `WEBAGENT_SECRET_<SITE>_USERNAME`
/ `_PASSWORD` (which win) say otherwise. They reach the browser only as secrets
(`<secret>shopping_password</secret>`), so nothing the runner writes holds their values.
"""

from __future__ import annotations

import errno
import http.client
import json
import os
import socket
import ssl
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from webagent.errors import ConfigError, WebAgentError
from webagent.safety.secrets import SecretError, Secrets

WEBARENA_SITES = (
    "shopping",
    "shopping_admin",
    "reddit",
    "gitlab",
    "wikipedia",
    "map",
    "homepage",
)
ENV_PREFIX = "WA_"
RESET_VARIABLE = "WA_FULL_RESET"
"""BrowserGym's variable for the URL that resets a whole WebArena deployment (GET)."""
RESET_TIMEOUT = 300.0
"""A full reset takes 2-3 minutes in practice (BrowserGym waits 5)."""
SECRET_PREFIX = "WEBAGENT_SECRET_"
CREDENTIAL_FIELDS = ("username", "password")

DEFAULT_CREDENTIALS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "shopping": {"username": "emma.lopez@gmail.com", "password": "Password.123"},
        "shopping_admin": {"username": "admin", "password": "admin1234"},
        "reddit": {"username": "MarvelsGrandpa", "password": "test1234"},
        "gitlab": {"username": "byteblaze", "password": "hello1234"},
    }
)


def env_variable(site: str) -> str:
    """BrowserGym's variable for a site's base URL: `shopping_admin` -> `WA_SHOPPING_ADMIN`."""
    return ENV_PREFIX + site.upper()


def site_of_key(key: str) -> str | None:
    """The site a config key names, written `__SHOPPING_ADMIN__` or `shopping_admin`."""
    site = key.strip().strip("_").lower()
    return site if site in WEBARENA_SITES else None


def base_url(url: str, where: str) -> str:
    """`url` without its trailing slash; `ConfigError` (saying `where`) unless http(s) with a
    host."""
    text = url.strip()
    parts = urlsplit(text)
    try:
        parts.port  # noqa: B018 - raises for a malformed port
    except ValueError:
        raise ConfigError(f"{where}: {url!r} has a malformed port") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ConfigError(f"{where}: {url!r} is not an http(s) URL with a host name")
    return text.rstrip("/")


# -- the config file ---------------------------------------------------------------------------
class _Environment(BaseModel):
    """One site's entry in webarena-verified's config; its other keys are not ours to judge."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    urls: list[str] = Field(min_length=1)
    active_url_idx: int | None = Field(default=None, ge=0)
    credentials: dict[str, str] | None = None

    @property
    def active_url(self) -> str | None:
        index = self.active_url_idx or 0
        return self.urls[index] if index < len(self.urls) else None


class _ConfigFile(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    environments: dict[str, _Environment] = Field(default_factory=dict)


def _read_config(path: Path) -> dict[str, _Environment]:
    """The file's environments by site name; `ConfigError` naming the file for any problem."""
    try:
        raw: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"no sites config file at {path}") from None
    except IsADirectoryError:
        raise ConfigError(f"{path} is a folder, not a sites config file") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not JSON (not UTF-8 text)") from None
    except json.JSONDecodeError as error:
        raise ConfigError(f"{path} is not JSON: {error}") from None
    try:
        parsed = _ConfigFile.model_validate(raw)
    except ValidationError as error:
        issue = error.errors()[0]
        where = ".".join(str(part) for part in issue["loc"]) or "the file"
        raise ConfigError(
            f"{path}: {where}: {issue['msg']} (expected "
            '{"environments": {"__SHOPPING__": {"urls": ["http://..."], ...}}})'
        ) from None
    environments: dict[str, _Environment] = {}
    for key, entry in parsed.environments.items():
        site = site_of_key(key)
        if site is None:
            raise ConfigError(
                f"{path}: environments: unknown site {key!r}; the sites are "
                + ", ".join(f"__{s.upper()}__" for s in WEBARENA_SITES)
            )
        if site in environments:
            raise ConfigError(f"{path}: environments: site {site!r} is named twice")
        if entry.active_url is None:
            raise ConfigError(
                f"{path}: environments.{key}.active_url_idx: {entry.active_url_idx} is past the "
                f"end of its {len(entry.urls)} urls"
            )
        environments[site] = entry
    return environments


# -- the configuration -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SiteConfig:
    """A deployment's sites: base URLs (no trailing slash), accounts, and where each URL came
    from (`WA_SHOPPING`, or the config file's path), to say so in messages."""

    urls: Mapping[str, str] = field(default_factory=dict)
    credentials: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    sources: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def load(
        cls, config: Path | None = None, environ: Mapping[str, str] = os.environ
    ) -> SiteConfig:
        """URLs from the WA_* variables and `config` (which wins); credentials from WebArena's
        defaults, then `config`, then `WEBAGENT_SECRET_<SITE>_USERNAME`/`_PASSWORD`.

        `ConfigError` names the file or variable that is missing, unreadable or malformed.
        """
        urls: dict[str, str] = {}
        sources: dict[str, str] = {}
        credentials = {site: dict(account) for site, account in DEFAULT_CREDENTIALS.items()}
        credential_sources = dict.fromkeys(credentials, "WebArena's default account")
        for site in WEBARENA_SITES:
            name = env_variable(site)
            value = environ.get(name, "").strip()
            if value:
                urls[site] = base_url(value, f"environment variable {name}")
                sources[site] = name
        if config is not None:
            for site, entry in _read_config(config).items():
                where = f"{config}: environments: {site}"
                urls[site] = base_url(entry.active_url or "", f"{where}: urls")
                sources[site] = str(config)
                if entry.credentials is not None:
                    given = {k: v for k, v in entry.credentials.items() if k in CREDENTIAL_FIELDS}
                    credentials.setdefault(site, {}).update(given)
                    credential_sources[site] = f"{where}: credentials"
        for site in WEBARENA_SITES:
            for part in CREDENTIAL_FIELDS:
                name = f"{SECRET_PREFIX}{site.upper()}_{part.upper()}"
                if environ.get(name):
                    credentials.setdefault(site, {})[part] = environ[name]
                    credential_sources[site] = f"environment variable {name}"
        for site, account in credentials.items():
            _check_account(site, account, credential_sources[site])
        return cls.of(urls, credentials, sources)

    @classmethod
    def of(
        cls,
        urls: Mapping[str, str],
        credentials: Mapping[str, Mapping[str, str]],
        sources: Mapping[str, str],
    ) -> SiteConfig:
        """A read-only config from plain mappings."""
        return cls(
            urls=MappingProxyType(dict(urls)),
            credentials=MappingProxyType(
                {site: MappingProxyType(dict(account)) for site, account in credentials.items()}
            ),
            sources=MappingProxyType(dict(sources)),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # read-only mappings do not pickle; a worker process gets a copy of plain ones
        plain = {site: dict(account) for site, account in self.credentials.items()}
        return (SiteConfig.of, (dict(self.urls), plain, dict(self.sources)))

    def missing(self, sites: Iterable[str]) -> list[str]:
        """The sites among `sites` that have no URL, in the order given."""
        return [site for site in dict.fromkeys(sites) if site not in self.urls]

    def secrets(self, *, usernames: bool = True) -> Secrets:
        """Every account as secrets named `<site>_username` and `<site>_password`.

        `usernames=False` leaves the user names out: redacting a name like `admin` or
        `byteblaze` would also rewrite the URLs (`/admin`, `/byteblaze/...`) and pages a task
        needs. Sign-in needs them (its recipes type their placeholders).
        """
        values: dict[str, str] = {}
        for site, account in self.credentials.items():
            for part in CREDENTIAL_FIELDS:
                if part == "username" and not usernames:
                    continue
                values[f"{site}_{part}"] = account[part]
        return Secrets(values)

    def allowed_hosts(self) -> list[str]:
        """`host:port` of every configured URL, for the browser's allowlist (no duplicates).

        A URL without a port gives its host alone (any port), so a deployment's redirect from
        http to https stays reachable.
        """
        hosts: list[str] = []
        for url in self.urls.values():
            parts = urlsplit(url)
            host = parts.hostname or ""
            host = f"[{host}]" if ":" in host else host
            entry = f"{host}:{parts.port}" if parts.port is not None else host
            if entry not in hosts:
                hosts.append(entry)
        return hosts


def _check_account(site: str, account: Mapping[str, str], source: str) -> None:
    for part in CREDENTIAL_FIELDS:
        if not account.get(part):
            raise ConfigError(
                f"{source}: the {site} account has no {part} (set "
                f"{SECRET_PREFIX}{site.upper()}_{part.upper()})"
            )
    try:
        Secrets({f"{site}_{part}": account[part] for part in CREDENTIAL_FIELDS})
    except SecretError as error:  # its message names the secret, never the value
        raise ConfigError(f"{source}: {error}") from None


# -- reachability ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SiteCheck:
    """Whether a site's base URL answered: `ok` for any HTTP status below 500; `detail` says
    what happened, for a person ("HTTP 200 in 12 ms", "connection refused")."""

    site: str
    url: str
    ok: bool
    detail: str
    seconds: float


def check_sites(urls: Mapping[str, str], timeout: float = 10.0) -> list[SiteCheck]:
    """GET every base URL at once (following redirects); one `SiteCheck` per site, in order.

    Each request runs in its own daemon thread, and the call returns after `timeout` seconds
    at most (plus a moment), whatever a host does: a request still waiting then (a silent
    server, a slow name lookup) is reported as having no answer.
    """
    started = time.monotonic()
    results: dict[str, SiteCheck] = {}
    threads = []
    for site, url in urls.items():

        def check(site: str = site, url: str = url) -> None:
            results[site] = _check(site, url, timeout)

        thread = threading.Thread(target=check, name=f"check-{site}", daemon=True)
        thread.start()
        threads.append(thread)
    deadline = started + timeout + 0.25
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return [
        results.get(site) or _no_answer(site, url, timeout, time.monotonic() - started)
        for site, url in urls.items()
    ]


def reset_url(given: str | None, *, environ: Mapping[str, str] = os.environ) -> str | None:
    """The reset URL: `given` (`--reset`), else `$WA_FULL_RESET` if set and not empty."""
    url = given if given is not None else environ.get(RESET_VARIABLE, "").strip() or None
    if url is None:
        return None
    where = "--reset" if given is not None else RESET_VARIABLE
    if urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc:
        raise ConfigError(f"{where} must be an http(s):// URL, not {url!r}")
    return url


def url_shown(url: str) -> str:
    """`url` as a log or report may show it: without credentials or a query (a reset URL
    may carry a token)."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc.rsplit("@", 1)[-1], parts.path, "", ""))


def reset_sites(url: str, timeout: float = RESET_TIMEOUT) -> float:
    """Reset the deployment's sites to their initial state: GET `url`, as BrowserGym's
    `full_reset` does (webarena-setup's reset server answers once the sites are back).
    Returns the seconds it took; `WebAgentError` saying why it did not work."""
    started = time.monotonic()
    request = urllib.request.Request(url, headers={"User-Agent": "webagent-reset"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, body = int(response.status), response.read(2000)
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read(2000)
        error.close()
    except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
        reason = error.reason if isinstance(error, urllib.error.URLError) else error
        why = f"no answer within {timeout:g} s" if _timed_out(reason) else _describe(reason)
        raise WebAgentError(f"the sites' reset at {url_shown(url)} failed: {why}") from error
    if status != 200:
        said = body.decode("utf-8", "replace").strip().splitlines()
        detail = f": {said[0][:200]}" if said else ""
        raise WebAgentError(f"the sites' reset at {url_shown(url)} failed: HTTP {status}{detail}")
    return time.monotonic() - started


def _no_answer(site: str, url: str, timeout: float, seconds: float) -> SiteCheck:
    return SiteCheck(site, url, False, f"no answer within {timeout:g} s", seconds)


def _check(site: str, url: str, timeout: float) -> SiteCheck:
    started = time.monotonic()
    request = urllib.request.Request(url, headers={"User-Agent": "webagent-site-check"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status = int(response.status)
    except urllib.error.HTTPError as error:  # a status the server chose: an answer
        status = error.code
        error.close()
    except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
        seconds = time.monotonic() - started
        reason = error.reason if isinstance(error, urllib.error.URLError) else error
        if _timed_out(reason):
            return _no_answer(site, url, timeout, seconds)
        return SiteCheck(site, url, False, _describe(reason), seconds)
    seconds = time.monotonic() - started
    ok = status < 500
    detail = f"HTTP {status} in {seconds * 1000:.0f} ms" if ok else f"HTTP {status}"
    return SiteCheck(site, url, ok, detail, seconds)


def _timed_out(reason: object) -> bool:
    return isinstance(reason, TimeoutError | socket.timeout) or (
        isinstance(reason, OSError) and reason.errno == errno.ETIMEDOUT
    )


def _describe(reason: object) -> str:
    """A connection failure in words."""
    if isinstance(reason, socket.gaierror):
        return "the host name does not resolve"
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused"
    if isinstance(reason, ConnectionResetError | http.client.RemoteDisconnected):
        return "the connection was closed without an answer"
    if isinstance(reason, ssl.SSLCertVerificationError):
        return f"its TLS certificate is not trusted: {reason.verify_message}"
    if isinstance(reason, ssl.SSLError):
        return f"TLS failed: {reason.reason or reason}"
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror[0].lower() + reason.strerror[1:]
    return str(reason) or type(reason).__name__
