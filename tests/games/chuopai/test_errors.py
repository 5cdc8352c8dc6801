"""Malformed and illegal actions, and actions by the wrong seat (architecture.md §2): a specific
error whose message names the problem, and the state exactly as it was."""

from __future__ import annotations

import pytest

from cardavia.games.chuopai.state import ChuoPaiState
from cardavia.rules.errors import IllegalActionError, InvalidActionError
from tests.games.chuopai.helpers import GAME, deal_in_progress, snapshot, state_of


def _state() -> ChuoPaiState:
    """A leads; after `play 4-4`, B must choose between Earth and Heaven (CP-13 shape)."""
    return state_of(
        deal_in_progress(0, {"A": "4-4 2-2 2-5 5-6", "B": "1-1 6-6 2-3 1-2", "C": "6-6 2-3 2-5"})
    )


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("jump 6-6", "unknown verb 'jump'"),
        ("PLAY 6-6", "unknown verb 'PLAY'"),
        ("play", "'play' needs the cards"),
        ("play 7-7", "unknown card code '7-7'"),
        ("play 6-1", "unknown card code '6-1'"),
        ("play 6-6×x", "bad copy count"),
        ("pass 6-6", "'pass' takes no cards"),
    ],
)
def test_malformed_actions(text: str, match: str) -> None:
    """architecture.md §3; CP§3.1 (cards as pips): texts that do not parse raise
    InvalidActionError; nothing changes."""
    state = _state()
    before = snapshot(state)
    with pytest.raises(InvalidActionError, match=match):
        state.apply(0, text)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    ("seat", "text", "match"),
    [
        (0, "pass", r"you lead this round: pass is not allowed \(CP§3\.1\)"),
        (0, "play 6-6", "you do not hold 6-6"),
        (0, "play 2-2 2-2", "you do not hold 2-2 2-2"),
        (0, "play 2-2 5-6", "is not a play"),
        (1, "play 1-1", "it is seat 0's turn, not seat 1's"),
        (2, "pass", "it is seat 0's turn, not seat 2's"),
        (5, "play 4-4", "no seat 5"),
        (-1, "play 4-4", "no seat -1"),
    ],
)
def test_illegal_leads_and_wrong_seats(seat: int, text: str, match: str) -> None:
    """CP§3.1: the leader must lead a play it holds; only the seat to act may act."""
    state = _state()
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=match):
        state.apply(seat, text)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("pass", r"you must beat 4-4: pass is not allowed \(CP§3\.2\)"),
        ("play 2-3", "2-3 does not beat 4-4: different families"),
        ("play 1-2", "1-2 does not beat 4-4: different families"),
        ("play 1-1 1-1", "you do not hold 1-1 1-1"),
        ("play 5-5", "you do not hold 5-5"),
    ],
)
def test_illegal_responses(text: str, match: str) -> None:
    """CP§3.2, CP§3.3: a responder who can beat must; other plays are refused by name."""
    state = _state()
    state.apply(0, "play 4-4")
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=match):
        state.apply(1, text)
    assert snapshot(state) == before
    state.apply(1, "play 1-1")  # the state still plays on
    assert state.to_act() == (2,)  # C beat the Earth with its Heaven (forced) and leads


def test_wrong_size_and_lower_rank_responses() -> None:
    """CP§3.2, CP B-11: the same number of cards and a higher rank are both required."""
    state = state_of(
        deal_in_progress(0, {"A": "2-5 2-2 2-6", "B": "3-5 3-6 3-6 2-6 2-3", "C": "2-3 1-4"})
    )
    state.apply(0, "play 2-5")
    assert state.legal_actions(1) == ["play 2-6", "play 3-5", "play 3-6"]
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="it needs the same number of cards, 1"):
        state.apply(1, "play 3-6 3-6")
    with pytest.raises(IllegalActionError, match="2-3 does not beat 2-5: its rank is lower"):
        state.apply(1, "play 2-3")
    assert snapshot(state) == before


def test_nothing_is_legal_once_the_deal_is_over() -> None:
    """CP§1.1: a finished deal refuses every action and asks nobody."""
    state = GAME.new_deal(3)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    before = snapshot(state)
    for seat in range(3):
        assert state.legal_actions(seat) == []
        with pytest.raises(IllegalActionError, match="the deal is over"):
            state.apply(seat, "play 6-6")
    assert snapshot(state) == before


def test_equal_rank_refusal() -> None:
    """CP§3.7, CP§3.8; worked example CP-05: Two Reds on Ding Ding is refused by name."""
    state = state_of(
        deal_in_progress(0, {"A": "1-2 2-2 2-5", "B": "2-4 1-4 3-4 2-2", "C": "2-3 2-5"})
    )
    state.apply(0, "play 1-2")
    assert state.legal_actions(1) == ["play 1-4", "play 3-4"]
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="2-4 does not beat 1-2: equal rank"):
        state.apply(1, "play 2-4")
    assert snapshot(state) == before
