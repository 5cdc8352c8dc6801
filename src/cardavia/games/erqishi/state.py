"""One Two Seven Ten deal: Paohuzi's state machine (as PHZ-2 … PHZ-14) with this game's card
flow (clause ids refer to rules/erqishi.md):

- the opening lays dealt fours out face up as ti, dealt triples as kans, then offers the dealer
  a heavenly win on a complete dealt hand (ER-4);
- a turned-up card goes straight to the claims: no compulsory step comes before a win (ER-6);
- wins are allowed on discards too, and a compulsory four (pao) ranks below every win (ER-7,
  ER-8): the engine makes it once nobody takes a win;
- your own discard, or a declined chi, bars chi and win with that card (ER-14);
- settlement in units by bands; the discarder alone pays 3u for a win on a discard (ER-15).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from cardavia.games.erqishi import options
from cardavia.games.erqishi.observation import ClaimFacts, ErqishiObservation
from cardavia.games.erqishi.scoring import ERQISHI, UPGRADES, payments, units
from cardavia.games.paohuzi.actions import chi_groups, parse_one
from cardavia.games.paohuzi.cards import N_IDS, code, codes
from cardavia.games.paohuzi.groups import identical_huxi
from cardavia.games.paohuzi.options import PLAYERS
from cardavia.games.paohuzi.scoring import FREE, best_win, win_breakdown
from cardavia.games.paohuzi.state import PaohuziState
from cardavia.rules.claims import ClaimWindow
from cardavia.rules.core import Event, Result


class ErqishiState(PaohuziState):
    SCORING = ERQISHI
    OWN_DISCARD_BARS_PENG = False  # ER-14: your discard bars chi and win only
    TI_FACE_DOWN = False  # ER-4, A-ER-17

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        # Public: identities turned up or discarded since the deal. A seat that made no four
        # on one holds no kan of it (ER-8), which `sample_world` keeps.
        self.played: set[int] = set()
        # Public: each seat's own discards, the passed records everyone can see (ER-17).
        self.discarded: list[set[int]] = [set() for _ in range(PLAYERS)]

    def clone(self) -> ErqishiState:
        other = cast(ErqishiState, super().clone())
        other.played = set(self.played)
        other.discarded = [set(d) for d in self.discarded]
        return other

    def sample_world(self, seat: int, rng: random.Random) -> ErqishiState:
        from cardavia.games.paohuzi.world import sample_world

        return cast(ErqishiState, sample_world(self, seat, rng))

    def _hand_cap(self, seat: int, card: int) -> int:
        # ER-8: a kan that met its 4th card became a pao, unless that card is still under
        # claim (its holder may be choosing between a win and the four)
        return 2 if card in self.played and card != self.card else 3

    def _forget_private(self, seats: list[int]) -> None:
        """ER-17: another seat's declined offers are private; its own discards are public."""
        for s in seats:
            h = self.seats[s]
            h.chi_stale, h.peng_stale = set(self.discarded[s]), set()

    # Paohuzi's view with this game's group kinds and seat fields: a subtype in content, not
    # in mypy's eyes (the group-kind Literal differs).
    def observation(self, seat: int | None) -> ErqishiObservation:  # type: ignore[override]
        obs = cast(ErqishiObservation, super().observation(seat))
        for s, view in enumerate(obs["seats"]):
            view["passed"] = codes(self.discarded[s])  # public: discards (ER-14, ER-17)
        return obs

    # --- the opening (ER-3, ER-4) ---------------------------------------------------------

    def start(
        self, hands: list[list[int]], turn: tuple[int, str] | None, events: list[Event]
    ) -> None:
        for s in range(PLAYERS):
            hand = codes(c for c in range(N_IDS) for _ in range(hands[s][c]))
            events.append(Event("deal", {"seat": s, "hand": hand}, seat=s))
        if self.shown is not None:
            events.append(Event("shown", {"seat": self.dealer, "card": code(self.shown)}))
        self._lay_out(hands, events)  # ER-4 steps 1-2: ti face up, kans locked
        if self.seats[self.dealer].group_of("ti", self.shown if self.shown is not None else -1):
            self.shown_live = False  # the shown card lies face up in the dealer's ti
        for s, h in enumerate(self.seats):
            self.discarded[s] = set(h.chi_stale) & set(h.discards)
            self.played.update(h.discards)
        if turn is None and self._win_in_hand(self.dealer):
            # ER-4 step 3: the dealer may declare the heavenly win (A-ER-13); declining it
            # leads to the opening discard, or a dead hand (ER-12)
            self.window = ClaimWindow(
                (self.dealer - 1) % PLAYERS, PLAYERS, {self.dealer: {"win": options.RANK_WIN}}
            )
            self.window_kind = "win"
            self.turn = self.dealer
            return
        self._begin(turn, events)

    # --- turned-up and discarded cards (ER-6, ER-7) ---------------------------------------

    def _turned_up(self, seat: int, c: int, events: list[Event]) -> None:
        self.played.add(c)
        self._open_claims(events)  # ER-6: no step before the win (A-ER-8)

    def _claims(self, seat: int) -> dict[str, int]:
        assert self.card is not None and self.origin is not None
        return options.seat_options(self.seats, seat, self.card, self.origin, self.from_stock)

    def _passable(self) -> Callable[[int], bool]:
        return lambda s: not options.must_claim(self._claims(s))

    def _discard(self, seat: int, card: int, events: list[Event]) -> None:
        self.played.add(card)
        self.discarded[seat].add(card)
        super()._discard(seat, card, events)

    def _unclaimed(self, events: list[Event]) -> None:
        """Nobody won: the compulsory four is made (ER-8), else the card lies dead (ER-6 step
        5) or stays in the discarder's area (ER-7 step 5)."""
        card, origin = self.card, self.origin
        assert card is not None and origin is not None
        holder = options.four_holder(self.seats, card, origin, self.from_stock)
        if holder is not None:
            self._take(holder, f"pao {code(card)}", events)
        else:
            super()._unclaimed(events)

    # --- the end (ER-13, ER-15) -----------------------------------------------------------

    def _win(self, seat: int, card: int | None, events: list[Event]) -> None:
        h = self.seats[seat]
        if card is None:  # ER-4 step 3: the heavenly win, paid as on a turned-up card
            breakdown = win_breakdown(h, None, FREE, ERQISHI)
            origin, source = None, None
        else:
            found = best_win(h, card, UPGRADES, ERQISHI)
            assert found is not None
            breakdown = win_breakdown(h, card, found[0], ERQISHI)
            assert breakdown["huxi"] == found[1]
            origin, source = self.origin, ("reveal" if self.from_stock else "discard")
        discarder = origin if source == "discard" else None
        breakdown.update(
            {
                "winning_card": code(card) if card is not None else None,
                "from": origin,
                "source": source,
                "discarder": discarder,
                "heavenly": card is None,
                "payments": payments(seat, int(breakdown["units"]), discarder),
            }
        )
        events.append(
            Event(
                "win",
                {
                    "seat": seat,
                    "card": breakdown["winning_card"],
                    "from": origin,
                    "source": source,
                    "huxi": breakdown["huxi"],
                    "units": breakdown["units"],
                    "heavenly": card is None,
                },
            )
        )
        self._finish(seat, breakdown, events)

    def _finish(self, winner: int | None, breakdown: dict[str, Any], events: list[Event]) -> None:
        self.phase = "over"
        self.window = None
        self.discarder = None
        scores = (0,) * PLAYERS if winner is None else tuple(breakdown["payments"])
        self._result = Result(() if winner is None else (winner,), scores, breakdown)

    # --- what the client shows beside an action -------------------------------------------

    def action_facts(self, seat: int) -> dict[str, ClaimFacts]:
        out: dict[str, ClaimFacts] = {}
        for text in self.legal_actions(seat):
            verb = text.split()[0]
            facts: ClaimFacts = {
                "kind": verb,
                "huxi": None,
                "units": None,
                "payments": None,
                "compulsory": False,
            }
            if verb == "win":
                h = self.seats[seat]
                found = (
                    best_win(h, self.card, UPGRADES, ERQISHI)
                    if self.card is not None
                    else (best_win(h, None, (), ERQISHI))
                )
                if found is not None:
                    u = units(found[1])
                    discarder = (
                        self.origin if self.card is not None and not self.from_stock else None
                    )
                    facts["huxi"], facts["units"] = found[1], u
                    facts["payments"] = payments(seat, u, discarder)
            elif verb in ("pao", "peng"):
                facts["huxi"] = identical_huxi(verb, parse_one(text))
                facts["compulsory"] = verb == "pao"  # ER-8
            elif verb == "chi":
                chi, bis = chi_groups(text.split()[1:])
                facts["huxi"] = sum(ERQISHI.splits.chi_value(g) for g in [chi, *bis])
            out[text] = facts
        return out
