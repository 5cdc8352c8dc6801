"""Playing whole deals between agents (self-play, benchmarks, tests)."""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.ai.base import Agent
from cardavia.rules.core import Game, State


def play_deal(game: Game, seed: int, agents: Sequence[Agent], dealer: int | None = None) -> State:
    """Deal from `seed` and let each seat's agent answer from its own observation."""
    state = game.new_deal(seed, dealer)
    return play_out(state, agents)


def play_out(state: State, agents: Sequence[Agent]) -> State:
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, agents[seat].act(state.observation(seat), legal))
    return state
