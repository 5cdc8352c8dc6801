"""The worked examples SSP-E01 … SSP-E20 of shared/rules/sisepai.md, section 6.

Their expected results are normative. Hands-only examples (SSP-E01 … SSP-E06) are checked with
`group_kind`, `is_complete` and `best_partition` (both score tables), and then played through a
position where the hand wins on the public card. The other examples are played from positions
built by `helpers.build_position`, which fills the seats and stock the example leaves open.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardavia.games.sisepai.cards import (
    N_CHESS,
    SOLDIER,
    code,
    counts_of,
    full_deck,
    is_single,
    piece,
)
from cardavia.games.sisepai.groups import (
    ALT_SCORE_TABLE,
    SCORE_TABLE,
    best_partition,
    group_kind,
    is_complete,
    score_group,
)
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.rules.conservation import check_conservation
from cardavia.rules.errors import IllegalActionError
from tests.games.common import result_of
from tests.games.sisepai.helpers import (
    GAME,
    assert_owns_twenty,
    build_position,
    counts,
    discards_of,
    draw_seat,
    events_of,
    exposed_of,
    hand_of,
    ids,
    pass_window,
    snapshot,
    win_position,
    without,
)

# --- hands of the examples, exactly as printed in the spec ------------------------------------

E01 = "rK F1 gK gA gE yC yH yN wA wA wA rS yS wS gS rC rC rC rC yE yE"
E02B = "rK rA rA rA rE rE rE yC yH yN wC wH wN gS wS yS gE gE F4 F5 yK"
E03 = "rK rK rK rK F1 F2 yC yH yN wA wA wA gS rS wS gE gE yE yE yE yE"
E04 = "rS rS yS gK gA gE rC rH rN yC yH yN wC wH wN F1 F2 F3 F4 F5 rK"
E04_VARIANT = "rS wS yS gK gA gE rC rH rN yC yH yN wC wH wN F1 F2 F3 F4 F5 rK"
E06A = "rK yA rE gC gH gN wA wA wA yS wS gS F1 rC rH rN yK yE yE yE yE"
E06A_VARIANT = "rK rA rE gC gH gN wA wA wA yS wS gS F1 rC rH rN yK yE yE yE yE"
E06B = "yK yA yE gC gH gN wA wA wA yS wS gS F1 rC rH F2 wK rE rE rE rE"
E07_SEAT1 = "rK yK F2 rC rH rN wA wA wA yS wS gS gC gN yE yE rA rA rA rA"
E07_SEAT3 = "wK gK F3 yC yH yN yA yA yA rS yS wS gS gA gA gE gE gE gH rK"
E14_SEAT1 = "wK gK F3 wC wH wN yA yA yA rS yS wS gS gA gA gE gE gE yH rK"
E17_EXPOSED = "rS yS wS"
E17_CONCEALED = "gS yC yN wK gK F4 wA wA wA yE yE gC gH gN yA yA yA"


def scores(cards: str) -> tuple[int, int]:
    """(score, ALT) of the best partition (SSP-12, A-SSP-1, A-SSP-10)."""
    best = best_partition(counts(cards))
    alt = best_partition(counts(cards), ALT_SCORE_TABLE)
    assert best is not None and alt is not None, cards
    return best[0], alt[0]


def partition_points(groups: list[str], table: dict[str, int] | None = None) -> int:
    return sum(score_group(ids(g), table or SCORE_TABLE) for g in groups)


def assert_win(state: SiSePaiState, seat: int, total: int, card: str) -> None:
    """SSP-11, SSP-12: the deal is over, `seat` won, and only the winner's total is shown."""
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert result.winner == seat
    assert result.breakdown["total"] == total
    assert result.breakdown["winning_card"] == card
    assert result.scores == tuple(total if s == seat else 0 for s in range(4))
    shown = result.breakdown["groups"]
    assert sum(g["points"] for g in shown) == total
    assert sorted(c for g in shown for c in g["cards"]) == sorted(
        hand_of(state, seat) + [c for g in exposed_of(state, seat) for c in g]
    )


def play_win(hand21: str, public: str, seat: int = 0) -> SiSePaiState:
    """`seat` draws `public`, completing `hand21`; it answers "win" (SSP-8 rank 1)."""
    state = win_position(hand21, public, seat=seat).state()
    assert "win" in state.legal_actions(seat)
    for other in state.to_act():
        if other != seat:
            state.apply(other, "pass")
    state.apply(seat, "win")
    return state


# --- SSP-E01 ------------------------------------------------------------------------------------

E01_GROUPS = [
    ("rK", "general", 1),
    ("F1", "flower", 3),
    ("gK gA gE", "command", 0),
    ("yC yH yN", "field", 0),
    ("wA wA wA", "triple", 1),
    ("rS yS wS gS", "soldiers4", 0),
    ("rC rC rC rC", "quad", 2),
    ("yE yE", "pair", 0),
]


@pytest.mark.parametrize(("cards", "kind", "points"), E01_GROUPS)
def test_e01_group_kinds_and_points(cards: str, kind: str, points: int) -> None:
    """SSP-4 G1-G6, SSP-12; worked example SSP-E01 grouping table."""
    assert group_kind(sorted(ids(cards))) == kind
    assert SCORE_TABLE[kind] == points
    assert score_group(sorted(ids(cards))) == points


def test_e01_complete_hand_scores_7_alt_11() -> None:
    """SSP-4, SSP-6, SSP-12; worked example SSP-E01: complete, score 7, ALT 11."""
    assert len(ids(E01)) == 21
    assert is_complete(counts(E01))
    assert scores(E01) == (7, 11)
    assert partition_points([g for g, _, _ in E01_GROUPS]) == 7
    assert partition_points([g for g, _, _ in E01_GROUPS], dict(ALT_SCORE_TABLE)) == 11


