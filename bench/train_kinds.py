"""Measure a learned page-kind model for the generic profile, leaving one app out.

    .venv/bin/python bench/train_kinds.py                  # LOAO of each variant (~20 s)
    .venv/bin/python bench/train_kinds.py --nested         # variant chosen without the app (~3 min)
    .venv/bin/python bench/train_kinds.py --json out.json  # and each page's states

Corpus: every labelled page of `sites/real/pages` and `sites/real/holdout{,2..14}/pages`
(seventeen apps, 786 pages; later captures are never read). Features (`page_features`): the
page as the classifier reads it (`PageIndex` of the in-front tree: words, prose, links,
linked items, records, entries, roles in the content and the page, fields, buttons,
headings and their words, status, password field, dialog, the URL's shape and words,
phrases of counts, successes and errors) and the rules' own verdict (the state, how it was
decided, which states' rules held whole or on the page). No feature names an app, a host, a
port or a route of one app.

Model: multinomial logistic regression with an L2 penalty over the benign states only
(never error, login or confirmation), on standardised features, fitted with numpy by
full-batch gradient descent from zero weights (deterministic, no seed needed) to maximise
the probability of the states a page's labels accept (`label` and `also`). It is trained on,
and may re-decide, only pages the rules did not call error, login or confirmation; a
variant says which of those (`scope`: every such page, those the rules were not sure of, or
only those no rule recognised) and how much more probable its choice must be than the
rules' state (`margin`).

Leave-one-app-out: for each app, fit on the other sixteen and classify its pages; printed
next to the rules' own figure on the same pages, per app and pooled, with harmful labels.
`--nested` also chooses the variant for each app by leave-one-app-out on the other sixteen
only, so the figure owes nothing to having seen the app's results. Results: bench/KINDS.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # many tiny products: threads only cost
import numpy as np

from webagent.bench.states import MISLEADING, LabelledPage, load_pages
from webagent.observation.tree import AriaNode
from webagent.sites.classify import Classifier
from webagent.sites.match import PageIndex, in_front_of, page_rules_hold
from webagent.sites.profiles import site_profile

ROOT = Path(__file__).resolve().parents[1]
BENIGN = ("search_results", "form", "search", "detail", "article", "listing", "other")
"""The states the model chooses among: never error, login or confirmation."""
STEPS = 300
RATE = 1.0

_CONTENT_ROLES = (
    *("heading", "paragraph", "link", "listitem", "list", "row", "columnheader", "rowheader"),
    *("cell", "table", "textbox", "searchbox", "combobox", "checkbox", "radio", "spinbutton"),
    *("button", "form", "article", "term", "img", "code", "insertion", "blockquote", "tab"),
    *("group", "strong"),
)
_PAGE_ROLES = ("link", "heading", "textbox", "button", "navigation", "main", "row", "listitem")
_FIELDS = frozenset({"textbox", "searchbox", "combobox", "checkbox", "radio", "spinbutton"})

# Words that say what a page is, wherever they are (a title, a heading, a URL, a button):
# general words of the web, not one app's.
_WORDS: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern, re.IGNORECASE)
    for name, pattern in {
        "search": r"\bsearch|\bfind\b|\bquery\b",
        "results": r"\bresults?\b|\bmatch(es|ing)\b|\bfound\b",
        "edit": r"\bedit(ing)?\b|\bchange\b|\bmodify\b|\bupdate\b",
        "new": r"\bnew\b|\badd\b|\bcreate\b|\bregister\b|\bupload\b",
        "delete": r"\bdelete\b|\bremove\b|\bare you sure\b",
        "list": r"\b(all|index|list(ing)?|recent|history|changes|log|browse|archives?)\b",
        "settings": r"\bsettings\b|\bpreferences\b|\bprofile\b|\baccount\b|\boptions\b",
        "home": r"\bhome\b|\bwelcome\b|\bdashboard\b|\boverview\b",
        "diff": r"\bdiff\b|\bdifferences?\b|\bcompare\b",
        "help": r"\bhelp\b|\babout\b|\bdocs?\b|\bdocumentation\b|\bguide\b|\bmanual\b",
    }.items()
}
_SUBMIT = re.compile(
    r"^\W*(submit|send|save|create|update|add|post|preview|apply|ok|confirm|upload|register)",
    re.IGNORECASE,
)
_SEARCH_BUTTON = re.compile(r"^\W*(search|find|go|look ?up)\b", re.IGNORECASE)
_PASSWORD = re.compile(r"\bpass ?(word|code|phrase)\b", re.IGNORECASE)
_COUNT_FOUND = re.compile(
    r"\b\d[\d,.]*\s+(results?|matches|hits|items?|entries|records|rows|\w+s)\b"
    r"|\bshowing\b.{0,20}\d|\bpage \d+ of \d+|\bno (results|matches|\w+s found)\b",
    re.IGNORECASE,
)
_DONE = re.compile(
    r"\bsuccessfully\b|\bhas been (saved|created|deleted|updated|changed|added)\b",
    re.IGNORECASE,
)
_ERROR = re.compile(
    r"\bnot found\b|\berror\b|\bdenied\b|\bforbidden\b|\bdoes not exist\b|\binvalid\b",
    re.IGNORECASE,
)
_ID_STEP = re.compile(r"/(\d+|[a-z]+[-_]?\d+|(?=[a-f]*\d)[0-9a-f]{8,})/?$", re.IGNORECASE)
_DATE = re.compile(r"\b(19|20)\d\d-\d\d-\d\d\b|\b\d{1,2} \w{3,9} (19|20)\d\d\b")


def _log(value: float) -> float:
    return math.log1p(max(0.0, value))


def _url_features(url: str, tree_text: str) -> dict[str, float]:
    parts = urlsplit(url)
    steps = [s for s in parts.path.split("/") if s]
    query = parse_qsl(parts.query)
    path = parts.path.lower()
    found = {
        "url:depth": min(len(steps), 6) / 6,
        "url:query": float(bool(query)),
        "url:id_last": float(bool(_ID_STEP.search(parts.path))),
        "url:number_in_path": float(any(s.isdigit() for s in steps)),
        "url:ends_slash": float(parts.path.endswith("/") and len(steps) > 0),
        "url:root": float(not steps),
        "url:file_ext": float(bool(re.search(r"\.\w{2,4}$", parts.path))),
        "url:query_value_shown": float(
            any(len(v) >= 2 and v.casefold() in tree_text for _, v in query)
        ),
    }
    words = " ".join([*re.split(r"[/_.\-]", path), *(k for k, _ in query)])
    for name, pattern in _WORDS.items():
        found[f"url:{name}"] = float(bool(pattern.search(words)))
    return found


def _role_features(page: PageIndex) -> dict[str, float]:
    content = Counter(role for role, _ in page.content_nodes)
    whole = Counter(role for role, _ in page.nodes)
    found = {f"content:{role}": _log(content[role]) for role in _CONTENT_ROLES}
    found.update({f"page:{role}": _log(whole[role]) for role in _PAGE_ROLES})
    fields = sum(content[r] for r in _FIELDS)
    found["content:fields"] = _log(fields)
    found["content:fields>=3"] = float(fields >= 3)
    found["content:no_fields"] = float(fields == 0)
    found["page:password"] = float(
        any(role == "textbox" and _PASSWORD.search(label) for role, label in page.nodes)
    )
    found["page:searchbox"] = float(whole["searchbox"] > 0)
    found["page:dialog"] = float(whole["dialog"] + whole["alertdialog"] > 0)
    buttons = [label for role, label in page.content_nodes if role == "button"]
    found["content:submit_button"] = float(any(_SUBMIT.search(b) for b in buttons))
    found["content:search_button"] = float(any(_SEARCH_BUTTON.search(b) for b in buttons))
    found["content:headings_share"] = content["heading"] / max(1, len(page.content_nodes))
    return found


def _measure_features(page: PageIndex) -> dict[str, float]:
    return {
        "m:words": _log(page.words) / 8,
        "m:link_words": _log(page.link_words) / 8,
        "m:prose": _log(page.prose) / 8,
        "m:link_share": page.link_share,
        "m:item_share": page.item_share,
        "m:items": _log(page.items) / 5,
        "m:records": _log(page.records) / 5,
        "m:entries": _log(page.entries) / 5,
        "m:prose_share": page.prose / max(1, page.words),
        "m:no_content": float(page.words + page.link_words < 10),
        "m:query_shown": float(page.query_shown),
        "status:error": float(page.status is not None and page.status >= 400),
        "status:unknown": float(page.status is None),
    }


def _text_features(page: PageIndex, title: str, tree: tuple[AriaNode, ...]) -> dict[str, float]:
    content_text = "\n".join(label for _, label in page.content_nodes if label)
    headings = " ".join(label for role, label in page.content_nodes if role == "heading")
    found: dict[str, float] = {}
    for name, pattern in _WORDS.items():
        found[f"title:{name}"] = float(bool(pattern.search(title)))
        found[f"heading:{name}"] = float(bool(pattern.search(headings)))
    found["text:count_found"] = float(bool(_COUNT_FOUND.search(content_text)))
    found["text:done"] = float(bool(_DONE.search(content_text)))
    found["text:error_words"] = float(bool(_ERROR.search(headings or title)))
    found["text:dates"] = _log(len(_DATE.findall(content_text))) / 4
    levels = [n.level for root in tree for n in root.walk() if n.role == "heading" and n.level]
    found["heading:h1"] = float(1 in levels)
    found["heading:top_level"] = (min(levels) if levels else 7) / 7
    filled = sum(
        1
        for root in tree
        for n in root.walk()
        if n.role in ("textbox", "combobox") and (n.text or "").strip()
    )
    found["fields:filled"] = _log(filled)
    return found


def page_features(page: PageIndex, tree: tuple[AriaNode, ...], title: str) -> dict[str, float]:
    """The page's measures by name (absent ones are 0)."""
    tree_text = "\n".join(label for _, label in page.nodes).casefold()
    found = {"bias": 1.0}
    found.update(_measure_features(page))
    found.update(_role_features(page))
    found.update(_url_features(page.url, tree_text))
    found.update(_text_features(page, title, tree))
    return found


