"""Product pictures: a small SVG per product, coloured by its id and lettered by its name.

Generated, not stored: the same product always gets the same picture, at a stable URL.
"""

from __future__ import annotations

import zlib
from html import escape

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