def test_e01_played_win_shows_7() -> None:
    """SSP-6, SSP-11, SSP-12; worked example SSP-E01 played: the drawer wins on yE, shown 7."""
    state = play_win(E01, "yE")
    assert_win(state, 0, 7, "yE")
    assert result_of(state).breakdown["self_drawn"] is True


def test_e01_exposed_groups_count_in_the_shown_total() -> None:
    """SSP-12 (exposed plus revealed groups); worked example SSP-E01 with rC×4 and wA×3 exposed:
    the shown score is still 7 (quad 2 + triple 1 come from the exposed groups)."""
    concealed = "rK F1 gK gA gE yC yH yN rS yS wS gS yE"
    state = build_position(
        hands={0: concealed}, exposed={0: ["rC×4", "wA×3"]}, draws="yE", first=0
    ).state()
    assert state.legal_actions(0) == ["win", "pass"]
    state.apply(0, "win")
    assert_win(state, 0, 7, "yE")
    shown = result_of(state).breakdown["groups"]
    assert [(g["cards"], g["points"]) for g in shown if g["exposed"]] == [
        (["rC", "rC", "rC", "rC"], 2),
        (["wA", "wA", "wA"], 1),
    ]


# --- SSP-E02 ------------------------------------------------------------------------------------


def test_e02a_quad_beats_two_pairs() -> None:
    """SSP-12, A-SSP-10; worked example SSP-E02 (a): rC×4 as two pairs scores 5 (ALT 9); 7 shown."""
    two_pairs = [g for g, _, _ in E01_GROUPS if g != "rC rC rC rC"] + ["rC rC", "rC rC"]
    assert partition_points(two_pairs) == 5
    assert partition_points(two_pairs, dict(ALT_SCORE_TABLE)) == 9
    best = best_partition(counts(E01))
    assert best is not None and best[0] == 7
    assert ids("rC×4") in [sorted(g) for g in best[1]]
    assert_win(play_win(E01, "rK"), 0, 7, "rK")


def test_e02b_partition_p_beats_q() -> None:
    """SSP-12, A-SSP-10; worked example SSP-E02 (b): P 10 (ALT 13), Q 7 (ALT 11); shown 10."""
    rest = ["yC yH yN", "wC wH wN", "gS wS yS", "gE gE", "F4", "F5", "yK"]
    p = ["rK", "rA rA rA", "rE rE rE", *rest]
    q = ["rK rA rE", "rA rA", "rE rE", *rest]
    assert sorted(c for g in p for c in ids(g)) == sorted(ids(E02B))
    assert sorted(c for g in q for c in ids(g)) == sorted(ids(E02B))
    assert (partition_points(p), partition_points(p, dict(ALT_SCORE_TABLE))) == (10, 13)
    assert (partition_points(q), partition_points(q, dict(ALT_SCORE_TABLE))) == (7, 11)
    assert scores(E02B) == (10, 13)
    assert_win(play_win(E02B, "gE"), 0, 10, "gE")


# Brute-force oracle for SSP-4/SSP-6/SSP-12: every legal group by identity, searched exhaustively.
ALL_GROUPS: list[tuple[int, ...]] = sorted(
    {
        tuple(sorted(g))
        for g in (
            [[c] for c in range(N_CHESS + 5) if is_single(c)]
            + [[c] * n for c in range(N_CHESS) if not is_single(c) for n in (2, 3, 4)]
            + [[col * 7 + p for p in base] for col in range(4) for base in ((0, 1, 2), (3, 4, 5))]
            + [
                [col * 7 + SOLDIER for col in cols]
                for cols in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3), (0, 1, 2, 3))
            ]
        )
    }
)


def brute_best(hand: tuple[int, ...], table: dict[str, int]) -> int | None:
    """The best score over every partition of `hand` (33 counts) into legal groups, or None."""
    memo: dict[tuple[int, ...], int | None] = {}

    def rec(counts: tuple[int, ...]) -> int | None:
        if counts in memo:
            return memo[counts]
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is None:
            return 0
        best: int | None = None
        for g in ALL_GROUPS:
            if first not in g:
                continue
            need = Counter(g)
            if any(counts[c] < n for c, n in need.items()):
                continue
            rest = list(counts)
            for c, n in need.items():
                rest[c] -= n
            sub = rec(tuple(rest))
            if sub is not None:
                total = sub + score_group(list(g), table)
                best = total if best is None else max(best, total)
        memo[counts] = best
        return best

    return rec(hand)


@st.composite
def near_complete_hands(draw: st.DrawFn) -> list[int]:
    """Legal groups glued together (respecting copies), then maybe one card changed."""
    avail = Counter(full_deck())
    cards: list[int] = []
    for _ in range(draw(st.integers(3, 12))):
        g = draw(st.sampled_from(ALL_GROUPS))
        if all(avail[c] >= n for c, n in Counter(g).items()) and len(cards) + len(g) <= 21:
            cards += g
            avail.subtract(g)
    change = draw(st.sampled_from(["none", "drop", "add", "swap"]))
    if change in ("drop", "swap") and cards:
        cards.pop(draw(st.integers(0, len(cards) - 1)))
    if change in ("add", "swap"):
        extra = sorted(avail.elements())
        if extra:
            cards.append(draw(st.sampled_from(extra)))
    return cards


@settings(max_examples=300, deadline=None)
@given(cards=near_complete_hands())
def test_e02_best_partition_matches_brute_force(cards: list[int]) -> None:
    """SSP-4, SSP-6, SSP-12, A-SSP-10; worked examples SSP-E01-E06 generalised: `is_complete`
    and `best_partition` (both tables) agree with an exhaustive search over legal groups."""
    hand = counts_of(cards)
    for table in (SCORE_TABLE, ALT_SCORE_TABLE):
        expect = brute_best(tuple(hand), dict(table))
        assert is_complete(hand) == (expect is not None)
        found = best_partition(hand, table)
        if expect is None:
            assert found is None
            continue
        assert found is not None and found[0] == expect
        groups = [sorted(g) for g in found[1]]
        assert all(group_kind(g) is not None for g in groups)
        assert sorted(c for g in groups for c in g) == sorted(cards)
        assert sum(score_group(g, table) for g in groups) == expect


