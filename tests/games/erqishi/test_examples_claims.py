"""Worked examples ER-E15 … ER-E22 of shared/rules/erqishi.md: where fours come from and that
they are compulsory, chi with bi and who may chi, two winners on one card, a win beating a four,
peng over chi, and passed cards (过张)."""

from __future__ import annotations

from typing import Any

from cardavia.games.erqishi.state import ErqishiState
from tests.games.erqishi.helpers import breakdown, build, events_of, groups_of, pass_all, win_event
from tests.games.erqishi.helpers import payments as paid


def _kinds(state: ErqishiState, seat: int) -> list[tuple[str, str, int | None]]:
    return groups_of(state, seat)


# --- ER-E15 ---------------------------------------------------------------------------------


def _four(
    held: dict[str, Any], card: str, turn: tuple[int, str], *, discard_by: int | None = None
) -> ErqishiState:
    hands = dict(held.get("hands", {}))
    if discard_by is not None:
        hands[discard_by] = card
    state = build(
        hands=hands,
        exposed=held.get("exposed", {}),
        stock="" if discard_by is not None else card,
        turn=turn,
        watch=card,
        extra_stock=1,
    ).state()
    if discard_by is not None:
        state.apply(discard_by, f"discard {card}")
    pass_all(state)
    return state


PENG_S3 = {"exposed": {0: ["peng s3 s3 s3"]}}
KAN_L7 = {"hands": {0: "L7 L7 L7"}}


def test_er_e15_peng_grows_on_a_discard() -> None:
    """ER-5, ER-8; A-ER-6; worked example ER-E15 row 1: exposed peng s3×3, seat 2 discards s3 →
    compulsory pao s3×4 (6) (Paohuzi: no pao); nobody is asked."""
    state = _four(PENG_S3, "s3", (2, "discard"), discard_by=2)
    assert ("pao", "s3 s3 s3 s3", 6) in _kinds(state, 0)
    assert state.phase == "discard" and state.to_act() == (0,)  # first four: discard


def test_er_e15_peng_grows_on_any_turned_up_card() -> None:
    """ER-8; worked example ER-E15 rows 2-3: seat 1's or seat 0's own turned-up s3: compulsory."""
    for revealer in (1, 0):
        state = _four(PENG_S3, "s3", (revealer, "reveal"))
        assert ("pao", "s3 s3 s3 s3", 6) in _kinds(state, 0)


def test_er_e15_kan_grows_on_any_source() -> None:
    """ER-8; A-ER-5; worked example ER-E15 rows 4-6: kan L7×3 + a discard, another's turned-up
    card or your own: compulsory pao (9), never a ti (12)."""
    for turn, by in (((2, "discard"), 2), ((1, "reveal"), None), ((0, "reveal"), None)):
        state = _four(KAN_L7, "L7", turn, discard_by=by)
        assert ("pao", "L7 L7 L7 L7", 9) in _kinds(state, 0), turn


def test_er_e15_pair_and_own_card_is_an_optional_peng() -> None:
    """ER-9; A-ER-7; worked example ER-E15 rows 7-8: a pair + your own turned-up s4 is an
    optional peng (1) (Paohuzi: compulsory wei); and on another's discard too."""
    state = build(hands={0: "s4 s4"}, stock="s4", watch="s4").state()
    assert state.legal_actions(0)[-1] == "pass" and "peng s4" in state.legal_actions(0)
    state.apply(0, "peng s4")
    assert ("peng", "s4 s4 s4", 1) in _kinds(state, 0)
    state = build(hands={0: "s4 s4", 1: "s4"}, turn=(1, "discard"), watch="s4").state()
    state.apply(1, "discard s4")
    assert "peng s4" in state.legal_actions(0) and "pass" in state.legal_actions(0)


