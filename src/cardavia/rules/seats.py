"""Seat order round the table: seats are numbered in turn order, so play passes to the next
higher seat, and from the last one back to seat 0."""

from __future__ import annotations

from functools import cache


def after(seat: int, players: int, n: int = 1) -> int:
    """The seat `n` places after `seat` in turn order (`n=-1`: the one before it)."""
    return (seat + n) % players


@cache
def order_from(origin: int, players: int) -> tuple[int, ...]:
    """Every seat once, in turn order, starting with `origin` (a seat, or a seat plus `n` for
    the order from `n` places after it)."""
    return tuple((origin + i) % players for i in range(players))
