"""Random simulation over many seeded deals (NT§1.1, NT§1.2, NT§2.1, NT§3.3, NT§4.11),
OpenSpiel-style, plus greedy deals so that wins, claims and kongs are exercised too."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardavia.ai.games.nantong import GreedyNantong
from cardavia.games.nantong.game import position_of
from cardavia.games.nantong.state import NantongState
from cardavia.rules.conservation import check_conservation
from cardavia.rules.core import Game
from cardavia.rules.record import make_record, replay
from tests.games.nantong.helpers import GAME, PLAYERS

DEALS = 500
GAMES: dict[str, Game] = {"nantong": GAME}


def _check_sizes(state: NantongState) -> None:
    """NT§1.1, NT§2.1: concealed cards plus 3 per group are 23 for the seat to play (and the
    winner), 22 for everyone else: always consistent with seven groups and a pair."""
    result = state.result()
    big: int | None = None
    if state.phase == "opening":
        big = state.dealer
    elif state.phase == "turn":
        big = state.turn
    elif result is not None:
        big = result.winner
    for s in range(PLAYERS):
        assert state.effective(s) == (23 if s == big else 22), (state.phase, s)


def _play(seed: int, greedy: bool = False, checks: Counter[str] | None = None) -> NantongState:
    state = GAME.new_deal(seed)
    rng = random.Random(seed)
    agents = [GreedyNantong(random.Random(seed * 3 + s)) for s in range(PLAYERS)]
    steps = 0
    while not state.is_over():
        check_conservation(state)  # NT§2.1: 120 cards, indicators included
        _check_sizes(state)
        seats = state.to_act()
        assert seats, "a live deal must owe someone a decision"
        seat = rng.choice(seats)
        legal = state.legal_actions(seat)
        assert len(legal) >= 2, "a seat is asked only when it has a real choice"
        action = agents[seat].act(state.observation(seat), legal) if greedy else rng.choice(legal)
        if checks is not None:
            checks[action.split()[0]] += 1
        state.apply(seat, action)
        steps += 1
        assert steps < 1000, "the deal must end"
    check_conservation(state)
    _check_sizes(state)
    return state


def _check_end(state: NantongState, checks: Counter[str]) -> None:
    result = state.result()
    assert result is not None
    assert sum(result.scores) == 0  # NT§4.11: pairwise settlement sums to zero
    assert all(state.legal_actions(s) == [] for s in range(PLAYERS))
    assert state.to_act() == ()
    totals = [p["rounded"] for p in result.breakdown["players"]]
    assert all(t % 10 == 0 and t >= 0 for t in totals)
    assert list(result.scores) == [3 * t - sum(totals) for t in totals]
    checks[result.breakdown["reason"]] += 1
    if result.winner is None:
        assert state.stock == []  # NT§3.3: exhausted only on an empty stock
        assert all(p["bonuses"] == [] for p in result.breakdown["players"])


@pytest.mark.parametrize("chunk", range(5))
def test_random_deals_conserve_cards_and_end(chunk: int) -> None:
    """NT§2.1, NT§1.1, NT§3.3, NT§4.11: 500 seeded deals of random agents; 120 cards conserved,
    hand sizes consistent after every action, settlements sum to zero, every deal ends."""
    checks: Counter[str] = Counter()
    for seed in range(chunk * DEALS // 5, (chunk + 1) * DEALS // 5):
        _check_end(_play(seed, checks=checks), checks)
    assert checks["exhausted"] > 0 and checks["discard"] > 0 and checks["pong"] > 0


def test_greedy_deals_exercise_wins_and_kongs() -> None:
    """NT§3.1, NT§3.2, NT§4: greedy deals end in wins as well; the same invariants hold."""
    checks: Counter[str] = Counter()
    for seed in range(60):
        _check_end(_play(seed, greedy=True, checks=checks), checks)
    assert checks["win"] > 20 and checks["kong"] > 0 and checks["pong"] > 0
    assert checks["four"] + checks["three"] + checks["ready"] > 0


@pytest.mark.parametrize("seed", range(0, 500, 25))
def test_clone_and_replay_reproduce_the_deal(seed: int) -> None:
    """NT§2.1, NT§4.11; architecture.md §4: a record of a greedy deal (wins, claims and kongs)
    replays to the same state and result; clone() is exact. (Deals of random actions, in every
    game: tests/conformance.)"""
    state = GAME.new_deal(seed)
    agents = [GreedyNantong(random.Random(seed + s)) for s in range(PLAYERS)]
    clones = []
    while not state.is_over():
        seat = state.to_act()[0]
        clones.append((state.clone(), seat, state.observation(seat)))
        state.apply(seat, agents[seat].act(state.observation(seat), state.legal_actions(seat)))
    record = make_record(state, seed, None, None)
    again = replay(record, GAMES)
    assert again.result() == state.result()
    assert [again.observation(s) for s in range(PLAYERS)] == [
        state.observation(s) for s in range(PLAYERS)
    ]
    for clone, seat, obs in clones:
        assert clone.observation(seat) == obs  # the clone did not move with the original
    first = clones[0][0]
    for s, action in state.actions:
        first.apply(s, action)
    assert first.result() == state.result()


def test_same_seed_same_deal_and_explicit_dealer() -> None:
    """NT§2.1, NT§4.11: seeded deals are reproducible; the dealer is random from the seed when
    not given, and an explicit dealer (Next deal / Restart) is honoured."""
    a, b, c = GAME.new_deal(7), GAME.new_deal(7), GAME.new_deal(8)
    assert [a.observation(s) for s in range(3)] == [b.observation(s) for s in range(3)]
    assert a.stock == b.stock
    assert a.observation(0)["hand"] != c.observation(0)["hand"]
    assert {GAME.new_deal(seed).dealer for seed in range(30)} == {0, 1, 2}
    for dealer in range(3):
        state = GAME.new_deal(7, dealer)
        assert state.dealer == dealer
        assert state.opening[0].data["concealed"] == [23 if s == dealer else 22 for s in range(3)]
        assert state.opening[0].data["stock"] == 51
    with pytest.raises(ValueError, match="dealer"):
        GAME.new_deal(7, 3)


def test_position_record_replays() -> None:
    """NT§2.1; architecture.md §4: a record of a deal from an explicit position replays too."""
    pos = position_of(GAME.new_deal(11))
    fresh = GAME.from_position(pos)
    assert [fresh.observation(s) for s in range(PLAYERS)] == [
        GAME.new_deal(11).observation(s) for s in range(PLAYERS)
    ]
    rng = random.Random(3)
    while not fresh.is_over():
        seat = fresh.to_act()[0]
        fresh.apply(seat, rng.choice(fresh.legal_actions(seat)))
    again = replay(make_record(fresh, None, None, pos), GAMES)
    assert again.result() == fresh.result()
