"""One Chuo Pai deal: the starting bonus, rounds of a lead and forced beats, banking, the end.

Clause ids refer to `../shared/rules/chuopai.md`. Only real choices are decisions (and so actions
of a deal record): a lead with more than one legal play, or a response with more than one beating
play. Passes (nothing beats, CP§3.2), single forced beats and a last-card lead are applied by the
engine itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Final, Literal

from cardavia.games.chuopai.actions import PASS, canonical, why_illegal
from cardavia.games.chuopai.cards import (
    CODES,
    N_IDS,
    NAIL,
    TWO_REDS,
    cards_of,
    codes,
    codes_by_family,
    counts_of,
    hand_codes,
    parse_cards,
)
from cardavia.games.chuopai.observation import (
    Breakdown,
    ChuoPaiObservation,
    FamilyCards,
    HandPlayFacts,
    Highest,
    Phase,
    PlayKind,
)
from cardavia.games.chuopai.plays import (
    BEATERS,
    CARD_CODES,
    FACTS,
    FAMILY_IDS,
    NEEDS,
    PLAYS,
    SIZES,
    TEXT_INDEX,
    TEXTS,
    beats,
    leads,
    no_beat,
)
from cardavia.games.chuopai.world import Constraint, deal_unseen
from cardavia.rules import conservation
from cardavia.rules.core import Event, Result, State
from cardavia.rules.seats import order_from

if TYPE_CHECKING:
    from cardavia.games.chuopai.game import ChuoPai

PLAYERS = 3
HAND = 28  # CP§2.1
LEAD: Final = "lead"
RESPOND: Final = "respond"
OVER: Final = "over"
# A banked pile entry: the kind the client shows (`ChuoPaiGroup`) and the cards.
Banked = tuple[PlayKind | Literal["cards"], tuple[str, ...]]


class ChuoPaiState(State):
    def __init__(self, game: ChuoPai) -> None:
        super().__init__(game)
        self.hands: list[list[int]] = [[0] * N_IDS for _ in range(PLAYERS)]
        self.held = [0] * PLAYERS  # cards in each hand
        self.bonus: list[list[int]] = [[] for _ in range(PLAYERS)]  # CP§2.2 cards, in the pile
        # The plays each seat won, in order, with the kind the client shows (`ChuoPaiGroup`),
        # found once when banked rather than in every observation.
        self.piles: list[list[Banked]] = [[] for _ in range(PLAYERS)]
        self.points = [0] * PLAYERS  # CP§4.2: one per card in the pile, bonus included
        self.removed = [0] * N_IDS  # cards that left the deal (CP§4.1), by identity
        self.removed_codes: list[str] = []  # the same cards, in the order they left
        self.first_leader = 0
        self.leader = 0
        self.phase: Phase = LEAD
        self.turn = 0  # the seat that owes the decision (when not over)
        self.round_no = 0
        self.high = PASS  # the current highest play of the round
        self.high_seat = 0
        self.trick: list[tuple[int, int]] = []  # (seat, play or PASS) of this round, in order
        self.pending: list[int] = []  # responders still to act this round, in turn order
        self.options: list[int] = []  # the legal plays of `turn`
        # Per seat, in order: (True, play passed on) or (False, play made); for sample_world.
        self.history: list[list[tuple[bool, int]]] = [[] for _ in range(PLAYERS)]
        self.passed: list[list[int]] = [[] for _ in range(PLAYERS)]  # plays each seat passed on
        self.fresh = True  # dealt as a whole deal, so the bonus says something about hands

    # --- the protocol -----------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER or self._held is not None else (self.turn,)

    def public_to_act(self) -> tuple[int, ...]:
        # Whose move it is shows alike whether it is a choice or a held forced move.
        return () if self.phase == OVER else (self.turn,)

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase == OVER or seat != self.turn or self._held is not None:
            return []
        return [TEXTS[p] for p in self.options]

    def _is_legal(self, seat: int, text: str) -> bool:
        # `legal_actions` without the list of texts: one look-up of the play's index
        return (
            seat == self.turn
            and self.phase != OVER
            and self._held is None
            and TEXT_INDEX.get(text) in self.options
        )

    def _do(self, seat: int, text: str, events: list[Event]) -> None:
        self._play(seat, TEXT_INDEX[text], events)

    def card_locations(self) -> Iterator[Sequence[int]]:
        """CP§2.1: 84 cards, each identity 4 times: hands, piles, bonus, removed, the trick."""
        for s in range(PLAYERS):
            yield cards_of(self.hands[s])
            yield self.bonus[s]
            yield from (parse_cards(list(w)) for _, w in self.piles[s])
        yield cards_of(self.removed)
        yield from (PLAYS[p].cards for _, p in self.trick if p != PASS)

    def observation(self, seat: int | None) -> ChuoPaiObservation:
        high: Highest | None = None
        if self.high != PASS and self.phase != OVER:
            facts = FACTS[self.high]
            high = {
                "seat": self.high_seat,
                "cards": [*CARD_CODES[self.high]],
                "name": PLAYS[self.high].name,
                "kind": facts["kind"],
                "family": facts["family"],
                "rank": facts["rank"],
            }
        # Built afresh on every call (no list is shared with the state or another observation),
        # and cheaply: agents ask for one at every decision. `[*t]` copies a tuple fastest.
        held, points, bonus, piles, passed = (
            self.held,
            self.points,
            self.bonus,
            self.piles,
            self.passed,
        )
        return {
            "game": "chuopai",
            "seat": seat,
            "phase": self.phase,
            "round": self.round_no,
            "first_leader": self.first_leader,
            "leader": self.leader,
            "turn": None if self.phase == OVER else self.turn,
            "hand": hand_codes(self.hands[seat]) if seat is not None else [],
            "hand_by_family": _by_family(self.hands[seat]) if seat is not None else [],
            "highest": high,
            "trick": [
                {"seat": s, "cards": None, "kind": None}
                if p == PASS
                else {"seat": s, "cards": [*CARD_CODES[p]], "kind": PLAYS[p].kind}
                for s, p in self.trick
            ],
            "seats": [
                {
                    "seat": s,
                    "concealed": held[s],
                    "bonus": [CODES[c] for c in bonus[s]],
                    "banked": [{"kind": k, "cards": [*w]} for k, w in piles[s]],
                    "points": points[s],
                    "passed_on": [[*CARD_CODES[p]] for p in passed[s]],
                }
                for s in range(PLAYERS)
            ],
            "removed": list(self.removed_codes),
            "result": self._result.to_json() if self._result is not None else None,
        }

    def action_facts(self, seat: int) -> dict[str, HandPlayFacts]:
        """Every play the seat's hand holds while it is to play, with what it is; one it may not
        play now (it does not beat the highest play) says why, so that the client can explain a
        selection of cards without the rules of its own."""
        if not self.legal_actions(seat):
            return {}
        legal = set(self.options)
        out: dict[str, HandPlayFacts] = {}
        for p in leads(self.hands[seat]):
            facts = FACTS[p].copy()
            if p not in legal:
                why = no_beat(p, self.high)
                if why is not None:
                    facts["why_not"] = why
            out[TEXTS[p]] = facts
        return out

    def clone(self) -> ChuoPaiState:
        other = ChuoPaiState.__new__(ChuoPaiState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.held = list(self.held)
        other.bonus = [list(b) for b in self.bonus]
        other.piles = [list(p) for p in self.piles]
        other.points = list(self.points)
        other.removed = list(self.removed)
        other.removed_codes = list(self.removed_codes)
        other.trick = list(self.trick)
        other.pending = list(self.pending)
        other.options = list(self.options)
        other.history = [list(h) for h in self.history]
        other.passed = [list(p) for p in self.passed]
        other._actions = list(self._actions)
        return other

    def sample_world(self, seat: int, rng: random.Random) -> ChuoPaiState:
        """Other hands re-dealt from the cards `seat` has not seen, keeping every hand size and,
        as far as a few tries manage, what the public history proves: a seat that passed held
        no beating play then (CP§3.2), and the starting bonus went to exactly the seats dealt
        both the Nail and Two Reds (CP§2.2). If no try satisfies all that, the unseen cards are
        simply shuffled."""
        world = self._world_copy(seat)
        others = [s for s in range(PLAYERS) if s != seat and self.held[s]]
        unseen = sorted(c for s in others for c in cards_of(self.hands[s]))  # order: no peeking
        constraints = {s: self.constraints(s) for s in others}
        dealt = deal_unseen(unseen, {s: self.held[s] for s in others}, constraints, rng)
        for s in others:
            world.hands[s] = dealt[s]
        if world.phase != OVER and world.turn != seat:
            # The seat to act has other cards in this world: ask it anew (or let it be forced).
            if world.phase == LEAD:
                world.options = leads(world.hands[world.turn])
                if len(world.options) < 2:
                    world._advance([])
            else:
                world.options = []
                world._advance([])
        return world

    def constraints(self, seat: int) -> list[Constraint]:
        """What the public history proves about `seat`'s hand now: for each (offset, need), the
        hand plus `offset` does not hold `need` (CP§3.2 passes; CP§2.2 bonus)."""
        out: list[Constraint] = []
        after = [0] * N_IDS  # cards the seat played after the entry being read
        for was_pass, p in reversed(self.history[seat]):
            if was_pass:
                snapshot = list(after)
                out.extend((snapshot, NEEDS[y]) for y in BEATERS[p])
            else:
                for c, n in NEEDS[p]:
                    after[c] += n
        if self.fresh:
            if self.bonus[seat]:
                out += [([0] * N_IDS, ((NAIL, 1),)), ([0] * N_IDS, ((TWO_REDS, 1),))]
            else:
                out.append((after, ((NAIL, 1), (TWO_REDS, 1))))
        return out

    # --- transitions ------------------------------------------------------------------------

    def start(self, leader: int, events: list[Event]) -> None:
        """CP§2.2 then CP§3.1: the bonus (on a whole deal), then the first round (or the end)."""
        if self.fresh:
            for s in range(PLAYERS):
                hand = self.hands[s]
                if hand[NAIL] and hand[TWO_REDS]:  # CP§2.2, CP B-6: this player's copies only
                    moved = [NAIL] * hand[NAIL] + [TWO_REDS] * hand[TWO_REDS]
                    hand[NAIL] = hand[TWO_REDS] = 0
                    self.held[s] -= len(moved)
                    self.bonus[s] = moved
                    self.points[s] += len(moved)
                    events.append(
                        Event("bonus", {"seat": s, "cards": codes(moved), "points": len(moved)})
                    )
        self.first_leader = leader
        if sum(1 for n in self.held if n) <= 1:
            self._finish(events)
            return
        self._begin_round(leader)
        self._advance(events)

    def _begin_round(self, leader: int) -> None:
        self.round_no += 1
        self.phase, self.leader, self.turn = LEAD, leader, leader
        self.high, self.trick, self.pending, self.options = PASS, [], [], []

    def _advance(self, events: list[Event]) -> None:
        """Apply what is forced until a seat has a real choice or the deal ends (a lazy deal
        holds each forced move, its seat to act, for `settle`)."""
        while self._held is None:
            if self.phase == LEAD:
                options = leads(self.hands[self.turn])
                if len(options) > 1:
                    self.options = options
                    return
                # a last card
                self._then(ChuoPaiState._forced, self.turn, options[0], events=events)
            elif self.phase == RESPOND:
                if not self.pending:
                    self._end_round(events)
                    continue
                seat = self.pending[0]
                options = beats(self.high, self.hands[seat])
                self.turn = seat
                if len(options) > 1:
                    self.options = options
                    return
                # CP§3.2: the only beating play, or a pass when nothing beats (cards kept)
                forced = options[0] if options else None
                self._then(ChuoPaiState._forced, seat, forced, events=events)
            else:
                return

    def _forced(self, seat: int, play: int | None, events: list[Event]) -> None:
        # The seat alone is told that the rules move for it: whether it had a choice is its own.
        events.append(Event("forced", {"seat": seat}, seat=seat))
        if play is None:
            self._pass(seat, events)
        else:
            self._play(seat, play, events)

    def _play(self, seat: int, play: int, events: list[Event]) -> None:
        hand = self.hands[seat]
        for c, n in NEEDS[play]:
            hand[c] -= n
        self.held[seat] -= SIZES[play]
        self.trick.append((seat, play))
        self.history[seat].append((False, play))
        lead = self.phase == LEAD
        if lead:
            # CP§3.1: each other player who still holds cards acts once, in turn order.
            self.pending = [s for s in order_from(seat, PLAYERS)[1:] if self.held[s]]
            self.phase = RESPOND
        else:
            self.pending.pop(0)
        self.high, self.high_seat = play, seat
        self.options = []
        events.append(
            Event(
                "play",
                {
                    "seat": seat,
                    "cards": list(CARD_CODES[play]),
                    "name": PLAYS[play].name,
                    "group_kind": PLAYS[play].kind,
                    "lead": lead,
                },
            )
        )

    def _pass(self, seat: int, events: list[Event]) -> None:
        self.pending.pop(0)
        self.trick.append((seat, PASS))
        self.history[seat].append((True, self.high))
        self.passed[seat].append(self.high)
        events.append(Event("pass", {"seat": seat}))

    def _end_round(self, events: list[Event]) -> None:
        """CP§4.1: the winner banks only the winning play; the rest leave the deal."""
        winner, win = self.high_seat, self.high
        self.piles[winner].append((PLAYS[win].kind, CARD_CODES[win]))
        self.points[winner] += SIZES[win]  # CP§4.2: one point per card
        removed: list[str] = []
        for _, p in self.trick:
            if p != PASS and p != win:
                removed += CARD_CODES[p]
                for c, n in NEEDS[p]:
                    self.removed[c] += n
        self.removed_codes += removed
        self.trick, self.pending = [], []
        held = self.held
        # CP§4.1, CP B-9: the winner leads, or the next seat clockwise that holds cards.
        leader: int | None = None
        for s in order_from(winner, PLAYERS):
            if held[s]:
                leader = s
                break
        # CP§1.1, CP B-8: the end is checked once the round is complete.
        over = (held[0] > 0) + (held[1] > 0) + (held[2] > 0) <= 1
        events.append(
            Event(
                "round",
                {
                    "round": self.round_no,
                    "winner": winner,
                    "banked": list(CARD_CODES[win]),
                    "removed": removed,
                    "points": self.points[winner],
                    "next": None if over else leader,
                },
            )
        )
        if over or leader is None:
            self._finish(events)
        else:
            self._begin_round(leader)

    def _finish(self, events: list[Event]) -> None:
        """CP§1.1, CP§4.2: the biggest pile wins; equal biggest piles tie."""
        self.phase, self.options, self.pending = OVER, [], []
        self.high = PASS
        top = max(self.points)
        tops = [s for s in range(PLAYERS) if self.points[s] == top]
        winner = tops[0] if len(tops) == 1 else None
        breakdown: Breakdown = {
            "seats": [
                {
                    "seat": s,
                    "bonus": codes(self.bonus[s]),
                    "bonus_points": len(self.bonus[s]),
                    "banked": [list(w) for _, w in self.piles[s]],
                    "banked_points": self.points[s] - len(self.bonus[s]),
                    "points": self.points[s],
                    "unplayed": hand_codes(self.hands[s]),  # CP§4.2: score nothing
                }
                for s in range(PLAYERS)
            ],
            "winner": winner,
            "tied": tops if winner is None else [],
            "top": top,
            "removed": sum(self.removed),
        }
        self._result = Result(tuple(tops), tuple(self.points), breakdown)
        events.append(
            Event("end", {"winner": winner, "tied": breakdown["tied"], "scores": list(self.points)})
        )

    # --- parsing and messages ---------------------------------------------------------------

    _parse = staticmethod(canonical)

    def _not_deciding(self, seat: int) -> str:
        if seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {seat}'s"
        return super()._not_deciding(seat)

    def _why_illegal(self, seat: int, text: str, legal: list[str]) -> str:
        return why_illegal(self, seat, text)


def check_conservation(state: ChuoPaiState) -> None:
    """Every card once per copy (`rules.conservation`), and the counts kept beside the cards
    agree with them: points with the piles, cards held with the hands, removed cards shown."""
    conservation.check_conservation(state)
    for s in range(PLAYERS):
        if state.points[s] != len(state.bonus[s]) + sum(len(w) for _, w in state.piles[s]):
            raise AssertionError(f"seat {s}: points do not match the pile")
        if state.held[s] != sum(state.hands[s]):
            raise AssertionError(f"seat {s}: held count does not match the hand")
    if counts_of(parse_cards(state.removed_codes)) != state.removed:
        raise AssertionError("the removed cards shown differ from those counted")


# A play's kind by its cards, for cards banked before a position was set up (`banked_pile`).
_KIND_OF_CARDS = {CARD_CODES[p.index]: p.kind for p in PLAYS}


def banked_pile(cards: tuple[str, ...]) -> Banked:
    """A pile entry of cards a position says were banked: a play's kind if they make one."""
    return (_KIND_OF_CARDS.get(cards, "cards"), cards)


def _by_family(hand: list[int]) -> list[FamilyCards]:
    """The hand by family, highest rank first (CP§3.3-§3.7), leaving out families it lacks."""
    return [{"family": FAMILY_IDS[f], "cards": cards} for f, cards in codes_by_family(hand)]
