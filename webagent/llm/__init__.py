"""Talking to models: named queries with typed answers over any OpenAI-compatible endpoint,
with retries, budgets, usage and cost, cassettes, and a scripted server for tests."""

from webagent.llm.budget import Budget
from webagent.llm.client import ModelClient, extract_json
from webagent.llm.config import ModelConfig
from webagent.llm.queries import ACT, ANSWER, SUMMARIZE, Query, ToolCall
from webagent.llm.usage import CallUsage, Price, PriceTable, Totals, UsageLedger

__all__ = [
    "ACT",
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
