"""Recording a session as a fixture: what the agent saw and did, the model's answers, the network.

    recorder = Recorder(folder)
    tab = browser.open(url, record_har=recorder.har_path, ...)
    client = ModelClient(config, record=recorder.cassette_path)
    recorder.attach(tab)
    run = run_agent(tab, client, task, on_event=recorder.event)
    tab.close()
    recorder.finish(meta, run, decisions=tab.decisions, secrets=secrets)

A fixture folder holds `meta.json` (task, start page, site, model, mode, settings, versions,
the answers given to confirmations), `trajectory.jsonl` (one line per browser action: the
pages the model read before it, the state, the action, its remedies, the evaluation, any
backtrack, timings and usage; then a `finish` line with the answer), `model.cassette.jsonl`,
`network.har` (bodies embedded), `screenshots/step-NNN.jpeg` and, if asked for, a Playwright
trace, and `start_state.json`, the browser storage the run began with (a signed-in
session). `finish` scrubs it all, the trace's files too: configured secrets everywhere;
credential headers; the values of HttpOnly cookies (sessions: as good as a password) wherever
they appear. Cookies
a page's script can read keep their values, since a replay needs them to show the same
page (a pop-up shown once per session, a consent flag); request `Cookie` headers are
scrubbed whole (a replay does not match on them).
"""

from __future__ import annotations

import json
import platform
import shutil
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, ValidationError

import webagent
from webagent.actions import format_action
from webagent.agent.scrub import scrub_har, scrub_storage_state, scrub_trace
from webagent.controller import events as ev
from webagent.errors import ConfigError
from webagent.llm.cassette import rekey
from webagent.safety import Decision, Secrets

META_FILE = "meta.json"
TRAJECTORY_FILE = "trajectory.jsonl"
CASSETTE_FILE = "model.cassette.jsonl"
HAR_FILE = "network.har"
TRACE_FILE = "trace.zip"
START_STATE_FILE = "start_state.json"
SCREENSHOTS = "screenshots"
FORMAT = 1
"""The fixture format's version, in `meta.json`."""


class Screenshotter(Protocol):
    """What a recorder needs of a tab (a `webagent.browser.Tab`): a picture of the page, and
    the time zone its scripts see."""

    def screenshot(self, path: str | Path, *, full_page: bool = False) -> Path | None: ...

    def time_zone(self) -> str | None: ...


class Meta(BaseModel):
    """What a fixture is a recording of, and how to run it again."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    format: int = FORMAT
    task: str
    start_url: str
    more_urls: list[str] = []
    """Further start pages, each opened in a tab of its own before the run (the first
    keeps the focus)."""
    site: str | None = None
    """A local site (`demo_shop`) when the run started on one; its URL is in `start_url`."""
    profile: str | None = None
    mode: str
    settings: dict[str, Any]
    model: dict[str, Any]
    """The model's settings that shape its requests (no key, no secret)."""
    guidance: str | None = None
    """The plan library's plan the planner was given (a replay gives it again)."""
    confirm: str
    """"allow" or "deny" (a policy), or "answers": a person's answers, in `answers`."""
    answers: list[bool] = []
    allow_domains: list[str] = []
    secret_names: list[str] = []
    viewport: tuple[int, int] = (1280, 720)
    timezone: str | None = None
    """The time zone the pages' scripts saw (a replay shows times in it too)."""
    recorded: str = ""
    """When the recording began (ISO 8601, UTC): a replay's pages see time run from then."""
    versions: dict[str, str] = {}
    oracle: dict[str, Any] | None = None
    """The scripted oracle model's settings (site, noise, eval_noise, seed) when it answered:
    `webagent replay --update` starts the same one again."""
    outcome: dict[str, Any] = {}
    """The recorded run's end: status, how, actions, model calls."""


