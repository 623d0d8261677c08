"""The oracle model answers the controller's queries from the demo shop's solutions.

Requests are built as the controller builds them: prompts rendered from the real templates,
tools from the controller's own builders over the demo shop's profile, on small demo-shop-like
pages. No browser, no server."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields as dataclass_fields
from typing import Any

import pytest

from webagent.actions import parse_action
from webagent.cli import main
from webagent.controller.queries import StepForm, step_tools, step_variables
from webagent.errors import ConfigError
from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.llm.prompts import render
from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.oracle.model import OracleModel
from webagent.oracle.progress import FINISH
from webagent.oracle.prompt import HistoryLine
from webagent.oracle.solutions import load_oracle
from webagent.sites.catalog import load_site
from webagent.sites.permissions import Permitted
from webagent.sites.profiles import site_profile
from webagent.sites.steps import find
from webagent.webarena.tasks import load_tasks

SHOP = "http://127.0.0.1:5000"
PROFILE = site_profile("demo_shop")
TASKS = {task.task_id: task.intent for task in load_tasks(load_site("demo_shop").tasks_file)}
ORDERS = {"180": "79.90", "149": "159.94", "186": "224.91", "169": "54.00", "178": "65.32"}
ORDERS |= {"155": "12.00", "189": "40.00"}
# Tasks whose solution is: the order history, then `View Order` on one order's line.
VIEW_ORDER_TASKS = [1, 2, 3, 4, 5, 9, 10, 11, 25, 26, 49, 54, 55]

HEADER = """
- banner:
  - link "My Account" [ref=e1]:
    - /url: /customer/account/
  - link "My Wish List" [ref=e2]:
    - /url: /wishlist/
  - searchbox "Search" [ref=e3]
  - button "Search" [ref=e4]
"""


def _history_page(first_id: int = 10, hidden: str | None = None) -> Observation:
    """The order history; ids start at `first_id`; the order `hidden` lies below the fold."""
    rows = []
    for index, (number, total) in enumerate(ORDERS.items()):
        link, button = first_id + 2 * index, first_id + 2 * index + 1
        top = 2000 if number == hidden else 200 + 30 * index
        rows.append(
            f"""    - row "000000{number} ${total} View Order Reorder" [box=0,{top},1000,30]:
      - cell "000000{number}"
      - cell "${total}"
      - cell "View Order Reorder":
        - link "View Order" [ref=e{link}] [box=800,{top},80,20]:
          - /url: /sales/order/view/order_id/{number}/
        - button "Reorder" [ref=e{button}] [box=900,{top},80,20]"""
        )
    tree = HEADER + '- main:\n  - heading "My Orders" [level=1]\n  - table:\n' + "\n".join(rows)
    return _page(tree, "/sales/order/history/?limit=50", "My Orders")


def _order_page(number: str) -> Observation:
    tree = (
        HEADER
        + f"""- main:
  - heading "Order # 000000{number}" [level=1]
  - text: "Status: Complete"
  - button "Reorder" [ref=e20]
  - link "Back to My Orders" [ref=e21]:
    - /url: /sales/order/history/
"""
    )
    return _page(tree, f"/sales/order/view/order_id/{number}/", f"Order # 000000{number}")


def _home() -> Observation:
    tree = HEADER + '- main:\n  - heading "Featured products" [level=2]\n'
    return _page(tree, "/", "Home Page")


def _page(tree: str, path: str, title: str) -> Observation:
    return compose_observation(parse_snapshot(tree), url=SHOP + path, title=title)


def _step_request(
    task_id: int | str,
    page: Observation,
    state: str,
    history: Sequence[str] = (),
    *,
    mode: str = "devils-advocate",
    previous: bool | None = None,
    subtask: str = "Do it",
    make_plan: bool = False,
) -> ChatRequest:
    """A `step` request as the controller renders it, in one of the modes' shapes."""
    task = TASKS[task_id] if isinstance(task_id, int) else task_id
    state_ = PROFILE.state(state)
    permitted = Permitted.of(PROFILE, state_, page)
    evaluate = mode != "react"
    remedies = 2 if mode == "devils-advocate" else 0
    has_previous = bool(history) if previous is None else previous
    planned = mode != "react"
    form = StepForm(
        remedies=remedies, evaluate=evaluate, plan=planned, backtrack=mode == "devils-advocate"
    )
    messages = render(
        "step",
        **step_variables(
            plan_field=form.plan,
            evaluate=evaluate,
            backtrack=form.backtrack,
            remedies=remedies,
            site=PROFILE.site,
            task=task,
            plan=f"1. {subtask} [running] (now)" if planned and not make_plan else "",
            history=list(history),
            subtask=subtask if not make_plan else "",
            make_plan=make_plan,
            judge=evaluate and has_previous,
            state=state_,
            permitted=permitted.describe(),
            observation=page.text,
        ),
    )
    body = {
        "model": "m",
        "messages": messages,
        "tools": step_tools(form),
        "tool_choice": "required",
    }
    return ChatRequest.parse("step", body)


