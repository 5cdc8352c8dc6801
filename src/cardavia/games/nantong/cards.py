"""The 120 Nantong cards (NT§2.1) as small ints, with their text codes.

Identity `suit * 9 + rank - 1` for Myriads (0-8), Strings (9-17) and Coins (18-26), then 27 `T`
Thousand (千), 28 `W` White Flower (白花), 29 `R` Red Flower (红花). A hand is a list of 30
counts indexed by identity, which is what the hand tables are keyed on.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardavia.rules.errors import InvalidActionError

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
_BY_CODE = {c: i for i, c in enumerate(CODES)}


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


def parse_card(text: str) -> int:
    try:
        return _BY_CODE[text]
    except KeyError:
        raise InvalidActionError(f"unknown card code {text!r}") from None


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Codes separated by spaces; `5C×3` means three copies (rules/README.md notation)."""
    items = text.split() if isinstance(text, str) else list(text)
    out: list[int] = []
    for item in items:
        if "×" in item:
            base, _, n = item.partition("×")
            if not n.isdigit():
                raise InvalidActionError(f"bad copy count in {item!r}")
            out.extend([parse_card(base)] * int(n))
        else:
            out.append(parse_card(item))
    return out


def code(card: int) -> str:
    return CODES[card]


def codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in sorted(cards)]


def full_deck() -> list[int]:
    return [c for c in range(N_IDS) for _ in range(COPIES)]


def counts_of(cards: Iterable[int]) -> list[int]:
    counts = [0] * N_IDS
    for c in cards:
        counts[c] += 1
    return counts


def cards_of(counts: list[int]) -> list[int]:
    return [c for c in range(N_IDS) for _ in range(counts[c])]
