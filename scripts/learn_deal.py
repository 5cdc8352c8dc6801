"""A draft guided deal (docs/learn.md): a deal of greedy agents from a seed, as the
`content/learn/<game>/deal.toml` lines of its actions and result, with the learner's decisions
and what else was legal at each, to choose the ones to teach.

Usage: python scripts/learn_deal.py GAME SEED [SEAT]  (the dealer is seat 0)
"""

from __future__ import annotations

import json
import sys

from cardavia.ai.play import decide
from cardavia.ai.registry import make_agent
from cardavia.games.registry import find_game


def main(name: str, seed: int, seat: int = 0) -> None:
    game = find_game(name)
    agents = [make_agent("greedy", name, seed) for _ in range(game.players)]
    state = game.new_deal(seed, 0)
    choices: list[str] = []
    while not state.is_over():
        who = state.to_act()[0]
        legal = state.legal_actions(who)
        action = decide(state, who, agents[who])
        if who == seat:
            others = ", ".join(a for a in legal if a != action)
            choices.append(f"# at = {len(state.actions)}: {action!r}  (else: {others})")
        state.apply(who, action)
    result = state.result()
    assert result is not None
    print(f"seed = {seed}\ndealer = 0\nseat = {seat}\nactions = [")
    for who, action in state.actions:
        print(f"  [{who}, {json.dumps(action)}],")
    print("]\n")
    print(f"[result]\nwinners = {list(result.winners)}\nscores = {list(result.scores)}\n")
    print("\n".join(choices))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), *(int(a) for a in sys.argv[3:4]))
