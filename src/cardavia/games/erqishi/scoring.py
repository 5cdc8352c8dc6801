"""What Two Seven Ten counts (ER-5, ER-13, ER-15): only 2-7-10 scores among chi-type groups
(1-2-3 is an ordinary sequence, A-ER-4), 10 huxi win (A-ER-3), and the payment in units by bands
of huxi; the winning-hand search is Paohuzi's (as PHZ-11), run on these values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardavia.games.paohuzi.cards import is_large
from cardavia.games.paohuzi.groups import Splits, chi_kind
from cardavia.games.paohuzi.scoring import Scoring

MIN_HUXI = 10  # ER-13, A-ER-3
UPGRADES = ("peng", "kan")  # ER-13: the card makes a pao of any winner's kan or exposed peng
# ER-15: (lowest huxi of the band, units); 30 is in the 25-30 band (A-ER-15)
BANDS: tuple[tuple[int, int], ...] = ((31, 10), (25, 6), (21, 4), (15, 2), (10, 1))
BAND_TEXT = {1: "10–14", 2: "15–20", 4: "21–24", 6: "25–30", 10: "31+"}
DISCARD_RATE = 3  # ER-15, A-ER-14: the discarder pays for three (包三家)


def chi_value(cards: Sequence[int]) -> int:
    """ER-5: 2-7-10 gives 3 small / 6 large; every other chi-type group, 1-2-3 included, 0."""
    kind = chi_kind(cards)
    if kind is None:
        raise ValueError(f"not a chi-type group: {sorted(cards)}")
    if kind == "2-7-10":
        return 6 if is_large(cards[0]) else 3
    return 0


def units(huxi: int) -> int:
    """ER-15: the winner's units u for `huxi` (at least 10)."""
    for lowest, u in BANDS:
        if huxi >= lowest:
            return u
    raise ValueError(f"{huxi} huxi is below the {MIN_HUXI} needed to win (ER-13)")


def settlement(huxi: int) -> dict[str, Any]:
    u = units(huxi)
    return {"units": u, "band": BAND_TEXT[u]}


def payments(winner: int, u: int, discarder: int | None, players: int = 3) -> list[int]:
    """ER-15: a win on a turned-up card (or the heavenly win): each opponent pays u; a win on a
    discard: the discarder alone pays 3u (A-ER-14), the third player nothing."""
    if discarder is None:
        return [(players - 1) * u if s == winner else -u for s in range(players)]
    out = [0] * players
    out[winner], out[discarder] = DISCARD_RATE * u, -DISCARD_RATE * u
    return out


ERQISHI = Scoring(Splits(chi_value), MIN_HUXI, settlement)
