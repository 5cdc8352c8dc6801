"""Random simulation over many seeded deals (OpenSpiel-style): after every action the 80 cards
are conserved (spec section 7), every resting player owns 20 + max(0, Q − 1) (PHZ-9), wei and ti
are never a choice but always happen (PHZ-5 step 1), there is never a win on a discard
(PHZ-seed 3.11), and every deal ends (PHZ-14); clone() and record replay reproduce the deal."""

from __future__ import annotations

import random

import pytest

from cardavia.games.paohuzi import options
from cardavia.games.paohuzi.cards import parse_card
from cardavia.games.paohuzi.observation import PaohuziObservation
from cardavia.games.paohuzi.seats import HAND
from cardavia.games.paohuzi.state import PaohuziState
from cardavia.rules.conservation import check_conservation
from cardavia.rules.core import Event
from cardavia.rules.record import make_record, replay
from tests.games.paohuzi.helpers import GAME

DEALS = 500
VERBS = ("pass", "win", "discard", "peng", "pao", "chi")


def check_resting(state: PaohuziState, two_ti: set[int]) -> None:
    """PHZ-9, decision A-PHZ-7: between decisions every live player owns 20 + max(0, Q − 1);
    a seat dealt two ti owns one less until its first non-quad take; a seat about to discard
    (or deciding on a win after a compulsory group) and a dead hand (PHZ-10) own one more."""
    deciding = set(state.to_act()) if state.window_kind == "win" and state.window else set()
    for s, h in enumerate(state.seats):
        n, limit = h.owned(), h.limit()
        if state.phase == "discard" and s == state.discarder:
            assert n == limit + 1, (s, n, limit)
        elif h.dead:
            assert n == limit + 1 and not any(h.hand), (s, n, limit)
        elif s in deciding:
            assert n in (limit, limit + 1), (s, n, limit)
        elif s in two_ti and n == limit - 1:
            assert n == HAND + h.quads() - 2  # still the opening allowance
        else:
            assert n == limit, (s, n, limit, state.phase)


def check_compulsory(state: PaohuziState, events: list[Event]) -> None:
    """PHZ-5 step 1: a reveal not followed by the revealer's ti or wei left it without a kan
    or a pair of the card (cards never enter a hand, so its holding of that card is as then)."""
    for i, e in enumerate(events):
        if e.kind != "reveal":
            continue
        seat, card = e.data["seat"], parse_card(e.data["card"])
        after = events[i + 1] if i + 1 < len(events) else None
        if after is not None and after.kind in ("ti", "wei") and after.data["seat"] == seat:
            assert after.data["card"] == e.data["card"]
            continue
        h = state.seats[seat]
        assert h.hand[card] <= 1 and card not in h.kans, (seat, e.data)
        if options.WEI_PLUS_OWN_REVEAL == "ti":
            assert h.group_of("wei", card) is None


def play(seed: int, checks: bool = True) -> PaohuziState:
    state = GAME.new_deal(seed)
    rng = random.Random(seed)
    two_ti = {s for s, h in enumerate(state.seats) if h.quads() >= 2 and s != state.dealer}
    check_compulsory(state, state.opening)
    steps = 0
    while not state.is_over():
        if checks:
            check_conservation(state)
            check_resting(state, two_ti)
        seats = state.to_act()
        assert seats, "a live deal must owe someone a decision"
        for s in range(3):
            legal = state.legal_actions(s)
            assert bool(legal) == (s in seats)
            assert all(t.split()[0] in VERBS for t in legal)  # wei/ti are never a choice
            if "win" in legal:  # PHZ-seed 3.11: never on a discard
                assert state.from_stock or state.window_kind == "win"
        seat = rng.choice(seats)
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        check_compulsory(state, events)
        steps += 1
        assert steps < 200, "the deal must end"
    check_conservation(state)
    return state


@pytest.mark.parametrize("chunk", range(5))
def test_random_deals(chunk: int) -> None:
    """PHZ-2, PHZ-5 step 1, PHZ-9, PHZ-10, PHZ-11, PHZ-13, PHZ-14; PHZ-seed 3.11; spec section
    7 (card conservation): 500 seeded deals with random agents."""
    for seed in range(chunk * DEALS // 5, (chunk + 1) * DEALS // 5):
        state = play(seed)
        result = state.result()
        assert result is not None
        assert all(state.legal_actions(s) == [] for s in range(3))  # terminal: no actions
        assert state.to_act() == () and state.public_to_act() == ()
        if result.winner is None:
            assert state.stock == [] and result.scores == (0, 0, 0)  # PHZ-14
        else:
            t = result.breakdown["tun"]
            assert result.breakdown["huxi"] >= 15
            assert t == (result.breakdown["huxi"] - 15) // 3 + 1  # PHZ-13
            assert sum(result.scores) == 0 and result.scores[result.winner] == 2 * t


@pytest.mark.parametrize("chunk", range(5))
def test_clone_and_replay_reproduce_the_deal(chunk: int) -> None:
    """PHZ-1, PHZ-2 (seeded deals); architecture.md §4: a record replays to the same state and
    result (500 deals); clone()
    is exact and independent of the original (every fifth deal, a few points in each)."""
    for seed in range(chunk * DEALS // 5, (chunk + 1) * DEALS // 5):
        state = GAME.new_deal(seed)
        rng = random.Random(seed)
        clones: list[tuple[PaohuziState, int, list[PaohuziObservation]]] = []
        while not state.is_over():
            seat = state.to_act()[0]
            if seed % 5 == 0 and (not clones or rng.random() < 0.1):
                clones.append(
                    (state.clone(), len(state.actions), [state.observation(s) for s in range(3)])
                )
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        record = make_record(state, seed, None, None)
        again = replay(record, {"paohuzi": GAME})
        assert again.result() == state.result()
        assert [again.observation(s) for s in range(3)] == [state.observation(s) for s in range(3)]
        for clone, done, observed in clones:
            assert [clone.observation(s) for s in range(3)] == observed  # did not move
            for s, action in state.actions[done:]:
                clone.apply(s, action)
            assert clone.result() == state.result()
            assert isinstance(clone, PaohuziState)
            assert clone.seats == state.seats and clone.stock == state.stock


def test_same_seed_same_deal_and_random_dealer() -> None:
    """PHZ-1, PHZ-2; architecture.md §2: seeded deals are reproducible; the dealer comes from
    the seed when not given; 21 + 20 + 20 dealt, 19 in the stock, the dealer's card shown."""
    a, b = GAME.new_deal(7), GAME.new_deal(7)
    assert [a.observation(s) for s in range(3)] == [b.observation(s) for s in range(3)]
    assert a.stock == b.stock
    assert GAME.new_deal(8).observation(0)["hand"] != a.observation(0)["hand"]
    dealers = {GAME.new_deal(seed).dealer for seed in range(30)}
    assert dealers == {0, 1, 2}
    for seed in range(30):
        for dealer in range(3):
            state = GAME.new_deal(seed, dealer)
            assert state.dealer == dealer
            deal = [e for e in state.opening if e.kind == "deal"]
            assert [len(e.data["hand"]) for e in deal] == [
                21 if s == dealer else 20 for s in range(3)
            ]
            shown = [e for e in state.opening if e.kind == "shown"]
            assert shown[0].data["card"] in deal[dealer].data["hand"] and shown[0].seat is None
            assert len(state.stock) + len([e for e in state.opening if e.kind == "reveal"]) == 19
