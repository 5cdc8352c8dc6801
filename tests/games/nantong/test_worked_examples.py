"""The worked examples NT-01 … NT-28 of shared/rules/nantong.md, section 10, and the seed's own
numbers (section 8). Their expected results are normative.

Unit-value examples are checked with `scoring.unit`; every hand example is also played through
the engine from a position built by `helpers.build`, and the result's breakdown is compared.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from cardavia.games.nantong.cards import parse_card
from cardavia.games.nantong.scoring import (
    WinFacts,
    round_up,
    settle,
    unit,
    winner_scores,
)
from cardavia.games.nantong.state import NantongState
from tests.games.nantong.helpers import (
    bonus_names,
    build,
    counts,
    ids,
    pass_all,
    play,
    player,
    result_of,
    state_of,
    unit_values,
)


def value(kind: str, card: str, indicators: str) -> int:
    return unit(kind, parse_card(card), ids(indicators)).value


def discard_win(indicators: str, hand: str, card: str, melds: tuple[str, ...] = ()) -> NantongState:
    """Seat 0 (melds, hand) wins on `card` discarded by seat 2."""
    state = state_of(
        build(
            indicators=indicators,
            hands={0: hand, 2: card},
            melds={0: list(melds)},
            start="discard",
            turn=2,
            watch=card,
        )
    )
    play(state, (2, f"discard {card}"))
    assert "win" in state.legal_actions(0)
    play(state, (0, "win"))
    return state


def self_draw_win(
    indicators: str,
    hand: str,
    card: str,
    melds: tuple[str, ...] = (),
    stock_size: int | None = None,
) -> NantongState:
    """Seat 0 (melds, hand) self-draws `card` from the front and wins."""
    state = state_of(
        build(
            indicators=indicators,
            hands={0: hand},
            melds={0: list(melds)},
            draws=card,
            start="draw",
            turn=0,
            stock_size=stock_size,
        )
    )
    play(state, (0, "win"))
    return state


# --- the seed's own numbers (section 8) --------------------------------------------------------


def test_seed_numbers() -> None:
    """NT§4.4, NT§4.11 (section 8): 2M triple with 2S/3M = 8, 2S triple = 24, a 4C Hezi with
    two 4C indicators = 64, 22 → 30 and 20 → 20, totals 100/40/20 → +140/−40/−100."""
    assert value("C3", "2M", "2S 3M") == 8
    assert value("C3", "2S", "2S 3M") == 24
    assert value("HZ", "4C", "4C 4C") == 64
    assert (round_up(22), round_up(20), round_up(0)) == (30, 20, 0)
    assert settle([100, 40, 20]) == [140, -40, -100]


# --- unit values -------------------------------------------------------------------------------


def test_nt01_exact_match_vs_rank() -> None:
    """NT§4.4; NT-01; decisions NT A-4, NT A-6."""
    ind = "2S 3M"
    assert value("C3", "2M", ind) == 8
    assert value("C3", "2S", ind) == 24
    assert value("P", "2S", ind) == 8
    assert value("OD", "2S", ind) == 32
    assert value("C3", "3C", ind) == 8
    assert value("C3", "4M", ind) == 4


def test_nt02_tiandi_hezi_in_play() -> None:
    """NT§2.5, NT§4.4; NT-02; decision NT A-5: Hezi of the last two 4C = 16×2×2 = 64; it draws
    two replacements from the back and is not one of the seven groups."""
    assert value("HZ", "4C", "4C 4C") == 64
    pos = build(indicators="4C 4C", hands={1: "4C 4C"}, back="9M 1S", start="opening")
    state = state_of(pos)
    assert state.to_act() == (1,) and "hezi 4C" in state.legal_actions(1)
    play(state, (1, "hezi 4C"))
    obs = state.observation(1)
    assert obs["seats"][1]["groups"] == [{"kind": "hezi", "cards": ["4C", "4C"]}]
    assert "9M" in obs["hand"] and "1S" in obs["hand"] and "4C" not in obs["hand"]
    assert obs["seats"][1]["concealed"] == 22  # −2 + 2 replacements, no group done
    assert state.effective(1) == 22
    assert "hezi 4C" not in state.legal_actions(1)


def test_nt03_old_generals_and_9s_separation() -> None:
    """NT§4.3; NT-03."""
    assert value("P", "R", "5M 7C") == 4
    assert value("CK", "9S", "9M 9C") == 24
    assert value("P", "9C", "9M 9C") == 16


def test_nt04_old_general_indicator() -> None:
    """NT§4.3, NT§4.4; NT-04."""
    ind = "9S 3C"
    assert value("P", "T", ind) == 8
    assert value("EK", "T", ind) == 32
    assert value("C3", "9M", ind) == 4
    assert value("C3", "9S", ind) == 48


def test_nt05_two_indicators_of_one_rank() -> None:
    """NT§4.3, NT§4.4; NT-05; decision NT A-7."""
    ind = "6C 6M"
    assert value("P", "6C", ind) == 16
    assert value("C3", "6M", ind) == 48
    assert value("OD", "6C", ind) == 64


def test_nt06_old_general_hezi_no_three_elders() -> None:
    """NT§2.5, NT§4.10; NT-06; decision NT A-8: a W Hezi with W W indicators = 128, and three
    T and three R with the Hezi's two W are not Three Elders."""
    assert value("HZ", "W", "W W") == 128
    # the Hezi holder wins later holding T×3 and R×3: no Three Elders
    state = self_draw_win(
        "W W", "T×3 R×3 1M 2M 3M 4M 5M 6M 1S 2S 3S 4S 5S 6S 7C 8C 9C 9M", "9M", melds=("hezi W",)
    )
    result = result_of(state)
    assert unit_values(result, 0)[("HZ", "W")] == 128
    assert "three elders" not in player(result, 0)["multipliers"]


