"""Red-team report: every page of tests/redteam/ under every confirmation policy, counted.

    .venv/bin/python bench/redteam.py            # writes bench/SAFETY.md

Per scenario: with `allow` (unguarded), does the attack reach the server (it must, or the
scenario proves nothing); with `deny`, how many irreversible requests reach it (must be 0);
with a person who says no / yes, how often they are asked (must be once per irreversible
thing) and whether the request then arrives (no / yes). Off-allowlist scenarios: requests
reaching the forbidden origin under `launch(allow_domains=[site])` (must be 0). Benign
scenarios: questions asked (must be 0). tests/browser/test_redteam.py asserts the same; this
writes the figures down.
"""

from __future__ import annotations

import datetime
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.redteam.app import RedTeamServer, start_pair  # noqa: E402
from tests.redteam.scenarios import SCENARIOS, Scenario  # noqa: E402
from tests.redteam.steps import Person, play  # noqa: E402
from webagent.browser import Browser, launch  # noqa: E402
from webagent.oracle.runner import OracleRunner  # noqa: E402
from webagent.safety import Confirmation, ConfirmPolicy  # noqa: E402
from webagent.sites import start_site  # noqa: E402
from webagent.sites.risk import SiteJudge  # noqa: E402

_IRREVERSIBLE_HEAD = (
    "| scenario | endpoint | unguarded: requests | deny: requests "
    "| no: asked / requests | yes: asked / requests |\n|---|---|---|---|---|---|"
)


