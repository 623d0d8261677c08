"""Cassettes: model exchanges recorded to JSONL and served back, keyed by query and request.

One line per exchange::

    {"query": "step", "key": "<sha256 of the request>", "request": {...}, "response": {...}}

The key is a hash of the request body (model, messages, tools, response format, ...) after
secrets are scrubbed, so the same situation finds the same answer. API keys never reach the
file (they travel in headers, which are not recorded), and configured secrets (passwords in
prompts, tokens) are replaced by `[secret]` in what is written and in what is hashed.
A miss fails loudly: `CassetteMiss` names the query and shows the nearest recorded request.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import threading
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from webagent.errors import CassetteMiss, ConfigError

SECRET = "[secret]"


class Scrubber:
    """Replaces configured secret strings wherever they occur in a JSON value."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        # Longest first, so a secret containing another is replaced whole.
        self._secrets = sorted({s for s in secrets if s}, key=len, reverse=True)

    def __call__(self, value: Any) -> Any:
        if not self._secrets:
            return value
        if isinstance(value, str):
            for secret in self._secrets:
                value = value.replace(secret, SECRET)
            return value
        if isinstance(value, list):
            return [self(item) for item in value]
        if isinstance(value, dict):
            return {key: self(item) for key, item in value.items()}
        return value


def request_key(body: Mapping[str, Any]) -> str:
    """A stable hash of a (scrubbed) request body."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Exchange:
    """One recorded request and the answer it got."""

    query: str
    key: str
    request: dict[str, Any]
    response: dict[str, Any]  # {"status": int, "body": {...}}

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "key": self.key,
            "request": self.request,
            "response": self.response,
        }


class CassetteWriter:
    """Appends exchanges to a JSONL file (safe across threads of one process)."""

    def __init__(self, path: str | Path, scrubber: Scrubber | None = None) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._scrub = scrubber or Scrubber()
        self._lock = threading.Lock()

    def record(self, query: str, body: Mapping[str, Any], status: int, answer: Any) -> Exchange:
        request = self._scrub(dict(body))
        exchange = Exchange(
            query=query,
            key=request_key(request),
            request=request,
            response={"status": status, "body": self._scrub(answer)},
        )
        line = json.dumps(exchange.to_json(), ensure_ascii=False, sort_keys=True)
        with self._lock, self.path.open("a", encoding="utf-8") as out:
            out.write(line + "\n")
        return exchange

    def key_for(self, body: Mapping[str, Any]) -> str:
        return request_key(self._scrub(dict(body)))


def rekey(path: Path) -> None:
    """Set each exchange's key from its request as the file now holds it: after a scrub
    changed the requests' text (a secret's value that was also a word of the task), a replay
    asks for the scrubbed text and must find it."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        data = json.loads(line)
        if isinstance(data, dict) and isinstance(data.get("request"), dict):
            data["key"] = request_key(data["request"])
        lines.append(json.dumps(data, ensure_ascii=False, sort_keys=True))
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


class Cassette:
    """Recorded exchanges, served back in the order they were recorded for each request.

    `ordered`: each query's answers in the order they were recorded, whatever the request
    says (a recording made again after its prompts changed: the same pages and actions must
    get the same answers, asked in other words)."""

    def __init__(
        self,
        exchanges: Iterable[Exchange],
        scrubber: Scrubber | None = None,
        *,
        ordered: bool = False,
    ) -> None:
        self._scrub = scrubber or Scrubber()
        self._all = list(exchanges)
        self._ordered = ordered
        self._queues: dict[str, deque[Exchange]] = defaultdict(deque)
        for exchange in self._all:
            self._queues[exchange.query if ordered else exchange.key].append(exchange)
        self._lock = threading.Lock()

    @classmethod
    def load(
        cls, path: str | Path, scrubber: Scrubber | None = None, *, ordered: bool = False
    ) -> Cassette:
        path = Path(path)
        exchanges = []
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError as error:
            raise ConfigError(f"no cassette at {path}") from error
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                exchanges.append(
                    Exchange(data["query"], data["key"], data["request"], data["response"])
                )
            except (json.JSONDecodeError, KeyError, TypeError) as error:
                raise ConfigError(f"{path}:{number}: not a cassette line ({error})") from error
        return cls(exchanges, scrubber, ordered=ordered)

    def __len__(self) -> int:
        return len(self._all)

    def play(self, query: str, body: Mapping[str, Any]) -> Exchange:
        """The answer recorded for this request; the last one repeats when the same request
        comes more often than it was recorded. `CassetteMiss` when it was never recorded
        (ordered: the next answer recorded for `query`; `CassetteMiss` when none is left)."""
        if self._ordered:
            with self._lock:
                queue = self._queues.get(query)
                if queue:
                    return queue.popleft()
            recorded = sum(1 for e in self._all if e.query == query)
            raise CassetteMiss(query, f"all {recorded} recorded {query!r} answers are used")
        request = self._scrub(dict(body))
        key = request_key(request)
        with self._lock:
            queue = self._queues.get(key)
            if queue:
                return queue.popleft() if len(queue) > 1 else queue[0]
        raise CassetteMiss(query, self._nearest(query, request))

    def _nearest(self, query: str, request: dict[str, Any]) -> str:
        candidates = [e for e in self._all if e.query == query]
        if not candidates:
            recorded = sorted({e.query for e in self._all})
            return f"no {query!r} request was recorded (recorded queries: {', '.join(recorded)})"
        wanted = _text_of(request)
        best = max(
            candidates,
            key=lambda e: difflib.SequenceMatcher(None, _text_of(e.request), wanted).ratio(),
        )
        diff = difflib.unified_diff(
            _text_of(best.request).splitlines(),
            wanted.splitlines(),
            "recorded",
            "asked",
            n=1,
            lineterm="",
        )
        shown = list(diff)[:24]
        return "nearest recorded request differs:\n" + "\n".join(shown)


def _text_of(request: Mapping[str, Any]) -> str:
    """The request as readable lines: message contents first, then the other fields."""
    lines = []
    for message in request.get("messages", []):
        content = message.get("content")
        if isinstance(content, list):
            content = " ".join(str(part.get("text", "")) for part in content)
        lines.append(f"[{message.get('role')}] {content}")
    rest = {k: v for k, v in request.items() if k != "messages"}
    lines.extend(json.dumps(rest, sort_keys=True, indent=1).splitlines())
    return "\n".join(lines)