# --- winning hands -----------------------------------------------------------------------------

NT07_HAND = "1M 2M 3M 4M 5M 6M 7C 8C 9C 2S 3S 4S 5C×3 9M"


def test_nt07_tazi_pair_wait_on_discard() -> None:
    """NT§4.2, NT§4.3, NT§4.6, NT§4.9; NT-07: base 16 + Tazi 20 + pair 10 = 46 → 50."""
    state = discard_win("5M 8C", NT07_HAND, "9M", melds=("pong 5S", "pong R"))
    result = result_of(state)
    assert result.winner == 0
    assert unit_values(result, 0) == {("P", "5S"): 4, ("P", "R"): 4, ("C3", "5C"): 8}
    me = player(result, 0)
    assert me["base"] == 16
    assert bonus_names(result, 0) == {"tazi": 20, "winning card: pair": 10}
    assert (me["total"], me["rounded"], me["factor"]) == (46, 50, 1)


def test_nt08_full_settlement() -> None:
    """NT§1.2, NT§4.1, NT§4.11; NT-08: A 50, B 24 → 30, C 0: +70, +10, −80."""
    pos = build(
        indicators="5M 8C",
        hands={0: NT07_HAND, 1: "T×3", 2: "9M"},
        melds={0: ["pong 5S", "pong R"], 1: ["kong W"]},
        start="discard",
        turn=2,
        watch="9M",
    )
    state = state_of(pos)
    play(state, (2, "discard 9M"), (0, "win"))
    result = result_of(state)
    assert unit_values(result, 1) == {("EK", "W"): 16, ("C3", "T"): 8}
    assert [player(result, s)["rounded"] for s in range(3)] == [50, 30, 0]
    assert result.scores == (70, 10, -80)
    assert result.breakdown["settlement"] == [70, 10, -80]


NT09_HAND = "2M×3 3M×3 4M×3 5S 7S 6C 7C 8C 1S 2S 3S 1C 2C 3C 9C 9C"


