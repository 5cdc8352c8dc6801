"""The 80 Paohuzi cards (PHZ-2 cards section): small 小写 `s1`…`s10` and large 大写 `L1`…`L10`,
four copies each, as small ints `size * 10 + rank - 1`. A hand is a list of 20 counts."""

from __future__ import annotations

from collections.abc import Iterable

from cardavia.rules.errors import InvalidActionError

N_IDS = 20
COPIES = 4
DECK_SIZE = N_IDS * COPIES  # 80
SMALL, LARGE = 0, 1
RED_RANKS = frozenset({2, 7, 10})  # printed red; no rules effect (spec section 2)

CODES: tuple[str, ...] = tuple(f"{'sL'[size]}{rank}" for size in (SMALL, LARGE)
                               for rank in range(1, 11))
_BY_CODE = {c: i for i, c in enumerate(CODES)}


def card_id(size: int, rank: int) -> int:
    return size * 10 + rank - 1


def size_of(card: int) -> int:
    return card // 10


def rank_of(card: int) -> int:
    return card % 10 + 1


def is_large(card: int) -> bool:
    return card >= 10


def parse_card(text: str) -> int:
    try:
        return _BY_CODE[text]
    except KeyError:
        raise InvalidActionError(
            f"unknown card code {text!r} (expected s1-s10 or L1-L10)") from None


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Card ints of `"s3 s4 L5"`, a list of codes, or the copy notation `"s8×3"`."""
    tokens = text.split() if isinstance(text, str) else list(text)
    out: list[int] = []
    for token in tokens:
        if "×" in token:
            base, _, n = token.partition("×")
            if not n.isdigit():
                raise InvalidActionError(f"bad copy count in {token!r}")
            out.extend([parse_card(base)] * int(n))
        else:
            out.append(parse_card(token))
    return out


def code(card: int) -> str:
    return CODES[card]


def codes(cards: Iterable[int]) -> list[str]:
    """Codes in canonical order: small before large, rank ascending."""
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
