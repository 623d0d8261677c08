"""LASER's mechanisms on a small profile, without a browser: classification (rules, priority,
model, fallback, cache), permitted actions, the refusal of anything else, and the memory
buffer with its backup choice. The model is the scripted server on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from webagent.actions import Click, Scroll, Stop, TypeText
from webagent.controller.page import ANYTHING
from webagent.controller.queries import (
    StepAnswer,
    StepForm,
    StepTurn,
    step_query,
    step_tools,
    step_variables,
)
from webagent.errors import AnswerParseError
from webagent.llm import ModelClient, ModelConfig
from webagent.llm.queries import ToolCall
from webagent.llm.script import Script
from webagent.llm.server import ModelServer, start_model_server
from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.sites.classify import Classifier
from webagent.sites.irreversible import irreversible_controls
from webagent.sites.memory import Candidate, Memory, choose_backup, needs_backup
from webagent.sites.permissions import Permitted
from webagent.sites.profile import Profile, State, parse_profile

PROFILE = r"""
[site]
name = "shop"
description = "A small web shop."
fallback = "other"

[[states]]
name = "results"
description = "A list of products found by a search."
instructions = "Open the product that best matches the task; go to the next page if none does."
match = { url = ["^/search"], all = [{ role = "heading", name = "^Results" }] }
next = ["product"]
[[states.actions]]
types = ["click"]
elements = [{ role = "link", name = "^Product " }, { role = "link", name = "^Next" }]
purpose = "open a product or the next page"

[[states]]
name = "product"
description = "One product."
instructions = "Check the product against the task; buy only if it fits."
match = { all = [{ role = "button", name = "^Buy$" }] }
candidate = true
actions = [{ types = ["click"], elements = [{ role = "button" }] }]

[states.irreversible]
controls = [{ role = "button", name = "^Buy$", reason = "buys the product" }]

[[states]]
name = "listing"
description = "Any page with a list of links."
instructions = "Pick a link."
match = { all = [{ role = "link", min = 3 }] }
actions = [{ types = ["click"] }]

[[states]]
name = "other"
description = "Anything else."
instructions = "Look around."
actions = [{ types = ["click", "type"] }]
"""

RESULTS = """
- heading "Results for mouse" [level=1] [ref=e1]
- link "Product A" [ref=e2]:
  - /url: /a
- link "Product B" [ref=e3]:
  - /url: /b
- link "Help" [ref=e4]:
  - /url: /help
- link "Next" [ref=e5]:
  - /url: /search?page=2
"""

PRODUCT = """
- heading "Product A" [level=1] [ref=e1]
- button "Buy" [ref=e2]
- button "Add to wishlist" [ref=e3]
"""


def observe(snapshot: str, url: str) -> Observation:
    return compose_observation(parse_snapshot(snapshot), url=url, title="Shop")


@pytest.fixture
def profile() -> Profile:
    return parse_profile(PROFILE, "shop/profile.toml")


@pytest.fixture
def serve() -> Iterator[list[ModelServer]]:
    servers: list[ModelServer] = []
    yield servers
    for server in servers:
        server.stop()


def act(thought: str, action: str) -> dict[str, Any]:
    """A step answer: the `act` tool with its action in the grammar."""
    return {"tool_call": {"name": "act", "arguments": {"thought": thought, "action": action}}}


def client_with(servers: list[ModelServer], script: Script) -> ModelClient:
    server = start_model_server(script=script)
    servers.append(server)
    return ModelClient(ModelConfig(model="gpt-4o-mini", base_url=server.url, timeout=5))


def choose_action(
    client: ModelClient,
    *,
    task: str,
    observation: Observation,
    profile: Profile,
    state: State,
    permitted: Permitted,
    memory: Memory | None = None,
) -> StepAnswer:
    """The next action on this page through the agent's `step` query, asked as the controller
    asks a first step without plan, evaluation or remedies: LASER's choice within `permitted`."""
    form = StepForm(remedies=0, evaluate=False)
    answer: StepAnswer = client.ask(
        step_query(permitted, form, StepTurn(), refusals=[]),
        tools=step_tools(form),
        **step_variables(
            site=profile.site,
            task=task,
            memory=memory.lines() if memory is not None else [],
            state=state,
            permitted=permitted.describe(),
            observation=observation.text,
        ),
    )
    return answer


def test_one_state_whose_rules_hold_is_decided_by_rules(profile: Profile) -> None:
    result = Classifier(profile).classify(observe(PRODUCT, "http://x:1/a.html"))
    assert (result.state, result.decided, result.candidates) == ("product", "rules", ("product",))


