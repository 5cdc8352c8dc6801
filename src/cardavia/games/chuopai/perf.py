"""Work units for `cardavia bench` (docs/benchmarks.md): each callable does one batch and
returns how many items it did; the bench times them (the rules layer keeps no clock)."""

from __future__ import annotations

import random
from collections.abc import Callable

from cardavia.games.chuopai.cards import counts_of, full_deck
from cardavia.games.chuopai.game import ChuoPai
from cardavia.games.chuopai.plays import beats, leads

BATCH = 1000


def _random_hands(rng: random.Random, n: int) -> list[list[int]]:
    """Hands as they occur in play: 1 to 28 cards drawn from the 84-card deck."""
    deck = full_deck()
    return [counts_of(rng.sample(deck, rng.randint(1, 28))) for _ in range(n)]


def benchmarks() -> dict[str, Callable[[int], int]]:
    rng = random.Random(0)
    hands = _random_hands(rng, BATCH)
    # a current highest play led from another random hand, against each responder's hand
    highs = [rng.choice(leads(h)) for h in _random_hands(rng, BATCH)]
    game = ChuoPai()

    def lead_generation(i: int) -> int:
        for hand in hands:
            leads(hand)
        return len(hands)

    def beat_generation(i: int) -> int:
        for high, hand in zip(highs, hands, strict=True):
            beats(high, hand)
        return len(hands)

    def random_deal(i: int) -> int:
        """One whole deal with uniformly random legal decisions, no agents or observations."""
        state = game.new_deal(i)
        pick = random.Random(i)
        while not state.is_over():
            seat = state.turn
            state.apply(seat, pick.choice(state.legal_actions(seat)))
        return 1

    return {
        "lead_generations_per_second": lead_generation,
        "beat_generations_per_second": beat_generation,
        "engine_random_deals_per_second": random_deal,
    }
