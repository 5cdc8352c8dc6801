"""Worked examples ER-E23 … ER-E29 of shared/rules/erqishi.md: the heavenly win, a win on the
dealer's opening discard, dead hands and compulsory fours, discard obligations, the drawn deal,
and the two whole-deal flows with exact cards."""

from __future__ import annotations

from typing import Any

from cardavia.rules.conservation import check_conservation
from tests.games.erqishi.helpers import (
    GAME,
    breakdown,
    build,
    deal,
    events_of,
    groups_of,
    pass_all,
    reveal_seats,
    win_event,
)
from tests.games.erqishi.helpers import payments as paid

# --- ER-E23 ---------------------------------------------------------------------------------


def test_er_e23_heavenly_win_positive() -> None:
    """ER-4; A-ER-13; worked example ER-E23 (positive): seat 1 deals a complete hand with a face-up
    ti and one pair: 21 → u = 4, (−4, +8, −4), paid as on a turned-up card."""
    state = deal({1: "L3 L3 L3 L3 s5 s5 s5 L2 L7 L10 s1 s2 s3 s6 s7 s8 L4 L5 L6 s9 s9"}, dealer=1)
    assert state.to_act() == (1,) and state.legal_actions(1) == ["win", "pass"]
    events = state.apply(1, "win")
    assert win_event(events)["heavenly"] and win_event(events)["huxi"] == 21
    assert paid(state) == (-4, 8, -4)


def test_er_e23_complete_but_under_10() -> None:
    """ER-4; worked example ER-E23: complete but 3 + 3 = 6: no win; the dealer discards."""
    state = deal({0: "s4 s4 s4 s2 s7 s10 s1 s2 s3 s5 s6 s7 L4 L5 L6 L7 L8 L9 s8 s9 s10"})
    assert state.phase == "discard" and state.to_act() == (0,)
    assert "win" not in state.legal_actions(0)


def test_er_e23_no_pattern_win_and_no_non_dealer_heavenly() -> None:
    """ER-4; A-ER-13; worked example ER-E23: seat 2 (not dealer) dealt three fours: three face-up
    ti (9 + 9 + 12), no instant win (Paohuzi: 三提); play goes on with the dealer's discard."""
    state = deal({2: "s1 s1 s1 s1 s4 s4 s4 s4 L8 L8 L8 L8"})
    assert state.result() is None and state.phase == "discard" and state.to_act() == (0,)
    assert sorted(h or 0 for _, _, h in groups_of(state, 2)) == [9, 9, 12]


# --- ER-E24 ---------------------------------------------------------------------------------


def test_er_e24_win_on_the_dealers_opening_discard() -> None:
    """ER-7, ER-15; A-ER-10; worked example ER-E24: seat 1 wins on the dealer's opening s7 with
    s2 s7 s10: 12 → u = 1, an ordinary discard win, (−3, +3, 0)."""
    state = deal({0: "s7", 1: "L10 L10 L10 s3 s3 s3 s2 s10 L4 L5 L6 L7 L8 L9 s4 s5 s6 L1 L2 L3"})
    state.apply(0, "discard s7")
    assert "win" in state.legal_actions(1)
    events = state.apply(1, "win")
    events += pass_all(state)
    assert win_event(events)["huxi"] == 12 and not win_event(events)["heavenly"]
    assert paid(state) == (-3, 3, 0)


# --- ER-E25 ---------------------------------------------------------------------------------

SEVEN_KANS = "s1 s1 s1 s2 s2 s2 s3 s3 s3 s4 s4 s4 s5 s5 s5 L6 L6 L6 L7 L7 L7"


def test_er_e25a_seven_kans_heavenly() -> None:
    """ER-4, ER-12; A-ER-20; worked example ER-E25 (a): 5 × 3 + 2 × 6 = 27 → u = 6."""
    state = deal({0: SEVEN_KANS})
    state.apply(0, "win")
    assert breakdown(state)["huxi"] == 27 and paid(state) == (12, -6, -6)


def test_er_e25a_declined_seven_kans_is_the_only_dead_hand() -> None:
    """ER-11, ER-12; A-ER-20; worked example ER-E25 (a): declined, no legal opening discard: a
    dead hand; seat 1 turns up first; an s1 turned up makes the compulsory pao s1×4 all the same,
    and the dead hand is never offered a claim."""
    state = deal({0: SEVEN_KANS}, stock="s1")
    events = state.apply(0, "pass")
    assert events_of(events, "dead")[0].data["seat"] == 0
    # seat 1 turns up s1: the dead hand's compulsory pao, then seat 1 (after seat 0) turns up
    assert reveal_seats(events) == [1, 1]
    (pao,) = events_of(events, "pao")
    assert pao.data["seat"] == 0 and pao.data["upgraded"] == "kan"
    assert state.observation(0)["seats"][0]["dead"]
    assert state.phase != "discard" or state.to_act() != (0,)


