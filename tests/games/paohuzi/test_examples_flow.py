"""Worked examples PHZ-E22 … PHZ-E26 of shared/rules/paohuzi.md: discard obligations, heavenly
wins, stale cards, the dead hand, and stock exhaustion."""

from __future__ import annotations

import random

import pytest

from cardavia.games.paohuzi.options import seat_options
from cardavia.games.paohuzi.state import PaohuziState
from cardavia.rules.conservation import check_conservation
from cardavia.rules.core import Event
from tests.games.paohuzi.helpers import (
    GAME,
    build,
    discards_of,
    events_of,
    groups_of,
    ids,
    opening,
    owned,
    pass_all,
    pass_until,
    reveal_seats,
)

# --- PHZ-E22 ------------------------------------------------------------------------------------


def test_e22a_chi_peng_wei_need_a_discard() -> None:
    """PHZ-9; PHZ-seed 3.7; decision A-PHZ-7; worked example PHZ-E22 (a): 20 cards, Q = 0, a
    chi, a peng or a wei → N = 21 > 20 → discard."""
    chi = build(hands={2: "s4 s6"}, stock="s5", turn=(1, "reveal")).state()
    chi.apply(2, "chi s4 s5 s6")
    pass_all(chi)
    peng = build(hands={1: "L4", 0: "L4 L4"}, turn=(1, "discard"), watch="L4").state()
    peng.apply(1, "discard L4")
    peng.apply(0, "peng L4")
    wei = build(hands={0: "s8 s8"}, stock="s8").state()
    for state, seat in ((chi, 2), (peng, 0), (wei, 0)):
        assert (owned(state, seat), state.seats[seat].quads()) == (21, 0)
        assert state.phase == "discard" and state.to_act() == (seat,)


def test_e22b_first_pao_needs_a_discard() -> None:
    """PHZ-9; worked example PHZ-E22 (b): first pao, N = 21, Q = 1, limit 20 → discard."""
    state = build(hands={0: "s4 s4 s4"}, stock="s4", turn=(1, "reveal")).state()
    state.apply(0, "pao s4")
    pass_all(state)
    assert (owned(state, 0), state.seats[0].quads()) == (21, 1)
    assert state.phase == "discard" and state.to_act() == (0,)


def test_e22c_second_pao_needs_no_discard() -> None:
    """PHZ-9; PHZ-seed 3.7 ("your second and later pao or ti need no discard"); worked example
    PHZ-E22 (c): N = 21, Q = 2, limit 21 → no discard; the next player after the pao maker
    (seat 1) reveals."""
    state = build(
        hands={0: "s4 s4 s4"},
        exposed={0: ["ti L8 L8 L8 L8"]},
        stock="s4",
        turn=(2, "reveal"),
        extra_stock=1,
    ).state()
    events = state.apply(0, "pao s4")
    events += pass_all(state)
    assert (owned(state, 0), state.seats[0].quads()) == (21, 2)
    assert not events_of(events, "discard") and state.phase != "discard"
    assert reveal_seats(events)[0] == 1


def test_e22_a_forced_discard_is_made_by_the_engine() -> None:
    """PHZ-9; architecture.md §2 (a seat is asked only when it has a real choice): after the
    peng, seat 0's only discardable cards are s9 s9, so the engine discards s9 itself."""
    exposed = ["ti L8 L8 L8 L8", "chi s1 s2 s3", "chi s4 s5 s6", "chi L1 L2 L3", "chi L5 L6 L7"]
    state = build(
        hands={0: "L4 L4 s9 s9", 1: "L4"}, exposed={0: exposed}, turn=(1, "discard"), watch="L4 s9"
    ).state()
    state.apply(1, "discard L4")
    events = state.apply(0, "peng L4")
    assert [(e.kind, e.data["card"]) for e in events if e.kind == "discard"] == [("discard", "s9")]
    assert state.actions == [(1, "discard L4"), (0, "peng L4")]
    assert discards_of(state, 0)[-1] == "s9" and state.phase != "discard"


def two_ti_deal(dealer: int) -> PaohuziState:
    """Seat 1 is dealt two ti (s1, L1) and s4 s6; the dealer (seat 0) holds s5."""
    seat1 = "s1 s1 s1 s1 L1 L1 L1 L1 s4 s6 s2 s8 s9 s10 L2 L3 L6 L7 L8 L9"
    return GAME.from_position(opening({1: seat1, 0: "s5"}, dealer=dealer))


