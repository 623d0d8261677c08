"""A page's main content (or whole body) as readable Markdown or plain text.

Faithful (page text is never reworded or reordered), compact (scripts, hidden elements,
navigation and boilerplate go; whitespace collapses as in a browser) and deterministic. Text
is not Markdown-escaped (only `|` in table cells); `<pre>` text stays verbatim, blank lines
included, but for spaces at line ends. Headings, lists, tables, definition lists, quotes,
code, emphasis, links and images become their Markdown (in plain text: their text alone).

Form controls show as short mentions, never their internals: `[button: Add to Cart]`,
`[input: Qty = 1]` (label, then value; never a password), `[select: Large]` (the chosen
option), `[x]` / `[ ]` for checked / unchecked boxes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urljoin

from bs4 import BeautifulSoup
from bs4.element import PageElement, Tag

from webagent.readable.document import attribute, is_junk, is_text, parse
from webagent.readable.main_content import is_boilerplate, main_content

_BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details",
    "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
    "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html", "legend", "li", "main",
    "menu", "nav", "ol", "p", "pre", "search", "section", "summary", "table", "tbody", "td",
    "tfoot", "th", "thead", "tr", "ul",
})  # fmt: skip
_LISTS = frozenset({"ul", "ol", "menu", "dir"})
_CONTROLS = frozenset({"button", "input", "select", "textarea"})
_OPAQUE = _BLOCKS | _CONTROLS  # a block inside these does not make their parents blocks
_CODE = frozenset({"code", "kbd", "samp", "tt"})
_EMPHASIS = {"strong": "**", "b": "**", "em": "*", "i": "*"}
_MAX_DEPTH = 120  # deeper elements render as plain text, far from Python's recursion limit
_WS = re.compile(r"[ \t\n\r\f\xa0]+")
_PERMALINKS = frozenset({"¶", "§", "#", "🔗"})


def html_to_markdown(
    html: str, base_url: str | None = None, *, main_only: bool = True, max_chars: int | None = None
) -> str:
    """Markdown of the page's main content (or whole body); links resolved against `base_url`.

    With `max_chars`, whole blocks up to that many characters, then a line saying how many
    characters were cut.
    """
    return _convert(html, base_url, main_only=main_only, max_chars=max_chars, markdown=True)


def html_to_text(html: str, *, main_only: bool = True, max_chars: int | None = None) -> str:
    """Plain text of the page's main content (or whole body): no Markdown syntax, no URLs."""
    return _convert(html, None, main_only=main_only, max_chars=max_chars, markdown=False)


@dataclass(frozen=True)
class _Context:
    markdown: bool
    base: str | None
    holders: frozenset[int]


def _convert(
    html: str, base_url: str | None, *, main_only: bool, max_chars: int | None, markdown: bool
) -> str:
    soup = parse(html)
    base = _base(soup, base_url)
    for tag in [tag for tag in soup.find_all(True) if is_junk(tag)]:
        tag.extract()
    root = main_content(soup) if main_only else (soup.body or soup)
    if main_only:
        for tag in [tag for tag in root.find_all(True) if is_boilerplate(tag)]:
            tag.extract()
    context = _Context(markdown, base, _holders(root))
    blocks = [block for block in map(_clean_block, _blocks(root, context, 0)) if block]
    text = "\n\n".join(blocks)
    if max_chars is not None and len(text) > max_chars:
        text = _truncate(blocks, max(max_chars, 0), len(text))
    return text + "\n" if text else ""


def _base(soup: BeautifulSoup, base_url: str | None) -> str | None:
    """`base_url`, moved by the document's own `<base href>` if it has one."""
    base = soup.head.find("base", href=True) if soup.head else None
    if base_url and isinstance(base, Tag):
        return _join(base_url, attribute(base, "href"))
    return base_url


