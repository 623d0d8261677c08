"""Per-task limits on model calls, tokens and cost: a run stops cleanly, saying which."""

from __future__ import annotations

from dataclasses import dataclass

from webagent.errors import BudgetExceeded
from webagent.llm.usage import UsageLedger


@dataclass(frozen=True, slots=True)
class Budget:
    """Limits for one task; None means no limit."""

    max_calls: int | None = None
    max_tokens: int | None = None
    max_cost: float | None = None

    def check(self, ledger: UsageLedger) -> None:
        """Raise `BudgetExceeded` if the task may not make another call."""
        totals = ledger.totals()
        if self.max_calls is not None and totals.calls >= self.max_calls:
            raise BudgetExceeded(f"call budget spent: {totals.calls} of {self.max_calls} calls")
        if self.max_tokens is not None and totals.total_tokens >= self.max_tokens:
            raise BudgetExceeded(
                f"token budget spent: {totals.total_tokens} of {self.max_tokens} tokens"
            )
        if self.max_cost is not None and totals.cost >= self.max_cost:
            raise BudgetExceeded(f"cost budget spent: ${totals.cost:.4f} of ${self.max_cost:.4f}")
