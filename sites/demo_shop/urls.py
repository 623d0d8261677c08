"""The shop's URL shapes, as Magento writes them: `.html` pages, `uenc` return addresses.

`uenc` is Magento's URL-safe base64 of the page to come back to (`+/=` become `-_,`).
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable, Mapping
from urllib.parse import urlencode, urlsplit


def product_url(url_key: str) -> str:
    return f"/{url_key}.html"


def category_url(url_path: str) -> str:
    return f"/{url_path}.html"


def media_url(product_id: int) -> str:
    return f"/media/catalog/product/{product_id}.svg"


def order_url(order_id: int) -> str:
    return f"/sales/order/view/order_id/{order_id}/"


def increment_id(order_id: int) -> str:
    """The order number customers see: the entity id, zero-padded to nine digits."""
    return f"{order_id:09d}"


def encode_uenc(url: str) -> str:
    encoded = base64.b64encode(url.encode()).decode()
    return encoded.translate(str.maketrans("+/=", "-_,"))


def decode_uenc(text: str) -> str | None:
    """The URL a `uenc` stands for, or None when it is not one."""
    try:
        raw = base64.b64decode(text.translate(str.maketrans("-_,", "+/=")), validate=True)
        return raw.decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None


def local_path(url: str | None, host: str) -> str | None:
    """The path (and query) of `url` when it points at this shop, else None."""
    if not url:
        return None
    parts = urlsplit(url)
    if parts.netloc and parts.netloc != host:
        return None
    if not parts.path.startswith("/") or parts.path.startswith("//"):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def with_params(
    path: str, params: Mapping[str, str] | Iterable[tuple[str, str]], **changes: str | None
) -> str:
    """`path?query` from `params` with `changes` applied (None removes a parameter)."""
    items = dict(params.items() if isinstance(params, Mapping) else params)
    for key, value in changes.items():
        if value is None:
            items.pop(key, None)
        else:
            items[key] = value
    query = urlencode(items)
    return f"{path}?{query}" if query else path
