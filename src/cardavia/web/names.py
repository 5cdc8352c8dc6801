"""Players' display names (docs/api.md, "Names"): what a name may hold, and the names a table
refuses (a seat's label in any of the site's languages, another seat's name)."""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

from cardavia.games.registry import GAMES
from cardavia.store.base import NameCheck
from cardavia.table.live import NAME_MAX
from cardavia.web import i18n
from cardavia.web.requests import ApiError

# Letters and signs that draw nothing (the Hangul fillers, the blank Braille pattern, the
# musical null notehead).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\U0001d159")
# Unassigned, but set aside to be drawn as nothing (Unicode's Default_Ignorable_Code_Point):
# U+2065, U+FFF0-U+FFF8, and all of plane 14 (tags, variation selectors) and above.
IGNORABLE_UNASSIGNED = frozenset("\u2065" + "".join(map(chr, range(0xFFF0, 0xFFF9))))


def _nonchar(c: str) -> bool:
    """A noncharacter (U+FDD0–U+FDEF, and the last two code points of every plane): never text."""
    point = ord(c)
    return 0xFDD0 <= point <= 0xFDEF or point & 0xFFFE == 0xFFFE


def _shows(c: str) -> bool:
    """Whether a character of a name draws something: a letter, digit, sign or punctuation, or
    an unassigned one (Python's Unicode tables lag, and an emoji newer than them is "Cn") in
    the planes where letters and emoji are given out; plane 14 and above hold only tags,
    variation selectors and private use, which draw nothing (security test: U+E0080 passed)."""
    kind = unicodedata.category(c)
    if kind == "Cn":
        return ord(c) < 0x40000 and c not in IGNORABLE_UNASSIGNED
    return kind[0] in "LNPS" and c not in BLANK_LETTERS


def parse_name(value: Any) -> str | None:
    """A display name: text of 1 to NAME_MAX characters once trimmed, no control characters
    (pages and the client escape it wherever it shows); None when not given."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ApiError(422, "bad_name", "name must be text")
    name = " ".join(value.split())
    if not name or len(name) > NAME_MAX:
        raise ApiError(422, "bad_name", f"name must be 1 to {NAME_MAX} characters")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs") or _nonchar(c) for c in name):
        raise ApiError(422, "bad_name", "name must be plain text")
    if not any(_shows(c) for c in name):
        # marks alone, or fillers that draw nothing: a seat that would look nameless
        raise ApiError(422, "bad_name", "name must show at least one letter, digit or sign")
    return name


# What the table calls a seat (pages.table's `seats`, web/strings/core.py's seat_player and
# seat_player_n), in every language of the site: no player may be called so, but an unnamed
# human seat's own label ("Player" for seat 0, "Player n" for seat n), which names nobody else.
SEAT_LABELS = ("You", "AI %(n)s")
PLAYER_LABELS = ("Player", "Player %(n)s")
# why a name was refused (`reason` beside a 422 bad_name), and what the joiner is told
NAME_REFUSALS = {
    "seat_label": "this name is what the table calls a seat (such as You, AI 1 or Player 2, "
    "in one of the site's languages); choose another",
    "name_taken": "another player at this table has this name; choose another",
}


def name_key(name: str) -> str:
    """A name as names are compared: NFKC, case-folded, without white space, so that "AI 1",
    "ai1", "ＡＩ １" and "A I 1" are one name."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return "".join(folded.split())


@cache
def _labels() -> dict[str, int | None]:
    """Each seat label's key, in the six languages, for seats of any game: the seat that may
    take it as its name (its own "Player n"), or None (no seat may)."""
    labels: dict[str, int | None] = {}
    players = max(game.players for game in GAMES.values())

    def add(text: str, seat: int | None) -> None:
        key = name_key(text)
        labels[key] = seat if labels.get(key, seat) == seat else None

    for lang in i18n.LANGUAGES:
        gettext = i18n.translations(lang).gettext
        you, ai = (gettext(label) for label in SEAT_LABELS)
        player, player_n = (gettext(label) for label in PLAYER_LABELS)
        add(you, None)
        add(player, 0)
        for n in range(1, players + 1):
            add(ai % {"n": n}, None)
            add(player_n % {"n": n}, n)
    return labels


def name_check(name: str) -> NameCheck:
    """The `NameCheck` of `name`: why it may not be a seat's name at a table whose seats have
    the names given (None: it may), a seat's label (`_labels`) or another seat's name, compared
    as `name_key`s. The store asks it at a join (`Tables.join`) under its lock, so what does not
    depend on the names is worked out here, before."""
    key, labels = name_key(name), _labels()

    def check(seat: int, names: list[str | None]) -> str | None:
        if key in labels and labels[key] != seat:
            return "seat_label"
        for i, other in enumerate(names):
            if other is not None and i != seat and name_key(other) == key:
                return "name_taken"
        return None

    return check


def name_error(reason: str) -> ApiError:
    return ApiError(422, "bad_name", NAME_REFUSALS[reason], reason=reason)
