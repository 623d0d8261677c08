"""Where a WebArena deployment's sites are and which accounts sign into them.

    config = SiteConfig.load(Path("config.json"))        # or only the WA_* variables
    config.missing(["shopping", "reddit"])               # -> ["reddit"] when it has no URL
    config.secrets()                                     # the accounts, as secrets

Base URLs come from BrowserGym's environment variables (`WA_SHOPPING`, ...) and from a config
file in webarena-verified's own format, whose entries win for the sites it names:

    {"environments": {"__SHOPPING__": {"urls": ["http://host:7770"], "active_url_idx": 0,
                                       "credentials": {"username": "...", "password": "..."}}}}

Credentials are WebArena's standard accounts unless the file or `WEBAGENT_SECRET_<SITE>_USERNAME`
/ `_PASSWORD` (which win) say otherwise. They reach the browser only as secrets
(`<secret>shopping_password</secret>`), so nothing a run writes holds their values.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from webagent.errors import ConfigError
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
