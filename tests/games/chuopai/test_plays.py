"""Leading and beating (CP§3.1-CP§3.9), checked against an oracle written from the spec's
tables, independently of the engine's precomputed plays."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from cardavia.games.chuopai.cards import FAMILY, N_IDS, RANK, card, full_deck, parse_cards
from cardavia.games.chuopai.plays import (
    BEATERS,
    PLAYS,
    TEXTS,
    beats,
    leads,
    play_of,
    why_not_a_play,
    why_not_beat,
)

# Spec section 3 and CP§3.4-CP§3.7, high to low; a sub-list is one rank ("=").
ORDERS = {
    "Main": [["6-6"], ["1-1"], ["4-4"], ["1-3"], ["3-3"], ["5-5"], ["2-2"]],
    "Yao": [["1-5"], ["1-6"], ["4-6"], ["5-6"]],
    "Black": [["3-6"], ["2-6", "3-5"], ["2-5"], ["2-3"]],
    "Red": [["4-5"], ["3-4"], ["1-4"], ["1-2", "2-4"]],
}
ORACLE_RANK = {
    c: (fam, len(levels) - i)
    for fam, levels in ORDERS.items()
    for i, level in enumerate(levels)
    for c in level
}
# CP§3.9 and spec section 5: civil card, its matching cards (Black/Red only, CP B-2), rank.
SPECIAL_TABLE = {
    "6-6": (("3-6", "4-5"), 4),
    "1-1": (("2-6", "3-5"), 3),
    "4-4": (("2-5", "3-4"), 2),
    "1-3": (("2-3", "1-4"), 1),
}


def oracle_play(cards: list[str]) -> tuple[str, int, int] | None:
    """(class, size, rank) of a legal play by the spec, or None."""
    count = Counter(cards)
    if len(count) == 1 and len(cards) <= 4:  # CP§3.1, CP§3.8
        fam, rank = ORACLE_RANK[cards[0]]
        return fam, len(cards), rank
    civils = [c for c in count if c in SPECIAL_TABLE]
    if len(civils) != 1:
        return None
    civil = civils[0]
    matching, rank = SPECIAL_TABLE[civil]
    k = count[civil]
    if any(c not in matching for c in count if c != civil):
        return None
    if sum(count[m] for m in matching) != k or k > 4:  # CP§3.9, CP B-1
        return None
    return "special", 2 * k, rank


def oracle_beats(y: list[str], x: list[str]) -> bool:
    """CP§3.2, CP§3.3, CP B-3, CP B-11: same class, same size, higher rank."""
    py, px = oracle_play(y), oracle_play(x)
    assert py is not None and px is not None
    return py[0] == px[0] and py[1] == px[1] and py[2] > px[2]


def test_the_21_identities_sit_in_their_seed_families() -> None:
    """CP§3.3-CP§3.7, CP B-4, CP B-5: every identity has the family and rank of the spec."""
    names = {"Main": 0, "Yao": 1, "Black": 2, "Red": 3}
    assert len(ORACLE_RANK) == N_IDS
    for c, (fam, rank) in ORACLE_RANK.items():
        assert (FAMILY[card(c)], RANK[card(c)]) == (names[fam], rank), c


def test_every_play_is_a_legal_combination_and_every_legal_combination_a_play() -> None:
    """CP§3.1, CP§3.8, CP§3.9, CP B-1, CP B-2: 84 sets and 56 specials (k + k, k = 1..4)."""
    assert len(PLAYS) == 140
    assert sum(p.special for p in PLAYS) == 56
    for p in PLAYS:
        cards = TEXTS[p.index].split()[1:]
        assert oracle_play(cards) == (
            "special" if p.special else ["Main", "Yao", "Black", "Red"][p.family],
            p.size,
            p.rank,
        ), p.text
        assert play_of(parse_cards(cards)) == p.index
    # every multiset of up to 8 cards from the civil cards and all military cards, plus pairs
    pool = [
        "6-6",
        "1-1",
        "4-4",
        "1-3",
        "3-6",
        "4-5",
        "2-6",
        "3-5",
        "2-5",
        "3-4",
        "2-3",
        "1-4",
        "1-2",
        "2-4",
        "1-6",
    ]
    rng = random.Random(0)
    for _ in range(3000):
        cards = [rng.choice(pool) for _ in range(rng.randint(1, 8))]
        cards = [c for c, n in Counter(cards).items() for _ in range(min(n, 4))]
        legal = oracle_play(cards) is not None
        assert (play_of(parse_cards(cards)) is not None) == legal, cards


def test_beating_matches_the_oracle_for_every_pair_of_plays() -> None:
    """CP§3.2, CP§3.3, CP B-3, CP B-11: Y beats X iff same family (or both special), the same
    number of cards and a higher rank; equal ranks never beat."""
    for x, y in product(PLAYS, PLAYS):
        expect = oracle_beats(TEXTS[y.index].split()[1:], TEXTS[x.index].split()[1:])
        assert (y.index in BEATERS[x.index]) == expect, (y.text, x.text)


def test_generated_leads_and_beats_match_brute_force() -> None:
    """CP§3.1, CP§3.2: the fast generators give exactly the plays a hand holds (and beats)."""
    rng = random.Random(1)
    deck = full_deck()
    for _ in range(1500):
        hand = [0] * N_IDS
        for c in rng.sample(deck, rng.randint(1, 28)):
            hand[c] += 1
        held = [p.index for p in PLAYS if all(hand[c] >= n for c, n in p.need)]
        assert sorted(leads(hand)) == held
        high = rng.randrange(len(PLAYS))
        assert beats(high, hand) == [y for y in held if y in BEATERS[high]]


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        ("2-6 3-5", "equal rank is not the same pattern"),
        ("1-2 2-4", "equal rank is not the same pattern"),
        ("6-6 3-6 4-5", "equal numbers"),
        ("6-6 1-1 3-6 2-6", "one civil type"),
        ("1-1×5", "at most 4 cards of one pattern"),
        ("4-4 1-6", "Ren Qi matches Man only with 2-5 or 3-4"),
        ("2-2 5-5", "lead 1-4 identical cards"),
    ],
)
def test_not_a_play_messages_name_the_problem(cards: str, why: str) -> None:
    """CP§3.1, CP§3.8, CP§3.9, CP B-2; worked examples CP-07, CP-11."""
    ids = parse_cards(cards)
    assert play_of(ids) is None
    assert why in why_not_a_play(ids)


@pytest.mark.parametrize(
    ("y", "x", "why"),
    [
        ("play 6-6 6-6", "play 6-6 4-5", "never beat each other"),  # CP-09
        ("play 6-6 3-6", "play 1-1 1-1", "never beat each other"),  # CP-09
        ("play 6-6 6-6", "play 5-6", "same number of cards"),  # CP B-11
        ("play 3-6", "play 4-5", "different families"),  # CP-04
        ("play 3-5", "play 2-6", "equal rank"),  # CP-03
        ("play 2-4", "play 1-2", "equal rank"),  # CP-05
        ("play 5-5", "play 3-3", "lower"),  # CP-02 reversed
        ("play 6-6 4-5", "play 6-6 3-6", "equal rank"),  # Tian Jiu vs Tian Jiu
        ("play 6-6 4-5", "play 1-1 1-1 2-6 2-6", "same number of cards"),  # CP-10
    ],
)
def test_beating_refusals_name_the_rule(y: str, x: str, why: str) -> None:
    """CP§3.2, CP§3.3, CP§3.8, CP B-3, CP B-11."""
    yi, xi = TEXTS.index(y), TEXTS.index(x)
    assert yi not in BEATERS[xi]
    assert why in why_not_beat(yi, xi)


def test_specials_mix_red_and_black_matching_cards() -> None:
    """CP§3.9: red and black cards of the total may be mixed; sizes 2, 4, 6, 8 (CP B-1)."""
    assert play_of(parse_cards("6-6×4 3-6×2 4-5×2")) is not None
    assert play_of(parse_cards("1-1×3 2-6 3-5×2")) is not None
    assert play_of(parse_cards("1-3 1-4")) is not None and play_of(parse_cards("1-3 2-3"))
    assert sorted({p.size for p in PLAYS if p.special}) == [2, 4, 6, 8]
    # a bigger special never beats a smaller one, whatever its rank (CP B-11)
    small = TEXTS.index("play 1-3 2-3")
    assert all(PLAYS[y].size == 2 for y in BEATERS[small])
    assert [PLAYS[y].name for y in BEATERS[small]] == [
        "Tian Jiu",
        "Tian Jiu",
        "Di Ba",
        "Di Ba",
        "Ren Qi",
        "Ren Qi",
    ]
