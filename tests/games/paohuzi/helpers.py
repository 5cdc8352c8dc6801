"""Position builders and small tools for the Paohuzi tests (spec: shared/rules/paohuzi.md).

`build` takes only the cards an example fixes (concealed cards and groups per seat, the next
stock cards, discard areas) and places the rest of the 80 cards deterministically so that they
cannot interfere with the example:

- a seat owning fewer cards than it must is topped up with exposed 0-huxi chi-type groups
  (they can never be claimed on or upgraded) and a few concealed *spare* singles, so that it
  still has a card to discard after a claim;
- a spare single is never a copy, or a chi-type partner, of a *watched* card (the fixed stock
  cards plus `watch`), never pairs with another concealed card of its seat, and never a copy of
  a card the seat already holds;
- `extra_stock` more cards follow the fixed stock cards (default none, so the deal ends right
  after the example; None: every leftover card); the surplus becomes dead cards at the bottom
  of the discard areas.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardavia.games.paohuzi.cards import N_IDS, code, codes, full_deck, parse_cards
from cardavia.games.paohuzi.game import Paohuzi
from cardavia.games.paohuzi.groups import CHI_GROUPS, CHI_GROUPS_WITH, chi_huxi
from cardavia.games.paohuzi.state import PaohuziState
from cardavia.rules.core import Event
from tests.games.common import FillError, leftover, spread
from tests.games.common import answer as answer
from tests.games.common import events_of as events_of
from tests.games.common import hand_of as hand_of
from tests.games.common import snapshot as _snapshot

GAME = Paohuzi()
PLAYERS = 3
HAND = 20

Cards = str | Sequence[str]


def ids(cards: Cards) -> list[int]:
    return parse_cards(cards)


def partners(card: int) -> set[int]:
    """Cards that share a chi-type group with `card` (PHZ-4), and the card itself."""
    return {c for g in CHI_GROUPS_WITH[card] for c in g} | {card}


@dataclass
class Built:
    position: dict[str, Any]
    filled: dict[int, list[str]] = field(default_factory=dict)
    game: Paohuzi = GAME  # or a variant of the family (Two Seven Ten's tests)

    def state(self) -> PaohuziState:
        return self.game.from_position(copy.deepcopy(self.position))


def _group_cards(text: str) -> tuple[str, list[int]]:
    kind, *cards = text.split()
    return kind, parse_cards(cards)


def build(
    *,
    hands: Mapping[int, Cards] | None = None,
    exposed: Mapping[int, Sequence[str]] | None = None,
    stock: Cards = "",
    discards: Mapping[int, Cards] | None = None,
    turn: tuple[int, str] = (0, "reveal"),
    dealer: int = 0,
    watch: Cards = "",
    spare: int = 2,
    owned: Mapping[int, int] | None = None,
    extra_stock: int | None = 0,
    stale: Sequence[Mapping[str, list[str]]] | None = None,
    dead: Sequence[int] = (),
    game: Paohuzi = GAME,
) -> Built:
    """A mid-deal position; see the module doc. `owned`: cards a seat must own (default 20,
    or 21 for the seat whose turn is a discard). Exposed groups are written "peng L9 L9 L9"."""
    hands = dict(hands or {})
    exposed = dict(exposed or {})
    discards = dict(discards or {})
    owned = dict(owned or {})
    fixed_hands = {s: ids(hands.get(s, "")) for s in range(PLAYERS)}
    fixed_groups = {s: [_group_cards(g) for g in exposed.get(s, [])] for s in range(PLAYERS)}
    fixed_discards = {s: ids(discards.get(s, "")) for s in range(PLAYERS)}
    stock_ids = ids(stock)
    watched = set(stock_ids) | set(ids(watch))

    used = Counter(stock_ids)
    for s in range(PLAYERS):
        used.update(fixed_hands[s])
        used.update(c for _, g in fixed_groups[s] for c in g)
        used.update(fixed_discards[s])
    pool = leftover(used, full_deck(), code)

    avoid = set().union(*(partners(c) for c in watched)) if watched else set()
    filled: dict[int, list[str]] = {}
    groups_out: dict[int, list[str]] = {s: list(exposed.get(s, [])) for s in range(PLAYERS)}
    hands_out: dict[int, list[int]] = {s: list(fixed_hands[s]) for s in range(PLAYERS)}
    for s in range(PLAYERS):
        target = owned.get(s, HAND + 1 if turn == (s, "discard") else HAND)
        have = len(fixed_hands[s]) + sum(len(g) for _, g in fixed_groups[s])
        need = target - have
        if need < 0:
            raise FillError(f"seat {s} owns {have} fixed cards, more than {target}")
        if need == 0:
            continue
        singles = min(need, spare + (need - spare) % 3) if need > spare else need
        n_groups = (need - singles) // 3
        added: list[str] = []
        for _ in range(n_groups):
            g = _filler_group(pool, watched)
            if g is None:
                raise FillError(f"seat {s}: no filler group left")
            pool.subtract(g)
            groups_out[s].append("chi " + " ".join(codes(g)))
            added.append("chi " + " ".join(codes(g)))
        for _ in range(singles):
            held = Counter(hands_out[s])
            choices = [
                c
                for c in sorted(pool)
                if pool[c] > 0 and c not in avoid and held[c] == 0 and not (partners(c) & set(held))
            ]
            if not choices:
                choices = [
                    c for c in sorted(pool) if pool[c] > 0 and c not in avoid and held[c] == 0
                ]
            if not choices:
                choices = [
                    c for c in sorted(pool) if pool[c] > 0 and c not in watched and held[c] == 0
                ]
            if not choices:
                raise FillError(f"seat {s}: no safe spare card left")
            pick = max(choices, key=lambda c: (pool[c], -c))
            pool[pick] -= 1
            hands_out[s].append(pick)
            added.append(code(pick))
        filled[s] = added

    rest = sorted(pool.elements(), key=lambda c: (c in avoid, c))
    rest = [c for c in rest if c not in avoid] + [c for c in rest if c in avoid]
    if extra_stock is None:
        stock_all, dead_cards = stock_ids + rest, []
    else:
        stock_all, dead_cards = stock_ids + rest[:extra_stock], rest[extra_stock:]
    piles = spread(dead_cards, PLAYERS)

    position: dict[str, Any] = {
        "dealer": dealer,
        "hands": [codes(hands_out[s]) for s in range(PLAYERS)],
        "exposed": [groups_out[s] for s in range(PLAYERS)],
        "discards": [[code(c) for c in piles[s] + fixed_discards[s]] for s in range(PLAYERS)],
        "stock": [code(c) for c in stock_all],
        "turn": {"seat": turn[0], "step": turn[1]},
    }
    if stale is not None:
        position["stale"] = [dict(x) for x in stale]
    if dead:
        position["dead"] = list(dead)
    built = Built(position, filled, game)
    built.state()  # from_position validates the deck and the counts
    return built


def _filler_group(pool: Counter[int], watched: set[int]) -> tuple[int, ...] | None:
    """A 0-huxi chi-type group from the pool, away from watched cards if possible."""
    candidates = [
        g for g in CHI_GROUPS if chi_huxi(g) == 0 and all(pool[c] >= g.count(c) for c in g)
    ]
    if not candidates:
        return None
    return min(
        candidates, key=lambda g: (sum(c in watched for c in g), -min(pool[c] for c in g), g)
    )


def opening(
    hands: Mapping[int, Cards], dealer: int = 0, stock: Cards = "", shown: str | None = None
) -> dict[str, Any]:
    """A fresh deal: the given hands (topped up from the rest of the deck with distinct cards,
    spread over identities), the dealer 21 cards, the rest in the stock."""
    deck = Counter(full_deck())
    fixed = {s: ids(hands.get(s, "")) for s in range(PLAYERS)}
    stock_ids = ids(stock)
    for cards in [*fixed.values(), stock_ids]:
        deck.subtract(cards)
    if any(n < 0 for n in deck.values()):
        raise FillError("the example uses too many copies")
    out: list[list[int]] = []
    for s in range(PLAYERS):
        want = HAND + 1 if s == dealer else HAND
        hand = list(fixed[s])
        while len(hand) < want:
            held = Counter(hand)
            pick = min(
                (c for c in range(N_IDS) if deck[c] > 0), key=lambda c: (held[c], -deck[c], c)
            )
            deck[pick] -= 1
            hand.append(pick)
        out.append(hand)
    rest = stock_ids + sorted(deck.elements())
    position: dict[str, Any] = {
        "dealer": dealer,
        "hands": [codes(h) for h in out],
        "stock": [code(c) for c in rest],
    }
    if shown is not None:
        position["shown"] = shown
    return position


# --- looking at states ---------------------------------------------------------------------


def snapshot(state: PaohuziState) -> tuple[Any, ...]:
    """Everything a caller can see: every seat's observation and legal actions, to_act."""
    return _snapshot(state, PLAYERS, list(state.stock))


