"""Quick search: which products match a query, and how well (Magento's relevance order).

As Magento's full-text search, a product matches when any word of the query does; words
found in the name count most, then the brand and category, then the description. Plurals
match singulars ("chairs" finds "Chair").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .catalog import Product

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset({"a", "an", "and", "the", "for", "of", "with", "in", "on", "to", "by", "or"})
NAME, LABEL, TEXT = 3.0, 2.0, 1.0


def terms(text: str) -> list[str]:
    """The query's words, lower case, stemmed, without stop words."""
    return [_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP]


def relevance(
    products: list[Product], query: str, category_name: Callable[[int], str]
) -> dict[int, float]:
    """Score of every matching product (absent: no match)."""
    wanted = terms(query)
    if not wanted:
        return {}
    phrase = " ".join(_WORD.findall(query.lower()))
    scores: dict[int, float] = {}
    for product in products:
        name = set(terms(product.name))
        label = set(terms(f"{product.brand} {category_name(product.category_id)}"))
        text = set(terms(f"{product.short_description} {product.description}"))
        score = 0.0
        for term in wanted:
            if term in name:
                score += NAME
            elif term in label:
                score += LABEL
            elif term in text:
                score += TEXT
        if score and phrase and phrase in " ".join(_WORD.findall(product.name.lower())):
            score += NAME * len(wanted)
        if score:
            scores[product.id] = score
    return scores


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word
