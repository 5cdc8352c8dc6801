"""The scoring algorithm of the spec's section 7 (NT§4.1-§4.11), steps 1-10, as pure functions.

Base hu comes from identical sets only, counted from the cards held whatever the split (NT§4.7);
the split only decides the winner's shape, Wenqian count and winning-card bonus (step 9).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardavia.games.nantong.cards import (
    HONOURS,
    N_IDS,
    OLD_GENERALS,
    code,
    codes,
    rank,
)
from cardavia.games.nantong.hands import Group, splits
from cardavia.games.nantong.melds import Meld

BASE: dict[str, int] = {"P": 2, "C3": 4, "EK": 8, "CK": 12, "C4": 12, "OD": 16, "HZ": 16}  # NT§4.2
EXACT_C3_BASE = 12  # NT§4.4
WENQIAN = (18, 19, 20)  # 1C 2C 3C, 文钱
WENQIAN_BONUS = {0: 0, 1: 20, 2: 50, 3: 100, 4: 200}  # NT§4.8
SHAPE_BONUS = {"qing": 100, "piao": 50, "tazi": 20}  # NT§4.6


@dataclass(frozen=True, slots=True)
class Unit:
    """One scoring unit (step 1) with its value (step 2)."""

    kind: str  # P C3 EK CK C4 OD HZ
    card: int
    base: int
    doublings: tuple[str, ...]
    value: int

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "card": code(self.card),
            "base": self.base,
            "doublings": list(self.doublings),
            "value": self.value,
        }


def unit(kind: str, card: int, indicators: Sequence[int]) -> Unit:
    """Step 2: base value, then one doubling per reason (NT§4.3, §4.4; NT A-4 … A-7)."""
    base = BASE[kind]
    exact = card in indicators
    if kind == "C3" and exact:
        base = EXACT_C3_BASE  # NT§4.4, NT A-6
    why: list[str] = []
    if card in OLD_GENERALS:
        why.append("old general")  # NT§4.3
    for ind in indicators:
        if ind in OLD_GENERALS and card in OLD_GENERALS:
            why.append(f"indicator {code(ind)}")
        elif ind not in OLD_GENERALS and card not in OLD_GENERALS and rank(ind) == rank(card):
            why.append(f"indicator {code(ind)}")  # same rank, any suit (NT A-4)
    if kind == "P" and exact:
        why.append("exact pung")  # NT§4.4
    return Unit(kind, card, base, tuple(why), base * 2 ** len(why))


def units(
    melds: Sequence[Meld],
    concealed: Sequence[int],
    indicators: Sequence[int],
    winning_card: int | None = None,
    on_discard: bool = False,
) -> list[Unit]:
    """Step 1: a unit per set-down group, then C3/C4 per identity counted among the concealed
    cards (the winner's include the winning card); a discarded winning card makes its own
    identity's set exposed: 3 → P (NT§4.5), 4 → EK (NT A-10)."""
    out = [unit(m.unit, m.card, indicators) for m in melds]
    for c in range(N_IDS):
        n = concealed[c]
        if n < 3:
            continue
        kind = "C3" if n == 3 else "C4"
        if on_discard and c == winning_card:
            kind = "P" if n == 3 else "EK"
        out.append(unit(kind, c, indicators))
    return out


@dataclass(frozen=True, slots=True)
class WinFacts:
    """How the winner won (steps 5 and 6)."""

    winning_card: int | None  # None for a heavenly win (NT A-14)
    on_discard: bool = False  # a discard or a robbed added kong
    self_drawn: bool = False  # front draw or a replacement
    kong_replacement: bool = False
    heavenly: bool = False
    earthly: bool = False  # on the dealer's very first discard (NT A-17)
    ready: bool = False  # declared ready at the opening (NT§2.6)
    last_card: bool = False  # self-drew the last stock card (NT A-15)


@dataclass(slots=True)
class Score:
    """One player's score: base hu and, for the winner, the best split's terms."""

    units: list[Unit]
    base: int
    bonuses: list[tuple[str, int]] = field(default_factory=list)
    multipliers: list[str] = field(default_factory=list)
    factor: int = 1
    total: int = 0
    rounded: int = 0
    shape: str | None = None
    groups: tuple[Group, ...] = ()
    pair: int | None = None
    card_role: str | None = None
    card_group: int | None = None  # the index in `groups` of the run the card_role is in

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "units": [u.to_json() for u in self.units],
            "base": self.base,
            "bonuses": [{"name": n, "hu": hu} for n, hu in self.bonuses],
            "multipliers": list(self.multipliers),
            "factor": self.factor,
            "total": self.total,
            "rounded": self.rounded,
        }
        if self.shape is not None:
            out["shape"] = self.shape
            out["split"] = [codes(g) for g in self.groups]
            out["pair"] = code(self.pair) if self.pair is not None else None
            out["winning_card_role"] = self.card_role
            out["winning_card_group"] = self.card_group
        return out


