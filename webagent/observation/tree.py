"""The accessibility tree of a page, parsed from Playwright's AI-mode aria snapshot.

`page.aria_snapshot(mode="ai", boxes=True)` returns a YAML-like text, one node per line::

    - generic [active] [ref=e1] [box=0,0,1280,210]:
      - link "Home" [ref=e3] [cursor=pointer] [box=8,8,47,19]:
        - /url: /home
      - textbox "Name" [ref=e11] [box=60,199,179,21]:
        - /placeholder: Your name
        - text: bob

`parse_snapshot` turns that text into frozen `AriaNode`s. It is pure and fast (one regular
expression per line), because it runs on every observation of every step.
"""

from __future__ import annotations

import json
import re
from typing import Literal, NamedTuple

from webagent.errors import SnapshotParseError

Checked = bool | Literal["mixed"] | None


class Box(NamedTuple):
    """An element's bounding box in page-viewport pixels (frames already offset)."""

    x: int
    y: int
    width: int
    height: int

    @property
    def bottom(self) -> int:
        return self.y + self.height

    @property
    def right(self) -> int:
        return self.x + self.width

    @property
    def empty(self) -> bool:
        return self.width <= 0 or self.height <= 0

    def intersects(self, width: int, height: int) -> bool:
        """Whether any of the box lies inside a viewport of `width` x `height` at the origin."""
        return (
            not self.empty
            and self.right > 0
            and self.bottom > 0
            and self.x < width
            and self.y < height
        )


class AriaNode(NamedTuple):
    """One node of the accessibility tree (immutable; a NamedTuple because a large page has
    tens of thousands of them and a tuple is built three times faster than a frozen dataclass).

    `role == "text"` marks a bare text run (its content is in `text`). Other nodes may carry an
    inline `text` too: Playwright puts an element's only text there (`- paragraph: Hello`).
    `ref` is Playwright's element reference (`e12`, `f1e3`), resolvable with the locator
    `aria-ref=<ref>`; nodes without one cannot be acted on.
    """

    role: str
    name: str = ""
    ref: str | None = None
    text: str | None = None
    url: str | None = None
    placeholder: str | None = None
    level: int | None = None
    checked: Checked = None
    disabled: bool = False
    expanded: bool = False
    selected: bool = False
    pressed: bool | Literal["mixed"] = False
    focused: bool = False
    pointer: bool = False
    invalid: bool = False
    box: Box | None = None
    children: tuple[AriaNode, ...] = ()

    def walk(self) -> list[AriaNode]:
        """This node and all its descendants, in document order."""
        out: list[AriaNode] = []
        stack = [self]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out


# `  - key[: value]`; the key and the value may each be YAML-quoted.
_LINE = re.compile(r"^( *)- (.*)$")
_ATTR = re.compile(r"\[([a-z-]+)(?:=([^\]]*))?\]")
_ROLE = re.compile(r"[A-Za-z]+")


# Nodes are built as lists in AriaNode's field order and frozen with `_make`: several times
# faster than keyword construction, which matters on pages with tens of thousands of nodes.
_FIELDS: dict[str, int] = {name: index for index, name in enumerate(AriaNode._fields)}
_BLANK: list[object] = [AriaNode._field_defaults.get(name) for name in AriaNode._fields]
_REF, _BOX, _TEXT, _CHILDREN = _FIELDS["ref"], _FIELDS["box"], _FIELDS["text"], _FIELDS["children"]
_NAME, _POINTER = _FIELDS["name"], _FIELDS["pointer"]


class _Open:
    """A node whose children are still being read."""

    __slots__ = ("children", "indent", "offset", "values")

    def __init__(self, values: list[object], indent: int, offset: tuple[int, int]) -> None:
        self.values = values
        self.indent = indent
        self.offset = offset
        self.children: list[AriaNode] = []

    def freeze(self) -> AriaNode:
        self.values[_CHILDREN] = tuple(self.children)
        return AriaNode._make(self.values)