def verdict_features(
    state: str, decided: str, held: Iterable[str], page_held: Iterable[str]
) -> dict[str, float]:
    """The rules' verdict: the state as decided, the states whose rules held whole, and
    those whose page rules held (whatever their URL rules said)."""
    found = {f"rule:{state}": 1.0, f"decided:{decided}": 1.0}
    found.update({f"held:{name}": 1.0 for name in held})
    found.update({f"page_held:{name}": 1.0 for name in page_held})
    return found


# -- the corpus ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Corpus:
    pages: list[LabelledPage]
    rules: list[str]
    """The rules' state for each page (no model)."""
    decided: list[str]
    names: list[str]
    x: np.ndarray
    """(pages, features)."""

    @property
    def apps(self) -> np.ndarray:
        return np.array([p.app for p in self.pages])

    def accepted(self) -> np.ndarray:
        """(pages, benign states): 1 where the page's labels accept the state."""
        return np.array([[float(p.accepts(s)) for s in BENIGN] for p in self.pages])

    def trainable(self) -> np.ndarray:
        """Pages the model may re-decide (the rules gave a benign state) and can be right on."""
        return np.array(
            [
                r not in MISLEADING and any(p.accepts(s) for s in BENIGN)
                for p, r in zip(self.pages, self.rules, strict=True)
            ]
        )


