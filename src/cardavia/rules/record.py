"""Deal records (architecture.md §4): a JSON document that fully describes a deal.

Replaying re-validates every action through the game's own `apply` and must reproduce the
recorded result. Every problem is reported as one `RecordError` naming the offending part.
"""

from __future__ import annotations

import json
from typing import Any

from cardavia.rules.core import Game, State
from cardavia.rules.errors import QUOTED_MAX, RecordError, RulesError, cut, quoted

FORMAT = "cardavia-deal/1"
# The seeds a deal is dealt from (the API takes these, and a record may hold no other): a seed
# is stored as an SQLite INTEGER, and a negative one would deal as its absolute value.
MAX_SEED = 2**63 - 1


class OtherGameError(RecordError):
    """A record of another game than the one asked for (the replay page of a game)."""

    def __init__(self, message: str, game: str) -> None:
        super().__init__(message)
        self.game = game


class RecordActionError(RecordError):
    """A record whose action number `index` the rules refuse: an illegal or malformed move.
    `step`: the replay step that would have taken it, where a replay knows (table/replay.py)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index
        self.step: int | None = None


def make_record(
    state: State, seed: int | None, dealer: int | None, position: dict[str, Any] | None
) -> dict[str, Any]:
    result = state.result()
    return {
        "format": FORMAT,
        "game": state.game.name,
        "rules": state.game.rules_version,
        "seed": seed,
        "dealer": dealer,
        "position": position,
        "actions": [{"seat": seat, "action": action} for seat, action in state.actions],
        "result": result.to_json() if result is not None else None,
    }


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def loads(text: str) -> dict[str, Any]:
    try:
        record = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"not JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    except RecursionError:
        raise RecordError("not JSON that can be read: nested too deeply") from None
    except ValueError:  # a number past Python's int digit limit
        raise RecordError("not JSON that can be read: a number is too long") from None
    if not isinstance(record, dict):
        raise RecordError("a deal record must be a JSON object")
    return record


# A rules error quoted whole in a record's message (it may quote the record's action itself):
# a record is untrusted input (security test, 2026-12-06: `cardavia replay` printed a field of a
# megabyte whole).
ERROR_MAX = 2 * QUOTED_MAX


def replay(record: dict[str, Any], games: dict[str, Game], expected: str | None = None) -> State:
    """Rebuild the deal of a record, re-validating every action and the recorded result.
    `expected`: the game the record must be of (else `OtherGameError`)."""
    if record.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {quoted(record.get('format'))}")
    name = record.get("game")
    if expected is not None and name != expected and isinstance(name, str) and name in games:
        raise OtherGameError(f"game: a record of {quoted(name)}, not of {expected!r}", name)
    game = games.get(name) if isinstance(name, str) else None
    if game is None:
        raise RecordError(f"game: unknown game {quoted(name)}")
    if record.get("rules") != game.rules_version:
        raise RecordError(
            f"rules: expected {game.rules_version!r}, got {quoted(record.get('rules'))}"
        )
    dealer = record.get("dealer")
    if dealer is not None and (
        not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < game.players
    ):
        raise RecordError(f"dealer: not a seat: {quoted(dealer)}")
    position, seed = record.get("position"), record.get("seed")
    try:
        if position is not None:
            state = game.from_position(position)
        elif isinstance(seed, int) and not isinstance(seed, bool):
            if not 0 <= seed <= MAX_SEED:
                raise RecordError(f"seed: must be from 0 to {MAX_SEED}")
            state = game.new_deal(seed, dealer)
        else:
            raise RecordError("seed: an integer seed or a position is required")
    except RecordError:
        raise
    except RulesError as err:
        raise RecordError(f"position: {cut(str(err), ERROR_MAX)}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
        # A record is untrusted input: a shape a game's position reader did not foresee is
        # still the position's fault, not a crash.
        raise RecordError(
            f"position: malformed ({type(err).__name__}: {cut(str(err), ERROR_MAX)})"
        ) from None
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError("actions: must be a list")
    for i, entry in enumerate(actions):
        seat = entry.get("seat") if isinstance(entry, dict) else None
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not isinstance(entry.get("action"), str)
        ):
            raise RecordError(f'actions[{i}]: must be {{"seat": int, "action": str}}')
        try:
            state.apply(entry["seat"], entry["action"])
        except RulesError as err:
            move = f"{quoted(entry['action'])} by seat {quoted(entry['seat'])}"
            raise RecordActionError(
                f"actions[{i}] ({move}): {cut(str(err), ERROR_MAX)}", i
            ) from None
    if "result" not in record:
        raise RecordError("result: missing (null for a deal still in progress)")
    recorded = record["result"]
    result = state.result()
    if result is None and recorded is not None:
        raise RecordError("result: recorded, but the replayed deal is not over")
    later = game.breakdown_keys_added_later
    if result is not None and not _agrees(recorded, result.to_json(), later):
        raise RecordError(
            "result: the replayed deal ends differently from the recorded result"
            if recorded is not None
            else "result: null, but the deal is over"
        )
    return state


def _agrees(recorded: Any, replayed: Any, later: frozenset[str]) -> bool:
    """The recorded result comes out again: the same keys and values throughout, except that a
    record made before a breakdown gained one of the keys `later` may lack it."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        if not recorded.keys() <= replayed.keys() <= recorded.keys() | later:
            return False
        return all(_agrees(v, replayed[k], later) for k, v in recorded.items())
    if isinstance(recorded, list) and isinstance(replayed, list):
        return len(recorded) == len(replayed) and all(
            _agrees(a, b, later) for a, b in zip(recorded, replayed, strict=True)
        )
    return type(recorded) is type(replayed) and recorded == replayed
