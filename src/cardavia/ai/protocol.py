"""The agent protocols: what an agent is, what a searching agent is handed, and the random agent.

An agent sees only its own seat's observation and legal actions, never a `State`; a searching
agent may also ask for worlds consistent with that seat's view (`Sampler`). Which agents exist,
by name, is `cardavia.ai.registry`; each game's own policies are `cardavia.ai.games.<game>`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from cardavia.rules.core import State
from cardavia.rules.types import ObservationBase

# A narrow capability handed to a searching agent: `sample(rng)` returns a full state
# consistent with what its seat has seen (`state.sample_world(seat, rng)`), never the truth.
Sampler = Callable[[random.Random], State]


class Agent(Protocol):
    name: str

    def act(self, observation: ObservationBase, legal: list[str]) -> str:
        """Choose one of `legal` from what the seat has seen (a game's own agent reads its
        game's observation: `games.<id>.observation.narrow`)."""
        ...


@runtime_checkable
class WorldAgent(Protocol):
    """An agent that can also search over worlds sampled from its own seat's view."""

    name: str

    def act(self, observation: ObservationBase, legal: list[str]) -> str: ...

    def act_with_worlds(
        self, observation: ObservationBase, legal: list[str], sample: Sampler
    ) -> str: ...


class RandomAgent:
    """Uniformly random legal actions: the weakest reference."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: ObservationBase, legal: list[str]) -> str:
        return self.rng.choice(legal)
