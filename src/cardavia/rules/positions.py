"""Reading explicit positions (`Game.from_position`): seats, card lists and the whole deck,
each problem reported as an `InvalidPositionError` naming the offending part."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from cardavia.rules.errors import InvalidActionError, InvalidPositionError
from cardavia.rules.notation import CardNotation


def opened(position: Any, keys: frozenset[str]) -> dict[str, Any]:
    """`position` as the JSON object it must be, holding only keys the game reads: a misspelt
    key ("discard" for "discards") would otherwise be read as absent."""
    if not isinstance(position, dict):
        raise InvalidPositionError("position must be a JSON object")
    unknown = set(position) - keys
    if unknown:
        raise InvalidPositionError(
            f"unknown position keys: {', '.join(sorted(map(str, unknown)))} "
            f"(a position takes {', '.join(sorted(keys))})"
        )
    return position


def seat(value: Any, name: str, players: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise InvalidPositionError(f"{name} must be a seat 0-{players - 1}, not {value!r}")
    return value


def cards(value: Any, name: str, notation: CardNotation) -> list[int]:
    """A list of codes, or one string of codes separated by spaces."""
    if not isinstance(value, str) and (
        not isinstance(value, list) or not all(isinstance(v, str) for v in value)
    ):
        raise InvalidPositionError(f"{name} must be a list of card codes")
    try:
        return notation.parse_cards(value)
    except InvalidActionError as err:
        raise InvalidPositionError(f"{name}: {err}") from None


def per_seat(
    position: dict[str, Any], key: str, players: int, notation: CardNotation, required: bool = False
) -> list[list[int]]:
    """`position[key]`: one card list per seat (empty lists when optional and absent)."""
    value = position.get(key)
    if value is None and not required:
        return [[] for _ in range(players)]
    if not isinstance(value, list) or len(value) != players:
        raise InvalidPositionError(f"{key} must list {players} seats")
    return [cards(v, f"{key} of seat {s}", notation) for s, v in enumerate(value)]


def check_deck(every: Iterable[int], notation: CardNotation) -> None:
    """All the deck's cards, each exactly as often as the deck has it."""
    wanted, got = Counter(notation.deck), Counter(every)
    if got == wanted:
        return
    parts = []
    extra = sorted((got - wanted).elements())
    missing = sorted((wanted - got).elements())
    if extra:
        parts.append("too many " + " ".join(notation.code(c) for c in extra))
    if missing:
        parts.append("missing " + " ".join(notation.code(c) for c in missing))
    raise InvalidPositionError(f"not the {len(notation.deck)}-card deck: " + "; ".join(parts))


class PositionReader:
    """The readers above, bound to one game's player count and notation."""

    def __init__(self, players: int, notation: CardNotation) -> None:
        self.players, self.notation = players, notation

    def seat(self, value: Any, name: str) -> int:
        return seat(value, name, self.players)

    def cards(self, value: Any, name: str) -> list[int]:
        return cards(value, name, self.notation)

    def per_seat(
        self, position: dict[str, Any], key: str, required: bool = False
    ) -> list[list[int]]:
        return per_seat(position, key, self.players, self.notation, required)
