"""The Paohuzi game: dealing from a seed or from an explicit position (PHZ-1, PHZ-2, PHZ-3)."""

from __future__ import annotations

from typing import Any, get_args

from cardavia.games.paohuzi.cards import (
    N_IDS,
    NOTATION,
    code,
    codes,
    counts_of,
    full_deck,
    parse_cards,
)
from cardavia.games.paohuzi.groups import IDENTICAL_SIZE, chi_huxi, chi_kind, identical_huxi
from cardavia.games.paohuzi.observation import GroupKind
from cardavia.games.paohuzi.options import PLAYERS
from cardavia.games.paohuzi.seats import HAND, Group
from cardavia.games.paohuzi.state import PaohuziState
from cardavia.rules import dealing, positions
from cardavia.rules.core import Game
from cardavia.rules.errors import InvalidActionError, InvalidPositionError

DEALER_HAND = HAND + 1  # PHZ-2: 21 for the dealer; 19 cards stay in the stock
GROUP_KINDS: tuple[GroupKind, ...] = get_args(GroupKind)


class Paohuzi(Game):
    name = "paohuzi"
    title = "Paohuzi"
    players = PLAYERS
    rules_version = "paohuzi/1"
    notation = NOTATION
    state_class: type[PaohuziState] = PaohuziState
    group_kinds: tuple[str, ...] = GROUP_KINDS

    def new_deal(self, seed: int, dealer: int | None = None, lazy: bool = False) -> PaohuziState:
        """PHZ-1, PHZ-2: shuffle, pick a random dealer, deal 21 to the dealer, 20 to the others;
        the dealer's 21st card is shown; 19 cards form the stock."""
        deck, dealer = dealing.shuffled(seed, full_deck(), PLAYERS, dealer)
        order = [dealer, *(s for s in range(PLAYERS) if s != dealer)]
        *dealt, stock = dealing.cut(deck, [DEALER_HAND] + [HAND] * (PLAYERS - 1))
        hands = [dealt[order.index(s)] for s in range(PLAYERS)]
        return self._build(
            dealer,
            hands,
            [[] for _ in range(PLAYERS)],
            [[] for _ in range(PLAYERS)],
            stock,
            shown=hands[dealer][-1],
            turn=None,
            stale=None,
            dead=(),
            lazy=lazy,
        )

    def from_position(self, position: dict[str, Any], lazy: bool = False) -> PaohuziState:
        """An explicit arrangement (module `position_of` writes one):

        - "dealer": seat; "hands": concealed cards per seat (three of a kind is a kan, four an
          opening ti); "stock": the stock in reveal order (first revealed first);
        - optional "exposed": groups per seat, each "peng L9 L9 L9" or {"kind", "cards",
          "hidden"}; "discards": discard areas per seat (oldest first);
        - optional "turn": {"seat", "step": "reveal" | "discard"}. Without it the position is a
          fresh deal (PHZ-3: heavenly wins, ti and kan, the dealer's discard), with 21 cards
          for the dealer, 20 for the others and nothing exposed;
        - optional "shown" (the dealer's shown card; default: a fresh deal's last dealer card),
          "stale" per seat {"chi": [...], "peng": [...]}, "dead": seats with a dead hand.
        """
        position = positions.opened(position, POSITION_KEYS)
        try:
            dealer = _seat(position.get("dealer"), "dealer")
            hands = _per_seat(position, "hands", required=True)
            discards = _per_seat(position, "discards")
            stock = _cards(position.get("stock", []), "stock")
            exposed = _exposed(position.get("exposed"), self)
            turn = _turn(position.get("turn"))
            stale = _stale(position.get("stale"))
            shown_raw = position.get("shown")
            shown = _cards(shown_raw, "shown")[0] if shown_raw is not None else None
        except InvalidActionError as err:
            raise InvalidPositionError(str(err)) from None
        dead_raw = position.get("dead") or []
        if not isinstance(dead_raw, list):
            raise InvalidPositionError("dead must be a list of seats")
        dead = tuple(_seat(s, "dead seat") for s in dead_raw)
        _check_deck(hands, discards, stock, exposed)
        if turn is not None:
            _check_counts(hands, exposed, turn, dead)
        else:
            if any(exposed[s] or discards[s] for s in range(PLAYERS)):
                raise InvalidPositionError("a fresh deal (no turn) has no groups or discards")
            for s in range(PLAYERS):
                want = DEALER_HAND if s == dealer else HAND
                if len(hands[s]) != want:
                    raise InvalidPositionError(
                        f"seat {s} is dealt {len(hands[s])} cards, not {want} (PHZ-2)"
                    )
            if shown is None:
                shown = hands[dealer][-1]
        if shown is not None and shown not in hands[dealer] and turn is None:
            raise InvalidPositionError(f"the shown card {code(shown)} is not in the dealer's hand")
        return self._build(dealer, hands, exposed, discards, stock, shown, turn, stale, dead, lazy)

    def _build(
        self,
        dealer: int,
        hands: list[list[int]],
        exposed: list[list[Group]],
        discards: list[list[int]],
        stock: list[int],
        shown: int | None,
        turn: tuple[int, str] | None,
        stale: list[tuple[set[int], set[int]]] | None,
        dead: tuple[int, ...],
        lazy: bool = False,
    ) -> PaohuziState:
        state = self.state_class(self)
        state.lazy = lazy
        state.dealer = dealer
        state.shown = shown
        state.shown_live = shown is not None
        for s, h in enumerate(state.seats):
            h.groups = exposed[s]
            h.discards = list(discards[s])
            if stale is not None:
                h.chi_stale, h.peng_stale = set(stale[s][0]), set(stale[s][1])
            h.dead = s in dead
        state.stock = list(reversed(stock))
        state.start([counts_of(h) for h in hands], turn, state.opening)
        return state