# --- SSP-E03 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("generals", ["rK rK", "rK rK rK", "rK rK rK rK", "gK gK"])
def test_e03_generals_never_form_identical_groups(generals: str) -> None:
    """SSP-4 G3, A-SSP-4; worked example SSP-E03: no pair, triple or quad of Generals."""
    assert group_kind(sorted(ids(generals))) is None


def test_e03_four_generals_are_four_singles_score_13_alt_15() -> None:
    """SSP-4, A-SSP-4; worked example SSP-E03: complete, score 4 + 6 + 1 + 2 = 13, ALT 15."""
    assert is_complete(counts(E03))
    assert scores(E03) == (13, 15)
    best = best_partition(counts(E03))
    assert best is not None
    groups = sorted(sorted(g) for g in best[1])
    assert groups.count(ids("rK")) == 4  # four General singles, never rK rK or rK×4
    assert ids("yE×4") in groups
    assert ids("gE gE") in groups


def test_e03_played_on_the_fourth_general() -> None:
    """A-SSP-4, A-SSP-5, SSP-9 rank 1; worked example SSP-E03: drawing the 4th rK completes the
    hand, so keeping it as a single is the win (SSP-seed 4.2) and the drawer may not pass
    (A-SSP-5): the one answer is Win; the win shows 13."""
    state = win_position(E03, "rK").state()
    assert state.legal_actions(0) == ["win"]
    state.apply(0, "win")
    assert_win(state, 0, 13, "rK")
    shown = result_of(state).breakdown["groups"]
    assert [g["cards"] for g in shown].count(["rK"]) == 4
    assert all(g["cards"].count("rK") <= 1 for g in shown)


# --- SSP-E04 ------------------------------------------------------------------------------------


def test_e04_soldier_groups_need_distinct_colours() -> None:
    """SSP-4 G6, SSP-seed 3.4; worked example SSP-E04: not complete; wS variant complete."""
    assert group_kind(sorted(ids("rS rS yS"))) is None
    assert group_kind(sorted(ids("rS rS"))) == "pair"
    assert not is_complete(counts(E04))
    assert best_partition(counts(E04)) is None
    assert is_complete(counts(E04_VARIANT))
    assert group_kind(sorted(ids("rS wS yS"))) == "soldiers3"
    # derived from the SSP-12 table (the example states no total): 5 flowers 15 + rK 1
    assert scores(E04_VARIANT) == (16, 21)


def test_e04_played_no_win_offered() -> None:
    """SSP-6, SSP-8, SSP-13; worked example SSP-E04: drawing yS (the last stock card) to rS rS …
    offers no win and no claim: nobody is asked, yS goes unclaimed and the deal is drawn."""
    state = build_position(hands={0: without(E04, "yS")}, draws="yS", first=0, stock_size=1).state()
    assert state.actions == []  # nobody was asked about yS
    assert discards_of(state, 0)[-1] == "yS"
    assert state.is_over() and result_of(state).winner is None


def test_e04_variant_played_wins() -> None:
    """SSP-6, SSP-12; worked example SSP-E04 variant: rS wS yS is complete, the win is shown."""
    state = play_win(E04_VARIANT, "wS")
    assert_win(state, 0, 16, "wS")


# --- SSP-E05 ------------------------------------------------------------------------------------

E05 = "gS gS rK F1 gK gA gE yC yH yN wA wA wA rC rC rC rC yE yE yE wK"


def test_e05_soldier_pair_is_legal() -> None:
    """SSP-4 G3, A-SSP-3; worked example SSP-E05: gS gS is a pair (0 points) in a complete hand."""
    assert group_kind(sorted(ids("gS gS"))) == "pair"
    assert group_kind(sorted(ids("gS gS gS"))) == "triple"
    assert group_kind(sorted(ids("gS gS gS gS"))) == "quad"
    assert is_complete(counts(E05))
    assert not is_complete(counts(without(E05, "gS")))  # the pair is what makes it complete
    best = best_partition(counts(E05))
    assert best is not None
    assert ids("gS gS") in [sorted(g) for g in best[1]]
    state = play_win(E05, "gS")
    # derived: rK 1 + F1 3 + wA triple 1 + rC quad 2 + yE triple 1 + wK 1; the pair adds 0
    assert_win(state, 0, 9, "gS")
    pair = [g for g in result_of(state).breakdown["groups"] if g["cards"] == ["gS", "gS"]]
    assert pair == [{"cards": ["gS", "gS"], "kind": "pair", "points": 0, "exposed": False}]


# --- SSP-E06 ------------------------------------------------------------------------------------


def test_e06a_colours_do_not_mix() -> None:
    """SSP-4 G4, SSP-seed 3.3; worked example SSP-E06 (a): rK yA rE is no command group; not
    complete; with rA it is complete, score 7, ALT 11."""
    assert group_kind(sorted(ids("rK yA rE"))) is None
    assert not is_complete(counts(E06A))
    assert is_complete(counts(E06A_VARIANT))
    assert scores(E06A_VARIANT) == (7, 11)


def test_e06a_played() -> None:
    """SSP-6, SSP-12; worked example SSP-E06 (a): no win on yA; the rA variant wins with 7.
    SSP-seed 4.2: claiming rA in rK rA rE would leave every card grouped, so it is the win, not
    a claim that must discard from a complete hand."""
    state = win_position(E06A, "yA").state()
    assert "win" not in state.legal_actions(0)
    state = win_position(E06A_VARIANT, "rA").state()
    assert state.legal_actions(0) == ["win", "pass"]
    state.apply(0, "win")
    assert_win(state, 0, 7, "rA")


