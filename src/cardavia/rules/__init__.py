"""The game-independent rules protocol: games, states, actions, events, claims, records."""

from cardavia.rules.core import Event, Game, Result, State
from cardavia.rules.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    RecordError,
    RulesError,
)

__all__ = [
    "Event",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidPositionError",
    "RecordError",
    "Result",
    "RulesError",
    "State",
]
