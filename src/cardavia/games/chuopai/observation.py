"""What a seat sees of a Chuo Pai deal (`ChuoPaiState.observation`), its events, the facts shown
beside its plays and its result breakdown, as TypedDicts over `cardavia.rules.types`.

Every play the client shows comes with what it is (`PlayFacts`): its kind (a set's size, or the
special combination), its family (CP§3.3, or "special", CP§3.9) and its rank in that family, so
the client names and orders plays without a table of the rules of its own (house.md P4).

Events (`EventKind`), who sees them and what they carry (`seat` is who acted, `cards` codes):

- `deal` (all seats): `leader` (the first leader), `hands` (cards dealt per seat), `fresh` (a whole
  deal)
- `hand` (the dealt seat): `seat`, `cards`
- `bonus` (all seats): `seat`, `cards`, `points`: the starting bonus (CP§2.2)
- `forced` (the seat): `seat`: the rules make its next move, a play or a pass, for it (CP§3.2, a
  last card)
- `play` (all seats): `seat`, `cards`, `name`, `group_kind` (the play's kind), `lead` (a lead, else
  a beat)
- `pass` (all seats): `seat`: nothing of its hand beats the highest play (CP§3.2)
- `round` (all seats): `round`, `winner`, `banked` (the winning play's cards), `removed` (the cards
  that left the deal), `points` (the winner's), `next` (the next leader, or null at the end)
- `end` (all seats): `winner` (null for a tie), `tied`, `scores`
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from cardavia.rules.types import ActionFacts, Group, ObservationBase, SeatBase, narrower

Phase = Literal["lead", "respond", "over"]
EventKind = Literal["bonus", "deal", "end", "forced", "hand", "pass", "play", "round"]
# A play: a set of 1-4 identical cards (CP§3.1) or a special combination (CP§3.9).
PlayKind = Literal["single", "pair", "triple", "four", "tian_jiu", "di_ba", "ren_qi", "he_wu"]
# CP§3.3's families of ordinary plays, then the special combinations' own class (CP B-3).
Family = Literal["main", "yao", "black", "red", "special"]
# Why a play of the hand does not beat the highest play (CP§3.2, CP B-3, CP B-11).
NoBeat = Literal["class", "size", "family", "rank"]


class PlayFacts(ActionFacts):
    """What a play is: beats only a play of the same family and size, of a lower rank."""

    kind: PlayKind
    family: Family
    rank: int  # higher beats lower
    civil: NotRequired[str]  # a special combination's civil card (CP§3.9)


class HandPlayFacts(PlayFacts):
    """A play the hand holds (`ChuoPaiState.action_facts`); one that is not legal now says why."""

    why_not: NotRequired[NoBeat]


class ChuoPaiGroup(Group):
    """A banked play (CP§4.1); "cards" for the cards a position banked, not one play."""

    kind: PlayKind | Literal["cards"]
    cards: list[str]


class Highest(PlayFacts):
    """The round's highest play so far."""

    seat: int
    cards: list[str]
    name: str  # in English, e.g. "Heaven×2"


class TrickEntry(TypedDict):
    seat: int
    cards: list[str] | None  # None: a pass
    kind: PlayKind | None


class FamilyCards(TypedDict):
    family: Family
    cards: list[str]  # highest rank first


class ChuoPaiSeat(SeatBase):
    bonus: list[str]  # the starting bonus (CP§2.2)
    banked: list[ChuoPaiGroup]  # the plays it won, in order
    points: int  # CP§4.2: one per card banked or in the bonus
    passed_on: list[list[str]]  # the plays it could not beat


class ChuoPaiObservation(ObservationBase):
    phase: Phase
    round: int
    first_leader: int
    leader: int
    hand_by_family: list[FamilyCards]  # `hand` as the rules' table orders it (CP§3.3-§3.7)
    highest: Highest | None
    trick: list[TrickEntry]  # this round's plays and passes, in order
    seats: list[ChuoPaiSeat]
    removed: list[str]  # cards that left the deal (CP§4.1), in the order they left


class SeatScore(TypedDict):
    seat: int
    bonus: list[str]
    bonus_points: int
    banked: list[list[str]]
    banked_points: int
    points: int
    unplayed: list[str]  # CP§4.2: cards left in hand score nothing


class Breakdown(TypedDict):
    """CP§1.1, CP§4.2: the biggest pile wins; equal biggest piles tie."""

    seats: list[SeatScore]
    winner: int | None
    tied: list[int]  # the seats that tie for the biggest pile (empty with one winner)
    top: int
    removed: int  # how many cards left the deal


narrow = narrower("chuopai", "Chuo Pai", ChuoPaiObservation)
