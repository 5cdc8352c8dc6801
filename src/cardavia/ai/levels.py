"""The levels a player can choose (ai.md layer 4) and search agents spelled out by settings.

- easy: the greedy policy with noise (a random legal action now and then, never a missed win);
- normal: search with a short budget, starting from the tile-efficient greedy policy;
- hard: search with the full budget (decision latency p95 at most 1 s on a 2-core machine).
"""

from __future__ import annotations

import random
from typing import Any

from cardavia.ai import games
from cardavia.ai.protocol import Agent
from cardavia.ai.search import SearchAgent, SearchSettings
from cardavia.rules.types import ObservationBase

LEVELS = ("easy", "normal", "hard")  # offered to players
# Also accepted by the API: the plain greedy policy, deterministic, so that a seeded deal
# (`?seed=`: bug reports, tests) plays the same way every time. Not offered to players.
BASELINE = "greedy"
API_LEVELS = (*LEVELS, BASELINE)
# How often the easy level plays a random legal action instead of the greedy one.
EASY_NOISE = 0.3
# Worlds per decision, capped by the wall clock (a busy machine plays a little weaker rather
# than slower). The caps keep decision latency p95 within 0.3 s and 1 s on 2 cores (docs/ai.md).
SETTINGS = {
    "normal": SearchSettings(samples=24, budget_s=0.2),
    "hard": SearchSettings(samples=96, budget_s=0.8),
}


class NoisyGreedy:
    """Greedy, except that a share of decisions is a random legal action (never a missed win)."""

    name = "easy"

    def __init__(self, game: str, rng: random.Random, noise: float = EASY_NOISE) -> None:
        self.rng = rng
        self.noise = noise
        self.greedy = games.greedy(game, random.Random(rng.randrange(2**32)))

    def act(self, observation: ObservationBase, legal: list[str]) -> str:
        if "win" not in legal and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        return self.greedy.act(observation, legal)


def level_agent(level: str, game: str, rng: random.Random) -> Agent:
    if level == BASELINE:
        return games.greedy(game, random.Random(rng.randrange(2**32)))
    if level == "easy":
        return NoisyGreedy(game, rng)
    agent = SearchAgent(game, rng, SETTINGS[level])
    agent.name = level
    return agent


SPEC_KEYS = {"samples": int, "budget": float, "depth": int, "z": float}


def search_from_spec(spec: str, game: str, rng: random.Random) -> SearchAgent:
    """`search:samples=32,budget=0.5,depth=12,z=1` (a key set to `none` is unlimited)."""
    values: dict[str, Any] = {"samples": None, "budget": None, "depth": None, "z": 2.0}
    body = spec.removeprefix("search:")
    for part in filter(None, body.split(",")):
        key, _, text = part.partition("=")
        if key not in SPEC_KEYS:
            raise KeyError(
                f"unknown search setting {key!r} in {spec!r} (known: {', '.join(SPEC_KEYS)})"
            )
        try:
            values[key] = None if text == "none" else SPEC_KEYS[key](text)
        except ValueError:
            raise KeyError(f"bad value {text!r} for {key} in {spec!r}") from None
    try:
        settings = SearchSettings(values["samples"], values["budget"], values["depth"], values["z"])
    except ValueError as err:
        raise KeyError(f"{spec!r}: {err}") from None
    agent = SearchAgent(game, rng, settings)
    agent.name = spec
    return agent
