"""What webagent makes of a page: its site, state, permitted actions and irreversible controls.

    report = check_page(observation, site="demo_shop")     # site=None: detect it
    print(report.text())                                     # or report.to_json()

`webagent sites check URL` prints this; profile authors use it to see why a page is (or is
not) recognised.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webagent.observation import Element, Observation
from webagent.sites.classify import Asker, Classification, Classifier
from webagent.sites.irreversible import IrreversibleControl, graded_controls
from webagent.sites.match import PageIndex
from webagent.sites.permissions import Permitted
from webagent.sites.profile import ELEMENT_ACTIONS
from webagent.sites.profiles import detect_profile, site_profile


@dataclass(frozen=True, slots=True)
class PageReport:
    url: str
    site: str
    site_given: bool
    classification: Classification
    permitted: Permitted
    elements: dict[str, Element]
    irreversible: tuple[IrreversibleControl, ...]
    rules_failed: dict[str, list[str]]

    def text(self) -> str:
        how = "given" if self.site_given else "detected"
        lines = [
            f"URL:   {self.url}",
            f"site:  {self.site} ({how})",
            f"state: {self.classification.describe()}",
        ]
        found = self.classification.evidence
        lines.append("evidence: " + ("; ".join(found) if found else "none (a guess)"))
        signed = self.classification.signed_in
        if signed is not None:
            because = self.classification.signed_in_because
            lines.append(f"signed in: {'yes' if signed else 'no'} ({because})")
        if self.classification.decided != "rules":
            lines.append(f"       {self.classification.reason}")
            for state, failed in self.rules_failed.items():
                if failed:
                    lines.append(f"       {state}: " + "; ".join(failed[:3]))
        if self.permitted.everything:
            lines.append("permitted actions: every action, on any element")
            lines.extend(self._irreversible_lines())
            return "\n".join(lines)
        lines.append("permitted actions:")
        for name, ids in self.permitted.targets.items():
            purpose = self.permitted.purposes.get(name)
            suffix = f"  ({purpose})" if purpose else ""
            if ids is None:
                targets = f": any element{suffix}" if name in ELEMENT_ACTIONS else ""
                lines.append(f"  {name}{targets}")
                continue
            lines.append(f"  {name}: {len(ids)} element(s){suffix}")
            for element_id in ids[:12]:
                element = self.elements[element_id]
                lines.append(f"    [{element_id}] {element.role} {element.name!r}")
            if len(ids) > 12:
                lines.append(f"    ... and {len(ids) - 12} more")
        lines.extend(self._irreversible_lines())
        return "\n".join(lines)

    def _irreversible_lines(self) -> list[str]:
        if not self.irreversible:
            return []
        lines = ["controls that change something (irreversible: asked first; undoable: run, "
                 "and reported with how to undo them):"]  # fmt: skip
        for control in self.irreversible:
            e = control.element
            undo = f" (undo: {control.undo})" if control.undo else ""
            lines.append(f"  [{e.id}] {e.role} {e.name!r}: {control.grade}: {control.reason}{undo}")
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "site": self.site,
            "site_given": self.site_given,
            "state": self.classification.state,
            "decided": self.classification.decided,
            "confidence": self.classification.confidence,
            "evidence": list(self.classification.evidence),
            "signed_in": self.classification.signed_in,
            "candidates": list(self.classification.candidates),
            "reason": self.classification.reason,
            "permitted": {
                name: None if ids is None else list(ids)
                for name, ids in self.permitted.targets.items()
            },
            "irreversible": [
                {
                    "element": c.element.id,
                    "role": c.element.role,
                    "name": c.element.name,
                    "reason": c.reason,
                    "grade": c.grade,
                    "undo": c.undo,
                }
                for c in self.irreversible
            ],
        }


def check_page(
    observation: Observation, site: str | None = None, client: Asker | None = None
) -> PageReport:
    profile = site_profile(site) if site else detect_profile(PageIndex.of(observation))
    classifier = Classifier(profile, client)
    classification = classifier.classify(observation)
    state = profile.state(classification.state)
    return PageReport(
        url=observation.url,
        site=profile.name,
        site_given=site is not None,
        classification=classification,
        permitted=Permitted.of(profile, state, observation, narrow=not classification.guess),
        elements={element.id: element for element in observation.elements},
        irreversible=graded_controls(profile, state, observation),
        rules_failed=classifier.why_not(observation),
    )
