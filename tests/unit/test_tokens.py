"""o200k token counts, offline, for texts of any length."""

from __future__ import annotations

import warnings

from webagent.observation import count_tokens
from webagent.observation.tokens import count_tokens_each


def test_known_counts() -> None:
    assert count_tokens("") == 0
    assert count_tokens("hello world") == 2
    assert count_tokens_each(["hello world", "[e12] button 'Add to Cart'"]) == [2, 9]


def test_texts_over_a_million_characters_are_counted() -> None:
    line = "[e1234] link 'Some index entry (module)' -> /library/module.html\n"
    text = line * 20_000  # 1.3 million characters, past bpe-openai's limit
    assert len(text) > 1_000_000
    per_line = count_tokens(line)
    assert abs(count_tokens(text) - per_line * 20_000) <= 10


def test_the_tokens_are_bpe_openais_own_whichever_way_it_is_loaded() -> None:
    """The compiled tokenizer loaded alone (fast) gives the package's o200k tokens, on text
    with accents, emoji, a lone surrogate and a piece past the package's limit."""
    from webagent.observation import tokens

    with warnings.catch_warnings():  # bpe-openai reads its data the deprecated way
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai

        package = bpe_openai.get_encoding("o200k_base")
    text = "Price: 4,99 € — déjà vu 🙂\n\t[e12] link 'Café'\ud800 " * 40
    assert tokens.encode(text) == package.encode_ordinary(text)
    assert tokens._rust_tokenizer() is not None  # the fast way is the one in use here
    long = "word " * 60_000  # 300,000 characters: counted in pieces
    assert abs(tokens.count_tokens(long) - 60_000) <= 2