def _request(query: str, **variables: Any) -> ChatRequest:
    """A JSON query's request, its prompt rendered from `variables`."""
    messages = render(query, **variables)
    return ChatRequest.parse(query, {"model": "m", "messages": messages})


def _call(answer: ScriptedAnswer) -> tuple[str, dict[str, Any]]:
    """The `act` call as (the action's name, its arguments beside the answer's other fields,
    the outcome's fields flattened; null and unset fields left out)."""
    assert answer.tool_call is not None, answer
    assert answer.tool_call.name == "act"
    called = json.loads(answer.tool_call.arguments)
    action = parse_action(called.pop("action"))
    fields = {
        key: value
        for key, value in called.items()
        if value is not None and not (key == "irreversible" and value is False)
    }
    own = {spec.name: getattr(action, spec.name) for spec in dataclass_fields(action)}
    return action.name, {**fields, **own}


def _json(answer: ScriptedAnswer) -> Any:
    assert answer.content is not None, answer
    return json.loads(answer.content)


GOTO_HISTORY = f"goto [{SHOP}/sales/order/history/?limit=50] on 'Home Page'"
VIEW_ORDER = "click [e{}] (link 'View Order') on 'My Orders'"


@pytest.fixture(scope="module")
def oracle() -> OracleModel:
    return OracleModel("demo_shop")


# -- the tasks and the plan ------------------------------------------------------------------
def test_every_task_is_known_by_its_distinct_intent(oracle: OracleModel) -> None:
    assert len(TASKS) == 55
    assert len(set(TASKS.values())) == 55
    assert all(oracle.task_id(intent) == task_id for task_id, intent in TASKS.items())


def _plan(oracle: OracleModel, task_id: int) -> list[str]:
    request = _request(
        "plan",
        task=TASKS[task_id],
        site=PROFILE.site,
        guidance=None,
        failed_plans=[],
        observation="",
    )
    subtasks: list[str] = _json(oracle(request))["subtasks"]
    return subtasks


def test_the_plan_lists_the_solution_steps(oracle: OracleModel) -> None:
    assert _plan(oracle, 1) == [
        "Go to the order history page (limit=50)",
        "Open 'View Order' on the line with '000000180'",
    ]


def test_every_plan_fits_the_plan_schema(oracle: OracleModel) -> None:
    assert all(1 <= len(_plan(oracle, task_id)) <= 12 for task_id in TASKS)
    # Task 48 has 14 acting steps: its neighbouring form fields share a subtask.
    merged = "Choose 'L' in 'Size', then choose 'Pink' in 'Color', then type '2' into 'Qty'"
    assert merged in _plan(oracle, 48)


# -- on the path -----------------------------------------------------------------------------
def test_the_first_step_goes_where_the_solution_starts(oracle: OracleModel) -> None:
    name, arguments = _call(oracle(_step_request(1, _home(), "home")))

    assert name == "goto"
    assert arguments["url"] == f"{SHOP}/sales/order/history/?limit=50"
    assert len(arguments["remedies"]) == 2
    assert "aligned" not in arguments  # nothing to judge yet: the tool does not take it


def test_on_the_path_the_next_action_targets_the_right_element(oracle: OracleModel) -> None:
    request = _step_request(
        1, _history_page(), "order_history", [GOTO_HISTORY], subtask="Go to the order history"
    )

    name, arguments = _call(oracle(request))

    assert (name, arguments["element"]) == ("click", "e10")  # View Order on order 180's line
    assert arguments["aligned"] is True
    assert arguments["task_done"] is False
    assert len(arguments["remedies"]) == 2
    assert "click [e10]" not in arguments["remedies"]


