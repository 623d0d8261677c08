"""Chosen product options (`super_attribute[93]=50`): the attribute ids and their one encoding.

Carts and orders store the choices as JSON `[[attribute_id, option_id], ...]`, size before
colour (the order Luma shows them in), so equal choices have equal text and cart lines merge.
"""

from __future__ import annotations

import json

COLOR_ATTRIBUTE = 93
SIZE_ATTRIBUTE = 144

Choice = tuple[int, int]  # (attribute id, option id)


def encode_options(choices: list[Choice] | tuple[Choice, ...]) -> str:
    ordered = sorted(choices, key=lambda c: (c[0] != SIZE_ATTRIBUTE, c[0]))
    return json.dumps([list(choice) for choice in ordered])


def decode_options(text: str) -> tuple[Choice, ...]:
    try:
        raw = json.loads(text)
    except ValueError:
        return ()
    if not isinstance(raw, list):
        return ()
    return tuple(
        (int(pair[0]), int(pair[1])) for pair in raw if isinstance(pair, list) and len(pair) == 2
    )
