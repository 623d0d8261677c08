"""Runs on a local site kept at its seed state, scored by webarena-verified: what the
robustness benchmark and AutoPlan's learning loop are made of.

    site = SeedSite(session, server, folder)
    run, passed = run_scored(site, model, task, settings=Settings(), har=folder / "1.har")

The site is reset, and signed into again, only after a run that may have changed it (a POST,
PUT, PATCH or DELETE in its HAR, or a sign-out, which sites do with a GET): runs that only
read share one seed state and one sign-in.
"""

from __future__ import annotations

import json
from pathlib import Path

from webagent.agent import AgentRun
from webagent.controller import Settings
from webagent.llm import ModelConfig
from webagent.session.outputs import Outputs
from webagent.session.session import Session
from webagent.session.signin import sign_into_local, signs_out
from webagent.session.spec import PlanSpec, RunSpec, SafetySpec, StartPoint
from webagent.sites.server import SiteServer
from webagent.webarena import Scorer, Task, render_url


class SeedSite:
    """A served local site between runs: at its seed state and signed into when `ready`."""

    def __init__(self, session: Session, server: SiteServer, folder: Path) -> None:
        self.session, self.server, self.folder = session, server, folder
        self.storage: Path | None = None
        self._fresh = False

    def ready(self) -> Path | None:
        """The signed-in storage to start from, resetting the site first if a run may have
        changed it."""
        if not self._fresh:
            self.server.reset()
            path = self.folder / "storage.json"
            self.storage = sign_into_local(self.session.browser, self.server, path)
            self._fresh = True
        return self.storage

    def after(self, har: Path) -> None:
        """Look at what a run sent: anything but GETs, a sign-out (or an unreadable HAR)
        may have changed the site or ended the stored session."""
        try:
            entries = json.loads(har.read_text(encoding="utf-8"))["log"]["entries"]
        except (OSError, ValueError, KeyError):
            entries = None
        if (
            entries is None
            or any(e["request"]["method"] != "GET" for e in entries)
            or signs_out([str(e["request"]["url"]) for e in entries])
        ):
            self._fresh = False


def run_scored(
    site: SeedSite,
    model: ModelConfig,
    task: Task,
    *,
    settings: Settings,
    har: Path,
    guidance: str | None = None,
) -> tuple[AgentRun, bool]:
    """Run `task` on the seed site (a disposable one: its tasks place orders, so anything is
    allowed) with `guidance` for the planner, and score it from its HAR and answer."""
    server = site.server
    urls = {server.site.webarena_site: server.url}
    spec = RunSpec(
        task=task.intent,
        start=StartPoint(url=render_url(task.start_urls[0], urls), storage_state=site.ready()),
        model=model,
        settings=settings,
        profile=server.site.name,
        safety=SafetySpec(confirm="allow"),
        plan=PlanSpec(library=False, guidance=guidance),
    )
    outcome = site.session.run(spec, Outputs(har=har))
    score = Scorer(urls).score(task, outcome.run.result.answer.to_response(), har)
    site.after(har)
    har.unlink(missing_ok=True)
    return outcome.run, score.passed