def test_e22d_two_opening_ti_first_chi_no_discard() -> None:
    """PHZ-3 step 2, PHZ-9; decision A-PHZ-7; worked example PHZ-E22 (d): a non-dealer dealt
    two ti owns 20 (Q = 2); its first chi gives 21 = limit → no discard."""
    state = two_ti_deal(0)
    assert (owned(state, 1), state.seats[1].quads()) == (20, 2)
    assert [g[0] for g in groups_of(state, 1)] == ["ti", "ti"]
    assert state.to_act() == (0,)
    state.apply(0, "discard s5")
    for seat in state.to_act():
        if seat != 1:
            state.apply(seat, "pass")
    events = state.apply(1, "chi s4 s5 s6")
    events += pass_all(state)
    assert owned(state, 1) == 21
    assert not events_of(events, "discard")
    assert reveal_seats(events)[0] == 2


def test_e22e_dealer_opening_discard_with_one_or_two_ti() -> None:
    """PHZ-3 step 4, PHZ-9; decision A-PHZ-7; worked example PHZ-E22 (e): dealer with one ti
    discards; dealer with two ti makes no opening discard and dealer+1 reveals first."""
    one = GAME.from_position(opening({2: "s3 s3 s3 s3"}, dealer=2))
    assert one.phase == "discard" and one.to_act() == (2,)
    assert (owned(one, 2), one.seats[2].quads()) == (21, 1)
    two = GAME.from_position(opening({2: "s3 s3 s3 s3 L5 L5 L5 L5"}, dealer=2))
    assert (owned(two, 2), two.seats[2].quads()) == (21, 2)
    assert not events_of(two.opening, "discard")
    assert reveal_seats(two.opening)[0] == 0


# --- PHZ-E23 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "hand", "huxi", "tun_"),
    [
        (1, "s1 s1 s1 s1 L3 L3 L3 L3 s7 s7 s7 s7", 30, 6),
        (2, "s2 s2 s2 s5 s5 s5 L6 L6 L6 L8 L8 L8 s10 s10 s10", 21, 3),
        (0, "L1 L1 L1 L1 s3 s3 s3 s4 s4 s4 s6 s6 s6 s9 s9 s9", 24, 4),
        # A-PHZ-10 between the two: two ti and three kan are five kan too, 9 + 12 + 3 + 6 + 6
        (1, "s1 s1 s1 s1 L3 L3 L3 L3 s5 s5 s5 L6 L6 L6 L8 L8 L8", 36, 8),
    ],
)
def test_e23_heavenly_wins(seat: int, hand: str, huxi: int, tun_: int) -> None:
    """PHZ-3 step 1; PHZ-seed 1.2; decision A-PHZ-10; worked example PHZ-E23: three ti, five kan,
    one ti + four kan, and two ti + three kan win at once; only ti and kan count."""
    state = GAME.from_position(opening({seat: hand}, dealer=0))
    result = state.result()
    assert state.is_over() and result is not None and state.actions == []
    assert result.winner == seat
    assert (result.breakdown["huxi"], result.breakdown["tun"]) == (huxi, tun_)
    assert result.breakdown["heavenly"] is True
    assert result.scores == tuple(2 * tun_ if s == seat else -tun_ for s in range(3))
    check_conservation(state)


def test_e23_negative_ordinary_complete_hand() -> None:
    """PHZ-3 step 1; decision A-PHZ-11; worked example PHZ-E23 negative case: the dealer's 21
    cards form seven groups worth 21 huxi but no 3 ti / 5 kan: no win, the dealer discards."""
    dealer = "L1 L2 L3 L2 L7 L10 s1 s2 s3 s2 s7 s10 s5 s5 s5 s6 s7 s8 L4 L5 L6"
    state = GAME.from_position(opening({0: dealer}, dealer=0))
    assert state.result() is None
    assert state.phase == "discard" and state.to_act() == (0,)


@pytest.mark.parametrize(
    "hand",
    [
        "s2 s2 s2 s5 s5 s5 L6 L6 L6 L8 L8 L8",  # four kan
        "s1 s1 s1 s1 L3 L3 L3 L3 s5 s5 s5 L6 L6 L6",  # two ti + two kan: four of five
    ],
)
def test_e23_negative_four_kans(hand: str) -> None:
    """PHZ-3 step 1; PHZ-seed 1.2; decisions A-PHZ-10, A-PHZ-11: four kan (a ti counting as a
    kan) is not "five kan", and two ti are not three: no heavenly win."""
    state = GAME.from_position(opening({1: hand}, dealer=0))
    assert state.result() is None and state.to_act() == (0,)


def test_e23_two_heavenly_hands_dealer_first() -> None:
    """PHZ-3 step 1 (if two qualify, the dealer goes first, then turn order)."""
    three_ti = "s1 s1 s1 s1 L3 L3 L3 L3 s7 s7 s7 s7"
    five_kan = "s2 s2 s2 s5 s5 s5 L6 L6 L6 L8 L8 L8 s10 s10 s10"
    for dealer, expect in ((1, 1), (2, 2), (0, 1)):
        state = GAME.from_position(opening({1: three_ti, 2: five_kan}, dealer=dealer))
        result = state.result()
        assert result is not None and result.winner == expect


