"""The Nantong game: dealing from a seed or from an explicit position (NT§2.1, §2.2)."""

from __future__ import annotations

from typing import Any

from cardavia.games.nantong.cards import (
    N_IDS,
    NOTATION,
    code,
    codes,
    full_deck,
)
from cardavia.games.nantong.melds import Meld
from cardavia.games.nantong.state import HAND, PLAYERS, NantongState
from cardavia.rules import dealing, positions
from cardavia.rules.core import Event, Game
from cardavia.rules.errors import InvalidActionError, InvalidPositionError
from cardavia.rules.seats import order_from

INDICATORS = 2
STARTS = ("opening", "draw", "discard")


POSITION_KEYS = frozenset(
    {"dealer", "turn", "start", "indicators", "hands", "discards", "melds", "stock", "ready"}
)
_READ = positions.PositionReader(PLAYERS, NOTATION)
_seat, _cards, _per_seat = _READ.seat, _READ.cards, _READ.per_seat


class Nantong(Game):
    name = "nantong"
    title = "Nantong long cards"
    players = PLAYERS
    rules_version = "nantong/1"
    notation = NOTATION
    breakdown_keys_added_later = frozenset({"winning_card_group"})  # 2026-11-30

    def new_deal(self, seed: int, dealer: int | None = None, lazy: bool = False) -> NantongState:
        """NT§2.1: shuffle; a random dealer unless given (Next deal passes it on, Restart draws a
        new one); the dealer gets 23, the others 22; 2 indicators; a 51-card stock."""
        deck, dealer = dealing.shuffled(seed, full_deck(), PLAYERS, dealer)
        order = order_from(dealer, PLAYERS)
        *dealt, indicators, stock = dealing.cut(  # the stock front first
            deck, [HAND + (s == dealer) for s in order] + [INDICATORS]
        )
        hands = [dealt[order.index(s)] for s in range(PLAYERS)]
        return _build(self, dealer, hands, indicators, stock, lazy)

    def from_position(self, position: dict[str, Any], lazy: bool = False) -> NantongState:
        """An explicit arrangement (module `position_of` gives one back):

        - `dealer` (seat), `indicators` (2 codes), `hands` (concealed cards per seat), `stock`
          (codes from the front, drawn first, to the back, where replacements come from);
        - optional, for positions in mid-deal: `melds` per seat (texts like "pong 5S",
          "kong R", "added 5S", "concealed 3C", "four 7M", "three 5C", "hezi 4C"), `discards` per
          seat, `ready` (seats that declared ready), `start` ("opening", the default: the
          opening phase from the dealer; "draw": seat `turn` draws first; "discard": seat `turn`
          must discard) and `turn` (default: the dealer).
        """
        position = positions.opened(position, POSITION_KEYS)
        try:
            dealer = _seat(position.get("dealer"), "dealer")
            turn = _seat(position.get("turn", dealer), "turn")
            start = position.get("start", "opening")
            if start not in STARTS:
                raise InvalidPositionError(f"start must be one of {', '.join(STARTS)}")
            indicators = _cards(position.get("indicators"), "indicators")
            hands = _per_seat(position, "hands", required=True)
            discards = _per_seat(position, "discards")
            melds_raw = position.get("melds") or [[] for _ in range(PLAYERS)]
            if not isinstance(melds_raw, list) or len(melds_raw) != PLAYERS:
                raise InvalidPositionError(f"melds must list {PLAYERS} seats")
            melds = [
                [Meld.parse(m) if isinstance(m, str) else _bad_meld(m) for m in ms]
                for ms in melds_raw
            ]
            stock = _cards(position.get("stock", []), "stock")
            ready_raw = position.get("ready") or []
            ready = [_seat(s, "ready") for s in ready_raw]
        except InvalidActionError as err:
            raise InvalidPositionError(str(err)) from None
        if len(indicators) != INDICATORS:
            raise InvalidPositionError(f"indicators must be {INDICATORS} cards")
        for s in range(PLAYERS):
            for m in melds[s]:
                if m.kind == "three" and m.card not in indicators:
                    raise InvalidPositionError(
                        f"seat {s}: 'three {code(m.card)}' needs an indicator of that card (NT§2.4)"
                    )
                if m.kind == "hezi" and list(indicators) != [m.card, m.card]:
                    raise InvalidPositionError(
                        f"seat {s}: a Hezi needs two {code(m.card)} indicators (NT§2.5)"
                    )
        _check_deck(hands, melds, discards, indicators, stock)
        state = NantongState(self)
        state.lazy = lazy
        state.dealer = dealer
        state.indicators = (indicators[0], indicators[1])
        for s in range(PLAYERS):
            state.hands[s] = _counts(hands[s])
            state.melds[s] = list(melds[s])
            state.discards[s] = list(discards[s])
            state.ready[s] = s in ready
        state.stock = list(reversed(stock))
        big = {"opening": dealer, "discard": turn, "draw": None}[start]
        for s in range(PLAYERS):
            groups = sum(1 for m in melds[s] if m.is_group)
            want = HAND + (s == big) - 3 * groups
            if sum(state.hands[s]) != want:
                raise InvalidPositionError(
                    f"seat {s} holds {sum(state.hands[s])} concealed cards with {groups} groups "
                    f"set down: expected {want} (NT§2.1)"
                )
        if start == "opening":
            if any(melds) or any(discards) or ready:
                raise InvalidPositionError("an opening position has no melds, discards or ready")
            state.original = [list(h) for h in state.hands]
            state.opening = _deal_events(state)
            state.start(state.opening)
            return state
        state.setup_done = [True] * PLAYERS
        state.dealer_discarded = True
        state.opening = _deal_events(state)
        if start == "draw":
            if not state.stock:
                raise InvalidPositionError("a 'draw' start needs a stock")
            state._start_turn(turn, state.opening)
        else:
            if state.ready[turn]:
                raise InvalidPositionError("a ready seat never discards without drawing")
            state.phase, state.turn, state.step = "turn", turn, "pong"
        state._advance(state.opening)
        return state


