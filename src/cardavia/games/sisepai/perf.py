"""Work units for `cardavia bench --game sisepai`: the complete-hand check and scoring."""

from __future__ import annotations

import random
from collections.abc import Callable

from cardavia.games.sisepai.cards import COPIES, N_CHESS, N_IDS, card_id, counts_of, full_deck
from cardavia.games.sisepai.groups import best_partition, is_complete


def benchmarks() -> dict[str, Callable[[int], int]]:
    """Complete-hand checks, 1,000 hands a unit: on random 21-card hands (most fail at the first
    colour) and on complete ones (every component is looked at); and best partitions."""
    rng = random.Random(0)
    deck = full_deck()
    random_hands = [counts_of(rng.sample(deck, 21)) for _ in range(1000)]
    complete = [_complete_hand(rng) for _ in range(1000)]

    def checks(hands: list[list[int]]) -> Callable[[int], int]:
        def work(i: int) -> int:
            for hand in hands:
                is_complete(hand)
            return len(hands)

        return work

    def scoring(i: int) -> int:
        for hand in complete[:200]:
            best_partition(hand)
        return 200

    return {
        "hand_checks_per_second": checks(random_hands),
        "complete_hand_checks_per_second": checks(complete),
        "best_partitions_per_second": scoring,
    }


def _complete_hand(rng: random.Random) -> list[int]:
    """A random complete 21-card hand, built group by group (SSP-4)."""
    limit = [COPIES] * N_CHESS + [1] * (N_IDS - N_CHESS)
    while True:
        counts = [0] * N_IDS
        size = 0
        while size < 21:
            kind = rng.randrange(6)
            colour = rng.randrange(4)
            if kind == 0:
                group = [rng.choice([card_id(colour, 0), N_CHESS + rng.randrange(5)])]
            elif kind in (1, 2):
                group = [card_id(colour, rng.randrange(1, 7))] * rng.choice((2, 3, 4))
            elif kind == 3:
                group = [card_id(colour, p) for p in (0, 1, 2)]
            elif kind == 4:
                group = [card_id(colour, p) for p in (3, 4, 5)]
            else:
                group = [card_id(c, 6) for c in rng.sample(range(4), rng.choice((3, 4)))]
            fits = all(counts[c] + group.count(c) <= limit[c] for c in set(group))
            if size + len(group) <= 21 and fits:
                for c in group:
                    counts[c] += 1
                size += len(group)
            elif size > 15:
                break
        if size == 21 and is_complete(counts):
            return counts