def round_up(total: int) -> int:
    """Step 8 (NT§4.11): up to a multiple of 10; 22 → 30, 20 → 20, 0 → 0."""
    return -(-total // 10) * 10


def base_score(units_: list[Unit]) -> Score:
    """Step 3: a non-winner's (or everyone's in an exhausted deal) total is its base hu."""
    b = sum(u.value for u in units_)
    return Score(units_, b, total=b, rounded=round_up(b))


def multiplier(k: int) -> int:
    """NT§4.10, NT A-1: the ×2 multipliers add: M = 2k, or 1 when none applies."""
    return 2 * k if k else 1


def card_place(groups: tuple[Group, ...], pair: int, card: int) -> tuple[str | None, int | None]:
    """NT§4.9: the bonus role the winning card can take in this split (NT A-18), if any, and
    the index of the run it takes it in (None for the pair, or when it takes none): the sheet
    marks that copy of the card."""
    if pair == card:
        return "pair", None
    for i, g in enumerate(groups):
        if g[0] == g[1] or card not in g:
            continue
        if g[1] == card:
            return "middle", i
        if rank(g[0]) == 1 and g[2] == card:
            return "3 of 1-2-3", i
        if rank(g[0]) == 7 and g[0] == card:
            return "7 of 7-8-9", i
    return None, None


def winner_scores(
    melds: Sequence[Meld],
    concealed: Sequence[int],
    indicators: Sequence[int],
    facts: WinFacts,
) -> list[Score]:
    """Steps 1-7 for the winner, once per legal split (`concealed` includes the winning card)."""
    us = units(melds, concealed, indicators, facts.winning_card, facts.on_discard)
    b = sum(u.value for u in us)
    set_down = any(m.is_group for m in melds)
    pong_seen = any(u.kind == "P" for u in us) or any(m.kind == "added" for m in melds)  # NT A-3
    held = [
        concealed[h] + sum(m.size for m in melds if m.card == h and m.kind != "hezi")
        for h in HONOURS
    ]
    three_elders = all(n >= 3 for n in held)  # NT§4.10, NT A-8: Hezi cards never count
    fixed = [
        name
        for name, on in (
            ("three elders", three_elders),
            ("heavenly", facts.heavenly),
            ("earthly", facts.earthly),
            ("ready", facts.ready),
            ("last card", facts.last_card),
        )
        if on
    ]
    out: list[Score] = []
    for groups, pair in splits(concealed):
        runs = [g for g in groups if g[0] != g[1]]
        if not set_down and len(runs) == len(groups):
            shape = "qing"  # NT A-20: no set-down group may be part of Qing Hu
        elif all(g == WENQIAN for g in runs):
            shape = "piao"
        else:
            shape = "tazi"
        bonuses = [(shape, SHAPE_BONUS[shape])]
        wenqian = sum(1 for g in runs if g == WENQIAN)
        if wenqian:
            bonuses.append((f"wenqian ×{wenqian}", WENQIAN_BONUS[wenqian]))
        if facts.self_drawn:
            bonuses.append(("self-draw", 10))
        if facts.kong_replacement:
            bonuses.append(("kong replacement", 10))
        role = place = None
        if facts.winning_card is not None:
            role, place = card_place(groups, pair, facts.winning_card)
        if role is not None:
            bonuses.append((f"winning card: {role}", 10))
        mults = list(fixed)
        if shape == "piao":
            mults[:0] = ["piao"] + (["closed float"] if not pong_seen else [])
        factor = multiplier(len(mults))
        total = (b + sum(hu for _, hu in bonuses)) * factor  # step 7, NT A-2
        out.append(
            Score(
                us,
                b,
                bonuses,
                mults,
                factor,
                total,
                round_up(total),
                shape,
                groups,
                pair,
                role,
                place,
            )
        )
    return out


def winner_score(
    melds: Sequence[Meld],
    concealed: Sequence[int],
    indicators: Sequence[int],
    facts: WinFacts,
) -> Score:
    """Step 9: the split with the highest total (the first of equals, in split order)."""
    scores = winner_scores(melds, concealed, indicators, facts)
    assert scores, "winner_score() of a hand that does not win"
    return max(scores, key=lambda sc: sc.total)


def settle(rounded: Sequence[int]) -> list[int]:
    """Step 10 (NT§1.2, §4.11): every pair settles its difference; nets sum to zero."""
    total = sum(rounded)
    return [len(rounded) * t - total for t in rounded]