def test_overlapping_states_without_priority_fall_back_to_the_first_without_a_model(
    profile: Profile,
) -> None:
    # The results page is also a listing (4 links): two states' rules hold, equally.
    result = Classifier(profile).classify(observe(RESULTS, "http://x:1/search?q=mouse"))
    assert result.candidates == ("results", "listing")
    assert (result.state, result.decided) == ("results", "fallback")


def test_priority_settles_an_overlap_by_rules(profile: Profile) -> None:
    text = PROFILE.replace('name = "results"\n', 'name = "results"\npriority = 1\n')
    result = Classifier(parse_profile(text)).classify(observe(RESULTS, "http://x:1/search?q=m"))
    assert (result.state, result.decided) == ("results", "priority")


def test_the_model_settles_an_overlap_with_one_classify_query(
    profile: Profile, serve: list[ModelServer]
) -> None:
    client = client_with(serve, Script([("classify", {"state": "listing", "reason": "links"})]))
    classifier = Classifier(profile, client)
    page = observe(RESULTS, "http://x:1/search?q=mouse")
    result = classifier.classify(page)
    assert (result.state, result.decided, result.reason) == ("listing", "model", "links")
    again = classifier.classify(page)  # cached: no second query (the script has one answer)
    assert (again.state, again.cached) == ("listing", True)
    assert [served.query for served in serve[0].log] == ["classify"]


def test_the_model_may_only_answer_one_of_the_tied_states(
    profile: Profile, serve: list[ModelServer]
) -> None:
    script = Script(
        [
            ("classify", {"state": "product", "reason": "wrong: not among the tied"}),
            ("classify", {"state": "results", "reason": "a heading says Results"}),
        ]
    )
    client = client_with(serve, script)
    result = Classifier(profile, client).classify(observe(RESULTS, "http://x:1/search?q=m"))
    assert (result.state, result.decided) == ("results", "model")
    assert client.ledger.totals().reasks == 1


def test_a_page_no_rule_recognises_gets_the_fallback(profile: Profile) -> None:
    result = Classifier(profile).classify(observe('- paragraph "Hello" [ref=e1]', "http://x:1/"))
    assert (result.state, result.decided, result.candidates) == ("other", "fallback", ())


def test_permitted_targets_are_the_matching_elements_plus_the_always_actions(
    profile: Profile,
) -> None:
    page = observe(RESULTS, "http://x:1/search?q=mouse")
    permitted = Permitted.of(profile, profile.state("results"), page)
    assert permitted.targets["click"] == ("e2", "e3", "e5")  # not "Help"
    assert set(permitted.names) == {"click", "goto", "scroll", "go_back", "note_down", "stop"}
    assert permitted.refusal(Click("e3")) is None
    assert "may target only: e2, e3, e5" in (permitted.refusal(Click("e4")) or "")
    assert "type is not permitted" in (permitted.refusal(TypeText("e2", "x")) or "")
    assert permitted.refusal(Scroll("down")) is None
    told = permitted.describe()  # what the prompt says; the tool never changes
    assert told[0] == "click on any element but [e4]"  # shorter than naming e2, e3 and e5
    assert not any(line.startswith("type") for line in told)


def test_irreversible_controls_are_found_on_the_page(profile: Profile) -> None:
    page = observe(PRODUCT, "http://x:1/a.html")
    found = irreversible_controls(profile, profile.state("product"), page)
    assert [(c.element.id, c.reason) for c in found] == [("e2", "buys the product")]


def test_an_impermissible_action_is_refused_told_to_the_model_and_asked_again(
    profile: Profile, serve: list[ModelServer]
) -> None:
    script = Script(
        [
            ("step", act("help", "click [e4]")),
            ("step", act("x", "type [e2] [a]")),
            ("step", act("B fits", "click [e3]")),
        ]
    )
    client = client_with(serve, script)
    page = observe(RESULTS, "http://x:1/search?q=mouse")
    state = profile.state("results")
    decision = choose_action(
        client,
        task="buy mouse B",
        observation=page,
        profile=profile,
        state=state,
        permitted=Permitted.of(profile, state, page),
    )
    assert decision.action == Click("e3")
    assert decision.thought == "B fits"
    assert len(decision.refused) == 2
    assert "click on e4 is not permitted" in decision.refused[0]
    assert "type is not permitted" in decision.refused[1]
    assert client.ledger.totals().reasks == 2
    assert [served.query for served in serve[0].log] == ["step", "step", "step"]


