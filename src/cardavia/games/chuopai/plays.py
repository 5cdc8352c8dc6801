"""Every legal play of Chuo Pai, precomputed, and the beating relation (CP§3.1-CP§3.9).

There are 140 plays: 84 ordinary sets (1-4 identical cards of one of the 21 identities, CP§3.1,
CP§3.8) and 56 special combinations (k civil cards + k matching cards, k = 1..4, with the two
matching identities mixed in any proportion: CP§3.9, CP B-1, CP B-2). A play is an int index into
`PLAYS`; a state only ever handles these ints.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.games.chuopai.cards import (
    CODES,
    EARTH,
    FAMILY,
    FAMILY_NAMES,
    HARMONY,
    HEAVEN,
    MAN,
    N_IDS,
    NAMES,
    RANK,
    card,
    codes,
    counts_of,
)
from cardavia.games.chuopai.observation import Family, HandPlayFacts, NoBeat, PlayKind

MAX_SET = 4  # CP§3.1: one to four cards of one pattern
SPECIAL_CLASS = 4  # CP B-3: specials are their own class, next to the four families


@dataclass(frozen=True, slots=True)
class Special:
    """A special combination type (CP§3.9): civil card + cards of the matching pip total."""

    name: str
    kind: PlayKind
    civil: int
    matching: tuple[int, int]  # Black and Red cards of the total (CP B-2), in pip order
    rank: int


SPECIALS: tuple[Special, ...] = (
    Special("Tian Jiu", "tian_jiu", HEAVEN, (card("3-6"), card("4-5")), 4),  # 天九 Heaven + nine
    Special("Di Ba", "di_ba", EARTH, (card("2-6"), card("3-5")), 3),  # 地八 Earth + eight
    Special("Ren Qi", "ren_qi", MAN, (card("2-5"), card("3-4")), 2),  # 人七 Man + seven
    Special("He Wu", "he_wu", HARMONY, (card("1-4"), card("2-3")), 1),  # 和五 Harmony + five
)
SET_KINDS: tuple[PlayKind, ...] = ("single", "pair", "triple", "four")  # by size (CP§3.1)
# By `Play.family`: the four families of CP§3.3 (cards.FAMILY_NAMES), then the specials' class.
FAMILY_IDS: tuple[Family, ...] = ("main", "yao", "black", "red", "special")


@dataclass(frozen=True, slots=True)
class Play:
    index: int
    cards: tuple[int, ...]  # canonical order: civil cards first in a special, then pip order
    need: tuple[tuple[int, int], ...]  # (identity, copies)
    special: bool
    klass: int  # beats only within the same klass: family/special class and size (CP§3.2)
    rank: int
    size: int
    text: str  # the canonical action text, e.g. "play 6-6 6-6"
    name: str  # e.g. "Heaven×2", "Tian Jiu"
    kind: PlayKind  # e.g. "pair", "tian_jiu"

    @property
    def family(self) -> int:
        return self.klass // MAX_SET


def _klass(family: int, size: int) -> int:
    return family * MAX_SET + size - 1


def _make() -> tuple[tuple[Play, ...], dict[tuple[int, int, int], int]]:
    plays: list[Play] = []
    special_index: dict[tuple[int, int, int], int] = {}
    for c in range(N_IDS):
        for n in range(1, MAX_SET + 1):
            cards = (c,) * n
            name = NAMES[c] + (f"×{n}" if n > 1 else "")
            plays.append(
                Play(
                    len(plays),
                    cards,
                    ((c, n),),
                    False,
                    _klass(FAMILY[c], n),
                    RANK[c],
                    n,
                    "play " + " ".join([CODES[c]] * n),
                    name,
                    SET_KINDS[n - 1],
                )
            )
    for t, sp in enumerate(SPECIALS):
        m1, m2 = sp.matching
        for k in range(1, MAX_SET + 1):
            for a in range(k, -1, -1):  # a cards of m1, k - a of m2 (red and black may mix)
                cards = (sp.civil,) * k + (m1,) * a + (m2,) * (k - a)
                need = tuple((c, n) for c, n in ((sp.civil, k), (m1, a), (m2, k - a)) if n)
                name = sp.name + (f"×{k}" if k > 1 else "")
                special_index[(t, k, a)] = len(plays)
                plays.append(
                    Play(
                        len(plays),
                        cards,
                        need,
                        True,
                        SPECIAL_CLASS * MAX_SET + k - 1,
                        sp.rank,
                        2 * k,
                        "play " + " ".join(CODES[x] for x in cards),
                        name,
                        sp.kind,
                    )
                )
    return tuple(plays), special_index


PLAYS, _SPECIAL_INDEX = _make()
TEXTS: tuple[str, ...] = tuple(p.text for p in PLAYS)
TEXT_INDEX: dict[str, int] = {p.text: p.index for p in PLAYS}
_BY_CARDS: dict[tuple[int, ...], int] = {tuple(sorted(p.cards)): p.index for p in PLAYS}
NEEDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(p.need for p in PLAYS)
SIZES: tuple[int, ...] = tuple(p.size for p in PLAYS)
CARD_CODES: tuple[tuple[str, ...], ...] = tuple(tuple(CODES[c] for c in p.cards) for p in PLAYS)


def _facts(p: Play) -> HandPlayFacts:
    facts: HandPlayFacts = {"kind": p.kind, "family": FAMILY_IDS[p.family], "rank": p.rank}
    if p.special:
        facts["civil"] = CODES[p.cards[0]]  # canonical order: the civil cards first
    return facts


# What each play is, as the client shows it (`observation.PlayFacts`); copy before changing one.
FACTS: tuple[HandPlayFacts, ...] = tuple(_facts(p) for p in PLAYS)

# CP§3.2, CP B-3, CP B-11: Y beats X iff same class (family or special, same size), higher rank.
BEATERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(y.index for y in PLAYS if y.klass == x.klass and y.rank > x.rank) for x in PLAYS
)


def play_of(cards: list[int]) -> int | None:
    """The play made of exactly these cards (any order), or None if they are not a play."""
    return _BY_CARDS.get(tuple(sorted(cards)))


def holds(hand: list[int], play: int) -> bool:
    return all(hand[c] >= n for c, n in NEEDS[play])


def _special_leads(t: int, civil: int, h1: int, h2: int) -> list[int]:
    return sorted(
        _SPECIAL_INDEX[(t, k, a)]
        for k in range(1, min(civil, h1 + h2) + 1)
        for a in range(max(0, k - h2), min(k, h1) + 1)
    )


# Lead lists by held counts: sets by (identity, copies), specials by (civil, m1, m2) copies.
_SET_RUNS = tuple(
    tuple(list(range(c * MAX_SET, c * MAX_SET + n)) for n in range(MAX_SET + 1))
    for c in range(N_IDS)
)
_SPECIAL_RUNS = tuple(
    (
        sp.civil,
        sp.matching[0],
        sp.matching[1],
        tuple(
            tuple(
                tuple(_special_leads(t, nc, h1, h2) for h2 in range(MAX_SET + 1))
                for h1 in range(MAX_SET + 1)
            )
            for nc in range(MAX_SET + 1)
        ),
    )
    for t, sp in enumerate(SPECIALS)
)


def leads(hand: list[int]) -> list[int]:
    """Every play the hand can lead (CP§3.1), in index order of the sets, then the specials."""
    out: list[int] = []
    for c, n in enumerate(hand):
        if n:
            out += _SET_RUNS[c][n]
    for civil, m1, m2, runs in _SPECIAL_RUNS:
        nc = hand[civil]
        if nc:
            out += runs[nc][hand[m1]][hand[m2]]
    return out


def beats(high: int, hand: list[int]) -> list[int]:
    """The plays of `hand` that beat `high` (CP§3.2): a responder must make one if any."""
    out: list[int] = []
    for y in BEATERS[high]:
        for c, n in NEEDS[y]:
            if hand[c] < n:
                break
        else:
            out.append(y)
    return out


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(codes(cards))


def why_not_a_play(cards: list[int]) -> str:
    """Why these cards are not a legal play (CP§3.1, CP§3.8, CP§3.9), naming the problem."""
    shown = cards_text(cards)
    counts = counts_of(cards)
    kinds = [c for c in range(N_IDS) if counts[c]]
    if len(kinds) == 1:
        return f"{shown} is not a play: at most {MAX_SET} cards of one pattern (CP§3.1)"
    civils = [sp for sp in SPECIALS if counts[sp.civil]]
    if len(kinds) == 2 and all(
        RANK[c] == RANK[kinds[0]] and FAMILY[c] == FAMILY[kinds[0]] for c in kinds
    ):
        return (
            f"{shown} is not a play: equal rank is not the same pattern; pairs, triples and "
            f"fours must be identical (CP§3.8)"
        )
    if len(civils) > 1:
        return f"{shown} is not a play: a special combination has one civil type (CP§3.9)"
    if len(civils) == 1:
        sp = civils[0]
        matching = sum(counts[m] for m in sp.matching)
        others = [c for c in kinds if c != sp.civil and c not in sp.matching]
        if others:
            return (
                f"{shown} is not a play: {sp.name} matches {NAMES[sp.civil]} only with "
                f"{' or '.join(CODES[m] for m in sp.matching)} (CP§3.9, CP B-2)"
            )
        if matching != counts[sp.civil]:
            return (
                f"{shown} is not a play: {sp.name} needs equal numbers of "
                f"{CODES[sp.civil]} and matching cards (CP§3.9)"
            )
        return f"{shown} is not a play: at most {MAX_SET} + {MAX_SET} cards (CP B-1)"
    return (
        f"{shown} is not a play: lead 1-{MAX_SET} identical cards or a Tian Jiu, Di Ba, "
        f"Ren Qi or He Wu combination (CP§3.1)"
    )


def no_beat(y: int, x: int) -> NoBeat | None:
    """Why play `y` does not beat play `x` (CP§3.2, CP§3.3, CP B-3, CP B-11), or None if it
    does: another class (a special against an ordinary set), size, family, or no higher rank."""
    py, px = PLAYS[y], PLAYS[x]
    if py.special != px.special:
        return "class"
    if py.size != px.size:
        return "size"
    if py.family != px.family:
        return "family"
    return "rank" if py.rank <= px.rank else None


def why_not_beat(y: int, x: int) -> str:
    """Why play `y` does not beat the current highest play `x` (CP§3.2, CP§3.3)."""
    py, px = PLAYS[y], PLAYS[x]
    head = f"{cards_text(py.cards)} does not beat {cards_text(px.cards)}"
    why = no_beat(y, x)
    if why == "class":
        return f"{head}: special combinations and ordinary sets never beat each other (CP B-3)"
    if why == "size":
        return f"{head}: it needs the same number of cards, {px.size} (CP§3.2, CP B-11)"
    if why == "family":
        return (
            f"{head}: different families never beat each other ({FAMILY_NAMES[py.family]} vs "
            f"{FAMILY_NAMES[px.family]}, CP§3.3)"
        )
    if py.rank == px.rank:
        return f"{head}: equal rank does not beat (CP§3.2, CP§3.8)"
    return f"{head}: its rank is lower (CP§3.2)"
