"""Errors (architecture.md §2): malformed texts raise InvalidActionError, illegal actions and
wrong seats raise IllegalActionError, with a message naming the problem, and the state is
unchanged; explicit positions are validated (PHZ-2, PHZ-9)."""

from __future__ import annotations

import copy

import pytest

from cardavia.games.paohuzi.actions import canonical
from cardavia.games.paohuzi.game import position_of
from cardavia.games.paohuzi.state import PaohuziState
from cardavia.rules.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    RulesError,
)
from tests.games.paohuzi.helpers import GAME, build, opening, snapshot


def e17() -> PaohuziState:
    """PHZ-E17: seat 0 reveals s9; seats 0 and 1 may chi it."""
    return build(hands={0: "s7 s8", 1: "s8 s10", 2: "s10 L9 L9"}, stock="s9").state()


@pytest.mark.parametrize(
    ("seat", "action", "error", "words"),
    [
        (0, "", InvalidActionError, "empty"),
        (0, "   ", InvalidActionError, "empty"),
        (0, "take s9", InvalidActionError, "unknown verb 'take'"),
        (0, "CHI s7 s8 s9", InvalidActionError, "unknown verb 'CHI'"),
        (0, "chi s7 s8 s11", InvalidActionError, "'s11'"),
        (0, "chi s7 s8", InvalidActionError, "three cards"),
        (0, "chi s7 s8 s9 bi s9", InvalidActionError, "bi group 1 needs exactly three"),
        (0, "pass now", InvalidActionError, "'pass' takes no cards"),
        (0, "win s9", InvalidActionError, "'win' takes no cards"),
        (0, "peng", InvalidActionError, "exactly one card"),
        (0, "discard s7 s8", InvalidActionError, "exactly one card"),
        (0, "wei s9", InvalidActionError, "unknown verb 'wei'"),  # compulsory: never an action
        (0, "ti s9", InvalidActionError, "unknown verb 'ti'"),
        (2, "chi s9 L9 L9", IllegalActionError, "seat 2 has no decision"),  # never A+2 (A-PHZ-13)
        (3, "pass", IllegalActionError, "no seat 3"),
        (-1, "pass", IllegalActionError, "no seat -1"),
        (0, "discard s7", IllegalActionError, "nothing to discard now"),
        (0, "win", IllegalActionError, "not a winning hand with s9"),
        (0, "peng s9", IllegalActionError, "may not peng s9"),
        (0, "pao s9", IllegalActionError, "may not pao s9"),
        (0, "chi s8 s9 s10", IllegalActionError, "not a legal chi"),
        (0, "chi s7 s8 s6", IllegalActionError, "must use the card in play, s9"),
        (1, "chi s7 s8 s9", IllegalActionError, "not a legal chi"),
    ],
)
def test_bad_answers_raise_and_change_nothing(
    seat: int, action: str, error: type[RulesError], words: str
) -> None:
    """PHZ-5 step 4, PHZ-11; decision A-PHZ-13; worked example PHZ-E17: a wrong answer raises
    an error naming the problem, and the state is unchanged (and still works)."""
    state = e17()
    before = snapshot(state)
    with pytest.raises(error) as info:
        state.apply(seat, action)
    assert words in str(info.value)
    assert snapshot(state) == before
    assert state.actions == []
    state.apply(0, "chi s9 s8 s7")  # any card order is accepted and made canonical
    assert state.actions == [(0, "chi s7 s8 s9")]


def test_answering_twice_and_stale_chi() -> None:
    """PHZ-12; claim windows: one answer per seat; a second answer is rejected; a stale card
    names the clause."""
    state = e17()
    state.apply(0, "pass")
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="seat 0 has no decision"):
        state.apply(0, "chi s7 s8 s9")
    assert snapshot(state) == before
    state = build(
        hands={0: "s7 s8"}, stock="s9", turn=(2, "reveal"), stale=[{"chi": ["s9"]}, {}, {}]
    ).state()
    with pytest.raises(IllegalActionError):
        state.apply(0, "chi s7 s8 s9")
    assert state.legal_actions(0) == []


