"""Groups and their huxi (PHZ-4, PHZ-7), and the best split of concealed cards into groups
(PHZ-11), searched on count vectors with a memo shared by every deal.

A count vector is packed into an int, two bits per identity (concealed, non-kan counts never
exceed 2; with the winning card 3), so the memo key is one int. The search always places the
lowest identity present, which makes every split appear exactly once.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence

from cardavia.games.paohuzi.cards import LARGE, N_IDS, SMALL, card_id, is_large, rank_of

# PHZ-4: huxi of the identical groups, (small, large). A 4-card group *replaces* the value of
# the kan, wei or peng it grew from.
IDENTICAL_HUXI: dict[str, tuple[int, int]] = {
    "ti": (9, 12),  # 提
    "pao": (6, 9),  # 跑
    "wei": (3, 6),  # 偎
    "kan": (3, 6),  # 坎
    "peng": (1, 3),  # 碰
}
IDENTICAL_SIZE = {"ti": 4, "pao": 4, "wei": 3, "kan": 3, "peng": 3}
QUAD_KINDS = frozenset({"ti", "pao"})


def identical_huxi(kind: str, card: int) -> int:
    return IDENTICAL_HUXI[kind][1 if is_large(card) else 0]


def chi_kind(cards: Sequence[int]) -> str | None:
    """The chi-type of three cards (PHZ-4, PHZ-7): "1-2-3", "2-7-10", "sequence", "mixed"
    or None."""
    if len(cards) != 3:
        return None
    a, b, c = sorted(cards)
    if a // 10 == c // 10:  # one size
        ranks = (rank_of(a), rank_of(b), rank_of(c))
        if ranks == (1, 2, 3):
            return "1-2-3"
        if ranks == (2, 7, 10):
            return "2-7-10"
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return "sequence"
        return None
    # PHZ-4 mixed: same rank, two small + one large or one small + two large
    if rank_of(a) == rank_of(b) == rank_of(c) and not (a == b == c):
        return "mixed"
    return None


def chi_huxi(cards: Sequence[int]) -> int:
    """PHZ-4: 1-2-3 and 2-7-10 give 3 small / 6 large; other chi-type groups 0."""
    kind = chi_kind(cards)
    if kind is None:
        raise ValueError(f"not a chi-type group: {sorted(cards)}")
    if kind in ("1-2-3", "2-7-10"):
        return 6 if is_large(cards[0]) else 3
    return 0


def _all_chi_groups() -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    for size in (SMALL, LARGE):
        for r in range(1, 9):
            out.append((card_id(size, r), card_id(size, r + 1), card_id(size, r + 2)))
        out.append((card_id(size, 2), card_id(size, 7), card_id(size, 10)))
    for r in range(1, 11):
        s, big = card_id(SMALL, r), card_id(LARGE, r)
        out += [(s, s, big), (s, big, big)]
    return sorted(out)


CHI_GROUPS: tuple[tuple[int, int, int], ...] = tuple(_all_chi_groups())  # 38 groups
CHI_GROUPS_WITH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(g for g in CHI_GROUPS if c in g) for c in range(N_IDS)
)


# --- packed count vectors ------------------------------------------------------------------


_SHIFTS = tuple(2 * i for i in range(N_IDS))


def pack(counts: Sequence[int]) -> int:
    return sum(map(operator.lshift, counts, _SHIFTS))


# One entry per group, filed under its lowest identity:
# (packed amount to subtract, ((shift, copies needed), ...), huxi, is_pair, cards)
_Entry = tuple[int, tuple[tuple[int, int], ...], int, bool, tuple[int, ...]]
ChiValue = Callable[[Sequence[int]], int]


def _entries(chi_value: ChiValue) -> list[list[_Entry]]:
    table: list[list[_Entry]] = [[] for _ in range(N_IDS)]

    def add(cards: tuple[int, ...], huxi: int, is_pair: bool) -> None:
        need: dict[int, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        sub = sum(n << (2 * c) for c, n in need.items())
        checks = tuple((2 * c, n) for c, n in sorted(need.items()) if n > 1 or c != cards[0])
        table[cards[0]].append((sub, checks, huxi, is_pair, cards))

    for g in CHI_GROUPS:
        add(g, chi_value(g), False)
    for c in range(N_IDS):
        # three identical concealed cards only arise as a pair + another player's revealed
        # card in a win: it scores as a peng (PHZ-11, decision A-PHZ-9)
        add((c, c, c), identical_huxi("peng", c), False)
        add((c, c), 0, True)  # the pair 將 (PHZ-4)
    return table


_MEMO_LIMIT = 400_000


class Splits:
    """The best split of concealed cards into groups under one rule set's chi-type values
    (`chi_value`: Paohuzi's `chi_huxi`; a variant such as Two Seven Ten scores 1-2-3 at 0), with
    its own memo shared by every deal of that rule set."""

    def __init__(self, chi_value: ChiValue) -> None:
        self.chi_value = chi_value
        self._at = _entries(chi_value)
        self.memo: dict[int, int] = {}

    def best_huxi(self, key: int, pair: bool) -> int:
        """The most huxi a split of the packed cards into chi-type groups (and identical
        triples, PHZ-11) earns, with exactly one pair if `pair` else none; -1 if no split
        exists."""
        mk = (key << 1) | pair
        found = self.memo.get(mk)
        if found is not None:
            return found
        if len(self.memo) > _MEMO_LIMIT:
            self.memo.clear()
        return self._search(key, pair)

    def _search(self, key: int, pair: bool) -> int:
        memo = self.memo
        mk = (key << 1) | pair
        if key == 0:
            best = -1 if pair else 0
        else:
            i = ((key & -key).bit_length() - 1) >> 1
            best = -1
            for sub, checks, huxi, is_pair, _ in self._at[i]:
                if is_pair and not pair:
                    continue
                for shift, n in checks:
                    if (key >> shift) & 3 < n:
                        break
                else:
                    rest = key - sub
                    rmk = (rest << 1) | (pair and not is_pair)
                    sub_best = memo.get(rmk)
                    if sub_best is None:
                        sub_best = self._search(rest, pair and not is_pair)
                    if sub_best >= 0 and sub_best + huxi > best:
                        best = sub_best + huxi
        memo[mk] = best
        return best

    def best(self, counts: Sequence[int], pair: bool) -> tuple[int, list[tuple[int, ...]]] | None:
        """The best split itself (for the result breakdown), or None."""
        key = pack(counts)
        total = self.best_huxi(key, pair)
        if total < 0:
            return None
        groups: list[tuple[int, ...]] = []
        left = total
        while key:
            i = ((key & -key).bit_length() - 1) >> 1
            for sub, checks, huxi, is_pair, cards in self._at[i]:
                if is_pair and not pair:
                    continue
                if any((key >> shift) & 3 < n for shift, n in checks):
                    continue
                rest = self.best_huxi(key - sub, pair and not is_pair)
                if rest >= 0 and rest + huxi == left:
                    groups.append(cards)
                    key -= sub
                    left -= huxi
                    pair = pair and not is_pair
                    break
            else:  # pragma: no cover - the memo said a split exists
                raise AssertionError("split vanished")
        return total, groups


SPLITS = Splits(chi_huxi)  # Paohuzi's (PHZ-4 values)
_MEMO = SPLITS.memo
best_split_huxi = SPLITS.best_huxi


def split_size_fits(cards: int, groups_needed: int, pair: bool) -> bool:
    """PHZ-11 card count: the free cards fill the missing groups exactly."""
    if groups_needed < 0:
        return False
    if pair:
        return groups_needed >= 1 and cards == 3 * (groups_needed - 1) + 2
    return cards == 3 * groups_needed


def tun(huxi: int) -> int:
    """PHZ-13: tun = ⌊(huxi − 15) / 3⌋ + 1, for a winning hand of at least 15 huxi."""
    if huxi < 15:
        raise ValueError(f"{huxi} huxi is below the 15 needed to win (PHZ-11)")
    return (huxi - 15) // 3 + 1
