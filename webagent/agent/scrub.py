"""Credentials out of a recording's network files: HttpOnly cookies' values and credential
headers in a HAR, the same inside a Playwright trace, and in a storage state. Configured
secrets are redacted elsewhere (`Secrets.redact_tree`); this is what a site sets by itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from webagent.errors import ConfigError
from webagent.safety.secrets import rewrite_zip

SCRUBBED = "[secret]"
_SECRET_HEADERS = frozenset(
    {"cookie", "set-cookie", "authorization", "proxy-authorization", "x-api-key", "api-key"}
)


def scrub_storage_state(state: dict[str, Any]) -> dict[str, Any]:
    """A storage state without the values of its HttpOnly cookies."""
    cookies = [
        {**cookie, "value": SCRUBBED} if cookie.get("httpOnly") else cookie
        for cookie in state.get("cookies", [])
    ]
    return {**state, "cookies": cookies}


def scrub_har(path: Path) -> None:
    """Replace HttpOnly cookies' values and credential headers in a HAR file (in place)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ConfigError(f"{path}: not a HAR file ({error})") from error
    for entry in data.get("log", {}).get("entries", []):
        _scrub_entry(entry)
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    temporary.replace(path)


def scrub_trace(path: Path) -> None:
    """The same for the requests in a Playwright trace (in place): its `*.network` files
    hold one HAR entry per line."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ConfigError(f"{path}: cannot read the trace ({error})") from error
    clean = rewrite_zip(data, _scrub_trace_file)
    if clean is None:
        raise ConfigError(f"{path}: not a Playwright trace (not a zip file)")
    if clean is not data:
        temporary = path.with_suffix(path.suffix + ".tmp")
        temporary.write_bytes(clean)
        temporary.replace(path)


def _scrub_trace_file(name: str, content: bytes) -> bytes:
    """A `*.network` file of a trace with its entries scrubbed; any other file as it is."""
    if not name.endswith(".network"):
        return content
    lines = []
    for line in content.decode("utf-8").splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            lines.append(line)
            continue
        if isinstance(event, dict) and isinstance(event.get("snapshot"), dict):
            _scrub_entry(event["snapshot"])
            lines.append(json.dumps(event, ensure_ascii=False))
        else:
            lines.append(line)
    return "".join(f"{line}\n" for line in lines).encode("utf-8")


def _scrub_entry(entry: dict[str, Any]) -> None:
    """A HAR entry's credential headers and HttpOnly cookies' values, scrubbed in place."""
    for part in (entry.get("request", {}), entry.get("response", {})):
        for header in part.get("headers", []):
            if str(header.get("name", "")).lower() in _SECRET_HEADERS:
                header["value"] = _scrub_header(header["name"], str(header.get("value", "")))
        for cookie in part.get("cookies", []):
            if cookie.get("httpOnly", part is entry.get("request")):
                cookie["value"] = SCRUBBED


def _scrub_header(name: str, value: str) -> str:
    """Keep a cookie's name and attributes (a reader sees what was set), not its value."""
    kind = name.lower()
    if kind == "set-cookie":
        lines = []
        for line in value.split("\n"):
            first, _, attributes = line.partition(";")
            if "httponly" not in attributes.lower():
                lines.append(line)  # the page's script reads it: a replay needs it
                continue
            cookie_name = first.split("=", 1)[0]
            lines.append(f"{cookie_name}={SCRUBBED}" + (f";{attributes}" if attributes else ""))
        return "\n".join(lines)
    if kind == "cookie":
        pairs = [pair.split("=", 1)[0].strip() for pair in value.split(";") if pair.strip()]
        return "; ".join(f"{pair}={SCRUBBED}" for pair in pairs)
    return SCRUBBED
