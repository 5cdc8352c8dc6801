"""Groups set down in front of a player (NT§2.3-§2.5, §3.1, §3.2) and their text forms."""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.games.nantong.cards import code, parse_card
from cardavia.games.nantong.observation import GroupKind, NantongGroup
from cardavia.rules.errors import InvalidActionError

# kind -> (cards it holds, scoring unit of NT§4.2, counts as one of the seven groups)
MELD_KINDS: dict[GroupKind, tuple[int, str, bool]] = {
    "pong": (3, "P", True),  # claimed pong (碰)
    "kong": (4, "EK", True),  # exposed kong claimed from a discard
    "added": (4, "EK", True),  # a pong with its fourth card added (NT§3.1); still a pong for NT A-3
    "concealed": (4, "CK", True),  # declared concealed kong
    "four": (4, "OD", True),  # opening four (NT§2.3)
    "three": (3, "OD", True),  # opening three matching an indicator (NT§2.4)
    "hezi": (2, "HZ", False),  # Tiandi Hezi (天地和子, NT§2.5): scores, but is not a group
}


@dataclass(frozen=True, slots=True)
class Meld:
    kind: GroupKind
    card: int

    @property
    def size(self) -> int:
        return MELD_KINDS[self.kind][0]

    @property
    def unit(self) -> str:
        return MELD_KINDS[self.kind][1]

    @property
    def is_group(self) -> bool:
        return MELD_KINDS[self.kind][2]

    def text(self) -> str:
        return f"{self.kind} {code(self.card)}"

    def to_json(self) -> NantongGroup:
        return {"kind": self.kind, "cards": [code(self.card)] * self.size}

    @staticmethod
    def parse(text: str) -> Meld:
        parts = text.split()
        kind = next((k for k in MELD_KINDS if k == parts[0]), None) if len(parts) == 2 else None
        if kind is None:
            raise InvalidActionError(
                f"bad meld {text!r} (expected '<{'|'.join(MELD_KINDS)}> <card>')"
            )
        return Meld(kind, parse_card(parts[1]))
