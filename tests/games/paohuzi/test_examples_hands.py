"""Worked examples PHZ-E01 … PHZ-E08 of shared/rules/paohuzi.md: group huxi, whole hands, the
pair rule, the 15-huxi threshold, tun, and the maximum-huxi structure. Each is checked on the
scoring functions and then played: the hand wins (or does not) on a revealed card."""

from __future__ import annotations

import random

import pytest

from cardavia.games.paohuzi.cards import N_IDS, counts_of
from cardavia.games.paohuzi.groups import (
    CHI_GROUPS,
    best_split_huxi,
    chi_huxi,
    chi_kind,
    identical_huxi,
    pack,
    tun,
)
from cardavia.games.paohuzi.scoring import win_options
from cardavia.games.paohuzi.seats import Holding
from cardavia.games.paohuzi.state import PaohuziState
from tests.games.common import result_of
from tests.games.paohuzi.helpers import build, ids, pass_all

# --- PHZ-E01 ------------------------------------------------------------------------------------

E01_IDENTICAL = [
    ("ti", "s1", 9),
    ("ti", "L1", 12),
    ("pao", "s6", 6),
    ("pao", "L6", 9),
    ("wei", "s8", 3),
    ("wei", "L8", 6),
    ("kan", "s3", 3),
    ("kan", "L3", 6),
    ("peng", "s5", 1),
    ("peng", "L5", 3),
]
E01_CHI = [
    ("s1 s2 s3", 3),
    ("L1 L2 L3", 6),
    ("s2 s7 s10", 3),
    ("L2 L7 L10", 6),
    ("s4 s5 s6", 0),
    ("L8 L9 L10", 0),
    ("s9 s9 L9", 0),
    ("s9 L9 L9", 0),
]


@pytest.mark.parametrize(("kind", "card", "huxi"), E01_IDENTICAL)
def test_e01_identical_groups(kind: str, card: str, huxi: int) -> None:
    """PHZ-4; PHZ-seed 4.1; worked example PHZ-E01 (ti … peng rows)."""
    assert identical_huxi(kind, ids(card)[0]) == huxi


@pytest.mark.parametrize(("cards", "huxi"), E01_CHI)
def test_e01_chi_type_groups(cards: str, huxi: int) -> None:
    """PHZ-4, PHZ-7; PHZ-seed 3.5, 4.2; worked example PHZ-E01 (chi-type rows)."""
    assert chi_kind(ids(cards)) is not None
    assert chi_huxi(ids(cards)) == huxi


@pytest.mark.parametrize("cards", ["s1 s2 L3", "s9 s10 s1", "s2 s7 L10"])
def test_e01_illegal_groups(cards: str) -> None:
    """PHZ-4; A-PHZ-1; worked example PHZ-E01 (illegal rows: mixed sizes, no wrap-around)."""
    assert chi_kind(ids(cards)) is None
    with pytest.raises(ValueError, match="not a chi-type group"):
        chi_huxi(ids(cards))


def test_e01_pair_scores_nothing() -> None:
    """PHZ-4 (pair 將, 0 huxi); worked example PHZ-E01 (pair L4 L4): a pair alone is a split
    worth 0 when a pair is required."""
    assert best_split_huxi(pack(counts_of(ids("L4 L4"))), True) == 0
    assert best_split_huxi(pack(counts_of(ids("L4 L4"))), False) == -1


# --- helpers for the whole-hand examples ------------------------------------------------------


def holding(hand: str, groups: list[tuple[str, str]] = ()) -> Holding:  # type: ignore[assignment]
    """A holding from concealed cards (triples become kans) and (kind, cards) groups."""
    from cardavia.games.paohuzi.game import make_group

    h = Holding()
    counts = counts_of(ids(hand))
    for c, n in enumerate(counts):
        if n == 3:
            h.kans.append(c)
        else:
            h.hand[c] = n
    h.groups = [make_group(kind, ids(cards)) for kind, cards in groups]
    return h


def play_reveal_win(exposed: list[str], hand: str, card: str, revealer: int) -> PaohuziState:
    """Seat 0 holds `exposed` and `hand`; `revealer` turns `card`; seat 0 answers win."""
    state = build(
        hands={0: hand}, exposed={0: exposed}, stock=card, turn=(revealer, "reveal")
    ).state()
    assert "win" in state.legal_actions(0), state.legal_actions(0)
    state.apply(0, "win")
    pass_all(state)
    return state


def assert_win(state: PaohuziState, seat: int, huxi: int, tun_: int) -> None:
    """PHZ-13: the winner gains 2 × tun, each opponent pays tun."""
    result = state.result()
    assert state.is_over() and result is not None
    assert result.winner == seat
    assert result.breakdown["huxi"] == huxi
    assert result.breakdown["tun"] == tun_
    assert sum(g["huxi"] for g in result.breakdown["groups"]) == huxi
    assert result.scores == tuple(2 * tun_ if s == seat else -tun_ for s in range(3))


