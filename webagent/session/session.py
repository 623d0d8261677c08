"""The one place that wires a run: spec in, outcome out, the same way for every caller.

    with Session(headless=True) as session:
        outcome = session.run(spec, Outputs(record=Path("rec")), on_event=print)
        outcome.run.result.answer

`run` resolves where the run starts (a local site is served and signed into once per
session), the site profile and the hosts it may reach, opens a browser session (its own
context, with the confirmation policy, the allowlist, the secrets and the risk judge), records
it if asked, gives the planner the plan library's plan, runs the agent, closes and finishes
the recording whatever happened, leaves the run's lesson in the library, writes
`result.json`, and redacts every file the run wrote. `webagent run`, the terminal app,
recording and replaying, the WebArena runner, `webagent learn` and the benchmarks all run
through it.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from webagent.agent import AgentRun, run_agent
from webagent.agent.recording import CASSETTE_FILE, HAR_FILE, Recorder
from webagent.agent.replay import Fixture
from webagent.browser import Browser, Tab, launch
from webagent.controller import events as ev
from webagent.controller.ports import Browser as BrowserPort
from webagent.llm import ModelClient
from webagent.llm.cassette import Cassette
from webagent.plans.keys import PlanKey
from webagent.plans.use import PlanUse
from webagent.safety import Confirmation, ConfirmPolicy, Decision, policy_kind
from webagent.safety.credentials import hide_credentials
from webagent.session.outputs import LOG_FILE, RESULT_FILE, Outputs, RunLog
from webagent.session.spec import RunSpec, StartPoint
from webagent.session.start import Start, open_more, reachable
from webagent.sites.profile import Profile
from webagent.sites.profiles import site_profile
from webagent.sites.risk import SiteJudge
from webagent.sites.server import SiteServer
from webagent.urls import normalize_url

Watcher = Callable[[ev.Event], None]
Verdict = Callable[["RunOutcome"], bool | None]


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """A run that ended (however it ended: the answer says): the agent's run, what the
    safety gate decided, what the allowlist blocked, and where it started."""

    run: AgentRun
    url: str
    """The page the run started on."""
    decisions: tuple[Decision, ...]
    blocked: tuple[str, ...]
    guidance: str | None
    """The plan the planner was given."""
    key: PlanKey | None
    """The plan library's key for the run's kind of task (None: no library)."""

    @property
    def succeeded(self) -> bool:
        """The agent said the task succeeded."""
        return self.run.result.answer.status == "SUCCESS"

    def to_json(self) -> dict[str, Any]:
        """`result.json`: the run, its usage, the safety decisions and blocked requests."""
        result = self.run.to_json()
        result["decisions"] = [decision.to_json() for decision in self.decisions]
        result["blocked"] = list(self.blocked)
        return result


class Session:
    """Runs `RunSpec`s with one browser (`browser`, else one launched on first use and closed
    by `close`), the local sites its runs start on (served and signed into once, stopped by
    `close`; `servers`: sites already running, by name, used instead and left running) and
    the plan library `plans` (None: none)."""

    def __init__(
        self,
        *,
        browser: Browser | None = None,
        headless: bool = True,
        plans: PlanUse | None = None,
        servers: Mapping[str, SiteServer] | None = None,
    ) -> None:
        self._browser = browser
        self._servers = dict(servers or {})
        self._owns_browser = browser is None
        self._headless = headless
        self.plans = plans
        self._starts: dict[str, Start] = {}
        self.tab: Tab | None = None
        """The latest run's tab (open while the run goes on, closed after)."""

    @property
    def browser(self) -> Browser:
        if self._browser is None:
            self._browser = launch(headless=self._headless, judge=SiteJudge)
        return self._browser

    def where(self, start: StartPoint) -> str:
        """Where a run from `start` begins, for a person: a URL, or the local site's name."""
        return start.url if start.url is not None else f"{start.site}"

    def run(
        self,
        spec: RunSpec,
        outputs: Outputs | None = None,
        *,
        on_event: Watcher | None = None,
        confirm: Callable[[Confirmation], bool] | None = None,
        pace: Callable[[], None] | None = None,
        verdict: Verdict | None = None,
        view: Callable[[BrowserPort], BrowserPort] | None = None,
    ) -> RunOutcome:
        """Run `spec` to its end; its files go to `outputs`.

        `on_event` sees every controller event; `confirm` answers the questions before
        irreversible actions (a person, or recorded answers; default: the spec's policy);
        `pace` is called before every browser action (pause, step, abort); `verdict` says
        whether the run succeeded, for its lesson (default: the agent said so), e.g. by
        scoring it (None: nobody can tell, and the run leaves no lesson); `view` wraps the
        tab as the agent reads and acts through it (a replay gives back the recorded pages).
        An error that
        stops the run (a page that does not load, a browser that died) is raised after the
        recording is finished and the files are redacted."""
        outputs = outputs or Outputs()
        spec = without_credentials(spec)  # before anything reads the task
        recorder = _recorder(outputs)  # first: it refuses a folder of other files
        log = RunLog(outputs.out / LOG_FILE if outputs.out else None, echo=outputs.echo)
        try:
            return self._run(spec, outputs, recorder, log, on_event, confirm, pace, verdict, view)
        finally:
            log.close()
            secrets = spec.safety.secrets
            for folder in outputs.folders if secrets else ():
                if folder.is_dir():
                    secrets.redact_tree(folder)  # what the run wrote, whatever got there

    def close(self) -> None:
        """Stop the local sites and, if the session launched it, the browser."""
        for start in self._starts.values():
            start.close()
        self._starts.clear()
        if self._owns_browser and self._browser is not None:
            self._browser.close()
            self._browser = None

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- one run -------------------------------------------------------------------------
    def _run(  # noqa: PLR0917 - the parts of `run`, passed on
        self,
        spec: RunSpec,
        outputs: Outputs,
        recorder: Recorder | None,
        log: RunLog,
        on_event: Watcher | None,
        confirm: Callable[[Confirmation], bool] | None,
        pace: Callable[[], None] | None,
        verdict: Verdict | None,
        view: Callable[[BrowserPort], BrowserPort] | None,
    ) -> RunOutcome:
        profile = site_profile(spec.profile) if spec.profile else None
        fixture = Fixture(spec.replay) if spec.replay is not None else None
        url, storage = self._start(spec.start)
        if fixture is not None:
            storage = fixture.start_state
        secrets = spec.safety.secrets
        safety = spec.safety
        allowed = [] if safety.any_domain else reachable(url, safety.allow_domains, profile)
        policy: ConfirmPolicy = confirm or _policy(spec)
        if recorder is not None:
            recorder.keep_start_state(storage)
        key, guidance = self._plan(spec, url, profile)
        tab = self.browser.open(
            url,
            viewport=spec.viewport,
            storage_state=storage,
            record_har=_har(outputs, recorder),
            confirm=policy,
            ask_undoable=safety.ask_undoable,
            allow_domains=allowed,
            judge=SiteJudge(profile),
            secrets=secrets,
            trace=recorder.trace_path if recorder is not None and outputs.trace else None,
            replay_har=fixture.har if fixture is not None else None,
            replay_scrub=secrets.redact if fixture is not None else None,
            timezone=fixture.meta.timezone if fixture is not None else None,
            clock=fixture.started() if fixture is not None else None,
        )
        self.tab = tab
        if recorder is not None:
            recorder.attach(tab)
        watchers = [w for w in (recorder.event if recorder else None, log.event, on_event) if w]
        agent_run: AgentRun | None = None
        try:
            open_more(tab, spec.start.more_urls)
            with self._client(spec, outputs, recorder, fixture) as client:
                agent_run = run_agent(
                    view(tab) if view is not None else tab,
                    client,
                    spec.task,
                    settings=spec.settings,
                    profile=profile,
                    start_url=url,
                    guidance=guidance,
                    secrets=[secrets.placeholder(name) for name in secrets.names],
                    policy=policy_kind(policy),
                    on_event=_fan_out(watchers),
                    pace=pace,
                )
            if outputs.final_screenshot and recorder is not None:
                tab.screenshot(recorder.folder / "screenshots" / "final.jpeg")
        finally:
            tab.close()  # writes the HAR
            if recorder is not None:
                meta = spec.meta(
                    url=url,
                    allowed=allowed,
                    guidance=guidance,
                    confirm=_confirm_kept(spec, confirm),
                    outcome=_outcome(agent_run),
                    oracle=outputs.oracle,
                )
                recorder.finish(meta, decisions=tab.decisions, secrets=None)  # redacted after
                _copy_out(outputs, recorder)
        assert agent_run is not None  # run_agent returned, or its error went past here
        outcome = RunOutcome(
            agent_run, url, tuple(tab.decisions), tuple(tab.blocked), guidance, key
        )
        for decision in outcome.decisions:
            log.line(f"safety: {decision.describe()}")
        for blocked in outcome.blocked:
            log.line(f"blocked (outside the allowed domains): {blocked}")
        if outputs.out is not None:
            _write_json(outputs.out / RESULT_FILE, outcome.to_json())
        success = verdict(outcome) if verdict is not None else outcome.succeeded
        if success is not None:
            self._leave_lesson(spec, outcome, success, log)
        return outcome

    def _start(self, start: StartPoint) -> tuple[str, Path | dict[str, Any] | None]:
        """The first page and the signed-in storage to start from."""
        storage = start.storage_state
        given = dict(storage) if storage is not None and not isinstance(storage, Path) else storage
        if start.site is None:
            assert start.url is not None  # a StartPoint has one of the two
            return normalize_url(start.url), given
        served = self._starts.get(start.site)
        if served is None:
            running = self._servers.get(start.site)
            served = Start(server=running) if running else Start(site=start.site)
            self._starts[start.site] = served
        path = "/" + start.path.lstrip("/")
        return served.url.rstrip("/") + path, given or served.storage_state(self.browser)

    def _plan(
        self, spec: RunSpec, url: str, profile: Profile | None
    ) -> tuple[PlanKey | None, str | None]:
        """The run's plan key and its guidance: the library's plan, else the given one."""
        plan = spec.plan
        if self.plans is None or not plan.library:
            return None, plan.guidance
        site = plan.site or spec.start.site or (profile.name if profile else None)
        site = site or urlsplit(url).hostname or "web"
        key, found = self.plans.guidance(site, spec.task, plan.template_id)
        return key, found or plan.guidance

    def _leave_lesson(self, spec: RunSpec, outcome: RunOutcome, success: bool, log: RunLog) -> None:
        """What the run teaches, for the next plan update; a library that cannot take it
        does not cost the run (the problem goes to the log)."""
        if self.plans is None or outcome.key is None:
            return
        name = spec.plan.name or f"run {spec.task!r}"
        try:
            self.plans.leave_lesson(
                outcome.key, outcome.run.result, name=name, task=spec.task, success=success
            )
        except Exception as problem:  # the run's result stands whatever the library does
            log.line(f"plan library: the lesson was not kept: {problem}")

    @contextlib.contextmanager
    def _client(
        self,
        spec: RunSpec,
        outputs: Outputs,
        recorder: Recorder | None,
        fixture: Fixture | None,
    ) -> Iterator[ModelClient]:
        """The run's model client: answering from the recording's cassette in a replay;
        writing one into the recording, or `out`, if there is one."""
        cassette = recorder.cassette_path if recorder is not None else None
        if cassette is None and outputs.out is not None:
            cassette = outputs.out / CASSETTE_FILE
        replay: Path | Cassette | None = fixture.cassette if fixture is not None else None
        if fixture is not None and spec.answers_in_order:  # made again: record the new asks
            replay = Cassette.load(fixture.cassette, ordered=True)
        with ModelClient(
            spec.model,
            budget=spec.budget,
            record=cassette if replay is None or spec.answers_in_order else None,
            replay=replay,
        ) as client:
            yield client