def test_er_e15_dealt_four_is_a_face_up_ti() -> None:
    """ER-4; A-ER-17; worked example ER-E15 last row: L1×4 dealt → ti (12), face up: every seat
    sees its cards."""
    from tests.games.erqishi.helpers import deal

    state = deal({0: "L1 L1 L1 L1"})
    for viewer in (0, 1, 2, None):
        (ti,) = state.observation(viewer)["seats"][0]["groups"]
        assert (ti["kind"], ti["cards"], ti["huxi"]) == ("ti", ["L1"] * 4, 12)


# --- ER-E16 … ER-E18: chi -----------------------------------------------------------------

E16_HAND = "s5 s3 s4 s6 s7 L5 L5 L9 s10 s10"


def test_er_e16a_nine_chi_options_on_the_previous_players_discard() -> None:
    """ER-10; as PHZ-8; A-ER-9; worked example ER-E16 (a): the 9 (chi, bi) options of PHZ-E09."""
    state = build(hands={0: E16_HAND, 2: "s5"}, turn=(2, "discard"), watch="s5").state()
    state.apply(2, "discard s5")
    chis = sorted(t for t in state.legal_actions(0) if t.startswith("chi"))
    assert chis == sorted(
        [
            "chi s3 s4 s5 bi s5 L5 L5",
            "chi s3 s4 s5 bi s5 s6 s7",
            "chi s4 s5 s6 bi s5 L5 L5",
            "chi s5 L5 L5 bi s3 s4 s5",
            "chi s5 L5 L5 bi s4 s5 s6",
            "chi s5 L5 L5 bi s5 s6 s7",
            "chi s5 s5 L5",
            "chi s5 s6 s7 bi s3 s4 s5",
            "chi s5 s6 s7 bi s5 L5 L5",
        ]
    )


def test_er_e16b_no_chi_of_a_card_another_turned_up() -> None:
    """ER-10; A-ER-9; worked example ER-E16 (b): seat 2 turns up s5: no chi for seat 0."""
    state = build(hands={0: E16_HAND}, stock="s5", turn=(2, "reveal"), watch="s5").state()
    assert not [t for t in state.legal_actions(0) if t.startswith("chi")]


def test_er_e16c_two_options_on_own_card() -> None:
    """ER-10; worked example ER-E16 (c): hand L2 L10 L7 L8 L9 s1, own L7: two options."""
    state = build(hands={0: "L2 L10 L7 L8 L9 s1"}, stock="L7", watch="L7").state()
    assert sorted(t for t in state.legal_actions(0) if t.startswith("chi")) == [
        "chi L2 L7 L10 bi L7 L8 L9",
        "chi L7 L8 L9 bi L2 L7 L10",
    ]


def test_er_e17_chi_illegal() -> None:
    """ER-10, ER-11; as PHZ-E10 … PHZ-E12; worked example ER-E17: (a) bi impossible, (b) a kan
    locks the card, (c) no discard would be left — but seat 0 may win: 13, (+3, 0, −3)."""
    a = build(hands={0: "s5 s3 s4 L7 L8 s10 s10", 2: "s5"}, turn=(2, "discard"), watch="s5")
    state = a.state()
    state.apply(2, "discard s5")
    assert not [t for t in state.legal_actions(0) if t.startswith("chi")]
    b = build(hands={0: "s6 s6 s6 s4 s7 L2", 2: "s5"}, turn=(2, "discard"), watch="s5").state()
    b.apply(2, "discard s5")
    assert not [t for t in b.legal_actions(0) if t.startswith("chi")]
    exposed = ["chi L2 L7 L10", "peng s6 s6 s6", "chi L4 L5 L6", "chi s7 s8 s9", "chi L1 L2 L3"]
    c = build(
        hands={0: "s3 s4 L9 L9 L9", 2: "s5"}, exposed={0: exposed}, turn=(2, "discard"), watch="s5"
    ).state()
    c.apply(2, "discard s5")
    assert c.legal_actions(0) == ["win", "pass"]
    c.apply(0, "win")
    pass_all(c)
    assert breakdown(c)["huxi"] == 13 and paid(c) == (3, 0, -3)


