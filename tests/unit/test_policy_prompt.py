"""The model is told the session's policy for irreversible actions before it tries one: under
"deny", a task that needs one ends with ACTION_NOT_ALLOWED_ERROR at once, instead of a turn
spent on a refusal (and a refusal the model might try to get around)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.unit.page_kit import observe
from webagent.actions import Action, ActionResult
from webagent.agent import run_agent
from webagent.controller import Settings
from webagent.controller.queries import step_variables
from webagent.llm import ModelClient, ModelConfig
from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.llm.prompts import render
from webagent.llm.server import ModelServer, start_model_server
from webagent.observation import Observation
from webagent.safety import NOT_ANOTHER_WAY, PolicyKind, policy_kind

PAGE = """
- navigation:
  - link "Log out"
- main:
  - heading "Editing Sandbox" [level=1]
  - textbox "Text"
  - button "Save page"
"""


class OnePage:
    """A browser that shows one page and is never asked to act (the model stops at once)."""

    def observe(self, *, full_page: bool = False) -> Observation:
        return observe(PAGE, "http://wiki.test/edit")

    def act(self, action: Action, *, irreversible: bool = False) -> ActionResult:
        raise AssertionError(f"no action was expected, got {action}")


Told = Callable[[PolicyKind | None], str]


@pytest.fixture
def system_prompt() -> Iterator[Told]:
    """The messages of the run's first step, told the given policy."""
    servers: list[ModelServer] = []

    def told(policy: PolicyKind | None) -> str:
        seen: list[str] = []

        def answer(request: ChatRequest) -> ScriptedAnswer:
            seen.append("\n".join(message.text() for message in request.body.messages))
            return ScriptedAnswer.tool("act", {"thought": "t", "action": "stop [x]"})

        server = start_model_server(answerer=answer)
        servers.append(server)
        with ModelClient(ModelConfig(base_url=server.url, timeout=5)) as client:
            run_agent(
                OnePage(),
                client,
                "add a line to the Sandbox page and save it",
                settings=Settings.for_mode("react"),
                policy=policy,
            )
        assert seen, "the model was never asked"
        return seen[0]

    yield told
    for server in servers:
        server.stop()


def test_under_deny_the_model_is_told_to_stop_before_an_irreversible_action(
    system_prompt: Told,
) -> None:
    told = system_prompt("deny")
    assert "no irreversible action is allowed, and nobody is asked" in told
    assert "stop with ACTION_NOT_ALLOWED_ERROR at once, without the steps that lead to it" in told
    # and again beside what the page permits, every turn
    assert "Refused in this session: anything irreversible" in told
    assert "a person is asked" not in told
    assert "publish a review or a page" in told  # a wiki's "Save page" is one


def test_asked_or_allowed_the_model_is_told_what_happens(system_prompt: Told) -> None:
    asked, allowed, unknown = (system_prompt(kind) for kind in ("ask", "allow", None))
    assert "Before an irreversible action runs, a person is asked." in asked
    assert "irreversible actions run when you take them" in allowed
    for told in (asked, allowed):
        assert "ACTION_NOT_ALLOWED_ERROR at once" not in told
        assert "Refused in this session" not in told
    assert "a person is asked" in unknown  # a library caller that did not say


def test_a_refusal_is_explained_in_the_same_words_as_the_gate_uses(system_prompt: Told) -> None:
    assert f'comes back "not done" was not approved. {NOT_ANOTHER_WAY}.' in system_prompt("ask")


def test_a_callable_policy_asks_like_a_person() -> None:
    assert [policy_kind(p) for p in ("deny", "ask", "allow", lambda c: True)] == [
        "deny",
        "ask",
        "allow",
        "ask",
    ]


def test_the_model_is_told_whether_the_page_shows_it_signed_in(system_prompt: Told) -> None:
    """A sidebar's "Log out" scrolls out of view; the step says what the page showed."""
    assert "Signed in: yes (the page has link 'Log out')." in system_prompt("deny")


def test_the_step_prompt_renders_from_the_defaults_alone_and_names_no_stranger() -> None:
    """Whatever shows the step prompt starts from `step_variables`: its defaults are every
    variable the template reads (it renders under strict undefined), and a name it does
    not read is refused, not silently ignored."""
    rendered = render("step", **step_variables(task="find the tea"))
    assert "Task: find the tea" in "\n".join(m["content"] for m in rendered)
    with pytest.raises(TypeError, match="reads no previous"):
        step_variables(previous=None)


def test_credentials_are_told_as_the_persons_account_to_sign_in_with() -> None:
    """A sign-in page's advice says to go back when the task needs no account; the model is
    told what the credentials it was given are for."""
    messages = render("step", **step_variables(secrets=("<secret>password</secret>",)))
    system = messages[0]["content"]
    assert "The person's own account on this site is given as credentials" in system
    assert "sign in with them first" in system
    assert "<secret>password</secret>" in system
