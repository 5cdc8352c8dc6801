"""The deck, notation and identity of Paohuzi, unchanged (ER-2; spec section 2)."""

from __future__ import annotations

from cardavia.games.paohuzi.cards import (
    CODES,
    COPIES,
    DECK_SIZE,
    LARGE,
    N_IDS,
    NOTATION,
    SMALL,
    card_id,
    code,
    codes,
    counts_of,
    full_deck,
    is_large,
    parse_card,
    parse_cards,
    rank_of,
)

__all__ = [
    "CODES",
    "COPIES",
    "DECK_SIZE",
    "LARGE",
    "NOTATION",
    "N_IDS",
    "SMALL",
    "card_id",
    "code",
    "codes",
    "counts_of",
    "full_deck",
    "is_large",
    "parse_card",
    "parse_cards",
    "rank_of",
]
