"""The vocabulary tasks are written in: the task book, evaluator specs and oracle steps.

Steps name elements the way the pages do (role and name), so they are resolved on the live
page at run time; evaluator specs follow webarena-verified's task format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SHOP = "__SHOPPING__"
CUSTOMER_ID = "27"
EMAIL = "emma.lopez@gmail.com"

Json = dict[str, Any]
Step = dict[str, Any]

STRINGS = {"type": "array", "items": {"type": "string"}}
NUMBERS = {"type": "array", "items": {"type": "number"}}
MONEY = {"type": "array", "items": {"type": "number", "format": "currency"}}
DATES = {"type": "array", "items": {"type": "string", "format": "date"}}
NOTHING = {"type": "null"}


# -- the task book ---------------------------------------------------------------------------
@dataclass
class TaskBook:
    """Collects tasks and their oracle solutions, numbering both."""

    tasks: list[Json] = field(default_factory=list)
    solutions: dict[str, Json] = field(default_factory=dict)
    templates: dict[str, int] = field(default_factory=dict)

    def add(  # noqa: PLR0917 - the call sites read as a table of tasks
        self,
        template: str,
        values: Json,
        evals: list[Json],
        steps: list[Step],
        response: Json,
        start: str = SHOP,
    ) -> None:
        template_id = self.templates.setdefault(template, len(self.templates) + 1)
        task_id = len(self.tasks) + 1
        intent = template
        for key, value in values.items():
            intent = intent.replace("{{" + key + "}}", str(value))
        self.tasks.append(
            {
                "sites": ["shopping"],
                "task_id": task_id,
                "intent_template_id": template_id,
                "start_urls": [start],
                "intent": intent,
                "intent_template": template,
                "instantiation_dict": values,
                "eval": evals,
                "revision": 1,
            }
        )
        self.solutions[str(task_id)] = {"steps": steps, "response": response}


def answer(task_type: str, status: str = "SUCCESS", data: list[Any] | None = None) -> Json:
    return {"task_type": task_type, "status": status, "retrieved_data": data}


def expects(response: Json, schema: Json, ordered: bool = False) -> Json:
    """The AgentResponseEvaluator for `response` (expected values may list alternatives)."""
    evaluator: Json = {"evaluator": "AgentResponseEvaluator", "results_schema": schema}
    if ordered:
        evaluator["ordered"] = True
    evaluator["expected"] = {key.lower(): value for key, value in response.items()}
    evaluator["expected"]["task_type"] = response["task_type"].lower()
    return evaluator


def request(url: str, **spec: Any) -> Json:
    """A NetworkEventEvaluator for one request (GET navigation unless said otherwise)."""
    options = {key: spec.pop(key) for key in ("ignored_query_params_patterns",) if key in spec}
    return {"evaluator": "NetworkEventEvaluator", **options, "expected": {"url": url, **spec}}


# -- steps, named the way the pages name things ---------------------------------------------
def goto(path: str) -> Step:
    return {"goto": SHOP + path}


def click(role: str, name: str, *, line: str | None = None, commits: bool = False) -> Step:
    target: Json = {"role": role, "name": name}
    if line is not None:
        target["line_contains"] = line
    step: Step = {"click": target}
    if commits:
        step["commits"] = True
    return step


def fill(role: str, name: str, text: str, *, enter: bool = False) -> Step:
    return {"type": {"role": role, "name": name}, "text": text, "enter": enter}


def choose(name: str, option: str) -> Step:
    return {"select": {"role": "combobox", "name": name}, "option": option}


def expect(text: str) -> Step:
    return {"expect": text}


def open_order(number: int) -> list[Step]:
    increment = f"{number:09d}"
    return [
        goto("/sales/order/history/?limit=50"),
        click("link", "View Order", line=increment),
        expect(f"Order # {increment}"),
    ]


def open_product(name: str) -> list[Step]:
    return [
        fill("searchbox", "Search", name, enter=True),
        click("link", name),
        expect(name),
    ]


def checkout(payment: str = "Check / Money order") -> list[Step]:
    return [
        goto("/checkout/cart/"),
        click("link", "Proceed to Checkout"),
        click("button", "Next"),
        {"click": {"role": "radio", "name_contains": "Flat Rate - Fixed"}},
        click("button", "Next"),
        click("radio", payment),
        click("button", "Next"),
        click("button", "Place Order", commits=True),
        expect("Thank you for your purchase!"),
    ]
