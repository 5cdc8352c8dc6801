"""Random simulation over many seeded deals (SSP-2, SSP-5, SSP-13), OpenSpiel-style."""

from __future__ import annotations

import random

import pytest

from cardavia.games.registry import GAMES, find_game
from cardavia.games.sisepai.state import SiSePaiState, check_conservation
from cardavia.rules.record import make_record, replay

GAME = find_game("sisepai")
DEALS = 500


def _play(seed: int) -> SiSePaiState:
    state = GAME.new_deal(seed)
    assert isinstance(state, SiSePaiState)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        check_conservation(state)  # SSP-2: 117 cards, each copy once
        if state.phase == "claim" and state.window is not None:
            # SSP-5: between actions every player owns exactly 20 cards
            assert [state.owned(s) for s in range(4)] == [20] * 4
        seats = state.to_act()
        assert seats, "a live deal must owe someone a decision"
        seat = rng.choice(seats)
        legal = state.legal_actions(seat)
        assert legal
        state.apply(seat, rng.choice(legal))
        steps += 1
        assert steps < 2000, "the deal must end"
    check_conservation(state)
    return state


@pytest.mark.parametrize("chunk", range(5))
def test_random_deals_conserve_cards_and_end(chunk: int) -> None:
    """SSP-2, SSP-5, SSP-13: 500 seeded deals; cards conserved, 20 owned, every deal ends."""
    for seed in range(chunk * DEALS // 5, (chunk + 1) * DEALS // 5):
        state = _play(seed)
        result = state.result()
        assert result is not None
        assert all(state.legal_actions(s) == [] for s in range(4))  # terminal: no actions
        assert state.to_act() == ()
        if result.winner is None:
            assert state.stock == []  # SSP-13: drawn only on an empty stock
            assert result.scores == (0, 0, 0, 0)
        else:
            assert result.scores[result.winner] == result.breakdown["total"]
            assert sum(len(g["cards"]) for g in result.breakdown["groups"]) == 21  # SSP-6


@pytest.mark.parametrize("seed", range(0, 500, 25))
def test_clone_and_replay_reproduce_the_deal(seed: int) -> None:
    """architecture.md §4: a record replays to the same state and result; clone() is exact."""
    state = GAME.new_deal(seed)
    rng = random.Random(seed)
    clones = []
    while not state.is_over():
        seat = state.to_act()[0]
        clones.append((state.clone(), seat, state.observation(seat)))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = make_record(state, seed, None, None)
    again = replay(record, GAMES)
    assert again.result() == state.result()
    assert again.observation(0) == state.observation(0)
    for clone, seat, obs in clones:
        assert clone.observation(seat) == obs  # the clone did not move with the original
    # a clone played on with the same actions reaches the same end
    first, seat, _ = clones[0]
    for s, action in state.actions:
        first.apply(s, action)
    assert first.result() == state.result()


def test_same_seed_same_deal() -> None:
    """architecture.md §2: seeded deals are reproducible; different seeds differ."""
    a, b, c = GAME.new_deal(7), GAME.new_deal(7), GAME.new_deal(8)
    assert [a.observation(s) for s in range(4)] == [b.observation(s) for s in range(4)]
    assert a.stock == b.stock
    assert a.observation(0)["hand"] != c.observation(0)["hand"]


def test_dealer_draws_first() -> None:
    """SSP-3, A-SSP-2: nobody is dealt 21; the dealer opens with a public draw."""
    for seed in range(20):
        state = GAME.new_deal(seed)
        first = state.opening[0]
        assert (first.kind, first.data["seat"]) == ("draw", state.dealer)
        assert first.data["stock"] == 36  # 117 - 80 = 37 before the draw
        assert sum(state.owned(s) for s in range(4)) == 80
