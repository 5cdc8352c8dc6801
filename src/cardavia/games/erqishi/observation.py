"""What a seat sees of a Two Seven Ten deal (`ErqishiState.observation`) and its events, as
TypedDicts over `cardavia.rules.types`; the shape is Paohuzi's (the table client is shared) with
this game's group kinds, passed records and result.

Events (`EventKind`), who sees them and what they carry (`seat` is who acted, `card` a code):

- `deal` (the dealt seat): `seat`, `hand`
- `shown` (all seats): `seat` (the dealer), `card`: the dealer's 21st card (ER-3, A-ER-22)
- `kan` (the seat): `seat`, `card`: a dealt triple, locked (ER-4)
- `ti` (all seats): `seat`, `card`, `from` ("deal"): a dealt four, face up (ER-4, A-ER-17)
- `reveal` (all seats): `seat`, `card` (turned up, ER-6), `stock` (cards left)
- `answer` (the answering seat): `seat`, `action`
- `stale` (the seat): `seat`, `card`, `verbs`: the offers it declined; "chi" bars chi and win
  with that card, "peng" the peng only (ER-14), for the rest of the deal
- `pao`, `peng`, `chi` (all seats): `seat`, `card`, `from`, `source` ("reveal" or "discard"),
  `upgraded` (what a pao grew from: "kan" or "peng"), `groups` (each an `ErqishiGroup`); a pao
  is always compulsory (ER-8)
- `unclaimed` (all seats): `seat`, `card`: a turned-up card nobody took, dead in its area
- `discard` (all seats): `seat`, `card`
- `dead` (all seats): `seat` (ER-12)
- `win` (all seats): `seat`, `card` (null for the heavenly win), `from` (who turned up or
  discarded it), `source` ("reveal", "discard" or null), `huxi`, `units`, `heavenly`
- `drawn` (all seats): the stock ran out (ER-16)
"""

from __future__ import annotations

from typing import Literal, TypedDict

from cardavia.rules.types import ActionFacts, ClaimObservation, Group, SeatView, narrower

Phase = Literal["claims", "discard", "over"]
EventKind = Literal[
    "answer",
    "chi",
    "dead",
    "deal",
    "discard",
    "drawn",
    "kan",
    "pao",
    "peng",
    "reveal",
    "shown",
    "stale",
    "ti",
    "unclaimed",
    "win",
]
GroupKind = Literal["ti", "pao", "peng", "chi", "bi"]  # ER-5 (no wei, ER-9)


class ErqishiGroup(Group):
    kind: GroupKind
    cards: list[str]  # every group lies face up (A-ER-17)
    size: int
    huxi: int


class ErqishiSeat(SeatView):
    groups: list[ErqishiGroup]
    huxi: int  # of the groups on the table (kans stay concealed)
    dead: bool  # ER-12
    passed: list[str]  # cards the seat has discarded: it may never chi or win with them (ER-14)


class Passed(TypedDict):
    """The viewer's passed cards (过张, ER-14): `chi` may be neither chi'd nor won with; `peng`
    may not be peng'd. Private: another seat's declined offers are never shown (ER-17)."""

    chi: list[str]
    peng: list[str]


class ErqishiObservation(ClaimObservation):
    phase: Phase
    turn: int
    shown: str | None  # the dealer's shown 21st card (ER-3), information only
    source: Literal["reveal", "discard"] | None
    discarder: int | None
    seats: list[ErqishiSeat]
    kans: list[str]
    stale: Passed


class BreakdownLine(TypedDict):
    kind: str  # ti, pao, kan, peng, chi, bi, or the split's "2-7-10", "sequence", "mixed",
    # "triple" (a pair + the winning card, scored as a peng), "pair"
    cards: list[str]
    huxi: int
    exposed: bool


class WinBreakdown(TypedDict):
    """A won deal's result breakdown (ER-13, ER-15); a drawn deal's is
    `{"reason": "stock exhausted", "payments"}` (ER-16)."""

    groups: list[BreakdownLine]
    huxi: int
    units: int
    band: str  # "10–14" … "31+"
    winning_card: str | None
    source: Literal["reveal", "discard"] | None  # None: the heavenly win
    discarder: int | None  # who pays alone (3u) for a win on a discard
    heavenly: bool
    payments: list[int]


class ClaimFacts(ActionFacts):
    """Beside a legal action (`ErqishiState.action_facts`): what it makes. A win: its huxi,
    units and payments; a four: compulsory; a discard: whether it passes the card for you."""

    huxi: int | None
    units: int | None
    payments: list[int] | None
    compulsory: bool


narrow = narrower("erqishi", "Two Seven Ten", ErqishiObservation)