class Step(BaseModel):
    """One line of `trajectory.jsonl`: an action (or, last, the run's finish)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    index: int
    kind: str
    """"action", "remedy", "backtrack", "restart", "backup", or "finish"."""
    observations: list[str]
    """The pages as the model read them since the previous action, in order."""
    classifications: list[dict[str, Any] | None] = []
    """How each of those pages was classified (`Classification.to_json`; None without
    site states), in order: a replay gives the model the recorded state with the recorded
    page. Recordings made before it have none, and their replays classify again."""
    url: str = ""
    state: str | None = None
    classified: dict[str, Any] | None = None
    """How the state was decided: `decided`, `confidence`, `evidence`, `signed_in`."""
    action: str = ""
    thought: str = ""
    remedies: list[str] = []
    error: str | None = None
    url_after: str = ""
    evaluation: dict[str, Any] | None = None
    backtrack: dict[str, Any] | None = None
    seconds: float = 0.0
    usage: dict[str, float] = {}
    screenshot: str | None = None
    answer: dict[str, Any] | None = None
    """The final answer (on the `finish` line)."""
    how: str | None = None


class Recorder:
    """Watches one run's events and writes its fixture files into `folder`.

    `screenshots`: a JPEG after every action. `trace`: a Playwright trace as well (large;
    for debugging, `playwright show-trace`)."""

    def __init__(self, folder: str | Path, *, screenshots: bool = True, trace: bool = False):
        self.folder = Path(folder)
        if self.folder.is_file():
            raise ConfigError(f"{self.folder} is a file: record into a new or empty folder")
        if _foreign(self.folder):  # recording over it would delete what is there
            raise ConfigError(
                f"{self.folder} holds other files and is not a recording: record into a new "
                "or empty folder (or an earlier recording, which is replaced)"
            )
        self.folder.mkdir(parents=True, exist_ok=True)
        stale_files = (TRAJECTORY_FILE, CASSETTE_FILE, HAR_FILE, META_FILE, START_STATE_FILE)
        for stale in (*stale_files, TRACE_FILE):
            (self.folder / stale).unlink(missing_ok=True)  # a cassette would be appended to
        shutil.rmtree(self.folder / SCREENSHOTS, ignore_errors=True)
        self.screenshots = screenshots
        self.trace = trace
        self.steps: list[Step] = []
        self._tab: Screenshotter | None = None
        self._observations: list[str] = []
        self._classifications: list[dict[str, Any] | None] = []
        self._page: ev.PageSeen | None = None
        self._chosen: ev.ActionChosen | None = None
        self._backtrack: ev.Backtracked | None = None
        self._usage = (0, 0, 0.0)
        self._step_usage = (0, 0, 0.0)
        self._clock = time.monotonic()
        self._started = datetime.now(UTC)
        self._timezone: str | None = None

    @property
    def har_path(self) -> Path:
        return self.folder / HAR_FILE

    @property
    def cassette_path(self) -> Path:
        return self.folder / CASSETTE_FILE

    @property
    def trace_path(self) -> Path:
        return self.folder / TRACE_FILE

    def attach(self, tab: Screenshotter) -> None:
        """The tab whose pages the screenshots show (and whose time zone is kept)."""
        self._tab = tab
        self._timezone = tab.time_zone()

    def keep_start_state(self, storage: str | Path | dict[str, Any] | None) -> None:
        """The storage state (Playwright's) the run starts from: a replay starts from it."""
        if storage is None:
            return
        state = storage
        if not isinstance(state, dict):
            state = json.loads(Path(state).read_text(encoding="utf-8"))
        _write_json(self.folder / START_STATE_FILE, scrub_storage_state(state))

    def event(self, event: ev.Event) -> None:
        """An `on_event` watcher: collects what each step saw, chose and did."""
        if isinstance(event, ev.PageSeen):
            self._observations.append(event.text)
            self._classifications.append(
                dict(event.classification) if event.classification is not None else None
            )
            self._page = event
        elif isinstance(event, ev.ActionChosen):
            self._chosen = event
        elif isinstance(event, ev.Backtracked):
            self._backtrack = event
        elif isinstance(event, ev.Usage):
            self._usage = (event.calls, event.tokens, event.cost)
        elif isinstance(event, ev.Evaluated) and self.steps:
            last = self.steps[-1]
            self.steps[-1] = last.model_copy(update={"evaluation": _evaluation(event)})
        elif isinstance(event, ev.ActionDone):
            self._step(event)
        elif isinstance(event, ev.Finished):
            self._finish_line(event)

    def finish(
        self,
        meta: Meta,
        *,
        decisions: Iterable[Decision] = (),
        secrets: Secrets | None = None,
    ) -> Path:
        """Write `meta.json` and `trajectory.jsonl`, then scrub the folder; returns it.

        Call it after the tab has closed (the HAR is written then), whatever happened: a
        run cut short still leaves the steps it took."""
        answers = [d.approved for d in decisions if d.by == "person"]
        if meta.confirm not in ("allow", "deny"):
            meta = meta.model_copy(update={"confirm": "answers", "answers": answers})
        meta = meta.model_copy(
            update={
                "recorded": meta.recorded or self._started.isoformat(timespec="milliseconds"),
                "timezone": meta.timezone or self._timezone,
                "versions": meta.versions or versions(),
            }
        )
        _write_json(self.folder / META_FILE, meta.model_dump(mode="json"))
        with (self.folder / TRAJECTORY_FILE).open("w", encoding="utf-8") as out:
            for step in self.steps:
                line = step.model_dump(mode="json", exclude_defaults=True)
                line.setdefault("observations", [])
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
        scrub_folder(self.folder, secrets)
        return self.folder

    # -- steps -----------------------------------------------------------------------------
    def _step(self, done: ev.ActionDone) -> None:
        page, chosen, backtrack = self._page, self._chosen, self._backtrack
        action = done.result.action
        screenshot = None
        if self.screenshots and self._tab is not None:
            name = f"{SCREENSHOTS}/step-{len(self.steps) + 1:03d}.jpeg"
            if self._tab.screenshot(self.folder / name) is not None:
                screenshot = name
        use_chosen = chosen is not None and done.kind == "action"
        self.steps.append(
            Step(
                index=len(self.steps) + 1,
                kind=done.kind,
                observations=self._observations,
                classifications=self._classifications,
                url=done.result.url_before or (page.url if page else ""),
                state=page.state if page else None,
                classified=_classified(page),
                action=format_action(action) if action is not None else "",
                thought=chosen.thought if use_chosen and chosen else "",
                remedies=[format_action(r) for r in chosen.remedies]
                if use_chosen and chosen
                else [],
                error=done.result.error,
                url_after=done.result.url,
                backtrack=_backtrack(backtrack) if backtrack and done.kind != "action" else None,
                seconds=self._lap(),
                usage=self._usage_since(),
                screenshot=screenshot,
            )
        )
        self._observations = []
        self._classifications = []
        if done.kind == "action":
            self._chosen = None
        if done.kind in ("remedy", "action"):
            self._backtrack = None

    def _finish_line(self, finished: ev.Finished) -> None:
        self.steps.append(
            Step(
                index=len(self.steps) + 1,
                kind="finish",
                observations=self._observations,
                classifications=self._classifications,
                answer=finished.answer.model_dump(mode="json"),
                how=finished.how,
                seconds=self._lap(),
                usage=self._usage_since(),
            )
        )
        self._observations = []
        self._classifications = []

    def _lap(self) -> float:
        now = time.monotonic()
        seconds, self._clock = now - self._clock, now
        return round(seconds, 3)

    def _usage_since(self) -> dict[str, float]:
        calls, tokens, cost = (a - b for a, b in zip(self._usage, self._step_usage, strict=True))
        self._step_usage = self._usage
        return {"calls": calls, "tokens": tokens, "cost": round(cost, 6)}


def _foreign(folder: Path) -> bool:
    """A folder with files in it that is not a recording."""
    return folder.is_dir() and any(folder.iterdir()) and not (folder / META_FILE).is_file()


def _evaluation(event: ev.Evaluated) -> dict[str, Any]:
    e = event.evaluation
    return {
        "effect": e.effect,
        "aligned": e.aligned,
        "subtask_done": e.subtask_done,
        "task_done": e.task_done,
    }


def _backtrack(event: ev.Backtracked) -> dict[str, Any]:
    return {"url": event.url, "remedy": format_action(event.remedy), "remapped": event.remapped}


def versions() -> dict[str, str]:
    """The versions a fixture was recorded with (a replay that fails may say why)."""
    from importlib.metadata import PackageNotFoundError, version

    found = {"webagent": webagent.__version__, "python": platform.python_version()}
    for package in ("playwright", "openai"):
        try:
            found[package] = version(package)
        except PackageNotFoundError:
            continue
    return found


# -- scrubbing -------------------------------------------------------------------------------
def scrub_folder(folder: Path, secrets: Secrets | None) -> None:
    """Cookies and credential headers out of the HAR; configured secrets out of every file."""
    har = folder / HAR_FILE
    if har.is_file():
        scrub_har(har)
    trace = folder / TRACE_FILE
    if trace.is_file():
        scrub_trace(trace)
    if secrets:
        secrets.redact_tree(folder)
        cassette = folder / CASSETTE_FILE
        if cassette.is_file():
            rekey(cassette)  # the requests' text may have changed: their keys follow


def _write_json(path: Path, data: object) -> None:
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    temporary.replace(path)


def copy_recording(source: Path, target: Path) -> Path:
    """Copy the recording in `source` (a runner's task folder holds other files too) to
    `target`, replacing what was there."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in (META_FILE, TRAJECTORY_FILE, CASSETTE_FILE, HAR_FILE, START_STATE_FILE, TRACE_FILE):
        if (source / name).is_file():
            shutil.copy2(source / name, target / name)
    if (source / SCREENSHOTS).is_dir():
        shutil.copytree(
            source / SCREENSHOTS, target / SCREENSHOTS, ignore=shutil.ignore_patterns("final.*")
        )
    return target


# -- reading ---------------------------------------------------------------------------------
def read_meta(folder: Path) -> Meta:
    """The fixture's `meta.json`; `ConfigError` saying what is wrong with it."""
    path = folder / META_FILE
    try:
        meta = Meta.model_validate_json(path.read_bytes())
    except FileNotFoundError as error:
        raise ConfigError(f"{folder} is not a recording: it has no {META_FILE}") from error
    except ValidationError as error:
        raise ConfigError(f"{path}: {_first_problem(error)}") from error
    if meta.format > FORMAT:
        raise ConfigError(
            f"{path}: recording format {meta.format}, newer than this webagent reads ({FORMAT})"
        )
    return meta


def read_steps(folder: Path) -> list[Step]:
    """The fixture's trajectory; `ConfigError` naming the first bad line."""
    path = folder / TRAJECTORY_FILE
    steps = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError as error:
        raise ConfigError(f"{folder} is not a recording: it has no {TRAJECTORY_FILE}") from error
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            steps.append(Step.model_validate_json(line))
        except ValidationError as error:
            raise ConfigError(f"{path}:{number}: {_first_problem(error)}") from error
    return steps


def _first_problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "the file"
    return f"{where}: {first['msg']}"


def _classified(page: ev.PageSeen | None) -> dict[str, Any] | None:
    if page is None or page.decided is None:
        return None
    return {
        "decided": page.decided,
        "confidence": page.confidence,
        "evidence": list(page.evidence),
        "signed_in": page.signed_in,
    }
