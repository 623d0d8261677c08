"""Faults a scripted model server injects, drawn per request from a seeded generator.

    plan = FaultPlan.parse("429=0.1,500=0.1,hang=0.05,malformed=0.05,truncated=0.05,drop=0.02",
                           seed=7)
    dice = plan.dice()      # one server's sequence of draws
    dice.draw()             # Fault.RATE_LIMIT, ..., or None for a normal answer

One uniform number is drawn per request and compared with the rates stacked in a fixed order
(the order of `Fault`, whatever the order of the spec), so a seed gives the same faults for
the same sequence of requests on every run.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from enum import StrEnum

from webagent.errors import ConfigError


class Fault(StrEnum):
    """A way a response goes wrong; the value is its name in a fault spec."""

    RATE_LIMIT = "429"
    """HTTP 429 with OpenAI's rate-limit error and `retry-after-ms` / `retry-after` headers."""
    SERVER_ERROR = "500"
    """HTTP 500 with OpenAI's server error."""
    HANG = "hang"
    """Wait `hang_seconds` (longer than a client's timeout), then answer normally."""
    MALFORMED = "malformed"
    """HTTP 200 whose body is not JSON."""
    TRUNCATED = "truncated"
    """HTTP 200, the answer cut in the middle, `finish_reason: "length"`."""
    DROP = "drop"
    """The connection is closed without any response."""


_KNOWN = ", ".join(fault.value for fault in Fault)


@dataclass(frozen=True, slots=True)
class FaultPlan:
    """Which faults happen how often (a probability per request), and how they behave."""

    rates: tuple[tuple[Fault, float], ...] = ()
    seed: int = 0
    retry_after_ms: int = 50
    """What a 429 asks the client to wait."""
    hang_seconds: float = 5.0
    """How long a hang lasts before the answer comes."""

    def __post_init__(self) -> None:
        seen: set[Fault] = set()
        for fault, rate in self.rates:
            if fault in seen:
                raise ConfigError(f"fault {fault.value} is given twice")
            seen.add(fault)
            if not 0.0 <= rate <= 1.0:
                raise ConfigError(f"fault {fault.value}: rate {rate} is not between 0 and 1")
        total = sum(rate for _, rate in self.rates)
        if total > 1.0 + 1e-9:
            raise ConfigError(f"fault rates add up to {total:g}, more than 1")
        if self.retry_after_ms < 0:
            raise ConfigError(f"retry-after of {self.retry_after_ms} ms is negative")
        if self.hang_seconds < 0:
            raise ConfigError(f"hang of {self.hang_seconds} s is negative")

    @classmethod
    def parse(
        cls, spec: str, *, seed: int = 0, retry_after_ms: int = 50, hang_seconds: float = 5.0
    ) -> FaultPlan:
        """A plan from `NAME=RATE,...` (names: 429, 500, hang, malformed, truncated, drop;
        rates between 0 and 1, adding up to at most 1). `ConfigError` says what is wrong."""
        rates = []
        for item in spec.split(","):
            if not item.strip():
                continue
            name, equals, value = (part.strip() for part in item.partition("="))
            if not equals:
                raise ConfigError(f"fault spec {spec!r}: {item.strip()!r} is not NAME=RATE")
            try:
                fault = Fault(name.lower())
            except ValueError:
                raise ConfigError(
                    f"fault spec {spec!r}: unknown fault {name!r} (known: {_KNOWN})"
                ) from None
            try:
                rate = float(value)
            except ValueError:
                raise ConfigError(
                    f"fault spec {spec!r}: {fault.value}'s rate {value!r} is not a number"
                ) from None
            rates.append((fault, rate))
        return cls(tuple(rates), seed, retry_after_ms, hang_seconds)

    def rate(self, fault: Fault) -> float:
        """The probability of `fault` on each request."""
        return dict(self.rates).get(fault, 0.0)

    def dice(self) -> FaultDice:
        """A fresh sequence of draws for one server."""
        return FaultDice(self)


class FaultDice:
    """The fault draws of one server, in the order its requests arrive (thread-safe)."""

    def __init__(self, plan: FaultPlan) -> None:
        self._random = random.Random(plan.seed)
        self._stacked = [(fault, plan.rate(fault)) for fault in Fault if plan.rate(fault) > 0]
        self._lock = threading.Lock()

    def draw(self) -> Fault | None:
        """The fault for the next request, or None for a normal answer."""
        with self._lock:
            point = self._random.random()
        for fault, rate in self._stacked:
            if point < rate:
                return fault
            point -= rate
        return None
