"""The agent protocol and the registry of agents by name."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol


class Agent(Protocol):
    name: str

    def act(self, observation: dict[str, Any], legal: list[str]) -> str:
        """Choose one of `legal` from what the seat has seen."""
        ...


class RandomAgent:
    """Uniformly random legal actions: the weakest reference."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: dict[str, Any], legal: list[str]) -> str:
        return self.rng.choice(legal)


# The greedy policy of each game, imported when first asked for.
GREEDY = {
    "sisepai": ("cardavia.ai.sisepai", "GreedySiSePai"),
    "paohuzi": ("cardavia.ai.paohuzi", "GreedyPaohuzi"),
    "nantong": ("cardavia.ai.nantong", "GreedyNantong"),
    "chuopai": ("cardavia.ai.chuopai", "GreedyChuoPai"),
}


def _greedy(game: str, rng: random.Random) -> Agent:
    try:
        module, name = GREEDY[game]
    except KeyError:
        raise KeyError(f"no greedy agent for {game!r}") from None
    agent: Agent = getattr(importlib.import_module(module), name)(rng)
    return agent


AGENTS: dict[str, Callable[[str, random.Random], Agent]] = {
    "random": lambda game, rng: RandomAgent(rng),
    "greedy": _greedy,
}


def make_agent(name: str, game: str, seed: int = 0) -> Agent:
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})") from None
    return factory(game, random.Random(seed))