def test_er_e25b_a_four_always_leaves_a_discard() -> None:
    """ER-11; A-ER-20; worked example ER-E25 (b): five exposed chi and kan s2×3 + s9 s9: seat 2
    discards s2 → pao s2×4; seat 0 discards an s9 (the engine does: its only choice)."""
    state = build(
        hands={0: "s2 s2 s2 s9 s9", 2: "s2"}, turn=(2, "discard"), watch="s2 s9", spare=0
    ).state()
    events = state.apply(2, "discard s2")
    events += pass_all(state)
    assert events_of(events, "pao")[0].data["seat"] == 0
    assert [e.data for e in events_of(events, "discard")][-1] == {"seat": 0, "card": "s9"}


# --- ER-E26 ---------------------------------------------------------------------------------


def test_er_e26_discard_obligations() -> None:
    """ER-11; as PHZ-E22; worked example ER-E26: (a) chi or peng → discard; (c) a second four →
    no discard, the next player after the pao maker turns up; (d) a non-dealer dealt two ti needs
    no discard after its first take; (e) a dealer dealt two ti makes no opening discard."""
    a = build(hands={0: "s4 s6"}, stock="s5", watch="s5").state()
    a.apply(0, "chi s4 s5 s6")
    assert a.phase == "discard" and a.to_act() == (0,)
    c = build(
        hands={0: "s4 s4 s4"},
        exposed={0: ["ti L8 L8 L8 L8"]},
        stock="s4",
        turn=(2, "reveal"),
        extra_stock=1,
    ).state()
    events = c.opening + pass_all(c)
    assert events_of(events, "pao") and not events_of(events, "discard")
    assert reveal_seats(events)[-1] == 1
    d = deal({1: "s1 s1 s1 s1 L2 L2 L2 L2 s5 s6"})
    assert d.seats[1].quads() == 2 and d.seats[1].limit() == 21
    assert not d.seats[1].must_discard()
    e = deal({0: "s1 s1 s1 s1 L2 L2 L2 L2"})
    assert e.phase == "claims" and reveal_seats(e.opening) == [1]


# --- ER-E27 ---------------------------------------------------------------------------------


def test_er_e27_drawn_deal() -> None:
    """ER-16; worked example ER-E27: 19 stock cards; when the next player to turn up finds the
    stock empty the deal is drawn, (0, 0, 0); a discard after the 19th card can still be won on."""
    state = GAME.new_deal(3)
    assert len(state.stock) == 19
    e = build(hands={0: "s4 s6"}, stock="s5", watch="s5").state()
    e.apply(0, "chi s4 s5 s6")
    assert e.phase == "discard"
    discard = e.legal_actions(0)[0]
    events = e.apply(0, discard)
    events += pass_all(e)
    assert events_of(events, "drawn") and paid(e) == (0, 0, 0)


# --- ER-E28, ER-E29 --------------------------------------------------------------------------

E28: dict[str, Any] = {
    "dealer": 2,
    "turn": {"seat": 1, "step": "reveal"},
    "stock": ["s6", "L4", "s3"],
    "exposed": [
        ["peng L9 L9 L9", "chi s2 s7 s10"],
        ["peng L5 L5 L5", "chi L2 L7 L10"],
        ["peng L6 L6 L6", "chi s3 s4 s5"],
    ],
    "hands": [
        ["L4", "L4", "L4", "s4", "s5", "s6", "L6", "L7", "s9", "s10", "s10", "L3", "s1", "L2"],
        ["L8", "L8", "L8", "s1", "s2", "s3", "s7", "s7", "s8", "s8", "L1", "L1", "L2", "L3"],
        ["L3", "L5", "s9", "s9", "s4", "s5", "s6", "s2", "s3", "s8", "L7", "L8", "L9", "s10"],
    ],
    "discards": [
        ["L10", "L10", "s1", "s2", "L1"],
        ["L10", "s4", "s1", "L7", "s7"],
        ["L1", "L2", "L3", "s5", "s6", "s8", "s9"],
    ],
    "stale": [
        {"chi": ["L10"], "peng": []},
        {"chi": ["L10", "s4"], "peng": []},
        {"chi": ["L1", "L2", "L3"], "peng": []},
    ],
}


def test_er_e28_whole_deal_flow_discard_win() -> None:
    """ER-6, ER-7, ER-8, ER-10, ER-11, ER-13, ER-15; worked example ER-E28: seat 1 chis its own
    s6 and discards L1; seat 2's L4 makes seat 0's compulsory pao L4×4 (9), seat 2's own chi never
    offered; seat 0 discards s9; seat 1 wins on it, 15 → u = 2, the discarder pays alone
    (−6, +6, 0); s3 is never turned up."""
    state = GAME.from_position(E28)
    check_conservation(state)
    assert state.legal_actions(1) == ["chi s6 s7 s8", "pass"]
    assert state.legal_actions(0) == [] and state.legal_actions(2) == []
    state.apply(1, "chi s6 s7 s8")
    events = state.apply(1, "discard L1")  # nobody may claim it: seat 2 turns up L4 at once
    assert [e.data["card"] for e in events_of(events, "reveal")] == ["L4"]
    (pao,) = events_of(events, "pao")
    assert (pao.data["seat"], pao.data["groups"][0]["huxi"]) == (0, 9)
    assert not events_of(events, "stale")  # seat 2's chi of L4 was never offered
    assert state.phase == "discard" and state.to_act() == (0,)
    state.apply(0, "discard s9")
    assert state.legal_actions(1)[0] == "win" and "peng s9" in state.legal_actions(2)
    state.apply(2, "peng s9")
    events = state.apply(1, "win")
    assert win_event(events)["huxi"] == 15 and paid(state) == (-6, 6, 0)
    assert state.stock == [state.stock[0]] and state.stock[0] == 2  # s3 never turned up
    check_conservation(state)


