"""The domain allowlist: which origins a session may reach."""

from __future__ import annotations

import pytest

from webagent.domains import Allowlist, Domain, origin_of, parse_domain
from webagent.errors import ConfigError

# Host names


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/",
        "http://example.com/cart?x=1",
        "https://shop.example.com/",
        "https://a.b.example.com:8443/deep/path",
        "HTTPS://EXAMPLE.COM./",
        "wss://live.example.com/socket",
    ],
)
def test_a_host_entry_allows_the_host_and_its_subdomains(url: str) -> None:
    assert Allowlist(["example.com"]).allows(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://evil-example.com/",
        "https://notexample.com/",
        "https://example.com.evil.net/",
        "https://example.co/",
        "http://example.com@evil.net/",
        "https://evil.net/?next=https://example.com/",
        "https://evil.net/example.com",
    ],
)
def test_a_host_entry_does_not_allow_look_alikes(url: str) -> None:
    assert not Allowlist(["example.com"]).allows(url)


def test_a_subdomain_entry_does_not_allow_its_parent() -> None:
    allowed = Allowlist(["shop.example.com"])
    assert allowed.allows("https://shop.example.com/")
    assert not allowed.allows("https://example.com/")
    assert not allowed.allows("https://admin.example.com/")


def test_a_wildcard_entry_says_the_same_as_the_host() -> None:
    assert parse_domain("*.example.com") == parse_domain("example.com")
    allowed = Allowlist(["*.example.com"])
    assert allowed.allows("https://shop.example.com/")
    assert not allowed.allows("https://evil-example.com/")


def test_entries_are_case_and_trailing_dot_insensitive() -> None:
    assert parse_domain("  Shop.EXAMPLE.com. ") == Domain("shop.example.com")


# Ports


def test_a_host_and_port_entry_allows_only_that_port() -> None:
    allowed = Allowlist(["127.0.0.1:8000"])
    assert allowed.allows("http://127.0.0.1:8000/")
    assert not allowed.allows("http://127.0.0.1:9000/")
    assert not allowed.allows("http://127.0.0.1/")


@pytest.mark.parametrize(
    ("entry", "url", "allowed"),
    [
        ("example.com:443", "https://example.com/", True),
        ("example.com:443", "http://example.com/", False),
        ("example.com:80", "http://example.com/", True),
        ("example.com:80", "https://example.com/", False),
        ("example.com:80", "ws://example.com/", True),
        ("example.com:443", "http://example.com:443/", True),
    ],
)
def test_a_url_without_a_port_has_its_schemes_default(entry: str, url: str, allowed: bool) -> None:
    assert Allowlist([entry]).allows(url) is allowed


def test_a_host_without_a_port_allows_every_port() -> None:
    allowed = Allowlist(["localhost"])
    assert allowed.allows("http://localhost:8000/")
    assert allowed.allows("https://localhost/")


def test_a_malformed_port_in_a_request_reaches_nothing() -> None:
    assert not Allowlist(["example.com"]).allows("http://example.com:abc/")


# IP addresses


def test_an_ip_entry_matches_exactly() -> None:
    allowed = Allowlist(["127.0.0.1"])
    assert allowed.allows("http://127.0.0.1:5000/")
    assert not allowed.allows("http://127.0.0.2/")
    assert not allowed.allows("http://x.127.0.0.1/")
    assert not allowed.allows("http://localhost/")


def test_an_ipv6_entry_with_a_port() -> None:
    assert parse_domain("[::1]:8000") == Domain("::1", 8000)
    allowed = Allowlist(["[::1]:8000"])
    assert allowed.allows("http://[::1]:8000/")
    assert not allowed.allows("http://[::1]:8001/")
    assert not allowed.allows("http://127.0.0.1:8000/")


# URLs as entries


def test_a_url_entry_allows_its_host_on_any_port() -> None:
    assert parse_domain("https://shop.example.com/start?x=1") == Domain("shop.example.com")
    allowed = Allowlist(["https://shop.example.com"])
    assert allowed.allows("http://shop.example.com:8080/")
    assert not allowed.allows("https://example.com/")


def test_a_url_entry_with_a_port_allows_only_that_port() -> None:
    allowed = Allowlist(["http://localhost:7770/"])
    assert allowed.allows("http://localhost:7770/customer/account/")
    assert not allowed.allows("http://localhost:7780/")


# What is not the network, and no list at all


@pytest.mark.parametrize(
    "url",
    [
        "data:text/html,<h1>hi</h1>",
        "about:blank",
        "blob:https://evil.net/4f1c",
        "javascript:void(0)",
        "file:///tmp/page.html",
    ],
)
def test_pages_that_are_not_the_network_are_always_allowed(url: str) -> None:
    assert Allowlist(["example.com"]).allows(url)


@pytest.mark.parametrize(
    "url", ["https://evil.net/", "ftp://files.evil.net/x", "ws://evil.net/", "http://[::1]:1/"]
)
def test_network_schemes_are_checked(url: str) -> None:
    assert not Allowlist(["example.com"]).allows(url)


def test_an_empty_allowlist_allows_everything() -> None:
    allowed = Allowlist()
    assert not allowed
    assert allowed.allows("https://anything.evil.net:1234/")
    assert str(allowed) == "any domain"


def test_duplicate_entries_are_kept_once_and_merging_adds() -> None:
    allowed = Allowlist(["example.com", "EXAMPLE.com", "*.example.com", "other.org:81"])
    assert list(allowed) == [Domain("example.com"), Domain("other.org", 81)]
    assert str(allowed) == "example.com, other.org:81"
    merged = allowed.merged(["cdn.net"])
    assert merged.allows("https://cdn.net/x.js")
    assert not allowed.allows("https://cdn.net/x.js")


# Malformed entries


@pytest.mark.parametrize(
    "entry",
    [
        "http://",
        "a b",
        "host:99999",
        "/path",
        "example.com/path",
        "",
        "*.",
        "ex_ample.com",
        "-example.com",
        "http://exa mple.com/",
        "https://example.com:70000/",
    ],
)
def test_a_malformed_entry_is_a_config_error(entry: str) -> None:
    with pytest.raises(ConfigError, match="allowed domain"):
        parse_domain(entry)
    with pytest.raises(ConfigError):
        Allowlist(["example.com", entry])


# origin_of


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("https://example.com/cart", "example.com:443"),
        ("http://example.com/", "example.com:80"),
        ("HTTP://Shop.Example.COM/x", "shop.example.com:80"),
        ("http://localhost:7770/customer/", "localhost:7770"),
        ("http://[::1]:8000/", "[::1]:8000"),
        ("https://example.com:80/", "example.com:80"),
    ],
)
def test_origin_of_gives_host_and_port(url: str, origin: str) -> None:
    assert origin_of(url) == origin


@pytest.mark.parametrize(
    ("url", "elsewhere"),
    [
        ("http://localhost:7770/a", "http://localhost:7771/a"),
        ("https://shop.test/", "http://shop.test/"),
        ("http://[::1]:9/", "http://[::1]:10/"),
    ],
)
def test_origin_of_is_an_entry_allowing_just_that_origin(url: str, elsewhere: str) -> None:
    allowed = Allowlist([origin_of(url)])
    assert allowed.allows(url)
    assert not allowed.allows(elsewhere)