def _holders(root: Tag) -> frozenset[int]:
    """Inline elements (a link, a span, not a button) with a block inside: they act as blocks."""
    holders: set[int] = set()
    for tag in root.find_all(True):
        parent = tag.parent if tag.name in _BLOCKS else None
        while parent is not None and parent.name not in _OPAQUE and id(parent) not in holders:
            holders.add(id(parent))
            parent = parent.parent
    return frozenset(holders)


def _blocks(node: Tag, context: _Context, depth: int) -> list[str]:
    """`node`'s children as blocks; runs of inline content become paragraphs."""
    if depth > _MAX_DEPTH:
        return [_tidy(_WS.sub(" ", node.get_text(" ")))]
    blocks: list[str] = []
    run: list[str] = []
    for child in node.children:
        if isinstance(child, Tag) and (child.name in _BLOCKS or id(child) in context.holders):
            blocks.append(_tidy("".join(run)))
            run.clear()
            blocks.extend(_block(child, context, depth + 1))
        else:
            run.append(_inline(child, context, depth + 1))
    blocks.append(_tidy("".join(run)))
    return [block for block in blocks if block]


def _block(tag: Tag, context: _Context, depth: int) -> list[str]:
    name = tag.name
    if name in ("h1", "h2", "h3", "h4", "h5", "h6"):
        text = _tidy(_inline(tag, context, depth)).replace("\n", " ")
        return [f"{'#' * int(name[1])} {text}" if context.markdown else text] if text else []
    if name == "pre":
        return _pre(tag, context)
    if name in _LISTS:
        return _list(tag, context, depth)
    if name == "table":
        return _table(tag, context, depth)
    if name == "dl":
        return _definitions(tag, context, depth)
    if name == "hr":
        return ["---"] if context.markdown else []
    blocks = _blocks(tag, context, depth)
    if name == "blockquote" and context.markdown and blocks:
        quoted = "\n\n".join(blocks).split("\n")
        return ["\n".join(f"> {line}" if line else ">" for line in quoted)]
    return blocks


def _pre(tag: Tag, context: _Context) -> list[str]:
    """The block's text verbatim (`<br>` as a line break), fenced in Markdown."""
    text = "".join(
        "\n" if isinstance(node, Tag) else str(node)
        for node in tag.descendants
        if is_text(node) or (isinstance(node, Tag) and node.name == "br")
    ).strip("\n")
    if not text.strip() or not context.markdown:
        return [text] if text.strip() else []
    fence = "`" * max(3, _longest_run(text, "`") + 1)
    return [f"{fence}\n{text}\n{fence}"]


def _list(tag: Tag, context: _Context, depth: int) -> list[str]:
    number = _integer(attribute(tag, "start"), 1)
    items: list[str] = []
    pad = ""
    for child in tag.children:
        nested = isinstance(child, Tag) and child.name in _LISTS
        if isinstance(child, Tag):
            blocks = (_block if nested else _blocks)(child, context, depth + 1)
        else:
            blocks = [text] if (text := _tidy(_inline(child, context, depth))) else []
        if nested and items:  # a list put straight into a list belongs to the item before it
            items[-1] += "\n" + _indent("\n".join(blocks), pad)
        elif blocks:
            marker = f"{number}. " if tag.name == "ol" else ("- " if context.markdown else "• ")
            items.append(_indent("\n".join(blocks), marker))
            pad = " " * len(marker)
            number += 1
    return ["\n".join(items)] if items else []


def _indent(text: str, marker: str) -> str:
    first, *rest = text.split("\n")
    return "\n".join([marker + first, *(" " * len(marker) + line if line else "" for line in rest)])