def test_e06b_flowers_are_not_wild() -> None:
    """SSP-4 G2, SSP-seed 2.1 ("not a joker"); worked example SSP-E06 (b): not complete."""
    assert not is_complete(counts(E06B))
    assert group_kind(sorted(ids("rC rH F1"))) is None
    assert group_kind(sorted(ids("rC rH F2"))) is None
    state = win_position(E06B, "rH").state()
    assert "win" not in state.legal_actions(0)


# --- SSP-E07 ------------------------------------------------------------------------------------


def e07_position() -> SiSePaiState:
    return build_position(hands={1: E07_SEAT1, 3: E07_SEAT3}, draws="gH", first=1).state()


def test_e07_hands_are_complete_with_gh() -> None:
    """SSP-6; worked example SSP-E07: both hands are complete with gH; seat 1 scores 8, ALT 11."""
    assert is_complete(counts(E07_SEAT1 + " gH"))
    assert is_complete(counts(E07_SEAT3 + " gH"))
    assert scores(E07_SEAT1 + " gH") == (8, 11)


@pytest.mark.parametrize("order", list(permutations([1, 3])))
def test_e07_drawer_win_beats_other_win(order: tuple[int, int]) -> None:
    """SSP-9 rank 1 over rank 2; worked example SSP-E07: seat 1 wins, score 8 (ALT 11)."""
    state = e07_position()
    assert sorted(state.to_act()) == [1, 3]
    assert state.legal_actions(1) == ["win", "pass"]  # SSP-seed 4.2: gC gH gN is the win
    assert state.legal_actions(3) == ["win", "pass"]
    for seat in order:
        state.apply(seat, "win")
    assert_win(state, 1, 8, "gH")
    assert result_of(state).breakdown["self_drawn"] is True


def test_e07_other_win_when_drawer_passes() -> None:
    """SSP-9 rank 2, A-SSP-11 (a human may pass a win); worked example SSP-E07 counterpart."""
    state = e07_position()
    state.apply(1, "pass")
    state.apply(3, "win")
    assert_win(state, 3, 8, "gH")
    assert result_of(state).breakdown["self_drawn"] is False
    assert result_of(state).breakdown["drawn"] is True  # drawn by seat 1, won by seat 3
    assert result_of(state).breakdown["from"] == 1


# --- SSP-E08 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "winner"),
    [
        ({3: E07_SEAT1, 0: E07_SEAT3}, 3),
        ({0: E07_SEAT1, 2: E07_SEAT3}, 2),  # variant: winning hands at seats 0 and 2
        ({2: E07_SEAT1, 0: E07_SEAT3}, 2),
    ],
)
def test_e08_other_wins_in_turn_order_from_drawer(hands: dict[int, str], winner: int) -> None:
    """SSP-9 rank 2 tie-break, SSP-seed 5.2-5.3; worked example SSP-E08: order after drawer 1 is
    2, 3, 0."""
    base = build_position(hands=hands, draws="gH", first=1)
    for order in permutations(sorted(hands)):
        state = base.state()
        assert 1 not in state.to_act()  # the drawer cannot win or claim
        assert sorted(state.to_act()) == sorted(hands)
        for seat in order:
            state.apply(seat, "win")
        assert_win(state, winner, 8, "gH")


# --- SSP-E09 ------------------------------------------------------------------------------------


def e09_position() -> SiSePaiState:
    return build_position(
        hands={0: "rC rN", 1: "rC rN", 2: "rH rH wE"}, draws="rH", watch="wE", first=0
    ).state()


@pytest.mark.parametrize("order", list(permutations([0, 1, 2])))
def test_e09_identical_beats_drawer_group_beats_next_mixed(order: tuple[int, ...]) -> None:
    """SSP-9 ranks 3 > 4 > 5, SSP-10; worked example SSP-E09: seat 2 takes rH, exposes rH rH rH,
    discards a concealed non-General non-flower; unclaimed, seat 3 draws next."""
    state = e09_position()
    assert state.legal_actions(0) == ["claim rC rH rN", "pass"]
    assert state.legal_actions(1) == ["claim rC rH rN", "pass"]
    assert state.legal_actions(2) == ["claim rH rH rH", "pass"]
    assert "win" not in [a for s in range(4) for a in state.legal_actions(s)]
    claims = {0: "claim rC rH rN", 1: "claim rC rH rN", 2: "claim rH rH rH"}
    for seat in order:
        state.apply(seat, claims[seat])
    assert exposed_of(state, 2) == [["rH", "rH", "rH"]]
    assert state.to_act() == (2,)
    assert "rH" not in hand_of(state, 2)
    for seat in (0, 1):
        assert {"rC", "rN"} <= set(hand_of(state, seat))
        assert exposed_of(state, seat) == []
    legal = state.legal_actions(2)
    assert legal == [
        f"discard {c}" for c in dict.fromkeys(hand_of(state, 2)) if not is_single(ids(c)[0])
    ]
    events = state.apply(2, "discard wE")
    assert draw_seat(events) == 3
    assert state.observation(0)["turn"] == 3
    assert discards_of(state, 2)[-1] == "wE"


# --- SSP-E10 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("order", list(permutations([0, 1])))
def test_e10_drawer_group_beats_next_mixed(order: tuple[int, ...]) -> None:
    """SSP-9 rank 4 over rank 5; worked example SSP-E10: seat 0 exposes rS wS yS; seat 1 gets
    nothing."""
    state = build_position(
        hands={0: "rS wS yE", 1: "gS wS"}, draws="yS", watch="yE", first=0
    ).state()
    assert state.legal_actions(0) == ["claim rS yS wS", "pass"]
    assert state.legal_actions(1) == ["claim yS wS gS", "pass"]
    claims = {0: "claim rS yS wS", 1: "claim yS wS gS"}
    for seat in order:
        state.apply(seat, claims[seat])
    assert exposed_of(state, 0) == [["rS", "yS", "wS"]]
    assert exposed_of(state, 1) == []
    assert {"gS", "wS"} <= set(hand_of(state, 1))
    assert state.to_act() == (0,)
    events = state.apply(0, "discard yE")
    assert draw_seat(events) == 1