def _build(
    game: Nantong,
    dealer: int,
    hands: list[list[int]],
    indicators: list[int],
    stock: list[int],
    lazy: bool = False,
) -> NantongState:
    state = NantongState(game)
    state.lazy = lazy
    state.dealer = dealer
    state.indicators = (indicators[0], indicators[1])
    for s in range(PLAYERS):
        state.hands[s] = _counts(hands[s])
        state.original[s] = _counts(hands[s])
    state.stock = list(reversed(stock))
    state.opening = _deal_events(state)
    state.start(state.opening)
    return state


def _deal_events(state: NantongState) -> list[Event]:
    """The deal: public sizes and indicators, and each seat's own cards privately (NT§2.1)."""
    events = [
        Event(
            "deal",
            {
                "dealer": state.dealer,
                "indicators": [code(c) for c in state.indicators],
                "concealed": [sum(h) for h in state.hands],
                "stock": len(state.stock),
            },
        )
    ]
    for s in range(PLAYERS):
        events.append(
            Event(
                "hand",
                {
                    "seat": s,
                    "cards": codes(c for c in range(N_IDS) for _ in range(state.hands[s][c])),
                },
                seat=s,
            )
        )
    return events


def position_of(state: NantongState) -> dict[str, Any]:
    """The JSON position of a state between turns (for tests and bug reports)."""
    return {
        "dealer": state.dealer,
        "indicators": [code(c) for c in state.indicators],
        "hands": [codes(c for c in range(N_IDS) for _ in range(h[c])) for h in state.hands],
        "melds": [[m.text() for m in ms] for ms in state.melds],
        "discards": [[code(c) for c in d] for d in state.discards],
        "ready": [s for s in range(PLAYERS) if state.ready[s]],
        "stock": [code(c) for c in reversed(state.stock)],
    }


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * N_IDS
    for c in cards:
        counts[c] += 1
    return counts


def _check_deck(
    hands: list[list[int]],
    melds: list[list[Meld]],
    discards: list[list[int]],
    indicators: list[int],
    stock: list[int],
) -> None:
    every = [c for h in hands for c in h] + [c for d in discards for c in d]
    every += [m.card for ms in melds for m in ms for _ in range(m.size)] + indicators + stock
    positions.check_deck(every, NOTATION)


def _bad_meld(value: Any) -> Meld:
    raise InvalidPositionError(f"a meld must be a text like 'pong 5S', not {value!r}")
