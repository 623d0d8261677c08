"""The demo shop, a signed-in session and a scripted model, for the controller's tests."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.controller.scenario import Scenario
from webagent.agent import AgentRun, run_agent
from webagent.browser import Browser, Tab
from webagent.controller import Settings
from webagent.controller import events as ev
from webagent.llm import ModelClient, ModelConfig
from webagent.llm.server import ModelServer, start_model_server
from webagent.oracle.solutions import load_oracle
from webagent.safety import ConfirmPolicy
from webagent.session.signin import run_step, sign_into_local
from webagent.sites import start_site
from webagent.sites.profiles import site_profile
from webagent.sites.server import SiteServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    folder = tmp_path_factory.mktemp("shop")
    with start_site("demo_shop", db=folder / "shop.sqlite", reset=True) as server:
        yield server


@pytest.fixture(scope="module")
def signed_in_seed(
    browser: Browser, shop: SiteServer, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path]:
    """A session signed in as the shop's customer, and a copy of the database just after
    (the seed state plus that session): signing in once per module instead of per test."""
    folder = tmp_path_factory.mktemp("signed-in")
    shop.reset()
    storage = sign_into_local(browser, shop, folder / "storage.json")
    assert storage is not None
    snapshot = folder / "signed-in.sqlite"
    shop.save_state(snapshot)
    return storage, snapshot


@pytest.fixture
def signed_in(shop: SiteServer, signed_in_seed: tuple[Path, Path]) -> Path:
    """The seed state with the customer signed in: the database as it was just after the
    module's sign-in (a reset to the bare seed would end the session)."""
    storage, snapshot = signed_in_seed
    shop.restore_state(snapshot)
    return storage


@dataclass
class ShopRun:
    run: AgentRun
    scenario: Scenario
    model: ModelServer
    final_url: str
    events: list[ev.Event]

    @property
    def kinds(self) -> list[str]:
        return [step.kind for step in self.run.result.steps]


Runner = Callable[..., ShopRun]


@pytest.fixture
def run_on_shop(browser: Browser, shop: SiteServer, signed_in: Path) -> Iterator[Runner]:
    """Run a task on the demo shop from `path` with a scenario model; returns the run, the
    scenario (with its log) and the model server (with its request log)."""
    servers: list[ModelServer] = []

    def run(
        task: str,
        path: str,
        scenario: Scenario,
        *,
        mode: str = "devils-advocate",
        prepare: Callable[[Tab], None] | None = None,
        confirm: ConfirmPolicy = "allow",
        **settings: object,
    ) -> ShopRun:
        server = start_model_server(answerer=scenario)
        servers.append(server)
        events: list[ev.Event] = []
        config = ModelConfig(model="gpt-4o-mini", base_url=server.url, timeout=30, max_reasks=1)
        with (
            ModelClient(config) as client,
            browser.open(shop.url + path, storage_state=signed_in, confirm=confirm) as tab,
        ):
            if prepare is not None:
                prepare(tab)
            outcome = run_agent(
                tab,
                client,
                task,
                settings=Settings.for_mode(mode, **settings),
                profile=site_profile("demo_shop"),
                on_event=events.append,
            )
            final_url = tab.page.url
        return ShopRun(outcome, scenario, server, final_url, events)

    yield run
    for server in servers:
        server.stop()


def orders(shop: SiteServer) -> int:
    """How many orders the shop's database holds."""
    with sqlite3.connect(shop.db) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM sales_order").fetchone()
    return int(count)


ORACLE = Path(__file__).resolve().parents[2] / "sites" / "demo_shop" / "oracle.json"


def to_place_order(shop: SiteServer, task_id: int = 47) -> Callable[[Tab], None]:
    """A `prepare` that runs an oracle solution up to (not including) its Place Order."""
    solution = load_oracle(ORACLE).tasks[task_id]
    place = next(
        i
        for i, s in enumerate(solution.steps)
        if "Place Order" in json.dumps(s.model_dump(mode="json"))
    )

    def prepare(tab: Tab) -> None:
        for each in solution.steps[:place]:
            run_step(tab, each, {"shopping": shop.url})

    return prepare