def test_er_e18_who_may_chi() -> None:
    """ER-6, ER-7, ER-10; A-ER-9; worked example ER-E18: on seat 0's own s9 only seat 0 is
    offered chi; declining passes s9 for chi and win; later seat 1's discarded s9 may be chi'd
    by seat 2 only."""
    state = build(
        hands={0: "s7 s8", 1: "s8 s10 s9", 2: "s10 L9 L9"},
        stock="s9",
        watch="s9",
        extra_stock=1,
    ).state()
    assert [t for t in state.legal_actions(0) if t.startswith("chi")] == ["chi s7 s8 s9"]
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    events = state.apply(0, "pass")
    assert events_of(events, "stale")[0].data["verbs"] == ["chi"]
    assert "s9" in state.observation(0)["stale"]["chi"]
    assert "s9" not in state.observation(1)["stale"]["chi"]  # private (ER-17)
    # seat 1 turns up next; give it the discard instead via a fresh position
    later = build(
        hands={0: "s7 s8", 1: "s9", 2: "s10 L9 L9"},
        turn=(1, "discard"),
        watch="s9",
        stale=[{"chi": ["s9"], "peng": []}, {}, {}],
    ).state()
    later.apply(1, "discard s9")
    assert "chi s9 L9 L9" in later.legal_actions(2)
    assert later.legal_actions(0) == []


# --- ER-E19, ER-E20 ---------------------------------------------------------------------------

E19 = {
    2: (["chi L2 L7 L10", "peng s9 s9 s9"], "L1 L1 L1 L3 L4 L5 s1 s2 s3 L6 L7 L8 s4 s6"),
    0: (["peng L10 L10 L10", "chi s2 s7 s10"], "L9 L9 L9 L4 L5 L6 s6 s7 s8 L2 L2 s2 s3 s4"),
}


def _e19(**kwargs: Any) -> ErqishiState:
    return build(
        exposed={s: g for s, (g, _) in E19.items()},
        hands={**{s: h for s, (_, h) in E19.items()}, **kwargs.pop("hands", {})},
        watch="s5",
        **kwargs,
    ).state()


def test_er_e19a_discard_next_player_first() -> None:
    """ER-7; A-ER-10; worked example ER-E19 (a): seat 1 discards s5: seat 2 (X+1) wins first,
    (0, −3, +3); if seat 2 declines, seat 0 may win, (+3, −3, 0)."""
    state = _e19(hands={1: "s5"}, turn=(1, "discard"))
    state.apply(1, "discard s5")
    assert "win" in state.legal_actions(0) and "win" in state.legal_actions(2)
    state.apply(2, "win")
    state.apply(0, "win")
    assert paid(state) == (0, -3, 3)
    state = _e19(hands={1: "s5"}, turn=(1, "discard"))
    state.apply(1, "discard s5")
    state.apply(2, "pass")
    state.apply(0, "win")
    assert paid(state) == (3, -3, 0)


def test_er_e19bc_turned_up_card_revealer_first() -> None:
    """ER-6; A-ER-10; worked example ER-E19 (b) seat 0 turns up s5: (+2, −1, −1); (c) seat 1
    turns up s5: seat 2 before seat 0, (−1, −1, +2)."""
    state = _e19(stock="s5")
    state.apply(2, "win")
    state.apply(0, "win")
    assert paid(state) == (2, -1, -1)
    state = _e19(stock="s5", turn=(1, "reveal"))
    state.apply(0, "win")
    state.apply(2, "win")
    assert paid(state) == (-1, -1, 2)


E20 = {
    "exposed": {0: ["peng s5 s5 s5", "chi L1 L2 L3"], 1: ["peng s9 s9 s9", "chi L2 L7 L10"]},
    "hands": {
        0: "L6 L6 L6 s1 s10 L8 L4 s6 s7 L9 s3 L3 s2 L1",
        1: "s4 s4 s4 L5 L7 s1 s2 s3 s6 s7 s8 L8 L9 L10",
    },
}


