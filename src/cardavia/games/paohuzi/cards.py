"""The 80 Paohuzi cards (PHZ-2 cards section): small 小写 `s1`…`s10` and large 大写 `L1`…`L10`,
four copies each, as small ints `size * 10 + rank - 1`. A hand is a list of 20 counts."""

from __future__ import annotations

from cardavia.rules.notation import CardNotation

N_IDS = 20
COPIES = 4
DECK_SIZE = N_IDS * COPIES  # 80
SMALL, LARGE = 0, 1
RED_RANKS = frozenset({2, 7, 10})  # printed red; no rules effect (spec section 2)

CODES: tuple[str, ...] = tuple(
    f"{'sL'[size]}{rank}" for size in (SMALL, LARGE) for rank in range(1, 11)
)


def card_id(size: int, rank: int) -> int:
    return size * 10 + rank - 1


def rank_of(card: int) -> int:
    return card % 10 + 1


def is_large(card: int) -> bool:
    return card >= 10


# Parsing and formatting card codes (shared by every game: cardavia.rules.notation).
# `codes` puts cards in canonical order: small before large, rank ascending.
NOTATION = CardNotation(CODES, [COPIES] * N_IDS, hint=" (expected s1-s10 or L1-L10)")
parse_card = NOTATION.parse_card
parse_cards = NOTATION.parse_cards
code = NOTATION.code
codes = NOTATION.sorted_codes
full_deck = NOTATION.full_deck
counts_of = NOTATION.counts_of
cards_of = NOTATION.cards_of
