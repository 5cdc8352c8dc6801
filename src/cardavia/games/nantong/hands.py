"""Winning hands (NT§1.1): seven groups plus one pair, on per-identity count vectors.

The three suits are independent components: a suit's 9 counts are a tuple key into memoised
tables (whether it splits into runs and triplets, with or without the pair; every such split).
`T`, `W` and `R` only make identical groups, so they need no table. The agents' distance to a
complete hand uses the same per-suit memoisation.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product

from cardavia.games.nantong.cards import COPIES, HONOURS, N_IDS

Group = tuple[int, ...]  # card ids of a run, a triplet or the pair, sorted
Split = tuple[tuple[Group, ...], int]  # (the groups, the pair's card)

_SUIT_BASES = (0, 9, 18)
# suit tuple -> 0: no split; 1: splits into groups; 2: splits into groups plus the pair
_SUIT_OK: dict[tuple[int, ...], int] = {}


def _decomposes(t: list[int], pair: bool) -> bool:
    i = next((k for k in range(9) if t[k]), 9)
    if i == 9:
        return not pair
    if t[i] >= 3:
        t[i] -= 3
        ok = _decomposes(t, pair)
        t[i] += 3
        if ok:
            return True
    if pair and t[i] >= 2:
        t[i] -= 2
        ok = _decomposes(t, False)
        t[i] += 2
        if ok:
            return True
    if i <= 6 and t[i + 1] and t[i + 2]:
        t[i] -= 1
        t[i + 1] -= 1
        t[i + 2] -= 1
        ok = _decomposes(t, pair)
        t[i] += 1
        t[i + 1] += 1
        t[i + 2] += 1
        return ok
    return False


def _suit_ok(t: tuple[int, ...]) -> int:
    ok = _SUIT_OK.get(t)
    if ok is None:
        rest = sum(t) % 3
        ok = 0 if rest == 1 else (rest // 2 + 1) * _decomposes(list(t), rest == 2)
        _SUIT_OK[t] = ok
    return ok


def is_complete(counts: Sequence[int]) -> bool:
    """Whether concealed cards split wholly into runs and triplets plus exactly one pair."""
    pairs = 0
    for h in HONOURS:
        n = counts[h]
        if n == 2:
            pairs += 1
        elif n == 1 or n == 4:
            return False
    for base in _SUIT_BASES:
        t = tuple(counts[base : base + 9])
        ok = _SUIT_OK.get(t)
        if ok is None:
            ok = _suit_ok(t)
        if not ok:
            return False
        if ok == 2:
            pairs += 1
    return pairs == 1


def waits(counts: Sequence[int]) -> list[int]:
    """Identities that would complete the hand (one card short of a win), in id order."""
    hand = list(counts)
    out: list[int] = []
    for c in range(N_IDS):
        if hand[c] >= COPIES:
            continue
        hand[c] += 1
        if is_complete(hand):
            out.append(c)
        hand[c] -= 1
    return out


# --- every split, for scoring (NT§4.7, scoring step 9) ----------------------------------------


@cache
def _suit_splits(t: tuple[int, ...], pair: bool) -> frozenset[tuple[tuple[Group, ...], int]]:
    """Every split of one suit (local indices 0-8) into runs and triplets, plus the pair if
    `pair`; each as (sorted groups, pair index or -1)."""
    i = next((k for k in range(9) if t[k]), 9)
    if i == 9:
        return frozenset({((), -1)}) if not pair else frozenset()
    out: set[tuple[tuple[Group, ...], int]] = set()

    def take(removed: dict[int, int], group: Group | None, now_pair: int) -> None:
        rest = list(t)
        for k, n in removed.items():
            rest[k] -= n
        for groups, p in _suit_splits(tuple(rest), pair and now_pair < 0):
            merged = tuple(sorted((*groups, group))) if group is not None else groups
            out.add((merged, now_pair if now_pair >= 0 else p))

    if t[i] >= 3:
        take({i: 3}, (i, i, i), -1)
    if pair and t[i] >= 2:
        take({i: 2}, None, i)
    if i <= 6 and t[i + 1] and t[i + 2]:
        take({i: 1, i + 1: 1, i + 2: 1}, (i, i + 1, i + 2), -1)
    return frozenset(out)


def splits(counts: Sequence[int]) -> list[Split]:
    """Every way the concealed cards split into groups plus one pair (empty if none)."""
    if not is_complete(counts):
        return []
    honour_groups: list[Group] = []
    honour_pair = -1
    for h in HONOURS:
        if counts[h] == 3:
            honour_groups.append((h, h, h))
        elif counts[h] == 2:
            honour_pair = h
    per_suit: list[list[tuple[tuple[Group, ...], int]]] = []
    for base in _SUIT_BASES:
        t = tuple(counts[base : base + 9])
        local = _suit_splits(t, _suit_ok(t) == 2)
        per_suit.append(
            [
                (tuple(tuple(base + k for k in g) for g in groups), base + p if p >= 0 else -1)
                for groups, p in sorted(local)
            ]
        )
    out: list[Split] = []
    for combo in product(*per_suit):
        groups = tuple(g for part, _ in combo for g in part) + tuple(honour_groups)
        pair = max([honour_pair, *(p for _, p in combo)])
        out.append((groups, pair))
    return out


# --- distance to a complete hand (agents, ai.md layer 2) ---------------------------------------
# A component's shapes are the Pareto-best (groups m, partial groups t, pair p) it can form; the
# distance is the usual "cards still to exchange": 2G + 1 - 2m - min(t, G - m) - p, 0 if complete.

Shape = tuple[int, int, int]


def _pareto(shapes: set[Shape]) -> tuple[Shape, ...]:
    # In descending order a shape's dominators all come before it, and a dropped dominator is
    # itself dominated by a kept one: comparing with the kept shapes is enough.
    kept: list[Shape] = []
    for s in sorted(shapes, reverse=True):
        if not any(o[0] >= s[0] and o[1] >= s[1] and o[2] >= s[2] for o in kept):
            kept.append(s)
    return tuple(reversed(kept))


@cache
def _suit_shapes(t: tuple[int, ...]) -> tuple[Shape, ...]:
    i = next((k for k in range(9) if t[k]), 9)
    if i == 9:
        return ((0, 0, 0),)
    found: set[Shape] = set()

    def go(removed: tuple[int, ...], dm: int, dt: int, dp: int) -> None:
        rest = list(t)
        for k in removed:
            rest[k] -= 1
        for m, tt, p in _suit_shapes(tuple(rest)):
            if p + dp <= 1:
                found.add((m + dm, tt + dt, p + dp))

    go((i,), 0, 0, 0)  # the card stays single
    if t[i] >= 3:
        go((i, i, i), 1, 0, 0)
    if t[i] >= 2:
        go((i, i), 0, 1, 0)
        go((i, i), 0, 0, 1)
    if i <= 6 and t[i + 1] and t[i + 2]:
        go((i, i + 1, i + 2), 1, 0, 0)
    if i <= 7 and t[i + 1]:
        go((i, i + 1), 0, 1, 0)
    if i <= 6 and t[i + 2]:
        go((i, i + 2), 0, 1, 0)
    return _pareto(found)


_HONOUR_SHAPES: dict[int, tuple[Shape, ...]] = {
    0: ((0, 0, 0),),
    1: ((0, 0, 0),),
    2: ((0, 0, 1), (0, 1, 0)),
    3: ((0, 0, 1), (1, 0, 0)),
    4: ((0, 1, 1), (1, 0, 0)),
}


def _add(a: Shape, b: Shape) -> Shape:
    m, t, p = a[0] + b[0], a[1] + b[1], a[2] + b[2]
    return (m, t + 1, 1) if p > 1 else (m, t, p)  # a second pair is only a partial group


@cache
def _honour_shapes(key: tuple[int, int, int]) -> tuple[Shape, ...]:
    acc: tuple[Shape, ...] = ((0, 0, 0),)
    for n in key:
        acc = _pareto({_add(a, s) for a in acc for s in _HONOUR_SHAPES[n]})
    return acc


# A component's shapes are interned as a small number, so that the caches below hash a few ints
# rather than tuples of shapes (which Python hashes anew at every lookup): twice as fast, and
# the agents' rollouts spend most of their time here. The distinct shape sets are few (1,400
# over 400,000 distances of Nantong reviews).
_SHAPES: list[tuple[Shape, ...]] = []
_SHAPE_IDS: dict[tuple[Shape, ...], int] = {}


def _intern(shapes: tuple[Shape, ...]) -> int:
    found = _SHAPE_IDS.get(shapes)
    if found is None:
        found = _SHAPE_IDS[shapes] = len(_SHAPES)
        _SHAPES.append(shapes)
    return found


@cache
def _suit_id(t: tuple[int, ...]) -> int:
    return _intern(_suit_shapes(t))


@cache
def _honour_id(key: tuple[int, ...]) -> int:
    return _intern(_honour_shapes((key[0], key[1], key[2])))


@lru_cache(maxsize=1 << 16)
def _combine(left: int, right: int) -> int:
    """The Pareto-best shapes of two components together (cached: hands share components)."""
    return _intern(_pareto({_add(a, s) for a in _SHAPES[left] for s in _SHAPES[right]}))


@lru_cache(maxsize=1 << 14)
def _exchanges(shapes: int, groups: int) -> int:
    best = 0
    for m, t, p in _SHAPES[shapes]:
        m = min(m, groups)
        best = max(best, 2 * m + min(t, groups - m) + p)
    return 2 * groups + 1 - best


def distance(counts: Sequence[int], groups: int) -> int:
    """Fewest cards to exchange before the concealed cards form `groups` groups plus a pair
    (0: complete; 1: one card from a win when holding 3·groups + 1 cards)."""
    key = tuple(counts)
    acc = _honour_id(key[27:30])
    for b in _SUIT_BASES:
        acc = _combine(acc, _suit_id(key[b : b + 9]))
    return _exchanges(acc, groups)
