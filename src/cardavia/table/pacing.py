"""How long a table pauses when nobody was asked: so that time shows nothing hidden either.

A lazy deal already pauses where a hidden choice could be (rules/core.py): after your discard,
whether or not an AI seat can claim it. But an asked seat takes time to decide (a search, up to
its budget), and a pause nobody fills was taken at once, so the time until the next event told
whether some seat holds a claim on your card (reliability review M2). The pacer closes that
channel. Every pause in which some seat searched unseen is timed, from the last event the human
saw to the step that ends it (an obvious choice, such as a win, is taken at once and shows at
once). A pause in which nobody decided lasts a time drawn from those timings, for the same game,
level and kind of move that opened it (yours or an AI seat's). Both kinds of pause then last
alike. Until a few have been timed, a pause lasts up to 1.5 times the level's search budget.
"""

from __future__ import annotations

import random
import secrets
import time
from collections import deque
from dataclasses import dataclass, field

KEEP = 128  # timings kept per game and level: recent enough to follow the machine's load
WARM = 4  # timings needed before they are drawn from; until then the prior
# Seconds: a longer timing (a worker starting again) is kept as this. Above the longest real
# window (the hard level's 0.8 s budget, two seats searching in turn), so such windows are
# matched too.
MAX_PAUSE = 4.0


PaceKey = tuple[str, str, bool]  # game, level, opened by the human's own move


@dataclass
class Window:
    """The stretch since the last event the human saw."""

    opened: float = field(default_factory=time.monotonic)
    hidden: bool = False  # some seat decided unseen in it
    # ... and that decision was a real choice (not an obvious one such as taking a win, which
    # is played at once and shows at once): the pauses nobody filled must last like these
    timed: bool = False
    after_human: bool = False  # opened by the human's own move
    release_at: float | None = None  # when a pause nobody filled may end


class Pacer:
    """Timings of pauses that hid a search, per `PaceKey`, and draws from them."""

    def __init__(self, rng: random.Random | None = None) -> None:
        # Seeded from the system: a player must not be able to predict the draws.
        self.rng = rng or random.Random(secrets.randbits(64))
        self._timings: dict[PaceKey, deque[float]] = {}

    def record(self, key: PaceKey, seconds: float) -> None:
        self._timings.setdefault(key, deque(maxlen=KEEP)).append(min(max(seconds, 0.0), MAX_PAUSE))

    def pause(self, key: PaceKey, prior: float) -> float:
        """Seconds a pause nobody filled lasts: a timing drawn from `key`'s, or, before
        there are enough, uniform up to 1.5 × `prior` (the level's search budget; 0 for a
        level that decides at once)."""
        timings = self._timings.get(key)
        if timings is not None and len(timings) >= WARM:
            return self.rng.choice(timings)
        # a search usually runs to its budget, and over it on a busy machine
        return self.rng.uniform(0.0, 1.5 * prior) if prior > 0 else 0.0

    def release_at(self, window: Window, key: PaceKey, prior: float) -> float:
        """When the window's pause may end, drawn once per window."""
        if window.release_at is None:
            window.release_at = window.opened + self.pause(key, prior)
        return window.release_at
