"""Card conservation: every card of the deck is somewhere, exactly once per copy, at every
step of a deal (tests and replays check it; `State.card_locations` says where the cards are)."""

from __future__ import annotations

from cardavia.rules.core import State


def check_conservation(state: State) -> None:
    """Raise AssertionError, naming the first card that is missing or doubled, unless the
    places of `state.card_locations()` hold the game's deck exactly."""
    notation = state.game.notation
    size = len(notation.deck)
    total = state.card_total()
    if total != size:
        raise AssertionError(f"{total} cards instead of {size}")
    counts = [0] * len(notation.codes)
    for place in state.card_locations():
        for c in place:
            counts[c] += 1
    for c, n in enumerate(counts):
        if n != notation.copies[c]:
            raise AssertionError(f"{notation.code(c)} appears {n} times")
