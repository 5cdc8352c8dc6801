"""Position builders and small tools for the Sì Sè Pái tests (spec: shared/rules/sisepai.md).

`build_position` takes only the cards a worked example fixes (some concealed cards per seat, the
next stock draws, exposed groups, discard piles) and places the rest of the 117-card deck
deterministically so that it cannot interfere with the example:

- every seat that owns fewer than 20 fixed cards is topped up with *filler* cards;
- a filler card is never a copy of a *watched* card (the example's draws, plus any extra card the
  example will discard or offer, given as `watch`), never a card of the same colour and triad
  (K A E, C H N) as a watched card, and never a Soldier if a Soldier is watched. So filler adds no
  identical copy and no mixed-group partner of a watched card (SSP-8);
- every topped-up seat is checked, after filling, not to be complete (SSP-6) with any watched card,
  and not to have gained a copy or a mixed-group partner of one. A fill that breaks this fails
  loudly with `FillError`;
- the remaining cards follow the fixed draws in the stock; with `stock_size`, the cards beyond it
  become dead discards (SSP-7) at the bottom of the discard piles, under any fixed discards.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardavia.games.sisepai.cards import (
    CHARIOT,
    GENERAL,
    N_CHESS,
    SOLDIER,
    code,
    colour,
    counts_of,
    full_deck,
    is_single,
    parse_cards,
    piece,
)
from cardavia.games.sisepai.game import SiSePai
from cardavia.games.sisepai.groups import is_complete
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.rules.core import Event
from tests.games.common import FillError, leftover, spread
from tests.games.common import answer as answer
from tests.games.common import events_of as events_of
from tests.games.common import hand_of as hand_of
from tests.games.common import snapshot as _snapshot

GAME = SiSePai()
PLAYERS = 4
HAND = 20

Cards = str | Sequence[str]


def ids(cards: Cards) -> list[int]:
    """Card ints of a code string (`"rC×4 yE"`) or a list of codes."""
    return parse_cards(cards)


def counts(cards: Cards) -> list[int]:
    return counts_of(ids(cards))


def triad_mates(card: int) -> set[int]:
    """Cards of the same colour that make a command (K A E) or field (C H N) group with `card`."""
    if card >= N_CHESS or piece(card) == SOLDIER:
        return set()
    base = GENERAL if piece(card) < CHARIOT else CHARIOT
    return {colour(card) * 7 + p for p in range(base, base + 3)} - {card}


def forbidden_for_filler(watched: Iterable[int]) -> set[int]:
    """Identities a filler card may not have, so it adds no claim on a watched card."""
    bad: set[int] = set()
    for x in watched:
        bad.add(x)
        bad |= triad_mates(x)
        if x < N_CHESS and piece(x) == SOLDIER:
            bad |= {c * 7 + SOLDIER for c in range(4)}
    return bad


@dataclass
class Built:
    """A position (JSON-like, for `from_position`) plus what the builder filled in."""

    position: dict[str, Any]
    filled: dict[int, list[str]] = field(default_factory=dict)  # seat -> filler codes
    watched: list[str] = field(default_factory=list)

    def state(self) -> SiSePaiState:
        """A fresh state of the position (the first seat has already drawn, SSP-7)."""
        state = GAME.from_position(copy.deepcopy(self.position))
        assert isinstance(state, SiSePaiState)
        return state


def build_position(
    *,
    hands: Mapping[int, Cards] | None = None,
    draws: Cards = "",
    exposed: Mapping[int, Sequence[Cards]] | None = None,
    discards: Mapping[int, Cards] | None = None,
    watch: Cards = "",
    first: int = 0,
    dealer: int | None = None,
    stock_size: int | None = None,
) -> Built:
    """Place the fixed cards, fill the rest deterministically and check the fill (module doc).

    `hands`: fixed concealed cards per seat (a seat with fewer than 20 owned cards is topped up);
    `draws`: the next stock cards, first drawn first (the first seat draws `draws[0]` at once);
    `exposed`: exposed groups per seat; `discards`: fixed discard piles (last = most recent);
    `watch`: further cards (e.g. a card the example discards) fillers must not claim or win on;
    `stock_size`: total stock length before the first draw (default: every leftover card).
    """
    hands = dict(hands or {})
    exposed = dict(exposed or {})
    discards = dict(discards or {})
    fixed_hands = {s: ids(hands.get(s, "")) for s in range(PLAYERS)}
    fixed_exposed = {s: [ids(g) for g in exposed.get(s, [])] for s in range(PLAYERS)}
    fixed_discards = {s: ids(discards.get(s, "")) for s in range(PLAYERS)}
    draw_ids = ids(draws)
    watched = draw_ids + ids(watch)

    used = Counter(draw_ids)
    for s in range(PLAYERS):
        used.update(fixed_hands[s])
        used.update(c for g in fixed_exposed[s] for c in g)
        used.update(fixed_discards[s])
    pool = sorted(leftover(used, full_deck(), code).elements())

    need = {
        s: HAND - len(fixed_hands[s]) - sum(len(g) for g in fixed_exposed[s])
        for s in range(PLAYERS)
    }
    for s, n in need.items():
        if n < 0:
            raise FillError(f"seat {s} owns {HAND - n} fixed cards, more than {HAND}")
    bad = forbidden_for_filler(watched)

    last_error = "no attempt"
    for attempt in range(64):
        rotated = pool[attempt * 5 % len(pool) :] + pool[: attempt * 5 % len(pool)] if pool else []
        filled, rest, error = _fill(fixed_hands, need, rotated, bad, watched)
        if error is None:
            break
        last_error = error
    else:
        raise FillError(f"no safe fill found: {last_error}")

    if stock_size is None:
        stock = draw_ids + rest
        dead: list[int] = []
    else:
        if stock_size < len(draw_ids):
            raise FillError("stock_size is smaller than the fixed draws")
        take = stock_size - len(draw_ids)
        stock = draw_ids + rest[:take]
        dead = rest[take:]
    piles = spread(dead, PLAYERS)

    position = {
        "dealer": first if dealer is None else dealer,
        "first": first,
        "hands": [_codes(fixed_hands[s] + filled[s]) for s in range(PLAYERS)],
        "exposed": [[_codes(g) for g in fixed_exposed[s]] for s in range(PLAYERS)],
        "discards": [[code(c) for c in piles[s] + fixed_discards[s]] for s in range(PLAYERS)],
        "stock": [code(c) for c in stock],
    }
    built = Built(
        position=position,
        filled={s: _codes(filled[s]) for s in range(PLAYERS) if filled[s]},
        watched=[code(c) for c in watched],
    )
    built.state()  # from_position validates the 117 cards and the 20 per seat
    return built


def _codes(cards: Iterable[int]) -> list[str]:
    return [code(c) for c in sorted(cards)]


def _fill(
    fixed: dict[int, list[int]],
    need: dict[int, int],
    pool: list[int],
    bad: set[int],
    watched: list[int],
) -> tuple[dict[int, list[int]], list[int], str | None]:
    """Greedy: each filler card is the first allowed pool card whose identity the seat holds
    least often (spreading identities keeps filler hands far from complete); chess cards before
    Generals and flowers. Then check every watched card against every topped-up seat."""
    left = list(pool)
    filled: dict[int, list[int]] = {s: [] for s in range(PLAYERS)}
    for s in range(PLAYERS):
        hand = counts_of(fixed[s])
        for _ in range(need[s]):
            choices = [c for c in left if c not in bad]
            if not choices:
                return filled, left, f"seat {s}: no card left that is safe to add"
            pick = min(choices, key=lambda c: (is_single(c), hand[c], choices.index(c)))
            left.remove(pick)
            filled[s].append(pick)
            hand[pick] += 1
    for s in range(PLAYERS):
        if not filled[s]:
            continue
        error = check_filler_seat(fixed[s], filled[s], watched)
        if error is not None:
            return filled, left, f"seat {s}: {error}"
    return filled, left, None


def check_filler_seat(fixed: list[int], filler: list[int], watched: Iterable[int]) -> str | None:
    """Why a topped-up seat could interfere with a watched card, or None (module doc)."""
    hand = counts_of(fixed + filler)
    base = counts_of(fixed)
    for x in watched:
        hand[x] += 1
        complete = is_complete(hand)
        hand[x] -= 1
        if complete:
            return f"complete with {code(x)}"
        if hand[x] != base[x]:
            return f"filler holds a copy of {code(x)}"
        for m in triad_mates(x):
            if hand[m] != base[m]:
                return f"filler holds {code(m)}, a group partner of {code(x)}"
        if x < N_CHESS and piece(x) == SOLDIER:
            for c in range(4):
                if hand[c * 7 + SOLDIER] != base[c * 7 + SOLDIER]:
                    return f"filler holds a Soldier next to the watched {code(x)}"
    return None


# --- looking at states -------------------------------------------------------------------------


def snapshot(state: SiSePaiState) -> tuple[Any, ...]:
    """Everything a caller can see: every seat's observation and legal actions, and to_act."""
    return _snapshot(state, PLAYERS)