def corpus_folders() -> list[Path]:
    """`sites/real/pages` and `sites/real/holdout{,2..14}/pages`."""
    real = ROOT / "sites" / "real"
    folders = [real / "pages"]
    for path in sorted(real.glob("holdout*/pages")):
        number = re.fullmatch(r"holdout(\d*)", path.parent.name)
        if number and int(number.group(1) or 1) <= 14:
            folders.append(path)
    return folders


def read_corpus() -> Corpus:
    """Every page, the rules' verdict on it and its features."""
    classifier = Classifier(site_profile("generic"))
    states = classifier.profile.states
    pages, rules, decided, features = [], [], [], []
    for folder in corpus_folders():
        for page in load_pages(folder):
            observation = page.observation()
            result = classifier.classify(observation)
            index = PageIndex.of(observation, in_front=True)
            held = [s.name for s in classifier.matching(index)]
            page_held = [
                s.name for s in states if s.match.has_page and page_rules_hold(s.match, index)
            ]
            tree = in_front_of(observation.tree)
            pages.append(page)
            rules.append(result.state)
            decided.append(result.decided)
            features.append(
                page_features(index, tree, page.title)
                | verdict_features(result.state, result.decided, held, page_held)
            )
    names = ["bias", *sorted({n for f in features for n in f} - {"bias"})]
    x = np.array([[f.get(n, 0.0) for n in names] for f in features], dtype=float)
    return Corpus(pages, rules, decided, names, x)


