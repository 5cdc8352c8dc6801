"""Tile efficiency, shared by the efficient policies of the drawing games (docs/ai.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def acceptance(
    hand: list[int],
    live: list[int],
    ids: Iterable[int],
    distance_of: Callable[[list[int]], int],
    d: int,
) -> int:
    """Live copies of the identities that, drawn or claimed, would bring `hand` (now at
    distance `d`) closer to a win. `hand` is changed in place and restored."""
    total = 0
    for x in ids:
        if live[x]:
            hand[x] += 1
            if distance_of(hand) < d:
                total += live[x]
            hand[x] -= 1
    return total
