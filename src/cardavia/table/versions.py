"""What a deal's `version` counts (docs/api.md), for the live table and the replay alike: each
seat's, the events that seat sees; the spectators' slot (the last), the events everyone sees."""

from __future__ import annotations

from cardavia.rules.core import Event


def count_event(versions: list[int], event: Event, players: int) -> None:
    """Advance `versions` (one per seat, then the spectators') by `event`."""
    for seat in range(players):
        if event.visible_to(seat):
            versions[seat] += 1
    if event.seat is None:
        versions[-1] += 1