# -- the model ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Variant:
    """Where the model may re-decide and how sure it must be."""

    l2: float
    scope: str
    """`all` (every page the rules gave a benign state), `unsure` (not by one state's
    rules alone), `fallback` (no rule held: the rules' guess)."""
    margin: float = 0.0

    def __str__(self) -> str:
        return f"l2={self.l2} scope={self.scope} margin={self.margin}"


SCOPES = {
    "all": ("rules", "priority", "page", "fallback"),
    "unsure": ("priority", "page", "fallback"),
    "fallback": ("fallback",),
}
VARIANTS = [
    Variant(l2, scope, margin)
    for scope in SCOPES
    for l2 in (0.03, 0.1, 0.3)
    for margin in (0.0, 0.3)
]


def fit(x: np.ndarray, ok: np.ndarray, l2: float) -> np.ndarray:
    """Weights (states, features) maximising the mean log probability of the accepted
    states minus l2/2 |W|^2 (the bias, column 0, is not penalised)."""
    n, d = x.shape
    w = np.zeros((ok.shape[1], d))
    penalty = np.full(d, l2)
    penalty[0] = 0.0
    for _ in range(STEPS):
        p = softmax(x @ w.T)
        q = p * ok
        q /= q.sum(axis=1, keepdims=True)
        w -= RATE * ((p - q).T @ x / n + w * penalty)
    return w


def softmax(scores: np.ndarray) -> np.ndarray:
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def probabilities(corpus: Corpus, train: np.ndarray, test: np.ndarray, l2: float) -> np.ndarray:
    """Fit on the `train` pages (standardised on them), the benign states' probabilities
    for the `test` pages."""
    mean, scale = corpus.x[train].mean(axis=0), corpus.x[train].std(axis=0)
    mean[0], scale[0] = 0.0, 1.0
    scale[scale < 1e-6] = 1.0
    w = fit((corpus.x[train] - mean) / scale, corpus.accepted()[train], l2)
    return softmax(((corpus.x[test] - mean) / scale) @ w.T)


def decide(corpus: Corpus, i: int, p: np.ndarray, variant: Variant) -> str:
    """Page i's final state: the rules', unless the variant lets the model re-decide it."""
    rule = corpus.rules[i]
    if rule in MISLEADING or corpus.decided[i] not in SCOPES[variant.scope]:
        return rule
    best = int(p.argmax())
    return BENIGN[best] if p[best] - p[BENIGN.index(rule)] >= variant.margin else rule


def loao(corpus: Corpus, variant: Variant) -> list[str]:
    """Each page's final state, its app left out of the fit."""
    apps, use = corpus.apps, corpus.trainable()
    final = list(corpus.rules)
    for app in sorted(set(apps)):
        out = apps == app
        for i, p in zip(
            np.flatnonzero(out), probabilities(corpus, use & ~out, out, variant.l2), strict=True
        ):
            final[i] = decide(corpus, int(i), p, variant)
    return final


