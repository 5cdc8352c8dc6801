"""One Sì Sè Pái deal: public draws, claim rounds R1 and R2, discards, wins and the drawn game.

Clause ids refer to `../shared/rules/sisepai.md`. Draws are not decisions, so the engine makes
them itself; the decisions (and so the actions of a deal record) are claim answers and discards.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cardavia.games.sisepai.cards import (
    CHARIOT,
    COPIES,
    DECK_SIZE,
    GENERAL,
    N_CHESS,
    N_IDS,
    SOLDIER,
    card_id,
    cards_of,
    code,
    codes,
    colour,
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
from cardavia.rules.claims import ClaimWindow
from cardavia.rules.core import Event, Result, State
from cardavia.rules.errors import IllegalActionError, InvalidActionError

if TYPE_CHECKING:
    from cardavia.games.sisepai.game import SiSePai

PLAYERS = 4
HAND = 20
# SSP-9 claim ranks (1 is highest)
RANK_DRAWER_WIN, RANK_OTHER_WIN, RANK_IDENTICAL, RANK_DRAWER_GROUP, RANK_NEXT_MIXED = 1, 2, 3, 4, 5

# Pieces that make a mixed group with a given piece: command K A E, field C H N (SSP-4 G4, G5).
_TRIAD = {p: [q for q in range(base, base + 3) if q != p] for base in (GENERAL, CHARIOT)
          for p in range(base, base + 3)}
_OTHER_COLOUR_SETS = {
    c: [tuple(o for o in range(4) if o != c and o != skip) for skip in range(4) if skip != c]
    + [tuple(o for o in range(4) if o != c)]
    for c in range(4)
}


def claim_text(cards: list[int]) -> str:
    return "claim " + " ".join(codes(cards))


class SiSePaiState(State):
    def __init__(self, game: SiSePai) -> None:
        self.game = game
        self.hands: list[list[int]] = [[0] * N_IDS for _ in range(PLAYERS)]
        self.exposed: list[list[list[int]]] = [[] for _ in range(PLAYERS)]
        self.discards: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.stock: list[int] = []  # the next draw is stock[-1]
        self.dealer = 0
        self.phase = "claim"  # claim | discard | over
        self.turn = 0  # the drawer D of the current turn
        self.public: int | None = None  # the card under claim
        self.from_stock = False  # True in round R1 (the card was just drawn)
        self.offerer = 0  # whose card is under claim: the drawer, or the discarder
        self.window: ClaimWindow | None = None
        self.discarder: int | None = None  # in phase "discard": who must discard
        self._result: Result | None = None
        self._actions: list[tuple[int, str]] = []
        self.opening: list[Event] = []  # events of the deal before the first decision

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

    def apply(self, seat: int, action: str) -> list[Event]:
        text = self._canonical(action)
        legal = self.legal_actions(seat)
        if text not in legal:
            raise IllegalActionError(self._why_illegal(seat, text, legal))
        self._actions.append((seat, text))
        events: list[Event] = []
        if self.phase == "discard":
            self._discard(seat, parse_cards(text.split()[1:])[0], events)
        else:
            assert self.window is not None
            self.window.answer(seat, text)
            events.append(Event("answer", {"seat": seat, "action": text}, seat=seat))
            if self.window.complete():
                self._then("_resolve", events=events)
        return events

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result | None:
        return self._result

    def card_total(self) -> int:
        return (
            len(self.stock)
            + sum(sum(h) for h in self.hands)
            + sum(len(g) for groups in self.exposed for g in groups)
            + sum(len(d) for d in self.discards)
            + (1 if self.public is not None and self.from_stock else 0)
        )

    def owned(self, seat: int) -> int:
        """Cards a player owns: concealed plus exposed (SSP-5: 20 between actions)."""
        return sum(self.hands[seat]) + sum(len(g) for g in self.exposed[seat])

    def observation(self, seat: int) -> dict[str, Any]:
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
                    "exposed": [codes(g) for g in self.exposed[s]],
                    "discards": [code(c) for c in self.discards[s]],
                    "concealed": sum(self.hands[s]),
                }
                for s in range(PLAYERS)
            ],
            "hand": codes(cards_of(self.hands[seat])),
            "my_answer": window.answers.get(seat) if window is not None else None,
            "result": self._result.to_json() if self._result is not None else None,
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
        world = self._world_copy()
        others = [s for s in range(PLAYERS) if s != seat]
        # Sorted first: the shuffle must depend on which cards are unseen, never on where
        # they really are (the no-peek test).
        unseen = sorted([c for s in others for c in cards_of(self.hands[s])] + self.stock)
        rng.shuffle(unseen)
        for s in others:
            n = sum(self.hands[s])
            world.hands[s] = [0] * N_IDS
            for c in unseen[:n]:
                world.hands[s][c] += 1
            unseen = unseen[n:]
        world.stock = unseen
        if self.window is not None:
            # Other seats' answers are hidden: re-ask them in the sampled world.
            world.window = world._open_window(self.window.origin, keep={seat: self.window})
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
        self.window = self._open_window(seat)
        if self.window is None:
            self._then("_unclaimed", events=events)

    def _open_window(
        self, origin: int, keep: dict[int, ClaimWindow] | None = None
    ) -> ClaimWindow | None:
        assert self.public is not None
        options: dict[int, dict[str, int]] = {}
        passable: dict[int, bool] = {}
        for s in range(PLAYERS):
            opts = self._options(s, self.public, origin)
            if opts:
                options[s] = opts
                # A-SSP-5: the drawer keeps a drawn General or flower.
                passable[s] = not (self.from_stock and s == origin and is_single(self.public))
        if not options:
            return None
        window = ClaimWindow(origin, PLAYERS, options, passable)
        for s, old in (keep or {}).items():
            if s in old.answers:
                window.answer(s, old.answers[s])
        return window

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
        elif seat == (origin + 1) % PLAYERS:
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
                self._draw((origin + 1) % PLAYERS, events)
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
        data = {"seat": seat, "card": code(card), "group": codes(group), "from": origin}
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
        self.window = self._open_window(seat)
        if self.window is None:
            self._then("_draw", (seat + 1) % PLAYERS, events=events)

    def _win(self, seat: int, card: int, origin: int, events: list[Event]) -> None:
        """SSP-11, SSP-12: reveal the winner's groups and score the best partition."""
        hand = list(self.hands[seat])
        hand[card] += 1
        found = best_partition(hand)
        assert found is not None, "a win was offered for an incomplete hand"
        _, concealed_groups = found
        groups: list[dict[str, Any]] = []
        for gs, exposed in ((self.exposed[seat], True), (concealed_groups, False)):
            for g in gs:
                kind = group_kind(sorted(g)) or ""
                groups.append({"cards": codes(g), "kind": kind, "points": SCORE_TABLE[kind],
                               "exposed": exposed})
        total = sum(int(g["points"]) for g in groups)
        self.hands[seat] = hand
        self.public = None
        breakdown = {
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
        breakdown: dict[str, Any] | None = None,
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
        self._result = Result(winner, scores, breakdown or {})

    # --- parsing and messages ---------------------------------------------------------------

    @staticmethod
    def _canonical(action: str) -> str:
        if not isinstance(action, str) or not action.strip():
            raise InvalidActionError("empty action")
        verb, *rest = action.split()
        if verb in ("pass", "win"):
            if rest:
                raise InvalidActionError(f"'{verb}' takes no cards")
            return verb
        if verb == "discard":
            if len(rest) != 1:
                raise InvalidActionError("'discard' takes exactly one card")
            return f"discard {code(parse_cards(rest)[0])}"
        if verb == "claim":
            if not rest:
                raise InvalidActionError("'claim' needs the cards of the group")
            return claim_text(parse_cards(rest))
        raise InvalidActionError(f"unknown verb {verb!r} (expected claim, win, pass or discard)")

    def _why_illegal(self, seat: int, text: str, legal: list[str]) -> str:
        if not 0 <= seat < PLAYERS:
            return f"no seat {seat}"
        if self.phase == "over":
            return "the deal is over"
        if not legal:
            return f"seat {seat} has no decision to make now"
        verb = text.split()[0]
        if verb == "discard":
            if self.phase != "discard":
                return "nothing to discard now: a card is under claim"
            card = parse_cards(text.split()[1:])[0]
            if is_single(card):
                return f"{code(card)} is a General or flower and can never be discarded (SSP-10)"
            return f"{code(card)} is not in your concealed hand"
        if self.phase == "discard":
            return "you must discard a concealed card now (SSP-10)"
        if verb == "pass":
            return "a drawn General or flower must be kept as a group (A-SSP-5)"
        if verb == "win":
            return "your hand is not complete with this card (SSP-6)"
        group = parse_cards(text.split()[1:])
        assert self.public is not None
        if self.public not in group:
            return f"the claim must use the public card {code(self.public)}"
        if group_kind(sorted(group)) is None:
            return f"{' '.join(codes(group))} is not a legal group (SSP-4)"
        return f"you may not claim {' '.join(codes(group))} now (SSP-8)"


def check_conservation(state: SiSePaiState) -> None:
    """117 cards in all, none beyond its copies (SSP-2); used by tests and replay."""
    total = state.card_total()
    if total != DECK_SIZE:
        raise AssertionError(f"{total} cards instead of {DECK_SIZE}")
    counts = [0] * N_IDS
    for h in state.hands:
        for c in range(N_IDS):
            counts[c] += h[c]
    for c in [*state.stock, *(x for d in state.discards for x in d),
              *(x for gs in state.exposed for g in gs for x in g)]:
        counts[c] += 1
    if state.public is not None and state.from_stock:
        counts[state.public] += 1
    for c in range(N_IDS):
        if counts[c] != (COPIES if c < N_CHESS else 1):
            raise AssertionError(f"{code(c)} appears {counts[c]} times")
