"""The greedy policies with tile efficiency (`efficient`, the search's default and rollout
policy): legal, never miss a win, no peeking, and the acceptance tie-break itself."""

from __future__ import annotations

import random

import pytest

from cardavia.ai.efficiency import acceptance
from cardavia.ai.games.sisepai import _best_discard
from cardavia.ai.registry import make_agent
from cardavia.games.registry import GAMES, find_game
from cardavia.games.sisepai.cards import N_IDS, parse_card
from cardavia.games.sisepai.groups import distance


@pytest.mark.parametrize("game", sorted(GAMES))
def test_only_legal_actions_and_every_win_taken(game: str) -> None:
    """In every seat, against itself (even seeds) and as the one efficient seat among greedy
    ones (odd seeds): every action legal, every win taken (A-SSP-11 and the other games' AI
    rule), and every deal ends."""
    g = find_game(game)
    for seed in range(30):
        mixed = seed % 2 == 1
        agents = [
            make_agent(
                "greedy" if mixed and s != seed % g.players else "efficient", game, seed * 10 + s
            )
            for s in range(g.players)
        ]
        state = g.new_deal(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = agents[seat].act(state.observation(seat), legal)
            assert action in legal
            if "win" in legal:
                assert action == "win"
            state.apply(seat, action)
        assert state.result() is not None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_peek_same_observation_same_decision(game: str) -> None:
    """ai.md no-peek test (CP§3.2: passes narrow the worlds; PHZ-15: opponents' kans and
    opening ti are hidden): a world re-dealt from what the seat has not seen looks the same to
    the seat and gives the same decision, along deals played at random."""
    g = find_game(game)
    differed = 0
    for seed in range(20):
        state = g.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            world = state.sample_world(seat, random.Random(seed))
            assert world.observation(seat) == state.observation(seat)
            differed += any(
                world.observation(o) != state.observation(o) for o in range(g.players) if o != seat
            )
            a = make_agent("efficient", game, 7).act(state.observation(seat), legal)
            b = make_agent("efficient", game, 7).act(
                world.observation(seat), world.legal_actions(seat)
            )
            assert a == b and a in legal
            state.apply(seat, rng.choice(legal))
    assert differed > 100  # the hidden cards really were different


def _counts(codes: str) -> list[int]:
    hand = [0] * N_IDS
    for text in codes.split():
        hand[parse_card(text)] += 1
    return hand


def test_sisepai_prefers_the_discard_that_keeps_more_ways_to_improve() -> None:
    """Two discards leave the same distance (SSP-12 groups); the efficient one keeps the shape
    that more live cards complete, where plain greedy goes by the discarded card's live copies."""
    live = [4] * N_IDS
    found = None
    rng = random.Random(3)
    for _ in range(2000):  # find a hand where the two policies disagree
        hand = [0] * N_IDS
        for c in rng.sample([c for c in range(28) for _ in range(4)], 9):
            hand[c] += 1
        plain = _best_discard(list(hand), live, efficient=False)
        smart = _best_discard(list(hand), live, efficient=True)
        if plain[1] != smart[1]:
            found = hand, plain, smart
            break
    assert found is not None
    hand, plain, smart = found
    assert plain[0] == smart[0]  # the same distance either way
    after = {}
    for _, card in (plain, smart):
        rest = list(hand)
        rest[card] -= 1
        after[card] = acceptance(rest, live, range(28), distance, distance(rest))
    assert after[smart[1]] > after[plain[1]]
