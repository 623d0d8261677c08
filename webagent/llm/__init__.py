"""Talking to models: named queries with typed answers over any OpenAI-compatible endpoint,
with retries, budgets, usage and cost, cassettes, and a scripted server for tests."""

from typing import TYPE_CHECKING, Any

from webagent.llm.budget import Budget
from webagent.llm.config import ModelConfig
from webagent.llm.usage import CallUsage, Price, PriceTable, Totals, UsageLedger

if TYPE_CHECKING:
    from webagent.llm.client import ModelClient, extract_json
    from webagent.llm.queries import ANSWER, SUMMARIZE, Query, ToolCall

_LAZY = {
    "ModelClient": "webagent.llm.client",
    "extract_json": "webagent.llm.client",
    "ANSWER": "webagent.llm.queries",
    "SUMMARIZE": "webagent.llm.queries",
    "Query": "webagent.llm.queries",
    "ToolCall": "webagent.llm.queries",
}


def __getattr__(name: str) -> Any:
    """`ModelClient` and `extract_json` load the openai SDK only when asked for, so code that
    only reads queries and usage (the TUI, events) does not import it; the queries load
    pydantic only when asked for, so a model's configuration (the command line's options)
    is light."""
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
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
