"""Product pictures: a small SVG per product, coloured by its id and lettered by its name.

Generated, not stored: the same product always gets the same picture, at a stable URL
(`/media/catalog/product/<id>.svg`, what the mini-cart's JSON gives). The pages themselves
carry each picture, and the shop's stylesheet and script, inline: a page is one request.
Under webagent's network guard the browser's cache is off (routing turns it off), so every
file a page links is fetched and judged again on every page; the shop the test suite loads
thousands of times costs a third less to load this way, and reads the same.
"""

from __future__ import annotations

import zlib
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Protocol
from urllib.parse import quote

from flask import Flask
from markupsafe import Markup

_STATIC = Path(__file__).parent / "static"

_PALETTE = (
    ("#e8f1fb", "#1979c3"),
    ("#fdf0e6", "#ff5501"),
    ("#eef7ee", "#3a7d3a"),
    ("#f6eefa", "#7b3fa0"),
    ("#fff8e0", "#b8860b"),
    ("#eef2f4", "#44525e"),
    ("#fdecef", "#c2185b"),
)


def product_svg(product_id: int, name: str) -> str:
    background, ink = _PALETTE[zlib.crc32(str(product_id).encode()) % len(_PALETTE)]
    words = [w for w in name.replace(",", " ").split() if w[:1].isalnum()]
    initials = "".join(w[0].upper() for w in words[:2]) or "?"
    caption = escape(" ".join(words[1:4]))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" '
        f'viewBox="0 0 240 240" role="img" aria-label="{escape(name)}">'
        f'<rect width="240" height="240" fill="{background}"/>'
        f'<circle cx="120" cy="105" r="62" fill="{ink}" opacity="0.15"/>'
        f'<text x="120" y="124" font-family="Helvetica, Arial, sans-serif" font-size="52" '
        f'font-weight="bold" text-anchor="middle" fill="{ink}">{escape(initials)}</text>'
        f'<text x="120" y="210" font-family="Helvetica, Arial, sans-serif" font-size="14" '
        f'text-anchor="middle" fill="{ink}">{caption}</text></svg>'
    )


class _Product(Protocol):
    id: int
    name: str


@lru_cache(maxsize=1024)
def _picture_uri(product_id: int, name: str) -> str:
    return "data:image/svg+xml," + quote(product_svg(product_id, name), safe=" =:/'\"#,.()")


def picture(product: _Product) -> str:
    """The product's picture as a `data:` URI, for an `<img src>`."""
    return _picture_uri(product.id, product.name)


def init_app(app: Flask) -> None:
    """The `picture` filter, and `assets.css` / `assets.js`: the static files' text, read
    once, for the page to carry inline."""
    app.add_template_filter(picture)
    css = (_STATIC / "shop.css").read_text(encoding="utf-8")
    js = (_STATIC / "shop.js").read_text(encoding="utf-8")
    app.jinja_env.globals["assets"] = {"css": Markup(css), "js": Markup(js)}
