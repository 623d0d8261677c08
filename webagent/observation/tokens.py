"""Token counts in OpenAI's o200k_base encoding.

`bpe-openai` ships the vocabulary inside the wheel; `tiktoken` would download it at run time,
which fails offline.
"""

from __future__ import annotations

import warnings
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bpe_openai import Encoding  # type: ignore[import-untyped]


@cache
def _encoding() -> Encoding:
    with warnings.catch_warnings():
        # bpe-openai reads its data with importlib.resources' deprecated open_binary.
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai  # deferred: loading the vocabulary takes a moment

        return bpe_openai.get_encoding("o200k_base")


def count_tokens(text: str) -> int:
    """Number of o200k_base tokens in `text`."""
    return len(_encoding().encode_ordinary(text))


def count_tokens_each(texts: list[str]) -> list[int]:
    """Token counts of several texts in one call."""
    return [len(tokens) for tokens in _encoding().encode_ordinary_batch(texts)]
