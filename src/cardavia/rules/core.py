"""The rules protocol shared by every game (architecture.md §2).

A `Game` is an immutable description that deals; a `State` is one deal in progress. The only
view of a deal that may leave the rules layer for a player is `State.observation(seat)`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Self, TypeVar, TypeVarTuple, cast

from cardavia.rules.errors import IllegalActionError
from cardavia.rules.notation import CardNotation
from cardavia.rules.types import ActionFacts, EventJSON, ObservationBase, ResultJSON

# An event is seen by every seat (`seat is None`) or by one seat only.
ALL_SEATS = None


class Event(NamedTuple):
    """Something that happened, for animations and the table log: its kind (one of the game's
    `EventKind`s, `games/<id>/observation.py`) and its data, which never holds a `kind`.

    Immutable, and a named tuple rather than a frozen dataclass: every step of every deal makes
    a few (self-play and search included), and a frozen dataclass takes about twice as long to
    build (each field set through `object.__setattr__`)."""

    kind: str
    data: dict[str, Any]
    seat: int | None = ALL_SEATS  # None: visible to all seats; an int: only to that seat

    def visible_to(self, seat: int) -> bool:
        return self.seat is None or self.seat == seat

    def to_json(self) -> EventJSON:
        # the kind, then the game's own keys (an EventJSON holds more keys than it names)
        return cast(EventJSON, {"kind": self.kind, **self.data})


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished deal: who won (one seat, the seats that tie for the win, or
    nobody in a drawn deal), each seat's score, and the game's own account (`breakdown`, which
    only the game's code and its client read)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    breakdown: Mapping[str, Any]  # the game's breakdown TypedDict (`games/<id>/observation.py`)

    @property
    def winner(self) -> int | None:
        """The one winner; None for a drawn or tied deal."""
        return self.winners[0] if len(self.winners) == 1 else None

    def to_json(self) -> ResultJSON:
        return {"winner": self.winner, "scores": list(self.scores), "breakdown": self.breakdown}


_S = TypeVar("_S", bound="State")
_Args = TypeVarTuple("_Args")


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
    _held: tuple[Callable[..., None], tuple[Any, ...]] | None = None  # (step, its arguments)

    def __init__(self, game: Game) -> None:
        self.game = game
        self._actions: list[tuple[int, str]] = []
        self.opening: list[Event] = []  # what happened before the first decision (the deal, …)
        self._result: Result | None = None  # set when the deal ends

    def _then(
        self, step: Callable[[Self, *_Args, list[Event]], None], *args: *_Args, events: list[Event]
    ) -> None:
        """Take the step `step(self, *args, events)` now, or hold it if the deal is lazy.

        `step` is a function of the state class (`MyState._resolve`), not a bound method: a
        held step is taken on whichever state settles it, so a clone settles its own."""
        if self.lazy:
            self._held = (step, args)
        else:
            step(self, *args, events)

    def unsettled(self) -> bool:
        """A step is held: nobody is to act until `settle` takes it."""
        return self._held is not None

    def settle(self) -> list[Event]:
        """Take the held step (which may hold the next one)."""
        assert self._held is not None, "nothing to settle"
        step, args = self._held
        self._held = None
        events: list[Event] = []
        step(self, *args, events)
        self._advance(events)  # as `apply` does after a decision
        return events

    def settle_all(self) -> list[Event]:
        events: list[Event] = []
        while self._held is not None:
            events += self.settle()
        return events

    def _world_copy(self: _S, seat: int) -> _S:
        """The copy a `sample_world` for `seat` deals anew: taken at a decision, never
        mid-step, and an eager deal, since a search plays it out at once. Of the deal's
        history it keeps what `seat` saw: the opening's events shown to it (not the others'
        dealt hands) and its own decisions (not another seat's claim answers, which nobody
        else was shown). A world goes to a job row and a worker (architecture.md §7), and
        the sampler deals only the hands and stock anew (security retest)."""
        assert self._held is None, "a world is sampled at a decision, never mid-step"
        world = cast(_S, self.clone())
        world.lazy = False
        world.opening = [e for e in self.opening if e.visible_to(seat)]
        world._actions = [(by, action) for by, action in self._actions if by == seat]
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

    def apply(self, seat: int, action: str) -> list[Event]:
        """Validate and apply a decision, the same way in every game: the text is parsed to its
        canonical form (`_parse`), must be legal for that seat now (a seat of the table, owing
        a decision), is recorded, and only then does the game's own `_do` take it, followed by
        the moves that are nobody's choice (`_advance`). A `RulesError` subclass is raised,
        and the deal left exactly as it was, if the text does not parse or is not legal."""
        text = self._parse(action)
        if not (self._is_seat(seat) and self._is_legal(seat, text)):
            legal = self.legal_actions(seat) if self._is_seat(seat) else []
            raise IllegalActionError(self._refusal(seat, text, legal))
        self._actions.append((seat, text))
        events: list[Event] = []
        self._do(seat, text, events)
        self._advance(events)
        return events

    def _is_legal(self, seat: int, text: str) -> bool:
        """Whether a parsed action is among `legal_actions(seat)`: a game may answer it faster
        than by listing them (every decision of every deal, self-play and search included,
        comes through here), never differently."""
        return text in self.legal_actions(seat)

    def _is_seat(self, seat: object) -> bool:
        """A seat of the table: an int (a bool is no seat) from 0 to players - 1."""
        return type(seat) is int and 0 <= seat < self.game.players

    def _refusal(self, seat: int, text: str, legal: list[str]) -> str:
        """Why `text` may not be played by `seat` now (`legal`: what it may play)."""
        if not self._is_seat(seat):
            return f"no seat {seat!r} (seats are 0-{self.game.players - 1})"
        if self.is_over():
            return "the deal is over"
        if not legal:
            return self._not_deciding(seat)
        return self._why_illegal(seat, text, legal)

    def _not_deciding(self, seat: int) -> str:
        """The refusal for a seat that owes no decision now."""
        return f"seat {seat} has no decision to make now"

    @abstractmethod
    def _parse(self, action: str) -> str:
        """The canonical text of an action, or `InvalidActionError` naming what is wrong."""

    @abstractmethod
    def _why_illegal(self, seat: int, text: str, legal: list[str]) -> str:
        """Why a parsed action is not among the seat's legal ones (`legal`, not empty)."""

    @abstractmethod
    def _do(self, seat: int, text: str, events: list[Event]) -> None:
        """Take a legal decision (already recorded), adding what happens to `events`."""

    def _advance(self, events: list[Event]) -> None:
        """Make the moves that are nobody's choice, after a decision and after a settled step
        (a game whose engine makes forced moves itself overrides this)."""
        return None

    def is_over(self) -> bool:
        return self._result is not None

    def result(self) -> Result | None:
        """None until the deal is over."""
        return self._result

    @abstractmethod
    def observation(self, seat: int | None) -> ObservationBase:
        """Public information plus that seat's own concealed cards, as JSON-ready data: the
        game's own TypedDict (`games/<id>/observation.py`), which extends `ObservationBase`.
        With `seat` None a spectator's: public information only (the same keys, nothing
        private: an empty hand)."""

    def action_facts(self, seat: int) -> Mapping[str, ActionFacts]:
        """What the client shows beside the seat's legal actions, by action text: the kind of
        group or play each makes, and whatever else the game's client needs so as not to work
        it out from the rules itself (house.md P4). Empty where the texts say enough."""
        return {}

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def sample_world(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with what `seat` has seen, unseen cards dealt at random."""

    @abstractmethod
    def card_locations(self) -> Iterable[Sequence[int]]:
        """Every card of the deck, wherever it is now: each place (a hand, the stock, a discard
        pile, a group, …) as the identities of its cards (`rules.conservation` checks them)."""

    def card_total(self) -> int:
        """How many cards are somewhere (for conservation checks: always the deck's size)."""
        return sum(len(place) for place in self.card_locations())

    @property
    def actions(self) -> list[tuple[int, str]]:
        """The decisions applied so far, in order, as (seat, canonical text)."""
        return self._actions


class Game(ABC):
    """An immutable description of one game: name, players, deck and rules version."""

    name: str
    title: str
    players: int
    rules_version: str
    notation: CardNotation  # the deck: card identities, their codes and copies
    # Keys the game's result breakdown gained after records were first handed out: a record
    # made before may lack them and still replays (`rules.record`).
    breakdown_keys_added_later: frozenset[str] = frozenset()

    @abstractmethod
    def new_deal(self, seed: int, dealer: int | None = None, lazy: bool = False) -> State:
        """Deal from a seed: the same seed (and dealer) gives the same deal. `lazy`: a deal
        that holds its unchosen steps for `State.settle` (the table's)."""

    @abstractmethod
    def from_position(self, position: dict[str, Any], lazy: bool = False) -> State:
        """Build a deal from an explicit arrangement (hands, stock in order, dealer, …)."""
