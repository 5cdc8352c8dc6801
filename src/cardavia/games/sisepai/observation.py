"""What a seat sees of a Sì Sè Pái deal (`SiSePaiState.observation`), its events and its result
breakdown, as TypedDicts over `cardavia.rules.types`.

Events (`EventKind`), who sees them and what they carry (`seat` is who acted, `card` a code):

- `draw` (all seats): `seat`, `card` (turned up from the stock, SSP-7), `stock` (cards left)
- `answer` (the answering seat): `seat`, `action`; for a claim, `group_kind` (the group it makes)
- `claim` (all seats): `seat`, `card`, `group` (its cards), `group_kind`, `from` (whose card it was)
- `unclaimed` (all seats): `seat`, `card`: the drawn card nobody claimed becomes its drawer's
  discard
- `discard` (all seats): `seat`, `card`
- `win` (all seats): `seat`, `card` (the winning card), `total` (points)
- `drawn` (all seats): the deal is drawn: the stock ran out (SSP-13)
"""

from __future__ import annotations

from typing import Literal, TypedDict

from cardavia.rules.types import (
    ActionFacts,
    ClaimObservation,
    Group,
    SeatView,
    narrower,
)

Phase = Literal["claim", "discard", "over"]
EventKind = Literal["answer", "claim", "discard", "draw", "drawn", "unclaimed", "win"]
# SSP-4's groups: G1 a General, G2 a flower, G3 identical, G4 command, G5 field, G6 soldiers
GroupKind = Literal[
    "general",
    "flower",
    "pair",
    "triple",
    "quad",
    "command",
    "field",
    "soldiers3",
    "soldiers4",
]


class SiSePaiGroup(Group):
    kind: GroupKind
    cards: list[str]


class SiSePaiSeat(SeatView):
    groups: list[SiSePaiGroup]  # claimed groups, as exposed (SSP-8)


class SiSePaiObservation(ClaimObservation):
    phase: Phase
    turn: int  # the drawer of the current turn
    round: Literal["draw", "discard"] | None  # R1 (a drawn card) or R2 (a discard) under claim
    discarder: int | None  # in phase "discard": the claimant who must discard
    seats: list[SiSePaiSeat]
    hand_singles: list[str]  # the hand's Generals and flowers: never discarded (SSP-4 G1, G2)


class ClaimFacts(ActionFacts):
    """A `claim …` action: the kind of group it makes (SSP-4)."""

    kind: GroupKind


class WinGroup(TypedDict):
    cards: list[str]
    kind: GroupKind
    points: int  # SSP-12
    exposed: bool  # claimed before the win, else one of the concealed groups


# The breakdown of a win (SSP-11, SSP-12). "from" is a Python keyword, hence this spelling.
WinBreakdown = TypedDict(
    "WinBreakdown",
    {
        "groups": list[WinGroup],
        "total": int,
        "winning_card": str,
        "from": int,  # the seat whose card won: its drawer, or its discarder
        "drawn": bool,  # the winning card was drawn from the stock by `from`, else discarded
        "self_drawn": bool,
    },
)


class DrawnBreakdown(TypedDict):
    reason: Literal["stock exhausted"]  # SSP-13


Breakdown = WinBreakdown | DrawnBreakdown


narrow = narrower("sisepai", "Sì Sè Pái", SiSePaiObservation)
