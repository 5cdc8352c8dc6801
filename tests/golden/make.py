"""Record the golden playthroughs of `tests/golden/data/` (see `tests/golden/test_golden.py`).

    .venv/bin/python -m tests.golden.make

rewrites one file per deal of `DEALS` for every game of `cardavia.games.registry.GAMES`, and
removes files of the folder that it no longer writes. Run it only when a change of what players
see is intended, then review `git diff tests/golden/data` line by line.

A deal is played as the server plays it (`cardavia.table.live`): a lazy deal, every held step
taken by `settle()` before anybody acts, and decisions chosen by an agent for every seat. The
agents only choose: the file keeps each decision, and a replay applies the decisions it keeps,
so a change to an agent never touches the golden files.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardavia.ai.registry import make_agent
from cardavia.games.registry import GAMES
from cardavia.rules.core import Event, Game, State

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Deal:
    """One recorded deal of every game. `policy` names the agent of every seat; with "greedy",
    the seat that answers first in a claim window is the first of `to_act()` (as the server's
    AI seats do), with "random" a seeded choice among them (as a human may answer first)."""

    seed: int
    dealer: int | None
    policy: str


# Seeds picked (from the first dozen) for what the deals show between them: a win and a drawn
# deal, claims that compete for one card, and each game's rarer groups (Nantong's concealed and
# added kongs, Paohuzi's ti, wei and pao). A game added to GAMES gets the same seeds: check
# that its two deals show its claims too.
DEALS = (Deal(seed=8, dealer=None, policy="greedy"), Deal(seed=11, dealer=1, policy="random"))

# A step's fields, in the order a difference is looked for (then any other, sorted).
STEP_FIELDS = ("step", "seat", "action", "events", "after")
AFTER_FIELDS = (
    "unsettled",
    "over",
    "to_act",
    "public_to_act",
    "legal_actions",
    "action_facts",
    "observations",
    "result",
)


def path_of(game: Game, seed: int) -> Path:
    return DATA / f"{game.name}-{seed}.json"


def events_json(game: Game, events: list[Event]) -> list[dict[str, Any]]:
    return [
        {"event": e.to_json(), "visible_to": [s for s in range(game.players) if e.visible_to(s)]}
        for e in events
    ]


def after(game: Game, state: State) -> dict[str, Any]:
    """What the deal shows once a step is taken: engine-side and per seat."""
    result = state.result()
    return {
        "unsettled": state.unsettled(),
        "over": state.is_over(),
        "to_act": list(state.to_act()),
        "public_to_act": list(state.public_to_act()),
        "legal_actions": [state.legal_actions(s) for s in range(game.players)],
        "action_facts": [state.action_facts(s) for s in range(game.players)],
        "observations": [state.observation(s) for s in range(game.players)],
        "result": result.to_json() if result is not None else None,
    }


def step_json(
    game: Game,
    state: State,
    kind: str,
    events: list[Event],
    seat: int | None = None,
    action: str | None = None,
) -> dict[str, Any]:
    step: dict[str, Any] = {"step": kind}
    if kind == "action":
        step |= {"seat": seat, "action": action}
    step |= {"events": events_json(game, events), "after": after(game, state)}
    # as it reads back from a file: tuples become lists, and what is not JSON fails here
    loaded: dict[str, Any] = json.loads(json.dumps(step))
    return loaded


def header(game: Game, deal: Deal) -> dict[str, Any]:
    return {
        "game": game.name,
        "rules_version": game.rules_version,
        "players": game.players,
        "seed": deal.seed,
        "dealer": deal.dealer,
        "policy": deal.policy,
    }


def record(game: Game, deal: Deal) -> dict[str, Any]:
    """Play the deal as the server does, with `deal.policy` deciding for every seat."""
    try:
        agents = [
            make_agent(deal.policy, game.name, deal.seed * game.players + s)
            for s in range(game.players)
        ]
    except KeyError:  # a game without that agent yet: random play still records a deal
        agents = [
            make_agent("random", game.name, deal.seed * game.players + s)
            for s in range(game.players)
        ]
    order = random.Random(deal.seed)
    state = game.new_deal(deal.seed, deal.dealer, lazy=True)
    steps = [step_json(game, state, "opening", state.opening)]
    while not state.is_over():
        if len(steps) > 5000:
            raise RuntimeError(f"{game.name} seed {deal.seed}: the deal does not end")
        if state.unsettled():
            steps.append(step_json(game, state, "settle", state.settle()))
            continue
        waiting = state.to_act()
        seat = waiting[0] if deal.policy == "greedy" else order.choice(waiting)
        action = agents[seat].act(state.observation(seat), state.legal_actions(seat))
        steps.append(step_json(game, state, "action", state.apply(seat, action), seat, action))
    return header(game, deal) | {"steps": steps}


def dumps(value: Any, depth: int = 0) -> str:
    """JSON with sorted keys: a container on one line when short or deep (a step's events, one
    seat's legal actions, one seat's observation each on its line), else one item a line, so
    that a review diff shows which step and which seat changed."""
    flat = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    if depth >= 4 or len(flat) <= 100 or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (depth + 1)
    if isinstance(value, dict):
        items = [
            f"{json.dumps(k, ensure_ascii=False)}:{dumps(value[k], depth + 1)}"
            for k in sorted(value)
        ]
        return "{\n" + ",\n".join(pad + i for i in items) + "\n" + " " * depth + "}"
    items = [dumps(v, depth + 1) for v in value]
    return "[\n" + ",\n".join(pad + i for i in items) + "\n" + " " * depth + "]"


def main() -> int:
    DATA.mkdir(exist_ok=True)
    written: set[Path] = set()
    for game in GAMES.values():
        for deal in DEALS:
            path = path_of(game, deal.seed)
            path.write_text(dumps(record(game, deal)) + "\n", encoding="utf-8")
            written.add(path)
            print(
                f"{path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}"
                f"  {path.stat().st_size:,} bytes"
            )
    for stale in sorted(set(DATA.glob("*.json")) - written):
        stale.unlink()
        print(f"removed {stale.name}")
    total = sum(p.stat().st_size for p in written)
    print(f"{len(written)} files, {total:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