def test_noise_puts_a_wrong_element_first_and_the_right_one_in_the_remedies() -> None:
    noisy = OracleModel("demo_shop", noise=1.0)
    request = _step_request(1, _history_page(), "order_history", [GOTO_HISTORY])

    name, arguments = _call(noisy(request))

    assert name == "click"
    assert arguments["element"] != "e10"
    assert arguments["element"] in {f"e{n}" for n in range(12, 24, 2)}  # another View Order
    assert arguments["remedies"][0] == "click [e10]"


def test_noise_never_picks_a_namesake_the_history_cannot_tell_apart() -> None:
    """Another `My Wish List` link would read in the history like the right one."""
    footer = '- contentinfo:\n  - link "My Wish List" [ref=e30]:\n    - /url: /wishlist/\n'
    page = _page(HEADER + footer, "/", "Home Page")

    name, arguments = _call(OracleModel("demo_shop", noise=1.0)(_step_request(32, page, "home")))

    assert (name, arguments["element"]) == ("click", "e1")  # My Account: the only other link
    assert arguments["remedies"][0] == "click [e2]"


def test_a_target_below_the_fold_is_scrolled_to(oracle: OracleModel) -> None:
    page = _history_page(hidden="180")
    assert "below" in page.text

    name, arguments = _call(oracle(_step_request(1, page, "order_history", [GOTO_HISTORY])))

    assert (name, arguments["direction"]) == ("scroll", "down")
    assert arguments["aligned"] is True


@pytest.mark.parametrize(
    ("scrolls", "expected"),
    [
        (["down"], "down"),  # still below
        (["up"], "down"),  # up at the top (a remedy after a reload): look down
        (["down", "down", "up"], None),  # at the top again after going down: lost
    ],
)
def test_the_search_for_a_target_scrolls_down_then_up(
    oracle: OracleModel, scrolls: list[str], expected: str | None
) -> None:
    history = [GOTO_HISTORY, *(f"scroll [{s}] on 'My Orders'" for s in scrolls)]
    request = _step_request(1, _history_page(hidden="180"), "order_history", history)

    name, arguments = _call(oracle(request))

    if expected is None:
        assert name != "scroll"
    else:
        assert (name, arguments["direction"]) == ("scroll", expected)


def test_the_final_stop_carries_the_oracle_response(oracle: OracleModel) -> None:
    history = [GOTO_HISTORY, VIEW_ORDER.format(10)]
    request = _step_request(
        1, _order_page("180"), "order_detail", history, subtask="Open 'View Order'"
    )

    name, arguments = _call(oracle(request))

    assert name == "stop"
    assert arguments["task_type"] == "RETRIEVE"
    assert arguments["status"] == "SUCCESS"
    assert arguments["retrieved_data"] == [79.9]
    assert arguments["answer"] == "79.9"
    assert (arguments["aligned"], arguments["task_done"]) == (True, True)


def test_react_gets_no_evaluation_and_no_remedies(oracle: OracleModel) -> None:
    request = _step_request(1, _history_page(), "order_history", [GOTO_HISTORY], mode="react")

    name, arguments = _call(oracle(request))

    assert (name, arguments["element"]) == ("click", "e10")
    assert set(arguments) == {"thought", "element"}


def test_plan_act_gets_an_evaluation_but_no_remedies(oracle: OracleModel) -> None:
    request = _step_request(1, _history_page(), "order_history", [GOTO_HISTORY], mode="plan-act")

    name, arguments = _call(oracle(request))

    assert (name, arguments["element"], arguments["aligned"]) == ("click", "e10", True)
    assert "remedies" not in arguments


def test_the_first_step_makes_the_plan_when_asked(oracle: OracleModel) -> None:
    request = _step_request(1, _home(), "home", make_plan=True)

    name, arguments = _call(oracle(request))

    assert name == "goto"
    assert arguments["plan"][0] == "Go to the order history page (limit=50)"


# -- judging the previous action -------------------------------------------------------------
def test_eval_noise_flips_the_verdict() -> None:
    subtask = "Go to the order history page (limit=50)"
    request = _step_request(1, _history_page(), "order_history", [GOTO_HISTORY], subtask=subtask)

    _, truthful = _call(OracleModel("demo_shop")(request))
    _, flipped = _call(OracleModel("demo_shop", eval_noise=1.0)(request))

    assert (truthful["aligned"], truthful["subtask_done"]) == (True, True)
    assert (flipped["aligned"], flipped["subtask_done"]) == (False, False)
    assert flipped["element"] == "e10"  # the action is still the right one


