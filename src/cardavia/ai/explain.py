"""Why a move is good, in the policies' own terms, for the hint's one line (ai.md, Hint).

`explain(game, observation, legal, action)` reads only the seat's observation, like the
policies, and returns sentences as message keys for the table to translate (the keys are in
the client strings): `{"key": ..., "n": count or None, "params": {...}}`. An empty list
means the policies have nothing simple to say (an opening declaration, say); the hint then
gives only the search's reason.

Each game says its own reasons: the `explain` of its agents' module (`cardavia.ai.games.<game>`),
built from the sentences here. The measures are the efficient policies' own, read through their
modules' helpers (kept apart from the policies so that explaining never changes how they play):
the distance to a win (cards still missing), the unseen cards that would bring the hand closer
(acceptance), or the chance that no later seat can beat a play. A sentence is only
said when it is true of the move, whichever agent chose it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardavia.ai import games
from cardavia.rules.types import ObservationBase

Why = dict[str, Any]


def sentence(key: str, n: int | None = None, **params: int | str) -> Why:
    return {"key": key, "n": n, "params": params}


def discard_why(closest: bool, d: int | None = None, accepted: int = 0) -> list[Why]:
    """A discard that leaves the hand `d` cards from a win (as close as any discard can, or
    not), with `accepted` unseen cards that would bring it closer."""
    said = [sentence("why_closest")] if closest else []
    if d is not None:
        said.append(sentence("why_distance", d))
    if accepted:
        said.append(sentence("why_acceptance", accepted))
    return said


def claim_or_pass_why(action: str, closer: dict[str, bool], d: int | None = None) -> list[Why]:
    """A claim that brings the hand closer to a win than passing (then `d` cards from it), or
    a pass when no claim would (`closer`: each legal claim's verdict)."""
    if closer.get(action):
        return [sentence("why_closer"), *([sentence("why_distance", d)] if d is not None else [])]
    if action == "pass" and not any(closer.values()):
        return [sentence("why_no_closer")]
    return []


def measure_without(hand: list[int], card: int, measure: Callable[[list[int]], int]) -> int:
    """`measure(hand)` with one `card` less (`hand` is changed in place and restored)."""
    hand[card] -= 1
    try:
        return measure(hand)
    finally:
        hand[card] += 1


def explain(game: str, observation: ObservationBase, legal: list[str], action: str) -> list[Why]:
    """Why `action` (one of `legal`), from the seat's own observation."""
    explainer = games.explainer(game)
    return [] if explainer is None else explainer(observation, legal, action)
