"""Work units for `cardavia bench` (docs/benchmarks.md): each callable does a batch of hand
checks and returns how many it did; the caller times them (the rules layer has no clock)."""

from __future__ import annotations

import random
from collections.abc import Callable

from cardavia.games.nantong.cards import COPIES, N_IDS, counts_of, full_deck, parse_card
from cardavia.games.nantong.hands import is_complete, waits
from cardavia.games.nantong.scoring import WinFacts, winner_score

BATCH = 1000


def complete_hand(rng: random.Random, groups: int = 7) -> list[int]:
    """A random winning hand of `groups` groups plus a pair, built group by group (NT§1.1)."""
    while True:
        counts = [0] * N_IDS
        for _ in range(groups):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)  # a run, 7-8-9 included
                cards = [start, start + 1, start + 2]
            else:
                cards = [rng.randrange(N_IDS)] * 3
            for c in cards:
                counts[c] += 1
        pair = rng.randrange(N_IDS)
        counts[pair] += 2
        if max(counts) <= COPIES and is_complete(counts):
            return counts


def benchmarks() -> dict[str, Callable[[int], int]]:
    """Named work units: winning-hand checks on random 23-card hands (most fail early) and on
    complete hands (every suit is looked at), one-away checks, and best-split scoring."""
    rng = random.Random(0)
    deck = full_deck()
    random_hands = [counts_of(rng.sample(deck, 23)) for _ in range(BATCH)]
    complete = [complete_hand(rng) for _ in range(BATCH)]
    one_away: list[list[int]] = []
    for hand in complete[:200]:
        hand = list(hand)
        hand[next(c for c in range(N_IDS) if hand[c])] -= 1
        one_away.append(hand)
    facts = [
        WinFacts(next(c for c in range(N_IDS) if h[c]), self_drawn=True) for h in complete[:200]
    ]
    indicators = (parse_card("5M"), parse_card("T"))

    def checks(hands: list[list[int]]) -> Callable[[int], int]:
        def work(i: int) -> int:
            for hand in hands:
                is_complete(hand)
            return len(hands)

        return work

    def ready_checks(i: int) -> int:
        for hand in one_away:
            waits(hand)
        return len(one_away)

    def scoring(i: int) -> int:
        for hand, fact in zip(complete[:200], facts, strict=True):
            winner_score([], hand, indicators, fact)
        return 200

    return {
        "hand_checks_per_second": checks(random_hands),
        "complete_hand_checks_per_second": checks(complete),
        "waits_checks_per_second": ready_checks,
        "best_partitions_per_second": scoring,
    }
