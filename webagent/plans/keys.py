"""Which plan a task uses: a key per (site, kind of task), and the clustering that finds it.

A WebArena task names its intent template, so its kind is `template:<id>`: every instance of
the template shares one plan. A task without one (a demo-shop task, a typed-in intent) is
placed with similar intents seen before: its intent is normalised (quoted strings, numbers,
prices, dates and order numbers become placeholders) and compared by word-set Jaccard
similarity with one representative intent per known key of the site. The closest at or above
`SIMILARITY` joins that key; otherwise the intent starts a key of its own, `intent:<slug>`.

Pure: no I/O. The representatives come from `PlanLibrary.examples`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from webagent.errors import ConfigError

SIMILARITY = 0.6
"""The least Jaccard similarity of word sets for an intent to join an existing key."""

SLUG_WORDS = 8
SLUG_CHARS = 60

PLACEHOLDERS = ("<text>", "<money>", "<date>", "<order>", "<number>")

_TEMPLATE = re.compile(r"template:\d+")
_INTENT = re.compile(r"intent:[^\s/]+")
_SITE = re.compile(r"[^\s/]+")

_MONTHS = (
    "january|february|march|april|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec"
)
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_YEAR = r"(?:19|20)\d{2}"
# Applied in this order: a price before its number, a date before its numbers.
_SUBSTITUTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    # Quotes around a value, not apostrophes inside words ("customer's").
    (re.compile(r"(?<!\w)'[^']+'(?!\w)|\"[^\"]+\"|“[^”]+”|‘[^’]+’"), " <text> "),  # noqa: RUF001
    (
        re.compile(r"[$€£]\s*\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s*(?:dollars|usd|euros?)\b"),
        " <money> ",
    ),
    (re.compile(r"\b\d{4}-\d{1,2}(?:-\d{1,2})?\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b"), " <date> "),
    (re.compile(rf"\b(?:{_MONTHS})\b\.?(?:\s+{_DAY}\b)?(?:,?\s+{_YEAR}\b)?"), " <date> "),
    (
        re.compile(rf"\bmay(?:\s+{_DAY}\b)?,?\s+{_YEAR}\b|\bmay\s+{_DAY}\b|\b{_DAY}\s+may\b"),
        " <date> ",
    ),
    (re.compile(rf"\b{_YEAR}\b"), " <date> "),
    (re.compile(r"(?<=\w)['’](?=\w)"), ""),  # "what's" is one word  # noqa: RUF001
    # Keep the words that say it is an order: "order #170" and "order 170" read alike.
    (re.compile(r"#\s*\d+"), " <order> "),
    (re.compile(r"\b(order\s+(?:number\s+|no\.?\s*)?)\d+"), r"\1 <order> "),
    (re.compile(r"\d+(?:[.,]\d+)*(?:st|nd|rd|th)?"), " <number> "),
)
_PUNCTUATION = re.compile(r"[^\w<>]+")


@dataclass(frozen=True, slots=True)
class PlanKey:
    """A plan's identity: the site and the kind of task, written `site/kind`.

    `kind` is `template:<intent_template_id>` or `intent:<slug>`. Neither part holds a `/`
    or whitespace, so the written form parses back.
    """

    site: str
    kind: str

    def __post_init__(self) -> None:
        if not _SITE.fullmatch(self.site):
            raise ConfigError(f"a plan key's site is one word without '/': {self.site!r}")
        if not (_TEMPLATE.fullmatch(self.kind) or _INTENT.fullmatch(self.kind)):
            raise ConfigError(
                f"a plan key's kind is template:<id> or intent:<slug>, not {self.kind!r}"
            )

    def __str__(self) -> str:
        return f"{self.site}/{self.kind}"

    @classmethod
    def parse(cls, text: str) -> PlanKey:
        """The key written as `site/kind` (e.g. `shopping/template:17`)."""
        site, slash, kind = text.strip().partition("/")
        if not slash:
            raise ConfigError(f"not a plan key (site/kind, e.g. shopping/template:17): {text!r}")
        return cls(site, kind)

    @property
    def template_id(self) -> int | None:
        """The intent template's id for a `template:` key, else None."""
        if self.kind.startswith("template:"):
            return int(self.kind.removeprefix("template:"))
        return None

    def sort_key(self) -> tuple[str, int, int, str]:
        """A sort key: by site, template keys first in numeric order, then intent keys."""
        template = self.template_id
        if template is None:
            return (self.site, 1, 0, self.kind)
        return (self.site, 0, template, self.kind)


_NO_EXAMPLES: Mapping[PlanKey, str] = MappingProxyType({})


def normalise_intent(intent: str) -> str:
    """The intent in lower case with its particulars as placeholders and no punctuation:
    "What is the price of 'Sony WH-1000'?" -> "what is the price of <text>".

    Idempotent, so a stored representative may be normalised again."""
    text = intent.lower()
    for pattern, replacement in _SUBSTITUTIONS:
        text = pattern.sub(replacement, text)
    words: list[str] = []
    for token in _PUNCTUATION.sub(" ", text).split():
        if token in PLACEHOLDERS:
            words.append(token)
        else:
            words.extend(token.replace("<", " ").replace(">", " ").split())
    return " ".join(words)


def similarity(a: str, b: str) -> float:
    """Jaccard similarity of the word sets of two normalised intents (0 when both empty)."""
    left, right = set(a.split()), set(b.split())
    union = left | right
    return len(left & right) / len(union) if union else 0.0


def slug(normalised: str) -> str:
    """A key's name from a normalised intent: its first words joined by '-', at most
    `SLUG_CHARS` characters; a short hash of it when no word is left."""
    words = [re.sub(r"[^\w]", "", word) for word in normalised.split()[:SLUG_WORDS]]
    text = "-".join(word for word in words if word)[:SLUG_CHARS].strip("-_")
    if text:
        return text
    return "task-" + hashlib.sha1(normalised.encode()).hexdigest()[:8]


def key_for(
    site: str,
    intent: str,
    template_id: int | None,
    known: Mapping[PlanKey, str] = _NO_EXAMPLES,
) -> PlanKey:
    """The key of a task: its template's when it has one, else that of the most similar
    known intent of the site (similarity at least `SIMILARITY`), else a new `intent:` key.

    `known` maps keys to a representative intent (normalised or not; other sites' keys are
    ignored). Ties go to the key that sorts first, so the answer does not depend on order."""
    if template_id is not None:
        return PlanKey(site, f"template:{template_id}")
    normalised = normalise_intent(intent)
    best: tuple[float, PlanKey] | None = None
    for key in sorted(known, key=PlanKey.sort_key):
        if key.site != site:
            continue
        score = similarity(normalised, normalise_intent(known[key]))
        if score >= SIMILARITY and (best is None or score > best[0]):
            best = (score, key)
    if best is not None:
        return best[1]
    return PlanKey(site, f"intent:{slug(normalised)}")
