"""Action texts (architecture.md §3): parsing to the canonical form, and the message an illegal
action raises.

| verb | when | example |
|---|---|---|
| `play X …` | lead a play, or beat the round's highest play (CP§3.1, CP§3.2) | `play 4-4` |
| `pass` | never a choice: a responder that cannot beat passes, by the engine (CP§3.2) | `pass` |

The cards of a play may come in any order; the canonical text lists them as the play does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.games.chuopai.cards import parse_cards
from cardavia.games.chuopai.plays import (
    PLAYS,
    TEXT_INDEX,
    TEXTS,
    cards_text,
    holds,
    play_of,
    why_not_a_play,
    why_not_beat,
)
from cardavia.rules.errors import IllegalActionError, InvalidActionError

if TYPE_CHECKING:
    from cardavia.games.chuopai.state import ChuoPaiState

PASS = -1  # the play index of a pass, in a trick or a seat's history


def canonical(action: object) -> str:
    """The canonical text of an action: a play's (cards in any order), or `pass`."""
    if isinstance(action, str) and action in TEXT_INDEX:
        return action
    play = play_index(action)
    return "pass" if play == PASS else TEXTS[play]


def play_index(action: object) -> int:
    """The play index of an action text (cards in any order), or PASS; InvalidActionError for a
    text that does not parse, IllegalActionError for cards that make no play."""
    if not isinstance(action, str):
        raise InvalidActionError(f"an action is a text, not {type(action).__name__}")
    if not action.strip():
        raise InvalidActionError("empty action")
    verb, *rest = action.split()
    if verb == "pass":
        if rest:
            raise InvalidActionError("'pass' takes no cards")
        return PASS
    if verb != "play":
        raise InvalidActionError(f"unknown verb {verb!r} (expected play or pass)")
    if not rest:
        raise InvalidActionError("'play' needs the cards played, e.g. 'play 6-6'")
    cards = parse_cards(rest)
    play = play_of(cards)
    if play is None:
        raise IllegalActionError(why_not_a_play(cards))
    return play


def why_illegal(state: ChuoPaiState, seat: int, text: str) -> str:
    """Why the canonical `text` is not a legal play of `seat`, the seat to act (the state is
    unchanged). The round's phase is "lead" or "respond" (the state's LEAD, RESPOND)."""
    play = PASS if text == "pass" else TEXT_INDEX[text]
    responding = state.phase == "respond"
    if play == PASS:
        if not responding:
            return "you lead this round: pass is not allowed (CP§3.1)"
        return f"you must beat {cards_text(PLAYS[state.high].cards)}: pass is not allowed (CP§3.2)"
    if not holds(state.hands[seat], play):
        return f"you do not hold {cards_text(PLAYS[play].cards)}"
    if responding:
        return why_not_beat(play, state.high)
    return f"{cards_text(PLAYS[play].cards)} cannot be played now"
