"""One Paohuzi deal: the opening, reveal turns, claims on reveals and discards, discards, wins,
dead hands and the drawn game (clause ids refer to rules/paohuzi.md).

Reveals, compulsory wei and ti, and the dead hand are made by the engine. The decisions (the
actions of a deal record) are claim answers, the win after a compulsory group, and discards.
Every private decision is a claim window (rules/claims.py): answers stay hidden until all are in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

from cardavia.games.paohuzi import options
from cardavia.games.paohuzi.actions import canonical, chi_groups, parse_one, why_illegal
from cardavia.games.paohuzi.cards import N_IDS, cards_of, code, codes
from cardavia.games.paohuzi.groups import identical_huxi
from cardavia.games.paohuzi.observation import PaohuziObservation, Phase
from cardavia.games.paohuzi.options import PLAYERS, RANK_WIN, seat_options, win_upgrades
from cardavia.games.paohuzi.scoring import (
    FREE,
    PAOHUZI,
    Scoring,
    best_win,
    heavenly,
    win_breakdown,
)
from cardavia.games.paohuzi.seats import Group, Holding
from cardavia.rules.claims import PASS, ClaimWindow
from cardavia.rules.core import Event, Result, State
from cardavia.rules.seats import after, order_from

if TYPE_CHECKING:
    from cardavia.games.paohuzi.game import Paohuzi

CLAIMS: Final = "claims"
DISCARD: Final = "discard"
OVER: Final = "over"


class PaohuziState(State):
    # A variant of this family (Two Seven Ten) subclasses the state and changes these.
    SCORING: Scoring = PAOHUZI
    OWN_DISCARD_BARS_PENG = True  # PHZ-12
    TI_FACE_DOWN = True  # PHZ-15

    def __init__(self, game: Paohuzi) -> None:
        super().__init__(game)
        self.seats: list[Holding] = [Holding() for _ in range(PLAYERS)]
        self.stock: list[int] = []  # the next reveal is stock[-1]
        self.dealer = 0
        self.shown: int | None = None  # PHZ-2: the dealer's 21st card, information only
        self.shown_live = False  # public: the dealer is still known to hold the shown card
        self.phase: Phase = CLAIMS
        self.turn = 0  # whose turn it is (the last revealer, taker or discarder)
        self.card: int | None = None  # the card in play (under claim, or the winning card)
        self.from_stock = False
        self.origin: int | None = None  # who revealed or discarded `card`
        self.in_air = False  # a revealed card not yet in a group or a discard area
        self.revealed: int | None = None  # the last revealed card
        self.window: ClaimWindow | None = None
        self.window_kind = "claim"  # "claim" (claims on a card) or "win" (after wei/ti)
        self.discarder: int | None = None

    # --- the protocol -----------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        if self._held is not None:
            return ()
        if self.phase == DISCARD:
            assert self.discarder is not None
            return (self.discarder,)
        if self.phase == CLAIMS and self.window is not None:
            return self.window.pending()
        return ()

    def public_to_act(self) -> tuple[int, ...]:
        # Who holds a claim (or a win) is private (architecture.md §2); a discard is public.
        return (self.discarder,) if self.phase == DISCARD and self.discarder is not None else ()

    def legal_actions(self, seat: int) -> list[str]:
        if self._held is not None:
            return []
        if self.phase == DISCARD:
            if seat != self.discarder:
                return []
            hand = self.seats[seat].hand
            return [f"discard {code(c)}" for c in range(N_IDS) if hand[c]]
        if self.phase == CLAIMS and self.window is not None:
            return self.window.legal(seat)
        return []

    _parse = staticmethod(canonical)

    def _do(self, seat: int, text: str, events: list[Event]) -> None:
        if self.phase == DISCARD:
            self._discard(seat, parse_one(text), events)
            return
        assert self.window is not None
        if self.window.take(seat, text, events):
            # The win window after a compulsory wei or ti asks its revealer alone, as everyone
            # knows: nothing to hide in resolving it at once (and its "pass" says nothing more).
            if self.window_kind == "win":
                self._resolve(events)
            else:
                self._then(type(self)._resolve, events=events)

    def _why_illegal(self, seat: int, text: str, legal: list[str]) -> str:
        return why_illegal(self, seat, text, legal)

    def card_locations(self) -> Iterator[Sequence[int]]:
        """80 cards in all, four of each identity (spec section 7)."""
        yield self.stock
        for h in self.seats:
            yield cards_of(h.hand)
            yield [k for k in h.kans for _ in range(3)]
            yield h.discards
            yield from (g.cards for g in h.groups)
        if self.in_air and self.card is not None:
            yield [self.card]  # a revealed card not yet in a group or a discard area

    def observation(self, seat: int | None) -> PaohuziObservation:
        me = self.seats[seat] if seat is not None else None
        in_play = self.card is not None
        return {
            "game": self.game.name,
            "seat": seat,
            "dealer": self.dealer,
            "shown": code(self.shown) if self.shown is not None else None,
            "phase": self.phase,
            "turn": self.turn,
            "public_card": code(self.card) if self.card is not None else None,
            "source": ("reveal" if self.from_stock else "discard") if in_play else None,
            "offered_by": self.origin if in_play else None,
            "discarder": self.discarder,
            "stock": len(self.stock),
            "seats": [
                {
                    "seat": s,
                    "groups": [g.to_json(public=s != seat) for g in h.groups],
                    "huxi": sum(g.huxi for g in h.groups if not (g.hidden and s != seat)),
                    "discards": [code(c) for c in h.discards],
                    "concealed": h.concealed(),
                    "dead": h.dead,
                }
                for s, h in enumerate(self.seats)
            ],
            "hand": me.concealed_codes() if me else [],
            "kans": [code(k) for k in sorted(me.kans)] if me else [],
            "stale": {
                "chi": codes(me.chi_stale) if me else [],
                "peng": codes(me.peng_stale) if me else [],
            },
            "my_answer": self.window.answers.get(seat)
            if self.window and seat is not None
            else None,
            "result": self._result.to_json() if self._result is not None else None,
        }

    def clone(self) -> PaohuziState:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.seats = [h.copy() for h in self.seats]
        other.stock = list(self.stock)
        other.window = self.window.copy() if self.window is not None else None
        other._actions = list(self._actions)
        other.opening = list(self.opening)
        return other

    def _hand_cap(self, seat: int, card: int) -> int:
        """The most concealed copies of `card` (kans included) `seat` can hold, as far as the
        other seats know (for `sample_world`)."""
        return 1 if card in self.seats[seat].single_at_most else 3

    def _forget_private(self, seats: list[int]) -> None:
        """In a sampled world: drop what the viewer cannot know of `seats` beyond their cards
        (nothing in Paohuzi, whose stale records the search may read)."""

    def sample_world(self, seat: int, rng: random.Random) -> PaohuziState:
        from cardavia.games.paohuzi.world import sample_world

        return sample_world(self, seat, rng)

    # --- the opening (PHZ-3) ------------------------------------------------------------------

    def start(
        self, hands: list[list[int]], turn: tuple[int, str] | None, events: list[Event]
    ) -> None:
        """`hands`: dealt counts per seat. `turn` None: a fresh deal (PHZ-3); else a position
        that continues with that seat's reveal or discard."""
        for s in range(PLAYERS):
            events.append(
                Event(
                    "deal",
                    {"seat": s, "hand": codes(c for c in range(N_IDS) for _ in range(hands[s][c]))},
                    seat=s,
                )
            )
        if self.shown is not None:
            events.append(Event("shown", {"seat": self.dealer, "card": code(self.shown)}))
        if turn is None:
            for s in order_from(self.dealer, PLAYERS):
                found = heavenly(hands[s])
                if found is not None:  # PHZ-3 step 1: 三提五坎, the dealer first
                    for t, h in enumerate(self.seats):
                        h.hand = list(hands[t])
                    self._heavenly(s, found, events)
                    return
        self._lay_out(hands, events)
        self._begin(turn, events)

    def _lay_out(self, hands: list[list[int]], events: list[Event]) -> None:
        """PHZ-3 steps 2-3: dealt fours become ti, dealt triples locked kans."""
        face_down = self.TI_FACE_DOWN
        for s, h in enumerate(self.seats):
            for c in range(N_IDS):
                n = hands[s][c]
                if n == 4:  # PHZ-3 step 2: an opening ti, face down (PHZ-15)
                    h.groups.append(Group("ti", (c,) * 4, identical_huxi("ti", c), face_down))
                    if face_down:
                        events.append(Event("ti", {"seat": s, "card": None, "from": "deal"}))
                    events.append(
                        Event(
                            "ti",
                            {"seat": s, "card": code(c), "from": "deal"},
                            seat=s if face_down else None,
                        )
                    )
                elif n == 3:  # PHZ-3 step 3: a kan, concealed and locked
                    h.kans.append(c)
                    events.append(Event("kan", {"seat": s, "card": code(c)}, seat=s))
                else:
                    h.hand[c] += n

    def _begin(self, turn: tuple[int, str] | None, events: list[Event]) -> None:
        """The first step after the opening, or of a position."""
        if turn is None:
            # PHZ-3 step 4, PHZ-9: the dealer discards first unless dealt two ti
            self._after_compulsory(self.dealer, events)
        elif turn[1] == "discard":
            self._ask_discard(turn[0], events)
        else:
            self._reveal(turn[0], events)

    def _heavenly(self, seat: int, breakdown: dict[str, Any], events: list[Event]) -> None:
        breakdown.update({"winning_card": None, "from": None, "heavenly": True})
        events.append(
            Event(
                "win",
                {
                    "seat": seat,
                    "card": None,
                    "huxi": breakdown["huxi"],
                    "tun": breakdown["tun"],
                    "heavenly": True,
                },
            )
        )
        self._finish(seat, breakdown, events)

    # --- reveal turns (PHZ-5) -----------------------------------------------------------------

    def _reveal(self, seat: int, events: list[Event]) -> None:
        self.turn, self.phase, self.discarder = seat, CLAIMS, None
        self.card = self.origin = None
        if not self.stock:  # PHZ-14
            events.append(Event("drawn", {}))
            self._finish(None, {"reason": "stock exhausted", "payments": [0] * PLAYERS}, events)
            return
        c = self.stock.pop()
        self.card, self.from_stock, self.origin, self.in_air, self.revealed = (
            c,
            True,
            seat,
            True,
            c,
        )
        events.append(Event("reveal", {"seat": seat, "card": code(c), "stock": len(self.stock)}))
        self._turned_up(seat, c, events)

    def _turned_up(self, seat: int, c: int, events: list[Event]) -> None:
        """PHZ-5 step 1: the revealer's compulsory group, else the claims of steps 2-4."""
        h = self.seats[seat]
        wei = h.group_of("wei", c)
        if c in h.kans:  # PHZ-5 step 1: kan + own reveal = ti
            h.kans.remove(c)
            h.groups.append(Group("ti", (c,) * 4, identical_huxi("ti", c)))
            self._compulsory(seat, "ti", "kan", events)
        elif wei is not None and options.WEI_PLUS_OWN_REVEAL == "ti":  # the reading A-PHZ-3 rejects
            h.upgrade(wei, "ti")
            self._compulsory(seat, "ti", "wei", events)
        elif h.hand[c] == 2:  # pair + own reveal = wei, even a "stinky" one (PHZ-12)
            h.hand[c] = 0
            h.groups.append(Group("wei", (c,) * 3, identical_huxi("wei", c)))
            self._compulsory(seat, "wei", "pair", events)
        else:
            h.single_at_most.add(c)
            self._open_claims(events)

    def _compulsory(self, seat: int, kind: str, source: str, events: list[Event]) -> None:
        """PHZ-5 step 1: after the compulsory group the revealer may win, else PHZ-9/PHZ-10."""
        assert self.card is not None
        self._hand_used(seat, self.card)
        events.append(Event(kind, {"seat": seat, "card": code(self.card), "from": source}))
        self.card, self.in_air = None, False
        if self._win_in_hand(seat):
            self.window = ClaimWindow(after(seat, PLAYERS, -1), PLAYERS, {seat: {"win": RANK_WIN}})
            self.window_kind = "win"
            return
        # No win: the revealer discards or the next reveals, at once. An AI seat that could win
        # takes the win, which shows a moment later anyway, so going on here hides nothing.
        self._after_compulsory(seat, events)

    def _win_in_hand(self, seat: int) -> bool:
        """The seat's cards as they lie form a winning hand (after a compulsory group)."""
        h = self.seats[seat]
        return not h.dead and best_win(h, None, (), self.SCORING) is not None

    def _after_compulsory(self, seat: int, events: list[Event]) -> None:
        h = self.seats[seat]
        if h.must_discard():
            if sum(h.hand):
                self._ask_discard(seat, events)
                return
            h.dead = True  # PHZ-10: no discard possible and no win
            events.append(Event("dead", {"seat": seat}))
        self._reveal(after(seat, PLAYERS), events)

    def _open_claims(self, events: list[Event]) -> None:
        """PHZ-5 steps 2-4 and PHZ-6: ask every seat with a claim at once (A-PHZ-12, A-PHZ-13:
        ties go in turn order from the revealer, or from the discarder's next player)."""
        assert self.origin is not None
        tie_origin = after(self.origin, PLAYERS, -1) if self.from_stock else self.origin
        self.window = ClaimWindow.open(tie_origin, PLAYERS, self._claims, self._passable())
        self.window_kind = "claim"
        if self.window is None:
            self._then(type(self)._unclaimed, events=events)

    def _claims(self, seat: int) -> dict[str, int]:
        """What `seat` may claim of the card in play (`options.seat_options`)."""
        assert self.card is not None and self.origin is not None
        return seat_options(self.seats, seat, self.card, self.origin, self.from_stock)

    def _passable(self) -> Callable[[int], bool] | None:
        """Which seats may pass the claim window (None: every seat; PHZ has no forced claim)."""
        return None

    def _resolve(self, events: list[Event]) -> None:
        window = self.window
        assert window is not None
        self.window = None
        if self.window_kind == "win":
            ((seat, answer),) = window.answers.items()
            if answer == "win":
                self._win(seat, None, events)
            else:
                self._after_compulsory(seat, events)
            return
        card = self.card
        assert card is not None
        award = window.award()
        # PHZ-12, A-PHZ-6: a declined offer makes the card stale, but only one the player would
        # have been asked about in turn: the claims go in rank and seat order, and a card a
        # higher claim takes first was never really offered (PHZ-E17). Everyone answers at once
        # here, so the asking order is replayed against the award.
        # The seat is told, privately: the table cannot know when a pass really cost the card.
        for s, answer in window.answers.items():
            if answer == PASS:
                asked = window.ahead_of_award(s)
                verbs = [v for v in ("chi", "peng") if any(t.startswith(v) for t in asked)]
                if "chi" in verbs:
                    self.seats[s].chi_stale.add(card)
                if "peng" in verbs:
                    self.seats[s].peng_stale.add(card)
                if verbs:
                    events.append(
                        Event("stale", {"seat": s, "card": code(card), "verbs": verbs}, seat=s)
                    )
        if award is None:
            self._unclaimed(events)
        elif award[1] == "win":
            self._win(award[0], card, events)
        else:
            self._take(award[0], award[1], events)

    def _take(self, seat: int, text: str, events: list[Event]) -> None:
        """A pao, peng or chi is awarded: form the group(s), then discard if PHZ-9 says so."""
        card, origin = self.card, self.origin
        assert card is not None and origin is not None
        if not self.from_stock:
            self.seats[origin].discards.pop()  # the claimed discard leaves its area
        self.card, self.in_air = None, False
        h = self.seats[seat]
        verb = text.split()[0]
        made: list[Group] = []
        source = ""
        if verb == "pao":
            if card in h.kans:
                h.kans.remove(card)
                self._hand_used(seat, card)
                made.append(Group("pao", (card,) * 4, identical_huxi("pao", card)))
                h.groups.append(made[0])
                source = "kan"
            else:
                g = h.group_of("wei", card) or h.group_of("peng", card)
                assert g is not None
                source = g.kind
                h.upgrade(g, "pao")
                made.append(g)
        elif verb == "peng":
            h.hand[card] -= 2
            self._hand_used(seat, card)
            made.append(Group("peng", (card,) * 3, identical_huxi("peng", card)))
            h.groups.append(made[0])
        else:
            chi, bis = chi_groups(text.split()[1:])
            from_hand = list(chi)
            from_hand.remove(card)
            for c in from_hand + [c for bi in bis for c in bi]:
                h.hand[c] -= 1
                self._hand_used(seat, c)
            value = self.SCORING.splits.chi_value
            made.append(Group("chi", tuple(sorted(chi)), value(chi)))
            made += [Group("bi", tuple(sorted(bi)), value(bi)) for bi in bis]
            h.groups += made
        events.append(
            Event(
                verb,
                {
                    "seat": seat,
                    "card": code(card),
                    "from": origin,
                    "source": "reveal" if self.from_stock else "discard",
                    "upgraded": source or None,
                    "groups": [g.to_json(public=False) for g in made],
                },
            )
        )
        self.turn = seat
        if h.must_discard():
            self._ask_discard(seat, events)
        else:  # PHZ-9: 2nd and later 4-card groups; a dead hand never discards (PHZ-10)
            self._reveal(after(seat, PLAYERS), events)

    def _unclaimed(self, events: list[Event]) -> None:
        """PHZ-5 step 5, PHZ-6: nobody takes the card; the next player reveals."""
        card, origin = self.card, self.origin
        assert card is not None and origin is not None
        if self.from_stock:
            self.seats[origin].discards.append(card)  # dead, face up in A's area
            self.in_air = False
            events.append(Event("unclaimed", {"seat": origin, "card": code(card)}))
        self._reveal(after(origin, PLAYERS), events)

    def _ask_discard(self, seat: int, events: list[Event]) -> None:
        self.phase, self.discarder, self.turn = DISCARD, seat, seat
        self.card = self.origin = None
        hand = self.seats[seat].hand
        choices = [c for c in range(N_IDS) if hand[c]]
        if len(choices) == 1:  # no real choice: the engine discards it (architecture §2)
            self._then(type(self)._discard, seat, choices[0], events=events)

    def _discard(self, seat: int, card: int, events: list[Event]) -> None:
        """PHZ-9: the discard is offered for pao, peng and the next player's chi (PHZ-6)."""
        h = self.seats[seat]
        h.hand[card] -= 1
        h.discards.append(card)
        h.chi_stale.add(card)  # PHZ-12: your own discard bans chi and peng of it
        if self.OWN_DISCARD_BARS_PENG:
            h.peng_stale.add(card)
        self._hand_used(seat, card)
        events.append(Event("discard", {"seat": seat, "card": code(card)}))
        self.phase, self.discarder = CLAIMS, None
        self.card, self.from_stock, self.origin = card, False, seat
        self._open_claims(events)

    def _hand_used(self, seat: int, card: int) -> None:
        """The dealer publicly used a concealed copy of the shown card: no longer known held."""
        if seat == self.dealer and card == self.shown:
            self.shown_live = False

    # --- the end (PHZ-11, PHZ-13, PHZ-14) ---------------------------------------------------

    def _win(self, seat: int, card: int | None, events: list[Event]) -> None:
        h = self.seats[seat]
        origin = self.origin if card is not None else seat
        if card is None:  # after a compulsory wei or ti: the card lies in the new group
            breakdown = win_breakdown(h, None, FREE)
            winning = self.revealed
        else:
            assert origin is not None
            found = best_win(h, card, win_upgrades(seat, origin))
            assert found is not None
            breakdown = win_breakdown(h, card, found[0])
            assert breakdown["huxi"] == found[1]
            winning = card
        assert winning is not None
        breakdown.update({"winning_card": code(winning), "from": origin, "heavenly": False})
        events.append(
            Event(
                "win",
                {
                    "seat": seat,
                    "card": code(winning),
                    "huxi": breakdown["huxi"],
                    "tun": breakdown["tun"],
                    "heavenly": False,
                },
            )
        )
        self._finish(seat, breakdown, events)

    def _finish(self, winner: int | None, breakdown: dict[str, Any], events: list[Event]) -> None:
        self.phase = OVER
        self.window = None
        self.discarder = None
        if winner is None:
            scores = (0,) * PLAYERS
        else:
            t = int(breakdown["tun"])
            scores = tuple(2 * t if s == winner else -t for s in range(PLAYERS))
            breakdown["payments"] = list(scores)
        self._result = Result(() if winner is None else (winner,), scores, breakdown)
