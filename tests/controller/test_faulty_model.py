"""A faulty connection to the model changes nothing: the agent talking to the oracle model
through a proxy that injects 30% faults (429, 500, hangs, malformed and truncated answers,
dropped connections) does exactly what it does without them."""

from __future__ import annotations

from pathlib import Path

import pytest

from webagent.agent import AgentRun, run_agent
from webagent.browser import Browser
from webagent.controller import Settings
from webagent.llm import ModelClient, ModelConfig
from webagent.llm.faults import FaultPlan
from webagent.llm.server import start_model_server
from webagent.oracle import OracleModel
from webagent.session.signin import sign_into_local
from webagent.sites.profiles import site_profile
from webagent.sites.server import SiteServer
from webagent.webarena import load_tasks, render_url

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FAULTS = "429=0.08,500=0.08,hang=0.02,malformed=0.05,truncated=0.04,drop=0.03"
TASKS = (1, 16, 41)


def _run(browser: Browser, shop: SiteServer, folder: Path, base_url: str, task_id: int) -> AgentRun:
    """The task from the seed state, signed in (once: then that state is put back)."""
    task = next(t for t in load_tasks(shop.site.tasks_file) if t.task_id == task_id)
    storage, signed_in = folder / "storage.json", folder / "signed_in.sqlite"
    if signed_in.exists():
        shop.restore_state(signed_in)
    else:
        shop.reset()
        sign_into_local(browser, shop, storage)
        shop.save_state(signed_in)
    config = ModelConfig(base_url=base_url, timeout=1.5, max_retries=8, backoff_base=0.01)
    start = render_url(task.start_urls[0], {"shopping": shop.url})
    with ModelClient(config) as client, browser.open(start, storage_state=storage) as tab:
        return run_agent(
            tab, client, task.intent, settings=Settings(), profile=site_profile("demo_shop")
        )


def test_thirty_percent_faults_change_nothing(
    browser: Browser, shop: SiteServer, tmp_path: Path
) -> None:
    oracle = OracleModel("demo_shop", noise=0.2, seed=3)
    plan = FaultPlan.parse(FAULTS, seed=7, retry_after_ms=5, hang_seconds=3)
    assert sum(rate for _, rate in plan.rates) == pytest.approx(0.30)
    with (
        start_model_server(answerer=oracle) as model,
        start_model_server(upstream=model.url, faults=plan) as proxy,
    ):
        for task_id in TASKS:
            clean = _run(browser, shop, tmp_path, model.url, task_id)
            faulty = _run(browser, shop, tmp_path, proxy.url, task_id)
            assert faulty.result.answer == clean.result.answer, task_id
            assert [s.action for s in faulty.result.steps] == [
                s.action for s in clean.result.steps
            ], task_id
            assert [s.kind for s in faulty.result.steps] == [s.kind for s in clean.result.steps]
            assert faulty.calls == clean.calls, task_id
        log = proxy.log
    injected = sum(1 for served in log if served.fault is not None)
    assert injected >= 0.2 * len(log), (injected, len(log))
