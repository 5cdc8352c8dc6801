"""Worked examples PHZ-E09 … PHZ-E21 of shared/rules/paohuzi.md: chi with bi, illegal chi,
priorities (compulsory wei, win, pao/peng, chi), where chi/pao/ti come from, no win on a
discard, winning by a pao upgrade and by a compulsory wei."""

from __future__ import annotations

from itertools import permutations

import pytest

from cardavia.games.paohuzi import options
from cardavia.games.paohuzi.cards import counts_of
from cardavia.games.paohuzi.options import chi_options, win_upgrades
from cardavia.games.paohuzi.scoring import best_win, win_options
from cardavia.games.paohuzi.seats import Holding
from cardavia.games.paohuzi.state import PaohuziState
from cardavia.rules.conservation import check_conservation
from tests.games.paohuzi.helpers import (
    build,
    discards_of,
    events_of,
    groups_of,
    ids,
    owned,
    pass_all,
    reveal_seats,
)


def free_holding(cards: str, kans: str = "") -> Holding:
    h = Holding()
    h.hand = counts_of(ids(cards))
    h.kans = ids(kans)
    return h


def chis(legal: list[str]) -> set[str]:
    return {t for t in legal if t.startswith("chi")}


# --- PHZ-E09, PHZ-E10, PHZ-E11, PHZ-E12, PHZ-E13 ------------------------------------------------

E09_CHOICES = {
    "chi s3 s4 s5 bi s5 L5 L5",
    "chi s3 s4 s5 bi s5 s6 s7",
    "chi s4 s5 s6 bi s5 L5 L5",
    "chi s5 L5 L5 bi s3 s4 s5",
    "chi s5 L5 L5 bi s4 s5 s6",
    "chi s5 L5 L5 bi s5 s6 s7",
    "chi s5 s5 L5",
    "chi s5 s6 s7 bi s3 s4 s5",
    "chi s5 s6 s7 bi s5 L5 L5",
}


def test_e09_nine_chi_choices_with_bi() -> None:
    """PHZ-6, PHZ-7, PHZ-8; PHZ-seed 3.5, 3.6; decision A-PHZ-2; worked example PHZ-E09: seat 2
    discards s5, seat 0 (its next player) is offered exactly the nine (chi, bi) choices."""
    state = build(
        hands={0: "s5 s3 s4 s6 s7 L5 L5 L9 s10 s10", 2: "s5"}, turn=(2, "discard")
    ).state()
    state.apply(2, "discard s5")
    assert chis(state.legal_actions(0)) == E09_CHOICES
    assert state.legal_actions(0) == [*sorted(E09_CHOICES), "pass"]
    state.apply(0, "chi s5 L5 L5 bi s4 s5 s6")
    pass_all(state)
    assert [g[:2] for g in groups_of(state, 0)][-2:] == [("chi", "s5 L5 L5"), ("bi", "s4 s5 s6")]
    assert state.to_act() == (0,) and state.phase == "discard"  # PHZ-9: then a discard
    check_conservation(state)


def test_e10_no_chi_when_bi_is_impossible() -> None:
    """PHZ-8; PHZ-seed 3.6; worked example PHZ-E10: s3 s4 s5 would leave s5 without bi."""
    assert chi_options(free_holding("s5 s3 s4 L7 L8 s10 s10"), ids("s5")[0]) == []
    state = build(hands={0: "s5 s3 s4 L7 L8 s10 s10"}, stock="s5", turn=(2, "reveal")).state()
    assert events_of(state.opening, "unclaimed")[0].data == {"seat": 2, "card": "s5"}
    assert state.actions == []  # nobody was asked
    assert chi_options(free_holding("s5 s6 s7 s3 s4 L7"), ids("s5")[0]) == [
        "chi s3 s4 s5 bi s5 s6 s7",
        "chi s5 s6 s7 bi s3 s4 s5",
    ]  # contrast: bi exists


