"""What each model call cost: tokens, latency, retries, re-asks and money; totals per step
and per task.

Prices are per million tokens (input, cached input, output) from a table that a file can
override; a model missing from the table costs 0 and is reported as unpriced.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from webagent.errors import ConfigError


@dataclass(frozen=True, slots=True)
class Price:
    """US dollars per million tokens."""

    input: float
    output: float
    cached_input: float | None = None


# Public list prices per million tokens, for the models people most often point webagent at.
DEFAULT_PRICES: Mapping[str, Price] = {
    "gpt-4o": Price(2.50, 10.00, 1.25),
    "gpt-4o-mini": Price(0.15, 0.60, 0.075),
    "gpt-4.1": Price(2.00, 8.00, 0.50),
    "gpt-4.1-mini": Price(0.40, 1.60, 0.10),
    "gpt-4.1-nano": Price(0.10, 0.40, 0.025),
    "o3-mini": Price(1.10, 4.40, 0.55),
    "o4-mini": Price(1.10, 4.40, 0.275),
}


class PriceTable:
    """Model name -> price; a dated model name (`gpt-4o-2024-08-06`) uses its base price."""

    def __init__(self, prices: Mapping[str, Price] | None = None) -> None:
        self._prices = dict(DEFAULT_PRICES if prices is None else prices)

    @classmethod
    def with_overrides(cls, path: str | Path) -> PriceTable:
        """Default prices, then those in a JSON file `{"model": {"input": 1, "output": 2}}`."""
        try:
            raw = json.loads(Path(path).read_text(encoding="utf-8"))
            overrides = {
                str(name): Price(
                    float(entry["input"]),
                    float(entry["output"]),
                    float(entry["cached_input"]) if entry.get("cached_input") is not None else None,
                )
                for name, entry in raw.items()
            }
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise ConfigError(f"bad price file {path}: {error}") from error
        return cls({**DEFAULT_PRICES, **overrides})

    def price(self, model: str) -> Price | None:
        if model in self._prices:
            return self._prices[model]
        matches = [name for name in self._prices if model.startswith(name + "-")]
        return self._prices[max(matches, key=len)] if matches else None

    def cost(self, model: str, prompt: int, completion: int, cached: int) -> float | None:
        price = self.price(model)
        if price is None:
            return None
        cached_rate = price.cached_input if price.cached_input is not None else price.input
        fresh = max(prompt - cached, 0)
        return (fresh * price.input + cached * cached_rate + completion * price.output) / 1e6


@dataclass(frozen=True, slots=True)
class CallUsage:
    """One named query: what it used, all its HTTP attempts together."""

    query: str
    model: str
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    latency_s: float
    retries: int
    reasks: int
    cost: float | None
    step: int | None = None

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True, slots=True)
class Totals:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    latency_s: float = 0.0
    retries: int = 0
    reasks: int = 0
    cost: float = 0.0
    unpriced_calls: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def add(self, call: CallUsage) -> Totals:
        return replace(
            self,
            calls=self.calls + 1,
            prompt_tokens=self.prompt_tokens + call.prompt_tokens,
            completion_tokens=self.completion_tokens + call.completion_tokens,
            cached_tokens=self.cached_tokens + call.cached_tokens,
            latency_s=self.latency_s + call.latency_s,
            retries=self.retries + call.retries,
            reasks=self.reasks + call.reasks,
            cost=self.cost + (call.cost or 0.0),
            unpriced_calls=self.unpriced_calls + (call.cost is None),
        )

    def describe(self) -> str:
        cost = f"${self.cost:.4f}" + (" (some unpriced)" if self.unpriced_calls else "")
        return (
            f"{self.calls} calls, {self.total_tokens} tokens "
            f"({self.prompt_tokens} in, {self.cached_tokens} cached, "
            f"{self.completion_tokens} out), "
            f"{self.retries} retries, {self.reasks} re-asks, {cost}, {self.latency_s:.1f}s"
        )


@dataclass
class UsageLedger:
    """Every call of a task, in order; the agent loop sets `step` as it goes."""

    calls: list[CallUsage] = field(default_factory=list)
    step: int | None = None

    def add(self, call: CallUsage) -> None:
        self.calls.append(call)

    def totals(self, step: int | None = None) -> Totals:
        """Totals of the whole task, or of one step."""
        chosen: Iterable[CallUsage] = (
            self.calls if step is None else (c for c in self.calls if c.step == step)
        )
        totals = Totals()
        for call in chosen:
            totals = totals.add(call)
        return totals

    def by_step(self) -> dict[int | None, Totals]:
        steps: dict[int | None, Totals] = {}
        for call in self.calls:
            steps[call.step] = steps.get(call.step, Totals()).add(call)
        return steps