def _table(tag: Tag, context: _Context, depth: int) -> list[str]:
    """A pipe table (the first row as header); a layout table renders as its cells' blocks."""
    nested = any(isinstance(node, Tag) and node.name == "table" for node in tag.descendants)
    rows = [] if nested else [row for tr in _rows(tag) if any(row := _cells(tr, context, depth))]
    if sum(map(len, rows)) <= 1:
        return _blocks(tag, context, depth)
    caption = tag.find("caption", recursive=False)
    width = max(map(len, rows))
    rows = [row + [""] * (width - len(row)) for row in rows]
    if context.markdown:
        lines = ["| " + " | ".join(row) + " |" for row in rows]
        lines.insert(1, "|" + " --- |" * width)
    else:
        lines = [" | ".join(row) for row in rows]
    title = _tidy(_inline(caption, context, depth)) if isinstance(caption, Tag) else ""
    return [title, "\n".join(lines)]


def _rows(table: Tag) -> Iterator[Tag]:
    for child in table.children:
        if isinstance(child, Tag) and child.name in ("thead", "tbody", "tfoot"):
            yield from (row for row in child.children if isinstance(row, Tag) and row.name == "tr")
        elif isinstance(child, Tag) and child.name == "tr":
            yield child


def _cells(row: Tag, context: _Context, depth: int) -> list[str]:
    """The row's cells as one-line texts; a cell spanning columns is followed by empty ones."""
    cells: list[str] = []
    for cell in row.children:
        if isinstance(cell, Tag) and cell.name in ("td", "th"):
            text = _tidy(_inline(cell, context, depth)).replace("\n", " ")
            text = text.replace("|", "\\|") if context.markdown else text
            cells += [text] + [""] * (min(_integer(attribute(cell, "colspan"), 1), 20) - 1)
    return cells


def _definitions(tag: Tag, context: _Context, depth: int) -> list[str]:
    """`term: definition` lines; a definition of several lines starts below its term."""
    lines: list[str] = []
    after_term = False
    for item in tag.find_all(("dt", "dd")):
        if item.find_parent("dl") is not tag:
            continue
        text = "\n\n".join(_blocks(item, context, depth + 1))
        if item.name == "dd" and after_term and "\n" not in text:
            lines[-1] += " " + text
        elif text:
            lines.append(" ".join(text.split()).rstrip(":") + ":" if item.name == "dt" else text)
        after_term = item.name == "dt" and bool(text)
    return ["\n".join(lines)] if lines else []


def _inline(node: PageElement, context: _Context, depth: int) -> str:
    """Inline Markdown of `node`; blocks met here (inside a heading or a cell) become spaces."""
    if not isinstance(node, Tag):
        return _WS.sub(" ", node) if is_text(node) else ""
    name = node.name
    if depth > _MAX_DEPTH:
        return " " + _WS.sub(" ", node.get_text(" ")) + " "
    if name == "br":
        return "\n"
    if name == "img":
        return _image(node, context)
    if name in _CONTROLS:
        return _control(node)
    if name in _CODE:
        return _code(_WS.sub(" ", node.get_text()), context)
    inner = "".join(_inline(child, context, depth + 1) for child in node.children)
    if name == "a":
        return _link(node, inner, context)
    if name in _EMPHASIS and context.markdown and any(char.isalnum() for char in inner):
        return _enclose(inner, _EMPHASIS[name], _EMPHASIS[name])
    return f" {inner} " if name in _BLOCKS else inner


def _code(text: str, context: _Context) -> str:
    if not context.markdown or not text.strip():
        return text
    ticks = "`" * (_longest_run(text, "`") + 1)
    pad = " " if text.strip()[0] == "`" or text.strip()[-1] == "`" else ""
    return _enclose(text, ticks + pad, pad + ticks)


def _enclose(inner: str, left: str, right: str) -> str:
    """`left` + text + `right`, with the text's outer whitespace kept outside the marks."""
    core = inner.strip()
    if not core:
        return inner
    start = inner.index(core)
    return f"{inner[:start]}{left}{core}{right}{inner[start + len(core) :]}"


