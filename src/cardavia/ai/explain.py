"""Why a move is good, in the policies' own terms, for the hint's one line (ai.md, Hint).

`explain(game, observation, legal, action)` reads only the seat's observation, like the
policies, and returns sentences as message keys for the table to translate (the keys are in
`web/client_strings.py`): `{"key": ..., "n": count or None, "params": {...}}`. An empty list
means the policies have nothing simple to say (an opening declaration, say); the hint then
gives only the search's reason.

The measures are the efficient policies' own, read through their modules' helpers (kept apart
from the policies so that explaining never changes how they play): the distance to a win
(cards still missing), the unseen cards that would bring the hand closer (acceptance), and in
Chuo Pai the chance that no later seat can beat a play. A sentence is only said when it is
true of the move, whichever agent chose it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardavia.ai import chuopai, nantong, paohuzi, sisepai
from cardavia.ai.efficiency import acceptance
from cardavia.games.chuopai.plays import PLAYS, TEXT_INDEX
from cardavia.games.nantong import cards as nt_cards
from cardavia.games.nantong.hands import distance as nt_distance
from cardavia.games.paohuzi import cards as phz_cards
from cardavia.games.sisepai import cards as ssp_cards
from cardavia.games.sisepai.groups import distance as ssp_distance

Why = dict[str, Any]
# A Chuo Pai play this likely to stand is told as sure (the estimate is a model, not a count).
SURE = 0.995
# Below this, "about 0% likely" explains nothing: no sentence.
UNLIKELY = 0.05


def sentence(key: str, n: int | None = None, **params: int) -> Why:
    return {"key": key, "n": n, "params": params}


def _discard(closest: bool, d: int | None = None, accepted: int = 0) -> list[Why]:
    """A discard that leaves the hand `d` cards from a win (as close as any discard can, or
    not), with `accepted` unseen cards that would bring it closer."""
    said = [sentence("why_closest")] if closest else []
    if d is not None:
        said.append(sentence("why_distance", d))
    if accepted:
        said.append(sentence("why_acceptance", accepted))
    return said


def _claim_or_pass(action: str, closer: dict[str, bool], d: int | None = None) -> list[Why]:
    """A claim that brings the hand closer to a win than passing (then `d` cards from it), or
    a pass when no claim would (`closer`: each legal claim's verdict)."""
    if closer.get(action):
        return [sentence("why_closer"), *([sentence("why_distance", d)] if d is not None else [])]
    if action == "pass" and not any(closer.values()):
        return [sentence("why_no_closer")]
    return []


def _sisepai(observation: dict[str, Any], legal: list[str], action: str) -> list[Why]:
    hand = ssp_cards.counts_of(ssp_cards.parse_cards(observation["hand"]))
    live = sisepai._live_copies(observation, hand)
    if action.startswith("discard"):
        after = {text: _without(hand, ssp_cards.parse_card(text.split()[1]), ssp_distance)
                 for text in legal if text.startswith("discard")}
        d = after[action]
        card = ssp_cards.parse_card(action.split()[1])
        hand[card] -= 1
        return _discard(d == min(after.values()), _ssp_cards_to_win(d),
                        acceptance(hand, live, range(ssp_cards.N_CHESS), ssp_distance, d))
    if observation.get("public_card") is None:
        return []
    now = ssp_distance(hand)
    public = ssp_cards.parse_card(observation["public_card"])

    def after_claim(text: str) -> int:
        rest = list(hand)
        group = ssp_cards.parse_cards(text.split()[1:])
        group.remove(public)
        for c in group:
            rest[c] -= 1
        return sisepai._best_discard(rest, live, True)[0]

    claims = {text: after_claim(text) for text in legal if text.startswith("claim")}
    told = claims.get(action)
    return _claim_or_pass(action, {t: d < now for t, d in claims.items()},
                          None if told is None else _ssp_cards_to_win(told))


def _ssp_cards_to_win(d: int) -> int:
    """Sì Sè Pái's distance counts the cards that would group every concealed card: 0 when the
    twenty are grouped, but the win still wants a twenty-first card that fits (SSP-seed 4.2)."""
    return max(d, 1)


def _without(hand: list[int], card: int, measure: Callable[[list[int]], int]) -> int:
    hand[card] -= 1
    try:
        return measure(hand)
    finally:
        hand[card] += 1


def _nantong(observation: dict[str, Any], legal: list[str], action: str) -> list[Why]:
    if observation["phase"] not in ("turn", "claim"):
        return []
    me = observation["seat"]
    hand = nt_cards.counts_of(nt_cards.parse_cards(observation["hand"]))
    groups = nantong.GROUPS - sum(1 for m in observation["seats"][me]["melds"]
                                  if m["kind"] != "hezi")
    live = nantong._live(observation, hand)

    def closer(h: list[int]) -> int:
        return nt_distance(h, groups)

    verb, _, rest = action.partition(" ")
    if verb == "discard":
        after = {text: _without(hand, nt_cards.parse_card(text.split()[1]), closer)
                 for text in legal if text.startswith("discard")}
        d = after[action]
        hand[nt_cards.parse_card(rest)] -= 1
        return _discard(d == min(after.values()), d,
                        acceptance(hand, live, range(nt_cards.N_IDS), closer, d))
    if observation["phase"] != "claim" or observation.get("public_card") is None:
        return []
    now = closer(hand)
    card = nt_cards.parse_card(observation["public_card"])

    def after_claim(text: str) -> int:
        rest = list(hand)
        if text.startswith("kong"):  # a kong draws a replacement: no farther is enough
            rest[card] -= 3
            return nt_distance(rest, groups - 1) - 1
        rest[card] -= 2
        return nantong._best_discard(rest, groups - 1, live, None, True)[0]

    return _claim_or_pass(action, {t: after_claim(t) < now for t in legal
                                   if t.split()[0] in ("pong", "kong")})


def _paohuzi(observation: dict[str, Any], legal: list[str], action: str) -> list[Why]:
    policy = paohuzi.EfficientPaohuzi(random.Random(0))
    hand, ev = policy._read(observation)
    verb = action.split()[0]
    if verb == "discard":
        return _discard(phz_cards.parse_card(action.split()[1]) in policy._tied(hand)[1])
    if observation.get("card") is None:
        return []
    passing = policy._score(ev, hand)
    card = phz_cards.parse_card(observation["card"])

    def value(text: str) -> tuple[float, int]:
        return policy._after(ev, paohuzi._claimed(hand, observation, text, card))

    return _claim_or_pass(action, {t: value(t) < passing for t in legal
                                   if t.split()[0] not in ("pass", "win", "discard")})


def _chuopai(observation: dict[str, Any], legal: list[str], action: str) -> list[Why]:
    play = TEXT_INDEX.get(action)
    if play is None:
        return []
    _, table, later = chuopai._read(observation)
    hold = table.survives(play, later)
    if hold >= SURE:
        return [sentence("why_cp_sure")]

    def cost(p: int) -> float:  # the later worth of the cards a play uses up
        return float(sum(table.worth(c) for c in PLAYS[p].cards))

    if cost(play) <= min(cost(TEXT_INDEX[text]) for text in legal if text in TEXT_INDEX) + 1e-9:
        return [sentence("why_cp_weak")]  # the efficient policy's way: weak cards first
    if hold >= UNLIKELY:
        return [sentence("why_cp_hold", None, percent=round(100 * hold))]
    return []


EXPLAINERS: dict[str, Callable[[dict[str, Any], list[str], str], list[Why]]] = {
    "sisepai": _sisepai,
    "nantong": _nantong,
    "paohuzi": _paohuzi,
    "chuopai": _chuopai,
}


def explain(game: str, observation: dict[str, Any], legal: list[str], action: str
            ) -> list[Why]:
    """Why `action` (one of `legal`), from the seat's own observation."""
    explainer = EXPLAINERS.get(game)
    return [] if explainer is None else explainer(observation, legal, action)