def test_e11_no_chi_through_a_kan() -> None:
    """PHZ-3 step 3 (kan locked), PHZ-7; PHZ-seed 2.1, 3.7; worked example PHZ-E11."""
    assert chi_options(free_holding("s4 s7 L2", kans="s6"), ids("s5")[0]) == []
    state = build(hands={0: "s6 s6 s6 s4 s7 L2"}, stock="s5", turn=(2, "reveal")).state()
    assert state.seats[0].kans == ids("s6")
    assert events_of(state.opening, "unclaimed")[0].data == {"seat": 2, "card": "s5"}
    assert state.actions == []
    assert chi_options(free_holding("s4 s7 L2 s6"), ids("s5")[0]) != []  # contrast: no kan


def test_e11_kan_of_the_claimed_card_blocks_chi() -> None:
    """PHZ-8; decision A-PHZ-8; worked example PHZ-E11: a kan copy of the claimed card makes its
    chi impossible (bi could never use it up); the pao is the option there."""
    assert chi_options(free_holding("s6 s7 L2", kans="s5"), ids("s5")[0]) == []
    state = build(hands={0: "s5 s5 s5 s6 s7 L2", 2: "s5"}, turn=(2, "discard")).state()
    state.apply(2, "discard s5")
    assert state.legal_actions(0) == ["pao s5", "pass"]


E12_EXPOSED = ["chi L1 L2 L3", "chi s1 s2 s3", "chi s6 s7 s8", "chi L4 L5 L6", "chi s8 s9 s10"]


def test_e12_no_chi_without_a_discard_left() -> None:
    """PHZ-9; PHZ-seed 3.7; worked example PHZ-E12: after s3 s4 s5 only the kan remains."""
    state = build(
        hands={0: "s3 s4 L9 L9 L9", 2: "s5"},
        exposed={0: E12_EXPOSED},
        turn=(2, "discard"),
        stock="L10",
    ).state()
    events = state.apply(2, "discard s5")
    assert [(e.kind, e.data["seat"]) for e in events[:2]] == [("discard", 2), ("reveal", 0)]


def test_e12_contrast_stock_card_wins() -> None:
    """PHZ-11, PHZ-12; worked example PHZ-E12 contrast: s5 revealed → a win of 15 huxi."""
    state = build(
        hands={0: "s3 s4 L9 L9 L9"}, exposed={0: E12_EXPOSED}, stock="s5", turn=(2, "reveal")
    ).state()
    assert state.legal_actions(0) == ["win", "pass"]
    state.apply(0, "win")
    pass_all(state)
    result = state.result()
    assert result is not None and result.winner == 0
    assert (result.breakdown["huxi"], result.breakdown["tun"]) == (15, 1)


def test_e13a_bi_with_two_copies() -> None:
    """PHZ-8; PHZ-seed 3.6; decision A-PHZ-8; worked example PHZ-E13 (a): six options."""
    found = chi_options(free_holding("s5 s5 s6 s7 L5 s3 s4 L1"), ids("s5")[0])
    assert set(found) == {
        "chi s3 s4 s5 bi s5 s5 L5",
        "chi s4 s5 s6 bi s5 s5 L5",
        "chi s5 s6 s7 bi s5 s5 L5",
        "chi s5 s5 L5 bi s5 s6 s7",
        "chi s5 s5 L5 bi s3 s4 s5",
        "chi s5 s5 L5 bi s4 s5 s6",
    }
    assert len(found) == 6
    state = build(hands={0: "s5 s5 s6 s7 L5 s3 s4 L1", 2: "s5"}, turn=(2, "discard")).state()
    state.apply(2, "discard s5")
    assert chis(state.legal_actions(0)) == set(found)
    state.apply(0, "chi s3 s4 s5 bi s5 s5 L5")
    pass_all(state)
    assert groups_of(state, 0)[-2:] == [("chi", "s3 s4 s5", 0), ("bi", "s5 s5 L5", 0)]
    assert "s5" not in state.observation(0)["hand"]


def test_e13b_bi_with_2_7_10() -> None:
    """PHZ-8; PHZ-seed 3.6; worked example PHZ-E13 (b): two options."""
    found = chi_options(free_holding("L2 L10 L7 L8 L9 s1"), ids("L7")[0])
    assert found == ["chi L2 L7 L10 bi L7 L8 L9", "chi L7 L8 L9 bi L2 L7 L10"]


# --- PHZ-E14, PHZ-E15, PHZ-E16, PHZ-E17 ---------------------------------------------------------