# --- SSP-E11 ------------------------------------------------------------------------------------


def test_e11_no_pair_for_the_drawer() -> None:
    """SSP-8 (drawer's group: no pair), SSP-seed 5.4; worked example SSP-E11: seat 0 cannot
    claim wC; it becomes seat 0's discard (R2) and seat 1 draws."""
    built = build_position(hands={0: "wC"}, draws="wC", first=0)
    hand = built.position["hands"][0]
    assert hand.count("wC") == 1 and "wH" not in hand and "wN" not in hand
    stock = len(built.position["stock"])
    state = built.state()
    assert state.legal_actions(0) == []
    assert 0 not in state.to_act()
    assert discards_of(state, 0)[-1] == "wC"
    obs = state.observation(0)
    assert obs["turn"] == 1
    assert obs["stock"] == stock - 2  # seat 0 drew wC, then seat 1 drew


def test_e11_variant_pair_completing_the_hand_is_a_win() -> None:
    """SSP-8, SSP-9 rank 1; worked example SSP-E11 variant: wC wC completes seat 0's hand, so the
    claim is legal, as a win only."""
    hand21 = "rK F1 gK gA gE yC yH yN wA wA wA rS yS wS gS rC rC rC rC wC wC"
    state = win_position(hand21, "wC").state()
    assert state.legal_actions(0) == ["win", "pass"]
    with pytest.raises(IllegalActionError):
        state.apply(0, "claim wC wC")
    state.apply(0, "win")
    assert_win(state, 0, 7, "wC")


# --- SSP-E12 ------------------------------------------------------------------------------------


def e12_position() -> SiSePaiState:
    return build_position(hands={1: "gC gH", 3: "gC gH"}, draws="gN", first=0).state()


def test_e12_only_the_next_player_claims_a_mixed_group() -> None:
    """SSP-8, A-SSP-6; worked example SSP-E12: seat 1 takes gN (field); seat 3 is not eligible."""
    state = e12_position()
    assert state.to_act() == (1,)
    assert state.legal_actions(3) == []
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalActionError):
        state.apply(3, "claim gC gH gN")
    state.apply(1, "claim gC gH gN")
    assert exposed_of(state, 1) == [["gC", "gH", "gN"]]
    assert state.to_act() == (1,)
    assert {"gC", "gH"} <= set(hand_of(state, 3))


def test_e12_pass_then_r2_then_seat_1_draws() -> None:
    """SSP-7, SSP-8, A-SSP-8; worked example SSP-E12: if seat 1 passes, R2 follows (still only
    seat 1 eligible), then seat 1 draws."""
    state = e12_position()
    state.apply(1, "pass")
    obs = state.observation(1)
    assert obs["round"] == "discard"
    assert obs["public_card"] == "gN"
    assert obs["offered_by"] == 0
    assert discards_of(state, 0)[-1] == "gN"
    assert state.to_act() == (1,)
    assert state.legal_actions(1) == ["claim gC gH gN", "pass"]
    assert state.legal_actions(3) == []
    events = state.apply(1, "pass")
    assert draw_seat(events) == 1
    assert state.observation(0)["turn"] == 1
    assert discards_of(state, 0)[-1] == "gN"


# --- SSP-E13 ------------------------------------------------------------------------------------


def e13_position() -> SiSePaiState:
    """Seat 2 draws wK and must keep it (A-SSP-5), then discards rS."""
    state = build_position(
        hands={2: "rS", 3: "yS wS", 0: "rS rS yC"}, draws="wK", watch="rS yC", first=2
    ).state()
    assert state.legal_actions(2) == ["claim wK"]
    state.apply(2, "claim wK")
    state.apply(2, "discard rS")
    return state


@pytest.mark.parametrize("order", list(permutations([3, 0])))
def test_e13_identical_claim_on_a_discard_beats_next_mixed(order: tuple[int, ...]) -> None:
    """SSP-8, SSP-9 rank 3 over 5, SSP-10; worked example SSP-E13: seat 0 takes rS, exposes
    rS rS rS and discards; unclaimed, seat 1 draws; seat 3 lost its turn."""
    state = e13_position()
    assert state.observation(0)["offered_by"] == 2
    assert sorted(state.to_act()) == [0, 3]
    assert state.legal_actions(3) == ["claim rS yS wS", "pass"]
    assert state.legal_actions(0) == ["claim rS rS rS", "pass"]
    claims = {3: "claim rS yS wS", 0: "claim rS rS rS"}
    for seat in order:
        state.apply(seat, claims[seat])
    assert exposed_of(state, 0) == [["rS", "rS", "rS"]]
    assert exposed_of(state, 3) == []
    assert "rS" not in discards_of(state, 2)
    events = state.apply(0, "discard yC")
    assert draw_seat(events) == 1
    assert state.observation(3)["turn"] == 1


# --- SSP-E14 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("order", list(permutations([0, 1])))
def test_e14_winning_claim_on_a_discard_with_a_pair(order: tuple[int, ...]) -> None:
    """SSP-8 (restrictions do not apply to a win), SSP-9 rank 2 over 5; worked example SSP-E14:
    seat 1 wins on seat 3's yH with the pair yH yH; score 8, ALT 11."""
    state = build_position(
        hands={3: "yH", 1: E14_SEAT1, 0: "yC yN"}, draws="yK", watch="yH", first=3
    ).state()
    assert state.legal_actions(3) == ["claim yK"]
    state.apply(3, "claim yK")
    state.apply(3, "discard yH")
    assert sorted(state.to_act()) == [0, 1]
    assert state.legal_actions(1) == ["win", "pass"]
    assert state.legal_actions(0) == ["claim yC yH yN", "pass"]
    answers = {0: "claim yC yH yN", 1: "win"}
    for seat in order:
        state.apply(seat, answers[seat])
    assert_win(state, 1, 8, "yH")
    assert result_of(state).breakdown["from"] == 3
    assert result_of(state).breakdown["drawn"] is False  # seat 3's discard
    assert scores(E14_SEAT1 + " yH") == (8, 11)
    shown = [g["cards"] for g in result_of(state).breakdown["groups"]]
    assert ["yH", "yH"] in shown


