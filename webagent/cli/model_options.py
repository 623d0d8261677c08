"""The model options every command that talks to a model shares, and the client they build."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from webagent.llm import ModelConfig

if TYPE_CHECKING:
    from webagent.llm import ModelClient


def add_model_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "model", "any OpenAI-compatible endpoint; OPENAI_API_KEY and OPENAI_BASE_URL are read too"
    )
    group.add_argument("--model", default=None, help="model name (default: $WEBAGENT_MODEL)")
    group.add_argument("--base-url", default=None, help="endpoint (default: $OPENAI_BASE_URL)")
    group.add_argument("--temperature", type=float, default=None, help="sampling temperature")
    group.add_argument("--max-tokens", type=int, default=None, help="answer length limit")
    group.add_argument("--timeout", type=float, default=None, help="seconds per request")
    group.add_argument(
        "--max-retries", type=int, default=None, help="retries of a failed request (default 6)"
    )
    group.add_argument(
        "--structured",
        choices=("auto", "json_schema", "text"),
        default=None,
        help="structured outputs, JSON in text, or auto (fall back when refused)",
    )


def model_config(args: argparse.Namespace) -> ModelConfig:
    return ModelConfig.from_env(
        model=args.model,
        base_url=args.base_url,
        temperature=args.temperature,
        max_tokens=args.max_tokens,
        timeout=args.timeout,
        max_retries=args.max_retries,
        structured=args.structured,
    )


def model_client(args: argparse.Namespace) -> ModelClient:
    from webagent.llm import ModelClient  # heavy (the openai SDK): when a command runs

    return ModelClient(model_config(args))
