"""The scoring algorithm of the spec's section 7, step by step (NT§4.1 … NT§4.11)."""

from __future__ import annotations

import pytest

from cardavia.games.nantong.cards import code, parse_card
from cardavia.games.nantong.melds import Meld
from cardavia.games.nantong.scoring import (
    Unit,
    WinFacts,
    card_place,
    multiplier,
    round_up,
    settle,
    unit,
    units,
    winner_score,
    winner_scores,
)
from tests.games.nantong.helpers import counts, ids


def melds(*texts: str) -> list[Meld]:
    return [Meld.parse(t) for t in texts]


def kinds(found: list[Unit]) -> list[tuple[str, str]]:
    return sorted((u.kind, code(u.card)) for u in found)


# --- step 1 ------------------------------------------------------------------------------------


def test_step1_units_from_groups_and_counted_cards() -> None:
    """Scoring step 1; NT§4.2, NT§4.7; decision NT A-9: one unit per set-down group, then C3/C4
    for every identity held 3 or 4 times, for every player, whatever the split."""
    found = units(
        melds("pong 5S", "kong R", "added 2C", "concealed 3C", "four 7M", "three 1S", "hezi W"),
        counts("9M×3 4S×4 1M 2M 3M 1M 1M"),
        ids("1S W"),
    )
    assert kinds(found) == sorted(
        [
            ("P", "5S"),
            ("EK", "R"),
            ("EK", "2C"),
            ("CK", "3C"),
            ("OD", "7M"),
            ("OD", "1S"),
            ("HZ", "W"),
            ("C3", "9M"),
            ("C4", "4S"),
            ("C3", "1M"),
        ]
    )


def test_step1_discarded_winning_card_makes_its_set_exposed() -> None:
    """Scoring step 1; NT§4.5; decision NT A-10: on a discard, the winning card's identity
    held 3 times is P and 4 times EK; self-drawn, C3 and C4 stand; other identities unchanged."""
    hand = counts("6C×3 5M×4 2S×3")
    on_discard = units([], hand, ids("1S 9C"), parse_card("6C"), on_discard=True)
    assert kinds(on_discard) == [("C3", "2S"), ("C4", "5M"), ("P", "6C")]
    four = units([], hand, ids("1S 9C"), parse_card("5M"), on_discard=True)
    assert kinds(four) == [("C3", "2S"), ("C3", "6C"), ("EK", "5M")]
    drawn = units([], hand, ids("1S 9C"), parse_card("6C"), on_discard=False)
    assert kinds(drawn) == [("C3", "2S"), ("C3", "6C"), ("C4", "5M")]


# --- step 2 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "ordinary", "old_general"),
    [
        ("P", 2, 4),
        ("C3", 4, 8),
        ("EK", 8, 16),
        ("CK", 12, 24),
        ("C4", 12, 24),
        ("OD", 16, 32),
        ("HZ", 16, 32),
    ],
)
def test_step2_base_values(kind: str, ordinary: int, old_general: int) -> None:
    """Scoring step 2; NT§4.2, NT§4.3 (section 9): base values, doubled for old generals."""
    assert unit(kind, parse_card("4M"), ids("1S 2C")).value == ordinary
    for og in ("T", "W", "R", "9S"):
        assert unit(kind, parse_card(og), ids("1S 2C")).value == old_general


def test_step2_indicator_doublings() -> None:
    """Scoring step 2; NT§4.3, NT§4.4 (section 9); decisions NT A-4 … NT A-7."""
    assert unit("C3", parse_card("9S"), ids("9S W")).value == 96
    assert unit("HZ", parse_card("W"), ids("W W")).value == 128
    assert unit("C3", parse_card("9S"), ids("9M 9C")).value == 8  # 9S is no ordinary 9
    assert unit("C3", parse_card("9M"), ids("9S T")).value == 4
    assert unit("P", parse_card("4C"), ids("4C 1M")).value == 8  # exact pung doubles again
    assert unit("OD", parse_card("4C"), ids("4C 1M")).value == 32  # no exact effect on OD
    assert unit("C3", parse_card("4S"), ids("4C 4M")).value == 16  # both indicators: ×4
    assert unit("C3", parse_card("4C"), ids("4C 4M")).value == 48
    assert unit("C3", parse_card("4C"), ids("4C 4M")).doublings == ("indicator 4C", "indicator 4M")


# --- steps 3-9 ---------------------------------------------------------------------------------

QING = "1M 2M 3M 4M 5M 6M 7M 8M 9M 1S 2S 3S 4S 5S 6S 7C 8C 9C 1C 2C 3C 5C 5C"


