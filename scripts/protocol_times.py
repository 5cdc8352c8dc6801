"""Where a decision's time goes, per call of the rules protocol: µs of CPU per decision spent in
`new_deal`, `legal_actions`, `observation`, the agent's `act` and `apply` (with the steps after
it), over whole deals, the fastest of 7 runs, garbage collection off (docs/benchmarks.md).

    PYTHONPATH=TREE/src .venv/bin/python scripts/protocol_times.py GAME [AGENT] [DEALS]

Run it with another tree's `src` on PYTHONPATH to compare two versions side by side.
"""

import gc
import sys
import time

try:
    from cardavia.ai.registry import make_agent
except ImportError:  # trees before issue 19
    from cardavia.ai.base import make_agent  # type: ignore[no-redef]
from cardavia.games.registry import GAMES

game = GAMES[sys.argv[1]]
agent_name = sys.argv[2] if len(sys.argv) > 2 else "random"
deals = int(sys.argv[3]) if len(sys.argv) > 3 else 200
clock = time.process_time


def one(i: int, spent: dict[str, float]) -> int:
    agents = [make_agent(agent_name, game.name, i * 10 + s) for s in range(game.players)]
    t0 = clock()
    state = game.new_deal(i, None)
    spent["new_deal"] += clock() - t0
    n = 0
    while not state.is_over():
        seat = state.to_act()[0]
        t0 = clock()
        legal = state.legal_actions(seat)
        t1 = clock()
        observation = state.observation(seat)
        t2 = clock()
        action = agents[seat].act(observation, legal)
        t3 = clock()
        state.apply(seat, action)
        t4 = clock()
        spent["legal_actions"] += t1 - t0
        spent["observation"] += t2 - t1
        spent["act"] += t3 - t2
        spent["apply"] += t4 - t3
        n += 1
    return n


gc.disable()
best: tuple[float, dict[str, float], int] | None = None
for _ in range(7):
    spent = dict.fromkeys(("new_deal", "legal_actions", "observation", "act", "apply"), 0.0)
    decisions = sum(one(i, spent) for i in range(deals))
    per = {k: v / decisions * 1e6 for k, v in spent.items()}
    if best is None or sum(per.values()) < best[0]:
        best = (sum(per.values()), per, decisions)
assert best is not None
total, per, decisions = best
print(f"{game.name} {agent_name}: {decisions} decisions, µs each")
for name, us in per.items():
    print(f"  {name:14} {us:7.2f}")
print(f"  {'all':14} {total:7.2f}")