def parse_snapshot(snapshot: str) -> tuple[AriaNode, ...]:
    """Parse an AI-mode aria snapshot into its top-level nodes.

    Boxes inside an iframe are shifted by the iframe's own box, so every box is in the
    coordinates of the top page's viewport. Raises `SnapshotParseError` on a line that is not
    part of the format.
    """
    roots: list[AriaNode] = []
    stack: list[_Open] = []  # the open nodes, outermost first
    for number, line in enumerate(snapshot.splitlines(), start=1):
        fast = _FAST.match(line)
        if fast is None:
            if line.strip():
                _parse_slow_line(line, number, stack, roots)
            continue
        indent = fast.end(1)
        while stack and stack[-1].indent >= indent:
            done = stack.pop().freeze()
            (stack[-1].children if stack else roots).append(done)
        parent = stack[-1] if stack else None
        kind = fast.lastgroup
        if kind == "text":
            text = AriaNode("text", text=_value(fast.group("text")))
            (parent.children if parent else roots).append(text)
        elif kind == "pval":
            if parent is None:
                raise SnapshotParseError(f"line {number}: property outside a node: {line!r}")
            parent.values[_FIELDS[fast.group("prop")]] = _value(fast.group("pval"))
        else:
            offset = parent.offset if parent else (0, 0)
            values = _BLANK.copy()
            values[0] = fast.group("role")
            name = fast.group("name")
            if name:
                values[_NAME] = _unescape(name) if "\\" in name else name
            attrs = fast.group("attrs")
            if attrs:
                _read_attrs(values, attrs[2:-1].split("] ["), offset)
            value = fast.group("value")
            if value:
                values[_TEXT] = _value(value)
            stack.append(_opened(values, indent, offset))
    while stack:
        done = stack.pop().freeze()
        (stack[-1].children if stack else roots).append(done)
    return tuple(roots)


def _opened(values: list[object], indent: int, offset: tuple[int, int]) -> _Open:
    box = values[_BOX]
    if values[0] == "iframe" and isinstance(box, Box):
        offset = (box.x, box.y)  # boxes inside a frame are relative to the frame
    return _Open(values, indent, offset)


def _read_attrs(values: list[object], attrs: list[str], offset: tuple[int, int]) -> None:
    for attr in attrs:
        key, _, raw = attr.partition("=")
        if key == "ref":  # the most common first
            values[_REF] = raw
        elif key == "box":
            x, y, width, height = map(int, raw.split(","))
            values[_BOX] = Box(x + offset[0], y + offset[1], width, height)
        elif key == "cursor":
            values[_POINTER] = raw == "pointer"
        else:
            _apply_attr(values, key, raw)


def _parse_slow_line(line: str, number: int, stack: list[_Open], roots: list[AriaNode]) -> None:
    """A line the fast expression does not cover: a quoted key, or not the format at all."""
    quoted = _QUOTED.match(line)
    match = quoted or _LINE.match(line)
    if match is None:
        raise SnapshotParseError(f"line {number}: not a snapshot entry: {line!r}")
    indent = len(match.group(1))
    while stack and stack[-1].indent >= indent:
        done = stack.pop().freeze()
        (stack[-1].children if stack else roots).append(done)
    if quoted is not None:
        key = quoted.group(2).replace("''", "'")
        value = _value(quoted.group(3)) if quoted.group(3) else None
    else:
        key, value = _split_entry(match.group(2), number)
    if key == "text" or key.startswith("/"):
        raise SnapshotParseError(f"line {number}: malformed entry: {line!r}")
    offset = stack[-1].offset if stack else (0, 0)
    values = _BLANK.copy()
    _parse_key(values, key, number, offset)
    if value:
        values[_TEXT] = value
    stack.append(_opened(values, indent, offset))


