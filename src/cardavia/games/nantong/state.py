"""One Nantong deal: the opening phase, turns, claims on a discard, robbing an added kong, the
last card and exhaustion (NT§2-§3), scored by `scoring` (NT§4).

Clause ids refer to `shared/rules/nantong.md`. Draws and forced moves are not decisions, so the
engine makes them itself; a seat is asked only when it has a real choice.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Literal

from cardavia.games.nantong.actions import canonical, why_illegal
from cardavia.games.nantong.cards import (
    CODES,
    COPIES,
    N_IDS,
    cards_of,
    code,
    codes,
    counts_of,
    parse_card,
)
from cardavia.games.nantong.hands import is_complete, waits
from cardavia.games.nantong.melds import Meld
from cardavia.games.nantong.observation import GroupKind, NantongObservation, Phase, ReadyFacts
from cardavia.games.nantong.scoring import (
    Score,
    WinFacts,
    base_score,
    settle,
    units,
    winner_score,
)
from cardavia.rules.claims import ClaimWindow
from cardavia.rules.core import Event, Result, State
from cardavia.rules.dealing import redeal
from cardavia.rules.seats import after

if TYPE_CHECKING:
    from cardavia.games.nantong.game import Nantong

PLAYERS = 3
HAND = 22  # NT§2.1: non-dealers are dealt 22, the dealer 23
GROUPS = 7  # NT§1.1: seven groups plus a pair
RANK_WIN, RANK_MELD = 1, 2  # NT§3.2: a win is settled before pong and kong claims

_DISCARD = tuple(f"discard {c}" for c in CODES)
_DECLARATIONS: dict[str, GroupKind] = {"four": "four", "three": "three", "hezi": "hezi"}
_KONG = tuple(f"kong {c}" for c in CODES)


class NantongState(State):
    def __init__(self, game: Nantong) -> None:
        super().__init__(game)
        self.dealer = 0
        self.indicators: tuple[int, int] = (0, 0)
        self.hands: list[list[int]] = [[0] * N_IDS for _ in range(PLAYERS)]
        self.original: list[list[int]] = [[0] * N_IDS for _ in range(PLAYERS)]  # NT§2.2
        self.melds: list[list[Meld]] = [[] for _ in range(PLAYERS)]
        self.discards: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.stock: list[int] = []  # the front (next draw) is stock[-1], the back stock[0]
        self.ready = [False] * PLAYERS
        self.setup_done = [False] * PLAYERS
        self.phase: Phase = "opening"
        self.opener = 0
        self.turn = 0
        # the turn's step: "first" the dealer's first turn without a draw (NT§2.7, NT A-16);
        # "draw" after a front draw; "replacement" after a kong's back draw (win or discard,
        # NT§3.1); "pong" after a pong (discard only, NT§3.2)
        self.step = "first"
        self.drawn: int | None = None  # the card the seat to play just drew
        self.window: ClaimWindow | None = None
        self.claim_card: int | None = None
        self.claim_from: int | None = None
        self.claim_kind: Literal["discard", "rob"] | None = None  # "rob": an added kong's card
        self.first_discard = False  # the card under claim is the dealer's first discard
        self.dealer_discarded = False
        self._legal: dict[int, list[str]] = {}

    # --- the protocol ---------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        if self._held is not None:
            return ()
        if self.phase == "opening":
            return (self.opener,)
        if self.phase == "turn":
            return (self.turn,)
        if self.phase == "claim" and self.window is not None:
            return self.window.pending()
        return ()

    def public_to_act(self) -> tuple[int, ...]:
        # Only seats holding a claim are asked; which ones must stay private (architecture §2).
        # Whose opening or turn it is shows, whether or not a lazy deal holds a forced move.
        if self.phase == "opening":
            return (self.opener,)
        return (self.turn,) if self.phase == "turn" else ()

    def legal_actions(self, seat: int) -> list[str]:
        if self._held is not None:
            return []
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._compute_legal(seat)
        return list(cached)

    _parse = staticmethod(canonical)

    def _why_illegal(self, seat: int, text: str, legal: list[str]) -> str:
        return why_illegal(self, seat, text, legal)

    def card_locations(self) -> Iterator[Sequence[int]]:
        """NT§2.1: 120 cards in all, indicators included, four of each identity."""
        yield self.stock
        yield self.indicators
        for s in range(PLAYERS):
            yield cards_of(self.hands[s])
            yield self.discards[s]
            yield from ([m.card] * m.size for m in self.melds[s])
        if self.claim_kind == "rob" and self.claim_card is not None:
            yield [self.claim_card]  # an added kong's card, open to robbing

    def effective(self, seat: int) -> int:
        """Concealed cards plus 3 per group set down: 22 between turns, 23 for the seat to play
        (NT§2.1; a kong's fourth card is paid back by its replacement, a Hezi by its two)."""
        return sum(self.hands[seat]) + 3 * sum(1 for m in self.melds[seat] if m.is_group)

    def observation(self, seat: int | None) -> NantongObservation:
        window = self.window
        return {
            "game": self.game.name,
            "seat": seat,
            "dealer": self.dealer,
            "indicators": [code(c) for c in self.indicators],
            "phase": self.phase,
            "opener": self.opener if self.phase == "opening" else None,
            "turn": self.turn if self.phase == "turn" else None,
            "public_card": code(self.claim_card) if self.claim_card is not None else None,
            "claim": self.claim_kind,
            "offered_by": self.claim_from,
            "first_discard": self.first_discard,
            "stock": len(self.stock),
            "seats": [
                {
                    "seat": s,
                    "groups": [m.to_json() for m in self.melds[s]],
                    "discards": [CODES[c] for c in self.discards[s]],
                    "concealed": sum(self.hands[s]),
                    "ready": self.ready[s],
                    "setup_done": self.setup_done[s],
                }
                for s in range(PLAYERS)
            ],
            "hand": _hand_codes(self.hands[seat]) if seat is not None else [],
            "drawn": code(self.drawn)
            if self.drawn is not None and self.phase == "turn" and self.turn == seat
            else None,
            "my_answer": window.answers.get(seat) if window and seat is not None else None,
            "result": self._result.to_json() if self._result is not None else None,
        }

    def clone(self) -> NantongState:
        other = NantongState.__new__(NantongState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.original = [list(h) for h in self.original]
        other.melds = [list(ms) for ms in self.melds]
        other.discards = [list(d) for d in self.discards]
        other.stock = list(self.stock)
        other.ready = list(self.ready)
        other.setup_done = list(self.setup_done)
        other.window = self.window.copy() if self.window is not None else None
        other._actions = list(self._actions)
        other.opening = list(self.opening)
        other._legal = {}
        return other

    def sample_world(self, seat: int, rng: random.Random) -> NantongState:
        """Other seats' concealed cards and the stock order dealt anew (their sizes, which of
        their cards were dealt originally, and who is ready stay as seen)."""
        world = self._world_copy(seat)
        others = [s for s in range(PLAYERS) if s != seat]
        unseen = [c for s in others for c in cards_of(self.hands[s])] + self.stock
        *hands, world.stock = redeal(unseen, [sum(self.hands[s]) for s in others], rng)
        for s, mine in zip(others, hands, strict=True):
            world.hands[s] = counts_of(mine)
            world.original[s] = counts_of(mine[: sum(self.original[s])])
            if self.phase == "turn" and self.turn == s and self.drawn is not None:
                world.drawn = mine[-1]
        if self.window is not None:
            world.window = self.window.reopen_for(seat, world._claims)
            if world.window is None or world.window.complete():
                events: list[Event] = []
                if world.window is None:
                    world.window = ClaimWindow(self.window.origin, PLAYERS, {}, {})
                world._resolve(events)
                world._advance(events)
        return world

    # --- legal actions ----------------------------------------------------------------------

    def _compute_legal(self, seat: int) -> list[str]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < PLAYERS:
            return []
        if self.phase == "opening":
            return self._opening_options(seat) if seat == self.opener else []
        if self.phase == "turn":
            return self._turn_options(seat) if seat == self.turn else []
        if self.phase == "claim" and self.window is not None:
            return self.window.legal(seat)
        return []

    def _opening_options(self, seat: int) -> list[str]:
        """NT§2.3-§2.6: declarations from the original deal, ready for non-dealers, finish."""
        orig = self.original[seat]
        ind = self.indicators
        out = [f"four {code(c)}" for c in range(N_IDS) if orig[c] == COPIES]
        out += [f"three {code(c)}" for c in sorted(set(ind)) if orig[c] == 3]
        if ind[0] == ind[1] and orig[ind[0]] == 2:
            out.append(f"hezi {code(ind[0])}")  # NT§2.5
        if seat != self.dealer and self._can_declare_ready(seat):
            out.append("ready")
        out.append("finish")
        return out

    def action_facts(self, seat: int) -> dict[str, ReadyFacts]:
        """The cards a hand declaring ready would wait for (NT§1.1), so the client shows them
        without a winning-hand search of its own."""
        if "ready" not in self.legal_actions(seat):
            return {}
        return {"ready": {"kind": "ready", "waits": [code(c) for c in waits(self.hands[seat])]}}

    def _can_declare_ready(self, seat: int) -> bool:
        """NT§2.6, NT A-12: one card from a win, with a winning card the seat cannot see."""
        hand = self.hands[seat]
        shown = [0] * N_IDS
        for ms in self.melds:
            for m in ms:
                shown[m.card] += m.size
        for c in self.indicators:
            shown[c] += 1
        return any(hand[c] + shown[c] < COPIES for c in waits(hand))

    def _turn_options(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        out: list[str] = []
        if self.step in ("draw", "replacement") and is_complete(hand):
            out.append("win")
        if self.ready[seat]:
            # NT§2.6, NT A-13: a ready hand is locked: win or discard the card just drawn.
            assert self.drawn is not None
            return [*out, f"discard {code(self.drawn)}"]
        if self.step in ("draw", "first") and self.stock:  # NT§3.3: kongs need stock
            pongs = {m.card for m in self.melds[seat] if m.kind == "pong"}
            out += [_KONG[c] for c in range(N_IDS) if hand[c] == COPIES or (c in pongs and hand[c])]
        out += [_DISCARD[c] for c in range(N_IDS) if hand[c]]
        return out

    def _claims(self, seat: int) -> dict[str, int]:
        """NT§3.2: what `seat` may claim of the card under claim: win (rank 1), else pong or
        exposed kong (rank 2); never a run, nor the seat's own card. A ready seat may only win
        (NT§3.3); robbing an added kong is a win only (NT§3.1)."""
        card = self.claim_card
        assert card is not None
        if seat == self.claim_from:
            return {}
        rob = self.claim_kind == "rob"
        hand = self.hands[seat]
        opts: dict[str, int] = {}
        hand[card] += 1
        if is_complete(hand):
            opts["win"] = RANK_WIN
        hand[card] -= 1
        if rob or self.ready[seat]:
            return opts
        if hand[card] >= 2:
            opts[f"pong {code(card)}"] = RANK_MELD
        if hand[card] >= 3 and self.stock:
            opts[f"kong {code(card)}"] = RANK_MELD
        return opts

    # --- transitions ------------------------------------------------------------------------

    def start(self, events: list[Event]) -> None:
        """Begin at the opening phase with the dealer (NT§2.2)."""
        self.phase, self.opener = "opening", self.dealer
        self._advance(events)

    def _advance(self, events: list[Event]) -> None:
        """Make the moves that are no choice (a single legal action) for the seat."""
        while self.phase in ("opening", "turn") and self._held is None:
            seat = self.to_act()[0]
            legal = self.legal_actions(seat)
            if len(legal) != 1:
                return
            self._then(NantongState._do, seat, legal[0], events=events)

    def _do(self, seat: int, text: str, events: list[Event]) -> None:
        self._legal = {}
        verb, _, arg = text.partition(" ")
        card = parse_card(arg) if arg else None
        if self.phase == "claim":
            assert self.window is not None
            if self.window.take(seat, text, events):
                self._then(NantongState._resolve, events=events)
        elif self.phase == "opening":
            self._opening_move(seat, verb, card, events)
        elif verb == "win":
            self._win(seat, None, events)
        elif verb == "kong":
            assert card is not None
            self._kong(seat, card, events)
        else:
            assert verb == "discard" and card is not None
            self._discard(seat, card, events)

    def _opening_move(self, seat: int, verb: str, card: int | None, events: list[Event]) -> None:
        declared = _DECLARATIONS.get(verb)
        if declared is not None:
            assert card is not None
            meld = Meld(declared, card)
            self.hands[seat][card] -= meld.size
            self.original[seat][card] -= meld.size
            self.melds[seat].append(meld)
            events.append(
                Event(
                    "declare",
                    {"seat": seat, "group_kind": declared, "cards": meld.to_json()["cards"]},
                )
            )
            # NT§2.3: one replacement from the back; NT§2.5: two; NT§2.4: none. Replacements
            # never join `original`, so they never make a new declaration possible (NT§2.2).
            for _ in range({"four": 1, "three": 0, "hezi": 2}[verb]):
                self._draw(seat, back=True, events=events)
            return
        if verb == "ready":
            self.ready[seat] = True  # NT§2.6: the hand locks
        self.setup_done[seat] = True
        events.append(Event("setup", {"seat": seat, "ready": self.ready[seat]}))
        self.opener = after(self.opener, PLAYERS)
        if self.opener == self.dealer:
            self._after_setup(events)

    def _after_setup(self, events: list[Event]) -> None:
        """NT§2.7: a heavenly win, or the dealer plays first without drawing."""
        self.phase, self.turn, self.step, self.drawn = "turn", self.dealer, "first", None
        if is_complete(self.hands[self.dealer]):
            self._win(self.dealer, None, events, heavenly=True)

    def _draw(self, seat: int, back: bool, events: list[Event]) -> int:
        card = self.stock.pop(0) if back else self.stock.pop()
        self.hands[seat][card] += 1
        where = "back" if back else "front"
        events.append(Event("draw", {"seat": seat, "from": where, "stock": len(self.stock)}))
        events.append(Event("drew", {"seat": seat, "card": code(card), "from": where}, seat=seat))
        return card

    def _start_turn(self, seat: int, events: list[Event], back: bool = False) -> None:
        """NT§3.1: draw from the front, or (after a kong) a replacement from the back."""
        self.phase, self.turn = "turn", seat
        self.step = "replacement" if back else "draw"
        self.drawn = self._draw(seat, back, events)

    def _kong(self, seat: int, card: int, events: list[Event]) -> None:
        hand = self.hands[seat]
        if hand[card] == COPIES:  # NT§3.1 concealed kong
            hand[card] = 0
            self.melds[seat].append(Meld("concealed", card))
            events.append(
                Event("kong", {"seat": seat, "group_kind": "concealed", "card": code(card)})
            )
            self._start_turn(seat, events, back=True)
            return
        # NT§3.1 added kong: opponents may first rob the card to win.
        hand[card] -= 1
        self.drawn = None
        events.append(Event("add_kong", {"seat": seat, "card": code(card)}))
        self.claim_card, self.claim_from, self.claim_kind = card, seat, "rob"
        self.phase = "claim"
        self.window = ClaimWindow.open(seat, PLAYERS, self._claims)
        if self.window is None:
            self._then(NantongState._complete_added_kong, events=events)

    def _complete_added_kong(self, events: list[Event]) -> None:
        seat, card = self.claim_from, self.claim_card
        assert seat is not None and card is not None
        melds = self.melds[seat]
        i = melds.index(Meld("pong", card))
        melds[i] = Meld("added", card)
        self._clear_claim()
        events.append(Event("kong", {"seat": seat, "group_kind": "added", "card": code(card)}))
        self._start_turn(seat, events, back=True)

    def _discard(self, seat: int, card: int, events: list[Event]) -> None:
        self.hands[seat][card] -= 1
        self.discards[seat].append(card)
        self.drawn = None
        # NT A-17: the earthly win is a win on the dealer's very first discard.
        self.first_discard = seat == self.dealer and not self.dealer_discarded
        if seat == self.dealer:
            self.dealer_discarded = True
        events.append(Event("discard", {"seat": seat, "card": code(card)}))
        self.claim_card, self.claim_from, self.claim_kind = card, seat, "discard"
        self.phase = "claim"
        self.window = ClaimWindow.open(seat, PLAYERS, self._claims)
        if self.window is None:
            self._then(NantongState._unclaimed, events=events)

    def _clear_claim(self) -> None:
        self.window = None
        self.claim_card = self.claim_from = self.claim_kind = None
        self.first_discard = False

    def _unclaimed(self, events: list[Event]) -> None:
        """NT§3.3: an untaken discard on an empty stock ends the deal as exhausted."""
        origin = self.claim_from
        assert origin is not None
        self._clear_claim()
        if not self.stock:
            self._finish(None, events)
        else:
            self._start_turn(after(origin, PLAYERS), events)

    def _resolve(self, events: list[Event]) -> None:
        """NT§3.2: every answer is in; the highest claim (seat order from the discarder) wins."""
        assert self.window is not None and self.claim_card is not None
        award = self.window.award()
        card, origin, kind = self.claim_card, self.claim_from, self.claim_kind
        assert origin is not None
        if award is None:
            if kind == "rob":
                self._complete_added_kong(events)
            else:
                self._unclaimed(events)
            return
        seat, text = award
        if kind == "discard":
            self.discards[origin].pop()  # the claimed card leaves the discarder's pile
        if text == "win":
            earthly = self.first_discard
            self._clear_claim()
            self.hands[seat][card] += 1
            self._win(seat, card, events, origin=origin, robbed=kind == "rob", earthly=earthly)
            return
        self._clear_claim()
        verb = text.split()[0]
        hand = self.hands[seat]
        events.append(Event(verb, {"seat": seat, "card": code(card), "from": origin}))
        if verb == "pong":
            hand[card] -= 2
            self.melds[seat].append(Meld("pong", card))
            self.phase, self.turn, self.step, self.drawn = "turn", seat, "pong", None
        else:
            hand[card] -= 3
            self.melds[seat].append(Meld("kong", card))
            self._start_turn(seat, events, back=True)

    def _win(
        self,
        seat: int,
        card: int | None,
        events: list[Event],
        origin: int | None = None,
        robbed: bool = False,
        earthly: bool = False,
        heavenly: bool = False,
    ) -> None:
        """NT§4: score every player, the winner's best split, and settle pairwise."""
        on_discard = origin is not None
        if not on_discard and not heavenly:
            card = self.drawn
        facts = WinFacts(
            winning_card=card,
            on_discard=on_discard,
            self_drawn=not on_discard and not heavenly,
            kong_replacement=not on_discard and self.step == "replacement",
            heavenly=heavenly,
            earthly=earthly,
            ready=self.ready[seat],
            last_card=not on_discard and not heavenly and not self.stock,
        )
        events.append(
            Event(
                "win",
                {
                    "seat": seat,
                    "card": code(card) if card is not None else None,
                    "from": origin,
                    "robbed": robbed,
                    "self_drawn": facts.self_drawn,
                },
            )
        )
        scores: list[Score] = []
        for s in range(PLAYERS):
            if s == seat:
                scores.append(winner_score(self.melds[s], self.hands[s], self.indicators, facts))
            else:
                scores.append(base_score(units(self.melds[s], self.hands[s], self.indicators)))
        win = {
            "seat": seat,
            "card": code(card) if card is not None else None,
            "from": origin,
            "robbed": robbed,
            **{
                k: getattr(facts, k)
                for k in (
                    "self_drawn",
                    "kong_replacement",
                    "heavenly",
                    "earthly",
                    "ready",
                    "last_card",
                )
            },
        }
        self._finish(seat, events, scores, win)

    def _finish(
        self,
        winner: int | None,
        events: list[Event],
        scores: list[Score] | None = None,
        win: dict[str, Any] | None = None,
    ) -> None:
        """NT§1.2, §4.11: an exhausted deal settles base hu only."""
        if scores is None:
            scores = [
                base_score(units(self.melds[s], self.hands[s], self.indicators))
                for s in range(PLAYERS)
            ]
            events.append(Event("exhausted", {}))
        self.phase = "over"
        self.window = None
        self.drawn = None
        net = settle([sc.rounded for sc in scores])
        breakdown = {
            "reason": "win" if winner is not None else "exhausted",
            "indicators": [code(c) for c in self.indicators],
            "win": win,
            "players": [
                {
                    "seat": s,
                    **scores[s].to_json(),
                    "melds": [m.to_json() for m in self.melds[s]],
                    "concealed": codes(cards_of(self.hands[s])),
                    "settlement": net[s],
                }
                for s in range(PLAYERS)
            ],
            "settlement": net,
        }
        self._result = Result(() if winner is None else (winner,), tuple(net), breakdown)


def _hand_codes(hand: list[int]) -> list[str]:
    return [CODES[c] for c in range(N_IDS) for _ in range(hand[c])]
