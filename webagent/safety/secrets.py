"""Credentials the model sees only as placeholders, and that nothing a run writes contains.

The model reads and types `<secret>shop_password</secret>`; `substitute` puts the value back
only when an action is executed. `redact` replaces a value wherever it occurs, however it is
written: plain; percent-encoded (upper or lower hex, `+` for space, encoded twice);
JSON-escaped (at any depth of escaping, `\\uXXXX` included); as HTML entities (named, decimal,
hex); and inside any base64 run, at any alignment (so `Basic base64(user:pass)` and a base64
response body are caught: the run is decoded, redacted, re-encoded, or becomes the
placeholder when it was the value alone). `leaks` uses the same scanner, so a test proving
"no leak" proves it for all of these.

`redact_file` also opens a zip (a Playwright trace) and redacts each file in it.

Not caught: a value split apart (typed key by key, cut short, base64 wrapped across lines),
changed in case, hashed, hex-encoded, compressed other than as a zip file (gzip bodies), in
an encoding other than UTF-8, or drawn in pixels (a screenshot of a page that shows it).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import json
import os
import re
import tempfile
import tomllib
import zipfile
from collections.abc import Callable, Mapping, Sequence
from html.entities import codepoint2name
from pathlib import Path

from webagent.errors import WebAgentError

PLACEHOLDER = "<secret>{name}</secret>"
MIN_LENGTH = 4
_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_PLACEHOLDER = re.compile(r"<secret>([^<>]*)</secret>")
_JSON_ESCAPES = dict(zip("/\b\f\n\r\t", "/bfnrt", strict=True))
_TO_STANDARD = str.maketrans("-_", "+/")
# Every way of writing a character other than itself starts with one of these: `%` (percent),
# `+` (a space), a backslash (JSON escapes), `&` (HTML entities). Text without them can hold a
# value only as it is.
_ENCODING_LEADS = "%+\\&"
_KNOWN_CLEAN = 4096


class SecretError(WebAgentError):
    """A secret that cannot be loaded, kept safely or substituted. Never shows a value."""


def _hex(code: int, width: int) -> str:
    """`code` in hex, matching either case: 0x4A -> '4[aA]'."""
    return "".join(f"[{d}{d.upper()}]" if d.isalpha() else d for d in f"{code:0{width}x}")


def _char_pattern(char: str, raw: bool) -> str:
    """Every way one character of a value is written; `raw` when scanning bytes as latin-1."""
    code = ord(char)
    alternatives = [re.escape(char.encode().decode("latin-1") if raw else char)]
    alternatives.append("".join(f"%(?:25)*{_hex(byte, 2)}" for byte in char.encode()))
    if char == " ":
        alternatives.append(r"\+|%(?:25)*2[bB]")
    units = [code] if code < 0x10000 else [0xD7C0 + (code >> 10), 0xDC00 + (code & 0x3FF)]
    alternatives.append("".join(rf"\\+u{_hex(unit, 4)}" for unit in units))
    # Escaped n times in JSON, a backslash is 2**n of them, a quote follows 2**n - 1: exact
    # counts, longest first, so a match never ends halfway through an escape.
    if char == "\\":
        alternatives.insert(0, r"\\{16}|\\{8}|\\{4}|\\{2}")
    elif char == '"':
        alternatives.append(r'\\{15}"|\\{7}"|\\{3}"|\\"')
    elif char in _JSON_ESCAPES:
        alternatives.append(r"\\+" + re.escape(_JSON_ESCAPES[char]))
    alternatives += [f"&#0*{code};", f"&#[xX]0*{_hex(code, 1)};"]
    if code in codepoint2name:
        alternatives.append(f"&{codepoint2name[code]};")
    if char == "'":
        alternatives.append("&apos;")
    return "(?:" + "|".join(alternatives) + ")"


def _check(name: object, value: object) -> str:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise SecretError(f"{name!r} is not a secret name (letters, digits, _ . -)")
    if not isinstance(value, str):
        raise SecretError(f"secret {name!r} must be a string, not {type(value).__name__}")
    if len(value) < MIN_LENGTH:
        raise SecretError(f"secret {name!r} is shorter than {MIN_LENGTH} characters: unsafe")
    return value


def _compile(body: str, values: Sequence[str]) -> re.Pattern[str]:
    """`body`, the pattern of `values` (as scanned), behind a look at the first character: a
    match starts with a value's own first character or with the lead of an encoding, and
    checking that first makes a scan of text that holds no value several times faster
    (Python's engine does not work that out from the alternatives)."""
    firsts = {*_ENCODING_LEADS, *(value[0] for value in values)}
    lead = "".join(re.escape(c) for c in sorted(firsts))
    return re.compile(f"(?=[{lead}])(?:{body})")


class Secrets:
    """Named credentials: placeholders for the model, values only when an action runs."""

    __slots__ = ("_any", "_clean", "_literal", "_patterns", "_quick", "_run", "_values")

    def __init__(self, values: Mapping[str, str] | None = None) -> None:
        self._values = {name: _check(name, value) for name, value in (values or {}).items()}
        longest_first = sorted(self._values.items(), key=lambda item: -len(item[1]))
        self._literal = {
            False: tuple(self._values.values()),
            True: tuple(v.encode().decode("latin-1") for v in self._values.values()),
        }
        bodies = {  # each value's pattern: every way of writing each of its characters
            raw: [
                (name, value, "".join(_char_pattern(c, raw) for c in value))
                for name, value in longest_first
            ]
            for raw in (False, True)
        }
        scanned = {False: lambda v: v, True: lambda v: v.encode().decode("latin-1")}
        self._patterns = {
            raw: [(name, _compile(body, [scanned[raw](value)])) for name, value, body in found]
            for raw, found in bodies.items()
        }
        self._any = {  # one look at the first character, then every value's pattern
            raw: _compile("|".join(body for _, _, body in found), self._literal[raw])
            if found
            else re.compile(r"(?!)")
            for raw, found in bodies.items()
        }
        # a value as it is, or the lead of any other way of writing one: text without either
        # holds none (each alternative a plain string, so the engine scans for them quickly)
        self._quick = {
            raw: re.compile("|".join(re.escape(s) for s in (*_ENCODING_LEADS, *literals)))
            for raw, literals in self._literal.items()
        }
        # digests of file contents known to hold no value: a file redacted when it was
        # written (a HAR, when its tab closed) is not scanned again with the whole folder
        self._clean: set[bytes] = set()
        shortest = min((len(v.encode()) for v in self._values.values()), default=MIN_LENGTH)
        self._run = re.compile(rf"[A-Za-z0-9+/_-]{{{-(-4 * shortest // 3)},}}={{0,2}}")

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, prefix: str = "WEBAGENT_SECRET_"
    ) -> Secrets:
        """Secrets from variables like WEBAGENT_SECRET_SHOP_PASSWORD (name `shop_password`)."""
        environ = os.environ if environ is None else environ
        found = {k[len(prefix) :].lower(): v for k, v in environ.items() if k.startswith(prefix)}
        try:
            return cls(found)
        except SecretError as e:
            raise SecretError(f"environment variables {prefix}*: {e}") from None

    @classmethod
    def from_file(cls, path: str | Path) -> Secrets:
        """Secrets from a flat TOML or JSON table of name = "value"."""
        path = Path(path)
        if path.suffix not in (".toml", ".json"):
            raise SecretError(f"{path}: a secrets file must end in .toml or .json")
        try:
            text = path.read_text(encoding="utf-8")
            table = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
            if not isinstance(table, dict):
                raise SecretError("expected a table of name = value")
            return cls(table)
        except FileNotFoundError:
            raise SecretError(f"{path}: no such secrets file") from None
        except (OSError, ValueError, SecretError) as e:  # parsers' messages quote no text
            raise SecretError(f"{path}: {e}") from None

    def merged(self, other: Secrets) -> Secrets:
        """Both sets; `other` wins on the same name."""
        return Secrets({**self._values, **other._values})

    def split(self, name: str) -> tuple[str, Secrets]:
        """The value of `name` and the other secrets: for a credential that is no secret where
        it is used (the username `sites learn` signs in with, which the site's own pages and
        links show: hidden, it would break the links that carry it)."""
        if name not in self._values:
            raise SecretError(f"unknown secret {name!r}; known: {', '.join(self.names) or 'none'}")
        rest = {key: value for key, value in self._values.items() if key != name}
        return self._values[name], Secrets(rest)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self._values))

    def placeholder(self, name: str) -> str:
        """What the model sees and types instead of the secret `name`."""
        if name not in self._values:
            raise SecretError(f"unknown secret {name!r}; known: {', '.join(self.names) or 'none'}")
        return PLACEHOLDER.format(name=name)

    def placeholder_for(self, value: str) -> str | None:
        """The placeholder of the secret whose value `value` is, if any (what a password
        field holding it may show)."""
        name = next((name for name, known in self._values.items() if known == value), None)
        return None if name is None else PLACEHOLDER.format(name=name)

    def __bool__(self) -> bool:
        return bool(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Secrets(names={self.names!r})"

    def substitute(self, text: str) -> str:
        """`text` with every placeholder replaced by its value, for executing an action."""
        return _PLACEHOLDER.sub(self._value, text)

    def _value(self, match: re.Match[str]) -> str:
        self.placeholder(match[1].strip())  # an unknown name raises, listing the known ones
        return self._values[match[1].strip()]

    def has_placeholder(self, text: str) -> bool:
        return _PLACEHOLDER.search(text) is not None

    def redact(self, text: str) -> str:
        """`text` with every value, in every encoding the module docstring lists, a placeholder."""
        return self._scrub(text, False, set())

    def redact_bytes(self, data: bytes) -> bytes:
        """`redact` on raw bytes, whose text is UTF-8."""
        return self._scrub(data.decode("latin-1"), True, set()).encode("latin-1")

    def redact_json(self, value: object) -> object:
        """A copy with every string, keys too, redacted (a number holding a value: a string)."""
        if isinstance(value, str):
            return self.redact(value)
        if isinstance(value, dict):
            return {self.redact_json(k): self.redact_json(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.redact_json(item) for item in value]
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value if self.redact(str(value)) == str(value) else self.redact(str(value))
        return value

    def leaks(self, data: str | bytes) -> list[str]:
        """Names of the secrets that occur in `data`, in any encoding `redact` catches."""
        found: set[str] = set()
        if isinstance(data, bytes):
            self._scrub(data.decode("latin-1"), True, found)
        else:
            self._scrub(data, False, found)
        return sorted(found)

    def redact_file(self, path: str | Path) -> bool:
        """Rewrite the file without secrets (atomically); whether it changed.

        A HAR's base64 bodies are decoded, redacted and re-encoded; other JSON is redacted
        value by value, so it stays valid JSON; other text as text; anything else as bytes.
        """
        path = Path(path)
        if not self._values:
            return False
        data = path.read_bytes()
        if _digest(data) in self._clean:
            return False
        clean = self._redact_content(data)
        if len(self._clean) >= _KNOWN_CLEAN:
            self._clean.clear()
        self._clean.add(_digest(clean))
        if clean == data:
            return False
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(clean)
            os.chmod(temporary, path.stat().st_mode & 0o7777)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return True

    def redact_tree(self, folder: str | Path) -> list[Path]:
        """`redact_file` on every file under `folder`; the files that changed."""
        folder = Path(folder)
        if not folder.is_dir():
            raise SecretError(f"{folder}: not a folder")
        files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
        return [path for path in files if self.redact_file(path)]

    def _redact_content(self, data: bytes) -> bytes:
        """A file's bytes redacted by what they hold: a zip, a document, or bytes."""
        if data.startswith(b"PK\x03\x04"):
            zipped = rewrite_zip(data, lambda _name, content: self._redact_content(content))
            if zipped is not None:  # a Playwright trace: each file redacted as one of its own
                return zipped
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return self.redact_bytes(data)
        return self._redact_document(text).encode("utf-8")

    def _redact_document(self, text: str) -> str:
        try:
            document = json.loads(text)
        except ValueError:
            return self.redact(text)
        log = document.get("log") if isinstance(document, dict) else None
        bodies = isinstance(log, dict) and isinstance(log.get("entries"), list)
        changed = self._redact_base64_bodies(document) if bodies else False
        clean = self.redact_json(document)
        if not changed and clean == document:
            return text
        indent = 2 if "\n" in text.strip() else None
        return json.dumps(clean, indent=indent, ensure_ascii=False) + "\n" * text.endswith("\n")

    def _redact_base64_bodies(self, node: object) -> bool:
        """Redact, in place, every HAR body `{"text": ..., "encoding": "base64"}` under node."""
        changed = False
        if isinstance(node, dict):
            text = node.get("text")
            if node.get("encoding") == "base64" and isinstance(text, str):
                try:
                    body = base64.b64decode(text, validate=True)
                except binascii.Error:
                    body = b""
                clean = self.redact_bytes(body)
                if clean != body:
                    node["text"] = base64.b64encode(clean).decode("ascii")
                    if isinstance(node.get("size"), int):
                        node["size"] = len(clean)
                    changed = True
            children: list[object] = list(node.values())
        else:
            children = list(node) if isinstance(node, list) else []
        for child in children:
            changed = self._redact_base64_bodies(child) or changed
        return changed

    def _scrub(self, text: str, raw: bool, found: set[str]) -> str:
        """Redact `text` (bytes seen as latin-1 when `raw`), adding the names met to `found`."""
        if not self._values:
            return text
        text = self._run.sub(lambda m: self._scrub_base64(m[0], found), text)
        if self._plainly_clean(text, raw) or not self._any[raw].search(text):
            return text
        protected = [m.span() for m in _PLACEHOLDER.finditer(text)]
        spans = sorted(
            (m.start(), -m.end(), name)
            for name, pattern in self._patterns[raw]
            for m in pattern.finditer(text)
            if not any(a <= m.start() and m.end() <= b for a, b in protected)
        )
        pieces: list[str] = []
        position = 0
        for start, negative_end, name in spans:
            found.add(name)
            if start >= position:  # a span overlapping the previous one only extends it
                pieces += [text[position:start], PLACEHOLDER.format(name=name)]
            position = max(position, -negative_end)
        return "".join(pieces) + text[position:] if spans else text

    def _plainly_clean(self, text: str, raw: bool) -> bool:
        """Whether `text` holds no value at a glance: no value as it is, nor anything that
        starts another way of writing one (the quick answer for most strings)."""
        return self._quick[raw].search(text) is None

    def _scrub_base64(self, run: str, found: set[str]) -> str:
        """A base64 run decoded at each alignment; redacted and re-encoded if it hid a value."""
        body = run.rstrip("=")
        standard = body.translate(_TO_STANDARD)
        for start in range(4):
            end = len(body) - ((len(body) - start) % 4 == 1)  # a lone last character never decodes
            chunk = body[start:end]
            data = binascii.a2b_base64(standard[start:end] + "=" * (-len(chunk) % 4))
            decoded = data.decode("latin-1")
            if self._run.search(decoded) is None and self._plainly_clean(decoded, True):
                continue  # (most runs are words and paths: their bytes decode to noise)
            seen: set[str] = set()
            clean = self._scrub(decoded, True, seen)
            if not seen:
                continue
            found |= seen
            if chunk == body and clean in (PLACEHOLDER.format(name=n) for n in seen):
                return clean
            urlsafe = "-" in body or "_" in body
            encode = base64.urlsafe_b64encode if urlsafe else base64.b64encode
            encoded = encode(clean.encode("latin-1")).decode("ascii")
            encoded = encoded if run != body else encoded.rstrip("=")
            return body[:start] + encoded + body[end:]
        return run


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def rewrite_zip(data: bytes, change: Callable[[str, bytes], bytes]) -> bytes | None:
    """The zip `data` with each file's content passed through `change(name, content)` (names,
    order and compression kept); `data` itself when nothing changed; None when `data` is not
    a zip after all."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [(info, archive.read(info)) for info in archive.infolist()]
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError):
        return None
    changed = [(info, change(info.filename, content)) for info, content in members]
    if all(new == old for (_, new), (_, old) in zip(changed, members, strict=True)):
        return data
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for info, content in changed:
            archive.writestr(info, content, compress_type=info.compress_type)
    return out.getvalue()