def test_discard_phase_errors() -> None:
    """PHZ-3 step 3 (kan locked), PHZ-9: only a concealed, non-kan card may be discarded."""
    state = build(hands={0: "s1 s1 s1 s5 s7"}, turn=(0, "discard")).state()
    before = snapshot(state)
    for action, words in (
        ("discard s1", "kan, which is locked"),
        ("discard L9", "not in your"),
        ("pass", "must discard"),
        ("chi s5 s6 s7", "must discard"),
    ):
        with pytest.raises(IllegalActionError, match=words):
            state.apply(0, action)
        assert snapshot(state) == before
    with pytest.raises(IllegalActionError, match="seat 1 has no decision"):
        state.apply(1, "discard s5")
    state.apply(0, "discard s5")
    with pytest.raises(IllegalActionError, match=r"over|no decision"):
        state.apply(0, "discard s7")


def test_no_win_on_a_discard_message() -> None:
    """PHZ-6, PHZ-seed 3.11; worked example PHZ-E18: 'win' on a discard names the rule."""
    seat0 = "s1 s3 s4 s5 s6 L4 L5 L6 L7 L8 L9"
    state = build(
        hands={0: seat0, 2: "s2"},
        turn=(2, "discard"),
        watch="s2",
        exposed={0: ["chi L1 L2 L3", "peng L10 L10 L10", "wei s9 s9 s9"]},
    ).state()
    state.apply(2, "discard s2")
    with pytest.raises(IllegalActionError, match=r"PHZ-seed 3\.11"):
        state.apply(0, "win")


def test_over_deal_rejects_everything() -> None:
    """PHZ-14: a finished deal has no legal actions."""
    state = GAME.from_position(opening({1: "s1 s1 s1 s1 L3 L3 L3 L3 s7 s7 s7 s7"}))
    assert state.is_over()
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(0, "pass")


def test_canonical_forms() -> None:
    """PHZ-7, PHZ-8 (chi with bi); architecture.md §3: one canonical text per action."""
    assert canonical("chi s5 s4 s3 bi L5 s5 L5") == "chi s3 s4 s5 bi s5 L5 L5"
    assert canonical("chi s5 s6 s7 bi s5 L5 L5 bi s3 s4 s5") == (
        "chi s5 s6 s7 bi s3 s4 s5 bi s5 L5 L5"
    )
    assert canonical("  peng   L4 ") == "peng L4"


# --- positions ----------------------------------------------------------------------------------


def test_position_round_trip() -> None:
    """PHZ-9, PHZ-12 (counts and stale cards carried over); architecture.md §2, §4: position_of
    writes a position from_position rebuilds."""
    state = build(hands={0: "s7 s8", 1: "s8 s10"}, stock="s9", extra_stock=None).state()
    state.apply(0, "chi s7 s8 s9")
    state.apply(1, "pass")
    position = position_of(state)
    again = GAME.from_position(copy.deepcopy(position))
    assert [again.observation(s) for s in range(3)] == [state.observation(s) for s in range(3)]
    assert again.legal_actions(0) == state.legal_actions(0)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda p: p.update(dealer=3), "dealer must be a seat"),
        (lambda p: p["hands"][0].append("s1"), "not the 80-card deck"),
        (lambda p: p["hands"][0].__setitem__(0, "x9"), "unknown card code"),
        (lambda p: p.update(hands=p["hands"][:2]), "hands must list 3 seats"),
        (lambda p: p.update(turn={"seat": 0, "step": "fly"}), "turn must be"),
        (lambda p: p["exposed"][1].append("peng s1 s2 s3"), "identical"),
        (lambda p: p["exposed"][1].append("chi s1 s2 s4"), "not a chi-type"),
        (lambda p: p["exposed"][1].append("run s1 s2 s3"), "unknown group kind"),
        (lambda p: p["stock"].append(p["hands"][1].pop()), "between turns it owns"),
    ],
)
def test_bad_positions(change: object, words: str) -> None:
    """PHZ-2, PHZ-4, PHZ-9: a position with the wrong deck, counts, groups or seats is
    rejected with a message naming the problem."""
    position = build(hands={0: "s7 s8"}, stock="s9").position
    position = copy.deepcopy(position)
    change(position)  # type: ignore[operator]
    with pytest.raises(InvalidPositionError, match=words):
        GAME.from_position(position)


def test_fresh_deal_position_counts() -> None:
    """PHZ-2: a fresh deal gives the dealer 21 cards and the others 20."""
    position = opening({}, dealer=1)
    position["hands"][1].append(position["hands"][0].pop())
    with pytest.raises(InvalidPositionError, match="dealt 19 cards, not 20"):
        GAME.from_position(position)