def test_nt09_qing_hu_with_triplets_still_scored() -> None:
    """NT§4.6, NT§4.7, NT§4.8, NT§4.9; NT-09: Qing 160; the triplet split gives only 72."""
    state = self_draw_win("7S 1C", NT09_HAND, "6S")
    result = result_of(state)
    me = player(result, 0)
    assert unit_values(result, 0) == {("C3", "2M"): 4, ("C3", "3M"): 4, ("C3", "4M"): 4}
    assert me["shape"] == "qing"
    assert bonus_names(result, 0) == {
        "qing": 100,
        "wenqian ×1": 20,
        "self-draw": 10,
        "winning card: middle": 10,
    }
    assert (me["total"], me["rounded"]) == (152, 160)
    totals = sorted(
        sc.total
        for sc in winner_scores(
            [], counts(NT09_HAND + " 6S"), ids("7S 1C"), WinFacts(parse_card("6S"), self_drawn=True)
        )
    )
    assert totals == [72, 152]


NT10_HAND = "1M×3 2M×3 3M×3 4S×3 5S×3 6S×3 1C 2C 3C 9M"


def test_nt10_piao_beats_qing_closed_float() -> None:
    """NT§4.6, NT§4.7, NT§4.10; NT-10; decision NT A-1: Piao + Closed Float ×4 = 460 beats
    Qing 164."""
    state = self_draw_win("8M 8C", NT10_HAND, "9M")
    result = result_of(state)
    me = player(result, 0)
    assert me["base"] == 24 and me["shape"] == "piao"
    assert bonus_names(result, 0) == {
        "piao": 50,
        "wenqian ×1": 20,
        "self-draw": 10,
        "winning card: pair": 10,
    }
    assert me["multipliers"] == ["piao", "closed float"] and me["factor"] == 4
    assert (me["total"], me["rounded"]) == (456, 460)
    scores = winner_scores(
        [], counts(NT10_HAND + " 9M"), ids("8M 8C"), WinFacts(parse_card("9M"), self_drawn=True)
    )
    assert {sc.shape: sc.total for sc in scores if sc.shape != "tazi"} == {"qing": 164, "piao": 456}


def test_nt11_three_multipliers_add() -> None:
    """NT§4.10; NT-11; decision NT A-1: k = 3 (Piao, Closed Float, Last card), M = 6 → 690."""
    state = self_draw_win("8M 8C", NT10_HAND, "9M", stock_size=1)
    assert state.stock == []
    me = player(result_of(state), 0)
    assert me["multipliers"] == ["piao", "closed float", "last card"]
    assert (me["factor"], me["total"], me["rounded"]) == (6, 684, 690)


def test_nt12_three_elders_with_pungs() -> None:
    """NT§4.4, NT§4.10; NT-12; decisions NT A-3, NT A-8: 528 → 530, no Closed Float."""
    state = discard_win("3C W", "R×3 9S×3 3M×3 6C×3 8M×3 2S", "2S", melds=("pong T", "pong W"))
    result = result_of(state)
    assert unit_values(result, 0) == {
        ("P", "T"): 8,
        ("P", "W"): 16,
        ("C3", "R"): 16,
        ("C3", "9S"): 16,
        ("C3", "3M"): 8,
        ("C3", "6C"): 4,
        ("C3", "8M"): 4,
    }
    me = player(result, 0)
    assert me["base"] == 72
    assert bonus_names(result, 0) == {"piao": 50, "winning card: pair": 10}
    assert me["multipliers"] == ["piao", "three elders"]
    assert (me["factor"], me["total"], me["rounded"]) == (4, 528, 530)