# --- SSP-E15 ------------------------------------------------------------------------------------

E15_SEAT3 = "wA rK F1 gK gA gE yC yH yN rS yS gS rC rC rC rC yE yE yE yE"


def e15_after_r1() -> SiSePaiState:
    """Seat 1 draws wA; seats 1 (drawer's command), 2 (next: command), 3 (win), 0 (triple) are
    asked in R1 and all pass."""
    state = build_position(
        hands={1: "wK wE", 2: "wK wE", 3: E15_SEAT3, 0: "wA wA gC"},
        draws="wA",
        watch="gC",
        first=1,
    ).state()
    assert state.to_act() == (2, 3, 0, 1)
    assert state.legal_actions(1) == ["claim wK wA wE", "pass"]
    assert state.legal_actions(2) == ["claim wK wA wE", "pass"]
    assert state.legal_actions(3) == ["win", "pass"]
    assert state.legal_actions(0) == ["claim wA wA wA", "pass"]
    events = pass_window(state)
    assert [e.kind for e in events if e.seat is None] == ["unclaimed"]
    return state


def test_e15_r2_excludes_the_drawer() -> None:
    """SSP-7, SSP-8, A-SSP-8; worked example SSP-E15: wA becomes seat 1's discard; seats 2, 3, 0
    are asked again, seat 1 is excluded; all pass, seat 2 draws."""
    state = e15_after_r1()
    obs = state.observation(0)
    assert (obs["round"], obs["public_card"], obs["offered_by"]) == ("discard", "wA", 1)
    assert discards_of(state, 1)[-1] == "wA"
    assert state.to_act() == (2, 3, 0)
    assert state.legal_actions(1) == []
    assert state.legal_actions(2) == ["claim wK wA wE", "pass"]
    events = pass_window(state)
    assert draw_seat(events) == 2
    assert discards_of(state, 1)[-1] == "wA"
    assert state.observation(0)["turn"] == 2


def test_e15_r2_claim_then_seat_after_claimant_draws() -> None:
    """SSP-10 step 4; worked example SSP-E15: You claim wA×3 in R2 and discard; unclaimed, seat 1
    draws."""
    state = e15_after_r1()
    state.apply(2, "pass")
    state.apply(3, "pass")
    state.apply(0, "claim wA wA wA")
    assert exposed_of(state, 0) == [["wA", "wA", "wA"]]
    assert "wA" not in discards_of(state, 1)
    events = state.apply(0, "discard gC")
    assert draw_seat(events) == 1
    assert state.observation(0)["turn"] == 1


# --- SSP-E16 ------------------------------------------------------------------------------------


def test_e16_drawn_general_kept_and_never_discarded() -> None:
    """SSP-10 step 2, A-SSP-5; worked example SSP-E16: seat 2 must expose yK; discarding rK, F2
    or an exposed card is rejected and leaves the state unchanged."""
    state = build_position(hands={2: "rK F2"}, exposed={2: ["gC×4"]}, draws="yK", first=2).state()
    assert state.to_act() == (2,)
    assert state.legal_actions(2) == ["claim yK"]
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="A-SSP-5"):
        state.apply(2, "pass")
    assert snapshot(state) == before
    state.apply(2, "claim yK")
    assert exposed_of(state, 2) == [["gC", "gC", "gC", "gC"], ["yK"]]
    assert state.to_act() == (2,)
    legal = state.legal_actions(2)
    assert legal and all(not is_single(ids(a.split()[1])[0]) for a in legal)
    before = snapshot(state)
    for bad in ("rK", "F2", "yK", "gC"):
        with pytest.raises(IllegalActionError):
            state.apply(2, f"discard {bad}")
        assert snapshot(state) == before, bad
    state.apply(2, legal[0])
    assert state.owned(2) == 20
    assert exposed_of(state, 2) == [["gC", "gC", "gC", "gC"], ["yK"]]
    assert {"rK", "F2"} <= set(hand_of(state, 2))


# --- SSP-E17 ------------------------------------------------------------------------------------


def test_e17_exposed_groups_are_final() -> None:
    """SSP-5, A-SSP-9; worked example SSP-E17: gS may not join the exposed rS yS wS, so yH is no
    win; seat 0 may still claim yC yH yN and must discard."""
    assert not is_complete(counts(E17_CONCEALED + " yH"))
    assert is_complete(counts(E17_CONCEALED + " yH " + E17_EXPOSED))  # only if regrouped
    state = build_position(
        hands={0: E17_CONCEALED}, exposed={0: [E17_EXPOSED]}, draws="yH", first=0
    ).state()
    assert state.legal_actions(0) == ["claim yC yH yN", "pass"]
    state.apply(0, "claim yC yH yN")
    assert exposed_of(state, 0) == [["rS", "yS", "wS"], ["yC", "yH", "yN"]]
    legal = state.legal_actions(0)
    assert "discard gS" in legal
    assert not any(a.startswith(("claim", "win")) for a in legal)
    state.apply(0, "discard gS")
    assert exposed_of(state, 0) == [["rS", "yS", "wS"], ["yC", "yH", "yN"]]
    assert state.owned(0) == 20


