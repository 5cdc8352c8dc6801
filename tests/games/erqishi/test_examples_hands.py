"""Worked examples ER-E01 … ER-E14 of shared/rules/erqishi.md: group values, payment bands,
wins on turned-up cards and on discards, the 10-huxi threshold, 1-2-3 at 0, the maximum
structure, the pair, and a kan meeting its 4th card in a win."""

from __future__ import annotations

from typing import Any

import pytest

from cardavia.games.erqishi.scoring import ERQISHI, UPGRADES, chi_value, payments, units
from cardavia.games.paohuzi.groups import chi_kind, identical_huxi
from cardavia.games.paohuzi.options import chi_options
from cardavia.games.paohuzi.scoring import PAOHUZI, best_win, win_options
from tests.games.erqishi.helpers import breakdown, build, holding, ids, pass_all, win_event
from tests.games.erqishi.helpers import payments as paid

# --- ER-E01 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "card", "huxi"),
    [
        ("ti", "s1", 9),
        ("ti", "L1", 12),
        ("pao", "s6", 6),
        ("pao", "L6", 9),
        ("kan", "s3", 3),
        ("kan", "L3", 6),
        ("peng", "s5", 1),
        ("peng", "L5", 3),
    ],
)
def test_er_e01_identical_groups(kind: str, card: str, huxi: int) -> None:
    """ER-5; worked example ER-E01 (identical rows)."""
    assert identical_huxi(kind, ids(card)[0]) == huxi


@pytest.mark.parametrize(
    ("cards", "huxi"),
    [
        ("s1 s2 s3", 0),
        ("L1 L2 L3", 0),
        ("s2 s7 s10", 3),
        ("L2 L7 L10", 6),
        ("s4 s5 s6", 0),
        ("L8 L9 L10", 0),
        ("s9 s9 L9", 0),
        ("s9 L9 L9", 0),
    ],
)
def test_er_e01_chi_type_groups(cards: str, huxi: int) -> None:
    """ER-5; A-ER-4; worked example ER-E01: 1-2-3 scores 0 (Paohuzi: 3 / 6)."""
    assert chi_value(ids(cards)) == huxi


@pytest.mark.parametrize("cards", ["s1 s2 L3", "s9 s10 s1", "s2 s7 L10", "s2 L7 L10"])
def test_er_e01_not_groups(cards: str) -> None:
    """ER-5; worked example ER-E01: mixed-size sequences and wrap-arounds are not groups."""
    assert chi_kind(ids(cards)) is None
    with pytest.raises(ValueError):
        chi_value(ids(cards))


# --- ER-E02 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("huxi", "u"),
    [(10, 1), (14, 1), (15, 2), (20, 2), (21, 4), (24, 4), (25, 6), (30, 6), (31, 10), (45, 10)],
)
def test_er_e02_bands_and_payments(huxi: int, u: int) -> None:
    """ER-15; A-ER-14, A-ER-15; worked example ER-E02: units by band; a turned-up card: each
    opponent pays u; a discard: the discarder alone pays 3u."""
    assert units(huxi) == u
    assert payments(0, u, None) == [2 * u, -u, -u]
    assert payments(0, u, 1) == [3 * u, -3 * u, 0]
    assert sum(payments(2, u, 0)) == 0


def test_er_e02_nine_is_no_win() -> None:
    """ER-13, ER-15; worked example ER-E02: 9 huxi has no band."""
    with pytest.raises(ValueError):
        units(9)


# --- ER-E03 … ER-E08: played wins ------------------------------------------------------------

E03: dict[str, Any] = {
    "exposed": {0: ["peng L9 L9 L9", "chi L2 L7 L10"]},
    "hands": {0: "s4 s4 s4 s1 s2 s3 L4 L5 L6 s6 s7 s8 L7 L8"},
}
E04: dict[str, Any] = {
    "exposed": {0: ["peng L5 L5 L5", "chi L2 L7 L10", "peng s9 s9 s9"]},
    "hands": {0: "L1 L1 L1 s3 s4 s5 s6 s7 s8 L8 L9"},
}


def test_er_e03_band_10_14_on_own_turned_up_card() -> None:
    """ER-13, ER-15; worked example ER-E03: 3 + 6 + 3 = 12 → u = 1, (+2, −1, −1)."""
    state = build(**E03, stock="L6").state()
    assert "win" in state.legal_actions(0)
    events = state.apply(0, "win")
    assert win_event(events)["huxi"] == 12 and win_event(events)["units"] == 1
    assert paid(state) == (2, -1, -1)