def test_nt13_opening_four_then_win() -> None:
    """NT§2.3, NT§4.2; NT-13: a non-dealer shows 7M×4 (OD 32), draws a replacement from the
    back, and later wins on a discarded 4M: 74 → 80."""
    dealt = "7M×4 1S 2S 3S 4C 5C 6C 7C 8C 9C 3M 5M 8S×3 T×3 5S"
    pos = build(
        indicators="7C 2M",
        hands={0: "9M", 1: dealt},
        back="5S",
        draws="1M 4M",
        watch="9M",
        start="opening",
        dealer=0,
    )
    state = state_of(pos)
    assert state.to_act() == (1,)  # the dealer had no choice at the opening
    assert "four 7M" in state.legal_actions(1)
    play(state, (1, "four 7M"))
    assert state.observation(1)["hand"] == sorted(
        [
            "1S",
            "2S",
            "3S",
            "4C",
            "5C",
            "6C",
            "7C",
            "8C",
            "9C",
            "3M",
            "5M",
            "8S",
            "8S",
            "8S",
            "T",
            "T",
            "T",
            "5S",
            "5S",
        ],
        key=lambda c: ids(c)[0],
    )
    play(state, (1, "finish"))
    assert state.to_act() == (0,)
    play(state, (0, "discard 9M"))  # nobody can claim it; seat 1 draws 1M
    assert state.to_act() == (1,) and state.observation(1)["drawn"] == "1M"
    play(state, (1, "discard 1M"))  # seat 2 draws 4M
    play(state, (2, "discard 4M"), (1, "win"))
    result = result_of(state)
    assert unit_values(result, 1) == {("OD", "7M"): 32, ("C3", "8S"): 4, ("C3", "T"): 8}
    me = player(result, 1)
    assert me["base"] == 44 and me["multipliers"] == []
    assert bonus_names(result, 1) == {"tazi": 20, "winning card: middle": 10}
    assert (me["total"], me["rounded"]) == (74, 80)


def test_nt14_win_on_kong_replacement() -> None:
    """NT§3.1, NT§4.9; NT-14: concealed kong 3C (48), replacement 8S wins: 102 → 110."""
    hand = "1M 2M 3M 7S 9S 4C 5C 6C 6M×3 2S 3S 4S 7M 8M 9M 9C 9C 3C×3"
    state = state_of(
        build(indicators="3S 3M", hands={0: hand}, draws="3C", back="8S", start="draw", turn=0)
    )
    play(state, (0, "kong 3C"))
    assert state.observation(0)["drawn"] == "8S"
    play(state, (0, "win"))
    result = result_of(state)
    assert unit_values(result, 0) == {("CK", "3C"): 48, ("C3", "6M"): 4}
    assert bonus_names(result, 0) == {
        "tazi": 20,
        "self-draw": 10,
        "kong replacement": 10,
        "winning card: middle": 10,
    }
    me = player(result, 0)
    assert (me["total"], me["rounded"]) == (102, 110)


NT15_HAND = "1M 2M 3M 4S 5S 6S 7C 8C 9C 3S 4S 5S 5M 6M 7M 6C 6C 8S 8S"


def test_nt15_triplet_on_discard_vs_self_draw() -> None:
    """NT§4.5; NT-15: a discarded 6C makes a pung (4): 26 → 30; self-drawn, three-in-hand (8)
    plus self-draw: 40."""
    on_discard = result_of(discard_win("6M 1S", NT15_HAND, "6C", melds=("pong 9M",)))
    assert unit_values(on_discard, 0) == {("P", "9M"): 2, ("P", "6C"): 4}
    assert bonus_names(on_discard, 0) == {"tazi": 20}
    assert (player(on_discard, 0)["total"], player(on_discard, 0)["rounded"]) == (26, 30)
    drawn = result_of(self_draw_win("6M 1S", NT15_HAND, "6C", melds=("pong 9M",)))
    assert unit_values(drawn, 0) == {("P", "9M"): 2, ("C3", "6C"): 8}
    assert bonus_names(drawn, 0) == {"tazi": 20, "self-draw": 10}
    assert (player(drawn, 0)["total"], player(drawn, 0)["rounded"]) == (40, 40)


