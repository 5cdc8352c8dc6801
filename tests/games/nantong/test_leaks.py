"""No observation or event for one seat carries another seat's concealed cards or the stock
order (architecture.md §2; NT§2.1, NT§3.2), over many random deals; sample_world keeps what a
seat has seen."""

from __future__ import annotations

import json
import random

import pytest

from cardavia.ai.games.nantong import GreedyNantong
from cardavia.games.nantong.cards import N_IDS, cards_of, code, codes
from cardavia.games.nantong.state import NantongState
from cardavia.rules.conservation import check_conservation
from tests.games.nantong.helpers import GAME, PLAYERS

PUBLIC_KINDS = {
    "deal",
    "draw",
    "declare",
    "setup",
    "discard",
    "pong",
    "kong",
    "add_kong",
    "win",
    "exhausted",
}
PRIVATE_KINDS = {"hand", "drew", "answer"}


def _secret_codes(state: NantongState, viewer: int) -> set[str]:
    """Codes the viewer cannot have seen: every copy is in another seat's hand or the stock
    (the winner shows the winning hand)."""
    result = state.result()
    shown = {viewer} | (
        {result.winner} if result is not None and result.winner is not None else set()
    )
    visible = [sum(state.hands[s][c] for s in shown) for c in range(N_IDS)]
    for c in state.indicators:
        visible[c] += 1
    for s in range(PLAYERS):
        for m in state.melds[s]:
            visible[m.card] += m.size
        for c in state.discards[s]:
            visible[c] += 1
    if state.claim_card is not None:
        visible[state.claim_card] += 1
    hidden = {c for s in range(PLAYERS) if s not in shown for c in cards_of(state.hands[s])}
    hidden |= set(state.stock)
    return {code(c) for c in hidden if visible[c] == 0}


def _deal(seed: int) -> tuple[NantongState, list[GreedyNantong]]:
    return GAME.new_deal(seed), [GreedyNantong(random.Random(seed + s)) for s in range(PLAYERS)]


@pytest.mark.parametrize("seed", range(40))
def test_observations_and_events_hide_other_hands_and_stock(seed: int) -> None:
    """NT§2.1, NT§3.2; architecture.md §2: observation(seat) holds public information and that
    seat's own cards only; private events (dealt hand, drawn card, claim answer) go to their seat
    only."""
    state, agents = _deal(seed)
    rng = random.Random(seed)
    for event in state.opening:
        assert event.kind in PUBLIC_KINDS | PRIVATE_KINDS
        if event.kind in PRIVATE_KINDS:
            assert event.seat is not None and event.seat == event.data["seat"]
    while not state.is_over():
        for viewer in range(PLAYERS):
            obs = state.observation(viewer)
            text = json.dumps(obs)
            assert obs["hand"] == codes(cards_of(state.hands[viewer]))
            for s in range(PLAYERS):
                assert set(obs["seats"][s]) == {
                    "seat",
                    "groups",
                    "discards",
                    "concealed",
                    "ready",
                    "setup_done",
                }
            assert obs["stock"] == len(state.stock)  # the size only, never the order
            for token in _secret_codes(state, viewer):
                assert f'"{token}"' not in text, f"{token} leaked to seat {viewer}"
            if obs["drawn"] is not None:
                assert state.turn == viewer
            if obs["my_answer"] is not None:
                assert obs["my_answer"] == state.window.answers[viewer]  # type: ignore[union-attr]
        # who holds a claim is private: the public view shows nobody deciding
        if state.phase == "claim":
            assert state.public_to_act() == ()
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = agents[seat].act(state.observation(seat), legal) if seed % 2 else rng.choice(legal)
        events = state.apply(seat, action)
        for event in events:
            assert event.kind in PUBLIC_KINDS | PRIVATE_KINDS, event.kind
            if event.kind in PRIVATE_KINDS:
                assert event.seat is not None and event.seat == event.data["seat"]
            else:
                assert event.seat is None
            for viewer in range(PLAYERS):
                if event.visible_to(viewer):
                    payload = json.dumps(event.to_json())
                    for token in _secret_codes(state, viewer):
                        assert f'"{token}"' not in payload, (event, viewer)


@pytest.mark.parametrize("seed", range(30))
def test_sampled_worlds_look_the_same_to_the_seat(seed: int) -> None:
    """NT§2.1, NT§3.2; sample_world (architecture.md §2): whenever seat 0 must decide, worlds that
    deal the unseen cards anew give seat 0 the same observation and the same legal actions, and keep
    the 120 cards."""
    state, agents = _deal(seed)
    checked = 0
    differs = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if 0 in state.to_act():
            for k in range(2):
                world = state.sample_world(0, random.Random(k))
                assert world.observation(0) == state.observation(0)
                assert world.legal_actions(0) == state.legal_actions(0)
                check_conservation(world)
                differs += world.stock != state.stock
                checked += 1
        state.apply(seat, agents[seat].act(state.observation(seat), state.legal_actions(seat)))
    assert checked > 0 and differs > 0


def test_sampled_world_hides_other_answers() -> None:
    """NT§3.2: a world sampled for a seat keeps its own claim answer, never another's (the
    other seat is asked again in the sampled world)."""
    windows = asked_again = 0
    for seed in range(300):
        state, agents = _deal(seed)
        while not state.is_over():
            pending = state.to_act()
            if state.phase == "claim" and len(pending) == 2:
                first, second = pending
                probe = state.clone()
                probe.apply(first, "pass")
                for k in range(10):
                    world = probe.sample_world(second, random.Random(k))
                    assert world.window is not None and first not in world.window.answers
                    assert world.observation(second) == probe.observation(second)
                    asked_again += first in world.window.options
                    mine = probe.sample_world(first, random.Random(k))
                    if mine.window is not None:  # (None: resolved, nobody else could claim)
                        assert mine.window.answers[first] == "pass"
                windows += 1
            seat = pending[0]
            state.apply(seat, agents[seat].act(state.observation(seat), state.legal_actions(seat)))
        if windows >= 5:
            break
    assert windows >= 5 and asked_again > 0


def test_hidden_counts_only() -> None:
    """NT§2.1: each seat's concealed count is public, the cards are not."""
    state = GAME.new_deal(5, 1)
    for viewer in range(PLAYERS):
        obs = state.observation(viewer)
        assert [s["concealed"] for s in obs["seats"]] == [sum(h) for h in state.hands]
        assert "hands" not in obs and "stock_cards" not in obs
        assert len(obs["hand"]) == sum(state.hands[viewer])