def test_er_e04_band_15_20_on_a_card_another_turned_up() -> None:
    """ER-6, ER-15; A-ER-23; worked example ER-E04: 16 → u = 2; the revealer pays like the third
    player, (+4, −2, −2)."""
    state = build(**E04, stock="L10", turn=(1, "reveal")).state()
    state.apply(0, "win")
    pass_all(state)
    assert state.result() is not None and breakdown(state)["huxi"] == 16
    assert paid(state) == (4, -2, -2)


def test_er_e05_band_21_24_a_four_and_its_pair() -> None:
    """ER-13, ER-15; worked example ER-E05: 21 → u = 4, 21 cards, one pair, (+8, −4, −4)."""
    state = build(
        exposed={0: ["pao s6 s6 s6 s6", "peng L4 L4 L4", "chi L2 L7 L10"]},
        hands={0: "L8 L8 L8 s3 s4 s5 s7 s8 L1 L1"},
        stock="s9",
    ).state()
    state.apply(0, "win")
    got = breakdown(state)
    assert got["huxi"] == 21 and [g["kind"] for g in got["groups"]].count("pair") == 1
    assert paid(state) == (8, -4, -4)


def test_er_e06_band_25_30_two_fours_22_cards() -> None:
    """ER-11, ER-13, ER-15; worked example ER-E06: 27 → u = 6, 22 cards, (−6, +12, −6)."""
    state = build(
        exposed={1: ["ti L3 L3 L3 L3", "pao s5 s5 s5 s5"]},
        hands={1: "s10 s10 s10 L2 L7 L10 s1 s2 s3 s6 s7 L9 L9"},
        owned={1: 21},
        stock="s8",
        turn=(0, "reveal"),
    ).state()
    state.apply(1, "win")
    pass_all(state)
    cards = sum(len(g["cards"]) for g in breakdown(state)["groups"])
    assert breakdown(state)["huxi"] == 27 and cards == 22
    assert paid(state) == (-6, 12, -6)


E07: dict[str, Any] = {
    "exposed": {0: ["ti L6 L6 L6 L6", "pao L9 L9 L9 L9"]},
    "hands": {0: "L5 L5 L5 L2 L7 L10 s2 s7 s10 s3 s4 s8 s8"},
    "owned": {0: 21},
}


def test_er_e07_31_or_more_on_a_turned_up_card() -> None:
    """ER-15; A-ER-15; worked example ER-E07: 36 → u = 10, (+20, −10, −10)."""
    state = build(**E07, stock="s5").state()
    state.apply(0, "win")
    assert breakdown(state)["huxi"] == 36 and paid(state) == (20, -10, -10)


def test_er_e07_31_or_more_on_a_discard() -> None:
    """ER-15; A-ER-15; worked example ER-E07: seat 2 discards s5: (+30, 0, −30)."""
    state = build(
        **{**E07, "hands": {**E07["hands"], 2: "s5"}}, turn=(2, "discard"), watch="s5"
    ).state()
    state.apply(2, "discard s5")
    state.apply(0, "win")
    pass_all(state)
    assert paid(state) == (30, 0, -30)


def test_er_e08_win_on_a_discard_paid_by_the_discarder() -> None:
    """ER-7, ER-15; A-ER-10, A-ER-14; worked example ER-E08: seat 2 discards L10; seat 0 wins
    16 → u = 2, (+6, 0, −6); seat 1 pays nothing."""
    state = build(
        **{**E04, "hands": {**E04["hands"], 2: "L10"}}, turn=(2, "discard"), watch="L10"
    ).state()
    events = state.apply(2, "discard L10")
    assert "win" in state.legal_actions(0)
    events += state.apply(0, "win")
    events += pass_all(state)
    assert win_event(events)["source"] == "discard" and win_event(events)["from"] == 2
    assert paid(state) == (6, 0, -6)


# --- ER-E09 … ER-E14: the structure ----------------------------------------------------------


def test_er_e09_complete_but_under_10_is_no_win() -> None:
    """ER-13; A-ER-3; worked example ER-E09: 9 → no win offered; the three chi options are."""
    exposed = {0: ["peng L9 L9 L9", "chi s2 s7 s10"]}
    state = build(exposed=exposed, hands=E03["hands"], stock="L6").state()
    legal = state.legal_actions(0)
    assert "win" not in legal
    assert sorted(t for t in legal if t.startswith("chi")) == [
        "chi L4 L5 L6 bi L6 L7 L8",
        "chi L6 L7 L8 bi L4 L5 L6",
        "chi s6 L6 L6",
    ]


