"""The shapes of what leaves the rules layer as JSON: observations, results, events and the facts
shown beside legal actions (house.md P3).

A game's own observation (`games/<id>/observation.py`) extends `ObservationBase` (or
`ClaimObservation`, for a game of a stock and claims on a public card) with its own fields, and
its seats extend `SeatBase` (`SeatView` where a seat shows groups and a discard pile). The facts
the games share have one name in every game:

| key | what |
|---|---|
| `hand` | the viewer's own concealed cards |
| `seats[i].concealed` | how many concealed cards seat i holds |
| `seats[i].groups` | the groups face up in front of seat i, each a `Group` |
| `seats[i].discards` | seat i's discard pile, oldest first |
| `public_card`, `offered_by` | the card under claim and the seat that revealed or discarded it |
| `my_answer` | the viewer's answer in the open claim window, hidden from the others |

A field a game narrows (its phases, its seats, its groups' kinds) is `ReadOnly` here, so that each
game's TypedDict is a subtype of the base one: code that serves every game (agents' search, the
table, the web) reads the base, a game's own code reads its own TypedDict.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, TypeVar, cast

if TYPE_CHECKING:
    from typing_extensions import ReadOnly


class Group(TypedDict):
    """Cards face up in front of a seat as one group: its kind, in the game's own words (which
    the client names), and its cards; a game that shows a group face down gives `None`."""

    kind: ReadOnly[str]
    cards: ReadOnly[Sequence[str] | None]


class SeatBase(TypedDict):
    """What everyone sees of one seat."""

    seat: int
    concealed: int  # cards in the seat's concealed hand


class SeatView(SeatBase):
    """A seat of a game of groups set down and discard piles."""

    groups: ReadOnly[Sequence[Group]]
    discards: list[str]  # oldest first


class ResultJSON(TypedDict):
    """`Result.to_json()`: the one winner (None for a drawn or tied deal), every seat's score,
    and the game's own account of the deal (its breakdown TypedDict, in the game's module)."""

    winner: int | None
    scores: list[int]
    breakdown: Mapping[str, Any]


class ObservationBase(TypedDict):
    """What one seat sees of a deal (`State.observation(seat)`), in every game."""

    game: str
    seat: int | None  # the viewer; None: a spectator (no hand, nothing private)
    dealer: ReadOnly[NotRequired[int]]  # in a game with a dealer
    phase: ReadOnly[str]  # the game's own phases ("over" once the deal has ended)
    turn: ReadOnly[int | None]  # whose turn it is, when the game's phase has one
    hand: list[str]  # the viewer's concealed cards
    seats: ReadOnly[Sequence[SeatBase]]  # every seat, in seat order
    result: ResultJSON | None  # None until the deal is over


_Own = TypeVar("_Own", bound=ObservationBase)


def narrower(game: str, title: str, kind: type[_Own]) -> Callable[[ObservationBase], _Own]:
    """A game's `narrow`: an observation as that game's own TypedDict `kind`, for code handed
    the base type (the game's agents); ValueError for another game's."""

    def narrow(observation: ObservationBase) -> _Own:
        if observation["game"] != game:
            raise ValueError(f"not a {title} observation: {observation['game']!r}")
        return cast(_Own, observation)

    return narrow


def viewer(observation: ObservationBase) -> int:
    """The seat a seat's observation is for (an agent's is one; a spectator's is not)."""
    seat = observation["seat"]
    if seat is None:
        raise ValueError("a spectator's observation is nobody's to decide on")
    return seat


class ClaimObservation(ObservationBase):
    """A game with a stock, discards and claim windows on one public card at a time (Sì Sè Pái,
    Paohuzi, Nantong)."""

    dealer: int
    stock: int  # cards left in the stock
    public_card: str | None  # the card under claim, if any
    offered_by: int | None  # the seat that revealed, drew or discarded it
    my_answer: str | None  # the viewer's answer in the open claim window
    seats: ReadOnly[Sequence[SeatView]]


class EventJSON(TypedDict):
    """`Event.to_json()`: its kind (one of the game's `EventKind`), then its own data, which the
    game's module documents (`seat` where one seat did it; never a second `kind`)."""

    kind: str


class ActionFacts(TypedDict):
    """What the client shows of one action beside its text (`State.action_facts`): the kind of
    group or play it makes, in the game's own words, as a `Group`'s kind."""

    kind: ReadOnly[str]