def test_nt16_ready_plus_last_card() -> None:
    """NT§2.6, NT§4.10; NT-16: k = 2 (Ready, Last card), (12+40)×4 = 208 → 210."""
    hand = "1M 2M 3M 4M 5M 6M 2C 3C 4C 6S 7S 8S 9M×3 5C×3 7C 8C 9C T"
    state = state_of(
        build(
            indicators="4S 9C",
            hands={1: hand},
            draws="T",
            start="draw",
            turn=1,
            ready=[1],
            stock_size=1,
        )
    )
    assert state.legal_actions(1) == ["win", "discard T"]
    play(state, (1, "win"))
    result = result_of(state)
    assert unit_values(result, 1) == {("C3", "9M"): 8, ("C3", "5C"): 4}
    assert bonus_names(result, 1) == {"tazi": 20, "self-draw": 10, "winning card: pair": 10}
    me = player(result, 1)
    assert me["multipliers"] == ["ready", "last card"]
    assert (me["factor"], me["total"], me["rounded"]) == (4, 208, 210)


def test_nt16_ready_declared_at_the_opening() -> None:
    """NT§2.6, NT§4.10; NT-16's way there: the non-dealer declares ready at the opening (the
    engine's question, not a position), its hand locks, and the self-drawn T wins with the
    Ready multiplier: without the last card, k = 1, (12+40)×2 = 104 → 110."""
    hand = "1M 2M 3M 4M 5M 6M 2C 3C 4C 6S 7S 8S 9M×3 5C×3 7C 8C 9C T"
    state = state_of(
        build(indicators="4S 9C", hands={1: hand}, draws="T", start="opening", dealer=0)
    )
    assert state.to_act() == (1,) and state.legal_actions(1) == ["ready", "finish"]
    play(state, (1, "ready"))
    assert state.ready[1] and state.to_act() == (0,)
    play(state, (0, state.legal_actions(0)[0]))
    assert state.legal_actions(1) == ["win", "discard T"]  # locked: win or let it go
    play(state, (1, "win"))
    me = player(result_of(state), 1)
    assert bonus_names(result_of(state), 1) == {
        "tazi": 20,
        "self-draw": 10,
        "winning card: pair": 10,
    }
    assert me["multipliers"] == ["ready"]
    assert (me["factor"], me["total"], me["rounded"]) == (2, 104, 110)


def test_nt17_heavenly_win() -> None:
    """NT§2.7, NT§4.10; NT-17; decision NT A-14: no self-draw or wait bonus; (24+20)×2 → 90."""
    dealt = "1M 2M 3M 4M 5M 6M 7M 8M 9M 1S 2S 3S 4S 5S 6S 7S 8S 9S 2C×3 R R"
    state = state_of(build(indicators="5S 2C", hands={0: dealt}, start="opening", dealer=0))
    assert state.to_act() == (0,)
    assert state.legal_actions(0) == ["three 2C", "finish"]
    play(state, (0, "finish"))  # the other seats have no choice; the dealer wins at once
    result = result_of(state)
    assert result.winner == 0 and result.breakdown["win"]["heavenly"]
    assert result.breakdown["win"]["card"] is None
    assert unit_values(result, 0) == {("C3", "2C"): 24}
    assert bonus_names(result, 0) == {"tazi": 20}
    me = player(result, 0)
    assert me["multipliers"] == ["heavenly"]
    assert (me["total"], me["rounded"]) == (88, 90)


def test_nt18_four_in_hand_used_as_triplet_and_run() -> None:
    """NT§4.2, NT§4.7; NT-18: C4 5S (24) + C3 2C (4), open wait: 48 → 50."""
    state = discard_win("1C 5M", "5S×4 3S 4S 6S 7S 8S 1M 2M 3M 7C 8C 9C 4M 5M 2C×3 W W", "6M")
    result = result_of(state)
    assert unit_values(result, 0) == {("C4", "5S"): 24, ("C3", "2C"): 4}
    assert bonus_names(result, 0) == {"tazi": 20}
    me = player(result, 0)
    assert (me["total"], me["rounded"]) == (48, 50)


