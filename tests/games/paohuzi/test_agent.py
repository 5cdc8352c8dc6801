"""The greedy Paohuzi agent (ai.md): legal actions only, always wins (decision A-PHZ-14), claims
and discards by its huxi-aware distance (PHZ-11), and clearly beats random agents."""

from __future__ import annotations

import random

import pytest

from cardavia.ai.games.paohuzi import EfficientPaohuzi, GreedyPaohuzi
from cardavia.ai.play import play_deal
from cardavia.ai.protocol import Agent, RandomAgent
from tests.games.paohuzi.helpers import GAME, build


def test_greedy_beats_two_random_agents() -> None:
    """PHZ-11 (the agent's distance to seven groups and 15 huxi); ai.md: greedy in seat 0
    against two random agents wins far above the fair third."""
    wins = [0, 0, 0]
    for seed in range(80):
        agents: list[Agent] = [
            GreedyPaohuzi(random.Random(seed)),
            RandomAgent(random.Random(seed + 1)),
            RandomAgent(random.Random(seed + 2)),
        ]
        result = play_deal(GAME, seed, agents).result()
        assert result is not None
        if result.winner is not None:
            wins[result.winner] += 1
    assert wins[0] / 80 > 0.3
    assert wins[0] > 5 * max(wins[1:])


@pytest.mark.parametrize(("policy", "deals"), [(GreedyPaohuzi, 40), (EfficientPaohuzi, 60)])
def test_always_wins_and_plays_legal_actions(policy: type[GreedyPaohuzi], deals: int) -> None:
    """PHZ-11; decision A-PHZ-14 (winning is optional, and the AI always wins): over random
    play, whenever a win is legal the agent takes it; ai.md: only legal actions."""
    agent = policy(random.Random(0))
    seen_win = 0
    for seed in range(deals):
        state = GAME.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = rng.choice(state.to_act())
            legal = state.legal_actions(seat)
            choice = agent.act(state.observation(seat), legal)
            assert choice in legal
            if "win" in legal:
                assert choice == "win"
                seen_win += 1
            state.apply(seat, rng.choice(legal))
    assert seen_win > 0


def test_greedy_claims_what_brings_it_closer() -> None:
    """PHZ-7, PHZ-11: offered chi s4 s5 s6 (a partial group completed), greedy chis; with two
    partial groups waiting on s5 it chis one of them; with nothing to claim it is not asked."""
    state = build(
        hands={1: "s4 s6 s8 s8 L1 L2 L3 s1 s2 s3"}, stock="s5", turn=(0, "reveal")
    ).state()
    agent = GreedyPaohuzi(random.Random(0))
    legal = state.legal_actions(1)
    assert "chi s4 s5 s6" in legal
    assert agent.act(state.observation(1), legal) == "chi s4 s5 s6"
    state = build(hands={1: "s4 s6 L1 L2 L3 s1 s2 s3"}, stock="L5", turn=(0, "reveal")).state()
    assert state.legal_actions(1) == []  # nothing to claim: not even asked
    state = build(hands={1: "s3 s4 s6 s7 L1 L2 L3"}, stock="s5", turn=(0, "reveal")).state()
    legal = state.legal_actions(1)
    assert "pass" in legal and len(legal) > 1
    choice = GreedyPaohuzi(random.Random(0)).act(state.observation(1), legal)
    assert choice in ("chi s3 s4 s5", "chi s5 s6 s7")


def test_greedy_takes_a_pao() -> None:
    """PHZ-4 (pao replaces a kan's 3 with 6): greedy takes an offered pao on its kan."""
    state = build(hands={1: "s4 s4 s4 s7 L9"}, stock="s4", turn=(0, "reveal")).state()
    legal = state.legal_actions(1)
    assert legal == ["pao s4", "pass"]
    assert GreedyPaohuzi(random.Random(0)).act(state.observation(1), legal) == "pao s4"
