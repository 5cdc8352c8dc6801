"""Dealing shared by every game: a deal from a seed, and the redeal of a sampled world.

A deal is reproducible: `random.Random(seed)` shuffles the deck, then (unless the dealer is
given) draws the dealer, and the game cuts the shuffled deck into its hands and stock. A sampled
world (`State.sample_world`) deals the cards its seat cannot see anew, keeping every count the
seat can see.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from cardavia.rules import positions


def shuffled(
    seed: int, deck: Sequence[int], players: int, dealer: int | None
) -> tuple[list[int], int]:
    """The deck shuffled from `seed`, and the dealer: the one given (which must be a seat), else
    drawn from the same generator after the shuffle."""
    if dealer is not None:
        dealer = positions.seat(dealer, "dealer", players)
    rng = random.Random(seed)
    cards = list(deck)
    rng.shuffle(cards)
    if dealer is None:
        dealer = rng.randrange(players)
    return cards, dealer


def cut(cards: Sequence[int], sizes: Iterable[int]) -> list[list[int]]:
    """Consecutive parts of `cards` of the given sizes, then one more part: the rest."""
    parts: list[list[int]] = []
    at = 0
    for n in sizes:
        parts.append(list(cards[at : at + n]))
        at += n
    parts.append(list(cards[at:]))
    return parts


def redeal(unseen: Iterable[int], sizes: Iterable[int], rng: random.Random) -> list[list[int]]:
    """The cards a seat cannot see, dealt anew into parts of the given sizes, the rest last.
    They are sorted before the shuffle, so that the deal depends on which cards are unseen,
    never on where they really are ("no peeking", docs/ai.md)."""
    pool = sorted(unseen)
    rng.shuffle(pool)
    return cut(pool, sizes)
