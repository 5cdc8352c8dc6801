"""Malformed and illegal actions, the wrong seat, and bad positions: a specific error naming the
problem, and the state unchanged afterwards (architecture.md §2; NT§3.3 "only currently legal
actions are offered")."""

from __future__ import annotations

import copy

import pytest

from cardavia.games.nantong.state import NantongState
from cardavia.rules.errors import IllegalActionError, InvalidActionError, InvalidPositionError
from tests.games.nantong.helpers import GAME, build, play, snapshot, state_of

MALFORMED = [
    ("", "empty"),
    ("   ", "empty"),
    ("fly 5M", "unknown verb"),
    ("Discard 5M", "unknown verb"),
    ("discard", "exactly one card"),
    ("discard 5M 6M", "exactly one card"),
    ("discard 0M", "unknown card code"),
    ("pong XX", "unknown card code"),
    ("win 5M", "takes no cards"),
    ("pass now", "takes no cards"),
]


@pytest.mark.parametrize(("text", "message"), MALFORMED)
def test_malformed_actions(text: str, message: str) -> None:
    """NT§3.3; architecture.md §3: a text that does not parse raises InvalidActionError."""
    state = GAME.new_deal(3, 0)
    seat = state.to_act()[0]
    before = snapshot(state)
    with pytest.raises(InvalidActionError, match=message):
        state.apply(seat, text)
    assert snapshot(state) == before


def test_non_text_action() -> None:
    """NT§3.3; architecture.md §3: only texts are actions."""
    state = GAME.new_deal(3, 0)
    with pytest.raises(InvalidActionError):
        state.apply(state.to_act()[0], 5)  # type: ignore[arg-type]


def _turn_state() -> NantongState:
    return state_of(
        build(
            indicators="1S 9C",
            hands={0: "5M×3 6M 6M"},
            draws="1C",
            start="draw",
            turn=0,
            watch="1C",
        )
    )


ILLEGAL = [
    (0, "discard T", "not in your concealed hand"),
    (0, "win", "not a winning hand"),
    (0, "kong 6M", "no kong"),
    (0, "pong 6M", "not a move on your turn"),
    (0, "pass", "not a move on your turn"),
    (0, "ready", "not a move on your turn"),
    (1, "discard 1C", "no decision"),
    (2, "pass", "no decision"),
    (3, "pass", "no seat"),
    (-1, "pass", "no seat"),
]


@pytest.mark.parametrize(("seat", "text", "message"), ILLEGAL)
def test_illegal_actions_on_a_turn(seat: int, text: str, message: str) -> None:
    """NT§3.1, NT§3.3: illegal or wrong-seat actions raise IllegalActionError naming the
    problem; the state is unchanged."""
    state = _turn_state()
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=message):
        state.apply(seat, text)
    assert snapshot(state) == before


def test_illegal_claims() -> None:
    """NT§3.2, NT§3.3: the wrong card, a run, a claim by the discarder, a pong by a ready seat;
    the answer window is unchanged afterwards."""
    state = state_of(
        build(
            indicators="1S 9C",
            hands={0: "6M 6M 4M 5M", 1: "6M 7M 8M"},
            start="discard",
            turn=1,
            watch="6M",
        )
    )
    play(state, (1, "discard 6M"))
    before = snapshot(state)
    for seat, text, message in [
        (0, "pong 5M", "card under claim is 6M"),
        (0, "win", "does not complete"),
        (0, "discard 4M", "card is under claim"),
        (1, "pong 6M", "no decision"),
        (2, "pong 6M", "no decision"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            state.apply(seat, text)
        assert snapshot(state) == before
    ready = state_of(
        build(
            indicators="1S 9C",
            hands={0: "6M 6M 4M 5M", 1: "6M"},
            start="discard",
            turn=1,
            ready=[0],
            watch="6M",
        )
    )
    play(ready, (1, "discard 6M"))
    assert ready.legal_actions(0) == []  # not a winning card: the ready seat is not asked
    with pytest.raises(IllegalActionError, match="no decision"):
        ready.apply(0, "pong 6M")


def test_illegal_opening_moves() -> None:
    """NT§2.2 … NT§2.6: only declarations of dealt cards; no ready for the dealer."""
    state = state_of(build(indicators="9C 9S", hands={0: "2M×4"}, dealer=0, start="opening"))
    before = snapshot(state)
    for text, message in [
        ("ready", "dealer may not declare ready"),
        ("four 3M", "not an opening declaration"),
        ("three 9C", "not an opening declaration"),
        ("discard 2M", "in the opening phase"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            state.apply(0, text)
        assert snapshot(state) == before


def test_after_the_deal_is_over() -> None:
    """NT§1.2: nothing is legal once the deal is over."""
    state = GAME.new_deal(1)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    before = snapshot(state)
    for seat in range(3):
        with pytest.raises(IllegalActionError, match="deal is over"):
            state.apply(seat, "pass")
    assert snapshot(state) == before


def test_ready_player_kong_and_discard_messages() -> None:
    """NT§2.6; decision NT A-13: a ready player may not kong and must discard the drawn card."""
    hand = "1M 2M 3M 4M 5M 6M 7M 8M 1S 2S 3S 4S 5S 6S 7C 8C 9C W W 5C×3"
    state = state_of(
        build(indicators="1S 9C", hands={0: hand}, draws="9M", ready=[0], start="draw", turn=0)
    )
    assert state.legal_actions(0) == ["win", "discard 9M"]
    for text, message in [("kong 5C", "may not kong"), ("discard 1M", "card just drawn")]:
        with pytest.raises(IllegalActionError, match=message):
            state.apply(0, text)


BASE = build(indicators="9C 9S", hands={}, dealer=0, start="opening")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p.update(dealer=3), "dealer must be a seat"),
        (lambda p: p.update(dealer=True), "dealer must be a seat"),
        (lambda p: p.update(indicators=["9C"]), "indicators must be 2"),
        (lambda p: p["stock"].pop(), "missing"),
        (lambda p: p["stock"].append("5M"), "too many 5M"),
        (lambda p: p["hands"][0].append(p["stock"].pop()), "expected 23"),
        (lambda p: p.update(hands=[[], []]), "hands must list 3"),
        (lambda p: p.update(start="middle"), "start must be one of"),
        (lambda p: p["hands"][1].__setitem__(0, "ZZ"), "unknown card code"),
        (lambda p: p.update(melds=[["fly 5M"], [], []]), "bad meld"),
        (lambda p: p.update(melds=[[5], [], []]), "must be a text"),
        (lambda p: p.update(ready=[1]), "no melds, discards or ready"),
        (lambda p: p.update(ready=[7]), "ready must be a seat"),
        (lambda p: p.update(start="draw", stock=[]), "deck"),
    ],
)
def test_bad_positions(change: object, message: str) -> None:
    """NT§2.1: from_position validates the exact 120-card deck, the seats and the sizes."""
    position = copy.deepcopy(BASE)
    change(position)  # type: ignore[operator]
    with pytest.raises(InvalidPositionError, match=message):
        GAME.from_position(position)


def test_bad_meld_positions() -> None:
    """NT§2.4, NT§2.5: an opening three needs its indicator; a Hezi two equal indicators."""
    for meld, message in [("three 5M", "needs an indicator"), ("hezi 9C", "two 9C")]:
        with pytest.raises(InvalidPositionError, match=message):
            build(indicators="9C 9S", melds={1: [meld]}, start="draw", turn=1)
    with pytest.raises(InvalidPositionError, match="position must be a JSON object"):
        GAME.from_position([])  # type: ignore[arg-type]
