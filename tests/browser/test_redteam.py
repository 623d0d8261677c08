"""The red-team suite: pages built to make an agent buy, pay, delete, publish or leave its
allowlist (`tests/redteam/`), played through the public API only, under each policy.

For every irreversible scenario: unguarded (`confirm="allow"`) the request reaches the server,
which is what lets the other tests fail; denied by the policy, or refused by a person asked
exactly once, it never does; approved, it does, and the action that sent it says so. Benign
pages are never asked about. Under an allowlist, nothing reaches the forbidden origin.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from werkzeug.test import Client

from tests.redteam.app import PAGES, RedTeamApp, RedTeamServer, start_pair
from tests.redteam.scenarios import SCENARIOS, Scenario, scenarios
from tests.redteam.steps import Person, Play, play
from webagent.browser import Browser, Tab, launch
from webagent.domains import origin_of
from webagent.observation import Observation
from webagent.safety import Confirmation, ConfirmPolicy
from webagent.sites.risk import SiteJudge

pytestmark = pytest.mark.slow  # end to end: `scripts/test --fast` leaves it out

IRREVERSIBLE = scenarios("irreversible")
UNDOABLE = scenarios("undoable")
BENIGN = scenarios("benign")
OFFSITE = scenarios("offsite")


def _ids(catalogue: list[Scenario]) -> list[str]:
    return [scenario.name for scenario in catalogue]


# -- fixtures ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[RedTeamServer, RedTeamServer]]:
    """The red-team site and the forbidden origin, for the whole module."""
    with start_pair() as pair:
        yield pair


@pytest.fixture
def site(servers: tuple[RedTeamServer, RedTeamServer]) -> RedTeamServer:
    """The site, with no request recorded yet (nor on the forbidden origin)."""
    for server in servers:
        server.clear()
    return servers[0]


@pytest.fixture
def forbidden(servers: tuple[RedTeamServer, RedTeamServer], site: RedTeamServer) -> RedTeamServer:
    return servers[1]


@pytest.fixture(scope="module")
def fenced(servers: tuple[RedTeamServer, RedTeamServer]) -> Iterator[Browser]:
    """A Chromium whose every session may reach the red-team site only."""
    with launch(allow_domains=[servers[0].host], judge=SiteJudge) as running:
        yield running


# -- playing a scenario --------------------------------------------------------------------------
@dataclass
class Outcome:
    """A scenario played to the end, its tab still open."""

    tab: Tab
    play: Play

    def observe(self) -> Observation:
        """What the page shows now (with the last action's error and the events since)."""
        return self.tab.observe(full_page=True)


@pytest.fixture
def run(browser: Browser, site: RedTeamServer) -> Iterator[Callable[..., Outcome]]:
    """Open a scenario's page under a policy (None: the default), play its steps; the tabs
    stay open until the test ends, so a failing assertion can still show the page."""
    tabs: list[Tab] = []

    def start(
        scenario: Scenario,
        confirm: ConfirmPolicy | None,
        on: Browser | None = None,
        *,
        ask_undoable: bool = False,
    ) -> Outcome:
        url = site.url + scenario.path
        opener = on or browser
        options: dict[str, Any] = {"ask_undoable": ask_undoable}
        if confirm is not None:
            options["confirm"] = confirm
        tab = opener.open(url, **options)
        tabs.append(tab)
        return Outcome(tab, play(tab, scenario.steps))

    yield start
    for tab in tabs:
        tab.close()


def wait_for(condition: Callable[[], bool], timeout: float = 2.0) -> bool:
    """Poll the server's log, not the page: a request may land just after the action returns."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def reached(server: RedTeamServer, endpoint: str) -> bool:
    return wait_for(lambda: any(hit.endpoint == endpoint for hit in server.hits))


def explain(outcome: Outcome, *servers: RedTeamServer) -> str:
    """What happened, for a failing assertion: actions, decisions, requests, the page."""
    lines = ["", "actions:"]
    lines += [f"  {result.describe()}" for result in outcome.play.results]
    if outcome.play.missing is not None:
        lines.append(f"  not on the page: {outcome.play.missing.describe()}")
    lines.append("decisions:")
    for decision in outcome.tab.decisions:
        asked = decision.confirmation
        lines.append(
            f"  {'approved' if decision.approved else 'denied'} by {decision.by}: "
            f"{asked.kind} {asked.request or asked.action} {asked.element}".rstrip()
        )
    for server in servers:
        lines.append(f"requests to {server.url}: {[hit.endpoint for hit in server.hits]}")
    lines.append(f"blocked: {outcome.tab.blocked}")
    return "\n".join([*lines, outcome.observe().text])


# -- the catalogue -------------------------------------------------------------------------------
def test_the_catalogue_covers_enough_pages() -> None:
    names = [scenario.name for scenario in SCENARIOS]
    assert len(names) >= 30
    assert len(set(names)) == len(names)
    assert len(IRREVERSIBLE) >= 20
    assert len(OFFSITE) >= 8
    assert len(BENIGN) >= 3
    assert len(UNDOABLE) >= 3
    readme = (PAGES.parent / "README.md").read_text()
    for scenario in SCENARIOS:
        assert (PAGES / f"{scenario.name}.html").is_file(), scenario.name
        assert f"| `{scenario.name}` |" in readme, f"{scenario.name} is not in the README's table"
        assert (scenario.kind == "offsite") == (scenario.endpoint == "")


def test_the_server_records_every_request_and_knows_the_irreversible_ones() -> None:
    app = RedTeamApp()
    app.other = "http://127.0.0.1:1"
    client = Client(app)
    page = client.get("/p/offsite_link?other=http://127.0.0.1:2").get_data(as_text=True)
    assert 'href="http://127.0.0.1:2/landing' in page
    assert "http://127.0.0.1:1/landing" in client.get("/p/offsite_link").get_data(as_text=True)
    assert client.get("/p/nope").status_code == 404
    client.post("/order?x=1", data="sku=1")
    client.post("/graphql", json={"query": "query { projects { id } }"})
    client.post("/graphql", json={"query": "mutation { destroyProject(id: 3) }"})
    client.post("/api/x", json={"q": "benign"})
    client.post("/api/x", json={"card_number": "4111", "cvv": "123"})
    client.delete("/api/items/7")
    client.post("/cart/add", json={"sku": "1"})
    hits = app.hits
    assert [hit.endpoint for hit in hits][3:] == [
        "POST /order",
        "POST /graphql",
        "POST /graphql",
        "POST /api/x",
        "POST /api/x",
        "DELETE /api/items/7",
        "POST /cart/add",
    ]
    assert (hits[3].query, hits[3].body) == ("x=1", "sku=1")
    assert [hit.irreversible for hit in hits[3:]] == [True, False, True, False, True, True, False]
    app.clear()
    assert app.hits == []


def asks_about(confirmation: Confirmation, scenario: Scenario, site: RedTeamServer) -> bool:
    """Whether the question names what the scenario does: the request held, or the action."""
    if confirmation.kind == "action":
        return bool(confirmation.action)
    named = []
    for endpoint in (scenario.endpoint, *scenario.also):
        method, path = endpoint.split(" ", 1)
        named.append(f"{method} {site.url}{path}")
    return confirmation.request.split("?", 1)[0] in named


# -- irreversible ---------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", IRREVERSIBLE, ids=_ids(IRREVERSIBLE))
def test_unguarded_the_attack_reaches_the_server(
    scenario: Scenario, run: Callable[..., Outcome], site: RedTeamServer
) -> None:
    outcome = run(scenario, "allow")
    assert outcome.play.missing is None, explain(outcome, site)
    assert reached(site, scenario.endpoint), explain(outcome, site)
    assert any(hit.endpoint == scenario.endpoint for hit in site.irreversible_hits())


@pytest.mark.parametrize("scenario", IRREVERSIBLE, ids=_ids(IRREVERSIBLE))
def test_denied_by_the_default_policy_nothing_reaches_the_server(
    scenario: Scenario, run: Callable[..., Outcome], site: RedTeamServer
) -> None:
    outcome = run(scenario, None)  # "deny", the default: nobody is asked
    if scenario.fires == "load":  # the page's own timer: give it time to try
        wait_for(lambda: bool(outcome.tab.decisions), timeout=5.0)
    assert site.irreversible_hits() == [], explain(outcome, site)
    denied = any(result.denied for result in outcome.play.results)
    refused = [d for d in outcome.tab.decisions if not d.approved]
    assert denied or refused, explain(outcome, site)
    assert all(d.by in ("policy", "earlier") for d in outcome.tab.decisions)


@pytest.mark.parametrize("scenario", IRREVERSIBLE, ids=_ids(IRREVERSIBLE))
def test_refused_by_the_person_asked_once(
    scenario: Scenario, run: Callable[..., Outcome], site: RedTeamServer
) -> None:
    person = Person(False)
    outcome = run(scenario, person)
    if scenario.fires == "load":  # the page's own timer: give it time to try
        wait_for(lambda: bool(person.asked), timeout=5.0)
    assert site.irreversible_hits() == [], explain(outcome, site)
    assert len(person.asked) == 1, explain(outcome, site)
    assert asks_about(person.asked[0], scenario, site), person.asked[0]
    assert [d.approved for d in outcome.tab.decisions if d.by == "person"] == [False]


@pytest.mark.parametrize("scenario", IRREVERSIBLE, ids=_ids(IRREVERSIBLE))
def test_approved_by_the_person_asked_once_and_done(
    scenario: Scenario, run: Callable[..., Outcome], site: RedTeamServer
) -> None:
    person = Person(True)
    outcome = run(scenario, person)
    assert outcome.play.missing is None, explain(outcome, site)
    assert reached(site, scenario.endpoint), explain(outcome, site)
    assert len(person.asked) == scenario.asks, explain(outcome, site)
    assert asks_about(person.asked[-1], scenario, site), person.asked[-1]
    assert all(d.approved for d in outcome.tab.decisions)
    last = outcome.play.last
    if scenario.fires == "action":
        assert last is not None
        assert last.irreversible, explain(outcome, site)
        assert not last.denied
    if scenario.fires == "later":  # the question names the action; the page tells what went
        assert person.asked[-1].action.startswith("after "), person.asked[-1]
        told = outcome.observe().text
        assert f"the page sent {scenario.endpoint}" in told, told


@pytest.mark.parametrize(
    "scenario", [s for s in IRREVERSIBLE if s.fires == "later"], ids=lambda s: s.name
)
def test_a_request_set_off_after_the_action_is_held_and_told(
    scenario: Scenario, run: Callable[..., Outcome], site: RedTeamServer
) -> None:
    outcome = run(scenario, None)
    assert site.irreversible_hits() == [], explain(outcome, site)
    told = outcome.observe().text
    assert f"the page tried to send {scenario.endpoint}" in told, told
    assert "never reached the server" in told, told


# -- undoable --------------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", UNDOABLE, ids=_ids(UNDOABLE))
def test_an_undoable_change_runs_unasked_and_is_reported_with_its_inverse(
    scenario: Scenario, run: Callable[..., Outcome], site: RedTeamServer
) -> None:
    person = Person(False)  # a question would stop the request: both would show
    outcome = run(scenario, person)
    assert reached(site, scenario.endpoint), explain(outcome, site)
    assert person.asked == [], explain(outcome, site)
    last = outcome.play.last
    assert last is not None
    assert not last.denied
    assert not last.irreversible
    assert last.undoable, explain(outcome, site)
    assert all("undo: " in change for change in last.undoable), last.undoable
    denied = run(scenario, None)  # "deny" holds irreversible things only
    assert denied.play.last is not None
    assert denied.play.last.undoable


@pytest.mark.parametrize("scenario", UNDOABLE, ids=_ids(UNDOABLE))
def test_a_cautious_person_is_asked_about_undoable_changes_too(
    scenario: Scenario, run: Callable[..., Outcome], site: RedTeamServer
) -> None:
    person = Person(False)
    outcome = run(scenario, person, ask_undoable=True)
    assert len(person.asked) == 1, explain(outcome, site)
    assert person.asked[0].grade == "undoable"
    assert "it can be undone" in person.asked[0].describe()
    time.sleep(0.3)
    assert not any(hit.endpoint == scenario.endpoint for hit in site.hits), explain(outcome, site)


# -- benign ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", BENIGN, ids=_ids(BENIGN))
def test_benign_browsing_is_never_asked_about(
    scenario: Scenario, run: Callable[..., Outcome], site: RedTeamServer
) -> None:
    person = Person(False)  # a question would also stop the request: both show
    outcome = run(scenario, person)
    assert outcome.play.missing is None, explain(outcome, site)
    assert reached(site, scenario.endpoint), explain(outcome, site)
    assert person.asked == [], explain(outcome, site)
    assert outcome.tab.decisions == []
    assert not any(result.denied or result.irreversible for result in outcome.play.results)


# -- off the allowlist -----------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", OFFSITE, ids=_ids(OFFSITE))
def test_unguarded_the_page_reaches_the_other_origin(
    scenario: Scenario, run: Callable[..., Outcome], forbidden: RedTeamServer
) -> None:
    outcome = run(scenario, "allow")
    assert outcome.play.missing is None
    assert wait_for(lambda: bool(forbidden.hits)), explain(outcome, forbidden)


@pytest.mark.parametrize("scenario", OFFSITE, ids=_ids(OFFSITE))
def test_allowlist_keeps_everything_from_the_other_origin(
    scenario: Scenario,
    run: Callable[..., Outcome],
    fenced: Browser,
    site: RedTeamServer,
    forbidden: RedTeamServer,
) -> None:
    # "allow": nothing but the allowlist stands between the page and the other origin.
    outcome = run(scenario, "allow", on=fenced)
    assert outcome.play.missing is None, explain(outcome, site, forbidden)
    assert forbidden.hits == [], explain(outcome, site, forbidden)
    assert outcome.tab.blocked, explain(outcome, site, forbidden)
    # Tunnels (a WebSocket) are blocked as host:port, whatever their scheme.
    assert {origin_of(url) for url in outcome.tab.blocked} == {origin_of(forbidden.url)}
    if scenario.navigates:
        said = " ".join(result.error or "" for result in outcome.play.results)
        said += outcome.observe().text
        assert "blocked" in said.lower(), explain(outcome, site, forbidden)
