"""What the client reads instead of rules of its own: the hand's singles (SSP-4 G1, G2)."""

from __future__ import annotations

import random

import pytest

from cardavia.games.registry import find_game
from cardavia.games.sisepai.state import SiSePaiState

GAME = find_game("sisepai")


@pytest.mark.parametrize("seed", range(20))
def test_hand_singles_are_the_hands_generals_and_flowers_never_discarded(seed: int) -> None:
    state = GAME.new_deal(seed)
    assert isinstance(state, SiSePaiState)
    rng = random.Random(seed)
    while not state.is_over():
        for viewer in range(4):
            obs = state.observation(viewer)
            singles = obs["hand_singles"]
            assert singles == sorted(
                {c for c in obs["hand"] if c[0] == "F" or c[1] == "K"}, key=obs["hand"].index
            )
            legal = state.legal_actions(viewer)
            assert not any(f"discard {c}" in legal for c in singles)
        assert state.observation(None)["hand_singles"] == []
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
