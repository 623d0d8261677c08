"""Turning what a person types into a URL a browser can open, or a clear error; the part of a
URL that is the same on every deployment (`location`)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from webagent.errors import InvalidURLError

_SCHEMES = ("http", "https", "file", "about", "data")
_FILE_SUFFIXES = (".html", ".htm", ".xhtml", ".txt", ".xml", ".json", ".pdf", ".svg", ".md")
_HOST = re.compile(r"^(localhost|\[[0-9a-f:]+\]|[\w-]+(\.[\w-]+)+)(:\d+)?$", re.I)


def normalize_url(raw: str) -> str:
    """An openable URL for `raw`: a URL, a path to a local file, or a bare host like example.com.

    Raises `InvalidURLError` saying what is wrong, so a typo never reaches the browser.
    """
    text = raw.strip()
    if not text:
        raise InvalidURLError("empty URL")
    if any(char.isspace() for char in text):
        raise InvalidURLError(f"{raw!r} is not a URL: it contains spaces")
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme in ("http", "https"):
        if not parts.hostname:
            raise InvalidURLError(f"{raw!r} has no host name")
        try:
            parts.port  # noqa: B018 - raises on a port that is not a number
        except ValueError as error:
            raise InvalidURLError(f"{raw!r} has a bad port: {error}") from error
        return text
    if scheme == "file":
        path = Path(url2pathname(parts.path))
        if not path.exists():
            raise InvalidURLError(f"no such file: {path}")
        return text
    if scheme in ("about", "data"):
        return text
    if "://" in text:
        raise _unsupported(raw, scheme)
    path = Path(text).expanduser()
    if path.exists():
        return path.resolve().as_uri()
    host = re.split(r"[/?#]", text, maxsplit=1)[0]
    if _HOST.match(host) and not host.lower().endswith(_FILE_SUFFIXES):
        return "http://" + text
    if "/" in text or text.lower().endswith(_FILE_SUFFIXES):
        raise InvalidURLError(f"no such file: {path}")
    if scheme and len(scheme) > 1:
        raise _unsupported(raw, scheme)
    raise InvalidURLError(f"{raw!r} is neither a URL nor an existing file")


def _unsupported(raw: str, scheme: str) -> InvalidURLError:
    return InvalidURLError(
        f"{raw!r}: unsupported scheme {scheme!r} (use one of: {', '.join(_SCHEMES)})"
    )


def location(url: str) -> str:
    """The part of a URL that is the same on every deployment: path, query and fragment."""
    parts = urlsplit(url)
    out = parts.path or "/"
    if parts.query:
        out += "?" + parts.query
    if parts.fragment:
        out += "#" + parts.fragment
    return out
