"""Each game's own agents, in a module named for the game: `cardavia.ai.games.<game id>`
(a hyphen in the id is an underscore in the module's name, as in `cardavia.games`).

Nothing here lists the games (`cardavia.games.registry.GAMES` does): a game's module is found
by its id, when first asked for. A game's module provides

- `GREEDY`: the greedy policy's class, built from a `random.Random` (required);
- `EFFICIENT`: the greedy policy with tile efficiency, the search's default (else `GREEDY`);
- `ROLLOUT_GREEDY`: true where the search rolls out with `GREEDY` rather than `EFFICIENT`,
  because the efficient policy is much slower and rollouts are most of a decision's cost
  (else false);
- `explain(observation, legal, action)`: the hint's reasons in the policies' own terms
  (`cardavia.ai.explain`; else the hint gives only the search's reason);
- `distance_to_win(observation)`: cards the seat still misses, the evaluation of truncated
  rollouts (optional);
- `grouped_cards(observation)`: the codes of the concealed cards that lie in a complete group of
  the hand: the review's measurement plants, as "breaking a complete group", a discard after
  which one of them lies in none (optional; without it, any discard may be planted).

Each is handed an observation of the base type (`cardavia.rules.types.ObservationBase`) and
reads it as its game's own TypedDict through `cardavia.games.<game>.observation.narrow`.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any, cast

from cardavia.ai.protocol import Agent
from cardavia.rules.types import ObservationBase

Policy = Callable[[random.Random], Agent]
Explainer = Callable[[ObservationBase, list[str], str], list[dict[str, Any]]]
Distance = Callable[[ObservationBase], float]


def module_name(game: str) -> str:
    """The name of the module of the game's own agents."""
    return f"{__name__}.{game.replace('-', '_')}"


def agents_of(game: str) -> ModuleType:
    """The module of the game's own agents; KeyError if the game has none."""
    name = module_name(game)
    if not game.replace("-", "_").isidentifier():
        raise KeyError(f"no agents for game {game!r}")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise  # the module exists but fails to import: not "no agents"
        raise KeyError(f"no agents for game {game!r} (no module {name})") from None


def greedy(game: str, rng: random.Random) -> Agent:
    """The game's greedy policy."""
    module = agents_of(game)
    try:
        policy = cast(Policy, module.GREEDY)
    except AttributeError:
        raise KeyError(f"no greedy agent for {game!r} ({module.__name__}.GREEDY)") from None
    return policy(rng)


def efficient(game: str, rng: random.Random) -> Agent:
    """The game's greedy policy with tile efficiency, where it has one, else its greedy one."""
    module = agents_of(game)
    policy = getattr(module, "EFFICIENT", None)
    return greedy(game, rng) if policy is None else cast(Policy, policy)(rng)


# The game's own policies, by their agent names (`cardavia.ai.registry.AGENTS`).
POLICIES: dict[str, Callable[[str, random.Random], Agent]] = {
    "greedy": greedy,
    "efficient": efficient,
}


def rollout_greedy(game: str) -> bool:
    """Does the search roll out with the greedy policy rather than the efficient one?"""
    return bool(getattr(agents_of(game), "ROLLOUT_GREEDY", False))


def explainer(game: str) -> Explainer | None:
    """The game's hint reasons, if it says any."""
    try:
        module = agents_of(game)
    except KeyError:
        return None
    found = getattr(module, "explain", None)
    return None if found is None else cast(Explainer, found)


def distance_measure(game: str) -> Distance | None:
    """The game's distance to a win, read from an observation, if its policies measure one."""
    found = getattr(agents_of(game), "distance_to_win", None)
    return None if found is None else cast(Distance, found)


def grouped_cards(game: str) -> Callable[[ObservationBase], frozenset[str]] | None:
    """The game's cards in complete groups of a hand, read from an observation, if it says."""
    found = getattr(agents_of(game), "grouped_cards", None)
    return None if found is None else cast(Callable[[ObservationBase], frozenset[str]], found)
