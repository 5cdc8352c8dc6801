"""The facts the client shows beside Nantong's actions (`NantongState.action_facts`): a hand
declaring ready names the cards it waits for (NT§1.1, NT§2.6), so the table needs no winning-hand
search of its own."""

from __future__ import annotations

import random

import pytest

from cardavia.games.nantong.cards import CODES
from cardavia.games.nantong.hands import is_complete
from cardavia.games.nantong.state import NantongState
from cardavia.games.registry import find_game
from tests.games.nantong.helpers import build, state_of
from tests.games.nantong.test_opening import WAITS_ON_T

GAME = find_game("nantong")


@pytest.mark.parametrize("seed", range(40))
def test_ready_names_exactly_the_cards_that_complete_the_hand(seed: int) -> None:
    state = GAME.new_deal(seed)
    assert isinstance(state, NantongState)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        facts = state.action_facts(seat)
        if "ready" in legal:
            waits = facts["ready"]["waits"]
            assert waits, "NT§2.6: only a hand one card from a win may declare ready"
            for i, c in enumerate(CODES):
                hand = list(state.hands[seat])
                hand[i] += 1
                assert (c in waits) == (state.hands[seat][i] < 4 and is_complete(hand)), c
        else:
            assert "ready" not in facts
        state.apply(seat, rng.choice(legal))


def test_nt2_6_ready_button_names_its_waits() -> None:
    """A position offering `ready` (as in test_opening): its facts name the one winning card."""
    state = state_of(build(indicators="9S 5M", hands={1: WAITS_ON_T}, dealer=0, start="opening"))
    assert state.legal_actions(1) == ["ready", "finish"]
    assert state.action_facts(1) == {"ready": {"kind": "ready", "waits": ["T"]}}
    assert state.action_facts(0) == {}
