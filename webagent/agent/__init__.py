"""One task, end to end: the controller with a real tab and a real model client."""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from webagent.agent.agent import AgentRun, run_agent


def __getattr__(name: str) -> Any:
    """The agent (the model client, the openai SDK) loads only when asked for, so that a
    recording's files and a task's metrics can be read without it (a benchmark's parent
    process, which only schedules and reports)."""
    if name in ("AgentRun", "run_agent"):
        from webagent.agent import agent

        return getattr(agent, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["AgentRun", "run_agent"]
