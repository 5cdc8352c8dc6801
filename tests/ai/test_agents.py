"""Agents (ai.md): legal actions only, greedy clearly beats random, no peeking."""

from __future__ import annotations

import random

from cardavia.ai.registry import make_agent
from cardavia.ai.selfplay import selfplay
from cardavia.games.registry import find_game
from cardavia.games.sisepai.state import SiSePaiState

GAME = find_game("sisepai")


def test_greedy_beats_three_random_agents() -> None:
    """Greedy in seat 0 against three random agents wins far above the fair share of 1/4."""
    report = selfplay(GAME, 200, 1000, ["greedy", "random", "random", "random"])
    assert report["errors"] == 0
    assert report["wins"][0] / 200 > 0.4
    assert report["wins"][0] > 5 * max(report["wins"][1:])


def test_greedy_always_wins_when_it_can() -> None:
    """A-SSP-11: the AI always takes a win."""
    agent = make_agent("greedy", "sisepai", 0)
    for seed in range(100):
        state = GAME.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if "win" in legal:
                assert agent.act(state.observation(seat), legal) == "win"
            state.apply(seat, rng.choice(legal))


def test_no_peek_same_observation_same_decision() -> None:
    """ai.md no-peek test: states that differ only in hidden cards give the same decision."""
    for seed in range(60):
        state = GAME.new_deal(seed)
        assert isinstance(state, SiSePaiState)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            world = state.sample_world(seat, random.Random(seed))
            a = make_agent("greedy", "sisepai", 7).act(state.observation(seat), legal)
            b = make_agent("greedy", "sisepai", 7).act(
                world.observation(seat), world.legal_actions(seat)
            )
            assert a == b
            state.apply(seat, rng.choice(legal))