E14_SEAT1 = "L5 L7 s1 s2 s3 s4 s5 s6 s2 s7 s10"
E14_SEAT1_EXPOSED = ["peng L9 L9 L9", "wei L3 L3 L3", "chi L1 L2 L3"]


def test_e14_compulsory_wei_beats_a_win() -> None:
    """PHZ-5 step 1; PHZ-seed 3.2, 3.9; worked example PHZ-E14: seat 0 forms wei L6 (6), seat 1
    (who would win with L6, 21 huxi) is never asked; seat 0 has no win, so it discards."""
    state = build(
        hands={0: "L6 L6", 1: E14_SEAT1}, exposed={1: E14_SEAT1_EXPOSED}, stock="L6"
    ).state()
    would = best_win(state.seats[1], ids("L6")[0], win_upgrades(1, 2))
    assert would == ("free", 21)
    assert ("wei", "L6 L6 L6", 6) in groups_of(state, 0)
    assert state.legal_actions(1) == []
    assert (state.phase, state.to_act()) == ("discard", (0,))
    assert all(a.startswith("discard") for a in state.legal_actions(0))


E15_SEAT2 = "s1 s3 s4 s5 s6 L4 L5 L6 L7 L8 L9"
E15_SEAT2_EXPOSED = ["chi L1 L2 L3", "peng L10 L10 L10", "wei s9 s9 s9"]


def e15() -> PaohuziState:
    return build(
        hands={0: "s2 s2 s2", 2: E15_SEAT2},
        exposed={2: E15_SEAT2_EXPOSED},
        stock="s2",
        turn=(1, "reveal"),
    ).state()


@pytest.mark.parametrize("order", list(permutations([0, 2])))
def test_e15_win_beats_pao(order: tuple[int, ...]) -> None:
    """PHZ-5 steps 2-3; PHZ-seed 3.9; worked example PHZ-E15: seat 2 wins with s1 s2 s3, 15
    huxi, 1 tun; seat 0's pao does not happen, whatever the order of the answers."""
    state = e15()
    assert "pao s2" in state.legal_actions(0)
    assert "win" in state.legal_actions(2)
    for seat in order:
        state.apply(seat, "pao s2" if seat == 0 else "win")
    result = state.result()
    assert result is not None and result.winner == 2
    assert (result.breakdown["huxi"], result.breakdown["tun"]) == (15, 1)
    assert result.scores == (-1, -1, 2)
    assert state.seats[0].kans == ids("s2")  # the kan is untouched


def e16(seat0: str) -> PaohuziState:
    state = build(
        hands={1: "L4", 0: seat0, 2: "L3 L5"}, turn=(1, "discard"), watch="L4", extra_stock=1
    ).state()
    state.apply(1, "discard L4")
    return state


@pytest.mark.parametrize("order", list(permutations([0, 2])))
def test_e16_peng_beats_chi(order: tuple[int, ...]) -> None:
    """PHZ-6; PHZ-seed 3.3, 3.4, 3.9; worked example PHZ-E16: seat 0 pengs (3 huxi), discards;
    if unclaimed, seat 1 reveals next."""
    state = e16("L4 L4")
    assert state.legal_actions(0) == ["peng L4", "pass"]
    assert state.legal_actions(2) == ["chi L3 L4 L5", "pass"]
    for seat in order:
        state.apply(seat, "peng L4" if seat == 0 else "chi L3 L4 L5")
    assert ("peng", "L4 L4 L4", 3) in groups_of(state, 0)
    assert "L4" not in discards_of(state, 1)
    assert state.to_act() == (0,) and state.phase == "discard"
    events = state.apply(0, state.legal_actions(0)[0])
    events += pass_all(state)
    assert reveal_seats(events)[0] == 1


def test_e16_variant_chi_for_the_next_player_only() -> None:
    """PHZ-6; decision A-PHZ-2; worked example PHZ-E16 variant: without seat 0's pair, seat 2
    chis L3 L4 L5; seat 0 is never offered chi of seat 1's discard."""
    state = e16("L3 L5")  # seat 0 could make L3 L4 L5 too, but is not seat 1's next player
    assert state.legal_actions(0) == []
    assert state.legal_actions(2) == ["chi L3 L4 L5", "pass"]
    state.apply(2, "chi L3 L4 L5")
    assert ("chi", "L3 L4 L5", 0) in groups_of(state, 2)


