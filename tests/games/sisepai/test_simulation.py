"""Random simulation over many seeded deals (SSP-2, SSP-5, SSP-13), OpenSpiel-style."""

from __future__ import annotations

import random

import pytest

from cardavia.games.sisepai.game import SiSePai
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.rules.conservation import check_conservation

GAME = SiSePai()
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


def test_dealer_draws_first() -> None:
    """SSP-3, A-SSP-2: nobody is dealt 21; the dealer opens with a public draw."""
    for seed in range(20):
        state = GAME.new_deal(seed)
        first = state.opening[0]
        assert (first.kind, first.data["seat"]) == ("draw", state.dealer)
        assert first.data["stock"] == 36  # 117 - 80 = 37 before the draw
        assert sum(state.owned(s) for s in range(4)) == 80
