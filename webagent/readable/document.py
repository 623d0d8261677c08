"""A page's HTML parsed for reading, and what both the main-content search and the
conversion ask of its nodes: an attribute as text, whether a node is readable text, whether
an element is hidden from the reader (scripts, styles, embedded objects, hidden elements).

Pure: BeautifulSoup over lxml, no network.
"""

from __future__ import annotations

import re
import warnings
from typing import TypeGuard

from bs4 import BeautifulSoup
from bs4.element import NavigableString, PageElement, PreformattedString, Tag

_JUNK = frozenset({
    "script", "style", "noscript", "template", "svg", "iframe", "head", "object", "embed",
    "canvas", "audio", "video", "map",
})  # fmt: skip
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)


def parse(html: str) -> BeautifulSoup:
    """The page's tree (lxml); BeautifulSoup's hints about the input are not warnings."""
    text = html.encode("utf-8", "replace").decode("utf-8")  # lone surrogates become "?"
    with warnings.catch_warnings():  # "looks like a URL / like XML" hints are not errors here
        warnings.simplefilter("ignore")
        return BeautifulSoup(text, "lxml")


def is_junk(tag: Tag) -> bool:
    """Scripts, styles, embedded objects and anything hidden from the reader."""
    if tag.name in _JUNK:
        return True
    if not tag.attrs:
        return False
    if "hidden" in tag.attrs or attribute(tag, "aria-hidden").lower() == "true":
        return True
    return _HIDDEN_STYLE.search(attribute(tag, "style")) is not None


def is_text(node: PageElement) -> TypeGuard[NavigableString]:
    """Readable text: not a comment, doctype, CDATA or processing instruction."""
    return isinstance(node, NavigableString) and not isinstance(node, PreformattedString)


def attribute(tag: Tag, name: str) -> str:
    """An attribute's value as text (a class list joined by spaces); "" when absent."""
    value = tag.attrs.get(name)
    return value if isinstance(value, str) else " ".join(value or ())