# The common line shapes in one expression (quoted keys fall back to `_split_entry`).
_FAST = re.compile(
    r"( *)- (?:"
    r"text: (?P<text>.*)"
    r"|/(?P<prop>[a-z]+): (?P<pval>.*)"
    r'|(?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<attrs>(?: \[[a-z-]+(?:=[^\]]*)?\])*)'
    r"(?::(?: (?P<value>.+))?)?"
    r")$"
)


# A single-quoted key (Playwright quotes keys holding ": " or "#"), with an optional value.
_QUOTED = re.compile(r"( *)- '((?:[^']|'')*)'(?::(?: (.+))?)?$")


def _value(raw: str) -> str:
    """A YAML scalar as Playwright writes it: plain, or double-quoted with JSON escapes."""
    if raw.startswith('"') and raw.endswith('"') and len(raw) >= 2:
        try:
            return str(json.loads(raw))
        except json.JSONDecodeError:
            return raw[1:-1]
    return raw


def _unescape(name: str) -> str:
    return str(json.loads(f'"{name}"')) if "\\" in name else name


def _split_entry(entry: str, number: int) -> tuple[str, str | None]:
    """Split `key: value` where either side may be quoted; `value` is None when absent."""
    if entry.startswith("'"):
        end = _single_quoted_end(entry, number)
        key = entry[1:end].replace("''", "'")
        rest = entry[end + 1 :]
    else:
        # An unquoted key holds no ": " (Playwright quotes it otherwise); a quoted name may
        # hold ":" without a following space, so split on the first ": " or a trailing ":".
        cut = _unquoted_key_end(entry)
        key, rest = entry[:cut], entry[cut:]
    if not rest:
        return key, None
    if not rest.startswith(":"):
        raise SnapshotParseError(f"line {number}: unexpected text after key: {entry!r}")
    value = rest[1:].lstrip(" ")
    if value.startswith('"'):
        try:
            decoded = json.loads(value)
        except json.JSONDecodeError:
            decoded = value[1:-1] if value.endswith('"') else value
        return key, str(decoded)
    return key, value


def _unquoted_key_end(entry: str) -> int:
    in_string = False
    escaped = False
    for index, char in enumerate(entry):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == ":" and (index + 1 == len(entry) or entry[index + 1] == " "):
            return index
    return len(entry)


def _single_quoted_end(entry: str, number: int) -> int:
    index = 1
    while index < len(entry):
        if entry[index] == "'":
            if index + 1 < len(entry) and entry[index + 1] == "'":
                index += 2
                continue
            return index
        index += 1
    raise SnapshotParseError(f"line {number}: unterminated quoted key: {entry!r}")


def _parse_key(values: list[object], key: str, number: int, offset: tuple[int, int]) -> None:
    role_match = _ROLE.match(key)
    if role_match is None:
        raise SnapshotParseError(f"line {number}: no role in {key!r}")
    values[0] = role_match.group(0)
    rest = key[role_match.end() :].lstrip(" ")
    if rest.startswith('"'):
        try:
            name, end = _DECODER.raw_decode(rest)
        except json.JSONDecodeError as error:
            raise SnapshotParseError(f"line {number}: bad name in {key!r}") from error
        values[_NAME] = str(name)
        rest = rest[end:]
    _read_attrs(
        values, [f"{attr}={raw}" if raw else attr for attr, raw in _ATTR.findall(rest)], offset
    )


_DECODER = json.JSONDecoder()


def _apply_attr(values: list[object], attr: str, raw: str) -> None:
    """The attributes other than ref, box and cursor, which `_read_attrs` handles inline."""
    if attr == "checked":
        values[_FIELDS["checked"]] = "mixed" if raw == "mixed" else True
    elif attr == "pressed":
        values[_FIELDS["pressed"]] = "mixed" if raw == "mixed" else True
    elif attr == "level":
        values[_FIELDS["level"]] = int(raw)
    elif attr == "active":
        values[_FIELDS["focused"]] = True
    elif attr in ("disabled", "expanded", "selected", "invalid"):
        values[_FIELDS[attr]] = True
    # Unknown attributes (future Playwright versions) are ignored on purpose.
