"""One task, end to end: the controller with a real tab and a real model client."""

from webagent.agent.agent import AgentRun, run_agent

__all__ = ["AgentRun", "run_agent"]
