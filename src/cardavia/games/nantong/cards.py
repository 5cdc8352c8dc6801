"""The 120 Nantong cards (NT§2.1) as small ints, with their text codes.

Identity `suit * 9 + rank - 1` for Myriads (0-8), Strings (9-17) and Coins (18-26), then 27 `T`
Thousand (千), 28 `W` White Flower (白花), 29 `R` Red Flower (红花). A hand is a list of 30
counts indexed by identity, which is what the hand tables are keyed on.
"""

from __future__ import annotations

from cardavia.rules.notation import CardNotation

SUITS = "MSC"  # Myriads 万, Strings 条, Coins 饼
N_SUITED = 27
THOUSAND, WHITE, RED = 27, 28, 29
NINE_STRINGS = 17
N_IDS = 30
COPIES = 4
DECK_SIZE = N_IDS * COPIES  # 120
# NT§4.3: the four old generals (老将) form a class of their own.
OLD_GENERALS = frozenset({NINE_STRINGS, THOUSAND, WHITE, RED})
HONOURS = (THOUSAND, WHITE, RED)  # suitless: identical groups only (NT§1.1)

CODES: tuple[str, ...] = (*tuple(f"{r}{s}" for s in SUITS for r in range(1, 10)), "T", "W", "R")


def suit(card: int) -> int:
    """0, 1, 2 for M, S, C; 3 for the suitless T, W, R."""
    return card // 9 if card < N_SUITED else 3


def rank(card: int) -> int:
    """1-9 for suited cards, 0 for T, W, R."""
    return card % 9 + 1 if card < N_SUITED else 0


def card_id(suit_index: int, rank_value: int) -> int:
    return suit_index * 9 + rank_value - 1


def is_old_general(card: int) -> bool:
    return card in OLD_GENERALS


# Parsing and formatting card codes (shared by every game: cardavia.rules.notation).
NOTATION = CardNotation(CODES, [COPIES] * N_IDS)
parse_card = NOTATION.parse_card
parse_cards = NOTATION.parse_cards
code = NOTATION.code
codes = NOTATION.sorted_codes
full_deck = NOTATION.full_deck
counts_of = NOTATION.counts_of
cards_of = NOTATION.cards_of