# --- PHZ-E24 ------------------------------------------------------------------------------------

E24_EXPOSED = ["chi L1 L2 L3", "chi s1 s2 s3", "peng L10 L10 L10", "wei s9 s9 s9"]


def test_e24a_passed_chi_is_stale_but_can_still_win() -> None:
    """PHZ-12; PHZ-seed 3.10; decision A-PHZ-6; worked example PHZ-E24 (a): seat 0 passes the chi
    of seat 2's reveal s5; seat 2's later discard s5 is not offered to seat 0; seat 1's reveal of
    the last s5 still wins for seat 0."""
    state = build(
        hands={0: "s4 s6 L4 L5 L6 s7 s8 s9", 2: "s5 L2 L2"},
        exposed={0: E24_EXPOSED},
        discards={1: "s5"},
        stock="s5 L9 L2 L9 s5",
        turn=(2, "reveal"),
    ).state()
    assert state.to_act() == (0,)
    assert {"chi s4 s5 s6", "win"} <= set(state.legal_actions(0))
    state.apply(0, "pass")  # declines the chi (and the win: no stale effect)
    assert state.observation(0)["stale"]["chi"] == ["s5"]
    pass_until(state, lambda st: "peng L2" in st.legal_actions(2))
    state.apply(2, "peng L2")
    pass_all(state)
    events = state.apply(2, "discard s5")
    assert [(e.kind, e.data["seat"]) for e in events[:2]] == [("discard", 2), ("reveal", 0)]
    pass_until(state, lambda st: "win" in st.legal_actions(0))
    assert state.observation(0)["public_card"] == "s5" and state.observation(0)["offered_by"] == 1
    state.apply(0, "win")
    pass_all(state)
    result = state.result()
    assert result is not None and result.winner == 0 and result.breakdown["huxi"] == 15


def e24b(stock: str) -> tuple[PaohuziState, list[Event]]:
    state = build(hands={1: "L8", 0: "L8 L8"}, turn=(1, "discard"), stock=stock, watch="L8").state()
    state.apply(1, "discard L8")
    assert state.legal_actions(0) == ["peng L8", "pass"]
    events = state.apply(0, "pass")
    events += pass_all(state)
    return state, events


def test_e24b_stinky_wei_is_still_compulsory() -> None:
    """PHZ-5 step 1, PHZ-12; decision A-PHZ-6; worked example PHZ-E24 (b): seat 0 passed the
    peng of L8; its own later reveal of L8 still forces the wei (6 huxi)."""
    state, events = e24b("s1 L8")
    assert state.observation(0)["stale"]["peng"] == ["L8"]
    assert reveal_seats(events) == [2, 0]
    assert ("wei", "L8 L8 L8", 6) in groups_of(state, 0)


def test_e24b_no_peng_of_a_stale_card() -> None:
    """PHZ-12; worked example PHZ-E24 (b): another player's later L8 cannot be penged."""
    state, events = e24b("L8")
    assert [(e.kind, e.data.get("card")) for e in events if e.seat is None][:2] == [
        ("reveal", "L8"),
        ("unclaimed", "L8"),
    ]  # seat 2's L8: nobody was asked
    assert state.seats[0].hand[ids("L8")[0]] == 2
    assert [seat for seat, _ in state.actions] == [1, 0]


def test_e24c_own_discard_bans_chi() -> None:
    """PHZ-12; decision A-PHZ-6; worked example PHZ-E24 (c): seat 0 discarded s2 earlier; seat
    2's later discard of s2 is not offered to seat 0 (its next player), though s1 s3 fit."""
    state = build(
        hands={0: "s2 s1 s3", 2: "s2 L7 L7"},
        turn=(0, "discard"),
        stock="L7",
        discards={1: "s2 s2"},
        watch="s2",
    ).state()
    state.apply(0, "discard s2")
    assert state.observation(0)["stale"] == {"chi": ["s2"], "peng": ["s2"]}
    pass_until(state, lambda st: "peng L7" in st.legal_actions(2))
    state.apply(2, "peng L7")
    pass_all(state)
    events = state.apply(2, "discard s2")
    assert state.legal_actions(0) == []
    assert "s2" in discards_of(state, 2) and events[1].kind == "drawn"


# --- PHZ-E25 ------------------------------------------------------------------------------------

E25A = ["chi s5 s6 s7", "peng s9 s9 s9", "chi L6 L7 L8", "chi L3 L4 L5", "chi s6 s7 s8"]


