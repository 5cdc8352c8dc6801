"""Action texts (architecture.md §3): the verbs, parsing to the canonical form, and the message
an illegal action raises.

| verb | when | example |
|---|---|---|
| `four X`, `three X`, `hezi X` | opening declarations (NT§2.3-§2.5) | `four 7M` |
| `ready`, `finish` | end of a seat's setup (NT§2.6) | `ready` |
| `win` | self-drawn win, or a claim to win on a discard or an added kong's card | `win` |
| `kong X` | concealed or added kong on a turn; exposed kong claim on a discard | `kong 5M` |
| `pong X` | claim on a discard (NT§3.2) | `pong 5M` |
| `discard X` | on a turn | `discard 9S` |
| `pass` | decline every claim | `pass` |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.games.nantong.cards import code, parse_card
from cardavia.rules.errors import InvalidActionError

if TYPE_CHECKING:
    from cardavia.games.nantong.state import NantongState

VERBS_BARE = ("pass", "win", "ready", "finish")
VERBS_CARD = ("discard", "pong", "kong", "four", "three", "hezi")


def canonical(action: object) -> str:
    """The canonical text of an action, or InvalidActionError naming the problem."""
    if not isinstance(action, str):
        raise InvalidActionError(f"an action must be a text, not {type(action).__name__}")
    if not action.strip():
        raise InvalidActionError("empty action")
    verb, *rest = action.split()
    if verb in VERBS_BARE:
        if rest:
            raise InvalidActionError(f"'{verb}' takes no cards")
        return verb
    if verb in VERBS_CARD:
        if len(rest) != 1:
            raise InvalidActionError(f"'{verb}' takes exactly one card")
        return f"{verb} {code(parse_card(rest[0]))}"
    known = ", ".join((*VERBS_BARE, *VERBS_CARD))
    raise InvalidActionError(f"unknown verb {verb!r} (expected one of: {known})")


def why_illegal(state: NantongState, seat: int, text: str, legal: list[str]) -> str:
    """Why `text` is not among the legal actions `legal` of `seat`, a seat that owes a decision
    now, naming the clause (the state is unchanged)."""
    verb, _, arg = text.partition(" ")
    if state.phase == "opening":
        if verb == "ready":
            if seat == state.dealer:
                return "the dealer may not declare ready (NT§2.6)"
            return "ready needs a hand one card from a win with a live winning card (NT A-12)"
        if verb in ("four", "three", "hezi"):
            return f"'{text}' is not an opening declaration of your dealt cards (NT§2.3-§2.5)"
        return f"in the opening phase you may play: {', '.join(legal)}"
    if state.phase == "claim":
        if verb == "win":
            return f"{_claim_code(state)} does not complete your hand (NT§1.1)"
        if verb in ("pong", "kong") and arg != _claim_code(state):
            return f"the card under claim is {_claim_code(state)}, not {arg}"
        if verb in ("pong", "kong"):
            if state.claim_kind == "rob":
                return "an added kong's card may only be robbed to win (NT§3.1)"
            if state.ready[seat]:
                return "a ready player may only win or pass (NT§2.6, §3.3)"
            return f"you may not {verb} {arg} now (NT§3.2, §3.3)"
        if verb == "discard":
            return "a card is under claim: answer with one of " + ", ".join(legal)
        return "answer the claim with one of " + ", ".join(legal)
    hand = state.hands[seat]
    if verb == "discard":
        if state.ready[seat]:
            return "a ready player must discard the card just drawn (NT§2.6)"
        return f"{arg} is not in your concealed hand"
    if verb == "win":
        return "your hand is not a winning hand (NT§1.1)"
    if verb == "kong":
        if state.ready[seat]:
            return "a ready player may not kong (NT§2.6, NT A-13)"
        if not state.stock:
            return "a kong needs cards left in the stock (NT§3.3)"
        if state.step in ("replacement", "pong"):
            return "after a replacement or a pong you may only win or discard (NT§3.1-§3.2)"
        card = parse_card(arg)
        return f"you hold {hand[card]} {arg} and no pong of it: no kong (NT§3.1)"
    return f"'{verb}' is not a move on your turn: play one of {', '.join(legal)}"


def _claim_code(state: NantongState) -> str:
    return code(state.claim_card) if state.claim_card is not None else "-"
