"""The agent protocols and the registry of agents by name."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from cardavia.rules.core import State

# A narrow capability handed to a searching agent: `sample(rng)` returns a full state
# consistent with what its seat has seen (`state.sample_world(seat, rng)`), never the truth.
Sampler = Callable[[random.Random], State]


class Agent(Protocol):
    name: str

    def act(self, observation: dict[str, Any], legal: list[str]) -> str:
        """Choose one of `legal` from what the seat has seen."""
        ...


@runtime_checkable
class WorldAgent(Protocol):
    """An agent that can also search over worlds sampled from its own seat's view."""

    name: str

    def act(self, observation: dict[str, Any], legal: list[str]) -> str: ...

    def act_with_worlds(self, observation: dict[str, Any], legal: list[str],
                        sample: Sampler) -> str: ...


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


def _level(level: str) -> Callable[[str, random.Random], Agent]:
    def factory(game: str, rng: random.Random) -> Agent:
        from cardavia.ai.levels import level_agent

        return level_agent(level, game, rng)

    return factory


# The greedy policies with tile efficiency (where a game has one yet): the search's own default.
EFFICIENT = {
    "sisepai": ("cardavia.ai.sisepai", "EfficientSiSePai"),
    "nantong": ("cardavia.ai.nantong", "EfficientNantong"),
    "chuopai": ("cardavia.ai.chuopai", "EfficientChuoPai"),
    "paohuzi": ("cardavia.ai.paohuzi", "EfficientPaohuzi"),
}


def _efficient(game: str, rng: random.Random) -> Agent:
    module, name = EFFICIENT.get(game) or GREEDY[game]
    agent: Agent = getattr(importlib.import_module(module), name)(rng)
    return agent


AGENTS: dict[str, Callable[[str, random.Random], Agent]] = {
    "random": lambda game, rng: RandomAgent(rng),
    "greedy": _greedy,
    "efficient": _efficient,
    "easy": _level("easy"),
    "normal": _level("normal"),
    "hard": _level("hard"),
}


def make_agent(name: str, game: str, seed: int = 0) -> Agent:
    """An agent by name (`AGENTS`), or a search spelled out: `search:samples=32,budget=0.5`."""
    if name.startswith("search:"):
        from cardavia.ai.levels import search_from_spec

        return search_from_spec(name, game, random.Random(seed))
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))}, "
                       "search:…)") from None
    return factory(game, random.Random(seed))