def _policy(spec: RunSpec) -> ConfirmPolicy:
    setting = spec.safety.confirm
    return "deny" if setting == "answers" else setting  # answers come as `confirm`


def _confirm_kept(spec: RunSpec, confirm: Callable[[Confirmation], bool] | None) -> str:
    """What a recording keeps of the policy: "allow" or "deny", else a person's answers."""
    setting = spec.safety.confirm
    return setting if confirm is None and setting in ("allow", "deny") else "answers"


def _recorder(outputs: Outputs) -> Recorder | None:
    if outputs.record is None:
        return None
    return Recorder(outputs.record, screenshots=outputs.step_screenshots, trace=outputs.trace)


def _har(outputs: Outputs, recorder: Recorder | None) -> Path | None:
    if recorder is not None:
        return recorder.har_path
    if outputs.out is not None:
        return outputs.out / HAR_FILE
    return outputs.har


def _copy_out(outputs: Outputs, recorder: Recorder) -> None:
    """`out`'s own copies of the recording's network and model answers."""
    out = outputs.out
    if out is None or out.resolve() == recorder.folder.resolve():
        return
    for source in (recorder.har_path, recorder.cassette_path):
        if source.is_file():
            shutil.copy(source, out / source.name)


def _outcome(run: AgentRun | None) -> dict[str, Any]:
    """How a recorded run ended, for its meta."""
    if run is None:
        return {}
    return {
        "status": run.result.answer.status,
        "how": run.result.how,
        "actions": run.result.metrics.actions,
        "backtracks": run.result.metrics.backtracks,
        "decompositions": run.result.metrics.decompositions,
        "denials": run.result.metrics.denials,
        "model_calls": run.usage.calls,
    }


def _fan_out(watchers: list[Watcher]) -> Watcher:
    def each(event: ev.Event) -> None:
        for watch in watchers:
            watch(event)

    return each


def _write_json(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")


def without_credentials(spec: RunSpec) -> RunSpec:
    """The spec with the credentials its task's text gives (a password, a token) taken out
    of the text and made secrets (`webagent.safety.credentials`): the model, the log, the
    result, the recording and the plan library see a placeholder; the browser types the
    value."""
    task, secrets = hide_credentials(spec.task, spec.safety.secrets)
    if task == spec.task:
        return spec
    return replace(spec, task=task, safety=replace(spec.safety, secrets=secrets))
