"""What a seat sees of a Paohuzi deal (`PaohuziState.observation`) and its events, as TypedDicts
over `cardavia.rules.types`. The result's breakdown is `scoring.win_breakdown` (a win) or
`{"reason": "stock exhausted", "payments"}` (PHZ-14).

Events (`EventKind`), who sees them and what they carry (`seat` is who acted, `card` a code):

- `deal` (the dealt seat): `seat`, `hand` (its dealt cards)
- `shown` (all seats): `seat` (the dealer), `card`: the dealer's 21st card, shown (PHZ-2)
- `kan` (the seat): `seat`, `card`: a dealt triple, locked (PHZ-3)
- `ti`, `wei` (all seats; an opening ti's card only its seat): `seat`, `card`, `from`: what the
  compulsory group grew from ("deal", "kan", "wei" or "pair")
- `reveal` (all seats): `seat`, `card` (turned up from the stock, PHZ-5), `stock` (cards left)
- `answer` (the answering seat): `seat`, `action`
- `stale` (the seat): `seat`, `card`, `verbs`: the claims it passed on and may not make of that card
  again (PHZ-12)
- `pao`, `peng`, `chi` (all seats): `seat`, `card`, `from` (the seat it came from), `source`
  ("reveal" or "discard"), `upgraded` (the group a pao grew from, or null), `groups` (the groups
  made, each a `PaohuziGroup`)
- `unclaimed` (all seats): `seat`, `card`: a revealed card nobody took, dead in its revealer's area
- `discard` (all seats): `seat`, `card`
- `dead` (all seats): `seat`: a dead hand (PHZ-10)
- `win` (all seats): `seat`, `card` (null for a heavenly win), `huxi`, `tun`, `heavenly`
- `drawn` (all seats): the deal is drawn: the stock ran out (PHZ-14)
"""

from __future__ import annotations

from typing import Literal, TypedDict

from cardavia.rules.types import ClaimObservation, Group, SeatView, narrower

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
    "wei",
    "win",
]
GroupKind = Literal["ti", "pao", "wei", "peng", "chi", "bi"]  # PHZ-4


class PaohuziGroup(Group):
    kind: GroupKind
    cards: list[str] | None  # None: an opening ti, face down to the other seats (PHZ-15)
    size: int
    huxi: int | None  # None where the cards are face down


class PaohuziSeat(SeatView):
    groups: list[PaohuziGroup]
    huxi: int  # of the groups the viewer can see
    dead: bool  # PHZ-10


class Stale(TypedDict):
    """The viewer's stale cards (PHZ-12): cards it may no longer chi, or peng."""

    chi: list[str]
    peng: list[str]


class PaohuziObservation(ClaimObservation):
    phase: Phase
    turn: int  # the last revealer, taker or discarder
    shown: str | None  # the dealer's shown 21st card (PHZ-2), information only
    source: Literal["reveal", "discard"] | None  # how `public_card` came into play
    discarder: int | None  # in phase "discard": who must discard
    seats: list[PaohuziSeat]
    kans: list[str]  # the viewer's locked dealt triples, one code each (also in `hand`)
    stale: Stale


narrow = narrower("paohuzi", "Paohuzi", PaohuziObservation)
