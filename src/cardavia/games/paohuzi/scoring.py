"""Winning hands (PHZ-11), heavenly wins (PHZ-3 step 1) and settlement (PHZ-13).

A win is the player's groups as they lie (chi, bi, peng, wei, pao, ti), plus the kans, plus a
split of the other concealed cards (and the winning card C) into exactly seven groups in all:
seven triples without a 4-card group, or exactly one pair with one. The largest huxi counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardavia.games.paohuzi.cards import N_IDS, code, codes
from cardavia.games.paohuzi.groups import (
    QUAD_KINDS,
    SPLITS,
    Splits,
    chi_kind,
    identical_huxi,
    pack,
    split_size_fits,
    tun,
)
from cardavia.games.paohuzi.seats import Holding

GROUPS_TO_WIN = 7
MIN_HUXI = 15
NO_WIN = -1

# How the winning card is used: joins the concealed cards, or turns a group into a pao.
FREE = "free"
UPGRADES = ("peng", "wei", "kan")


@dataclass(frozen=True)
class Scoring:
    """What a rule set of this family counts: its chi-type values (`splits`), the huxi a win
    needs, and the settlement of a winning total (Paohuzi's tun, or a variant's own)."""

    splits: Splits
    minimum: int
    settle: Callable[[int], dict[str, Any]]


def _split_value(
    key: int, cards: int, groups: int, quads: int, huxi: int, splits: Splits = SPLITS
) -> int:
    need = GROUPS_TO_WIN - groups
    pair = quads >= 1  # PHZ-11: exactly one pair with a 4-card group, none without
    if not split_size_fits(cards, need, pair):
        return NO_WIN
    best = splits.best_huxi(key, pair)
    return NO_WIN if best < 0 else huxi + best


def win_options(
    h: Holding,
    card: int | None,
    upgrades: tuple[str, ...],
    minimum: int = MIN_HUXI,
    splits: Splits = SPLITS,
) -> dict[str, int]:
    """Huxi of every seven-group structure worth `minimum` or more, by the role of `card`
    (FREE or the upgraded kind); `card` None checks the hand as it lies (after a compulsory
    wei or ti, PHZ-5 step 1). `upgrades`: the kinds of group `card` may turn into a pao
    (PHZ-11, A-PHZ-9)."""
    groups = len(h.groups) + len(h.kans)
    quads = h.quads()
    huxi = h.fixed_huxi()
    key, cards = pack(h.hand), sum(h.hand)
    out: dict[str, int] = {}
    if card is None:
        value = _split_value(key, cards, groups, quads, huxi, splits)
        if value >= minimum:
            out[FREE] = value
        return out
    if h.hand[card] < 3:
        value = _split_value(key + (1 << (2 * card)), cards + 1, groups, quads, huxi, splits)
        if value >= minimum:
            out[FREE] = value
    for kind in upgrades:
        if kind == "kan":
            old = identical_huxi("kan", card) if card in h.kans else None
        else:
            g = h.group_of(kind, card)
            old = g.huxi if g is not None else None
        if old is None:
            continue
        value = _split_value(
            key, cards, groups, quads + 1, huxi - old + identical_huxi("pao", card), splits
        )
        if value >= minimum:
            out[kind] = value
    return out


def best_win(
    h: Holding, card: int | None, upgrades: tuple[str, ...], scoring: Scoring | None = None
) -> tuple[str, int] | None:
    rules = scoring or PAOHUZI
    options = win_options(h, card, upgrades, rules.minimum, rules.splits)
    if not options:
        return None
    role = max(options, key=lambda r: (options[r], r == FREE))
    return role, options[role]


def win_breakdown(
    h: Holding, card: int | None, role: str, scoring: Scoring | None = None
) -> dict[str, Any]:
    """The groups of the best structure, line by line, with huxi and the settlement."""
    rules = scoring or PAOHUZI
    lines: list[dict[str, Any]] = []
    hand = list(h.hand)
    for g in h.groups:
        kind, cards, huxi = g.kind, list(g.cards), g.huxi
        if card is not None and role == kind and g.cards[0] == card:
            kind, cards, huxi = "pao", [card] * 4, identical_huxi("pao", card)
        line: dict[str, Any] = {"kind": kind, "cards": codes(cards), "huxi": huxi, "exposed": True}
        if kind in ("chi", "bi"):
            line["type"] = chi_kind(cards)
        lines.append(line)
    for k in h.kans:
        if card is not None and role == "kan" and k == card:
            lines.append(
                {
                    "kind": "pao",
                    "cards": codes([k] * 4),
                    "huxi": identical_huxi("pao", k),
                    "exposed": False,
                }
            )
        else:
            lines.append(
                {
                    "kind": "kan",
                    "cards": codes([k] * 3),
                    "huxi": identical_huxi("kan", k),
                    "exposed": False,
                }
            )
    if card is not None and role == FREE:
        hand[card] += 1
    quads = sum(1 for line in lines if line["kind"] in QUAD_KINDS)
    split = rules.splits.best(hand, quads >= 1)
    assert split is not None, "a win was offered without a structure"
    for split_group in split[1]:
        cards = list(split_group)
        line_kind = chi_kind(cards) or ("pair" if len(cards) == 2 else "triple")
        huxi = 0
        if line_kind == "triple":  # a pair in hand + another player's card: scores as peng
            huxi = identical_huxi("peng", cards[0])
        elif line_kind != "pair":
            huxi = rules.splits.chi_value(cards)
        lines.append({"kind": line_kind, "cards": codes(cards), "huxi": huxi, "exposed": False})
    total = sum(int(line["huxi"]) for line in lines)
    return {"groups": lines, "huxi": total, **rules.settle(total)}


def settlement(huxi: int) -> dict[str, Any]:
    """PHZ-13: each opponent pays tun to the winner."""
    t = tun(huxi)
    return {
        "tun": t,
        "tun_rule": f"⌊({huxi} − 15) / 3⌋ + 1 = {t}",
        "each_opponent_pays": t,
        "winner_gains": 2 * t,
    }


PAOHUZI = Scoring(SPLITS, MIN_HUXI, settlement)


# --- heavenly win (PHZ-3 step 1; decisions A-PHZ-10, A-PHZ-11) ------------------------------


def heavenly(hand: list[int]) -> dict[str, Any] | None:
    """Three ti or five kan among the dealt cards (a four counts as a kan too)."""
    fours = [c for c in range(N_IDS) if hand[c] == 4]
    threes = [c for c in range(N_IDS) if hand[c] >= 3]
    if len(fours) < 3 and len(threes) < 5:
        return None
    lines: list[dict[str, Any]] = []
    rest = list(hand)
    for c in threes:
        kind = "ti" if hand[c] == 4 else "kan"
        lines.append(
            {
                "kind": kind,
                "cards": codes([c] * hand[c]),
                "huxi": identical_huxi(kind, c),
                "exposed": False,
            }
        )
        rest[c] = 0
    lines.append(
        {
            "kind": "other",
            "cards": [code(c) for c in range(N_IDS) for _ in range(rest[c])],
            "huxi": 0,
            "exposed": False,
        }
    )
    total = sum(int(line["huxi"]) for line in lines)
    return {"groups": lines, "huxi": total, **settlement(total)}
