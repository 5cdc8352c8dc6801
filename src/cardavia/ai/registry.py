"""The agents by name: `make_agent("greedy", game, seed)` (`cardavia selfplay`, the arena, the
table's levels).

A name is one of `AGENTS` or a search spelled out (`search:samples=32,budget=0.5`). The
game-specific policies come from the game's own module, `cardavia.ai.games.<game>`, found by
the game's id; nothing here names a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardavia.ai import games
from cardavia.ai.levels import level_agent, search_from_spec
from cardavia.ai.protocol import Agent, RandomAgent


def _level(level: str) -> Callable[[str, random.Random], Agent]:
    def factory(game: str, rng: random.Random) -> Agent:
        return level_agent(level, game, rng)

    return factory


AGENTS: dict[str, Callable[[str, random.Random], Agent]] = {
    "random": lambda game, rng: RandomAgent(rng),
    # the game's greedy policy, and with tile efficiency (where it has one): the search's default
    **games.POLICIES,
    "easy": _level("easy"),
    "normal": _level("normal"),
    "hard": _level("hard"),
}


def make_agent(name: str, game: str, seed: int = 0) -> Agent:
    """An agent by name (`AGENTS`), or a search spelled out: `search:samples=32,budget=0.5`."""
    if name.startswith("search:"):
        return search_from_spec(name, game, random.Random(seed))
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(
            f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))}, search:…)"
        ) from None
    return factory(game, random.Random(seed))
