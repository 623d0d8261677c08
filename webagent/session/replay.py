"""Replaying a recording offline and checking it goes the same way; recording it again,
live (`rerecord`) or offline from its own answers (`remake`).

    result = replay(Path("fixtures/shop-buy-headphones"))
    if not result.ok:
        print(result.divergence.report())

The recording's spec runs again through the session, its network answered from the HAR (in
recorded order; whatever it lacks is aborted, so nothing reaches a live site), the model's
answers from its cassette, a person's answers to confirmations from its meta; a `Checker`
compares every page the agent reads and every action it takes with the recording and stops
the run at the first difference.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from webagent.actions import Action, ActionResult
from webagent.agent import AgentRun
from webagent.agent.recording import HAR_FILE, META_FILE, Meta
from webagent.agent.replay import (
    Checker,
    Diverged,
    Divergence,
    Fixture,
    RecordedAnswers,
    ReplayResult,
    place_of,
)
from webagent.agent.viewfree import as_recorded, page_difference
from webagent.browser import Browser
from webagent.controller import events as ev
from webagent.controller.ports import Browser as BrowserPort
from webagent.llm import ModelConfig
from webagent.observation import Observation
from webagent.session.outputs import Outputs
from webagent.session.session import Session
from webagent.session.spec import RunSpec

Watcher = Callable[[ev.Event], None]


def replay(
    folder: str | Path,
    *,
    browser: Browser | None = None,
    headless: bool = True,
    on_event: Watcher | None = None,
    viewport: tuple[int, int] | None = None,
) -> ReplayResult:
    """Run the recorded task again against the recording alone and compare as it goes;
    `viewport`: another window size than the recorded one (what the model is shown does
    not depend on it: see `RecordedPages`)."""
    fixture = Fixture(folder)
    checker = Checker(fixture.steps)
    result = ReplayResult(fixture.folder, fixture.meta, len(fixture.steps))
    confirm = fixture.confirm()
    answers = confirm if isinstance(confirm, RecordedAnswers) else None

    def watch(event: ev.Event) -> None:
        checker.event(event)
        if on_event is not None:
            on_event(event)

    with Session(browser=browser, headless=headless) as session:
        try:
            spec = RunSpec.of_recording(fixture)
            outcome = session.run(
                replace(spec, viewport=viewport) if viewport else spec,
                on_event=watch,
                confirm=answers,
                view=lambda tab: RecordedPages(tab, checker),
            )
            result.run = outcome.run
            _check_end(outcome.run, checker)
            if answers is not None:
                answers.check(checker.checked)
        except Diverged as diverged:
            result.divergence = diverged.divergence
        finally:
            tab = session.tab
            result.unmatched = list(tab.replay.unmatched) if tab and tab.replay else []
    result.checked = checker.checked
    if result.divergence is not None and result.unmatched:
        result.divergence = _with_network(result.divergence, result.unmatched)
    return result


class RecordedPages:
    """The tab as a replay's agent reads it: each page is read whole from the replayed tab
    and checked against the page the recording showed the model there (`page_difference`:
    everything it showed is on the page, in order, whatever this machine's fonts, window
    and Chromium put in the viewport), and the recorded page is what the agent is given,
    so its requests to the model are the recorded ones; so is its recorded state (what the
    page shows late, such as a notification popping up once it loads, may differ between
    runs). Actions go to the tab."""

    def __init__(self, tab: BrowserPort, checker: Checker) -> None:
        self._tab = tab
        self._checker = checker

    def observe(self, *, full_page: bool = False) -> Observation:
        live = self._tab.observe(full_page=True)
        step, recorded = self._checker.expected_page()
        difference = page_difference(recorded, live.text)
        if difference is not None:
            raise Diverged(
                Divergence(
                    step.index,
                    "observation",
                    recorded,
                    difference.replayed,
                    place_of(step),
                    difference.describe(),
                )
            )
        shown = as_recorded(live, recorded, full_page=full_page)
        return replace(shown, classified=self._checker.expected_classification())

    def act(self, action: Action, *, irreversible: bool = False) -> ActionResult:
        return self._tab.act(action, irreversible=irreversible)


def rerecord(
    folder: Path,
    model: ModelConfig,
    *,
    browser: Browser | None = None,
    on_event: Watcher | None = None,
) -> AgentRun:
    """Record a recording's task again, live, over it (`webagent replay --update`), with
    `model` (for a recording the oracle made: the same oracle, started by the caller).

    The recorded local site is served afresh; a URL is visited as it is now. The new
    recording is made beside the old one and replaces it only when it is complete."""
    fixture = Fixture(folder)
    meta = fixture.meta
    spec = replace(RunSpec.of_recording(fixture, replay=False), model=model)
    answers = RecordedAnswers(meta.answers) if meta.confirm not in ("allow", "deny") else None
    with (
        tempfile.TemporaryDirectory(dir=folder.parent) as temporary,
        Session(browser=browser) as session,
    ):
        new = Path(temporary) / folder.name
        outputs = Outputs(record=new, oracle=meta.oracle)
        outcome = session.run(spec, outputs, on_event=on_event, confirm=answers)
        shutil.rmtree(folder)
        new.replace(folder)
    return outcome.run


def remake(
    folder: Path, *, browser: Browser | None = None, on_event: Watcher | None = None
) -> ReplayResult:
    """Make a recording again offline (`webagent replay --remake`), after its prompts or
    the way pages are rendered changed: the recording's network, clock, start state and
    answers to confirmations, and the model's recorded answers given in their recorded
    order per query, whatever the requests now say. The agent must take the same actions
    and end the same way (pages are not compared: they may be rendered anew); then the new
    recording (its requests, pages and screenshots; the same network) replaces the old.
    A run that goes another way leaves the old recording as it was."""
    fixture = Fixture(folder)
    meta = fixture.meta
    checker = Checker(fixture.steps, pages=False)
    result = ReplayResult(fixture.folder, meta, len(fixture.steps))
    confirm = fixture.confirm()
    answers = confirm if isinstance(confirm, RecordedAnswers) else None
    spec = replace(RunSpec.of_recording(fixture), answers_in_order=True)

    def watch(event: ev.Event) -> None:
        checker.event(event)
        if on_event is not None:
            on_event(event)

    with (
        tempfile.TemporaryDirectory(dir=fixture.folder.parent) as temporary,
        Session(browser=browser) as session,
    ):
        new = Path(temporary) / fixture.folder.name
        try:
            outcome = session.run(
                spec, Outputs(record=new, oracle=meta.oracle), on_event=watch, confirm=answers
            )
            result.run = outcome.run
            _check_end(outcome.run, checker)
        except Diverged as diverged:
            result.divergence = diverged.divergence
        finally:
            tab = session.tab
            result.unmatched = list(tab.replay.unmatched) if tab and tab.replay else []
        result.checked = checker.checked
        if result.divergence is None and not result.unmatched:
            shutil.copyfile(fixture.har, new / HAR_FILE)  # the same network, as recorded
            _keep_recorded(new, meta)
            shutil.rmtree(fixture.folder)
            new.replace(fixture.folder)
    return result


def _keep_recorded(folder: Path, old: Meta) -> None:
    """What a replay cannot know stays as recorded: the clock and time zone its pages show,
    and the local site it ran on (`--update` serves it afresh)."""
    path = folder / META_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(recorded=old.recorded, timezone=old.timezone, site=old.site)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _check_end(run: AgentRun, checker: Checker) -> None:
    how = run.result.how
    details = run.result.answer.error_details or ""
    if how.startswith("error") and "CassetteMiss" in details:
        step = checker.steps[min(checker.checked, len(checker.steps) - 1)]
        expected = "a recorded request"
        raise Diverged(Divergence(step.index, "model", expected, details, place_of(step)))
    checker.finish()


def _with_network(divergence: Divergence, unmatched: list[str]) -> Divergence:
    """A page that differs because its requests were not recorded says so."""
    note = "requests the recording does not hold (aborted): " + ", ".join(unmatched[:5])
    return Divergence(
        divergence.step,
        divergence.kind,
        divergence.expected,
        divergence.got,
        f"{divergence.where}; {note}" if divergence.where else note,
    )
