"""Random simulation over many seeded deals, OpenSpiel-style (CP§1.1, CP§2.1, CP§3.1, CP§3.2,
CP§4.1): after every action the 84 cards are conserved, and the events of the action are
re-checked against the round procedure by an independent referee."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardavia.games.chuopai.cards import parse_cards
from cardavia.games.chuopai.plays import (
    BEATERS,
    CARD_CODES,
    PLAYS,
    TEXT_INDEX,
    beats,
    holds,
    leads,
    play_of,
)
from cardavia.games.chuopai.state import ChuoPaiState, check_conservation
from cardavia.rules.core import Event
from tests.games.chuopai.helpers import GAME

DEALS = 500
CHUNKS = 5


class Referee:
    """Follows the events of a deal from the hands before an action (spec section 6)."""

    def __init__(self, before: ChuoPaiState) -> None:
        self.hands = [list(h) for h in before.hands]
        self.high = before.high if before.trick else None
        self.high_seat = before.high_seat
        self.expected = list(before.pending)  # responders still to act, in turn order
        self.leader = before.leader

    def check(self, events: list[Event], seat: int, action: str) -> None:
        decided = False
        for e in events:
            if e.kind == "play":
                s, play = e.data["seat"], play_of(parse_cards(e.data["cards"]))
                assert play is not None
                assert holds(self.hands[s], play)
                if e.data["lead"]:
                    assert self.high is None and s == self.leader  # CP§3.1
                    options = leads(self.hands[s])
                    # CP§3.1: every other seat that still holds cards acts once, in order
                    self.expected = [x for x in ((s + 1) % 3, (s + 2) % 3) if sum(self.hands[x])]
                else:
                    assert self.high is not None and self.expected.pop(0) == s
                    assert play in BEATERS[self.high]  # CP§3.2: same class, size, higher rank
                    options = beats(self.high, self.hands[s])
                if not decided:  # the action itself: a real choice
                    assert (s, PLAYS[play].text) == (seat, action)
                    assert len(options) >= 2, "a seat was asked without a choice"
                    decided = True
                else:  # applied by the engine: no choice at all
                    assert options == [play], "the engine made a choice for a seat"
                for c, n in PLAYS[play].need:
                    self.hands[s][c] -= n
                if e.data["lead"]:
                    self.expected = [x for x in self.expected if x != s]
                self.high, self.high_seat = play, s
            elif e.kind == "pass":
                s = e.data["seat"]
                assert self.high is not None and self.expected.pop(0) == s
                assert beats(self.high, self.hands[s]) == []  # CP§3.2: forced beating
            elif e.kind == "round":
                assert self.high is not None and self.expected == []
                assert e.data["winner"] == self.high_seat  # CP§4.1: the highest play wins
                assert e.data["banked"] == list(CARD_CODES[self.high])
                holders = [x for x in range(3) if sum(self.hands[x])]
                if len(holders) <= 1:  # CP§1.1, CP B-8
                    assert e.data["next"] is None
                else:  # CP§4.1, CP B-9
                    w = self.high_seat
                    assert e.data["next"] == next(
                        x for x in (w, (w + 1) % 3, (w + 2) % 3) if sum(self.hands[x])
                    )
                    self.leader = e.data["next"]
                self.high = None
        assert decided


def _play(seed: int) -> ChuoPaiState:
    state = GAME.new_deal(seed)
    assert isinstance(state, ChuoPaiState)
    rng = random.Random(seed)
    steps = 0
    check_conservation(state)
    while not state.is_over():
        (seat,) = state.to_act()
        legal = state.legal_actions(seat)
        assert len(legal) >= 2  # asked only with a real choice
        assert all(state.legal_actions(s) == [] for s in range(3) if s != seat)
        if state.trick:  # responding: exactly the beating plays held, never pass (CP§3.2)
            assert [TEXT_INDEX[t] for t in legal] == [
                p.index
                for p in PLAYS
                if p.index in BEATERS[state.high] and holds(state.hands[seat], p.index)
            ]
        else:  # leading: every play held (CP§3.1)
            assert [TEXT_INDEX[t] for t in legal] == [
                p.index for p in PLAYS if holds(state.hands[seat], p.index)
            ]
        referee = Referee(state)
        action = rng.choice(legal)
        events = state.apply(seat, action)
        referee.check(events, seat, action)
        check_conservation(state)  # CP§2.1: 84 cards, each identity 4 times
        steps += 1
        assert steps < 200, "the deal must end"
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_deals_follow_the_round_procedure_and_end(chunk: int) -> None:
    """CP§1.1, CP§2.1, CP§3.1, CP§3.2, CP§4.1, CP§4.2, CP B-8, CP B-9: 500 seeded deals of
    random decisions; cards conserved; forced beats and passes right; every deal ends with at
    most one seat holding cards; scores are the piles."""
    for seed in range(chunk * DEALS // CHUNKS, (chunk + 1) * DEALS // CHUNKS):
        state = _play(seed)
        result = state.result()
        assert result is not None
        assert sum(1 for h in state.held if h) <= 1
        assert state.to_act() == ()
        assert all(state.legal_actions(s) == [] for s in range(3))  # terminal: no actions
        assert list(result.scores) == state.points
        top = max(result.scores)
        tops = [s for s in range(3) if result.scores[s] == top]
        assert result.winner == (tops[0] if len(tops) == 1 else None)


def test_same_seed_same_deal_and_the_leader() -> None:
    """CP§2.1, architecture.md §2: the same seed deals the same; the first leader is random from
    the seed unless given (`dealer`)."""
    a, b, c = GAME.new_deal(7), GAME.new_deal(7), GAME.new_deal(8)
    assert [a.observation(s) for s in range(3)] == [b.observation(s) for s in range(3)]
    assert a.observation(0)["hand"] != c.observation(0)["hand"]
    leaders = Counter(GAME.new_deal(seed).first_leader for seed in range(90))
    assert set(leaders) == {0, 1, 2} and min(leaders.values()) > 15
    for dealer in range(3):
        state = GAME.new_deal(7, dealer)
        assert state.first_leader == dealer
        assert state.opening[0].data["leader"] == dealer
        # the cards dealt are the same whoever leads
        assert [state.observation(s)["hand"] for s in range(3)] == [
            a.observation(s)["hand"] for s in range(3)
        ]


def test_random_deals_start_with_28_each() -> None:
    """CP§2.1, CP§2.2: 28 dealt to each; the bonus only ever takes 1-2 and 2-4."""
    for seed in range(50):
        state = GAME.new_deal(seed)
        dealt = [e for e in state.opening if e.kind == "hand"]
        assert [len(e.data["cards"]) for e in dealt] == [28, 28, 28]
        for s in range(3):
            assert set(state.bonus[s]) <= set(parse_cards("1-2 2-4"))
            assert state.held[s] + len(state.bonus[s]) == 28
