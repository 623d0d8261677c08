"""The agent loop: the pure controller wired to a browser tab and a model client.

    with launch() as browser, ModelClient(config) as client:
        tab = browser.open(url)
        run = run_agent(tab, client, "What is the price of ...?")
        run.result.answer, run.result.metrics, run.usage

A run that cannot go on (budget spent, model unreachable, cassette miss) still returns a
result: an `UNKNOWN_ERROR` answer whose details say why, with everything done so far.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from webagent.controller import Controller, RunResult, Settings
from webagent.controller import events as ev
from webagent.controller.ports import Browser
from webagent.errors import Aborted, BudgetExceeded, CassetteMiss, ModelUnavailableError
from webagent.llm import ModelClient, Totals
from webagent.llm.queries import FinalAnswer
from webagent.safety import PolicyKind
from webagent.sites.profile import Profile


@dataclass(frozen=True, slots=True)
class AgentRun:
    result: RunResult
    usage: Totals
    calls: dict[str, int]
    """Model calls by query name."""

    @property
    def calls_per_action(self) -> float:
        actions = self.result.metrics.actions
        return sum(self.calls.values()) / actions if actions else float(sum(self.calls.values()))

    @property
    def cached_share(self) -> float:
        """The share of the prompt tokens the endpoint served from its prompt cache."""
        prompt = self.usage.prompt_tokens
        return self.usage.cached_tokens / prompt if prompt else 0.0

    def to_json(self) -> dict[str, Any]:
        data = self.result.to_json()
        data["usage"] = {
            "calls": self.usage.calls,
            "prompt_tokens": self.usage.prompt_tokens,
            "completion_tokens": self.usage.completion_tokens,
            "cached_tokens": self.usage.cached_tokens,
            "cached_share": round(self.cached_share, 4),
            "retries": self.usage.retries,
            "reasks": self.usage.reasks,
            "cost": self.usage.cost,
            "latency_s": round(self.usage.latency_s, 3),
        }
        data["calls"] = dict(self.calls)
        return data


def run_agent(
    tab: Browser,
    client: ModelClient,
    task: str,
    *,
    settings: Settings | None = None,
    profile: Profile | None = None,
    start_url: str | None = None,
    guidance: str | None = None,
    secrets: Sequence[str] = (),
    policy: PolicyKind | None = None,
    on_event: Callable[[ev.Event], None] | None = None,
    pace: Callable[[], None] | None = None,
) -> AgentRun:
    """Run `task` on the page `tab` shows; the model's usage is counted per action.

    `pace` is called before every browser action (a `Pacer`: pause, single step, abort);
    an abort ends the run cleanly with an `UNKNOWN_ERROR` answer saying so (`how` "aborted").
    Usage so far is reported after each model call as a `Usage` event.

    `secrets` are the placeholders (`<secret>name</secret>`) of the credentials the tab
    substitutes when it types them: the model is told it may type them, never their values.
    `policy` is what the tab's confirmation policy does with an irreversible action
    (`webagent.safety.policy_kind` of it): the model is told before it tries one, so under
    "deny" it stops with ACTION_NOT_ALLOWED_ERROR instead of spending a turn on a refusal.
    None: the model is told only that a person is asked.
    """
    first = len(client.ledger.calls)

    reported = [first]

    def watch(event: ev.Event) -> None:
        if isinstance(event, ev.ActionDone):
            client.ledger.step = (client.ledger.step or 0) + 1
        if on_event is None:
            return
        calls = client.ledger.calls
        if len(calls) != reported[0]:  # a model call since the last event: usage so far
            reported[0] = len(calls)
            usage = Totals()
            for call in calls[first:]:
                usage = usage.add(call)
            on_event(
                ev.Usage(
                    usage.calls,
                    usage.total_tokens,
                    usage.cost,
                    usage.cached_tokens,
                    usage.prompt_tokens,
                )
            )
        on_event(event)

    controller = Controller(
        tab,
        client,
        task=task,
        settings=settings,
        profile=profile,
        start_url=start_url or tab.observe().url,
        guidance=guidance,
        secrets=secrets,
        policy=policy,
        on_event=watch,
        pace=pace,
    )
    try:
        result = controller.run()
    except (BudgetExceeded, ModelUnavailableError, CassetteMiss, Aborted) as error:
        answer = FinalAnswer(
            task_type="RETRIEVE",
            status="UNKNOWN_ERROR",
            retrieved_data=None,
            error_details=f"{type(error).__name__}: {error}",
        )
        result = RunResult(
            answer,
            f"error: {error}",
            controller.metrics,
            controller.steps,
            controller.notes,
            controller.plans,
            controller.reviews,
        )
        if isinstance(error, Aborted):
            result = replace(result, how="aborted")
    calls = client.ledger.calls[first:]
    usage = Totals()
    for call in calls:
        usage = usage.add(call)
    return AgentRun(result, usage, dict(Counter(call.query for call in calls)))
