"""Talking to models: named queries with typed answers over any OpenAI-compatible endpoint,
with retries, budgets, usage and cost, cassettes, and a scripted server for tests."""

from typing import TYPE_CHECKING, Any

from webagent.llm.budget import Budget
from webagent.llm.config import ModelConfig
from webagent.llm.queries import ANSWER, SUMMARIZE, Query, ToolCall
from webagent.llm.usage import CallUsage, Price, PriceTable, Totals, UsageLedger

if TYPE_CHECKING:
    from webagent.llm.client import ModelClient, extract_json


def __getattr__(name: str) -> Any:
    """`ModelClient` and `extract_json` load the openai SDK only when asked for, so code that
    only reads queries and usage (the TUI, events) does not import it."""
    if name in ("ModelClient", "extract_json"):
        from webagent.llm import client

        return getattr(client, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ANSWER",
    "SUMMARIZE",
    "Budget",
    "CallUsage",
    "ModelClient",
    "ModelConfig",
    "Price",
    "PriceTable",
    "Query",
    "ToolCall",
    "Totals",
    "UsageLedger",
    "extract_json",
]
