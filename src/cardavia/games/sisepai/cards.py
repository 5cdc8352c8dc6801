"""The 117 Sì Sè Pái cards (SSP-2) as small ints, with their text codes.

Identity `colour * 7 + piece` for the 28 chess identities, 28..32 for the flowers F1..F5. A hand
is a list of 33 counts indexed by identity, which is what the group tables are keyed on.
"""

from __future__ import annotations

from cardavia.rules.notation import CardNotation

COLOURS = "rywg"  # red 紅, yellow 黃, white 白, green 綠
PIECES = "KAECHNS"  # General, Advisor, Elephant, Chariot, Horse, Cannon, Soldier
GENERAL, ADVISOR, ELEPHANT, CHARIOT, HORSE, CANNON, SOLDIER = range(7)
N_CHESS = 28
N_FLOWERS = 5
N_IDS = N_CHESS + N_FLOWERS
COPIES = 4
DECK_SIZE = N_CHESS * COPIES + N_FLOWERS  # 117

CODES: tuple[str, ...] = tuple(c + p for c in COLOURS for p in PIECES) + tuple(
    f"F{i}" for i in range(1, N_FLOWERS + 1)
)


def colour(card: int) -> int:
    return card // 7


def piece(card: int) -> int:
    return card % 7


def card_id(colour_index: int, piece_index: int) -> int:
    return colour_index * 7 + piece_index


def is_flower(card: int) -> bool:
    return card >= N_CHESS


def is_general(card: int) -> bool:
    return card < N_CHESS and card % 7 == GENERAL


def is_single(card: int) -> bool:
    """Generals and flowers are groups by themselves (G1, G2) and can never be discarded."""
    return card >= N_CHESS or card % 7 == GENERAL


# Parsing and formatting card codes (shared by every game: cardavia.rules.notation).
NOTATION = CardNotation(CODES, [COPIES] * N_CHESS + [1] * N_FLOWERS)
parse_card = NOTATION.parse_card
parse_cards = NOTATION.parse_cards
code = NOTATION.code
codes = NOTATION.sorted_codes
full_deck = NOTATION.full_deck
counts_of = NOTATION.counts_of
cards_of = NOTATION.cards_of
