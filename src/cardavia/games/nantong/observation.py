"""What a seat sees of a Nantong deal (`NantongState.observation`) and its events, as TypedDicts
over `cardavia.rules.types`. The result's breakdown is built by `NantongState._finish` (every
player's units and scores, the win's facts, the settlement; NT§4).

Events (`EventKind`), who sees them and what they carry (`seat` is who acted, `card` a code):

- `deal` (all seats): `dealer`, `indicators`, `concealed` (cards dealt per seat), `stock`
- `hand` (the dealt seat): `seat`, `cards`
- `declare` (all seats): `seat`, `group_kind` ("four", "three" or "hezi", NT§2.3-§2.5), `cards`
- `setup` (all seats): `seat`, `ready`: the seat finished its opening (NT§2.6)
- `draw` (all seats): `seat`, `from` ("front" or "back"), `stock` (cards left)
- `drew` (the drawing seat): `seat`, `card`, `from`: the card it drew
- `discard` (all seats): `seat`, `card`
- `add_kong` (all seats): `seat`, `card`: a pong grows to a kong, unless another seat robs the card
  (NT§3.1)
- `kong` (all seats): `seat`, `card`, `group_kind` ("concealed" or "added") for a kong of its own
  turn; or `from` (the discarder) for a kong claimed on a discard
- `pong` (all seats): `seat`, `card`, `from`
- `answer` (the answering seat): `seat`, `action`
- `win` (all seats): `seat`, `card`, `from` (the discarder, or null when self-drawn), `robbed`,
  `self_drawn`
- `exhausted` (all seats): the stock ran out: the deal is settled on base hu (NT§3.3)
"""

from __future__ import annotations

from typing import Literal

from cardavia.rules.types import ActionFacts, ClaimObservation, Group, SeatView, narrower

Phase = Literal["opening", "turn", "claim", "over"]
EventKind = Literal[
    "add_kong",
    "answer",
    "deal",
    "declare",
    "discard",
    "draw",
    "drew",
    "exhausted",
    "hand",
    "kong",
    "pong",
    "setup",
    "win",
]
# Groups set down (melds.MELD_KINDS): claimed pong and kong, an added kong, a concealed kong,
# and the opening's four, three and Tiandi Hezi.
GroupKind = Literal["pong", "kong", "added", "concealed", "four", "three", "hezi"]


class ReadyFacts(ActionFacts):
    """The `ready` action (NT§2.6): the cards the hand would then wait for (NT§1.1), which its
    button shows."""

    kind: Literal["ready"]
    waits: list[str]


class NantongGroup(Group):
    kind: GroupKind
    cards: list[str]


class NantongSeat(SeatView):
    groups: list[NantongGroup]
    ready: bool  # declared ready at the opening (NT§2.6)
    setup_done: bool  # finished its opening


class NantongObservation(ClaimObservation):
    phase: Phase
    indicators: list[str]  # NT§2.1
    opener: int | None  # in phase "opening": whose opening it is
    turn: int | None  # in phase "turn": whose turn it is
    claim: Literal["discard", "rob"] | None  # what `public_card` is: a discard or a robbable kong
    first_discard: bool  # the card under claim is the dealer's first discard (NT A-17)
    seats: list[NantongSeat]
    drawn: str | None  # the card the viewer just drew, on its own turn


narrow = narrower("nantong", "Nantong", NantongObservation)