def test_a_model_that_insists_on_an_impermissible_action_gets_a_typed_error(
    profile: Profile, serve: list[ModelServer]
) -> None:
    wrong = act("", "click [e4]")
    client = client_with(serve, Script([("step", wrong)] * 3))
    page = observe(RESULTS, "http://x:1/search?q=mouse")
    state = profile.state("results")
    with pytest.raises(AnswerParseError, match="not permitted"):
        choose_action(
            client,
            task="t",
            observation=page,
            profile=profile,
            state=state,
            permitted=Permitted.of(profile, state, page),
        )


def test_the_step_prompt_carries_the_state_instructions_and_the_memory(
    profile: Profile, serve: list[ModelServer]
) -> None:
    seen: list[str] = []

    def answerer(request):  # type: ignore[no-untyped-def]
        from webagent.llm.completion import ScriptedAnswer

        seen.append("\n".join(m.text() for m in request.body.messages))
        seen.append(",".join(t["function"]["name"] for t in request.body.tools or []))
        return ScriptedAnswer.tool("act", {"thought": "done", "action": "stop [B]"})

    server = start_model_server(answerer=answerer)
    serve.append(server)
    client = ModelClient(ModelConfig(base_url=server.url, timeout=5))
    memory = Memory()
    memory.noted("http://x:1/a", "Product A costs $12")
    memory.examine(Candidate("Product A", "http://x:1/a", "product", "it is wired", 3))
    memory.examine(Candidate("Product B", "http://x:1/b", "product", "too dear", 4))
    page = observe(RESULTS, "http://x:1/search?q=mouse")
    state = profile.state("results")
    decision = choose_action(
        client,
        task="buy a wireless mouse",
        observation=page,
        profile=profile,
        state=state,
        permitted=Permitted.of(profile, state, page),
        memory=memory,
    )
    assert decision.action == Stop("B")
    prompt, tools = seen
    assert "Open the product that best matches the task" in prompt
    assert "This page is in the state results: " in prompt
    state_line = next(line for line in prompt.splitlines() if "in the state results" in line)
    assert "Open the product" not in state_line  # the instructions start a line of their own
    # What each page gave, and that any may be opened again: the memory informs, never forbids.
    assert (
        'Product A (http://x:1/a) [product, step 3]: gave "Product A costs $12"; '
        "left because: it is wired" in prompt
    )
    assert "Product B (http://x:1/b) [product, step 4]: gave nothing noted; left because" in prompt
    assert "open one again whenever the task needs it" in prompt
    permitted = prompt.split("Permitted here: ")[1].split("\n")[0]
    assert permitted == "click on any element but [e4]; scroll; goto; go_back; stop; note_down."
    assert tools == "act"  # the one tool, whatever the page permits


def test_the_backup_strategy_picks_the_models_best_candidate(serve: list[ModelServer]) -> None:
    memory = Memory()
    memory.examine(Candidate("Mouse A", "http://x/a", "product", "wired", 2))
    memory.examine(Candidate("Mouse B", "http://x/b", "product", "blue, not black", 5))
    memory.examine(Candidate("Mouse A", "http://x/a", "product", "wired, and $40", 7))
    assert [c.label for c in memory.candidates] == ["Mouse B", "Mouse A"]
    assert memory.seen("http://x/b")
    assert not memory.seen("http://x/c")
    client = client_with(serve, Script([("backup", {"choice": 1, "reason": "closest"})]))
    assert choose_backup(client, "buy a black mouse", memory) == memory.candidates[0]
    assert choose_backup(client, "t", Memory()) is None  # nothing examined: no query
    assert needs_backup(13, 15)
    assert not needs_backup(12, 15)


def test_a_remedy_is_another_way_on_never_a_note_or_a_stop() -> None:
    """Backtracking runs a remedy in place of the wrong action: a note or a stop would take
    the agent nowhere, so they are dropped, with why, and the ways on are kept."""
    form = StepForm(remedies=3, evaluate=False)
    query = step_query(ANYTHING, form, StepTurn(), refusals=[])
    answer = query.read(
        ToolCall(
            "act",
            {
                "thought": "the topic should be in the list",
                "action": "click [e12]",
                "remedies": ["note_down [posts: 4]", "click [e14]", "stop [4]", "go_back"],
            },
        )
    )
    assert [action.name for action in answer.remedies] == ["click", "go_back"]
    assert [why.split(":")[0] for why in answer.dropped_remedies] == [
        "note_down [posts",
        "stop [4]",
    ]
    assert all("not a remedy" in why for why in answer.dropped_remedies)
