"""Whether two versions of the code play alike: a digest of every action and score of fixed-seed
deals per game and agent (seat 0 the agent, greedy elsewhere, seeds from 70000). Run it with each
tree's `src` on PYTHONPATH and compare the lines; equal lines mean the agents played the same
actions (the check behind a re-stamped results file, `scripts/restamp_results.py`).

    PYTHONPATH=TREE/src .venv/bin/python scripts/same_play.py [SCALE] > TREE.txt

SCALE (default 1) multiplies the deals: 120 greedy, 120 efficient, 60 easy and 12 of a
fixed-sample search (no clock: `budget=none`) per game.
"""

import hashlib
import json
import sys

from cardavia.ai.play import play_deal
from cardavia.ai.registry import make_agent
from cardavia.games.registry import GAMES

SCALE = int(sys.argv[1]) if len(sys.argv) > 1 else 1
AGENTS = {"greedy": 120, "efficient": 120, "easy": 60, "search:samples=6,budget=none,depth=6": 12}

for game_id, game in GAMES.items():
    for name, deals in AGENTS.items():
        try:
            make_agent(name, game_id, 0)
        except KeyError:  # a game without that policy
            continue
        digest, actions = hashlib.sha256(), 0
        for i in range(deals * SCALE):
            seats = [
                make_agent(name if s == 0 else "greedy", game_id, i * 10 + s)
                for s in range(game.players)
            ]
            state = play_deal(game, 70000 + i, seats)
            result = state.result()
            assert result is not None
            digest.update(json.dumps([state.actions, list(result.scores)]).encode())
            actions += len(state.actions)
        print(game_id, name, deals * SCALE, actions, digest.hexdigest()[:16], flush=True)
