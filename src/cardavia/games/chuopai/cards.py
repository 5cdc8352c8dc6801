"""The 84 Sichuan cards (CP§2.1): 21 domino identities × 4, as small ints with pip codes.

Identity `i` is the i-th pip pair in pip order (`1-1`, `1-2`, … `6-6`), so a sorted hand reads
in pip order. A hand is a list of 21 counts indexed by identity.
"""

from __future__ import annotations

from cardavia.rules.notation import CardNotation

N_IDS = 21
COPIES = 4
DECK_SIZE = N_IDS * COPIES  # 84 (CP§2.1: the 8 extra cards are left out)

PIPS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
CODES: tuple[str, ...] = tuple(f"{a}-{b}" for a, b in PIPS)
# Parsing and formatting card codes (shared by every game: cardavia.rules.notation).
NOTATION = CardNotation(CODES, [COPIES] * N_IDS, hint=" (cards are pips, low end first: 1-1 … 6-6)")
parse_card = NOTATION.parse_card
parse_cards = NOTATION.parse_cards
code = NOTATION.code
codes = NOTATION.sorted_codes
full_deck = NOTATION.full_deck
counts_of = NOTATION.counts_of
cards_of = NOTATION.cards_of


def card(code_text: str) -> int:
    """The identity of a pip code, low end first (`"6-6"` → Heaven)."""
    return NOTATION.parse_card(code_text)


# CP§3.3: the four families of ordinary patterns.
MAIN, YAO, BLACK, RED = range(4)
FAMILY_NAMES = ("Main", "Yao", "Black", "Red")

# (code, seed name, family, rank in family; higher beats lower, equal never beats)
_TABLE: tuple[tuple[str, str, int, int], ...] = (
    ("6-6", "Heaven", MAIN, 7),  # CP§3.4
    ("1-1", "Earth", MAIN, 6),
    ("4-4", "Man", MAIN, 5),
    ("1-3", "Harmony", MAIN, 4),
    ("3-3", "Long Three", MAIN, 3),
    ("5-5", "Plum Blossom", MAIN, 2),
    ("2-2", "Bench", MAIN, 1),
    ("1-5", "Cat", YAO, 4),  # CP§3.5, CP B-4: the seed's order, the reverse of Tien Gow
    ("1-6", "High Foot", YAO, 3),
    ("4-6", "Four-Six", YAO, 2),
    ("5-6", "Axe", YAO, 1),
    ("3-6", "Black Nine", BLACK, 4),  # CP§3.6
    ("2-6", "Straight Eight", BLACK, 3),
    ("3-5", "Crooked Eight", BLACK, 3),
    ("2-5", "Black Seven", BLACK, 2),
    ("2-3", "Black Five", BLACK, 1),
    ("4-5", "Red Nine", RED, 4),  # CP§3.7
    ("3-4", "Red Seven", RED, 3),
    ("1-4", "Red Five", RED, 2),
    ("1-2", "Ding Ding", RED, 1),  # the Nail (CP B-5)
    ("2-4", "Two Reds", RED, 1),
)
NAMES: tuple[str, ...] = tuple(next(r[1] for r in _TABLE if r[0] == c) for c in CODES)
FAMILY: tuple[int, ...] = tuple(next(r[2] for r in _TABLE if r[0] == c) for c in CODES)
RANK: tuple[int, ...] = tuple(next(r[3] for r in _TABLE if r[0] == c) for c in CODES)
# The identities of each family, highest rank first, as the table lists them (a hand's order).
BY_FAMILY: tuple[tuple[int, ...], ...] = tuple(
    tuple(card(r[0]) for r in _TABLE if r[2] == family) for family in range(len(FAMILY_NAMES))
)

NAIL = card("1-2")  # CP§2.2, CP B-5: Ding Ding
TWO_REDS = card("2-4")
HEAVEN, EARTH, MAN, HARMONY = card("6-6"), card("1-1"), card("4-4"), card("1-3")


_RUNS: tuple[tuple[list[str], ...], ...] = tuple(
    tuple([CODES[c]] * n for n in range(COPIES + 1)) for c in range(N_IDS)
)


def hand_codes(counts: list[int]) -> list[str]:
    """The codes of a count vector, in pip order."""
    out: list[str] = []
    for c, n in enumerate(counts):
        if n:
            out += _RUNS[c][n]
    return out


def codes_by_family(counts: list[int]) -> list[tuple[int, list[str]]]:
    """The codes of a count vector by family (CP§3.3), each highest rank first (`BY_FAMILY`),
    leaving out the families it lacks: (family, codes)."""
    out: list[tuple[int, list[str]]] = []
    for family, ids in enumerate(BY_FAMILY):
        cards: list[str] = []
        for c in ids:
            n = counts[c]
            if n:
                cards += _RUNS[c][n]
        if cards:
            out.append((family, cards))
    return out
