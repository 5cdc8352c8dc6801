"""The greedy Chuo Pai agent (ai.md): legal actions only, clearly stronger than random, no
peeking, and the few habits it is built on."""

from __future__ import annotations

import random
from typing import Any

from cardavia.ai.games.chuopai import GreedyChuoPai
from cardavia.ai.play import play_deal
from cardavia.ai.protocol import Agent, RandomAgent
from tests.games.chuopai.helpers import GAME, deal_in_progress, state_of

DEALS = 150


def test_greedy_beats_two_random_agents() -> None:
    """ai.md; CP§1.1 (ties shared), CP§4.2: greedy, seated in turn in every seat against two
    random agents, wins far above the fair share of 1/3; every action it picks is legal."""
    share = 0.0
    for i in range(DEALS):
        seat = i % 3
        agents: list[Agent] = [RandomAgent(random.Random(i * 3 + s)) for s in range(3)]
        agents[seat] = GreedyChuoPai(random.Random(i))
        result = play_deal(GAME, 5000 + i, agents).result()
        assert result is not None
        tops = [s for s in range(3) if result.scores[s] == max(result.scores)]
        share += (seat in tops) / len(tops)
    assert share / DEALS > 0.45


def test_no_peek_same_observation_same_decision() -> None:
    """ai.md no-peek test; CP§3.2 (passes narrow the worlds): worlds that differ from the true
    one only in hidden cards give the same decision."""
    for seed in range(25):
        state = GAME.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over():
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            world = state.sample_world(seat, random.Random(seed))
            a = GreedyChuoPai(random.Random(7)).act(state.observation(seat), legal)
            b = GreedyChuoPai(random.Random(7)).act(
                world.observation(seat), world.legal_actions(seat)
            )
            assert a == b and a in legal
            state.apply(seat, rng.choice(legal))


def _choice(position: dict[str, Any], seat: int) -> str:
    state = state_of(position)
    return GreedyChuoPai(random.Random(0)).act(state.observation(seat), state.legal_actions(seat))


def test_leads_the_biggest_play_nobody_can_beat() -> None:
    """CP§3.2, CP§4.1: with every other Heaven out of play, Heaven ×2 is safe and banks 2."""
    assert (
        _choice(deal_in_progress(0, {"A": "6-6 6-6 2-3 1-1", "B": "2-5 3-4", "C": "1-1 3-4"}), 0)
        == "play 6-6 6-6"
    )


def test_loses_the_lead_with_a_single_weak_card() -> None:
    """CP§3.2, CP§4.1: when every lead can be beaten, lead one weak card rather than a pair."""
    choice = _choice(
        deal_in_progress(
            0, {"A": "2-2 2-2 2-3 5-5", "B": "6-6 6-6 3-6 2-5", "C": "1-1 1-1 4-4 4-4"}
        ),
        0,
    )
    assert choice in ("play 2-2", "play 2-3", "play 5-5")


def test_beats_with_the_cheapest_play_when_last_to_act() -> None:
    """CP§3.2, CP B-7: as the last responder any beating play wins; keep the Heaven."""
    state = state_of(deal_in_progress(0, {"A": "4-4 6-6 2-2", "B": "1-1 6-6 2-3"}))
    state.apply(0, "play 4-4")
    assert state.legal_actions(1) == ["play 1-1", "play 6-6"]
    assert (
        GreedyChuoPai(random.Random(0)).act(state.observation(1), state.legal_actions(1))
        == "play 1-1"
    )


def test_beats_with_the_play_that_holds_when_someone_is_still_to_act() -> None:
    """CP§3.2, CP B-7: with C still to act and a Heaven unseen, the Earth would be beaten; the
    Heaven wins the round."""
    state = state_of(
        deal_in_progress(0, {"A": "4-4 2-2 2-5", "B": "1-1 6-6 2-3", "C": "6-6 2-3 3-4"})
    )
    state.apply(0, "play 4-4")
    assert (
        GreedyChuoPai(random.Random(0)).act(state.observation(1), state.legal_actions(1))
        == "play 6-6"
    )
