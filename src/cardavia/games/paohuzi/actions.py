"""Canonical action texts (architecture.md §3) and their parsing.

    pass                              decline every claim (or a win) now
    win                               declare a win (PHZ-11) or take the heavenly win
    discard s3                        discard one concealed, non-kan card (PHZ-9)
    peng L4                           碰 another player's card with a concealed pair (PHZ-4)
    pao L9                            跑: the 4th card joins a kan, wei or peng (PHZ-4..PHZ-6)
    chi s3 s4 s5                      吃 the card into a chi-type group (PHZ-7)
    chi s3 s4 s5 bi s5 L5 L5          … with its compulsory bi 比 groups (PHZ-8)

Compulsory wei and ti are made by the engine and are never actions.
"""

from __future__ import annotations

from cardavia.games.paohuzi.cards import code, parse_cards
from cardavia.games.paohuzi.options import chi_text
from cardavia.rules.errors import InvalidActionError

VERBS = ("pass", "win", "discard", "peng", "pao", "chi")


def canonical(action: object) -> str:
    """The canonical text of an action, or InvalidActionError naming what is wrong."""
    if not isinstance(action, str) or not action.strip():
        raise InvalidActionError("empty action")
    verb, *rest = action.split()
    if verb in ("pass", "win"):
        if rest:
            raise InvalidActionError(f"'{verb}' takes no cards")
        return verb
    if verb in ("discard", "peng", "pao"):
        if len(rest) != 1:
            raise InvalidActionError(f"'{verb}' takes exactly one card, e.g. '{verb} s5'")
        return f"{verb} {code(parse_cards(rest)[0])}"
    if verb == "chi":
        return chi_text(*chi_groups(rest))
    raise InvalidActionError(f"unknown verb {verb!r} (expected {', '.join(VERBS)})")


def chi_groups(tokens: list[str]) -> tuple[list[int], list[list[int]]]:
    """`s3 s4 s5 bi s5 L5 L5` -> the chi group and its bi groups (three cards each)."""
    groups: list[list[str]] = [[]]
    for token in tokens:
        if token == "bi":
            groups.append([])
        else:
            groups[-1].append(token)
    for i, g in enumerate(groups):
        if len(g) != 3:
            what = "the chi group" if i == 0 else f"bi group {i}"
            raise InvalidActionError(f"{what} needs exactly three cards, got {len(g)}")
    cards = [parse_cards(g) for g in groups]
    return cards[0], cards[1:]