# --- PHZ-E02 … PHZ-E06 --------------------------------------------------------------------------

E02_EXPOSED = ["peng L5 L5 L5", "wei s8 s8 s8", "chi s1 s2 s3", "chi L2 L7 L10"]
E02_HAND = "L3 L3 L3 s4 s5 s6 s9 s9 L9"


@pytest.mark.parametrize(("card", "revealer"), [("s6", 2), ("s4", 0), ("L9", 1)])
def test_e02_whole_hand_21_huxi(card: str, revealer: int) -> None:
    """PHZ-11, PHZ-13; PHZ-seed 1.1, 4.1-4.3; worked example PHZ-E02: 21 huxi, 3 tun, +6/-3."""
    hand = list(E02_HAND.split())
    hand.remove(card)
    state = play_reveal_win(E02_EXPOSED, " ".join(hand), card, revealer)
    assert_win(state, 0, 21, 3)
    assert state.result() is not None
    assert result_of(state).scores == (6, -3, -3)
    kinds = {(g["kind"], " ".join(g["cards"])) for g in result_of(state).breakdown["groups"]}
    assert {("kan", "L3 L3 L3"), ("sequence", "s4 s5 s6"), ("mixed", "s9 s9 L9")} <= kinds


def test_e03_one_pao_needs_exactly_one_pair() -> None:
    """PHZ-11; PHZ-seed 1.1; worked example PHZ-E03: pao + one pair, 18 huxi, 2 tun."""
    exposed = ["pao s10 s10 s10 s10", "wei s6 s6 s6", "peng L4 L4 L4"]
    state = play_reveal_win(exposed, "L1 L2 L3 s3 s4 s5 s7 s9 L9 L9", "s8", 0)
    assert_win(state, 0, 18, 2)
    pairs = [g for g in result_of(state).breakdown["groups"] if g["kind"] == "pair"]
    assert [g["cards"] for g in pairs] == [["L9", "L9"]]


def test_e04_two_quads_22_cards() -> None:
    """PHZ-9, PHZ-11; PHZ-seed 1.1, 3.7; worked example PHZ-E04: 27 huxi, 5 tun, 22 cards."""
    exposed = ["ti L8 L8 L8 L8", "pao s2 s2 s2 s2"]
    hand = "s1 s1 s1 L1 L2 L3 L4 L5 L6 s7 s8 s9 s5"
    state = build(hands={0: hand}, exposed={0: exposed}, owned={0: 21}, stock="s5").state()
    assert state.seats[0].owned() == 21  # 20 + (2 - 1) at rest
    assert "win" in state.legal_actions(0)
    state.apply(0, "win")
    pass_all(state)
    assert_win(state, 0, 27, 5)
    assert sum(len(g["cards"]) for g in result_of(state).breakdown["groups"]) == 22


def test_e05_quad_without_a_pair_is_no_win() -> None:
    """PHZ-11; PHZ-seed 1.1; worked example PHZ-E05: no structure, not a win."""
    h = holding(
        "s3 s4 s5 L1 L2 L3 s7 s8 s9 L4 L5 L6 s4 L6",
        [("pao", "s10 s10 s10 s10"), ("wei", "s6 s6 s6")],
    )
    assert win_options(h, None, (), minimum=0) == {}
    exposed = ["pao s10 s10 s10 s10", "wei s6 s6 s6"]
    state = build(
        hands={0: "s3 s4 s5 L1 L2 L3 s7 s8 L4 L5 L6 s4 L6"},
        exposed={0: exposed},
        stock="s9",
        turn=(1, "reveal"),
    ).state()
    assert "win" not in state.legal_actions(0)


def test_e06_complete_but_14_huxi() -> None:
    """PHZ-11; PHZ-seed 1.1; worked example PHZ-E06: seven groups, 14 huxi: no win offered."""
    exposed = [
        "peng L9 L9 L9",
        "peng L5 L5 L5",
        "peng s4 s4 s4",
        "peng s6 s6 s6",
        "wei s10 s10 s10",
    ]
    h = holding("s1 s3 s7 s8 s9", [(g.split()[0], " ".join(g.split()[1:])) for g in exposed])
    assert win_options(h, ids("s2")[0], (), minimum=0) == {"free": 14}
    assert win_options(h, ids("s2")[0], ()) == {}
    with pytest.raises(ValueError):
        tun(14)
    state = build(hands={0: "s1 s3 s7 s8 s9"}, exposed={0: exposed}, stock="s2").state()
    legal = state.legal_actions(0)
    assert "chi s1 s2 s3" in legal  # the revealer may still chi it (PHZ-5 step 4)
    assert "win" not in legal