def test_a_lost_agent_is_told_it_is_not_aligned_and_acts_at_random(oracle: OracleModel) -> None:
    history = [GOTO_HISTORY, "click [e2] (link 'My Wish List') on 'My Orders'"]
    request = _step_request(1, _history_page(), "order_history", history)

    name, arguments = _call(oracle(request))

    assert (arguments["aligned"], arguments["subtask_done"]) == (False, False)
    assert not (name == "click" and arguments["element"] == "e10")  # lost stays lost


def test_the_wrong_one_of_same_named_elements_is_not_aligned(oracle: OracleModel) -> None:
    """The history says only `link 'View Order'`; the page it led to tells which."""
    history = [GOTO_HISTORY, VIEW_ORDER.format(12)]

    _, arguments = _call(oracle(_step_request(1, _order_page("149"), "order_detail", history)))

    assert arguments["aligned"] is False


def test_a_remedy_after_a_backtrack_puts_the_agent_back_on_the_path(oracle: OracleModel) -> None:
    history = [
        GOTO_HISTORY,
        VIEW_ORDER.format(12),
        f"(backtrack) goto [{SHOP}/sales/order/history/?limit=50] on 'Order # 000000149'",
        "(remedy) " + VIEW_ORDER.format(10),
    ]

    name, arguments = _call(oracle(_step_request(1, _order_page("180"), "order_detail", history)))

    assert name == "stop"
    assert arguments["aligned"] is True


def test_a_restart_starts_the_path_again(oracle: OracleModel) -> None:
    history = [
        GOTO_HISTORY,
        "click [e2] (link 'My Wish List') on 'My Orders'",
        f"(restart) goto [{SHOP}/] on 'My Wish List'",
    ]

    name, arguments = _call(oracle(_step_request(1, _home(), "home", history, previous=False)))

    assert name == "goto"
    assert arguments["url"].endswith("/sales/order/history/?limit=50")


def test_history_lines_read_back() -> None:
    line = HistoryLine.parse(
        "(remedy) type [e7] [Levi's Women's Dress] [1] (searchbox 'Search') on 'Home'"
    )
    failed = HistoryLine.parse("click [e9] (link 'A') on 'B' -> failed: element is hidden")

    assert (line.kind, line.role, line.name, line.ok) == ("remedy", "searchbox", "Search", True)
    assert getattr(line.action, "text", None) == "Levi's Women's Dress"
    assert (failed.kind, failed.ok, failed.name) == ("action", False, "A")


# -- determinism -----------------------------------------------------------------------------
def test_the_same_request_gets_the_same_answer() -> None:
    model = OracleModel("demo_shop", noise=0.5, eval_noise=0.5, seed=3)
    request = _step_request(1, _history_page(), "order_history", [GOTO_HISTORY])

    assert model(request) == model(request)
    assert OracleModel("demo_shop", noise=0.5, eval_noise=0.5, seed=3)(request) == model(request)


def test_seeds_decide_the_noise() -> None:
    page = _history_page()
    solutions = load_oracle(load_site("demo_shop").oracle_file).tasks
    right = {
        task_id: find(solutions[task_id].steps[1].click, page).id for task_id in VIEW_ORDER_TASKS
    }  # type: ignore[arg-type]

    def answers(seed: int) -> list[ScriptedAnswer]:
        model = OracleModel("demo_shop", noise=0.5, eval_noise=0.5, seed=seed)
        return [
            model(_step_request(task_id, page, "order_history", [GOTO_HISTORY]))
            for task_id in VIEW_ORDER_TASKS
        ]

    first, second = answers(0), answers(1)

    assert first != second
    noisy = [
        _call(answer)[1]["element"] != right[task_id]
        for task_id, answer in zip(VIEW_ORDER_TASKS, first, strict=True)
    ]
    assert 0 < sum(noisy) < len(noisy)  # about half the steps go wrong
    flipped = [_call(answer)[1]["aligned"] is False for answer in first]
    assert 0 < sum(flipped) < len(flipped)  # about half the verdicts are wrong


# -- the other queries -----------------------------------------------------------------------
def test_remap_finds_the_same_element_among_namesakes() -> None:
    before, after = _history_page(), _history_page(first_id=40)
    recorded = before.element("e12")  # View Order on order 149's line
    messages = render("remap", element=recorded, before=before.text, after=after.text)

    answer = _json(
        OracleModel("demo_shop")(ChatRequest.parse("remap", {"model": "m", "messages": messages}))
    )

    assert answer["element"] == "e42"