def discards_of(state: PaohuziState, seat: int) -> list[str]:
    return state.observation(seat)["seats"][seat]["discards"]


def groups_of(state: PaohuziState, seat: int) -> list[tuple[str, str, int | None]]:
    """(kind, cards, huxi) of a seat's groups, as the seat itself sees them."""
    return [
        (g["kind"], " ".join(g["cards"] or []), g["huxi"])
        for g in state.observation(seat)["seats"][seat]["groups"]
    ]


def reveal_seats(events: Iterable[Event]) -> list[int]:
    return [e.data["seat"] for e in events if e.kind == "reveal"]


def pass_all(state: PaohuziState, except_seat: int | None = None) -> list[Event]:
    """Every seat owing an answer in the open window passes (except `except_seat`)."""
    events: list[Event] = []
    if state.phase != "claims":
        return events
    for seat in list(state.to_act()):
        if seat != except_seat:
            events += state.apply(seat, "pass")
    return events


def pass_until(state: PaohuziState, done: Callable[[PaohuziState], bool]) -> list[Event]:
    """Pass every open window until `done(state)` holds (fails if the deal ends first)."""
    events: list[Event] = []
    for _ in range(100):
        if done(state):
            return events
        assert state.phase == "claims" and state.to_act(), "the deal went past the example"
        events += pass_all(state)
    raise AssertionError("pass_until did not converge")


def owned(state: PaohuziState, seat: int) -> int:
    return state.seats[seat].owned()