# --- PHZ-E07 ------------------------------------------------------------------------------------

E07 = [
    (15, 1),
    (16, 1),
    (17, 1),
    (18, 2),
    (20, 2),
    (21, 3),
    (23, 3),
    (24, 4),
    (27, 5),
    (30, 6),
    (33, 7),
    (36, 8),
    (45, 11),
]


@pytest.mark.parametrize(("huxi", "expect"), E07)
def test_e07_tun_boundaries(huxi: int, expect: int) -> None:
    """PHZ-13; PHZ-seed 4.3; worked example PHZ-E07."""
    assert tun(huxi) == expect


def test_e07_fourteen_is_no_win_and_payments() -> None:
    """PHZ-11, PHZ-13; worked example PHZ-E07: 14 is no win; 21 huxi: +6, -3 each (and the
    played PHZ-E02 hand shows it)."""
    with pytest.raises(ValueError, match="below the 15"):
        tun(14)
    hand = list(E02_HAND.split())
    hand.remove("s6")
    state = play_reveal_win(E02_EXPOSED, " ".join(hand), "s6", 2)
    assert result_of(state).scores == (6, -3, -3)
    assert result_of(state).breakdown["each_opponent_pays"] == 3


# --- PHZ-E08 ------------------------------------------------------------------------------------

E08 = "L1 L2 L3 L1 L2 L3 s1 s2 s3 s5 s6 s7 L8 L9 L10 s8 s9 s10 s4 L4 L4"


def test_e08_maximum_huxi_grouping() -> None:
    """PHZ-11 (highest huxi); worked example PHZ-E08: grouping A, 15 huxi, not B (0)."""
    assert best_split_huxi(pack(counts_of(ids(E08))), False) == 15
    hand = ids(E08)
    hand.remove(ids("s4")[0])
    state = build(hands={0: " ".join(_codes(hand))}, stock="s4").state()
    assert "win" in state.legal_actions(0)
    state.apply(0, "win")
    pass_all(state)
    assert_win(state, 0, 15, 1)
    groups = [" ".join(g["cards"]) for g in result_of(state).breakdown["groups"]]
    assert groups.count("L1 L2 L3") == 2
    assert "s4 L4 L4" in groups
    assert not any(g in groups for g in ("L1 L1 s1", "s1 L1 L1", "s2 L2 L2"))


def _codes(cards: list[int]) -> list[str]:
    from cardavia.games.paohuzi.cards import codes

    return codes(cards)


# --- the split search against an exhaustive oracle (PHZ-11, all examples generalised) ----------

ORACLE_GROUPS: list[tuple[int, ...]] = sorted(
    {*CHI_GROUPS, *((c, c, c) for c in range(N_IDS)), *((c, c) for c in range(N_IDS))}
)


def oracle(counts: list[int], pair: bool) -> int:
    """The best huxi over every split into chi-type groups, identical triples (peng value) and
    exactly one pair if `pair` (none otherwise), trying every group for every card: -1 if none."""
    if not any(counts):
        return -1 if pair else 0
    first = next(c for c in range(N_IDS) if counts[c])
    best = -1
    for g in ORACLE_GROUPS:
        if first not in g or (len(g) == 2 and not pair):
            continue
        if any(counts[c] < g.count(c) for c in set(g)):
            continue
        rest = list(counts)
        for c in g:
            rest[c] -= 1
        sub = oracle(rest, pair and len(g) != 2)
        if sub >= 0:
            value = (
                0 if len(g) == 2 else (chi_huxi(g) if chi_kind(g) else identical_huxi("peng", g[0]))
            )
            best = max(best, sub + value)
    return best


def test_split_search_matches_an_exhaustive_oracle() -> None:
    """PHZ-4, PHZ-11 (the highest-huxi structure; decision A-PHZ-9 for a pair + the card);
    worked examples PHZ-E02 … PHZ-E08 generalised: 600 hands glued from random groups (some
    with a card changed) give the oracle's best huxi."""
    rng = random.Random(11)
    found = 0
    for _ in range(600):
        counts = [0] * N_IDS
        for _ in range(rng.randrange(2, 6)):
            g = rng.choice(ORACLE_GROUPS[:-N_IDS] if rng.random() < 0.9 else ORACLE_GROUPS)
            if all(counts[c] + g.count(c) <= 3 for c in g):
                for c in g:
                    counts[c] += 1
        if rng.random() < 0.3:
            c = rng.randrange(N_IDS)
            counts[c] = min(3, counts[c] + 1)
        for pair in (False, True):
            expect = oracle(counts, pair)
            assert best_split_huxi(pack(counts), pair) == expect, (counts, pair)
            found += expect >= 0
    assert found > 200
