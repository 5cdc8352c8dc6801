"""Legal groups (SSP-4), complete hands (SSP-6), the best-scoring partition (SSP-12) and the
distance to a complete hand that the agents use.

A hand splits into independent components: per colour the command cards (K A E), per colour the
field cards (C H N), and the soldiers of all four colours; Generals and flowers are always groups
by themselves. Each component has at most 5**4 count patterns, so completeness and distance are
precomputed tables indexed by a base-5 key, and best partitions are memoised.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import product

from cardavia.games.sisepai.cards import (
    ADVISOR,
    CHARIOT,
    ELEPHANT,
    GENERAL,
    HORSE,
    N_CHESS,
    N_IDS,
    SOLDIER,
    card_id,
    colour,
    is_flower,
    is_general,
    piece,
)
from cardavia.games.sisepai.observation import GroupKind

# SSP-12, decision A-SSP-1: points per group kind, kept as data.
SCORE_TABLE: Mapping[str, int] = {
    "general": 1,
    "flower": 3,
    "pair": 0,
    "triple": 1,
    "quad": 2,
    "command": 0,
    "field": 0,
    "soldiers3": 0,
    "soldiers4": 0,
}
# The rejected size-based table (A-SSP-1 ALT), kept so the worked examples can check both.
ALT_SCORE_TABLE: Mapping[str, int] = {
    **SCORE_TABLE,
    "command": 1,
    "field": 1,
    "soldiers3": 1,
    "soldiers4": 2,
}

IDENTICAL_KINDS: Mapping[int, GroupKind] = {2: "pair", 3: "triple", 4: "quad"}


def group_kind(cards: Sequence[int]) -> GroupKind | None:
    """The kind of a legal group (G1-G6), or None if the cards are no legal group (SSP-4)."""
    n = len(cards)
    first = cards[0] if cards else -1
    if n == 1:
        if is_flower(first):
            return "flower"
        return "general" if is_general(first) else None
    if any(c >= N_CHESS for c in cards):
        return None
    if all(c == first for c in cards):
        return IDENTICAL_KINDS.get(n) if not is_general(first) else None
    pieces = sorted(piece(c) for c in cards)
    if n == 3 and len({colour(c) for c in cards}) == 1:
        if pieces == [GENERAL, ADVISOR, ELEPHANT]:
            return "command"
        if pieces == [CHARIOT, HORSE, CHARIOT + 2]:
            return "field"
    if n in (3, 4) and pieces == [SOLDIER] * n and len({colour(c) for c in cards}) == n:
        return "soldiers3" if n == 3 else "soldiers4"
    return None


# --- component partitions -------------------------------------------------------------------
# A partition of a component is a tuple of groups; a group is a tuple of local indices.

_IDENTICAL_SPLITS: dict[int, list[tuple[int, ...]]] = {0: [()], 1: [], 2: [(2,)], 3: [(3,)]}
_IDENTICAL_SPLITS[4] = [(4,), (2, 2)]


def _identical_groups(local: int, count: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    for split in _IDENTICAL_SPLITS[count]:
        yield tuple((local,) * size for size in split)


def _triad_partitions(
    counts: tuple[int, int, int], leader_single: bool
) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Command (K A E; a General stands alone or in the group) or field (C H N) cards."""
    for m in range(min(counts) + 1):
        mixed = ((0, 1, 2),) * m
        lead = counts[0] - m
        if leader_single:
            heads: list[tuple[tuple[int, ...], ...]] = [((0,),) * lead]
        else:
            heads = list(_identical_groups(0, lead))
        for head, g1, g2 in product(
            heads, _identical_groups(1, counts[1] - m), _identical_groups(2, counts[2] - m)
        ):
            yield mixed + head + g1 + g2


_SOLDIER_SETS = ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3), (0, 1, 2, 3))


