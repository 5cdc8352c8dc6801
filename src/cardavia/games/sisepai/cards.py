"""The 117 Sì Sè Pái cards (SSP-2) as small ints, with their text codes.

Identity `colour * 7 + piece` for the 28 chess identities, 28..32 for the flowers F1..F5. A hand
is a list of 33 counts indexed by identity, which is what the group tables are keyed on.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardavia.rules.errors import InvalidActionError

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
_BY_CODE = {code: i for i, code in enumerate(CODES)}


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


def parse_card(code: str) -> int:
    try:
        return _BY_CODE[code]
    except KeyError:
        raise InvalidActionError(f"unknown card code {code!r}") from None


def parse_cards(text: str | Iterable[str]) -> list[int]:
    codes = text.split() if isinstance(text, str) else list(text)
    out: list[int] = []
    for code in codes:
        # `rC×4` means four copies (rules/README.md notation)
        if "×" in code:
            base, _, n = code.partition("×")
            if not n.isdigit():
                raise InvalidActionError(f"bad copy count in {code!r}")
            out.extend([parse_card(base)] * int(n))
        else:
            out.append(parse_card(code))
    return out


def code(card: int) -> str:
    return CODES[card]


def codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in sorted(cards)]


def full_deck() -> list[int]:
    return [c for c in range(N_CHESS) for _ in range(COPIES)] + list(range(N_CHESS, N_IDS))


def counts_of(cards: Iterable[int]) -> list[int]:
    counts = [0] * N_IDS
    for c in cards:
        counts[c] += 1
    return counts


def cards_of(counts: list[int]) -> list[int]:
    return [c for c in range(N_IDS) for _ in range(counts[c])]
