"""What a replay checks a run against: a recording on disk (`Fixture`), the person's recorded
answers (`RecordedAnswers`), and a `Checker` that compares every page the agent reads and
every action it takes with the recording, stopping the run at the first difference, which
`Divergence.report()` shows with the step and a diff of the page. Pure: the replay itself
runs through the session (`webagent.session.replay`).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from webagent.actions import format_action
from webagent.agent.agent import AgentRun
from webagent.agent.recording import (
    CASSETTE_FILE,
    HAR_FILE,
    START_STATE_FILE,
    Meta,
    Step,
    read_meta,
    read_steps,
)
from webagent.controller import Settings
from webagent.controller import events as ev
from webagent.errors import ConfigError, WebAgentError
from webagent.llm import ModelConfig
from webagent.safety import Confirmation, ConfirmPolicy, Secrets

Kind = Literal["observation", "action", "answer", "question", "model", "network"]
DIFF_LINES = 40
"""Lines of an observation diff a report shows."""


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where a replay first went another way than its recording."""

    step: int
    """The recorded step (1-based) at which it happened."""
    kind: Kind
    expected: str
    got: str
    where: str = ""
    """The recorded step's action (or "the end of the run")."""
    note: str = ""
    """What differs, in a sentence (a page that reads otherwise: which line, which element)."""

    def report(self) -> str:
        """The first difference, for a person: the step, what differs, and a diff."""
        head = f"replay diverged at step {self.step}"
        if self.where:
            head += f" ({self.where})"
        if self.kind == "observation":
            diff = difflib.unified_diff(
                self.expected.splitlines(),
                self.got.splitlines(),
                "recorded observation",
                "replayed observation",
                n=2,
                lineterm="",
            )
            lines = list(diff)
            shown = lines[:DIFF_LINES]
            if len(lines) > DIFF_LINES:
                shown.append(f"... ({len(lines) - DIFF_LINES} more diff lines)")
            note = f"\n  {self.note}" if self.note else ""
            return f"{head}: the page the model reads differs{note}\n" + "\n".join(shown)
        labels = {
            "action": "the action differs",
            "answer": "the final answer differs",
            "question": "the confirmations differ",
            "model": "the model was asked something the cassette does not hold",
            "network": "the page needed requests the recording does not hold",
        }
        return f"{head}: {labels[self.kind]}\n  recorded: {self.expected}\n  replayed: {self.got}"


class Diverged(WebAgentError):
    """Raised inside a replayed run to stop it at the first difference."""

    def __init__(self, divergence: Divergence) -> None:
        super().__init__(divergence.report())
        self.divergence = divergence


class Checker:
    """Compares a run's events with the recorded steps, as they happen (pure: no browser).

    `event` raises `Diverged` at the first page or action that differs; `finish` checks the
    run ended where the recording did."""

    def __init__(self, steps: list[Step], *, pages: bool = True) -> None:
        self.steps = steps
        self.pages = pages
        """Whether pages are compared too (a recording made again after the way pages are
        rendered changed compares only what the agent does)."""
        self.checked = 0
        """Recorded steps matched so far."""
        self._seen = 0  # observations matched within the current step

    def event(self, event: ev.Event) -> None:
        if isinstance(event, ev.PageObserved):  # before any model call about the page
            self._page(event.text)
        elif isinstance(event, ev.ActionDone):
            self._action(event)
        elif isinstance(event, ev.Finished):
            self._finished(event)

    def finish(self) -> None:
        """After the run: every recorded step was replayed."""
        if self.checked < len(self.steps):
            step = self.steps[self.checked]
            raise Diverged(
                Divergence(step.index, "action", _describe(step), "the run ended", place_of(step))
            )

    def _current(self, got: str) -> Step:
        if self.checked >= len(self.steps):
            raise Diverged(
                Divergence(len(self.steps) + 1, "action", "the run ended", got, "after the end")
            )
        return self.steps[self.checked]

    def expected_classification(self) -> dict[str, Any] | None:
        """How the recording classified the page the agent is to read next (None: it did
        not say)."""
        step, _ = self.expected_page()
        known = step.classifications
        return known[self._seen] if self._seen < len(known) else None

    def expected_page(self) -> tuple[Step, str]:
        """The recorded step and the page the agent is to read next (raises `Diverged` when
        the recording read no more pages there)."""
        step = self._current("the agent read another page")
        if self._seen >= len(step.observations):
            raise Diverged(
                Divergence(
                    step.index,
                    "action",
                    _describe(step),
                    "the agent read the page once more first",
                    place_of(step),
                )
            )
        return step, step.observations[self._seen]

    def _page(self, text: str) -> None:
        if not self.pages:
            return
        step, expected = self.expected_page()
        if text != expected:
            raise Diverged(Divergence(step.index, "observation", expected, text, place_of(step)))
        self._seen += 1

    def _action(self, done: ev.ActionDone) -> None:
        action = format_action(done.result.action) if done.result.action is not None else ""
        got = f"{done.kind}: {action}"
        step = self._current(got)
        if step.kind == "finish" or got != _describe(step):
            raise Diverged(Divergence(step.index, "action", _describe(step), got, place_of(step)))
        self.checked += 1
        self._seen = 0

    def _finished(self, finished: ev.Finished) -> None:
        got = f"{finished.answer.status}: {finished.answer.retrieved_data!r} ({finished.how})"
        step = self._current(got)
        if step.kind != "finish":
            raise Diverged(Divergence(step.index, "action", _describe(step), got, place_of(step)))
        answer = step.answer or {}
        expected = f"{answer.get('status')}: {answer.get('retrieved_data')!r} ({step.how})"
        if got != expected:
            raise Diverged(Divergence(step.index, "answer", expected, got, "the end of the run"))
        self.checked += 1


