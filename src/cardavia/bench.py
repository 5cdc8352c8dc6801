"""`cardavia bench`: engine and agent throughput on one process (docs/benchmarks.md)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardavia.ai.base import make_agent
from cardavia.ai.play import play_deal
from cardavia.rules.core import Game


def _rate(work: Callable[[int], int], seconds: float) -> float:
    """Units of work per second, running `work(i)` until `seconds` have passed."""
    done, i = 0, 0
    start = time.perf_counter()
    while True:
        done += work(i)
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def _deals(game: Game, agent: str) -> Callable[[int], int]:
    def work(i: int) -> int:
        agents = [make_agent(agent, game.name, i * 10 + s) for s in range(game.players)]
        play_deal(game, i, agents)
        return 1

    return work


def run_bench(game: Game, seconds: float = 3.0, repeat: int = 3) -> dict[str, Any]:
    figures: dict[str, Callable[[int], int]] = {
        "random_deals_per_second": _deals(game, "random"),
        "greedy_deals_per_second": _deals(game, "greedy"),
    }
    figures.update(_hand_check(game))
    out = {name: statistics.median(_rate(work, seconds) for _ in range(repeat))
           for name, work in figures.items()}
    return {"game": game.name, "seconds": seconds, "repeat": repeat, "figures": out}


def _hand_check(game: Game) -> dict[str, Callable[[int], int]]:
    """The game's complete-hand check, 1,000 hands a unit: on random 21-card hands (most fail
    at the first colour) and on complete ones (every component is looked at)."""
    if game.name != "sisepai":
        return {}
    from cardavia.games.sisepai.cards import counts_of, full_deck
    from cardavia.games.sisepai.groups import best_partition, is_complete

    rng = random.Random(0)
    deck = full_deck()
    random_hands = [counts_of(rng.sample(deck, 21)) for _ in range(1000)]
    complete: list[list[int]] = []
    while len(complete) < 1000:
        hand = counts_of(rng.sample(deck, 21))
        if is_complete(hand):
            complete.append(hand)
        else:  # complete hands are rare at random: build one from groups instead
            complete.append(_complete_hand(rng))

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
    """A random complete 21-card Sì Sè Pái hand, built group by group."""
    from cardavia.games.sisepai.cards import COPIES, N_CHESS, N_IDS, card_id
    from cardavia.games.sisepai.groups import is_complete

    while True:
        counts = [0] * N_IDS
        size = 0
        while size < 21:
            kind = rng.randrange(6)
            colour = rng.randrange(4)
            if kind == 0:
                group = [rng.choice([card_id(colour, 0), N_CHESS + rng.randrange(5)])]
            elif kind in (1, 2):
                piece = rng.randrange(1, 7)
                group = [card_id(colour, piece)] * rng.choice((2, 3, 4))
            elif kind == 3:
                group = [card_id(colour, p) for p in (0, 1, 2)]
            elif kind == 4:
                group = [card_id(colour, p) for p in (3, 4, 5)]
            else:
                group = [card_id(c, 6) for c in rng.sample(range(4), rng.choice((3, 4)))]
            limit = [COPIES] * N_CHESS + [1] * (N_IDS - N_CHESS)
            if size + len(group) <= 21 and all(
                counts[c] + group.count(c) <= limit[c] for c in set(group)
            ):
                for c in group:
                    counts[c] += 1
                size += len(group)
            elif size > 15:
                break
        if size == 21 and is_complete(counts):
            return counts
