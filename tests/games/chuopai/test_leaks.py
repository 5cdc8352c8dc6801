"""No observation or event for one seat carries another seat's concealed cards (architecture.md
§2), over many random deals; sampled worlds look the same to the seat they are sampled for."""

from __future__ import annotations

import json
import random

import pytest

from cardavia.games.chuopai.cards import CODES, N_IDS
from cardavia.games.chuopai.state import ChuoPaiState, check_conservation
from cardavia.rules.core import Event
from tests.games.chuopai.helpers import GAME

PUBLIC_KINDS = {"deal", "bonus", "play", "pass", "round", "end"}
SEAT_KEYS = {"seat", "concealed", "bonus", "banked", "points", "passed_on"}


def secret_codes(state: ChuoPaiState, viewer: int) -> set[str]:
    """Codes the viewer cannot have seen: every copy is in another seat's hand. Once the deal is
    over the last holder's unplayed cards are shown in the result (CP§4.2), like a showdown."""
    if state.is_over():
        return set()
    seen = [0] * N_IDS
    for c in range(N_IDS):
        seen[c] = state.hands[viewer][c] + state.removed[c]
    for s in range(3):
        for c in state.bonus[s]:
            seen[c] += 1
    obs_public = state.observation(viewer)
    for code in [c for s in obs_public["seats"] for w in s["banked"] for c in w["cards"]] + [
        c for t in obs_public["trick"] if t["cards"] for c in t["cards"]
    ]:
        seen[CODES.index(code)] += 1
    hidden = {c for s in range(3) if s != viewer for c in range(N_IDS) if state.hands[s][c]}
    return {CODES[c] for c in hidden if seen[c] == 0}


def redealt(state: ChuoPaiState, viewer: int, rng: random.Random) -> ChuoPaiState:
    """The state with the other seats' concealed cards shuffled between them (sizes kept)."""
    world = state.clone()
    others = [s for s in range(3) if s != viewer]
    pool = [c for s in others for c in range(N_IDS) for _ in range(state.hands[s][c])]
    rng.shuffle(pool)
    for s in others:
        world.hands[s] = [0] * N_IDS
        for c in pool[: state.held[s]]:
            world.hands[s][c] += 1
        pool = pool[state.held[s] :]
    return world


def check_event(event: Event, state: ChuoPaiState, viewer: int) -> None:
    if not event.visible_to(viewer):
        return
    if event.seat is not None:  # private: the seat's own dealt hand, its moves made for it
        assert event.kind in ("hand", "forced") and event.seat == viewer == event.data["seat"]
        return
    assert event.kind in PUBLIC_KINDS
    payload = json.dumps(event.to_json())
    for token in secret_codes(state, viewer):
        assert f'"{token}"' not in payload, f"{token} leaked to seat {viewer} in {event.kind}"


@pytest.mark.parametrize("seed", range(60))
def test_observations_and_events_hide_other_hands(seed: int) -> None:
    """architecture.md §2; CP§2.1, CP§3.2 (hands are concealed, plays are public): an
    observation holds the viewer's own hand and public information only; no event shows one
    seat another seat's concealed cards."""
    state = GAME.new_deal(seed)
    rng = random.Random(seed)
    for event in state.opening:
        for viewer in range(3):
            check_event(event, state, viewer)
    while True:
        for viewer in range(3):
            obs = state.observation(viewer)
            text = json.dumps(obs)
            assert obs["hand"] == [
                CODES[c] for c in range(N_IDS) for _ in range(state.hands[viewer][c])
            ]
            assert all(set(s) == SEAT_KEYS for s in obs["seats"])  # counts, never cards
            for token in secret_codes(state, viewer):
                assert f'"{token}"' not in text, f"{token} leaked to seat {viewer}"
            if not state.is_over():  # other hands dealt differently: the same observation
                assert redealt(state, viewer, rng).observation(viewer) == obs
        if state.is_over():
            break
        (seat,) = state.to_act()
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in events:
            for viewer in range(3):
                check_event(event, state, viewer)


@pytest.mark.parametrize("seed", range(40))
def test_sampled_worlds_look_the_same_to_the_seat(seed: int) -> None:
    """architecture.md §2 (sample_world): whenever a seat must decide, worlds that deal the
    unseen cards anew give it the same observation and legal actions, keep all 84 cards, and
    (CP§3.2, CP§2.2) respect what the public history proves about the other hands."""
    state = GAME.new_deal(seed)
    rng = random.Random(seed)
    checked = differs = consistent = 0
    while not state.is_over():
        (seat,) = state.to_act()
        for k in range(2):
            world = state.sample_world(seat, random.Random(k))
            assert world.observation(seat) == state.observation(seat)
            assert world.legal_actions(seat) == state.legal_actions(seat)
            assert world.to_act() == state.to_act()
            check_conservation(world)
            others = [s for s in range(3) if s != seat]
            differs += any(world.hands[s] != state.hands[s] for s in others)
            consistent += all(_satisfies(world, s) for s in others)
            checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 0
    assert differs > checked // 2  # the unseen cards really are re-dealt
    assert consistent >= checked * 0.9  # the constrained deal rarely falls back


def _satisfies(world: ChuoPaiState, seat: int) -> bool:
    hand = world.hands[seat]
    return not any(
        all(hand[c] + offset[c] >= n for c, n in need) for offset, need in world.constraints(seat)
    )


def test_the_true_hands_satisfy_their_constraints() -> None:
    """CP§3.2, CP§2.2: the constraints a pass or the bonus proves hold for the real hands (so a
    sampled world that keeps them is a possible world)."""
    for seed in range(40):
        state = GAME.new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over():
            assert all(_satisfies(state, s) for s in range(3))
            (seat,) = state.to_act()
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_seat_that_passed_on_earth_is_never_dealt_heaven() -> None:
    """CP§3.2: B passed on a single Earth, so B held no Heaven then and holds none now; every
    sampled world for A keeps the unseen Heavens away from B."""
    from tests.games.chuopai.helpers import deal_in_progress, state_of

    state = state_of(
        deal_in_progress(
            0, {"A": "1-1 2-2 2-5 2-5", "B": "2-3 2-3 3-4 1-4 4-5", "C": "6-6 6-6 3-4 1-4 4-5 2-3"}
        )
    )
    state.apply(0, "play 1-1")  # B passes; C must beat with a Heaven and leads next
    assert state.passed[1] and state.to_act() == (2,)
    state.apply(2, "play 3-4")
    for k in range(50):
        world = state.sample_world(0, random.Random(k))
        assert world.hands[1][CODES.index("6-6")] == 0
