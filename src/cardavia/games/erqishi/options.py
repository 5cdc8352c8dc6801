"""What each player may do with a card in play (ER-6 … ER-10, ER-13, ER-14), as canonical action
texts with claim ranks: win > four > peng > chi (A-ER-8). Chi with its bi, and the peng's
discard check, are Paohuzi's (as PHZ-7 … PHZ-9)."""

from __future__ import annotations

from cardavia.games.erqishi.scoring import ERQISHI, UPGRADES
from cardavia.games.paohuzi.cards import code
from cardavia.games.paohuzi.options import can_peng, chi_options
from cardavia.games.paohuzi.scoring import best_win
from cardavia.games.paohuzi.seats import Holding
from cardavia.rules.seats import after

PLAYERS = 3
RANK_WIN, RANK_FOUR, RANK_PENG, RANK_CHI = 1, 2, 3, 4


def four_holder(seats: list[Holding], card: int, origin: int, from_stock: bool) -> int | None:
    """ER-8: the one seat that must make a pao of `card` (its kan or exposed peng of it); never
    the discarder of `card`, who cannot hold one (ER-7)."""
    for s, h in enumerate(seats):
        if not from_stock and s == origin:
            continue
        if card in h.kans or h.group_of("peng", card) is not None:
            return s
    return None


def can_win(h: Holding, card: int) -> bool:
    """ER-13, ER-14: a winning hand of 10 or more with `card`, unless the card is passed for
    chi and win (own discard, declined chi) or the hand is dead (ER-12)."""
    if h.dead or card in h.chi_stale:
        return False
    return best_win(h, card, UPGRADES, ERQISHI) is not None


def seat_options(
    seats: list[Holding], seat: int, card: int, origin: int, from_stock: bool
) -> dict[str, int]:
    """Every claim `seat` may make on `card`, turned up or discarded by `origin`, with its rank.
    A seat that must make the four is offered it only beside a win (it then chooses one of the
    two, with no pass, A-ER-21); otherwise the engine makes it once no win is taken."""
    h = seats[seat]
    if not from_stock and seat == origin:
        return {}  # ER-7: never your own discard
    opts: dict[str, int] = {}
    if can_win(h, card):
        opts["win"] = RANK_WIN
    holder = four_holder(seats, card, origin, from_stock)
    if holder is not None:
        # ER-6 step 2, ER-7 step 2: the four ranks above every peng and chi, never offered then
        if seat == holder and opts:
            opts[f"pao {code(card)}"] = RANK_FOUR
        return opts
    if can_peng(h, card):  # ER-9: any public card, your own turned-up card included
        opts[f"peng {code(card)}"] = RANK_PENG
    # ER-10, A-ER-9: chi only your own turned-up card or your previous player's discard
    chi_seat = seat == origin if from_stock else seat == after(origin, PLAYERS)
    if chi_seat and not h.dead and card not in h.chi_stale:
        for text in chi_options(h, card):
            opts[text] = RANK_CHI
    return opts


def must_claim(options: dict[str, int]) -> bool:
    """A-ER-21: offered a win and a compulsory four, the seat chooses one; no pass."""
    return any(t.startswith("pao") for t in options)