def position_of(state: PaohuziState) -> dict[str, Any]:
    """The JSON position of a state waiting for a reveal or a discard (tests, bug reports)."""
    if state.phase == "discard":
        assert state.discarder is not None
        turn = {"seat": state.discarder, "step": "discard"}
    else:
        turn = {"seat": state.turn, "step": "reveal"}
    return {
        "dealer": state.dealer,
        "hands": [h.concealed_codes() for h in state.seats],
        "exposed": [
            [{"kind": g.kind, "cards": codes(g.cards), "hidden": g.hidden} for g in h.groups]
            for h in state.seats
        ],
        "discards": [[code(c) for c in h.discards] for h in state.seats],
        "stock": [code(c) for c in reversed(state.stock)],
        "turn": turn,
        "shown": code(state.shown) if state.shown is not None else None,
        "stale": [{"chi": codes(h.chi_stale), "peng": codes(h.peng_stale)} for h in state.seats],
        "dead": [s for s, h in enumerate(state.seats) if h.dead],
    }


# --- validation -------------------------------------------------------------------------------


POSITION_KEYS = frozenset(
    {"dealer", "hands", "discards", "stock", "exposed", "turn", "stale", "shown", "dead"}
)
_READ = positions.PositionReader(PLAYERS, NOTATION)
_seat, _cards, _per_seat = _READ.seat, _READ.cards, _READ.per_seat


def make_group(
    name: str, cards: list[int], hidden: bool = False, game: Paohuzi | None = None
) -> Group:
    """A group on the table, checked against PHZ-4 (for positions and tests); `game` a variant
    of this family with its own group kinds and values (default Paohuzi's)."""
    text = f"{name} {' '.join(codes(cards))}"
    kinds = game.group_kinds if game is not None else GROUP_KINDS
    kind = next((k for k in GROUP_KINDS if k == name and k in kinds), None)
    if kind is None:
        raise InvalidPositionError(f"unknown group kind {name!r} (expected {', '.join(kinds)})")
    if kind in IDENTICAL_SIZE:
        size = 4 if kind in ("ti", "pao") else IDENTICAL_SIZE[kind]
        if len(cards) != size or len(set(cards)) != 1:
            raise InvalidPositionError(f"{text}: a {kind} is {size} identical cards (PHZ-4)")
        return Group(
            kind,
            tuple(cards),
            identical_huxi(kind, cards[0]),
            hidden and kind == "ti" and (game is None or game.state_class.TI_FACE_DOWN),
        )
    if chi_kind(cards) is None:
        raise InvalidPositionError(f"{text}: not a chi-type group (PHZ-4)")
    value = game.state_class.SCORING.splits.chi_value if game is not None else chi_huxi
    return Group(kind, tuple(sorted(cards)), value(cards))


