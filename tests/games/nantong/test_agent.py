"""The greedy Nantong agent (ai.md): legal actions only, always wins when it can, makes the
opening declarations and ready, clearly beats random agents, and never peeks."""

from __future__ import annotations

import random

from cardavia.ai.games.nantong import GreedyNantong
from cardavia.ai.play import play_deal
from cardavia.ai.protocol import Agent, RandomAgent
from cardavia.games.nantong.state import NantongState
from tests.games.nantong.helpers import GAME, build, state_of


def test_greedy_beats_two_random_agents() -> None:
    """ai.md: greedy in seat 0 against two random agents wins far above the fair share of 1/3
    and gains on average (NT§4.11 settlement)."""
    deals, wins, gain = 60, [0, 0, 0], 0
    for seed in range(deals):
        agents: list[Agent] = [
            GreedyNantong(random.Random(seed)),
            RandomAgent(random.Random(seed + 1)),
            RandomAgent(random.Random(seed + 2)),
        ]
        result = play_deal(GAME, seed, agents).result()
        assert result is not None
        if result.winner is not None:
            wins[result.winner] += 1
        gain += result.scores[0]
    assert wins[0] / deals > 0.45 and wins[0] > 5 * max(wins[1:])
    assert gain > 0


def test_greedy_always_wins_and_declares() -> None:
    """NT§2.3-§2.6, NT§3.1: the greedy agent always takes a win, makes every opening
    declaration and declares ready when offered, and plays only legal texts."""
    agent = GreedyNantong(random.Random(0))
    seen = {"win": 0, "declare": 0}
    for seed in range(80):
        state = GAME.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            choice = agent.act(state.observation(seat), legal)
            assert choice in legal
            if "win" in legal:
                assert choice == "win"
                seen["win"] += 1
            elif any(t.split()[0] in ("four", "three", "hezi") for t in legal):
                assert choice.split()[0] in ("four", "three", "hezi")
                seen["declare"] += 1
            elif "ready" in legal:
                assert choice == "ready"
            state.apply(seat, choice if seat == 0 else rng.choice(legal))
    assert all(seen.values()), seen
    # ready is rare in random deals: a dealt hand one card from a win (NT§2.6)
    waits_on_t = "1M 2M 3M 4M 5M 6M 7M 8M 9M 1S 2S 3S 4S 5S 6S 7C 8C 9C 2C×3 T"
    state = state_of(build(indicators="9S 5M", hands={1: waits_on_t}, start="opening"))
    assert state.legal_actions(1) == ["ready", "finish"]
    assert agent.act(state.observation(1), state.legal_actions(1)) == "ready"


def test_greedy_discards_the_useless_card_and_pongs_when_it_helps() -> None:
    """NT§1.1, NT§3.2; ai.md layer 2: discards minimise the distance to seven groups and a pair; a
    pong that brings the hand closer is taken."""
    hand = "1M 2M 3M 4M 5M 6M 7M 8M 1S 2S 3S 4S 5S 6S 7C 8C 9C W W 6C 6C"
    state = state_of(build(indicators="1S 9C", hands={0: hand}, draws="R", start="draw", turn=0))
    agent = GreedyNantong(random.Random(0))
    assert agent.act(state.observation(0), state.legal_actions(0)) == "discard R"
    pong = state_of(
        build(
            indicators="1S 9C",
            hands={0: "1M 2M 3M 4M 5M 6M 7M 8M 1S 2S 3S 4S 5S 6S 7C 8C 9C W W 6C 6C 2C", 1: "6C"},
            start="discard",
            turn=1,
            watch="6C",
        )
    )
    pong.apply(1, "discard 6C")
    assert pong.legal_actions(0) == ["pong 6C", "pass"]
    assert agent.act(pong.observation(0), pong.legal_actions(0)) == "pong 6C"
    # a pong that does not help is passed: 6C 6C are the pair of a hand one card from a win
    keep = state_of(
        build(
            indicators="1S 9M",
            hands={0: "1M 2M 3M 4M 5M 6M 1S 2S 3S 4S 5S 6S 7C 8C 9C 1C 2C 3C 7M 8M 6C 6C", 1: "6C"},
            start="discard",
            turn=1,
            watch="6C",
        )
    )
    keep.apply(1, "discard 6C")
    assert keep.legal_actions(0) == ["pong 6C", "pass"]
    assert agent.act(keep.observation(0), keep.legal_actions(0)) == "pass"


def test_no_peek_same_observation_same_decision() -> None:
    """NT§2.1; ai.md no-peek test: states that differ only in hidden cards give the same
    decision."""
    for seed in range(25):
        state: NantongState = GAME.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            world = state.sample_world(seat, random.Random(seed))
            a = GreedyNantong(random.Random(7)).act(state.observation(seat), legal)
            b = GreedyNantong(random.Random(7)).act(
                world.observation(seat), world.legal_actions(seat)
            )
            assert a == b
            state.apply(seat, rng.choice(legal))