def e17() -> PaohuziState:
    return build(hands={0: "s7 s8", 1: "s8 s10", 2: "s10 L9 L9"}, stock="s9").state()


def test_e17_chi_on_a_reveal_revealer_first() -> None:
    """PHZ-5 step 4; PHZ-seed 3.4; decision A-PHZ-13; worked example PHZ-E17: seat 0 and seat 1
    may chi s9, seat 0 first; seat 2 is never offered chi."""
    state = e17()
    assert state.to_act() == (0, 1)
    assert "chi s7 s8 s9" in state.legal_actions(0)
    assert "chi s8 s9 s10" in state.legal_actions(1)
    assert state.legal_actions(2) == []
    for order in permutations([0, 1]):
        state = e17()
        for seat in order:
            state.apply(seat, "chi s7 s8 s9" if seat == 0 else "chi s8 s9 s10")
        assert ("chi", "s7 s8 s9", 0) in groups_of(state, 0)
        assert not any(g[0] == "chi" and "s9" in g[1] for g in groups_of(state, 1))


def test_e17_revealer_passes_next_player_chis_and_s9_is_stale() -> None:
    """PHZ-5 step 4, PHZ-12; decision A-PHZ-6; worked example PHZ-E17: if seat 0 passes, seat 1
    takes s9 with s8 s9 s10; s9 is now stale for seat 0's chi."""
    state = e17()
    state.apply(0, "pass")
    state.apply(1, "chi s8 s9 s10")
    assert ("chi", "s8 s9 s10", 0) in groups_of(state, 1)
    assert state.observation(0)["stale"] == {"chi": ["s9"], "peng": []}
    assert state.observation(1)["stale"] == {"chi": [], "peng": []}


def test_a_card_a_higher_claim_takes_first_was_never_offered() -> None:
    """PHZ-12; decision A-PHZ-6 (details: "a card taken by a higher-priority claim before the
    player was asked does not count"): seat 0 reveals s9 and passes its chi while seat 2 pengs
    it. Peng is asked before chi, so seat 0's chi was never reached: s9 is not stale for it.
    Had nobody claimed, the same pass would make it stale (PHZ-E17), and the seat is told by a
    "stale" event only it sees."""
    for peng, stale in ((True, []), (False, ["s9"])):
        state = build(hands={0: "s7 s8", 2: "s9 s9 L1"}, stock="s9").state()
        events = state.apply(0, "pass")
        events += state.apply(2, "peng s9" if peng else "pass")
        assert state.observation(0)["stale"] == {"chi": stale, "peng": []}
        assert state.observation(2)["stale"]["peng"] == ([] if peng else ["s9"])
        # and each seat is told so, privately, when the card goes (the table's notice)
        told = [(e.seat, e.data) for e in events if e.kind == "stale"]
        assert told == (
            []
            if peng
            else [
                (0, {"seat": 0, "card": "s9", "verbs": ["chi"]}),
                (2, {"seat": 2, "card": "s9", "verbs": ["peng"]}),
            ]
        )


# --- PHZ-E18 ------------------------------------------------------------------------------------


def e18(stock: str) -> PaohuziState:
    return build(
        hands={0: E15_SEAT2, 2: "s2"},
        exposed={0: E15_SEAT2_EXPOSED},
        turn=(2, "discard"),
        stock=stock,
        watch="s2",
    ).state()


def test_e18_no_win_on_a_discard_but_chi() -> None:
    """PHZ-6, PHZ-11; PHZ-seed 3.11; worked example PHZ-E18: seat 2 discards s2, seat 0 (waiting
    on s2) may not win; it may chi s1 s2 s3 and must then discard."""
    state = e18("s10 s2")
    state.apply(2, "discard s2")
    legal = state.legal_actions(0)
    assert "win" not in legal and "chi s1 s2 s3" in legal
    state.apply(0, "chi s1 s2 s3")
    pass_all(state)
    assert state.phase == "discard" and state.to_act() == (0,)
    assert owned(state, 0) == 21


