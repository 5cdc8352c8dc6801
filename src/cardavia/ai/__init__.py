"""AI opponents. An agent sees only its own observation and legal actions, never a `State`."""

from cardavia.ai.base import Agent, make_agent

__all__ = ["Agent", "make_agent"]