def test_e25a_dead_hand() -> None:
    """PHZ-10; PHZ-seed 3.8; decision A-PHZ-16; worked example PHZ-E25 (a): the wei s4 leaves
    only the kan, 7 huxi < 15: dead hand, no discard, seat 1 reveals next; seat 0 still reveals,
    and its own s2 makes a compulsory ti (no discard)."""
    state = build(hands={0: "s4 s4 s2 s2 s2"}, exposed={0: E25A}, stock="s4 s10 L10 s2").state()
    kinds = [e.kind for e in state.opening]
    assert kinds[kinds.index("wei") : kinds.index("wei") + 3] == ["wei", "dead", "reveal"]
    assert reveal_seats(state.opening)[:2] == [0, 1]
    assert state.observation(1)["seats"][0]["dead"] is True
    while not state.is_over():
        pass_all(state)
    assert reveal_seats(state.opening)[:4] == [0, 1, 2, 0]
    assert ("ti", "s2 s2 s2 s2", 9) in groups_of(state, 0)
    assert not any(e.kind == "discard" for e in state.opening)
    check_conservation(state)


def test_e25a_dead_hand_may_pao() -> None:
    """PHZ-10; PHZ-seed 3.8 ("may show stock cards or make pao or ti"); worked example PHZ-E25
    (a): another player's s2 → optional pao; a dead hand makes no discard (ambiguity: PHZ-9's
    no-discard ban on optional pao does not apply to a dead hand)."""
    state = build(
        hands={0: "s4 s4 s2 s2 s2"}, exposed={0: E25A}, stock="s4 s2", extra_stock=1
    ).state()
    assert state.observation(0)["public_card"] == "s2" and state.observation(0)["offered_by"] == 1
    assert state.legal_actions(0) == ["pao s2", "pass"]
    events = state.apply(0, "pao s2")
    events += pass_all(state)
    assert ("pao", "s2 s2 s2 s2", 6) in groups_of(state, 0)
    assert state.phase != "discard" and reveal_seats(events)[:1] == [1]


def test_e25a_dead_hand_cannot_chi_peng_or_win() -> None:
    """PHZ-10; worked example PHZ-E25 (a): a dead hand is never offered chi, peng or win."""
    state = build(hands={0: "s4 s4 s2 s2 s2"}, exposed={0: E25A}, stock="s4").state()
    h = state.seats[0]
    assert h.dead
    h.dead = False  # what the hand would be offered if it were alive with a pair and a spare
    h.hand = [0] * 20
    h.hand[ids("L1")[0]] = 2
    h.hand[ids("s10")[0]] = 1
    alive = seat_options(state.seats, 0, ids("L1")[0], 2, True)
    h.dead = True
    assert "peng L1" in alive
    assert seat_options(state.seats, 0, ids("L1")[0], 2, True) == {}


def test_e25b_wei_completes_a_win_instead() -> None:
    """PHZ-10, PHZ-11; decision A-PHZ-16; worked example PHZ-E25 (b): after the wei s4 the total
    is 16 → a win, 1 tun, not a dead hand (declining it leaves a dead hand)."""
    exposed = ["chi s1 s2 s3", "peng L5 L5 L5", "chi s6 s7 s8", "peng s9 s9 s9", "chi L6 L7 L8"]
    built = build(hands={0: "s4 s4 L2 L2 L2"}, exposed={0: exposed}, stock="s4")
    state = built.state()
    assert state.legal_actions(0) == ["win", "pass"]
    state.apply(0, "win")
    result = state.result()
    assert result is not None and result.winner == 0
    assert (result.breakdown["huxi"], result.breakdown["tun"]) == (16, 1)
    declined = built.state()
    events = declined.apply(0, "pass")
    assert declined.seats[0].dead and events_of(events, "dead")


# --- PHZ-E26 ------------------------------------------------------------------------------------


class PassAgent:
    """Declines everything (never wins), discards the first legal card."""

    def act(self, legal: list[str]) -> str:
        return "pass" if "pass" in legal else legal[0]


@pytest.mark.parametrize("seed", range(8))
def test_e26_stock_exhaustion_is_a_draw(seed: int) -> None:
    """PHZ-2, PHZ-14; PHZ-seed 4.3; worked example PHZ-E26: 19 stock cards; when the player due
    to reveal finds the stock empty, the deal is drawn with no payments."""
    state = GAME.new_deal(seed)
    assert len(state.stock) == 19 and state.result() is None
    reveals = len(events_of(state.opening, "reveal"))
    agent, rng = PassAgent(), random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.to_act())
        events = state.apply(seat, agent.act(state.legal_actions(seat)))
        reveals += len(events_of(events, "reveal"))
    result = state.result()
    assert result is not None and result.winner is None
    assert result.scores == (0, 0, 0) and state.stock == []
    assert reveals == 19
