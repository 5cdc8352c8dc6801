"""Seat-bias check (ai.md, issue 7): identical agents in every seat, the dealer rotating with the
seed; each seat's win share (ties for first shared) lies within its 99% interval of the fair
share. A game whose rules or deal favoured a seat, or an agent that played differently by seat,
would fail here."""

from __future__ import annotations

import math

import pytest

from cardavia.ai.play import play_deal
from cardavia.ai.registry import make_agent
from cardavia.ai.stats import win_share
from cardavia.games.registry import GAMES, find_game

DEALS = 300


@pytest.mark.parametrize("game", sorted(GAMES))
def test_identical_agents_share_the_wins_fairly(game: str) -> None:
    g = find_game(game)
    shares = [0.0] * g.players
    decided = 0
    dealers = set()
    for seed in range(DEALS):
        state = play_deal(
            g, seed, [make_agent("greedy", game, seed * 10 + s) for s in range(g.players)]
        )
        result = state.result()
        assert result is not None
        table = state.observation(0)
        dealers.add(table.get("dealer", table.get("first_leader")))  # Chuo Pai: first leader
        won = [win_share(result, s) for s in range(g.players)]
        if sum(won):
            decided += 1
            for s in range(g.players):
                shares[s] += won[s]
    assert len(dealers) == g.players  # the seed rotates the dealer
    fair = 1 / g.players
    half = 2.58 * math.sqrt(fair * (1 - fair) / decided)
    for s in range(g.players):
        assert abs(shares[s] / decided - fair) <= half, (s, shares, decided)