def test_er_e10_one_two_three_scores_0() -> None:
    """ER-5; A-ER-4; worked example ER-E10: 9 → no win; Paohuzi's values would make 18."""
    h = holding("s4 s5 s6 L6 L7 L8 L1 L2", "s8", ["chi s1 s2 s3", "peng L5 L5 L5", "chi s2 s7 s10"])
    card = ids("L3")[0]
    assert win_options(h, card, UPGRADES, 0, ERQISHI.splits) == {"free": 9}
    assert best_win(h, card, UPGRADES, ERQISHI) is None
    paohuzi_h = holding("s4 s5 s6 L6 L7 L8 L1 L2", "s8", [])
    paohuzi_h.groups = [*h.groups]
    paohuzi_h.groups[0].huxi = 3  # Paohuzi's 1-2-3
    assert win_options(paohuzi_h, card, UPGRADES, 0, PAOHUZI.splits)["free"] == 18


def test_er_e11_two_seven_ten_anywhere() -> None:
    """ER-5; worked example ER-E11: 2-7-10 counts exposed or concealed; a chi of L7 from L2 L10
    forms L2 L7 L10; a chi of s7 from L2 L10 is impossible."""
    assert chi_value(ids("s2 s7 s10")) == 3 and chi_value(ids("L2 L7 L10")) == 6
    for cards in ("s2 s7 L10", "s2 L7 L10", "L2 L7 s10"):
        assert chi_kind(ids(cards)) is None
    h = holding("L2 L10 s1 s5")
    assert chi_options(h, ids("L7")[0]) == ["chi L2 L7 L10"]
    assert chi_options(h, ids("s7")[0]) == []


def test_er_e12_maximum_structure() -> None:
    """ER-13; worked example ER-E12: structure A (19) over B (4): u = 2, (+4, −2, −2)."""
    state = build(
        exposed={0: ["peng s9 s9 s9", "peng L4 L4 L4"]},
        hands={0: "L2 L2 L7 L7 L10 s2 s2 s3 s4 s5 s6 s7 s7 s10"},
        stock="L10",
    ).state()
    state.apply(0, "win")
    assert breakdown(state)["huxi"] == 19 and paid(state) == (4, -2, -2)


def test_er_e13_the_winning_card_completes_the_pair() -> None:
    """ER-13; A-ER-12; worked example ER-E13: L1 completes the pair: 18 → u = 2."""
    state = build(
        exposed={0: ["pao s3 s3 s3 s3", "chi L2 L7 L10"]},
        hands={0: "L9 L9 L9 s4 s5 s6 s7 s8 s9 L4 L5 L6 L1"},
        stock="L1",
    ).state()
    state.apply(0, "win")
    assert breakdown(state)["huxi"] == 18 and paid(state) == (4, -2, -2)


E14: dict[str, Any] = {
    "exposed": {0: ["chi L2 L7 L10", "peng L4 L4 L4", "chi s1 s2 s3"]},
    "hands": {0: "s8 s8 s8 L1 L1 L8 L8 s1 s4 s5 s6"},
}


def test_er_e14_kan_meets_its_fourth_in_a_win_take_the_larger() -> None:
    """ER-8, ER-13; A-ER-5; worked example ER-E14: pao reading 15 beats kan reading 12; never
    a ti's 9/12 for this four. u = 2, (+4, −2, −2)."""
    h = holding("L1 L1 L8 L8 s1 s4 s5 s6", "s8", E14["exposed"][0])
    assert win_options(h, ids("s8")[0], UPGRADES, 10, ERQISHI.splits) == {"free": 12, "kan": 15}
    state = build(**E14, stock="s8").state()
    assert state.legal_actions(0) == ["win", "pao s8"]  # A-ER-21: no pass
    state.apply(0, "win")
    assert breakdown(state)["huxi"] == 15 and paid(state) == (4, -2, -2)


def test_er_e14_declined_win_forces_the_pao() -> None:
    """ER-8; A-ER-21; worked example ER-E14: if seat 0 declines the win, the pao s8×4 (6) is
    forced and seat 0 discards (Q = 1, N = 21)."""
    state = build(**E14, stock="s8", extra_stock=1).state()
    state.apply(0, "pao s8")
    pass_all(state)
    assert ("pao", "s8 s8 s8 s8", 6) in [
        (g["kind"], " ".join(g["cards"]), g["huxi"])
        for g in state.observation(0)["seats"][0]["groups"]
    ]
    assert state.phase == "discard" and state.to_act() == (0,)