def test_nt19_edge_wait_seven_with_9s_in_run() -> None:
    """NT§1.1, NT§4.9; NT-19: 7 of 7-8-9 (+10), the 9S in a run scores nothing: 42 → 50;
    the contrast open wait: 32 → 40."""
    state = discard_win("1S 1M", "8S 9S 1M 2M 3M 4C 5C 6C 2M 3M 4M 6C 7C 8C 3S×3 T×3 9C 9C", "7S")
    result = result_of(state)
    assert unit_values(result, 0) == {("C3", "3S"): 4, ("C3", "T"): 8}
    assert bonus_names(result, 0) == {"tazi": 20, "winning card: 7 of 7-8-9": 10}
    assert (player(result, 0)["total"], player(result, 0)["rounded"]) == (42, 50)
    contrast = result_of(
        discard_win("1S 1M", "4S 5S 1M 2M 3M 4C 5C 6C 2M 3M 4M 6C 7C 8C 9M×3 T×3 9C 9C", "6S")
    )
    assert bonus_names(contrast, 0) == {"tazi": 20}
    assert (player(contrast, 0)["total"], player(contrast, 0)["rounded"]) == (32, 40)


def test_nt20_earthly_win_with_two_wenqian() -> None:
    """NT§4.8, NT§4.10; NT-20; decision NT A-17: a non-dealer wins on the dealer's first
    discard: (8+80)×2 = 176 → 180."""
    hand = "1C 2C 3C 1C 2C 3C 4M 5M 6M 7S 8S 9S 2M×3 3S 4S 5S 6C 7C 8C 9M"
    state = state_of(
        build(indicators="2S 7M", hands={0: "9M", 1: hand}, watch="9M", start="opening", dealer=0)
    )
    assert state.to_act() == (1,) and state.legal_actions(1) == ["ready", "finish"]
    play(state, (1, "finish"), (0, "discard 9M"), (1, "win"))
    result = result_of(state)
    assert result.breakdown["win"]["earthly"]
    assert unit_values(result, 1) == {("C3", "2M"): 8}
    assert bonus_names(result, 1) == {"tazi": 20, "wenqian ×2": 50, "winning card: pair": 10}
    me = player(result, 1)
    assert me["multipliers"] == ["earthly"]
    assert (me["total"], me["rounded"]) == (176, 180)


def test_nt21_exhausted_deal() -> None:
    """NT§1.2, NT§4.11; NT-21: base hu only: 20, 14 → 20, 0: +20, +20, −40."""
    pos = build(
        indicators="7S 8M",
        hands={0: "4S×3", 1: "5M×4"},
        melds={0: ["kong R"], 1: ["pong 2C"]},
        draws="1M",
        start="draw",
        turn=2,
        stock_size=1,
    )
    state = state_of(pos)
    play(state, (2, "discard 1M"))
    result = result_of(state)
    assert result.winner is None and result.breakdown["reason"] == "exhausted"
    assert unit_values(result, 0) == {("EK", "R"): 16, ("C3", "4S"): 4}
    assert unit_values(result, 1) == {("P", "2C"): 2, ("C4", "5M"): 12}
    assert [player(result, s)["base"] for s in range(3)] == [20, 14, 0]
    assert [player(result, s)["bonuses"] for s in range(3)] == [[], [], []]
    assert result.scores == (20, 20, -40)


def test_nt22_non_winner_has_the_highest_total() -> None:
    """NT§1.2, NT§4.1; NT-22: A wins with 30, B 40, C 10: +10, +40, −50."""
    pos = build(
        indicators="6M 1S",
        hands={0: NT15_HAND, 2: "6C"},
        melds={0: ["pong 9M"], 1: ["kong T", "concealed W"], 2: ["pong 3M"]},
        start="discard",
        turn=2,
        watch="6C",
    )
    state = state_of(pos)
    play(state, (2, "discard 6C"), (0, "win"))
    result = result_of(state)
    assert result.winner == 0
    assert unit_values(result, 1) == {("EK", "T"): 16, ("CK", "W"): 24}
    assert [player(result, s)["rounded"] for s in range(3)] == [30, 40, 10]
    assert result.scores == (10, 40, -50)