# --- SSP-E18 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_e18_stock_is_37(seed: int) -> None:
    """SSP-3, SSP-7, SSP-seed 2.1; worked example SSP-E18: 117 − 80 = 37 cards in stock. Until
    the first decision only public draws happen, so stock + drawn cards = 37."""
    state = GAME.new_deal(seed)
    assert isinstance(state, SiSePaiState)
    check_conservation(state)
    obs = state.observation(0)
    drawn = sum(len(seat["discards"]) for seat in obs["seats"]) + (obs["round"] == "draw")
    assert obs["stock"] + drawn == 37
    assert drawn >= 1  # the dealer's opening public draw (A-SSP-2)
    assert all(seat["concealed"] == 20 and seat["groups"] == [] for seat in obs["seats"])
    assert (obs["turn"] - state.dealer) % 4 == drawn - 1  # one draw per seat from the dealer


def test_e18_exhausted_stock_draws_the_deal() -> None:
    """SSP-13, A-SSP-14; worked example SSP-E18: the last card and its R2 go unclaimed, the next
    player must draw from the empty stock: a draw, no score shown."""
    state = build_position(draws="wC", first=0, stock_size=1).state()
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert result.winner is None
    assert result.scores == (0, 0, 0, 0)
    assert "total" not in result.breakdown
    assert discards_of(state, 0)[-1] == "wC"


def test_e18_last_card_resolved_before_the_draw() -> None:
    """A-SSP-14; worked example SSP-E18: a win on the 37th card itself is still valid."""
    state = build_position(hands={2: E07_SEAT1}, draws="gH", first=0, stock_size=1).state()
    assert state.observation(0)["stock"] == 0
    assert not state.is_over()
    assert state.to_act() == (2,)
    state.apply(2, "win")
    assert_win(state, 2, 8, "gH")


def test_e18_win_on_a_discard_after_the_last_card() -> None:
    """A-SSP-14, SSP-13; worked example SSP-E18: a win on a discard after the last draw is valid;
    passing it instead leaves the next player to draw from the empty stock: a drawn deal."""
    built = build_position(
        hands={0: "rH rH yH", 1: E14_SEAT1}, draws="rH", watch="yH", first=0, stock_size=1
    )
    for take_win in (True, False):
        state = built.state()
        assert state.legal_actions(0) == ["claim rH rH rH", "pass"]
        state.apply(0, "claim rH rH rH")
        assert not state.is_over()
        state.apply(0, "discard yH")
        assert state.to_act() == (1,)
        if take_win:
            state.apply(1, "win")
            assert_win(state, 1, 8, "yH")
        else:
            events = state.apply(1, "pass")
            assert events_of(events, "drawn")
            assert state.is_over() and result_of(state).winner is None


def random_playout(
    seed: int, check: Callable[[SiSePaiState], None] | None = None
) -> tuple[SiSePaiState, int]:
    """A full deal with uniformly random legal decisions; returns the state and the draws."""
    state = GAME.new_deal(seed)
    assert isinstance(state, SiSePaiState)
    rng = random.Random(seed * 7919 + 1)
    draws = 37 - state.observation(0)["stock"]  # construction draws until someone is asked
    while not state.is_over():
        seat = rng.choice(state.to_act())
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        draws += len(events_of(events, "draw"))
        if check is not None:
            check(state)
    return state, draws


@pytest.mark.parametrize("seed", range(40))
def test_e18_at_most_37_draws_and_draw_only_on_empty_stock(seed: int) -> None:
    """SSP-13, A-SSP-14; worked example SSP-E18 and section 7: at most 37 public draws; a drawn
    deal happens only with an empty stock."""
    state, draws = random_playout(seed)
    assert draws <= 37
    assert draws == 37 - state.observation(0)["stock"]  # every later draw was reported
    result = state.result()
    assert result is not None
    if result.winner is None:
        assert draws == 37 and state.observation(0)["stock"] == 0
        assert result.scores == (0, 0, 0, 0)
    else:
        assert result.scores[result.winner] == result.breakdown["total"]


# --- SSP-E19 ------------------------------------------------------------------------------------


def test_e19_quad_claim_keeps_twenty_cards() -> None:
    """SSP-5, SSP-8, SSP-9 rank 3; worked example SSP-E19: seat 3 claims gE×4 on seat 1's draw:
    21 cards while grouping, 20 again after the discard."""
    state = build_position(hands={3: "gE gE gE"}, draws="gE", first=1).state()
    assert_owns_twenty(state)
    assert state.legal_actions(3) == ["claim gE gE gE", "claim gE gE gE gE", "pass"]
    state.apply(3, "claim gE gE gE gE")
    check_conservation(state)
    assert exposed_of(state, 3) == [["gE", "gE", "gE", "gE"]]
    assert "gE" not in hand_of(state, 3)
    assert state.owned(3) == 21
    assert [state.owned(s) for s in (0, 1, 2)] == [20, 20, 20]
    state.apply(3, state.legal_actions(3)[0])
    check_conservation(state)
    assert [state.owned(s) for s in range(4)] == [20] * 4


@pytest.mark.parametrize("seed", range(40, 70))
def test_e19_everyone_owns_20_after_every_action(seed: int) -> None:
    """SSP-5, SSP-2; worked example SSP-E19: 117 cards conserved and 20 owned after every
    completed action, over random deals."""

    def check(state: SiSePaiState) -> None:
        check_conservation(state)
        assert_owns_twenty(state)

    random_playout(seed, check)


# --- SSP-E20 ------------------------------------------------------------------------------------

SINGLES = [c for c in range(N_CHESS) if is_single(c)] + list(range(N_CHESS, N_CHESS + 5))


def _leaves_a_discard(state: SiSePaiState, seat: int, action: str) -> bool:
    """After the claim `action`, the concealed hand holds a card that is no General or flower."""
    public = state.public
    assert public is not None
    group = ids(action.split()[1:])
    group.remove(public)
    hand = list(state.hands[seat])
    for c in group:
        hand[c] -= 1
        assert hand[c] >= 0
    return any(hand[c] for c in range(N_CHESS) if not is_single(c))


