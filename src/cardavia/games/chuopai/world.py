"""Dealing the unseen cards of a sampled world (architecture.md §2, `sample_world`).

A constraint `(offset, need)` says: the seat's hand plus `offset` does not contain `need`
(the cards of a play it could not have held, or the Nail and Two Reds together). Constraints only
forbid, so a card may be added to a hand as long as it completes no forbidden `need`.
"""

from __future__ import annotations

import random

from cardavia.games.chuopai.cards import N_IDS, counts_of
from cardavia.rules.dealing import redeal

Constraint = tuple[list[int], tuple[tuple[int, int], ...]]
TRIES = 24


def _by_card(constraints: list[Constraint]) -> list[list[Constraint]]:
    out: list[list[Constraint]] = [[] for _ in range(N_IDS)]
    for con in constraints:
        for c, _ in con[1]:
            out[c].append(con)
    return out


def _allows(hand: list[int], card: int, relevant: list[Constraint]) -> bool:
    hand[card] += 1
    try:
        for offset, need in relevant:
            for c, n in need:
                if hand[c] + offset[c] < n:
                    break
            else:
                return False
        return True
    finally:
        hand[card] -= 1


def deal_unseen(
    unseen: list[int],
    sizes: dict[int, int],
    constraints: dict[int, list[Constraint]],
    rng: random.Random,
) -> dict[int, list[int]]:
    """Count vectors per seat holding exactly `sizes[seat]` of the `unseen` cards, satisfying
    the constraints if a few randomised tries find a way; otherwise a plain random split."""
    seats = list(sizes)
    relevant = {s: _by_card(constraints.get(s, [])) for s in seats}
    # Cards some seat may not hold even one more of go first, while the other seats have room.
    tight = {c for s in seats for c in range(N_IDS) if not _allows([0] * N_IDS, c, relevant[s][c])}
    for _ in range(TRIES):
        cards = list(unseen)
        rng.shuffle(cards)
        cards.sort(key=lambda c: c not in tight)  # stable: the shuffle order is kept otherwise
        hands = {s: [0] * N_IDS for s in seats}
        room = dict(sizes)
        for card in cards:
            open_seats = [
                s for s in seats if room[s] and _allows(hands[s], card, relevant[s][card])
            ]
            if not open_seats:
                break
            # weighted by room left, as a random split of the cards would be
            pick = rng.randrange(sum(room[s] for s in open_seats))
            for s in open_seats:
                pick -= room[s]
                if pick < 0:
                    break
            hands[s][card] += 1
            room[s] -= 1
        else:
            return hands
    parts = redeal(unseen, [sizes[s] for s in seats], rng)
    return {s: counts_of(part) for s, part in zip(seats, parts, strict=False)}
