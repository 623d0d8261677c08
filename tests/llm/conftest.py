"""Fixtures for the model layer: scripted servers on loopback and clients that talk to them
over HTTP with the real openai SDK, sleeping through `SleepRecorder`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.llm.doubles import TIMEOUT, ClientFactory, ServerFactory, SleepRecorder
from webagent.llm import Budget, ModelClient, ModelConfig, UsageLedger
from webagent.llm.server import ModelServer, start_model_server
from webagent.observation import count_tokens


@pytest.fixture(scope="session", autouse=True)
def _warm_tokenizer() -> None:
    # The server counts tokens; the first count loads the o200k table (about half a second),
    # which would make the session's first request outlast the client's timeout.
    count_tokens("warm up")


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()


@pytest.fixture
def serve_model() -> Iterator[ServerFactory]:
    """Start scripted servers (`start_model_server` options); all are stopped afterwards."""
    servers: list[ModelServer] = []

    def start(**options: Any) -> ModelServer:
        server = start_model_server(**options)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def client_for(sleeps: SleepRecorder) -> Iterator[ClientFactory]:
    """Clients of a server (or a base URL) with the recording sleep and a short timeout;
    `config` overrides `ModelConfig` fields. All are closed afterwards."""
    clients: list[ModelClient] = []

    def make(
        target: ModelServer | str | None,
        *,
        record: Path | None = None,
        replay: Path | None = None,
        budget: Budget | None = None,
        ledger: UsageLedger | None = None,
        seed: int = 1,
        **config: Any,
    ) -> ModelClient:
        base_url = target.url if isinstance(target, ModelServer) else target
        settings: dict[str, Any] = {"model": "gpt-4o-mini", "timeout": TIMEOUT, **config}
        client = ModelClient(
            ModelConfig(base_url=base_url, **settings),
            budget=budget,
            ledger=ledger,
            record=record,
            replay=replay,
            sleep=sleeps,
            seed=seed,
        )
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()
