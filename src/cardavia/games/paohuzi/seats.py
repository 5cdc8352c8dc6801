"""What one player owns (PHZ-3, PHZ-4, PHZ-9, PHZ-10, PHZ-12): concealed cards, locked kans,
groups on the table, discard area, stale cards and the dead-hand flag."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardavia.games.paohuzi.cards import CODES, N_IDS, code
from cardavia.games.paohuzi.groups import QUAD_KINDS, identical_huxi
from cardavia.games.paohuzi.observation import GroupKind, PaohuziGroup

HAND = 20  # PHZ-2: 20 cards each, the dealer 21


@dataclass(slots=True)
class Group:
    """A group on the table. `hidden`: an opening ti, face down (PHZ-15)."""

    kind: GroupKind
    cards: tuple[int, ...]
    huxi: int
    hidden: bool = False

    def to_json(self, public: bool) -> PaohuziGroup:
        if self.hidden and public:
            return {"kind": self.kind, "cards": None, "size": len(self.cards), "huxi": None}
        return {
            "kind": self.kind,
            "cards": [CODES[c] for c in self.cards],
            "size": len(self.cards),
            "huxi": self.huxi,
        }


@dataclass(slots=True)
class Holding:
    hand: list[int] = field(default_factory=lambda: [0] * N_IDS)  # concealed, kans excluded
    kans: list[int] = field(default_factory=list)  # 坎: dealt triples, concealed and locked
    groups: list[Group] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)  # discard area, last = newest
    chi_stale: set[int] = field(default_factory=set)  # PHZ-12
    peng_stale: set[int] = field(default_factory=set)
    dead: bool = False  # PHZ-10
    # Cards this player revealed without a compulsory wei/ti: it held at most one free copy and
    # no kan of them then, and cards never enter a hand. Public; used by sample_world.
    single_at_most: set[int] = field(default_factory=set)

    def copy(self) -> Holding:
        return Holding(
            list(self.hand),
            list(self.kans),
            [Group(g.kind, g.cards, g.huxi, g.hidden) for g in self.groups],
            list(self.discards),
            set(self.chi_stale),
            set(self.peng_stale),
            self.dead,
            set(self.single_at_most),
        )

    def concealed(self) -> int:
        return sum(self.hand) + 3 * len(self.kans)

    def owned(self) -> int:
        """N of PHZ-9: concealed cards plus every card in the player's groups."""
        return self.concealed() + sum(len(g.cards) for g in self.groups)

    def quads(self) -> int:
        """Q of PHZ-9: ti and pao groups."""
        return sum(1 for g in self.groups if g.kind in QUAD_KINDS)

    def limit(self, extra_quads: int = 0) -> int:
        """PHZ-9: a player owning more than this must discard."""
        return HAND + max(0, self.quads() + extra_quads - 1)

    def must_discard(self) -> bool:
        return not self.dead and self.owned() > self.limit()

    def group_of(self, kind: str, card: int) -> Group | None:
        for g in self.groups:
            if g.kind == kind and g.cards[0] == card:
                return g
        return None

    def upgrade(self, group: Group, kind: GroupKind) -> None:
        """PHZ-4: a kan, wei or peng grows to a ti or pao; the new value replaces the old."""
        card = group.cards[0]
        group.kind, group.cards, group.huxi = kind, (card,) * 4, identical_huxi(kind, card)
        group.hidden = False

    def fixed_huxi(self) -> int:
        return sum(g.huxi for g in self.groups) + sum(identical_huxi("kan", k) for k in self.kans)

    def concealed_codes(self) -> list[str]:
        every = list(self.hand)
        for k in self.kans:
            every[k] += 3
        return [code(c) for c in range(N_IDS) for _ in range(every[c])]