def _link(tag: Tag, inner: str, context: _Context) -> str:
    href = attribute(tag, "href").strip()
    text = inner.strip()
    if "headerlink" in tag.get_attribute_list("class") or (
        text in _PERMALINKS and href.startswith("#")
    ):
        return ""  # a heading's permalink sign
    if not context.markdown or not text or href in ("", "#") or href[:11].lower() == "javascript:":
        return inner
    url = _join(context.base, href) if context.base else href
    return inner if text in (url, href) else _enclose(inner, "[", f"]({url.replace(' ', '%20')})")


def _image(tag: Tag, context: _Context) -> str:
    """`![alt](src)` in Markdown when the image has alt text; nothing otherwise."""
    alt = _WS.sub(" ", attribute(tag, "alt")).strip()
    if not alt or not context.markdown:
        return ""
    src = attribute(tag, "src").strip()
    if not src or src.startswith("data:"):
        src = attribute(tag, "data-src").strip()  # lazy loading keeps the real address here
    src = (
        "" if src.startswith("data:") else _join(context.base, src) if src and context.base else src
    )
    return f"![{alt}]({src.replace(' ', '%20')})"


def _control(tag: Tag) -> str:
    """A short mention of a form control; its internals (options, markup) never show."""
    kind = attribute(tag, "type").lower() if tag.name == "input" else tag.name
    label = _label(tag)
    raw = attribute(tag, "value") if tag.name == "input" else tag.get_text(" ")
    value = _WS.sub(" ", raw).strip()
    if kind in ("checkbox", "radio"):
        return " [x] " if tag.has_attr("checked") else " [ ] "
    if kind in ("button", "submit", "reset", "image"):
        text = value or label or attribute(tag, "alt") or ("Submit" if kind == "submit" else "")
        return f" [button: {text}] " if text else ""
    if kind == "select":
        option = tag.find("option", selected=True) or tag.find("option")
        value = _WS.sub(" ", option.get_text()).strip() if isinstance(option, Tag) else ""
        return f" [select: {value or label}] " if value or label else " [select] "
    if kind in ("hidden", "file", "range", "color"):
        return ""
    parts = [part for part in (label, "" if kind == "password" else value) if part]
    return f" [input: {' = '.join(parts)}] " if parts else " [input] "


def _label(tag: Tag) -> str:
    """What a control is for, from the attributes a screen reader would use."""
    for name in ("aria-label", "placeholder", "title", "name"):
        if text := _WS.sub(" ", attribute(tag, name)).strip():
            return text
    return ""


def _truncate(blocks: list[str], limit: int, total: int) -> str:
    """Whole blocks within `limit` characters (else the first block's first words), a marker."""
    kept: list[str] = []
    size = -2
    for block in blocks:
        size += len(block) + 2
        if size > limit:
            break
        kept.append(block)
    if not kept and blocks:
        cut = blocks[0][: limit + 1]
        kept = [cut[: max(cut.rfind(" "), cut.rfind("\n"), 0)].rstrip()]
    text = "\n\n".join(filter(None, kept))
    marker = f"[… truncated: {total - len(text)} more characters]"
    return f"{text}\n\n{marker}" if text else marker


def _tidy(text: str) -> str:
    """Inline text as a browser lays it out: single spaces, none at line ends, one blank line."""
    text = re.sub(r" ?\n ?", "\n", re.sub(r" {2,}", " ", text))
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _clean_block(block: str) -> str:
    return "\n".join(line.rstrip() for line in block.split("\n")).strip("\n")


def _integer(text: str, default: int) -> int:
    return int(text) if text.strip().isdigit() else default


def _longest_run(text: str, char: str) -> int:
    return max((len(run) for run in re.findall(f"{re.escape(char)}+", text)), default=0)


@lru_cache(maxsize=4096)
def _join(base: str, href: str) -> str:
    try:
        return urljoin(base, href)
    except ValueError:  # a malformed URL (say, a bad IPv6 host) stays as written
        return href
