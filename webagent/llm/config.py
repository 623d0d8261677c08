"""How to reach a model: endpoint, credentials, sampling and fault handling settings."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

Structured = Literal["auto", "json_schema", "text"]
DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_MODELS = ("webagent-scripted",)
"""The model names the scripted server (`webagent.llm.server`) lists unless told others."""


@dataclass(frozen=True, slots=True)
class ModelConfig:
    """One model endpoint (any OpenAI-compatible server) and how to talk to it.

    `structured`: "json_schema" uses structured outputs, "text" asks for JSON in the prompt
    and validates it, "auto" starts with structured outputs and falls back to text when the
    server refuses them. `secrets` are strings never to be written to cassettes or logs.
    """

    model: str = DEFAULT_MODEL
    base_url: str | None = None
    api_key: str | None = None
    temperature: float = 0.0
    max_tokens: int | None = 2048
    timeout: float = 60.0
    max_retries: int = 6
    backoff_base: float = 0.5
    backoff_max: float = 30.0
    max_reasks: int = 2
    structured: Structured = "auto"
    secrets: tuple[str, ...] = ()

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> ModelConfig:
        """Defaults, then `OPENAI_API_KEY`, `OPENAI_BASE_URL`, `WEBAGENT_MODEL`, then overrides
        (None values in `overrides` are ignored, so CLI options can be passed straight on)."""
        env = os.environ if env is None else env
        config = cls(
            model=env.get("WEBAGENT_MODEL", DEFAULT_MODEL),
            base_url=env.get("OPENAI_BASE_URL") or None,
            api_key=env.get("OPENAI_API_KEY") or None,
        )
        given = {key: value for key, value in overrides.items() if value is not None}
        return replace(config, **given)  # type: ignore[arg-type]

    @property
    def key_for_client(self) -> str:
        """The key sent to the endpoint; local servers need none, the SDK needs a string."""
        return self.api_key or "not-needed"