def _soldier_partitions(counts: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
    def rec(
        i: int, left: list[int], taken: tuple[tuple[int, ...], ...]
    ) -> Iterator[tuple[tuple[int, ...], ...]]:
        if i == len(_SOLDIER_SETS):
            for parts in product(*(_identical_groups(c, left[c]) for c in range(4))):
                yield taken + tuple(g for part in parts for g in part)
            return
        members = _SOLDIER_SETS[i]
        top = min(left[c] for c in members)
        for n in range(top + 1):
            rest = list(left)
            for c in members:
                rest[c] -= n
            yield from rec(i + 1, rest, taken + (members,) * n)

    yield from rec(0, list(counts), ())


def _key(counts: Sequence[int]) -> int:
    k = 0
    for c in counts:
        k = k * 5 + c
    return k


def _all_keys(width: int) -> Iterator[tuple[int, ...]]:
    return product(range(5), repeat=width)


@cache
def _tables() -> tuple[list[bool], list[bool], list[bool], list[int], list[int], list[int]]:
    """Completeness and distance-to-complete for command, field and soldier components."""

    def complete_and_distance(width: int, parts: object) -> tuple[list[bool], list[int]]:
        keys = list(_all_keys(width))
        ok = [False] * len(keys)
        for counts in keys:
            ok[_key(counts)] = next(iter(parts(counts)), None) is not None  # type: ignore[operator]
        good = [counts for counts in keys if ok[_key(counts)]]
        dist = [0] * len(keys)
        for counts in keys:
            dist[_key(counts)] = min(
                sum(g - c for g, c in zip(goal, counts, strict=True))
                for goal in good
                if all(g >= c for g, c in zip(goal, counts, strict=True))
            )
        return ok, dist

    cmd_ok, cmd_d = complete_and_distance(3, lambda c: _triad_partitions(c, True))
    fld_ok, fld_d = complete_and_distance(3, lambda c: _triad_partitions(c, False))
    sol_ok, sol_d = complete_and_distance(4, _soldier_partitions)
    return cmd_ok, fld_ok, sol_ok, cmd_d, fld_d, sol_d


_CMD_OK, _FLD_OK, _SOL_OK, _CMD_D, _FLD_D, _SOL_D = _tables()
_S = [card_id(c, SOLDIER) for c in range(4)]


def is_complete(counts: Sequence[int]) -> bool:
    """Whether concealed cards (as 33 counts) split wholly into legal groups (SSP-6)."""
    for base in (0, 7, 14, 21):
        if not _CMD_OK[counts[base] * 25 + counts[base + 1] * 5 + counts[base + 2]]:
            return False
        if not _FLD_OK[counts[base + 3] * 25 + counts[base + 4] * 5 + counts[base + 5]]:
            return False
    return _SOL_OK[counts[6] * 125 + counts[13] * 25 + counts[20] * 5 + counts[27]]


def distance(counts: Sequence[int]) -> int:
    """The fewest cards to add so every concealed card sits in a legal group (agents' heuristic)."""
    d = _SOL_D[counts[6] * 125 + counts[13] * 25 + counts[20] * 5 + counts[27]]
    for base in (0, 7, 14, 21):
        d += _CMD_D[counts[base] * 25 + counts[base + 1] * 5 + counts[base + 2]]
        d += _FLD_D[counts[base + 3] * 25 + counts[base + 4] * 5 + counts[base + 5]]
    return d


# --- best-scoring partition (SSP-12, A-SSP-10) ------------------------------------------------

Group = tuple[int, ...]


def score_group(cards: Sequence[int], table: Mapping[str, int] = SCORE_TABLE) -> int:
    kind = group_kind(cards)
    if kind is None:
        raise ValueError(f"not a legal group: {cards}")
    return table[kind]


@cache
def _best_component(
    kind: str, counts: tuple[int, ...], table: tuple[tuple[str, int], ...]
) -> tuple[int, tuple[Group, ...]] | None:
    points = dict(table)
    if kind == "soldiers":
        parts = _soldier_partitions(counts)
        ids = _S
    else:
        parts = _triad_partitions((counts[0], counts[1], counts[2]), kind == "command")
        ids = [0, 1, 2] if kind == "command" else [3, 4, 5]  # piece offsets in a colour
    best: tuple[int, tuple[Group, ...]] | None = None
    for partition in parts:
        groups = tuple(tuple(ids[i] for i in g) for g in partition)
        total = sum(_local_points(kind, g, points) for g in groups)
        if best is None or total > best[0]:
            best = (total, groups)
    return best


def _local_points(kind: str, group: Group, points: Mapping[str, int]) -> int:
    if len(set(group)) == 1:
        if len(group) == 1:
            return points["general"]
        return points[IDENTICAL_KINDS[len(group)]]
    if kind == "soldiers":
        return points[f"soldiers{len(group)}"]
    return points[kind]


def best_partition(
    counts: Sequence[int], table: Mapping[str, int] = SCORE_TABLE
) -> tuple[int, list[list[int]]] | None:
    """The highest-scoring split of concealed cards into legal groups, or None if none exists."""
    frozen = tuple(sorted(table.items()))
    total = 0
    groups: list[list[int]] = []
    for c in range(4):
        base = c * 7
        for kind, offset in (("command", 0), ("field", 3)):
            found = _best_component(kind, tuple(counts[base + offset : base + offset + 3]), frozen)
            if found is None:
                return None
            total += found[0]
            groups.extend([base + i for i in g] for g in found[1])
    found = _best_component("soldiers", tuple(counts[i] for i in _S), frozen)
    if found is None:
        return None
    total += found[0]
    groups.extend([int(i) for i in g] for g in found[1])
    for f in range(N_CHESS, N_IDS):
        for _ in range(counts[f]):
            groups.append([f])
            total += table["flower"]
    return total, groups
