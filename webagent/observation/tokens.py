"""Token counts in OpenAI's o200k_base encoding.

`bpe-openai` ships the vocabulary inside the wheel; `tiktoken` would download it at run time,
which fails offline. It refuses inputs of a million characters or more, so long texts are
counted in pieces cut at line ends (o200k never merges across a newline into the next line's
first word, so the sum is the count of the whole, give or take a token per piece).
"""

from __future__ import annotations

import warnings
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bpe_openai import Encoding

_PIECE_CHARS = 200_000


@cache
def _encoding() -> Encoding:
    with warnings.catch_warnings():
        # bpe-openai reads its data with importlib.resources' deprecated open_binary.
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai  # deferred: loading the vocabulary takes a moment

        return bpe_openai.get_encoding("o200k_base")


def count_tokens(text: str) -> int:
    """Number of o200k_base tokens in `text`."""
    if len(text) <= _PIECE_CHARS:
        return len(_encoding().encode_ordinary(text))
    return sum(count_tokens_each(_pieces(text)))


def encode(text: str) -> list[int]:
    """The o200k_base tokens of `text`."""
    if len(text) <= _PIECE_CHARS:
        return list(_encoding().encode_ordinary(text))
    return [token for piece in _pieces(text) for token in _encoding().encode_ordinary(piece)]


def count_tokens_each(texts: list[str]) -> list[int]:
    """Token counts of several texts in one call."""
    if all(len(text) <= _PIECE_CHARS for text in texts):
        return [len(tokens) for tokens in _encoding().encode_ordinary_batch(texts)]
    return [count_tokens(text) for text in texts]


def _pieces(text: str) -> list[str]:
    pieces = []
    start = 0
    while start < len(text):
        end = min(start + _PIECE_CHARS, len(text))
        if end < len(text):
            cut = text.rfind("\n", start, end)
            end = cut + 1 if cut > start else end
        pieces.append(text[start:end])
        start = end
    return pieces