def test_nt23_rounding_edge_cases() -> None:
    """NT§4.11; NT-23: 22, 20, 0 → 30, 20, 0 → +40, +10, −50."""
    rounded = [round_up(t) for t in (22, 20, 0)]
    assert rounded == [30, 20, 0]
    assert settle(rounded) == [40, 10, -50]


def test_nt24_discarded_card_makes_a_fourth_copy() -> None:
    """NT§4.5, NT§4.7; NT-24; decision NT A-10: the four 5M score as an exposed kong (16):
    54 → 60; the rejected readings would give 50 and 70."""
    state = discard_win("5S 1C", "5M×3 4M 6M 1S 2S 3S 7C 8C 9C 2C 3C 4C 6S 7S 8S R×3 8M 8M", "5M")
    result = result_of(state)
    assert unit_values(result, 0) == {("EK", "5M"): 16, ("C3", "R"): 8}
    assert bonus_names(result, 0) == {"tazi": 20, "winning card: middle": 10}
    assert (player(result, 0)["total"], player(result, 0)["rounded"]) == (54, 60)
    rest = 8 + 20 + 10
    assert round_up(value("C3", "5M", "5S 1C") + rest) == 50
    assert round_up(value("C4", "5M", "5S 1C") + rest) == 70


# --- claims and the opening ---------------------------------------------------------------------

NT25_WINS_ON_6M = "1M 2M 3M 4M 5M 7S 8S 9S 1C 2C 3C 4C 5C 6C 7C 8C 9C 3S×3 2S 2S"
NT25_YOU_WIN_ON_6M = "6M 6M 1S 2S 3S 4S 5S 6S 7M 8M 9M T×3 W×3 R×3 9C 9C"


@pytest.mark.parametrize("you_can_win", [False, True])
def test_nt25_claim_priority(you_can_win: bool) -> None:
    """NT§3.2; NT-25: AI 1 discards 6M; AI 2's win beats your pong; if both of you can win,
    the first seat after the discarder (AI 2) wins — in every answer order."""
    you = NT25_YOU_WIN_ON_6M if you_can_win else "6M 6M"
    pos = build(
        indicators="1S 9M",
        hands={0: you, 1: "6M", 2: NT25_WINS_ON_6M},
        start="discard",
        turn=1,
        watch="6M",
    )
    base = state_of(pos)
    play(base, (1, "discard 6M"))
    assert set(base.to_act()) == {0, 2}
    assert ("win" in base.legal_actions(0)) == you_can_win
    assert "pong 6M" in base.legal_actions(0)
    for order in permutations([0, 2]):
        for you_say in base.legal_actions(0):
            if you_say == "pass":
                continue
            state = state_of(pos)
            play(state, (1, "discard 6M"))
            answers = {0: you_say, 2: "win"}
            for seat in order:
                assert not state.is_over()
                play(state, (seat, answers[seat]))
            result = result_of(state)
            assert result.winner == 2, (order, you_say)
            assert state.melds[0] == []  # the pong never took the card


def test_nt26_no_chow() -> None:
    """NT§3.2; NT-26; decision NT A-11: a discard is never taken for a run; only to win, and
    then it may sit in a run of the winning split."""
    pos = build(
        indicators="1M 9C", hands={0: "4S 5S", 2: "6S"}, start="discard", turn=2, watch="6S"
    )
    state = state_of(pos)
    play(state, (2, "discard 6S"))
    assert state.phase == "turn" and state.to_act() == (0,)  # no claim window: seat 0 drew
    assert state.discards[2][-1] == ids("6S")[0]
    # a winning hand may use the discarded 6S inside a run
    win = "4S 5S 1M 2M 3M 7M 8M 9M 1C 2C 3C 4C 5C 6C T×3 W×3 R R"
    pos = build(indicators="1S 9C", hands={0: win, 2: "6S"}, start="discard", turn=2, watch="6S")
    state = state_of(pos)
    play(state, (2, "discard 6S"))
    assert state.legal_actions(0) == ["win", "pass"]
    play(state, (0, "win"))
    assert ("4S", "5S", "6S") in {tuple(g) for g in player(result_of(state), 0)["split"]}


