"""Work units for `cardavia bench` (docs/benchmarks.md): the winning-structure check (PHZ-11).

Each callable runs a batch of checks and returns how many it did. "cold" batches clear the
shared split memo first, so they measure the search, not the cache; "warm" ones do not.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from cardavia.games.paohuzi.cards import N_IDS
from cardavia.games.paohuzi.groups import CHI_GROUPS
from cardavia.games.paohuzi.options import win_upgrades
from cardavia.games.paohuzi.scoring import PAOHUZI, Scoring, best_win
from cardavia.games.paohuzi.seats import Holding

if TYPE_CHECKING:
    from cardavia.games.paohuzi.game import Paohuzi

Check = tuple[Holding, int]


def dealt_checks(count: int, seed: int = 0, game: Paohuzi | None = None) -> list[Check]:
    """Non-dealer hands as dealt (kans and ti formed, PHZ-3) with a random unseen card; `game`
    a variant of the family (default Paohuzi)."""
    from cardavia.games.paohuzi.game import Paohuzi

    game, rng = game or Paohuzi(), random.Random(seed)
    out: list[Check] = []
    deal = 0
    while len(out) < count:
        state = game.new_deal(deal, dealer=0)
        deal += 1
        for s in (1, 2):
            h = state.seats[s]
            held = [h.hand[c] + 3 * h.kans.count(c) for c in range(N_IDS)]
            out.append((h, rng.choice([c for c in range(N_IDS) if held[c] < 3])))
    return out[:count]


def winning_checks(count: int, seed: int = 0, scoring: Scoring = PAOHUZI) -> list[Check]:
    """Concealed hands of seven groups (chi-type groups, kans, or 6 groups + a pair) that win
    on a card, built group by group."""
    rng = random.Random(seed)
    out: list[Check] = []
    while len(out) < count:
        left = {c: 4 for c in range(N_IDS)}
        h = Holding()
        cards: list[int] = []
        while len(h.kans) + len(cards) // 3 < 7:
            if rng.random() < 0.15:
                c = rng.randrange(N_IDS)
                if left[c] >= 3 and c not in h.kans:
                    left[c] -= 3
                    h.kans.append(c)
                continue
            g = rng.choice(CHI_GROUPS)
            if all(left[c] >= g.count(c) for c in g):
                for c in g:
                    left[c] -= 1
                cards += g
        card = cards.pop(rng.randrange(len(cards)))
        for c in cards:
            h.hand[c] += 1
        if max(h.hand) <= 2 and best_win(h, card, ("kan",), scoring) is not None:
            out.append((h, card))
    return out


def _checks(
    batch: list[Check], cold: bool, scoring: Scoring, upgrades: tuple[str, ...]
) -> Callable[[int], int]:
    def work(i: int) -> int:
        if cold:
            scoring.splits.memo.clear()
        for h, card in batch:
            best_win(h, card, upgrades, scoring)
        return len(batch)

    return work


def benchmarks(
    game: Paohuzi | None = None,
    scoring: Scoring = PAOHUZI,
    upgrades: tuple[str, ...] = win_upgrades(1, 0),
) -> dict[str, Callable[[int], int]]:
    """The work units of Paohuzi, or of a variant of the family (its game, scoring and the
    groups a card in play may upgrade in a win)."""
    dealt = dealt_checks(1000, game=game)
    winning = winning_checks(1000, scoring=scoring)
    return {
        "win_checks_per_second": _checks(dealt, True, scoring, upgrades),
        "winning_hand_checks_per_second": _checks(winning, True, scoring, upgrades),
        "win_checks_warm_per_second": _checks(dealt, False, scoring, upgrades),
    }
