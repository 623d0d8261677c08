"""Scoring one run with the `webarena-verified` package's own evaluators.

The package's `WebArenaVerified` facade accepts only its own 812-task file, so for any other
task file (the demo shop's, a user's) a `TaskEvalContext` is built here and handed to
`WebArenaVerifiedEvaluator.evaluate_task`. The evaluators read the agent's response and the
browser's HAR: nothing is re-implemented, so a score here is a score there.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webagent.errors import ConfigError
from webagent.webarena.response import AgentResponse
from webagent.webarena.tasks import Task

if TYPE_CHECKING:
    from webarena_verified.api.internal.evaluator import WebArenaVerifiedEvaluator

# webarena-verified is imported where it scores, not with this module: importing it takes a
# second and more, which every process that only reads tasks or answers would pay.


@dataclass(frozen=True, slots=True)
class Check:
    """One evaluator's verdict, with its messages when it failed."""

    evaluator: str
    score: float
    status: str
    messages: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TaskScore:
    """The score of one run (1.0 or 0.0) and each evaluator's part in it."""

    task_id: int
    score: float
    status: str  # success | failure | error
    checks: tuple[Check, ...]
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.score == 1.0

    def explain(self) -> str:
        """One line per failed check, for reports."""
        if self.error:
            return self.error
        lines = []
        for check in self.checks:
            if check.score < 1.0:
                detail = "; ".join(check.messages) or check.status
                lines.append(f"{check.evaluator}: {detail}")
        return "\n".join(lines)


class Scorer:
    """Scores runs against sites deployed at the given base URLs (`{"shopping": "http://..."}`)."""

    def __init__(self, site_urls: Mapping[str, str]) -> None:
        from webarena_verified.types.config import EnvironmentConfig, WebArenaVerifiedConfig
        from webarena_verified.types.task import WebArenaSite

        environments = {}
        for site, url in site_urls.items():
            try:
                environments[WebArenaSite(site)] = EnvironmentConfig(urls=[url.rstrip("/")])
            except ValueError as error:
                raise ConfigError(f"unknown WebArena site {site!r}") from error
        self._config = WebArenaVerifiedConfig(environments=environments)

    @cached_property
    def _evaluator(self) -> WebArenaVerifiedEvaluator:
        # The reader loads the package's own dataset; only its config is used for our tasks.
        from webarena_verified.api.internal.data_reader import WebArenaVerifiedDataReader
        from webarena_verified.api.internal.evaluator import WebArenaVerifiedEvaluator

        _quiet_package_logging()
        reader = WebArenaVerifiedDataReader(self._config)
        return WebArenaVerifiedEvaluator(config=self._config, reader=reader)

    def score(
        self, task: Task, response: AgentResponse | Mapping[str, Any] | str | None, har: Path
    ) -> TaskScore:
        """Score one run: the task, the agent's final response and the HAR of its session."""
        from webarena_verified.types.eval import TaskEvalContext
        from webarena_verified.types.tracing import NetworkTrace

        raw: Any = response.to_json() if isinstance(response, AgentResponse) else response
        if isinstance(raw, Mapping):
            raw = dict(raw)
        try:
            trace = NetworkTrace.from_content(Path(har))
        except (OSError, ValueError, KeyError) as error:
            return TaskScore(task.task_id, 0.0, "error", (), f"cannot read the HAR {har}: {error}")
        context = TaskEvalContext(
            task=task, agent_response_raw=raw, network_trace=trace, config=self._config
        )
        with warnings.catch_warnings():
            # url-normalize calls idna with a deprecated flag; under `-W error` (as in our
            # tests, or a user's) that warning would turn into an evaluator error and a 0.
            warnings.simplefilter("ignore", DeprecationWarning)
            result = self._evaluator.evaluate_task(context=context)
        checks = tuple(
            Check(
                evaluator=item.evaluator_name,
                score=item.score,
                status=str(item.status),
                messages=tuple(
                    message
                    for assertion in item.assertions or ()
                    if assertion.status != "success"
                    for message in (assertion.assertion_msgs or (assertion.assertion_name,))
                )
                + ((item.error_msg,) if item.error_msg else ()),
            )
            for item in result.evaluators_results
        )
        return TaskScore(
            task_id=task.task_id,
            score=float(result.score),
            status=str(result.status),
            checks=checks,
            error=result.error_msg,
        )


def _quiet_package_logging() -> None:
    """webarena-verified logs every step at INFO; keep its warnings only."""
    logging.getLogger("webarena_verified").setLevel(logging.WARNING)
