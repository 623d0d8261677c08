"""webagent: a browser agent that plans, reflects, and asks before anything irreversible."""

__version__ = "0.1.0"