def test_er_e28_branch_all_decline() -> None:
    """Worked example ER-E28, branch: all decline s9: passed for peng for seat 2, for chi and win
    for seat 1 (a declined chi); seat 1 turns up s3, the last card."""
    state = GAME.from_position(E28)
    state.apply(1, "chi s6 s7 s8")
    state.apply(1, "discard L1")
    pass_all(state)
    state.apply(0, "discard s9")
    for seat in (1, 2):
        state.apply(seat, "pass")
    assert "s9" in state.observation(1)["stale"]["chi"]
    assert "s9" in state.observation(2)["stale"]["peng"]
    assert state.revealed == 2 and state.turn == 1  # s3, by seat 1


E29: dict[str, Any] = {
    "dealer": 1,
    "turn": {"seat": 0, "step": "reveal"},
    "stock": ["L7", "s8"],
    "exposed": [
        ["peng s4 s4 s4", "chi L1 L2 L3"],
        ["chi s2 s7 s10", "peng L3 L3 L3"],
        ["peng L2 L2 L2", "chi L8 L9 L10"],
    ],
    "hands": [
        ["L6", "L8", "L9", "s6", "L4", "L4", "s1", "s5", "s5", "s10", "L10", "s3", "L5", "s2"],
        ["L7", "L7", "s7", "s9", "s1", "L4", "L5", "L6", "s5", "s6", "L8", "L9", "L10", "s3"],
        ["L1", "L1", "L1", "s6", "s7", "L5", "L6", "L7", "s2", "s7", "s10", "s2", "s3", "s9"],
    ],
    "discards": [
        ["s10", "L10", "s1", "s8", "L9", "L4"],
        ["s1", "s3", "L5", "s4", "s9", "L6"],
        ["s8", "L8", "s5", "s6", "s8", "s9"],
    ],
    "stale": [
        {"chi": ["s10", "L10"], "peng": []},
        {"chi": ["s1", "s3", "L5"], "peng": []},
        {"chi": ["s8", "L8"], "peng": []},
    ],
}


def test_er_e29_whole_deal_flow_passed_card_and_draw() -> None:
    """ER-6, ER-7, ER-9, ER-10, ER-14, ER-16; worked example ER-E29: seat 1 pengs seat 0's L7
    (above seat 0's chi, which leaves no record), discards s1; seat 2 chis it, discards s9; seat 0
    turns up s8, which would give seat 2 12 but is passed for it; seat 1 may not chi it; the
    stock is empty: drawn, (0, 0, 0)."""
    state = GAME.from_position(E29)
    check_conservation(state)
    assert "peng L7" in state.legal_actions(1)
    assert {t for t in state.legal_actions(0) if t.startswith("chi")} >= {"chi L5 L6 L7"}
    state.apply(0, "pass")
    events = state.apply(1, "peng L7")
    assert not [e for e in events_of(events, "stale") if e.data["seat"] == 0]
    events = state.apply(1, "discard s1")
    assert "chi s1 s2 s3" in state.legal_actions(2)
    state.apply(2, "chi s1 s2 s3")
    events = state.apply(2, "discard s9")
    events += pass_all(state)
    assert [e.data["card"] for e in events_of(events, "reveal")] == ["s8"]
    assert events_of(events, "drawn") and paid(state) == (0, 0, 0)
    assert breakdown(state)["reason"] == "stock exhausted"


def test_er_e29_passed_card_bars_seat_2_and_seat_1_may_not_chi() -> None:
    """ER-10, ER-14; worked example ER-E29 step 4: on seat 0's s8 seat 2 has no win (passed) and
    seat 1 no chi (not its own card); without the passed record seat 2 would win with 12."""
    from cardavia.games.erqishi.options import can_win, seat_options

    state = GAME.from_position(E29)
    state.apply(0, "pass")
    state.apply(1, "peng L7")
    state.apply(1, "discard s1")
    state.apply(2, "chi s1 s2 s3")
    state.apply(2, "discard s9")
    s8 = 7
    h2 = state.seats[2].copy()
    assert not can_win(h2, s8)
    h2.chi_stale.discard(s8)
    assert can_win(h2, s8)
    assert seat_options(state.seats, 1, s8, 0, True) == {}
