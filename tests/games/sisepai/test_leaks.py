"""No observation or event for one seat carries another seat's concealed cards or the stock
order (architecture.md §2), over many random deals."""

from __future__ import annotations

import json
import random

import pytest

from cardavia.games.registry import find_game
from cardavia.games.sisepai.cards import N_IDS, cards_of, code, codes
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.rules.conservation import check_conservation

GAME = find_game("sisepai")


def _secret_codes(state: SiSePaiState, viewer: int) -> set[str]:
    """Codes the viewer cannot have seen: every copy is in another seat's hand or the stock."""
    result = state.result()
    shown = result.winner if result is not None else None  # SSP-11: the winner reveals
    visible = [0] * N_IDS
    for c in range(N_IDS):
        visible[c] += state.hands[viewer][c] + (state.hands[shown][c] if shown is not None else 0)
    for s in range(4):
        for c in [*state.discards[s], *(x for g in state.exposed[s] for x in g)]:
            visible[c] += 1
    if state.public is not None:
        visible[state.public] += 1
    hidden = {c for s in range(4) if s not in (viewer, shown) for c in cards_of(state.hands[s])}
    hidden |= set(state.stock)
    return {code(c) for c in hidden if visible[c] == 0}


@pytest.mark.parametrize("seed", range(60))
def test_observations_and_events_hide_other_hands_and_stock(seed: int) -> None:
    state = GAME.new_deal(seed)
    assert isinstance(state, SiSePaiState)
    rng = random.Random(seed)
    while not state.is_over():
        for viewer in range(4):
            obs = state.observation(viewer)
            text = json.dumps(obs)
            # concealed counts are public, the cards are not
            assert obs["hand"] == codes(cards_of(state.hands[viewer]))
            for s in range(4):
                if s != viewer:
                    assert "hand" not in obs["seats"][s]
            # The stock order: no list in the observation equals the stock (or a long slice).
            for token in _secret_codes(state, viewer):
                assert f'"{token}"' not in text, f"{token} leaked to seat {viewer}"
            if obs["my_answer"] is not None:
                assert obs["my_answer"] == state.window.answers[viewer]  # type: ignore[union-attr]
            assert all(k not in obs for k in ("answers", "stock_cards", "hands"))
        seat = state.to_act()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in events:
            for viewer in range(4):
                if event.visible_to(viewer):
                    payload = json.dumps(event.to_json())
                    for token in _secret_codes(state, viewer):
                        assert f'"{token}"' not in payload
                if event.visible_to(viewer) and event.seat is None:
                    # public events name only public cards: draws, claims, discards, wins
                    assert event.kind in {"draw", "claim", "unclaimed", "discard", "win", "drawn"}
                if event.kind == "answer":
                    assert event.seat == seat  # a claim answer is seen by its own seat only


@pytest.mark.parametrize("seed", range(40))
def test_sampled_worlds_look_the_same_to_the_seat(seed: int) -> None:
    """sample_world (architecture.md §2): whenever seat 0 must decide, worlds that deal the unseen
    cards anew give seat 0 the same observation and the same legal actions."""
    state = GAME.new_deal(seed)
    assert isinstance(state, SiSePaiState)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if 0 in state.to_act():
            for k in range(2):
                world = state.sample_world(0, random.Random(k))
                assert world.observation(0) == state.observation(0)
                assert world.legal_actions(0) == state.legal_actions(0)
                check_conservation(world)
                checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 0 or state.result() is not None