def score(hand: str, facts: WinFacts, ind: str = "9S 9S", ms: tuple[str, ...] = ()) -> int:
    return winner_score(melds(*ms), counts(hand), ids(ind), facts).total


def test_step3_base_is_the_non_winners_total() -> None:
    """Scoring step 3; NT§4.1, NT§4.11; decision NT A-9: non-winners score base hu only."""
    found = units(melds("pong 2C"), counts("5M×4 1S 1S"), ids("7S 8M"))
    assert sum(u.value for u in found) == 14 and round_up(14) == 20


def test_step4_shapes() -> None:
    """Scoring step 4; NT§4.6; decision NT A-20: Qing needs seven concealed runs (a Hezi does
    not stop it, a set-down group does); Piao allows only triplet-type groups and Wenqian."""
    facts = WinFacts(parse_card("5C"), self_drawn=True)
    assert winner_score([], counts(QING), ids("9S 9S"), facts).shape == "qing"
    with_hezi = winner_score(melds("hezi W"), counts(QING), ids("W W"), facts)
    assert with_hezi.shape == "qing" and with_hezi.base == 128
    kong_hand = "1M 2M 3M 4M 5M 6M 7M 8M 9M 1S 2S 3S 4S 5S 6S 7C 8C 9C 5C 5C"
    assert (
        winner_score(melds("concealed 1C"), counts(kong_hand), ids("9S 9S"), facts).shape == "tazi"
    )
    piao = "1M×3 2S×3 9C×3 T×3 1C 2C 3C 5C 5C"
    best = winner_score(melds("pong 4M", "kong 6S"), counts(piao), ids("9S 9S"), facts)
    assert best.shape == "piao" and best.multipliers[0] == "piao"
    mixed = "1M×3 2S×3 9C×3 T×3 2C 3C 4C 5C 5C"
    assert (
        winner_score(melds("pong 4M", "kong 6S"), counts(mixed), ids("9S 9S"), facts).shape
        == "tazi"
    )


@pytest.mark.parametrize(("runs", "bonus"), [(1, 20), (2, 50), (3, 100), (4, 200)])
def test_step5_wenqian(runs: int, bonus: int) -> None:
    """Scoring step 5; NT§4.8: 1-4 Wenqian runs are worth 20/50/100/200 to the winner."""
    wenqian = " ".join(["1C 2C 3C"] * runs)
    fill = ["4M 5M 6M", "1S 2S 3S", "4S 5S 6S", "7S 8S 9S", "7M 8M 9M", "1M 2M 3M"]
    hand = " ".join([wenqian, *fill[: 7 - runs], "R R"])
    best = winner_score([], counts(hand), ids("9S 9S"), WinFacts(parse_card("R")))
    assert (f"wenqian ×{runs}", bonus) in best.bonuses


def test_step5_winning_card_roles() -> None:
    """Scoring step 5; NT§4.9; decision NT A-18: +10 once when the winning card completes the
    pair, the middle of a run, the 3 of a 1-2-3 or the 7 of a 7-8-9; not an edge 1 or a 9."""
    g = (ids("1M 2M 3M"), ids("7S 8S 9S"), ids("4C 5C 6C"), ids("5M 5M 5M"))
    groups = tuple(tuple(x) for x in g)
    pair = parse_card("R")
    assert card_place(groups, pair, parse_card("R"))[0] == "pair"
    assert card_place(groups, pair, parse_card("5C"))[0] == "middle"
    assert card_place(groups, pair, parse_card("3M"))[0] == "3 of 1-2-3"
    assert card_place(groups, pair, parse_card("7S"))[0] == "7 of 7-8-9"
    for card in ("1M", "9S", "4C", "6C", "5M"):
        assert card_place(groups, pair, parse_card(card))[0] is None
    # the role is taken in one run: 5-6-7 and 6-7-8 both hold a 7, the middle of 6-7-8 only
    runs = (tuple(ids("5C 6C 7C")), tuple(ids("6C 7C 8C")))
    assert card_place(runs, pair, parse_card("7C")) == ("middle", 1)
    assert card_place(runs, pair, parse_card("6C")) == ("middle", 0)
    assert card_place(runs, pair, parse_card("R")) == ("pair", None)
    assert card_place(runs, pair, parse_card("5C")) == (None, None)
    # several roles at once still give one +10
    best = winner_score(
        [],
        counts("1M 2M 3M 2M 2M 4S 5S 6S 7C 8C 9C 1S 2S 3S 7M 8M 9M T×3 1C 2C 3C"),
        ids("9S 9S"),
        WinFacts(parse_card("2M")),
    )
    assert sum(hu for name, hu in best.bonuses if name.startswith("winning card")) == 10