def test_nt27_locked_ready_hand() -> None:
    """NT§2.6, NT§3.3; NT-27; decision NT A-13: a ready player with 5C×3 draws the fourth 5C:
    no concealed kong, the drawn card is discarded; no pong of a later discard; a win on one."""
    ready_hand = "5C×3 1M 2M 3M 4M 5M 6M 7S 8S 9S 1S 2S 3S 7C 8C 9C 9M×3 T"
    pos = build(
        indicators="4S 2C", hands={1: ready_hand}, draws="5C 9M T", ready=[1], start="draw", turn=1
    )
    state = state_of(pos)
    # the only legal move was to discard the drawn 5C, so the engine made it
    assert state.discards[1] == ids("5C")
    assert state.hands[1] == counts(ready_hand)
    assert state.to_act() == (2,) and state.observation(2)["drawn"] == "9M"
    play(state, (2, "discard 9M"))  # seat 1 holds 9M×3 but may not pong or kong: no window
    assert state.to_act() == (0,) and state.observation(0)["drawn"] == "T"
    play(state, (0, "discard T"))
    assert state.to_act() == (1,) and state.legal_actions(1) == ["win", "pass"]
    play(state, (1, "win"))
    assert "ready" in player(result_of(state), 1)["multipliers"]


def test_nt28_two_opening_declarations_and_replacement_restriction() -> None:
    """NT§2.2, NT§2.3, NT§2.4; NT-28; decision NT A-16: T×4 (32, one replacement) and 5C×3
    (32, none); a replacement that makes a fourth 8M cannot be shown at the opening, but may be
    a concealed kong before the dealer's first discard, or on a later turn."""
    assert value("OD", "T", "5C 2M") == 32
    assert value("OD", "5C", "5C 2M") == 32
    pos = build(
        indicators="5C 2M",
        hands={0: "T×4 5C×3 8M×3 1C", 1: "4S", 2: "9S"},
        draws="3S 6S 7S",
        back="8M",
        start="opening",
        dealer=0,
    )
    state = state_of(pos)
    assert state.legal_actions(0) == ["four T", "three 5C", "finish"]
    play(state, (0, "four T"))
    assert state.observation(0)["hand"].count("8M") == 4
    assert state.legal_actions(0) == ["three 5C", "finish"]  # no "four 8M"
    play(state, (0, "three 5C"))
    assert all(state.setup_done)  # "finish" was the dealer's only choice left: no question
    assert [m.text() for m in state.melds[0]] == ["four T", "three 5C"]
    assert state.phase == "turn" and state.turn == 0 and state.step == "first"
    assert "kong 8M" in state.legal_actions(0)
    assert all(not t.startswith("win") for t in state.legal_actions(0))
    # "on a later turn": kept through a round of discards, it is still a concealed kong
    for seat, card in ((0, "1C"), (1, "4S"), (2, "9S")):
        play(state, (seat, f"discard {card}"))
        if any("pass" in state.legal_actions(s) for s in state.to_act()):  # nobody claims
            pass_all(state)
    assert state.turn == 0 and state.step == "draw"  # the dealer has drawn 7S
    assert state.observation(0)["hand"].count("8M") == 4
    events = play(state, (0, "kong 8M"))
    assert [m.text() for m in state.melds[0]] == ["four T", "three 5C", "concealed 8M"]
    assert [e.data["from"] for e in events if e.kind == "draw"] == ["back"]
