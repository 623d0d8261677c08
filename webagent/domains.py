"""Which origins a session may reach: the domain allowlist.

    allowed = Allowlist(["shop.example.com", "127.0.0.1:8000"])
    allowed.allows("https://shop.example.com/cart")        # True
    allowed.allows("http://127.0.0.1:9000/")               # False: another port
    allowed.allows("data:text/html,...")                   # True: not the network

An entry is a host name (its subdomains match too; `*.example.com` says the same), an IP
address, either with `:port` to allow only that port, or a whole URL (its host, and its port
if it names one). No entries means no restriction. The network guard applies it to every request a
session makes: navigations, redirects, popups, form posts, scripts, images.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

from webagent.errors import ConfigError

_NETWORK_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp"})
_DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443, "ftp": 21}
_HOST = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$")


@dataclass(frozen=True, slots=True)
class Domain:
    """One allowlist entry."""

    host: str
    port: int | None = None

    def allows(self, host: str, port: int) -> bool:
        if self.port is not None and port != self.port:
            return False
        return host == self.host or (not _is_ip(self.host) and host.endswith("." + self.host))

    def __str__(self) -> str:
        return self.host if self.port is None else f"{self.host}:{self.port}"


class Allowlist:
    """The origins a session may reach; empty means any."""

    def __init__(self, entries: Iterable[str | Domain] = ()) -> None:
        domains: list[Domain] = []
        for entry in entries:
            domain = entry if isinstance(entry, Domain) else parse_domain(entry)
            if domain not in domains:
                domains.append(domain)
        self.domains = tuple(domains)

    def __bool__(self) -> bool:
        return bool(self.domains)

    def __iter__(self) -> Iterator[Domain]:
        return iter(self.domains)

    def __repr__(self) -> str:
        return f"Allowlist({[str(d) for d in self.domains]})"

    def __str__(self) -> str:
        return ", ".join(str(d) for d in self.domains) or "any domain"

    def merged(self, entries: Iterable[str | Domain]) -> Allowlist:
        return Allowlist([*self.domains, *entries])

    def allows(self, url: str) -> bool:
        """Whether a request to `url` may go out (always, for pages that are not the network)."""
        if not self.domains:
            return True
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in _NETWORK_SCHEMES:
            return True  # data:, blob:, about:, file:, javascript: never reach another host
        host = (parts.hostname or "").lower().rstrip(".")
        try:
            port = parts.port or _DEFAULT_PORTS.get(scheme, 0)
        except ValueError:
            return False  # a malformed port reaches nothing we allowed
        return any(domain.allows(host, port) for domain in self.domains)


def parse_domain(entry: str) -> Domain:
    """`host`, `*.host`, `host:port`, `[v6]:port` or a URL; `ConfigError` for anything else."""
    text = entry.strip().lower()
    if "://" in text:
        parts = urlsplit(text)
        host = parts.hostname or ""
        try:
            port = parts.port
        except ValueError as error:
            raise ConfigError(f"allowed domain {entry!r}: {error}") from error
        if parts.scheme in _DEFAULT_PORTS and port is None:
            port = None  # a URL without a port allows the host on any port
    else:
        text = text.removeprefix("*.")
        parts = urlsplit("//" + text)
        host = parts.hostname or ""
        try:
            port = parts.port
        except ValueError as error:
            raise ConfigError(f"allowed domain {entry!r}: {error}") from error
        if parts.path not in ("", "/"):
            raise ConfigError(f"allowed domain {entry!r}: give a host (and port), not a path")
    host = host.rstrip(".")
    if port == 0:
        raise ConfigError(f"allowed domain {entry!r}: port 0 is no port")
    if not host or not (_is_ip(host) or _HOST.match(host)):
        raise ConfigError(
            f"allowed domain {entry!r} is not a host name, an IP address, host:port or a URL"
        )
    return Domain(host, port)


def origin_of(url: str) -> str:
    """`host:port` of a URL, as an allowlist entry that allows just that origin."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    host = parts.hostname or ""
    port = parts.port or _DEFAULT_PORTS.get(scheme)
    if ":" in host:
        host = f"[{host}]"
    return f"{host}:{port}" if port else host


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True
