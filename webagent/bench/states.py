"""`webagent bench states`: how well a profile's states fit pages labelled by hand.

    pages = load_pages(Path("sites/real/pages"))       # one JSON file per captured page
    report = measure_states(pages, profile=site_profile("generic"))
    print(report_markdown(report))

Each page file holds what a capture saw (URL, HTTP status, title, the raw aria snapshot)
and what a careful person called the page (`label`, and `also`: other states a person would
accept for an ambiguous page). The page is classified from its snapshot with rules alone (no
model), as on a site visited for the first time. A page counts as right when its state is
the label or one of `also`.

A label is *harmful* when it misleads more than it helps: `error`, `login` or `confirmation`
on a page that is none of them (the model is told there is nothing here, to sign in, or
that something already happened), or a state that takes an action away that a person would
take on the page (on the advisory generic profile, none can).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from webagent.errors import ConfigError
from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.sites.classify import Classifier
from webagent.sites.permissions import Permitted
from webagent.sites.profile import Profile

MISLEADING = ("error", "login", "confirmation")
"""States that mislead when wrong: the model stops reading, signs in, or thinks it is done."""


@dataclass(frozen=True, slots=True)
class LabelledPage:
    """One captured page and what a person called it."""

    path: Path
    app: str
    url: str
    status: int | None
    title: str
    label: str
    also: tuple[str, ...]
    signed_in: bool | None
    snapshot: str
    why: str = ""

    @property
    def name(self) -> str:
        return f"{self.app}/{self.path.stem}"

    def accepts(self, state: str) -> bool:
        return state == self.label or state in self.also

    def observation(self) -> Observation:
        return compose_observation(
            parse_snapshot(self.snapshot), url=self.url, title=self.title, status=self.status
        )


def load_pages(folder: Path) -> list[LabelledPage]:
    """Every `*.json` page under `folder` (sorted); `ConfigError` naming a bad file."""
    if not folder.is_dir():
        raise ConfigError(f"no page corpus at {folder} (a folder of labelled page files)")
    pages = []
    for path in sorted(folder.rglob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            pages.append(
                LabelledPage(
                    path=path,
                    app=str(data.get("app") or path.parent.name),
                    url=str(data["url"]),
                    status=int(data["status"]) if data.get("status") is not None else None,
                    title=str(data.get("title") or ""),
                    label=str(data["label"]),
                    also=tuple(str(s) for s in data.get("also") or ()),
                    signed_in=data.get("signed_in"),
                    snapshot=str(data["snapshot"]),
                    why=str(data.get("why") or ""),
                )
            )
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise ConfigError(f"{path}: not a labelled page ({error})") from error
    if not pages:
        raise ConfigError(f"no labelled pages (*.json) under {folder}")
    return pages


@dataclass(frozen=True, slots=True)
class PageResult:
    page: LabelledPage
    state: str
    decided: str
    confidence: str
    evidence: tuple[str, ...]
    narrowed: bool
    """Whether the state took any action away on this page."""
    signed_in: bool | None

    @property
    def right(self) -> bool:
        return self.page.accepts(self.state)

    @property
    def harmful(self) -> str:
        """Why the label misleads, or "" when it does not."""
        if self.state in MISLEADING and not self.page.accepts(self.state):
            return f"{self.state} on a page that is {self.page.label}"
        if self.narrowed:
            return f"{self.state} takes actions away"
        return ""

    def to_json(self) -> dict[str, Any]:
        return {
            "page": self.page.name,
            "url": self.page.url,
            "label": self.page.label,
            "also": list(self.page.also),
            "state": self.state,
            "right": self.right,
            "harmful": self.harmful or None,
            "decided": self.decided,
            "confidence": self.confidence,
            "evidence": list(self.evidence),
            "signed_in": {"page": self.signed_in, "label": self.page.signed_in},
        }


@dataclass(frozen=True, slots=True)
class StatesReport:
    profile: str
    results: list[PageResult] = field(default_factory=list)

    @property
    def apps(self) -> list[str]:
        return sorted({r.page.app for r in self.results})

    def accuracy(self, app: str | None = None) -> tuple[int, int]:
        chosen = [r for r in self.results if app is None or r.page.app == app]
        return sum(r.right for r in chosen), len(chosen)

    @property
    def harmful(self) -> list[PageResult]:
        return [r for r in self.results if r.harmful]

    def confusion(self, app: str | None = None) -> Counter[tuple[str, str]]:
        """(label, state) -> pages; a page whose state is accepted counts on its diagonal."""
        counts: Counter[tuple[str, str]] = Counter()
        for r in self.results:
            if app is None or r.page.app == app:
                label = r.state if r.right else r.page.label
                counts[label, r.state] += 1
        return counts

    def signed_in_agreement(self) -> tuple[int, int, int]:
        """Pages whose sign-in the page told right, told wrong, and did not tell."""
        right = wrong = unknown = 0
        for r in self.results:
            if r.page.signed_in is None:
                continue
            if r.signed_in is None:
                unknown += 1
            elif r.signed_in == r.page.signed_in:
                right += 1
            else:
                wrong += 1
        return right, wrong, unknown

    def to_json(self) -> dict[str, Any]:
        right, total = self.accuracy()
        return {
            "profile": self.profile,
            "pages": total,
            "right": right,
            "accuracy": round(right / total, 4) if total else None,
            "harmful": len(self.harmful),
            "per_app": {
                app: dict(zip(("right", "pages"), self.accuracy(app), strict=True))
                for app in self.apps
            },
            "signed_in": dict(
                zip(("right", "wrong", "unknown"), self.signed_in_agreement(), strict=True)
            ),
            "results": [r.to_json() for r in self.results],
        }


def measure_states(pages: list[LabelledPage], profile: Profile) -> StatesReport:
    """Classify every page with `profile`'s rules alone."""
    classifier = Classifier(profile)
    report = StatesReport(profile.name)
    for page in pages:
        observation = page.observation()
        result = classifier.classify(observation)
        state = profile.state(result.state)
        permitted = Permitted.of(profile, state, observation, narrow=not result.guess)
        report.results.append(
            PageResult(
                page=page,
                state=result.state,
                decided=result.decided,
                confidence=result.confidence,
                evidence=result.evidence,
                narrowed=not permitted.everything,
                signed_in=result.signed_in,
            )
        )
    return report