def test_er_e20_a_win_beats_a_compulsory_four() -> None:
    """ER-6, ER-8; A-ER-8; worked example ER-E20: seat 1 wins on seat 0's L6 with exactly 10,
    (−1, +2, −1); seat 0's pao is never made, and seat 0 is not asked."""
    state = build(**E20, stock="L6", watch="L6").state()
    assert state.to_act() == (1,) and state.legal_actions(0) == []
    events = state.apply(1, "win")
    assert win_event(events)["huxi"] == 10 and paid(state) == (-1, 2, -1)
    assert not events_of(events, "pao")


def test_er_e20_declined_win_then_the_four() -> None:
    """ER-8; worked example ER-E20: if seat 1 declines, seat 0 must form pao L6×4 (9), then
    discard."""
    state = build(**E20, stock="L6", watch="L6", extra_stock=1).state()
    events = state.apply(1, "pass")
    (pao,) = events_of(events, "pao")
    assert pao.data["seat"] == 0 and pao.data["upgraded"] == "kan"
    assert state.phase == "discard" and state.to_act() == (0,)


# --- ER-E21, ER-E22 ---------------------------------------------------------------------------


def test_er_e21a_peng_beats_chi() -> None:
    """ER-7, ER-9; A-ER-8; worked example ER-E21 (a): seat 1 discards L4: seat 0's peng ranks
    above seat 2's chi; declined, L4 is passed for peng for seat 0 and seat 2 chis."""
    built = build(hands={0: "L4 L4", 1: "L4", 2: "L3 L5"}, turn=(1, "discard"), watch="L4")
    state = built.state()
    state.apply(1, "discard L4")
    state.apply(0, "peng L4")
    state.apply(2, "chi L3 L4 L5")
    assert ("peng", "L4 L4 L4", 3) in groups_of(state, 0) and state.to_act() == (0,)
    state = built.state()
    state.apply(1, "discard L4")
    state.apply(0, "pass")
    events = state.apply(2, "chi L3 L4 L5")
    assert [e.data["verbs"] for e in events_of(events, "stale")] == [["peng"]]
    assert state.observation(0)["stale"]["peng"] == ["L4"]


def test_er_e21b_own_peng_is_optional_then_chi() -> None:
    """ER-9, ER-10; A-ER-7; worked example ER-E21 (b): seat 0 turns up L4 holding L4 L4: peng
    offered, not forced; its own chi options use up both hand copies (four options)."""
    state = build(hands={0: "L4 L4 L3 L5 s4 L6 s9"}, stock="L4", watch="L4").state()
    legal = state.legal_actions(0)
    assert "peng L4" in legal and "pass" in legal
    assert sorted(t for t in legal if t.startswith("chi")) == sorted(
        [
            "chi L3 L4 L5 bi s4 L4 L4",
            "chi s4 L4 L4 bi L3 L4 L5",
            "chi s4 L4 L4 bi L4 L5 L6",
            "chi L4 L5 L6 bi s4 L4 L4",
        ]
    )


def test_er_e22a_own_discard_bars_chi_and_win() -> None:
    """ER-14; A-ER-11; worked example ER-E22 (a): seat 0 discarded s2 earlier; seat 2's s2 and a
    later turned-up s2 would complete 12, but seat 0 may neither win nor chi."""
    kwargs: dict[str, Any] = {
        "exposed": {0: ["chi L2 L7 L10", "peng L3 L3 L3"]},
        "hands": {0: "s6 s6 s6 s1 s3 L4 L5 L6 s7 s8 s9 L8 L9 L10", 2: "s2"},
        "discards": {0: "s2"},
        "stale": [{"chi": ["s2"], "peng": []}, {}, {}],
        "watch": "s2",
    }
    state = build(**kwargs, turn=(2, "discard")).state()
    state.apply(2, "discard s2")
    assert state.legal_actions(0) == []
    state = build(**kwargs, stock="s2", turn=(1, "reveal")).state()
    assert state.legal_actions(0) == []