def _leaves_groups(state: SiSePaiState, seat: int, action: str) -> bool:
    """After the claim `action`, the concealed hand splits wholly into legal groups."""
    assert state.public is not None
    group = ids(action.split()[1:])
    group.remove(state.public)
    hand = list(state.hands[seat])
    for c in group:
        hand[c] -= 1
    return is_complete(hand)


def _check_open_claims(state: SiSePaiState) -> int:
    """A-SSP-12 and SSP-seed 4.2 over every seat owing an answer: every non-winning claim
    leaves a card to discard and a hand not yet complete. Returns how many were seen."""
    seen = 0
    if state.phase != "claim":
        return 0
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            if action.startswith("claim"):
                seen += 1
                assert _leaves_a_discard(state, seat, action), (seat, action)
                assert not _leaves_groups(state, seat, action), (seat, action)
    return seen


def test_a_claim_that_completes_the_hand_is_the_win() -> None:
    """SSP-seed 4.2 ("after grouping the new card, win ... if all your twenty-one cards are
    grouped; otherwise discard"), SSP-9 ranks 1-2, SSP-11: the drawer's field group rC rH rN
    would leave rN rN as a pair, every card grouped, so it is offered only as the win (rank 1,
    ahead of a rival's win); the triple rN rN rN leaves rC rH loose and stays a claim."""
    hand = "rC rH rN rN gC gH gN wA wA wA yS wS gS F1 F2 yK yE yE yE yE"
    state = build_position(hands={0: hand}, draws="rN", first=0).state()
    assert state.legal_actions(0) == ["win", "claim rN rN rN", "pass"]
    state.apply(0, "claim rN rN rN")
    assert state.phase == "discard" and state.discarder == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rnd=st.randoms(use_true_random=False))
def test_e20_no_stuck_claims_random_deals(seed: int, rnd: random.Random) -> None:
    """A-SSP-12, SSP-10; worked example SSP-E20 (property): whenever a non-winning claim is legal
    and made, the claimant has a discardable concealed card."""
    state = GAME.new_deal(seed)
    assert isinstance(state, SiSePaiState)
    while not state.is_over():
        _check_open_claims(state)
        seat = rnd.choice(state.to_act())
        action = rnd.choice(state.legal_actions(seat))
        state.apply(seat, action)
        if state.phase == "discard":
            assert state.discarder is not None
            legal = state.legal_actions(state.discarder)
            assert legal, "a claimant with nothing to discard"
            assert all(not is_single(ids(a.split()[1])[0]) for a in legal)


# Groups a claimant can complete with the public card X; "seat" is who may claim it relative to
# the drawer 0: 0 drawer, 1 next player, 2 anyone else (SSP-8).
E20_GROUPS = [
    ("wC wC wC", "wC", (0, 1, 2)),
    ("wC wC wC wC", "wC", (0, 1, 2)),
    ("yS yS yS", "yS", (0, 1, 2)),
    ("gK gA gE", "gA", (0, 1)),
    ("rC rH rN", "rN", (0, 1)),
    ("rS yS wS", "wS", (0, 1)),
    ("rS yS wS gS", "gS", (0, 1)),
    ("yK", "yK", (0,)),
    ("F3", "F3", (0,)),
]
E20_CASES = [(g, x, s) for g, x, seats in E20_GROUPS for s in seats]


def _exposed_filler(avoid: set[int], n: int) -> list[str]:
    """Identical groups (quads, then a triple or pair) of `n` cards avoiding some identities."""
    free = [
        c for c in range(N_CHESS) if not is_single(c) and c not in avoid and piece(c) != SOLDIER
    ]
    sizes = [4] * (n // 4)
    rest = n % 4
    assert n != 1, "1 card cannot make an identical group"
    if rest == 1:
        sizes[-1:] = [3, 2]
    elif rest:
        sizes.append(rest)
    return [" ".join([code(c)] * k) for c, k in zip(free, sizes, strict=False)]


@settings(max_examples=80, deadline=None)
@given(case=st.sampled_from(E20_CASES), data=st.data())
def test_e20_claim_leaving_only_singles_is_a_win(
    case: tuple[str, str, int], data: st.DataObject
) -> None:
    """A-SSP-12, SSP-8, A-SSP-5; worked example SSP-E20 (property): a claim that would leave only
    Generals and flowers concealed is offered as "win" only; every claim offered leaves a
    discardable card."""
    group, public, seat = case
    group_ids = ids(group)
    x = ids(public)[0]
    used = set(group_ids)
    singles = [c for c in SINGLES if c not in used]
    pool = [c for c in singles for _ in range(4 if c < N_CHESS else 1)]
    k = data.draw(st.integers(0, min(len(pool), 20 - (len(group_ids) - 1))), label="singles")
    chosen = sorted(data.draw(st.permutations(pool), label="order")[:k])
    partial = list(group_ids)
    partial.remove(x)
    if 20 - len(chosen) - len(partial) == 1:
        chosen = chosen[1:]  # 1 exposed card could only be a single: expose a pair instead
    concealed = [code(c) for c in chosen + partial]
    exposed = _exposed_filler(used, 20 - len(concealed))
    built = build_position(hands={seat: concealed}, exposed={seat: exposed}, draws=public, first=0)
    state = built.state()
    legal = state.legal_actions(seat)
    assert "win" in legal, (concealed, exposed)
    assert f"claim {' '.join(code(c) for c in sorted(group_ids))}" not in legal
    for action in legal:
        if action.startswith("claim"):
            assert _leaves_a_discard(state, seat, action), action
    if seat == 0 and is_single(x):
        assert legal == ["win"]  # A-SSP-5: no pass; the single claim would leave no discard
    state.apply(seat, "win")
    result = state.result()
    assert result is not None and result.winner == seat