def test_e18_later_stock_card_wins() -> None:
    """PHZ-11, PHZ-12; worked example PHZ-E18: after passing the discard, a later stock s2
    (revealed by seat 1) wins for seat 0: 15 huxi, 1 tun."""
    state = e18("s10 s2")
    state.apply(2, "discard s2")
    pass_all(state)  # seat 0 passes the chi; then seat 0 reveals s10, seat 1 reveals s2
    while "win" not in state.legal_actions(0):
        assert not state.is_over() and state.to_act()
        pass_all(state)
    assert state.observation(0)["public_card"] == "s2" and state.observation(0)["offered_by"] == 1
    state.apply(0, "win")
    pass_all(state)
    result = state.result()
    assert result is not None and result.winner == 0 and result.breakdown["huxi"] == 15


# --- PHZ-E19 ------------------------------------------------------------------------------------


def row(exposed: list[str], hand: str, card: str, source: int, discard: bool) -> PaohuziState:
    """Seat 0 holds `exposed` and `hand`; seat `source` reveals or discards `card`."""
    hands: dict[int, str] = {0: hand}
    if discard:
        hands[source] = card
    state = build(
        hands=hands,
        exposed={0: exposed},
        stock="" if discard else card,
        turn=(source, "discard" if discard else "reveal"),
        watch=card,
    ).state()
    if discard:
        state.apply(source, f"discard {card}")
    return state


PENG_S3, WEI_L7 = ["peng s3 s3 s3"], ["wei L7 L7 L7"]


def test_e19_row1_peng_no_pao_on_a_discard() -> None:
    """PHZ-6; PHZ-seed 3.3; decision A-PHZ-5; worked example PHZ-E19 row 1."""
    state = row(PENG_S3, "", "s3", 2, discard=True)
    assert state.legal_actions(0) == []


@pytest.mark.parametrize(
    ("exposed", "hand", "card", "source", "discard", "value"),
    [
        (PENG_S3, "", "s3", 1, False, 6),  # row 2
        (PENG_S3, "", "s3", 0, False, 6),  # row 3 (A-PHZ-5)
        (WEI_L7, "", "L7", 2, True, 9),  # row 4
        (WEI_L7, "", "L7", 1, False, 9),  # row 5
        ([], "s4 s4 s4", "s4", 1, False, 6),  # row 7, revealed
        ([], "s4 s4 s4", "s4", 2, True, 6),  # row 7, discarded
    ],
)
def test_e19_optional_pao(
    exposed: list[str], hand: str, card: str, source: int, discard: bool, value: int
) -> None:
    """PHZ-4, PHZ-5 step 3, PHZ-6; PHZ-seed 3.3; decisions A-PHZ-4, A-PHZ-5; worked example
    PHZ-E19 rows 2, 3, 4, 5, 7: an optional pao; the 4-card value replaces the old one."""
    state = row(exposed, hand, card, source, discard)
    assert state.legal_actions(0)[-2:] == [f"pao {card}", "pass"]
    state.apply(0, f"pao {card}")
    pass_all(state)
    assert ("pao", " ".join([card] * 4), value) in groups_of(state, 0)
    assert not any(g[0] in ("peng", "wei") for g in groups_of(state, 0))
    assert state.seats[0].kans == []
    assert state.phase == "discard" and state.to_act() == (0,)  # the first 4-card group


def test_e19_row6_wei_plus_own_reveal_is_an_optional_pao() -> None:
    """PHZ-seed 3.3 ("an existing wei may become pao with a fourth card from any source … you
    may pass instead of declaring pao"): SEED DEPARTURE from decision A-PHZ-3 and worked example
    PHZ-E19 row 6 (spec: compulsory ti, 12). The seed wins: an optional pao worth 9."""
    state = row(WEI_L7, "", "L7", 0, discard=False)
    assert state.legal_actions(0) == ["pao L7", "pass"]
    state.apply(0, "pao L7")
    assert ("pao", "L7 L7 L7 L7", 9) in groups_of(state, 0)
    state = row(WEI_L7, "", "L7", 0, discard=False)
    state.apply(0, "pass")
    assert ("wei", "L7 L7 L7", 6) in groups_of(state, 0)
    assert discards_of(state, 0)[-1] == "L7"