def _exposed(value: Any, game: Paohuzi | None = None) -> list[list[Group]]:
    if value is None:
        return [[] for _ in range(PLAYERS)]
    if not isinstance(value, list) or len(value) != PLAYERS:
        raise InvalidPositionError(f"exposed must list {PLAYERS} seats")
    out: list[list[Group]] = []
    for s, groups in enumerate(value):
        if not isinstance(groups, list):
            raise InvalidPositionError(f"exposed groups of seat {s} must be a list")
        seat_groups = []
        for g in groups:
            if isinstance(g, str) and g.split():
                kind, *cards = g.split()
                seat_groups.append(make_group(kind, parse_cards(cards), game=game))
            elif isinstance(g, dict) and isinstance(g.get("kind"), str):
                seat_groups.append(
                    make_group(
                        g["kind"],
                        _cards(g.get("cards"), "group cards"),
                        bool(g.get("hidden", False)),
                        game,
                    )
                )
            else:
                raise InvalidPositionError(f"seat {s}: bad group {g!r}")
        out.append(seat_groups)
    return out


def _turn(value: Any) -> tuple[int, str] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or value.get("step") not in ("reveal", "discard"):
        raise InvalidPositionError('turn must be {"seat": s, "step": "reveal" or "discard"}')
    return _seat(value.get("seat"), "turn seat"), str(value["step"])


def _stale(value: Any) -> list[tuple[set[int], set[int]]] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != PLAYERS:
        raise InvalidPositionError(f"stale must list {PLAYERS} seats")
    out = []
    for s, v in enumerate(value):
        if not isinstance(v, dict):
            raise InvalidPositionError(f"stale of seat {s} must be an object with chi and peng")
        out.append(
            (
                set(_cards(v.get("chi", []), "stale chi")),
                set(_cards(v.get("peng", []), "stale peng")),
            )
        )
    return out


def _check_deck(
    hands: list[list[int]], discards: list[list[int]], stock: list[int], exposed: list[list[Group]]
) -> None:
    every = [c for h in hands for c in h] + stock + [c for d in discards for c in d]
    every += [c for gs in exposed for g in gs for c in g.cards]
    positions.check_deck(every, NOTATION)


def _check_counts(
    hands: list[list[int]], exposed: list[list[Group]], turn: tuple[int, str], dead: tuple[int, ...]
) -> None:
    """PHZ-9 between actions: 20 ≤ N ≤ 20 + max(0, Q − 1); one more for a seat about to
    discard (it must have a card it may discard) and for a dead hand (PHZ-10)."""
    for s in range(PLAYERS):
        counts = counts_of(hands[s])
        quads = sum(1 for c in range(N_IDS) if counts[c] == 4)
        quads += sum(1 for g in exposed[s] if g.kind in ("ti", "pao"))
        n = len(hands[s]) + sum(len(g.cards) for g in exposed[s])
        limit = HAND + max(0, quads - 1)
        free = sum(c for c in counts if c < 3)
        if turn == (s, "discard"):
            if n != limit + 1 or not free:
                raise InvalidPositionError(
                    f"seat {s} must own {limit + 1} cards, one of them free, to discard"
                )
        elif s in dead:
            if n != limit + 1 or free:
                raise InvalidPositionError(
                    f"dead seat {s} must own {limit + 1} cards, only kans concealed (PHZ-10)"
                )
        elif not HAND <= n <= limit:
            raise InvalidPositionError(
                f"seat {s} owns {n} cards; between turns it owns {HAND} to {limit} (PHZ-9)"
            )
