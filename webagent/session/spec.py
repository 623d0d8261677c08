"""What one run is: a frozen spec that every entry point builds, one `Session.run` runs, and a
recording keeps (its `meta.json` is the spec as it ran).

    spec = RunSpec(
        task="What is the grand total of order #000000180?",
        start=StartPoint(site="demo_shop"),              # or StartPoint(url="https://...")
        model=ModelConfig(model="gpt-4o", base_url=...),
        settings=Settings.for_mode("devils-advocate"),
        safety=SafetySpec(confirm="deny"),
    )

Every field says *what* the run is; where its files go is `Outputs`, and what runs it (the
browser, the local sites, the plan library) is the `Session`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from webagent.agent.recording import Meta
from webagent.agent.replay import Fixture
from webagent.controller import Settings
from webagent.domains import origin_of
from webagent.llm import Budget, ModelConfig
from webagent.safety import Secrets

ConfirmSetting = Literal["ask", "deny", "allow", "answers"]
"""Irreversible actions: ask a person (at the terminal, or whoever `Session.run`'s `confirm`
is), refuse, allow, or give back recorded answers (a replay's `confirm`)."""
MODEL_FIELDS = ("model", "temperature", "max_tokens", "max_reasks", "structured")
"""The model settings a recording keeps: those that shape the requests (never a key)."""


@dataclass(frozen=True, slots=True)
class StartPoint:
    """Where a run begins: any page (`url`: a URL, a file, a bare host), or a local site that
    the session serves here (`site`, at `path`), fresh from its seed data, and signed into
    as its standard user. `more_urls` open in tabs of their
    own (a task that spans a map and a wiki); the first page keeps the focus.
    `storage_state`: a signed-in session to start from (a WebArena task's sign-ins)."""

    url: str | None = None
    site: str | None = None
    path: str = "/"
    more_urls: tuple[str, ...] = ()
    storage_state: Path | Mapping[str, Any] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if (self.url is None) == (self.site is None):
            raise ValueError("a run starts on exactly one of: a URL, a local site")


@dataclass(frozen=True, slots=True)
class SafetySpec:
    """What may happen: the confirmation policy, the hosts a run may reach beyond the start
    page's and the profile's (`any_domain`: all), and the credentials the model types as
    `<secret>name</secret>` without ever seeing them."""

    confirm: ConfirmSetting = "deny"
    allow_domains: tuple[str, ...] = ()
    any_domain: bool = False
    secrets: Secrets = field(default_factory=Secrets)
    ask_undoable: bool = False
    """Put changes the page lets a person take back (a cart's line, a follow) to the policy
    too; by default they run and are reported with how to undo them."""


@dataclass(frozen=True, slots=True)
class PlanSpec:
    """How the planner is guided (AutoPlan): `library` uses the session's plan library (its
    plan for this kind of task, and the run's lesson after), keyed by `site` (default: the
    local site, the profile, else the start page's host) and `template_id` (a WebArena
    task's intent template); `guidance` is a plan given outright (used when the library has
    none); `name` names the run in the lesson ("task 16")."""

    library: bool = True
    site: str | None = None
    template_id: int | None = None
    guidance: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class RunSpec:
    """One run of the agent: the task, where it starts, the model, the agent's settings and
    limits, the site profile, what it may do, how it plans, and (`replay`) a recording to
    replay instead of a live site and model."""

    task: str
    start: StartPoint
    model: ModelConfig
    settings: Settings = field(default_factory=Settings)
    budget: Budget = field(default_factory=Budget)
    profile: str | None = None
    """A site profile's name (default: detected from the pages)."""
    safety: SafetySpec = field(default_factory=SafetySpec)
    plan: PlanSpec = field(default_factory=PlanSpec)
    viewport: tuple[int, int] = (1280, 720)
    replay: Path | None = None
    """A recording's folder: its network, model answers, clock and start state stand in for
    the live site and model."""
    answers_in_order: bool = False
    """With `replay`: the model's recorded answers are given in their recorded order per
    query, whatever the requests say (a recording made again after its prompts changed)."""

    @classmethod
    def of_recording(cls, fixture: Fixture, *, replay: bool = True) -> RunSpec:
        """The recorded run again: replayed from the recording (`replay`), or live."""
        meta = fixture.meta
        start = StartPoint(url=meta.start_url, more_urls=tuple(meta.more_urls))
        allowed = tuple(meta.allow_domains)
        if not replay and meta.site is not None:  # served afresh, on another port
            start = StartPoint(site=meta.site, path=_path_of(meta.start_url))
            allowed = tuple(d for d in allowed if d != origin_of(meta.start_url))
        return cls(
            task=meta.task,
            start=start,
            model=fixture.model_config(),
            settings=fixture.settings(),
            profile=meta.profile,
            safety=SafetySpec(
                confirm=_confirm_of(meta.confirm),
                allow_domains=allowed,
                secrets=fixture.secrets() if replay else Secrets(),
            ),
            plan=PlanSpec(library=False, guidance=meta.guidance),
            viewport=meta.viewport,
            replay=fixture.folder if replay else None,
        )

    def meta(
        self,
        *,
        url: str,
        allowed: list[str],
        guidance: str | None,
        confirm: str,
        outcome: dict[str, Any],
        oracle: dict[str, Any] | None,
    ) -> Meta:
        """The recording's meta: this spec as it ran (the start page and allowlist it
        resolved to, the plan it was given), with the run's outcome."""
        return Meta(
            task=self.task,
            start_url=url,
            more_urls=list(self.start.more_urls),
            site=self.start.site,
            profile=self.profile,
            mode=self.settings.mode,
            settings=asdict(self.settings),
            model={name: getattr(self.model, name) for name in MODEL_FIELDS},
            guidance=guidance,
            confirm=confirm,
            allow_domains=allowed,
            secret_names=list(self.safety.secrets.names),
            viewport=self.viewport,
            oracle=oracle,
            outcome=outcome,
        )


def _confirm_of(recorded: str) -> ConfirmSetting:
    return "allow" if recorded == "allow" else "deny" if recorded == "deny" else "answers"


def _path_of(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")