def test_e19_row6_spec_reading_available(monkeypatch: pytest.MonkeyPatch) -> None:
    """Decision A-PHZ-3 (the spec's rejected-by-seed reading, kept switchable); worked example
    PHZ-E19 row 6: with WEI_PLUS_OWN_REVEAL = "ti" the own 4th card makes a compulsory ti (12)."""
    monkeypatch.setattr(options, "WEI_PLUS_OWN_REVEAL", "ti")
    state = row(WEI_L7, "", "L7", 0, discard=False)
    assert ("ti", "L7 L7 L7 L7", 12) in groups_of(state, 0)
    assert state.phase == "discard" and state.to_act() == (0,)


def test_e19_row8_kan_plus_own_reveal_is_a_compulsory_ti() -> None:
    """PHZ-5 step 1; PHZ-seed 3.2; worked example PHZ-E19 row 8: compulsory ti (9)."""
    state = row([], "s4 s4 s4", "s4", 0, discard=False)
    assert ("ti", "s4 s4 s4 s4", 9) in groups_of(state, 0)
    assert state.seats[0].kans == []
    ti = events_of(state.opening, "ti")
    assert ti[-1].data == {"seat": 0, "card": "s4", "from": "kan"} and ti[-1].seat is None
    assert state.phase == "discard" and state.to_act() == (0,)  # PHZ-9: first 4-card group


# --- PHZ-E20, PHZ-E21 ---------------------------------------------------------------------------


def test_e20_win_by_upgrading_a_peng() -> None:
    """PHZ-11; PHZ-seed 1.1, 3.3, 3.9; decision A-PHZ-9; worked example PHZ-E20: pao L9 (9) +
    s1 s2 s3 (3) + L2 L7 L10 (6) + kan s8 (3) = 21 huxi, 3 tun; without the upgrade no
    structure."""
    exposed = ["peng L9 L9 L9", "chi s1 s2 s3", "chi L2 L7 L10"]
    hand = "s4 s5 s6 L4 L5 L6 s8 s8 s8 s10 s10"
    state = build(hands={0: hand}, exposed={0: exposed}, stock="L9", turn=(2, "reveal")).state()
    assert win_options(state.seats[0], ids("L9")[0], (), minimum=0) == {}
    assert state.legal_actions(0) == ["win", "pao L9", "pass"]
    state.apply(0, "win")
    pass_all(state)
    result = state.result()
    assert result is not None and result.winner == 0
    assert (result.breakdown["huxi"], result.breakdown["tun"]) == (21, 3)
    lines = {(g["kind"], " ".join(g["cards"]), g["huxi"]) for g in result.breakdown["groups"]}
    assert {("pao", "L9 L9 L9 L9", 9), ("kan", "s8 s8 s8", 3), ("pair", "s10 s10", 0)} <= lines


E21_EXPOSED = ["peng L9 L9 L9", "chi s7 s8 s9"]
E21_HAND = "s8 s8 s1 s2 s3 L2 L7 L10 s4 s5 s6 L4 L5 L6"


def test_e21_compulsory_wei_then_win() -> None:
    """PHZ-5 step 1; PHZ-seed 3.2, 3.9; worked example PHZ-E21: wei s8 forced, then 15 huxi,
    win, 1 tun, no discard."""
    state = build(hands={0: E21_HAND}, exposed={0: E21_EXPOSED}, stock="s8").state()
    assert ("wei", "s8 s8 s8", 3) in groups_of(state, 0)
    assert state.legal_actions(0) == ["win", "pass"]
    assert state.public_to_act() == ()
    state.apply(0, "win")
    result = state.result()
    assert result is not None and result.winner == 0
    assert (result.breakdown["huxi"], result.breakdown["tun"]) == (15, 1)
    assert result.scores == (2, -1, -1)
    assert result.breakdown["winning_card"] == "s8"
    assert not any(e.kind == "discard" for e in state.opening)


def test_e21_declined_win_then_discard() -> None:
    """PHZ-5 step 1, PHZ-9; decision A-PHZ-14 (winning is optional): after passing the win
    seat 0 owns 21 cards and must discard."""
    state = build(hands={0: E21_HAND}, exposed={0: E21_EXPOSED}, stock="s8").state()
    state.apply(0, "pass")
    assert state.phase == "discard" and state.to_act() == (0,) and owned(state, 0) == 21