def _describe(step: Step) -> str:
    if step.kind == "finish":
        return "the run ended"
    return f"{step.kind}: {step.action}"


def place_of(step: Step) -> str:
    """Where in the recording `step` is, for a divergence report: its action, or the end."""
    return "the end of the run" if step.kind == "finish" else step.action


@dataclass
class ReplayResult:
    """How a replay went: `ok` when it followed the recording to its end."""

    folder: Path
    meta: Meta
    steps: int
    """Recorded steps (the finish included)."""
    checked: int = 0
    divergence: Divergence | None = None
    run: AgentRun | None = None
    unmatched: list[str] = field(default_factory=list)
    """Requests the HAR could not answer (aborted)."""

    @property
    def ok(self) -> bool:
        return self.divergence is None


class Fixture:
    """A recording on disk, checked on load (`ConfigError` saying what is missing)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise ConfigError(f"no recording at {self.folder}")
        self.meta = read_meta(self.folder)
        self.steps = read_steps(self.folder)
        for name in (HAR_FILE, CASSETTE_FILE):
            if not (self.folder / name).is_file():
                raise ConfigError(f"{self.folder} is not a complete recording: no {name}")

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def har(self) -> Path:
        return self.folder / HAR_FILE

    @property
    def cassette(self) -> Path:
        return self.folder / CASSETTE_FILE

    @property
    def start_state(self) -> Path | None:
        """The browser storage the recording began with, if it kept one."""
        path = self.folder / START_STATE_FILE
        return path if path.is_file() else None

    def started(self) -> datetime | None:
        """When the recording began (the pages' clock in a replay), if the meta says."""
        if not self.meta.recorded:
            return None
        try:
            moment = datetime.fromisoformat(self.meta.recorded)
        except ValueError as error:
            raise ConfigError(
                f"{self.folder}: 'recorded' is not an ISO 8601 time: {self.meta.recorded!r}"
            ) from error
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    def settings(self) -> Settings:
        try:
            return Settings(**self.meta.settings)
        except TypeError as error:
            raise ConfigError(
                f"{self.folder}: settings this version does not know ({error})"
            ) from error

    def model_config(self) -> ModelConfig:
        """The recorded model's settings (the cassette answers, so no endpoint is needed)."""
        known = set(ModelConfig.__dataclass_fields__) - {"api_key", "base_url", "secrets"}
        return ModelConfig(**{k: v for k, v in self.meta.model.items() if k in known})

    def secrets(self) -> Secrets:
        """Stand-in values for the recorded secrets: typed into the replayed pages, then
        redacted back to the placeholders the fixture's HAR holds."""
        return Secrets({name: f"replayed-{name}-value" for name in self.meta.secret_names})

    def confirm(self) -> ConfirmPolicy:
        """The recorded policy, or the recorded answers given in order."""
        if self.meta.confirm in ("allow", "deny"):
            return self.meta.confirm  # type: ignore[return-value]
        return RecordedAnswers(self.meta.answers)


class RecordedAnswers:
    """A person's recorded answers to confirmations, given back in order. A question the
    recording never asked is answered no and kept as `divergence` (the browser's gate takes
    an approver's exception for a no, so raising would not stop the run)."""

    def __init__(self, answers: list[bool]) -> None:
        self._answers = list(answers)
        self.asked = 0
        self.divergence: Divergence | None = None

    def __call__(self, confirmation: Confirmation) -> bool:
        self.asked += 1
        if self.asked <= len(self._answers):
            return self._answers[self.asked - 1]
        if self.divergence is None:
            self.divergence = Divergence(
                0,
                "question",
                f"{len(self._answers)} question(s) asked",
                f"question {self.asked}: {confirmation.describe().splitlines()[0]}",
            )
        return False

    def check(self, step: int) -> None:
        """After the run: every recorded answer was asked for, and no other."""
        if self.divergence is not None:
            raise Diverged(replace(self.divergence, step=step))
        if self.asked < len(self._answers):
            raise Diverged(
                Divergence(
                    step,
                    "question",
                    f"{len(self._answers)} question(s) asked",
                    f"{self.asked} asked",
                    "the end of the run",
                )
            )
