"""Whether a WebArena deployment's sites answer, and resetting them.

    check_sites(config.urls)                             # -> one SiteCheck per site
    reset_sites("http://host:7565")                      # fresh sites ($WA_FULL_RESET)

Where the sites are and which accounts sign into them: `webagent.webarena.deployment`.
"""

from __future__ import annotations

import errno
import http.client
import os
import socket
import ssl
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from webagent.errors import ConfigError, WebAgentError

RESET_VARIABLE = "WA_FULL_RESET"
"""BrowserGym's variable for the URL that resets a whole WebArena deployment (GET)."""
RESET_TIMEOUT = 300.0
"""A full reset takes 2-3 minutes in practice (BrowserGym waits 5)."""


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
