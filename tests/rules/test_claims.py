"""The shared claim window: priority by rank, ties in seat order after the origin, and which
declined claims came before the award (what Paohuzi's stale rule, PHZ-12 / A-PHZ-6, asks)."""

from __future__ import annotations

from cardavia.rules.claims import PASS, ClaimWindow


def _window(answers: dict[int, str]) -> ClaimWindow:
    # origin 0: the tie-break order is seats 1, 2, 0
    window = ClaimWindow(0, 3, {1: {"chi a": 3, "peng a": 2}, 2: {"peng a": 2, "hu": 1},
                                0: {"chi b": 3}})
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