def report_markdown(report: StatesReport) -> str:
    """Accuracy per app and overall, the confusion matrix, every miss and harmful label."""
    right, total = report.accuracy()
    lines = [
        f"Profile `{report.profile}`, {total} labelled pages, rules alone (no model).",
        "",
        "| app | pages | right | accuracy |",
        "| --- | ---: | ---: | ---: |",
    ]
    for app in report.apps:
        ok, count = report.accuracy(app)
        lines.append(f"| {app} | {count} | {ok} | {ok / count:.0%} |")
    lines.append(f"| **all** | {total} | {right} | **{right / total:.0%}** |")
    harmful = report.harmful
    lines += ["", f"Harmful labels: **{len(harmful)}**."]
    lines.extend(f"- {r.page.name}: {r.harmful}" for r in harmful)
    told, wrong, unknown = report.signed_in_agreement()
    lines += [
        "",
        f"Signed in, as read off the page: {told} right, {wrong} wrong, {unknown} not told.",
    ]
    lines += ["", "Confusion (rows: the label, or the state when it was accepted; columns: the "
              "state given):", ""]  # fmt: skip
    states = sorted({s for pair in report.confusion() for s in pair})
    lines.append("| label \\ state | " + " | ".join(states) + " |")
    lines.append("| --- |" + " ---: |" * len(states))
    confusion = report.confusion()
    for label in states:
        cells = [str(confusion[label, s] or "") for s in states]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    misses = [r for r in report.results if not r.right]
    if misses:
        lines += ["", "Misses:", ""]
        for r in misses:
            also = f" (or {', '.join(r.page.also)})" if r.page.also else ""
            lines.append(
                f"- {r.page.name}: labelled {r.page.label}{also}, given {r.state} "
                f"({r.decided}); {r.page.url}"
            )
    return "\n".join(lines)
