"""Card notation shared by every game: identities as small ints with text codes
(`../shared/rules/README.md`), and hands as count vectors indexed by identity."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardavia.rules.errors import InvalidActionError


class CardNotation:
    """The codes of one deck: `codes[i]` names identity i, which has `copies[i]` cards."""

    def __init__(self, codes: Sequence[str], copies: Sequence[int], hint: str = "") -> None:
        self.codes = tuple(codes)
        self.hint = hint  # added to the "unknown card code" message, e.g. what codes look like
        self.copies = tuple(copies)
        self._by_code = {c: i for i, c in enumerate(self.codes)}
        self.deck = [i for i, n in enumerate(self.copies) for _ in range(n)]

    def parse_card(self, text: str) -> int:
        try:
            return self._by_code[text]
        except KeyError:
            raise InvalidActionError(f"unknown card code {text!r}{self.hint}") from None

    def parse_cards(self, text: str | Iterable[str]) -> list[int]:
        """Codes separated by spaces (or a list of codes); `rC×4` means four copies."""
        items = text.split() if isinstance(text, str) else list(text)
        out: list[int] = []
        for item in items:
            if "×" in item:
                base, _, n = item.partition("×")
                if not n.isdigit():
                    raise InvalidActionError(f"bad copy count in {item!r}")
                out.extend([self.parse_card(base)] * int(n))
            else:
                out.append(self.parse_card(item))
        return out

    def code(self, card: int) -> str:
        return self.codes[card]

    def sorted_codes(self, cards: Iterable[int]) -> list[str]:
        return [self.codes[c] for c in sorted(cards)]

    def full_deck(self) -> list[int]:
        return list(self.deck)

    def counts_of(self, cards: Iterable[int]) -> list[int]:
        counts = [0] * len(self.codes)
        for c in cards:
            counts[c] += 1
        return counts

    def cards_of(self, counts: Sequence[int]) -> list[int]:
        return [c for c, n in enumerate(counts) for _ in range(n)]
