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


class _Builder:
    """A node under construction; frozen into an `AriaNode` once its children are known."""

    __slots__ = ("attrs", "children", "offset", "props", "text")

    def __init__(self, attrs: dict[str, object], offset: tuple[int, int]) -> None:
        self.attrs = attrs
        self.props: dict[str, str] = {}
        self.children: list[AriaNode] = []
        self.text: str | None = None
        self.offset = offset

    def freeze(self) -> AriaNode:
        return AriaNode(
            **self.attrs,  # type: ignore[arg-type]
            text=self.text,
            url=self.props.get("url"),
            placeholder=self.props.get("placeholder"),
            children=tuple(self.children),
        )


def parse_snapshot(snapshot: str) -> tuple[AriaNode, ...]:
    """Parse an AI-mode aria snapshot into its top-level nodes.

    Boxes inside an iframe are shifted by the iframe's own box, so every box is in the
    coordinates of the top page's viewport. Raises `SnapshotParseError` on a line that is not
    part of the format.
    """
    roots: list[AriaNode] = []
    stack: list[tuple[int, _Builder]] = []  # open nodes with their indentation

    for number, line in enumerate(snapshot.splitlines(), start=1):
        fast = _FAST.match(line)
        if fast is not None:
            indent = len(fast.group(1))
            kind = fast.lastgroup
        else:
            if not line.strip():
                continue
            match = _LINE.match(line)
            if match is None:
                raise SnapshotParseError(f"line {number}: not a snapshot entry: {line!r}")
            indent = len(match.group(1))
            kind = None
        if stack and stack[-1][0] >= indent:
            _close(stack, roots, indent)
        parent = stack[-1][1] if stack else None

        if fast is not None and kind == "text":
            text_node = AriaNode(role="text", text=_value(fast.group("text")))
            (parent.children if parent else roots).append(text_node)
            continue
        if fast is not None and kind == "pval":
            if parent is None:
                raise SnapshotParseError(f"line {number}: property outside a node: {line!r}")
            parent.props[fast.group("prop")] = _value(fast.group("pval"))
            continue

        offset = parent.offset if parent else (0, 0)
        if fast is not None:
            attrs = _fast_attrs(fast, offset)
            value = fast.group("value")
            value = _value(value) if value else None
        else:
            key, value = _split_entry(line.lstrip(" ")[2:], number)
            if key == "text" or key.startswith("/"):
                raise SnapshotParseError(f"line {number}: malformed entry: {line!r}")
            attrs = _parse_key(key, number, offset)
        builder = _Builder(attrs, offset)
        box = attrs.get("box")
        if attrs["role"] == "iframe" and isinstance(box, Box):
            builder.offset = (box.x, box.y)
        if value:
            builder.text = value
        stack.append((indent, builder))

    _close(stack, roots, -1)
    return tuple(roots)


def _close(stack: list[tuple[int, _Builder]], roots: list[AriaNode], indent: int) -> None:
    """Finish every open node indented at least `indent`: it has all its children now."""
    while stack and stack[-1][0] >= indent:
        done = stack.pop()[1].freeze()
        (stack[-1][1].children if stack else roots).append(done)


def _fast_attrs(fast: re.Match[str], offset: tuple[int, int]) -> dict[str, object]:
    attrs: dict[str, object] = {"role": fast.group("role")}
    name = fast.group("name")
    if name:
        attrs["name"] = _unescape(name)
    raw_attrs = fast.group("attrs")
    if raw_attrs:
        for attr in raw_attrs[2:-1].split("] ["):
            key, _, raw = attr.partition("=")
            if key == "ref":  # the most common attributes first, inline
                attrs["ref"] = raw
            elif key == "box":
                x, y, width, height = map(int, raw.split(","))
                attrs["box"] = Box(x + offset[0], y + offset[1], width, height)
            else:
                _apply_attr(attrs, key, raw, offset)
    return attrs


# The common line shapes in one expression (quoted keys fall back to `_split_entry`).
_FAST = re.compile(
    r"( *)- (?:"
    r"text: (?P<text>.*)"
    r"|/(?P<prop>[a-z]+): (?P<pval>.*)"
    r'|(?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<attrs>(?: \[[a-z-]+(?:=[^\]]*)?\])*)'
    r"(?::(?: (?P<value>.+))?)?"
    r")$"
)


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


def _parse_key(key: str, number: int, offset: tuple[int, int]) -> dict[str, object]:
    role_match = _ROLE.match(key)
    if role_match is None:
        raise SnapshotParseError(f"line {number}: no role in {key!r}")
    attrs: dict[str, object] = {"role": role_match.group(0)}
    rest = key[role_match.end() :].lstrip(" ")
    if rest.startswith('"'):
        try:
            name, end = _DECODER.raw_decode(rest)
        except json.JSONDecodeError as error:
            raise SnapshotParseError(f"line {number}: bad name in {key!r}") from error
        attrs["name"] = str(name)
        rest = rest[end:]
    for attr, raw in _ATTR.findall(rest):
        _apply_attr(attrs, attr, raw, offset)
    return attrs


_DECODER = json.JSONDecoder()


def _apply_attr(attrs: dict[str, object], attr: str, raw: str, offset: tuple[int, int]) -> None:
    if attr == "ref":
        attrs["ref"] = raw
    elif attr == "box":
        x, y, width, height = map(int, raw.split(","))
        attrs["box"] = Box(x + offset[0], y + offset[1], width, height)
    elif attr == "checked":
        attrs["checked"] = "mixed" if raw == "mixed" else True
    elif attr == "pressed":
        attrs["pressed"] = "mixed" if raw == "mixed" else True
    elif attr == "level":
        attrs["level"] = int(raw)
    elif attr == "cursor":
        attrs["pointer"] = raw == "pointer"
    elif attr == "active":
        attrs["focused"] = True
    elif attr in ("disabled", "expanded", "selected", "invalid"):
        attrs[attr] = True
    # Unknown attributes (future Playwright versions) are ignored on purpose.
