"""The rules protocol shared by every game (architecture.md §2).

A `Game` is an immutable description that deals; a `State` is one deal in progress. The only
view of a deal that may leave the rules layer for a player is `State.observation(seat)`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

# An event is seen by every seat (`seat is None`) or by one seat only.
ALL_SEATS = None


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for animations and the table log."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    seat: int | None = ALL_SEATS  # None: visible to all seats; an int: only to that seat

    def visible_to(self, seat: int) -> bool:
        return self.seat is None or self.seat == seat

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished deal. `winner` is None for a drawn deal."""

    winner: int | None
    scores: tuple[int, ...]
    breakdown: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "scores": list(self.scores), "breakdown": self.breakdown}


_S = TypeVar("_S", bound="State")


class State(ABC):
    """One deal. Mutated only through `apply`, which validates and leaves it unchanged on error.

    A *lazy* deal (the table's) stops at every step that is nobody's choice but would show, by
    being taken at once, what hidden cards hold: a card offered that nobody can claim goes on
    just as one that somebody quietly passed, a window answered by all is resolved apart, and a
    forced move waits as a chosen one would. Such a step is held, nobody is to act, and `settle`
    takes it. So where the deal pauses never tells a player whether another seat was asked or
    had a choice (architecture.md §2). Settling every held step at once is exactly the eager
    deal that agents, records and tests play.
    """

    game: Game
    lazy: bool = False
    _held: tuple[str, tuple[Any, ...]] | None = None  # (method, arguments) of the held step

    def _then(self, step: str, *args: Any, events: list[Event]) -> None:
        """Take the step `self.<step>(*args, events)` now, or hold it if the deal is lazy."""
        if self.lazy:
            self._held = (step, args)
        else:
            getattr(self, step)(*args, events)

    def unsettled(self) -> bool:
        """A step is held: nobody is to act until `settle` takes it."""
        return self._held is not None

    def settle(self) -> list[Event]:
        """Take the held step (which may hold the next one)."""
        assert self._held is not None, "nothing to settle"
        step, args = self._held
        self._held = None
        events: list[Event] = []
        getattr(self, step)(*args, events)
        return events

    def settle_all(self) -> list[Event]:
        events: list[Event] = []
        while self._held is not None:
            events += self.settle()
        return events

    def _world_copy(self: _S) -> _S:
        """The copy a `sample_world` deals anew: taken at a decision, never mid-step, and an
        eager deal, since a search plays it out at once."""
        assert self._held is None, "a world is sampled at a decision, never mid-step"
        world = cast(_S, self.clone())
        world.lazy = False
        return world

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that owe a decision now (engine-side truth; not for other players' eyes)."""

    def public_to_act(self) -> tuple[int, ...]:
        """The seats everyone may know are deciding now. A game whose claim windows ask only
        the seats that hold a claim overrides this, so that who is asked stays private."""
        return self.to_act()

    @abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """Canonical action texts the seat may play now; empty if it owes nothing."""

    @abstractmethod
    def apply(self, seat: int, action: str) -> list[Event]:
        """Validate and apply an action; raise a `RulesError` subclass if it is not legal."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None:
        """None until the deal is over."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """Public information plus that seat's own concealed cards, as JSON-ready data."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def sample_world(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with what `seat` has seen, unseen cards dealt at random."""

    @abstractmethod
    def card_total(self) -> int:
        """Every card of the deck, wherever it is (for conservation checks)."""

    @property
    def actions(self) -> list[tuple[int, str]]:
        """The decisions applied so far, in order, as (seat, canonical text)."""
        return self._actions

    _actions: list[tuple[int, str]]
    opening: list[Event]  # what happened before the first decision (the first draw, …)


class Game(ABC):
    """An immutable description of one game: name, players, deck and rules version."""

    name: str
    title: str
    players: int
    rules_version: str

    @abstractmethod
    def new_deal(self, seed: int, dealer: int | None = None, lazy: bool = False) -> State:
        """Deal from a seed: the same seed (and dealer) gives the same deal. `lazy`: a deal
        that holds its unchosen steps for `State.settle` (the table's)."""

    @abstractmethod
    def from_position(self, position: dict[str, Any], lazy: bool = False) -> State:
        """Build a deal from an explicit arrangement (hands, stock in order, dealer, …)."""