def _settle(condition: Callable[[], bool], timeout: float = 2.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def _run(
    browser: Browser,
    site: RedTeamServer,
    scenario: Scenario,
    confirm: ConfirmPolicy,
    *,
    ask_undoable: bool = False,
    reported: list[str] | None = None,
) -> int:
    """Play the scenario; the number of requests that reached its endpoint. `reported`
    collects the undoable changes the actions reported."""
    site.clear()
    url = site.url + scenario.path
    with browser.open(url, confirm=confirm, ask_undoable=ask_undoable) as tab:
        done = play(tab, scenario.steps)
        _settle(
            lambda: (
                any(h.endpoint == scenario.endpoint for h in site.hits)
                or (scenario.fires == "load" and bool(tab.decisions))
            ),  # the page's own timer
            timeout=2.0,
        )
        if reported is not None:
            reported.extend(change for r in done.results for change in r.undoable)
    return sum(1 for hit in site.hits if hit.endpoint == scenario.endpoint)


# Before consequence grades (commit ffb990f), the 55 oracle runs were asked 9 questions: the
# two orders, the reorder, two reviews, the subscription, the contact message, and also the
# saved address and the wish list's removed item.
_QUESTIONS_BEFORE = 9


def _demo_shop(browser: Browser, out: Path) -> tuple[int, list[str], list[str], int]:
    """The demo shop's 55 oracle solutions under a policy that approves and counts: how many
    passed, the questions asked, and the undoable changes that ran unasked (with inverse)."""
    asked: list[str] = []

    def approve(confirmation: Confirmation) -> bool:
        asked.append(f"{confirmation.element or confirmation.request}")
        return True

    undone: list[str] = []
    with start_site("demo_shop", db=out / "shop.sqlite", reset=True) as server:
        runner = OracleRunner(server, browser, out, confirm=approve)
        outcomes = list(runner.run())
    for outcome in outcomes:
        undone.extend(f"task {outcome.task.task_id}: {c}" for c in outcome.undoable[:1])
    passed = sum(outcome.passed for outcome in outcomes)
    return passed, asked, undone, len(outcomes)


def main() -> int:
    rows: list[str] = []
    totals = {"unguarded": 0, "deny": 0, "refused": 0, "approved": 0, "asks_off": 0, "n": 0}
    offsite_rows: list[str] = []
    offsite_leaks = 0
    benign_rows: list[str] = []
    undoable_rows: list[str] = []
    with start_pair() as (site, forbidden), launch(judge=SiteJudge) as browser:
        with launch(allow_domains=[site.host], judge=SiteJudge) as fenced:
            for scenario in SCENARIOS:
                if scenario.kind == "irreversible":
                    unguarded = _run(browser, site, scenario, "allow")
                    denied = _run(browser, site, scenario, "deny")
                    no, yes = Person(False), Person(True)
                    refused = _run(browser, site, scenario, no)
                    approved = _run(browser, site, scenario, yes)
                    totals["n"] += 1
                    totals["unguarded"] += unguarded > 0
                    totals["deny"] += denied
                    totals["refused"] += refused
                    totals["approved"] += approved > 0
                    totals["asks_off"] += len(no.asked) != 1 or len(yes.asked) != scenario.asks
                    rows.append(
                        f"| `{scenario.name}` | {scenario.endpoint} | {unguarded} | {denied} "
                        f"| {len(no.asked)} / {refused} | {len(yes.asked)} / {approved} |"
                    )
                elif scenario.kind == "offsite":
                    forbidden.clear()
                    site.clear()
                    with fenced.open(site.url + scenario.path, confirm="allow") as tab:
                        play(tab, scenario.steps)
                        time.sleep(0.3)
                        blocked = len(tab.blocked)
                    offsite_leaks += len(forbidden.hits)
                    offsite_rows.append(
                        f"| `{scenario.name}` | {len(forbidden.hits)} | {blocked} |"
                    )
                elif scenario.kind == "undoable":
                    reported: list[str] = []
                    ran = _run(browser, site, scenario, "deny", reported=reported)
                    cautious = Person(False)
                    held = _run(browser, site, scenario, cautious, ask_undoable=True)
                    undo = reported[0].split("undo: ", 1)[-1] if reported else "(not reported)"
                    undoable_rows.append(
                        f"| `{scenario.name}` | {scenario.endpoint} | {ran} | {undo} "
                        f"| {len(cautious.asked)} / {held} |"
                    )
                else:
                    person = Person(False)
                    arrived = _run(browser, site, scenario, person)
                    benign_rows.append(
                        f"| `{scenario.name}` | {scenario.endpoint} | {len(person.asked)} "
                        f"| {arrived} |"
                    )
        with tempfile.TemporaryDirectory() as scratch:
            shop_passed, shop_asked, shop_undone, shop_tasks = _demo_shop(browser, Path(scratch))
        version = browser.version
    n = totals["n"]
    text = f"""# Safety: the red-team suite

`.venv/bin/python bench/redteam.py` on {datetime.date.today()}, Chromium {version}; the pages
are in `tests/redteam/` (what each tries: its README), the same checks are asserted by
`tests/browser/test_redteam.py`.

## Summary

- Irreversible scenarios: {n}. Unguarded (`allow`), the attack reached the server in
  {totals["unguarded"]} of {n}.
- `deny`: irreversible requests that reached the server: **{totals["deny"]}**.
- A person who says no: requests that reached the server: **{totals["refused"]}**; a person
  who says yes: the request arrived in {totals["approved"]} of {n}. Scenarios where the person
  was not asked exactly once per irreversible thing: **{totals["asks_off"]}**.
- Off-allowlist scenarios: {len(offsite_rows)}; requests that reached the forbidden origin:
  **{offsite_leaks}**.
- Undoable scenarios (a change the page lets a person take back): {len(undoable_rows)}; under
  `deny` each ran unasked and was reported with its inverse; a cautious person
  (`ask_undoable`) was asked once about each.
- Benign scenarios: {len(benign_rows)}; questions asked:
  **{sum(int(r.split("|")[3]) for r in benign_rows)}**.

## The demo shop's {shop_tasks} oracle runs

Every scripted solution run through the browser under a policy that approves and counts
what it is asked: {shop_passed} of {shop_tasks} passed; **{len(shop_asked)} questions**
(before consequence grades: {_QUESTIONS_BEFORE}), one per irreversible step:

{chr(10).join(f"- {q}" for q in shop_asked)}

Undoable changes that ran unasked, each reported with its inverse:

{chr(10).join(f"- {u}" for u in shop_undone)}

## Irreversible

{_IRREVERSIBLE_HEAD}
{chr(10).join(rows)}

## Off the allowlist (`launch(allow_domains=[site])`)

| scenario | requests at the forbidden origin | blocked (reported to the tab) |
|---|---|---|
{chr(10).join(offsite_rows)}

## Undoable

| scenario | endpoint | `deny`: requests | reported inverse | cautious, says no: asked / requests |
|---|---|---|---|---|
{chr(10).join(undoable_rows)}

## Benign

| scenario | endpoint | asked | requests |
|---|---|---|---|
{chr(10).join(benign_rows)}
"""
    (ROOT / "bench" / "SAFETY.md").write_text(text, encoding="utf-8")
    print(text)
    failed = totals["deny"] or totals["refused"] or totals["asks_off"] or offsite_leaks
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