def discards_of(state: SiSePaiState, seat: int) -> list[str]:
    return state.observation(seat)["seats"][seat]["discards"]


def exposed_of(state: SiSePaiState, seat: int) -> list[list[str]]:
    return [g["cards"] for g in state.observation(seat)["seats"][seat]["groups"]]


def draw_seat(events: Sequence[Event]) -> int | None:
    """The seat of the first draw among `events` (who draws next), or None if nobody drew."""
    draws = events_of(events, "draw")
    return draws[0].data["seat"] if draws else None


def assert_owns_twenty(state: SiSePaiState) -> None:
    """SSP-5: between actions everyone owns 20; the claimant owns 21 until it discards."""
    for s in range(PLAYERS):
        expect = 21 if state.phase == "discard" and s == state.discarder else HAND
        result = state.result()
        if state.is_over() and result is not None and result.winner == s:
            expect = 21  # the winner's 20 plus the winning card
        assert state.owned(s) == expect, (s, state.owned(s), expect)


def pass_window(state: SiSePaiState) -> list[Event]:
    """Every seat that owes an answer in the open claim window passes (fails if one may not)."""
    assert state.phase == "claim" and state.to_act(), "no claim window is open"
    events: list[Event] = []
    for seat in state.to_act():
        events += state.apply(seat, "pass")
    return events


def without(cards: Cards, card: str) -> list[str]:
    """The codes of `cards` minus one copy of `card` (e.g. a 21-card hand minus the public card)."""
    rest = ids(cards)
    rest.remove(ids(card)[0])
    return _codes(rest)


def win_position(hand21: Cards, public: str, seat: int = 0, **kw: Any) -> Built:
    """`seat` holds `hand21` minus `public` and draws `public` first (SSP-7), others filled."""
    return build_position(hands={seat: without(hand21, public)}, draws=public, first=seat, **kw)
