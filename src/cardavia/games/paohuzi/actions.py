"""Canonical action texts (architecture.md §3), their parsing, and the message an illegal action
raises.

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

from typing import TYPE_CHECKING

from cardavia.games.paohuzi.cards import code, parse_cards
from cardavia.games.paohuzi.options import chi_text
from cardavia.rules.errors import InvalidActionError

if TYPE_CHECKING:
    from cardavia.games.paohuzi.state import PaohuziState

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


def cards_of(text: str) -> list[int]:
    """The cards of a canonical text (a chi's bi groups included)."""
    return parse_cards([t for t in text.split()[1:] if t != "bi"])


def parse_one(text: str) -> int:
    """The card of a canonical one-card text (`discard s3`, `peng L4`, `pao L9`)."""
    return cards_of(text)[0]


def why_illegal(state: PaohuziState, seat: int, text: str, legal: list[str]) -> str:
    """Why `text` is not among the legal actions `legal` of `seat`, a seat that owes a decision
    now, naming the clause (the state is unchanged)."""
    verb = text.split()[0]
    if state.phase == "discard":
        if verb != "discard":
            return "you must discard a concealed card now (PHZ-9)"
        card = parse_one(text)
        if card in state.seats[seat].kans:
            return f"{code(card)} is part of a kan, which is locked (PHZ-3)"
        return f"{code(card)} is not in your concealed hand"
    if verb == "discard":
        return "nothing to discard now: answer the claim (or pass)"
    if state.window_kind == "win":
        return "you may only win or pass now (PHZ-5 step 1)"
    in_play = state.card
    assert in_play is not None
    h = state.seats[seat]
    if verb == "win":
        return (
            "no win on a discard (PHZ-seed 3.11)"
            if not state.from_stock
            else f"your hand is not a winning hand with {code(in_play)} (PHZ-11)"
        )
    if verb in ("peng", "pao", "chi") and text.split()[1:] and in_play not in cards_of(text):
        return f"the claim must use the card in play, {code(in_play)}"
    if verb == "chi" and in_play in h.chi_stale:
        return f"{code(in_play)} is stale for your chi (PHZ-12)"
    if verb == "peng" and in_play in h.peng_stale:
        return f"{code(in_play)} is stale for your peng (PHZ-12)"
    if verb == "chi":
        return f"'{text}' is not a legal chi with its full bi now (PHZ-5, PHZ-6, PHZ-8, PHZ-9)"
    return f"you may not {verb} {code(in_play)} now (PHZ-5, PHZ-6, PHZ-9)"
