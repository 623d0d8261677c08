"""What a person types becomes an openable URL or a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from webagent.errors import InvalidURLError
from webagent.urls import normalize_url


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("http://shop.test/a?b=1", "http://shop.test/a?b=1"),
        ("https://example.com", "https://example.com"),
        ("  http://example.com  ", "http://example.com"),
        ("example.com", "http://example.com"),
        ("www.example.com/index.html", "http://www.example.com/index.html"),
        ("localhost:8000/path", "http://localhost:8000/path"),
        ("127.0.0.1:7770", "http://127.0.0.1:7770"),
        ("about:blank", "about:blank"),
    ],
)
def test_urls_and_bare_hosts(raw: str, expected: str) -> None:
    assert normalize_url(raw) == expected


def test_local_files_become_file_urls(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text("<p>hi</p>")
    assert normalize_url(str(page)) == page.as_uri()
    assert normalize_url(page.as_uri()) == page.as_uri()


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "empty URL"),
        ("not a url", "contains spaces"),
        ("http://", "no host"),
        ("http://shop.test:port/", "bad port"),
        ("ftp://files.test/x", "unsupported scheme"),
        ("missing.html", "no such file"),
        ("some/dir/page", "no such file"),
        ("file:///nowhere/at/all.html", "no such file"),
        ("foo", "neither a URL nor an existing file"),
    ],
)
def test_bad_urls_are_explained(raw: str, reason: str) -> None:
    with pytest.raises(InvalidURLError, match=reason):
        normalize_url(raw)
