"""Token counts in OpenAI's o200k_base encoding.

`bpe-openai` ships the vocabulary inside the wheel; `tiktoken` would download it at run time,
which fails offline. It refuses inputs of a million characters or more, so long texts are
counted in pieces cut at line ends (o200k never merges across a newline into the next line's
first word, so the sum is the count of the whole, give or take a token per piece).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Protocol

_PIECE_CHARS = 200_000


class _Tokenizer(Protocol):
    def encode(self, text: str) -> list[int]: ...


@cache
def _encoder() -> Callable[[str], list[int]]:
    """o200k's encoder: bpe-openai's Rust tokenizer itself when it can be loaded alone, else
    through the package. Importing the package reads three whole vocabularies into Python
    dictionaries (a second of CPU in every process that counts a token), which the Rust
    tokenizer, holding its own, never uses."""
    rust = _rust_tokenizer()
    if rust is not None:
        return lambda text: list(rust.encode(_utf8(text)))
    with warnings.catch_warnings():
        # bpe-openai reads its data with importlib.resources' deprecated open_binary.
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai  # deferred: loading the vocabulary takes a moment

        encoding = bpe_openai.get_encoding("o200k_base")
    ordinary: Callable[[str], list[int]] = encoding.encode_ordinary
    return ordinary


def _rust_tokenizer() -> _Tokenizer | None:
    """bpe-openai's compiled tokenizer for o200k, loaded without its package; None when this
    version of the package is laid out otherwise (then the package is used)."""
    try:
        package = importlib.util.find_spec("bpe_openai")
        if package is None or not package.submodule_search_locations:
            return None
        folder = Path(next(iter(package.submodule_search_locations)))
        found = sorted(folder.glob("_bindings*.so")) + sorted(folder.glob("_bindings*.pyd"))
        if not found:
            return None
        name = "bpe_openai._bindings"
        loader = importlib.machinery.ExtensionFileLoader(name, str(found[0]))
        spec = importlib.util.spec_from_file_location(name, found[0], loader=loader)
        if spec is None:
            return None
        module = sys.modules.get(name) or importlib.util.module_from_spec(spec)
        if name not in sys.modules:
            loader.exec_module(module)
            sys.modules[name] = module  # a later `import bpe_openai` finds it loaded (once)
        tokenizer: _Tokenizer = module.tokenizer_for_encoding("o200k_base")
        if tokenizer.encode("hello world") != [24912, 2375]:  # o200k's own ids
            return None
    except Exception:  # any surprise: the package's own way is still there
        return None
    return tokenizer


def _utf8(text: str) -> str:
    """`text` as UTF-8 can hold it (lone surrogates replaced), as bpe-openai does."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def count_tokens(text: str) -> int:
    """Number of o200k_base tokens in `text`."""
    return len(encode(text))


def encode(text: str) -> list[int]:
    """The o200k_base tokens of `text`."""
    if not text:
        return []
    if len(text) <= _PIECE_CHARS:
        return _encoder()(text)
    return [token for piece in _pieces(text) for token in _encoder()(piece)]


def count_tokens_each(texts: list[str]) -> list[int]:
    """Token counts of several texts."""
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