def nested(corpus: Corpus) -> tuple[list[str], dict[str, Variant]]:
    """Each page's final state by the variant that did best, leaving one app out, on the
    other sixteen apps (fitted without the app and the one left out)."""
    apps, use = corpus.apps, corpus.trainable()
    names = sorted(set(apps))
    pair: dict[tuple[str, str, float], dict[int, np.ndarray]] = {}
    for a, b, l2 in itertools.product(names, names, sorted({v.l2 for v in VARIANTS})):
        if a < b:
            test = (apps == a) | (apps == b)
            probs = probabilities(corpus, use & ~test, test, l2)
            pair[a, b, l2] = dict(zip(np.flatnonzero(test).tolist(), probs, strict=True))
    final, chosen = list(corpus.rules), {}
    for app in names:

        def score(variant: Variant, app: str = app) -> int:
            return sum(
                corpus.pages[i].accepts(decide(corpus, i, p, variant))
                for other in names
                if other != app
                for i, p in pair[min(app, other), max(app, other), variant.l2].items()
                if apps[i] == other
            )

        chosen[app] = max(VARIANTS, key=score)
        out = apps == app
        probs = probabilities(corpus, use & ~out, out, chosen[app].l2)
        for i, p in zip(np.flatnonzero(out), probs, strict=True):
            final[i] = decide(corpus, int(i), p, chosen[app])
    return final, chosen


# -- the report ---------------------------------------------------------------------------------


def table(corpus: Corpus, final: list[str], chosen: dict[str, Variant] | None = None) -> str:
    """Per app and pooled: pages, the rules right, the rules + model right, harmful."""
    lines = [
        "| app | pages | rules | rules + model (LOAO) | change | harmful |"
        + " variant |" * bool(chosen),
        "| --- | ---: | ---: | ---: | ---: | ---: |" + " --- |" * bool(chosen),
    ]
    totals = np.zeros(4, dtype=int)
    for app in sorted({p.app for p in corpus.pages}):
        rows = [i for i, p in enumerate(corpus.pages) if p.app == app]
        row = np.array([
            len(rows),
            sum(corpus.pages[i].accepts(corpus.rules[i]) for i in rows),
            sum(corpus.pages[i].accepts(final[i]) for i in rows),
            sum(final[i] in MISLEADING and not corpus.pages[i].accepts(final[i]) for i in rows),
        ])  # fmt: skip
        totals += row
        n, r, m, h = row.tolist()
        extra = f" {chosen[app]} |" if chosen else ""
        lines.append(
            f"| {app} | {n} | {r} ({r / n:.0%}) | {m} ({m / n:.0%}) | {m - r:+d} | {h} |{extra}"
        )
    n, r, m, h = totals.tolist()
    lines.append(
        f"| **all** | {n} | {r} ({r / n:.1%}) | **{m} ({m / n:.1%})** | {m - r:+d} | {h} |"
        + (" |" if chosen else "")
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nested", action="store_true", help="choose the variant without the app")
    parser.add_argument("--json", type=Path, help="write each page's states here")
    args = parser.parse_args()
    started = time.monotonic()
    corpus = read_corpus()
    print(f"{len(corpus.pages)} pages, {len(corpus.names)} features\n")
    results: dict[str, list[str]] = {}
    for variant in VARIANTS:
        final = loao(corpus, variant)
        results[str(variant)] = final
        right = sum(p.accepts(s) for p, s in zip(corpus.pages, final, strict=True))
        print(f"{variant}: {right} of {len(final)} ({right / len(final):.1%})")
    for name in ("l2=0.1 scope=all margin=0.0", "l2=0.03 scope=fallback margin=0.0"):
        print(f"\n{name}:\n\n{table(corpus, results[name])}")
    if args.nested:
        final, chosen = nested(corpus)
        results["nested"] = final
        print(f"\nnested (variant chosen on the other apps):\n\n{table(corpus, final, chosen)}")
    if args.json:
        rows = [
            {"page": p.name, "label": p.label, "also": list(p.also), "rules": r}
            | {name: states[i] for name, states in results.items()}
            for i, (p, r) in enumerate(zip(corpus.pages, corpus.rules, strict=True))
        ]
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(f"\n{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
