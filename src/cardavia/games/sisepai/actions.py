"""Action texts (architecture.md §3): parsing to the canonical form, and the message an illegal
action raises.

| verb | when | example |
|---|---|---|
| `claim X Y Z` | the public card into a group with concealed cards (SSP-8) | `claim rC rH rN` |
| `win` | the public card completes the hand (SSP-6, SSP-11) | `win` |
| `pass` | decline every claim | `pass` |
| `discard X` | after a claim, discard a concealed card (SSP-10) | `discard yS` |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardavia.games.sisepai.cards import code, codes, is_single, parse_cards
from cardavia.games.sisepai.groups import group_kind
from cardavia.rules.errors import InvalidActionError

if TYPE_CHECKING:
    from cardavia.games.sisepai.state import SiSePaiState


def claim_text(cards: list[int]) -> str:
    return "claim " + " ".join(codes(cards))


def canonical(action: object) -> str:
    """The canonical text of an action, or InvalidActionError naming the problem."""
    if not isinstance(action, str) or not action.strip():
        raise InvalidActionError("empty action")
    verb, *rest = action.split()
    if verb in ("pass", "win"):
        if rest:
            raise InvalidActionError(f"'{verb}' takes no cards")
        return verb
    if verb == "discard":
        if len(rest) != 1:
            raise InvalidActionError("'discard' takes exactly one card")
        return f"discard {code(parse_cards(rest)[0])}"
    if verb == "claim":
        if not rest:
            raise InvalidActionError("'claim' needs the cards of the group")
        return claim_text(parse_cards(rest))
    raise InvalidActionError(f"unknown verb {verb!r} (expected claim, win, pass or discard)")


def why_illegal(state: SiSePaiState, seat: int, text: str, legal: list[str]) -> str:
    """Why `text` is not among the legal actions `legal` of `seat`, a seat that owes a decision
    now, naming the clause (the state is unchanged)."""
    verb = text.split()[0]
    if verb == "discard":
        if state.phase != "discard":
            return "nothing to discard now: a card is under claim"
        card = parse_cards(text.split()[1:])[0]
        if is_single(card):
            return f"{code(card)} is a General or flower and can never be discarded (SSP-10)"
        return f"{code(card)} is not in your concealed hand"
    if state.phase == "discard":
        return "you must discard a concealed card now (SSP-10)"
    if verb == "pass":
        return "a drawn General or flower must be kept as a group (A-SSP-5)"
    if verb == "win":
        return "your hand is not complete with this card (SSP-6)"
    group = parse_cards(text.split()[1:])
    assert state.public is not None
    if state.public not in group:
        return f"the claim must use the public card {code(state.public)}"
    if group_kind(sorted(group)) is None:
        return f"{' '.join(codes(group))} is not a legal group (SSP-4)"
    return f"you may not claim {' '.join(codes(group))} now (SSP-8)"