def test_step5_self_draw_and_kong_replacement() -> None:
    """Scoring step 5; NT§4.9; decision NT A-14: self-draw +10, a kong replacement another +10;
    a heavenly win has neither, nor a wait bonus."""
    card = parse_card("5C")
    plain = score(QING, WinFacts(card, on_discard=True))
    assert score(QING, WinFacts(card, self_drawn=True)) == plain + 10
    assert score(QING, WinFacts(card, self_drawn=True, kong_replacement=True)) == plain + 20
    heavenly = winner_score([], counts(QING), ids("9S 9S"), WinFacts(None, heavenly=True))
    assert [n for n, _ in heavenly.bonuses] == ["qing", "wenqian ×1"]


def test_step6_multipliers_add() -> None:
    """Scoring step 6; NT§4.10; decision NT A-1: M = 2k, or 1 when none applies."""
    assert [multiplier(k) for k in range(5)] == [1, 2, 4, 6, 8]
    card = parse_card("5C")
    base = score(QING, WinFacts(card, on_discard=True))
    assert score(QING, WinFacts(card, on_discard=True, earthly=True)) == 2 * base
    assert score(QING, WinFacts(card, on_discard=True, earthly=True, ready=True)) == 4 * base


def test_step6_closed_float_broken_by_any_pong() -> None:
    """Scoring step 6; NT§4.10; decision NT A-3: Closed Float needs Piao without a claimed pong,
    without a pong later turned into an added kong, and without a discard-made pung; an exposed
    kong claimed from a discard is allowed."""
    hand = "1M×3 2S×3 9C×3 T×3 1C 2C 3C 5C 5C"
    drawn = WinFacts(parse_card("5C"), self_drawn=True)

    def mults(ms: tuple[str, ...], facts: WinFacts = drawn, h: str = hand) -> list[str]:
        return winner_score(melds(*ms), counts(h), ids("8S 8S"), facts).multipliers

    assert mults(("kong 4M", "concealed 6S")) == ["piao", "closed float"]
    assert mults(("pong 4M", "concealed 6S")) == ["piao"]
    assert mults(("added 4M", "concealed 6S")) == ["piao"]
    on_discard = WinFacts(parse_card("T"), on_discard=True)
    assert mults(("kong 4M", "concealed 6S"), on_discard) == ["piao"]  # T×3 scored as P


def test_step6_three_elders() -> None:
    """Scoring step 6; NT§4.10; decision NT A-8: three or more of each of T, W and R, counting
    set-down groups, never Hezi cards."""
    hand = "T×3 W×3 1M 2M 3M 4S 5S 6S 7C 8C 9C 5C 5C"
    facts = WinFacts(parse_card("5C"), self_drawn=True)
    assert (
        "three elders"
        in winner_score(melds("pong R"), counts(hand), ids("9S 9S"), facts).multipliers
    )
    assert (
        "three elders"
        not in winner_score(melds("pong 2M"), counts(hand), ids("9S 9S"), facts).multipliers
    )


def test_step7_to_9_total_and_best_split() -> None:
    """Scoring steps 7-9; NT§4.7; decision NT A-2: (B + bonuses) × M, rounded up, and the
    highest split is kept."""
    hand = "1M×3 2M×3 3M×3 4S×3 5S×3 6S×3 1C 2C 3C 9M 9M"
    facts = WinFacts(parse_card("9M"), self_drawn=True)
    scores = winner_scores([], counts(hand), ids("8M 8C"), facts)
    assert len(scores) == 4
    best = winner_score([], counts(hand), ids("8M 8C"), facts)
    assert best.total == max(s.total for s in scores) == 456
    assert best.total == (best.base + sum(hu for _, hu in best.bonuses)) * best.factor
    assert best.rounded == round_up(best.total) == 460


def test_step8_rounding() -> None:
    """Scoring step 8; NT§4.11: up to a multiple of 10; multiples and 0 stay."""
    assert [round_up(x) for x in (0, 1, 9, 10, 11, 20, 22, 456)] == [0, 10, 10, 10, 20, 20, 30, 460]


def test_step10_settlement() -> None:
    """Scoring step 10; NT§1.2, NT§4.11; decisions NT A-19, NT A-21: every pair settles its
    difference; nets sum to zero; no dealer premium; ties settle nothing between them."""
    assert settle([100, 40, 20]) == [140, -40, -100]
    assert settle([30, 30, 0]) == [30, 30, -60]
    assert settle([0, 0, 0]) == [0, 0, 0]
    for totals in ([50, 30, 0], [460, 0, 10], [20, 20, 20]):
        net = settle(totals)
        assert sum(net) == 0
        assert net == [sum(t - o for o in totals) for t in totals]
