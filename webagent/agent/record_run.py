"""Recording a run as a fixture from the library: on a local site or a URL, with any model.

    with Start(site="demo_shop") as start:
        run = record_run(Path("fixtures/buy"), task, start, ModelConfig(...), mode="react")

`webagent replay --update` re-records a fixture this way, with the recorded task and
settings; `fixtures/record.py` records the committed ones with the scripted oracle model
(`oracle` is kept in the meta, so an update can start the same oracle again).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from webagent.agent.agent import AgentRun, run_agent
from webagent.agent.recording import Meta, Recorder
from webagent.agent.start import Start, reachable
from webagent.browser import Browser
from webagent.controller import Settings
from webagent.controller import events as ev
from webagent.domains import origin_of
from webagent.llm import ModelClient, ModelConfig
from webagent.safety import ConfirmPolicy, Secrets
from webagent.sites.profiles import site_profile
from webagent.sites.risk import SiteJudge

MODEL_FIELDS = ("model", "temperature", "max_tokens", "max_reasks", "structured")
"""The model settings a fixture keeps: those that shape the requests (never a key)."""


def record_run(
    folder: Path,
    task: str,
    start: Start,
    config: ModelConfig,
    *,
    browser: Browser,
    settings: Settings,
    profile: str | None = None,
    confirm: ConfirmPolicy = "deny",
    allow_domains: Sequence[str] = (),
    secrets: Secrets | None = None,
    screenshots: bool = True,
    oracle: dict[str, Any] | None = None,
    guidance: str | None = None,
    on_event: Callable[[ev.Event], None] | None = None,
) -> AgentRun:
    """Run `task` from `start` with `browser` and write the fixture into `folder`
    (`guidance`: a plan for the planner, as the plan library gives one)."""
    secrets = secrets or Secrets()
    recorder = Recorder(folder, screenshots=screenshots)
    site_profile_ = site_profile(profile) if profile else None
    url = start.url
    allowed = reachable(url, allow_domains, site_profile_)
    storage = start.storage_state(browser)
    recorder.keep_start_state(storage)
    tab = browser.open(
        url,
        storage_state=storage,
        confirm=confirm,
        allow_domains=allowed,
        judge=SiteJudge(site_profile_),
        secrets=secrets,
        record_har=recorder.har_path,
    )
    recorder.attach(tab)

    def watch(event: ev.Event) -> None:
        recorder.event(event)
        if on_event is not None:
            on_event(event)

    run: AgentRun | None = None
    try:
        with ModelClient(config, record=recorder.cassette_path) as client:
            run = run_agent(
                tab,
                client,
                task,
                settings=settings,
                profile=site_profile_,
                start_url=url,
                guidance=guidance,
                secrets=[secrets.placeholder(name) for name in secrets.names],
                on_event=watch,
            )
    finally:
        tab.close()
        recorder.finish(
            meta_for(
                task,
                url,
                config,
                settings,
                site=start.site_name,
                profile=profile,
                confirm=confirm,
                allow_domains=allowed,
                secrets=secrets,
                oracle=oracle,
                run=run,
                guidance=guidance,
            ),
            decisions=tab.decisions,
            secrets=secrets,
        )
    return run


def meta_for(
    task: str,
    url: str,
    config: ModelConfig,
    settings: Settings,
    *,
    site: str | None,
    profile: str | None,
    confirm: ConfirmPolicy,
    allow_domains: Sequence[str],
    secrets: Secrets,
    oracle: dict[str, Any] | None = None,
    run: AgentRun | None = None,
    viewport: tuple[int, int] = (1280, 720),
    more_urls: Sequence[str] = (),
    guidance: str | None = None,
) -> Meta:
    """The meta of a recording (the answers to confirmations are added by `finish`)."""
    outcome: dict[str, Any] = {}
    if run is not None:
        outcome = {
            "status": run.result.answer.status,
            "how": run.result.how,
            "actions": run.result.metrics.actions,
            "backtracks": run.result.metrics.backtracks,
            "decompositions": run.result.metrics.decompositions,
            "denials": run.result.metrics.denials,
            "model_calls": run.usage.calls,
        }
    return Meta(
        task=task,
        start_url=url,
        more_urls=list(more_urls),
        site=site,
        profile=profile,
        mode=settings.mode,
        settings=asdict(settings),
        model={name: getattr(config, name) for name in MODEL_FIELDS},
        guidance=guidance,
        confirm=confirm if isinstance(confirm, str) and confirm != "ask" else "answers",
        allow_domains=list(allow_domains),
        secret_names=list(secrets.names),
        viewport=viewport,
        oracle=oracle,
        outcome=outcome,
    )


def rerecord(
    folder: Path,
    *,
    browser: Browser,
    config: ModelConfig | None = None,
    on_event: Callable[[ev.Event], None] | None = None,
) -> AgentRun:
    """Record a fixture's task again, live, over the fixture (`webagent replay --update`).

    The recorded local site is served afresh; a URL is visited as it is now. The model is
    `config` if given, else the recorded oracle (started here), else `ConfigError`. The new
    recording is made beside the old one and replaces it only when it is complete."""
    import shutil
    import tempfile
    from urllib.parse import urlsplit

    from webagent.agent.recording import read_meta
    from webagent.agent.replay import RecordedAnswers
    from webagent.errors import ConfigError
    from webagent.llm.server import start_model_server
    from webagent.sites.oracle_model import OracleModel

    meta = read_meta(folder)
    if config is None and meta.oracle is None:
        raise ConfigError(
            f"{folder} was recorded with {meta.model.get('model')!r}, not the oracle: "
            "give the model to record with (--model, --base-url)"
        )
    settings = Settings(**meta.settings)
    parts = urlsplit(meta.start_url)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    with contextlib.ExitStack() as stack:
        if config is None:
            assert meta.oracle is not None
            oracle = OracleModel(**meta.oracle)
            server = stack.enter_context(start_model_server(answerer=oracle))
            recorded = {k: v for k, v in meta.model.items() if k in MODEL_FIELDS}
            config = ModelConfig(base_url=server.url, timeout=60, **recorded)
        start = stack.enter_context(
            Start(site=meta.site, path=path) if meta.site else Start(url=meta.start_url)
        )
        temporary = Path(stack.enter_context(tempfile.TemporaryDirectory(dir=folder.parent)))
        new = temporary / folder.name
        confirm: ConfirmPolicy = RecordedAnswers(meta.answers)  # a person's, given again
        if meta.confirm in ("allow", "deny"):
            confirm = meta.confirm  # type: ignore[assignment]
        run = record_run(
            new,
            meta.task,
            start,
            config,
            browser=browser,
            settings=settings,
            profile=meta.profile,
            confirm=confirm,
            allow_domains=[d for d in meta.allow_domains if d != origin_of(meta.start_url)],
            oracle=meta.oracle,
            guidance=meta.guidance,
            on_event=on_event,
        )
        shutil.rmtree(folder)
        new.replace(folder)
    return run
