"""The shared claim window: priority by rank, ties in seat order after the origin, and which
declined claims came before the award (what Paohuzi's stale rule, PHZ-12 / A-PHZ-6, asks)."""

from __future__ import annotations

from cardavia.rules.claims import PASS, ClaimWindow
from cardavia.rules.core import Event


def _window(answers: dict[int, str]) -> ClaimWindow:
    # origin 0: the tie-break order is seats 1, 2, 0
    window = ClaimWindow(
        0, 3, {1: {"chi a": 3, "peng a": 2}, 2: {"peng a": 2, "hu": 1}, 0: {"chi b": 3}}
    )
    for seat, text in answers.items():
        window.answer(seat, text)
    return window


def test_the_higher_rank_wins_and_a_tie_goes_in_seat_order_after_the_origin() -> None:
    assert _window({1: "chi a", 2: "hu", 0: "chi b"}).award() == (2, "hu")
    assert _window({1: "chi a", 2: PASS, 0: "chi b"}).award() == (1, "chi a")  # seat 1 first
    assert _window({1: PASS, 2: PASS, 0: PASS}).award() is None


def test_only_the_claims_before_the_award_were_offered() -> None:
    # seat 2 pengs: seat 1's peng ranks the same but seat 1 comes first in the order, so it was
    # offered; its chi ranks lower, so the card was gone before the chi was asked
    window = _window({1: PASS, 2: "peng a", 0: PASS})
    assert window.award() == (2, "peng a")
    assert window.ahead_of_award(1) == ["peng a"]
    assert window.ahead_of_award(0) == []
    # everyone passed: every claim was offered
    window = _window({1: PASS, 2: PASS, 0: PASS})
    assert sorted(window.ahead_of_award(1)) == ["chi a", "peng a"]
    assert window.ahead_of_award(0) == ["chi b"]


def test_a_window_opens_for_the_seats_with_a_claim_only() -> None:
    """ClaimWindow.open asks every seat with a claim, and nobody when no seat has one."""
    claims = {0: {}, 1: {"peng a": 2}, 2: {"hu": 1}}
    window = ClaimWindow.open(0, 3, claims.__getitem__, lambda s: s != 2)
    assert window is not None and window.pending() == (1, 2)
    assert window.legal(1) == ["peng a", PASS] and window.legal(2) == ["hu"]
    assert ClaimWindow.open(0, 3, lambda s: {}) is None


def test_taking_an_answer_tells_that_seat_alone_and_says_when_all_are_in() -> None:
    window = _window({})
    events: list[Event] = []
    assert not window.take(1, "peng a", events)
    assert [(e.kind, e.data, e.seat) for e in events] == [
        ("answer", {"seat": 1, "action": "peng a"}, 1)
    ]
    assert not window.take(0, PASS, events)
    assert window.take(2, "hu", events) and window.award() == (2, "hu")


def test_a_reopened_window_keeps_only_the_sampling_seats_claims_and_answer() -> None:
    """reopen_for (sample_world): the seat keeps what it was offered and answered; the other
    seats are asked anew (here: seat 2 has no claim in the world, seat 0 another one)."""
    old = _window({1: "peng a", 2: "hu"})
    anew = {0: {"chi c": 3}, 1: {"never": 1}, 2: {}}
    window = old.reopen_for(1, anew.__getitem__)
    assert window is not None
    assert window.options == {0: {"chi c": 3}, 1: {"chi a": 3, "peng a": 2}}
    assert window.answers == {1: "peng a"} and window.pending() == (0,)
    assert old.reopen_for(1, lambda s: {}) is not None  # seat 1 still has its claims
    assert _window({}).reopen_for(1, lambda s: {}, lambda s: True) is not None
    assert ClaimWindow(0, 3, {2: {"hu": 1}}).reopen_for(1, lambda s: {}) is None


def test_a_reopened_window_keeps_whether_the_seat_may_pass() -> None:
    old = ClaimWindow(0, 3, {0: {"take": 4}, 1: {"hu": 1}}, {0: False, 1: True})
    window = old.reopen_for(0, lambda s: {"hu": 1} if s == 2 else {}, lambda s: True)
    assert window is not None and window.legal(0) == ["take"]
    assert window.legal(2) == ["hu", PASS] and 1 not in window.options
