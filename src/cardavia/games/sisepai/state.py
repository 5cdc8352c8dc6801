"""One Sì Sè Pái deal: public draws, claim rounds R1 and R2, discards, wins and the drawn game.

Clause ids refer to `../shared/rules/sisepai.md`. Draws are not decisions, so the engine makes
them itself; the decisions (and so the actions of a deal record) are claim answers and discards.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from cardavia.games.sisepai.actions import canonical, claim_text, why_illegal
from cardavia.games.sisepai.cards import (
    CHARIOT,
    CODES,
    GENERAL,
    N_CHESS,
    N_IDS,
    SOLDIER,
    card_id,
    cards_of,
    code,
    codes,
    colour,
    counts_of,
    is_single,
    parse_cards,
    piece,
)
from cardavia.games.sisepai.groups import (
    SCORE_TABLE,
    best_partition,
    group_kind,
    is_complete,
)
from cardavia.games.sisepai.observation import (
    Breakdown,
    ClaimFacts,
    GroupKind,
    Phase,
    SiSePaiGroup,
    SiSePaiObservation,
    WinBreakdown,
    WinGroup,
)
from cardavia.rules.claims import ClaimWindow
from cardavia.rules.core import Event, Result, State
from cardavia.rules.dealing import redeal
from cardavia.rules.seats import after

if TYPE_CHECKING:
    from cardavia.games.sisepai.game import SiSePai

PLAYERS = 4
HAND = 20
# SSP-9 claim ranks (1 is highest)
RANK_DRAWER_WIN, RANK_OTHER_WIN, RANK_IDENTICAL, RANK_DRAWER_GROUP, RANK_NEXT_MIXED = 1, 2, 3, 4, 5

# Pieces that make a mixed group with a given piece: command K A E, field C H N (SSP-4 G4, G5).
_TRIAD = {
    p: [q for q in range(base, base + 3) if q != p]
    for base in (GENERAL, CHARIOT)
    for p in range(base, base + 3)
}
_OTHER_COLOUR_SETS = {
    c: [tuple(o for o in range(4) if o != c and o != skip) for skip in range(4) if skip != c]
    + [tuple(o for o in range(4) if o != c)]
    for c in range(4)
}


class SiSePaiState(State):
    def __init__(self, game: SiSePai) -> None:
        super().__init__(game)
        self.hands: list[list[int]] = [[0] * N_IDS for _ in range(PLAYERS)]
        self.exposed: list[list[list[int]]] = [[] for _ in range(PLAYERS)]
        self.discards: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.stock: list[int] = []  # the next draw is stock[-1]
        self.dealer = 0
        self.phase: Phase = "claim"
        self.turn = 0  # the drawer D of the current turn
        self.public: int | None = None  # the card under claim
        self.from_stock = False  # True in round R1 (the card was just drawn)
        self.offerer = 0  # whose card is under claim: the drawer, or the discarder
        self.window: ClaimWindow | None = None
        self.discarder: int | None = None  # in phase "discard": who must discard

    # --- the protocol -----------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        if self._held is not None:
            return ()
        if self.phase == "discard":
            assert self.discarder is not None
            return (self.discarder,)
        if self.phase == "claim" and self.window is not None:
            return self.window.pending()
        return ()

    def public_to_act(self) -> tuple[int, ...]:
        # A-SSP-8 asks only seats with a legal claim; which ones must not show (architecture §2).
        return (self.discarder,) if self.discarder is not None else ()

    def legal_actions(self, seat: int) -> list[str]:
        if self._held is not None:
            return []
        if self.phase == "discard":
            if seat != self.discarder:
                return []
            hand = self.hands[seat]
            return [f"discard {code(c)}" for c in range(N_CHESS) if hand[c] and not is_single(c)]
        if self.phase == "claim" and self.window is not None:
            return self.window.legal(seat)
        return []

    def _do(self, seat: int, text: str, events: list[Event]) -> None:
        if self.phase == "discard":
            self._discard(seat, parse_cards(text.split()[1:])[0], events)
            return
        assert self.window is not None
        claim = text.startswith("claim ")
        shown = {"group_kind": _kind(parse_cards(text.split()[1:]))} if claim else {}
        if self.window.take(seat, text, events, shown):
            self._then(SiSePaiState._resolve, events=events)

    _parse = staticmethod(canonical)

    def _why_illegal(self, seat: int, text: str, legal: list[str]) -> str:
        return why_illegal(self, seat, text, legal)

    def card_locations(self) -> Iterator[list[int]]:
        """SSP-2: 117 cards in all, none beyond its copies."""
        yield self.stock
        for s in range(PLAYERS):
            yield cards_of(self.hands[s])
            yield self.discards[s]
            yield from self.exposed[s]
        if self.public is not None and self.from_stock:
            yield [self.public]  # a drawn card under claim (a discard is in its pile)

    def owned(self, seat: int) -> int:
        """Cards a player owns: concealed plus exposed (SSP-5: 20 between actions)."""
        return sum(self.hands[seat]) + sum(len(g) for g in self.exposed[seat])

    def observation(self, seat: int | None) -> SiSePaiObservation:
        window = self.window
        return {
            "game": self.game.name,
            "seat": seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "public_card": code(self.public) if self.public is not None else None,
            "round": None if self.public is None else ("draw" if self.from_stock else "discard"),
            "offered_by": self.offerer if self.public is not None else None,
            "discarder": self.discarder,
            "stock": len(self.stock),
            "seats": [
                {
                    "seat": s,
                    "groups": [_group(g) for g in self.exposed[s]],
                    "discards": [CODES[c] for c in self.discards[s]],
                    "concealed": sum(self.hands[s]),
                }
                for s in range(PLAYERS)
            ],
            # the codes straight from the counts, in card order (`codes` would sort them again)
            "hand": (
                [CODES[c] for c, n in enumerate(self.hands[seat]) for _ in range(n)]
                if seat is not None
                else []
            ),
            # so that the client locks them without a rule of its own
            "hand_singles": (
                [code(c) for c in SINGLES if self.hands[seat][c]] if seat is not None else []
            ),
            "my_answer": window.answers.get(seat) if window and seat is not None else None,
            "result": self._result.to_json() if self._result is not None else None,
        }

    def action_facts(self, seat: int) -> dict[str, ClaimFacts]:
        """The kind of group each claim makes (SSP-4), which its button names."""
        return {
            text: {"kind": _kind(parse_cards(text.split()[1:]))}
            for text in self.legal_actions(seat)
            if text.startswith("claim ")
        }

    def clone(self) -> SiSePaiState:
        other = SiSePaiState.__new__(SiSePaiState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.exposed = [[list(g) for g in groups] for groups in self.exposed]
        other.discards = [list(d) for d in self.discards]
        other.stock = list(self.stock)
        other.window = self.window.copy() if self.window is not None else None
        other._actions = list(self._actions)
        return other

    def sample_world(self, seat: int, rng: random.Random) -> SiSePaiState:
        world = self._world_copy(seat)
        others = [s for s in range(PLAYERS) if s != seat]
        unseen = [c for s in others for c in cards_of(self.hands[s])] + self.stock
        *hands, world.stock = redeal(unseen, [sum(self.hands[s]) for s in others], rng)
        for s, cards in zip(others, hands, strict=True):
            world.hands[s] = counts_of(cards)
        if self.window is not None:
            world.window = self.window.reopen_for(seat, world._claims, world._may_pass)
            if world.window is not None and world.window.complete():
                world._resolve([])
        return world

    # --- transitions ------------------------------------------------------------------------

    def start(self, first: int, events: list[Event]) -> None:
        self._draw(first, events)

    def _draw(self, seat: int, events: list[Event]) -> None:
        """SSP-7: the seat turns up the top stock card; SSP-13: an empty stock draws the deal."""
        self.turn = seat
        self.discarder = None
        if not self.stock:
            self._finish(None, events)
            return
        card = self.stock.pop()
        self.public, self.from_stock, self.offerer = card, True, seat
        events.append(Event("draw", {"seat": seat, "card": code(card), "stock": len(self.stock)}))
        self.window = ClaimWindow.open(seat, PLAYERS, self._claims, self._may_pass)
        if self.window is None:
            self._then(SiSePaiState._unclaimed, events=events)

    def _claims(self, seat: int) -> dict[str, int]:
        """What `seat` may claim of the public card, which `offerer` offers."""
        assert self.public is not None
        return self._options(seat, self.public, self.offerer)

    def _may_pass(self, seat: int) -> bool:
        """A-SSP-5: the drawer keeps a drawn General or flower."""
        assert self.public is not None
        return not (self.from_stock and seat == self.offerer and is_single(self.public))

    def _options(self, seat: int, card: int, origin: int) -> dict[str, int]:
        """SSP-8: what `seat` may claim of `card`, offered by `origin`, with SSP-9 ranks."""
        hand = self.hands[seat]
        drawer_round = self.from_stock
        is_origin = seat == origin
        if is_origin and not drawer_round:
            return {}  # nobody claims their own discard
        opts: dict[str, int] = {}
        hand[card] += 1
        if is_complete(hand):
            opts["win"] = RANK_DRAWER_WIN if is_origin else RANK_OTHER_WIN
        hand[card] -= 1
        if drawer_round and not is_origin and is_single(card):
            # A-SSP-5: the drawer always keeps a drawn General or flower (rank 4), so another
            # seat can only take it with a win; a claim that can never succeed is not offered.
            return opts
        groups: list[tuple[list[int], int]] = []
        if not is_single(card):
            groups += [([card] * (n + 1), RANK_IDENTICAL) for n in (2, 3) if hand[card] >= n]
        if is_origin:
            if is_single(card):
                groups.append(([card], RANK_DRAWER_GROUP))
            groups += [(g, RANK_DRAWER_GROUP) for g in self._mixed_groups(hand, card)]
        elif seat == after(origin, PLAYERS):
            groups += [(g, RANK_NEXT_MIXED) for g in self._mixed_groups(hand, card)]
        for group, rank in groups:
            # SSP-seed 4.2: once the new card is grouped, a hand whose 21 cards are all grouped
            # wins. A claim that leaves the rest of the hand complete is therefore the win, and
            # is offered as "win" only (this covers A-SSP-12's Generals and flowers).
            if "win" in opts and self._completes(hand, group, card):
                continue
            opts[claim_text(group)] = rank
        return opts

    @staticmethod
    def _completes(hand: list[int], group: list[int], card: int) -> bool:
        """Whether the concealed cards left after claiming `card` in `group` form legal groups."""
        rest = list(hand)
        taken = list(group)
        taken.remove(card)  # the public card is not in the hand
        for c in taken:
            rest[c] -= 1
        return is_complete(rest)

    @staticmethod
    def _mixed_groups(hand: list[int], card: int) -> list[list[int]]:
        """Command, field or soldier groups (G4-G6) the card makes with concealed cards."""
        if card >= N_CHESS:
            return []
        col, pc = colour(card), piece(card)
        if pc == SOLDIER:
            return [
                [card, *(card_id(o, SOLDIER) for o in others)]
                for others in _OTHER_COLOUR_SETS[col]
                if all(hand[card_id(o, SOLDIER)] for o in others)
            ]
        mates = [card_id(col, q) for q in _TRIAD[pc]]
        return [[card, *mates]] if all(hand[m] for m in mates) else []

    def _resolve(self, events: list[Event]) -> None:
        """SSP-9: every answer is in; award the card to the highest-ranked claim."""
        assert self.window is not None and self.public is not None
        award = self.window.award()
        origin = self.window.origin
        self.window = None
        if award is None:
            if self.from_stock:
                self._unclaimed(events)
            else:
                self._draw(after(origin, PLAYERS), events)
            return
        seat, text = award
        card = self.public
        if not self.from_stock:
            self.discards[origin].pop()  # the claimed card leaves the offerer's pile
        if text == "win":
            self._win(seat, card, origin, events)
            return
        group = parse_cards(text.split()[1:])
        hand = self.hands[seat]
        rest = list(group)
        rest.remove(card)  # the public card is not in the hand
        for c in rest:
            hand[c] -= 1
        self.exposed[seat].append(sorted(group))
        self.public = None
        self.phase, self.discarder = "discard", seat
        data = {
            "seat": seat,
            "card": code(card),
            "group": codes(group),
            "group_kind": _kind(group),
            "from": origin,
        }
        events.append(Event("claim", data))

    def _unclaimed(self, events: list[Event]) -> None:
        """SSP-7: an unclaimed drawn card becomes the drawer's discard, offered again (R2)."""
        assert self.public is not None
        drawer = self.turn
        self.discards[drawer].append(self.public)
        self.from_stock = False
        events.append(Event("unclaimed", {"seat": drawer, "card": code(self.public)}))
        self._offer_discard(drawer, events)

    def _discard(self, seat: int, card: int, events: list[Event]) -> None:
        """SSP-10: the claimant discards a concealed card; it is offered in a discard round."""
        self.hands[seat][card] -= 1
        self.discards[seat].append(card)
        self.from_stock = False
        self.phase, self.discarder = "claim", None
        events.append(Event("discard", {"seat": seat, "card": code(card)}))
        self._offer_discard(seat, events)

    def _offer_discard(self, seat: int, events: list[Event]) -> None:
        self.public, self.offerer = self.discards[seat][-1], seat
        self.window = ClaimWindow.open(seat, PLAYERS, self._claims, self._may_pass)
        if self.window is None:
            self._then(SiSePaiState._draw, after(seat, PLAYERS), events=events)

    def _win(self, seat: int, card: int, origin: int, events: list[Event]) -> None:
        """SSP-11, SSP-12: reveal the winner's groups and score the best partition."""
        hand = list(self.hands[seat])
        hand[card] += 1
        found = best_partition(hand)
        assert found is not None, "a win was offered for an incomplete hand"
        _, concealed_groups = found
        groups: list[WinGroup] = []
        for gs, exposed in ((self.exposed[seat], True), (concealed_groups, False)):
            for g in gs:
                kind = _kind(g)
                groups.append(
                    {
                        "cards": codes(g),
                        "kind": kind,
                        "points": SCORE_TABLE[kind],
                        "exposed": exposed,
                    }
                )
        total = sum(g["points"] for g in groups)
        self.hands[seat] = hand
        self.public = None
        breakdown: WinBreakdown = {
            "groups": groups,
            "total": total,
            "winning_card": code(card),
            "from": origin,
            "drawn": self.from_stock,  # drawn from the stock by `from`, else discarded by it
            "self_drawn": self.from_stock and origin == seat,
        }
        events.append(Event("win", {"seat": seat, "card": code(card), "total": total}))
        self._finish(seat, events, breakdown, total)

    def _finish(
        self,
        winner: int | None,
        events: list[Event],
        breakdown: Breakdown | None = None,
        total: int = 0,
    ) -> None:
        self.phase = "over"
        self.window = None
        self.discarder = None
        scores = tuple(total if s == winner else 0 for s in range(PLAYERS))
        if winner is None:
            self.public = None
            breakdown = {"reason": "stock exhausted"}  # SSP-13
            events.append(Event("drawn", {}))
        self._result = Result(() if winner is None else (winner,), scores, breakdown or {})


def _kind(cards: list[int]) -> GroupKind:
    """The kind of a legal group (SSP-4), in any order."""
    return _group_facts(tuple(sorted(cards)))[0]


# Every observation shows every exposed group, and claims and wins name their kind: a few hundred
# groups in all (SSP-4), so each one's kind and codes are worked out once.
@functools.cache
def _group_facts(cards: tuple[int, ...]) -> tuple[GroupKind, tuple[str, ...]]:
    """The kind and the codes of a legal group whose cards are in order."""
    kind = group_kind(list(cards))
    assert kind is not None, f"not a legal group: {codes(cards)}"
    return kind, tuple(codes(cards))


def _group(cards: list[int]) -> SiSePaiGroup:
    """An exposed group as shown (`exposed` keeps each group's cards in order)."""
    kind, shown = _group_facts(tuple(cards))
    return {"kind": kind, "cards": list(shown)}


# Generals and flowers (SSP-4 G1, G2), in card order
SINGLES = tuple(c for c in range(N_IDS) if is_single(c))
