"""Golden playthroughs: whole deals of every game, step by step, exactly as players see them.

`tests/golden/data/<game>-<seed>.json` keeps, for at least two deals of every game of
`cardavia.games.registry.GAMES`, the deal (seed, dealer) and every step as the server takes it
on a lazy deal: the opening, each held step taken by `settle()`, each decision (seat and action
text). With each step: the events it produced (`to_json()`, and the seats each is visible to),
then whether a step is held, whether the deal is over, `to_act()`, `public_to_act()`, every
seat's `legal_actions`, `action_facts` and `observation`, and the result.

The test replays each deal from its seed, dealer and recorded decisions, and fails at the first
stored field that differs, a field gone or a field new, naming the file, the step and the field.

When a change of what players see is intended (a rule, an observation's field, an event), and
only then, regenerate the files and review their diff before committing them:

    .venv/bin/python -m tests.golden.make
    git diff --stat tests/golden/data && git diff tests/golden/data

(`tests/golden/make.py` says how the deals are chosen; a game added to `GAMES` gets its deals
there too.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardavia.games.registry import GAMES
from cardavia.rules.core import Game, State
from cardavia.rules.errors import RulesError
from tests.golden.make import AFTER_FIELDS, DATA, STEP_FIELDS, step_json

FILES = sorted(DATA.glob("*.json"))
ROOT = DATA.parents[2]
HEADER = ("game", "rules_version", "players", "seed", "dealer", "policy", "steps")
REGENERATE = "python -m tests.golden.make (only for an intended change; review the diff)"


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} chars)"


def _ordered(keys: set[str], first: tuple[str, ...]) -> list[str]:
    return [k for k in first if k in keys] + sorted(keys - set(first))


# The order in which a step's fields are compared (then any other field, sorted): what the step
# was, its events, then what it shows.
ORDERS = {"": STEP_FIELDS, "after": AFTER_FIELDS}


def first_difference(stored: Any, now: Any, path: str = "") -> str | None:
    """Where `now` (a step) first differs from `stored` (a path and both values), or None."""
    here = path or "(the whole value)"
    if isinstance(stored, dict) and isinstance(now, dict):
        for key in _ordered(set(stored) | set(now), ORDERS.get(path, ())):
            sub = f"{path}.{key}" if path else key
            if key not in now:
                return f"{sub}: stored field is gone now (stored {_short(stored[key])})"
            if key not in stored:
                return f"{sub}: new field, not in the golden file (now {_short(now[key])})"
            found = first_difference(stored[key], now[key], sub)
            if found:
                return found
        return None
    if isinstance(stored, list) and isinstance(now, list):
        for i, (a, b) in enumerate(zip(stored, now, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(stored) != len(now):
            return (
                f"{here}: {len(stored)} items stored, {len(now)} now "
                f"(stored {_short(stored)}, now {_short(now)})"
            )
        return None
    # bool is an int in Python, but true is not 1 in JSON
    if type(stored) is not type(now) or stored != now:
        return f"{here}: stored {_short(stored)}, now {_short(now)}"
    return None


def _describe(step: dict[str, Any]) -> str:
    if step.get("step") == "action":
        return f"seat {step.get('seat')} plays {step.get('action')!r}"
    return str(step.get("step"))


def _take(
    game: Game, state: State | None, golden: dict[str, Any], step: dict[str, Any]
) -> tuple[State, dict[str, Any]]:
    """Take a recorded step on the deal (`state` None: deal it) and what it shows now."""
    kind = step.get("step")
    if kind == "opening":
        assert state is None, "an opening step after the first"
        state = game.new_deal(golden["seed"], golden["dealer"], lazy=True)
        return state, step_json(game, state, "opening", state.opening)
    assert state is not None, "the first step is not the opening"
    if kind == "settle":
        assert state.unsettled(), "no step is held to settle"
        return state, step_json(game, state, "settle", state.settle())
    assert kind == "action", f"unknown step {kind!r}"
    seat, action = step["seat"], step["action"]
    return state, step_json(game, state, "action", state.apply(seat, action), seat, action)


def test_data_folder_holds_golden_files() -> None:
    assert FILES, f"no golden files in {DATA}: run {REGENERATE}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_two_golden_deals(name: str) -> None:
    mine = [p.name for p in FILES if p.name.startswith(f"{name}-")]
    assert len(mine) >= 2, (
        f"game {name!r} has {len(mine)} golden deal(s) in {DATA} "
        f"({mine}), at least 2 wanted: run {REGENERATE}"
    )


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_deal_replays_exactly(path: Path) -> None:
    golden = json.loads(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    if set(golden) != set(HEADER):
        pytest.fail(f"{where}: top-level fields {sorted(golden)}, expected {sorted(HEADER)}")
    name = golden["game"]
    if name not in GAMES:
        pytest.fail(f"{where}: game {name!r} is not in GAMES (a stale file? {REGENERATE})")
    assert path.name.startswith(f"{name}-"), f"{where} holds a deal of {name!r}"
    game = GAMES[name]
    for key in ("rules_version", "players"):
        if golden[key] != getattr(game, key):
            pytest.fail(
                f"{where}: {key} is {getattr(game, key)!r} now, {golden[key]!r} in the golden file"
            )
    steps: list[dict[str, Any]] = golden["steps"]
    state: State | None = None
    for number, stored in enumerate(steps):
        label = f"{where}, step {number} ({_describe(stored)})"
        try:
            state, now = _take(game, state, golden, stored)
        except (RulesError, AssertionError, KeyError) as err:
            pytest.fail(f"{label}: cannot be taken now: {type(err).__name__}: {err}")
        found = first_difference(stored, now)
        if found:
            pytest.fail(f"{label}: {found}\n(if this change is intended: {REGENERATE})")
    if state is None or not state.is_over():
        pytest.fail(
            f"{where}: the recorded steps end at step {len(steps) - 1}, but the deal is not over"
        )
