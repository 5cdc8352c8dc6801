"""No observation or event for one seat carries another seat's concealed cards, a face-down
opening ti, or the stock order (PHZ-15; architecture.md §2), over many random deals; and
sample_world gives the deciding seat the same view and the same legal actions."""

from __future__ import annotations

import json
import random

import pytest

from cardavia.ai.games.paohuzi import GreedyPaohuzi
from cardavia.games.paohuzi.cards import N_IDS, code
from cardavia.games.paohuzi.state import PaohuziState
from cardavia.rules.conservation import check_conservation
from tests.games.paohuzi.helpers import GAME

PUBLIC_EVENTS = {
    "shown",
    "reveal",
    "ti",
    "wei",
    "pao",
    "peng",
    "chi",
    "discard",
    "unclaimed",
    "dead",
    "win",
    "drawn",
}


def secret_codes(state: PaohuziState, viewer: int) -> set[str]:
    """Codes the viewer cannot have seen: every copy is concealed by another seat, in a
    face-down ti of another seat, or in the stock."""
    result = state.result()
    shown = result.winner if result is not None else None  # the winner's hand is shown
    visible = [0] * N_IDS
    hidden: set[int] = set(state.stock)
    for s, h in enumerate(state.seats):
        concealed = [h.hand[c] + 3 * h.kans.count(c) for c in range(N_IDS)]
        for c in range(N_IDS):
            if s in (viewer, shown):
                visible[c] += concealed[c]
            elif concealed[c]:
                hidden.add(c)
        for g in h.groups:
            if g.hidden and s not in (viewer, shown):
                hidden.add(g.cards[0])
            else:
                for c in g.cards:
                    visible[c] += 1
        for c in h.discards:
            visible[c] += 1
    if state.card is not None:
        visible[state.card] += 1
    if state.shown is not None:
        visible[state.shown] += 1  # PHZ-2: the dealer's shown card is public
    return {code(c) for c in hidden if visible[c] == 0}


def check_view(state: PaohuziState, viewer: int) -> None:
    obs = state.observation(viewer)
    text = json.dumps(obs)
    assert isinstance(obs["stock"], int)
    assert sorted(obs["hand"]) == sorted(state.seats[viewer].concealed_codes())
    for s, seat in enumerate(obs["seats"]):
        assert "hand" not in seat and "kans" not in seat
        for g in seat["groups"]:
            if s != viewer and g["kind"] == "ti" and g["cards"] is None:
                assert g["huxi"] is None  # 9 or 12 would tell small from large
    for token in secret_codes(state, viewer):
        assert f'"{token}"' not in text, f"{token} leaked to seat {viewer}"
    if obs["my_answer"] is not None:
        assert state.window is not None and obs["my_answer"] == state.window.answers[viewer]


@pytest.mark.parametrize("seed", range(60))
def test_observations_and_events_hide_other_hands_and_stock(seed: int) -> None:
    """PHZ-15; architecture.md §2: views and events show only public cards and one's own."""
    state = GAME.new_deal(seed)
    rng = random.Random(seed)
    events = list(state.opening)
    while True:
        for viewer in range(3):
            check_view(state, viewer)
            secrets = secret_codes(state, viewer)
            for event in events:
                if not event.visible_to(viewer):
                    continue
                payload = json.dumps(event.to_json())
                for token in secrets:
                    assert f'"{token}"' not in payload, (event, viewer)
                if event.seat is None:
                    assert event.kind in PUBLIC_EVENTS, event
                    if event.kind == "ti" and event.data["from"] == "deal":
                        assert event.data["card"] is None
                else:
                    assert event.kind in {"deal", "kan", "ti", "answer", "stale"}, event
        assert state.public_to_act() == (state.to_act() if state.phase == "discard" else ())
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in events:
            if event.kind == "answer":
                assert event.seat == seat  # a claim answer is seen by its own seat only
            if event.kind == "stale":  # PHZ-12: news of a seat's own stale card, to it alone
                assert event.seat == event.data["seat"] is not None


@pytest.mark.parametrize("seed", range(8))
def test_sampled_worlds_look_the_same_to_the_seat(seed: int) -> None:
    """architecture.md §2 (sample_world); ai.md no-peek test: whenever a seat must decide,
    worlds that deal the unseen cards anew give it the same observation and legal actions, are
    valid deals (80 cards), and the greedy agent decides the same in them."""
    state = GAME.new_deal(seed)
    rng = random.Random(seed)
    checked = differ = 0
    while not state.is_over():
        for seat in state.to_act():
            for k in range(1 if checked > 4 else 2):
                world = state.sample_world(seat, random.Random(k))
                assert isinstance(world, PaohuziState)
                assert world.observation(seat) == state.observation(seat)
                assert world.legal_actions(seat) == state.legal_actions(seat)
                check_conservation(world)
                a = GreedyPaohuzi(random.Random(7)).act(
                    state.observation(seat), state.legal_actions(seat)
                )
                b = GreedyPaohuzi(random.Random(7)).act(
                    world.observation(seat), world.legal_actions(seat)
                )
                assert a == b
                others = [s for s in range(3) if s != seat]
                differ += any(world.seats[s].hand != state.seats[s].hand for s in others)
                checked += 1
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked == 0 or differ > 0  # the unseen cards really were dealt anew


def test_sampled_world_keeps_public_constraints() -> None:
    """sample_world: a dead hand keeps only kans, face-down ti stay 4 of a kind, and cards a
    seat revealed without a wei or ti are held at most once (PHZ-5 step 1, PHZ-10, PHZ-15)."""
    for seed in range(60, 75):
        state = GAME.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            world = state.sample_world(seat, random.Random(seed))
            for s, h in enumerate(world.seats):
                if s == seat:
                    continue
                assert all(n <= 2 for n in h.hand)
                if h.dead:
                    assert not any(h.hand)
                for c in state.seats[s].single_at_most:
                    assert h.hand[c] <= 1 and c not in h.kans
                assert [g.hidden for g in h.groups] == [g.hidden for g in state.seats[s].groups]
                assert all(len(set(g.cards)) == 1 for g in h.groups if g.hidden)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
