"""Scripted solutions ("oracles") for a local site's tasks: steps in the step language of
`webagent.sites.steps`, and the final response.

    {"tasks": {"12": {"steps": [{"goto": "__SHOPPING__/sales/order/history/"},
                                {"click": {"role": "link", "name": "View Order",
                                           "line_contains": "000000178"}}],
                      "response": {"task_type": "RETRIEVE", "status": "SUCCESS",
                                   "retrieved_data": [65.32]}}}}

A solution with `login` true starts signed in as the site's standard user (through the
site's sign-in recipe, like every other run).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from webagent.errors import ConfigError
from webagent.sites.steps import Step
from webagent.webarena.response import AgentResponse


class Solution(BaseModel):
    """How to do one task: its steps and the final response."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    steps: tuple[Step, ...] = ()
    response: dict[str, Any]
    login: bool = True

    @property
    def agent_response(self) -> AgentResponse:
        data = self.response
        retrieved = data.get("retrieved_data")
        return AgentResponse(
            task_type=data["task_type"],
            status=data.get("status", "SUCCESS"),
            retrieved_data=tuple(retrieved) if retrieved is not None else None,
            error_details=data.get("error_details"),
        )


class OracleFile(BaseModel):
    """A site's oracle file: a solution per task id. (Signing in is the site's sign-in
    recipe's, as for every run.)"""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tasks: dict[int, Solution]


def load_oracle(path: Path) -> OracleFile:
    """Read and validate an oracle file; `ConfigError` says where it is wrong."""
    try:
        return OracleFile.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError as error:
        raise ConfigError(f"no oracle file at {path}") from error
    except json.JSONDecodeError as error:
        raise ConfigError(f"{path} is not JSON: {error}") from error
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ConfigError(f"{path}: {where}: {first['msg']}") from error
