"""o200k token counts, offline, for texts of any length."""

from __future__ import annotations

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
