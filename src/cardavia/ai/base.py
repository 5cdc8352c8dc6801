"""The agent protocol and the registry of agents by name."""

from __future__ import annotations

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


def _greedy(game: str, rng: random.Random) -> Agent:
    if game == "sisepai":
        from cardavia.ai.sisepai import GreedySiSePai

        return GreedySiSePai(rng)
    raise KeyError(f"no greedy agent for {game!r}")


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