def test_remap_finds_nothing_when_the_line_is_out_of_view() -> None:
    before, after = _history_page(), _history_page(first_id=40, hidden="149")
    request = _request("remap", element=before.element("e12"), before=before.text, after=after.text)

    assert _json(OracleModel("demo_shop")(request))["element"] is None


def test_decompose_gives_the_steps_that_remain(oracle: OracleModel) -> None:
    request = _request(
        "decompose",
        task=TASKS[1],
        plan="1. Go to the order history page (limit=50) [done]",
        subtask="Open 'View Order' on the line with '000000180'",
        history=[],
        observation="",
    )

    answer = _json(oracle(request))

    assert answer["steps"] == ["Open 'View Order' on the line with '000000180'", FINISH]
    assert answer["operator"] == "and"


def test_revise_reviews_and_plans_again(oracle: OracleModel) -> None:
    request = _request(
        "revise",
        task=TASKS[1],
        plan="",
        history=[],
        notes=[],
        reason="subtask 2 failed",
        observation="",
    )

    answer = _json(oracle(request))

    assert "subtask 2 failed" in answer["review"]
    assert len(answer["subtasks"]) == 2


def test_the_answer_is_the_recorded_one_only_on_the_final_page(oracle: OracleModel) -> None:
    def answer(page: Observation) -> Any:
        return _json(oracle(_request("answer", task=TASKS[1], notes=[], observation=page.text)))

    assert answer(_order_page("180"))["retrieved_data"] == [79.9]
    assert answer(_order_page("149"))["status"] == "UNKNOWN_ERROR"


def test_an_answer_after_a_final_click_needs_its_element_on_the_page(oracle: OracleModel) -> None:
    """Task 32 ends by opening My Wish List: a page without that link is not its end."""

    def answer(page: Observation) -> Any:
        return _json(oracle(_request("answer", task=TASKS[32], notes=[], observation=page.text)))

    assert answer(_home())["status"] == "SUCCESS"
    assert answer(_page('- heading "Signed out" [level=1]', "/x", "x"))["status"] == (
        "UNKNOWN_ERROR"
    )


def test_classify_answers_the_first_state_offered(oracle: OracleModel) -> None:
    schema = {"type": "object", "properties": {"state": {"enum": ["cart", "home"]}}}
    body = {
        "model": "m",
        "messages": [{"role": "user", "content": "Page: x"}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "c", "schema": schema}},
    }

    assert _json(oracle(ChatRequest.parse("classify", body)))["state"] == "cart"


# -- what the oracle does not know -----------------------------------------------------------
def test_an_unknown_task_stops_with_unknown_error(oracle: OracleModel) -> None:
    request = _step_request("Buy me a boat", _home(), "home")

    name, arguments = _call(oracle(request))

    assert (name, arguments["status"]) == ("stop", "UNKNOWN_ERROR")


def test_an_unknown_query_answers_unknown_error(oracle: OracleModel) -> None:
    body = {"model": "m", "messages": [{"role": "user", "content": f"Task: {TASKS[1]}"}]}

    assert _json(oracle(ChatRequest.parse("ponder", body)))["status"] == "UNKNOWN_ERROR"


def test_a_step_without_tools_stops_with_unknown_error(oracle: OracleModel) -> None:
    request = _step_request(1, _home(), "home")
    body = {"model": "m", "messages": request.raw["messages"]}

    answer = _json(oracle(ChatRequest.parse("step", body)))

    arguments = answer["arguments"]
    assert (answer["tool"], arguments["action"]) == ("act", "stop []")
    assert arguments["status"] == "UNKNOWN_ERROR"


def test_noise_outside_zero_to_one_is_refused() -> None:
    with pytest.raises(ConfigError, match="noise must be between 0 and 1"):
        OracleModel("demo_shop", noise=1.5)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        (["--noise", "1.5"], "argument --noise: 1.5 is not between 0 and 1"),
        (["--eval-noise", "-0.1"], "argument --eval-noise: -0.1 is not between 0 and 1"),
        (["--noise", "lots"], "argument --noise: 'lots' is not a number"),
    ],
)
def test_serve_checks_the_oracle_options(
    arguments: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["llm", "serve", "--oracle", "demo_shop", "--port", "0", *arguments])

    assert exited.value.code == 2
    assert error in capsys.readouterr().err


def test_serve_wants_the_oracle_for_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["llm", "serve", "--answerer", "x:y", "--noise", "0.1", "--port", "0"])

    assert code == 2
    assert "--noise, --eval-noise and --seed go with --oracle" in capsys.readouterr().err