def test_er_e22b_declined_chi_bars_a_later_win() -> None:
    """ER-14; A-ER-11; worked example ER-E22 (b): a declined chi of s5 bars the later win on
    seat 2's s5, even after seat 0's peng makes its hand wait on s5."""
    state = build(
        exposed={0: ["chi L2 L7 L10"]},
        hands={0: "s1 s1 s1 s4 s6 L3 L4 L5 s8 s9 s10 L6 L7 L8 L9 L9 L1", 2: "s5"},
        stock="s5 L9",
        turn=(0, "reveal"),
        watch="s5 L9",
        extra_stock=0,
    ).state()
    assert "win" not in state.legal_actions(0) and "chi s4 s5 s6" in state.legal_actions(0)
    state.apply(0, "pass")  # s5 passed for chi and win; seat 1 turns up L9
    assert state.legal_actions(0) == ["peng L9", "pass"]
    state.apply(0, "peng L9")
    state.apply(0, "discard L1")
    pass_all(state)
    # seat 1's reveal is the empty stock: build the later discard on the same holding instead
    h = state.seats[0]
    assert "s5" in state.observation(0)["stale"]["chi"]
    from cardavia.games.erqishi.options import can_win

    assert not can_win(h, 4)  # s5


def test_er_e22c_declined_peng_bars_only_the_peng() -> None:
    """ER-14; A-ER-11; worked example ER-E22 (c): L8 passed for peng; after the compulsory pao
    s3×4, the 4th L8 is offered as a win (18, (+4, −2, −2)) but not as a peng."""
    state = build(
        exposed={0: ["chi L2 L7 L10"]},
        hands={0: "s3 s3 s3 L8 L8 L6 L7 L1 L1 L1 s4 s5 s6 s7 s8 s9 L4", 1: "L8", 2: "s3"},
        turn=(1, "discard"),
        stock="L8",
        watch="L8 s3",
    ).state()
    state.apply(1, "discard L8")
    state.apply(0, "pass")
    pass_all(state)
    assert state.observation(0)["stale"]["peng"] == ["L8"]
    # seat 2 turns up next in this position; the test drives the spec's order by position
    later = build(
        exposed={0: ["chi L2 L7 L10", "pao s3 s3 s3 s3"]},
        hands={0: "L8 L8 L6 L7 L1 L1 L1 s4 s5 s6 s7 s8 s9"},
        stale=[{"chi": [], "peng": ["L8"]}, {}, {}],
        stock="L8",
        watch="L8",
    ).state()
    legal = later.legal_actions(0)
    assert "win" in legal and "peng L8" not in legal  # its own chi of L8 is still offered
    later.apply(0, "win")
    assert breakdown(later)["huxi"] == 18 and paid(later) == (4, -2, -2)


def test_er_e22d_passed_records_never_stop_a_four() -> None:
    """ER-8, ER-14; worked example ER-E22 (d): a kan's 4th card is a pao even when the card is
    passed for the holder."""
    state = build(
        hands={0: "L7 L7 L7"},
        stock="L7",
        turn=(1, "reveal"),
        stale=[{"chi": ["L7"], "peng": ["L7"]}, {}, {}],
        watch="L7",
        extra_stock=1,
    ).state()
    pass_all(state)
    assert ("pao", "L7 L7 L7 L7", 9) in groups_of(state, 0)


def test_er_e22e_declining_only_a_win_bars_nothing() -> None:
    """ER-14; worked example ER-E22 (e): passing a win alone makes no passed record."""
    state = build(**E20, stock="L6", watch="L6", extra_stock=1).state()
    events = state.apply(1, "pass")
    assert not events_of(events, "stale") and state.observation(1)["stale"]["chi"] == []
