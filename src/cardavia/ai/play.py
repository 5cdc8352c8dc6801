"""Playing whole deals between agents (self-play, arena, benchmarks, tests)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeGuard

from cardavia.ai.protocol import Agent, Sampler, WorldAgent
from cardavia.rules.core import Game, State


def play_deal(game: Game, seed: int, agents: Sequence[Agent], dealer: int | None = None) -> State:
    """Deal from `seed` and let each seat's agent answer from its own observation."""
    state = game.new_deal(seed, dealer)
    return play_out(state, agents)


def play_out(state: State, agents: Sequence[Agent]) -> State:
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, decide(state, seat, agents[seat]))
    return state


def decide(state: State, seat: int, agent: Agent) -> str:
    """The agent's action for `seat`: searching agents get worlds from that seat's view only."""
    legal = state.legal_actions(seat)
    observation = state.observation(seat)
    if _searches(agent):
        return agent.act_with_worlds(observation, legal, sampler_for(state, seat))
    return agent.act(observation, legal)


# Whether agents of a class search (`WorldAgent`), by class: `isinstance` against a runtime
# Protocol walks the protocol's members every time (about 10 µs on Python 3.11), more than a
# whole decision of the random agent, and `decide` asks at every decision.
_SEARCHES: dict[type, bool] = {}


def _searches(agent: Agent) -> TypeGuard[WorldAgent]:
    kind = type(agent)
    known = _SEARCHES.get(kind)
    if known is None:
        known = _SEARCHES[kind] = isinstance(agent, WorldAgent)
    return known


def sampler_for(state: State, seat: int) -> Sampler:
    """The capability handed to a searching agent: worlds consistent with `seat`'s view only."""

    def sample(rng: random.Random) -> State:
        return state.sample_world(seat, rng)

    return sample
