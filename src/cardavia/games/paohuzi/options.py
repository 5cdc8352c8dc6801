"""What each player may do with a card in play (PHZ-5 steps 2-4, PHZ-6, PHZ-8, PHZ-9, PHZ-12),
as canonical action texts with the claim ranks of PHZ-seed 3.9 (1 is highest)."""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.games.paohuzi.cards import N_IDS, code, codes
from cardavia.games.paohuzi.groups import CHI_GROUPS_WITH
from cardavia.games.paohuzi.scoring import best_win
from cardavia.games.paohuzi.seats import Holding
from cardavia.rules.seats import after

PLAYERS = 3
RANK_WIN, RANK_PAO_PENG, RANK_CHI = 1, 2, 3  # ti/wei come first and are not claims

# A wei plus its owner's own revealed 4th card: an optional pao (A-PHZ-3, amended to the seed's
# PHZ-seed 3.3: "an existing wei may become pao with a fourth card from any source"; "you may
# pass instead of declaring pao"). "ti" plays the reading A-PHZ-3 rejected, the Hunan
# references' compulsory ti.
WEI_PLUS_OWN_REVEAL = "pao"  # "pao" (A-PHZ-3, the seed) or "ti" (the references)

Triple = tuple[int, int, int]


def chi_text(chi: Sequence[int], bis: Sequence[Sequence[int]]) -> str:
    parts = ["chi", *codes(chi)]
    for bi in sorted(tuple(sorted(b)) for b in bis):
        parts += ["bi", *codes(bi)]
    return " ".join(parts)


def _needs(cards: Sequence[int]) -> tuple[tuple[int, int], ...]:
    need: dict[int, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    return tuple(need.items())


def _fits(group: Sequence[int], counts: list[int]) -> bool:
    return all(counts[c] >= n for c, n in _needs(group))


# per card: (chi-type group holding it, what the group takes from the hand)
_CHI_FROM_HAND: tuple[tuple[tuple[Triple, tuple[tuple[int, int], ...]], ...], ...] = tuple(
    tuple((g, _needs([x for i, x in enumerate(g) if i != g.index(c)])) for g in CHI_GROUPS_WITH[c])
    for c in range(N_IDS)
)


def _take(group: Sequence[int], counts: list[int]) -> list[int]:
    rest = list(counts)
    for c in group:
        rest[c] -= 1
    return rest


def _bi_sets(rest: list[int], card: int) -> list[list[Triple]]:
    """PHZ-8, A-PHZ-8: sets of chi-type groups from `rest` that use up every copy of `card`;
    each holds at least one copy, and one mixed group may hold two."""
    copies = rest[card]
    if copies == 0:
        return [[]]
    fitting = [g for g in CHI_GROUPS_WITH[card] if _fits(g, rest)]
    out: list[list[Triple]] = [[g] for g in fitting if g.count(card) == copies]
    if copies == 2:
        singles = [g for g in fitting if g.count(card) == 1]
        for i, g1 in enumerate(singles):
            for g2 in singles[i:]:
                if _fits(g1 + g2, rest):
                    out.append([g1, g2])
    return out


def chi_options(h: Holding, card: int) -> list[str]:
    """PHZ-7, PHZ-8, PHZ-9: every chi of `card` with its full set of bi groups, as one action.
    A kan of the card makes chi impossible (A-PHZ-8); a chi that leaves nothing to discard when a
    discard is due is illegal (PHZ-9)."""
    if card in h.kans:
        return []
    discard_due = h.owned() + 1 > h.limit()
    out: list[str] = []
    hand = h.hand
    for group, needs in _CHI_FROM_HAND[card]:
        if any(hand[c] < n for c, n in needs):
            continue
        rest = list(hand)
        for c, n in needs:
            rest[c] -= n
        for bis in _bi_sets(rest, card):
            left = rest
            for bi in bis:
                left = _take(bi, left)
            if discard_due and sum(left) == 0:
                continue
            out.append(chi_text(group, bis))
    return sorted(set(out))


def can_pao(h: Holding, card: int, seat: int, origin: int, from_stock: bool) -> bool:
    """PHZ-4, PHZ-5 step 3, PHZ-6, A-PHZ-4, A-PHZ-5: the optional 跑 on a card in play."""
    own_reveal = from_stock and seat == origin
    if card in h.kans:
        able = not own_reveal  # a kan + own reveal is a compulsory ti
    elif h.group_of("wei", card) is not None:
        able = not own_reveal or WEI_PLUS_OWN_REVEAL == "pao"
    else:
        # a peng may only become pao with a stock card, the revealer's own included
        able = from_stock and h.group_of("peng", card) is not None
    # PHZ-9: not if a discard would be due with none left; a dead hand never discards (PHZ-10)
    if able and not h.dead and h.owned() + 1 > h.limit(extra_quads=1):
        able = sum(h.hand) > 0
    return able


def can_peng(h: Holding, card: int) -> bool:
    """PHZ-4 peng, PHZ-9 (a discard must remain), PHZ-12 (stale)."""
    if h.dead or h.hand[card] < 2 or card in h.peng_stale:
        return False
    return not (h.owned() + 1 > h.limit() and sum(h.hand) - 2 == 0)


def win_upgrades(seat: int, origin: int) -> tuple[str, ...]:
    """PHZ-11, A-PHZ-9: the groups a revealed card may turn into a pao for a win. The revealer's
    kan (and, in the references' reading of a wei, that too) has already become a compulsory ti."""
    if seat != origin:
        return ("peng", "wei", "kan")
    return ("peng", "wei") if WEI_PLUS_OWN_REVEAL == "pao" else ("peng",)


def seat_options(
    seats: list[Holding], seat: int, card: int, origin: int, from_stock: bool
) -> dict[str, int]:
    """Every claim `seat` may make on `card`, put into play by `origin`, with its rank."""
    h = seats[seat]
    if not from_stock and seat == origin:
        return {}
    opts: dict[str, int] = {}
    # PHZ-11, PHZ-seed 3.11: wins only on stock cards; never for a dead hand (PHZ-10)
    if from_stock and not h.dead and best_win(h, card, win_upgrades(seat, origin)) is not None:
        opts["win"] = RANK_WIN
    if can_pao(h, card, seat, origin, from_stock):
        opts[f"pao {code(card)}"] = RANK_PAO_PENG
    if seat != origin and can_peng(h, card):
        opts[f"peng {code(card)}"] = RANK_PAO_PENG
    # PHZ-5 step 4, PHZ-6, A-PHZ-2, A-PHZ-13: own reveal and the previous player's card only
    chi_seat = (
        seat in (origin, after(origin, PLAYERS)) if from_stock else (seat == after(origin, PLAYERS))
    )
    if chi_seat and not h.dead and card not in h.chi_stale:
        for text in chi_options(h, card):
            opts[text] = RANK_CHI
    return opts
