"""Two Seven Ten's agents: the Paohuzi family's greedy and efficient policies (ai/games/paohuzi.py)
on this game's rules (ER-5: only 2-7-10 scores among chi-type groups; ER-13: 10 huxi win), and
hint reasons in this game's terms: the points and payment band of a win, and the risk of paying
for the whole table when your discard lets another player win (ER-15, A-ER-14).

The efficient policy also prefers, among equally good discards, one that fewer opponents may win
on: a card an opponent has discarded itself is passed for it (ER-14), which everyone can see.
"""

from __future__ import annotations

from cardavia.ai.explain import Why, sentence
from cardavia.ai.games.paohuzi import (
    EfficientPaohuzi,
    GreedyPaohuzi,
    Rules,
    _Hand,
    _read,
    explain_with,
    grouped_in,
)
from cardavia.games.erqishi.observation import ErqishiObservation, narrow
from cardavia.games.erqishi.scoring import ERQISHI, MIN_HUXI, UPGRADES, chi_value, units
from cardavia.games.paohuzi.cards import N_IDS, parse_card, parse_cards
from cardavia.games.paohuzi.game import make_group
from cardavia.games.paohuzi.scoring import best_win
from cardavia.games.paohuzi.seats import Holding
from cardavia.rules.types import ObservationBase, viewer

RULES = Rules(chi_value, MIN_HUXI, narrow)  # type: ignore[arg-type]


class GreedyErqishi(GreedyPaohuzi):
    RULES = RULES


class EfficientErqishi(EfficientPaohuzi):
    RULES = RULES

    def _tied(self, hand: _Hand) -> tuple[tuple[float, int], list[int], bool]:
        low, tied, unused = super()._tied(hand)
        safety = self._safety
        most = max(safety[c] for c in tied)
        return low, [c for c in tied if safety[c] == most], unused

    def _read(self, observation):  # type: ignore[no-untyped-def]
        got = super()._read(observation)
        self._safety = safety(observation)
        return got


def safety(observation: ErqishiObservation) -> list[int]:
    """Per card: how many opponents may never win on it, having discarded it (ER-14)."""
    me = viewer(observation)
    out = [0] * N_IDS
    for seat in observation["seats"]:
        if seat["seat"] != me:
            for c in parse_cards(seat["passed"]):
                out[c] += 1
    return out


GREEDY = GreedyErqishi
EFFICIENT = EfficientErqishi
ROLLOUT_GREEDY = True


def distance_to_win(observation: ObservationBase) -> float:
    """Cards still missing plus a third of the missing huxi (the search's rollout evaluation)."""
    hand, ev = _read(narrow(observation), RULES)  # type: ignore[arg-type]
    return ev.score(hand)[0]


def grouped_cards(observation: ObservationBase) -> frozenset[str]:
    """The concealed cards in a complete 2-7-10 of the hand (the chi-type group that scores,
    ER-5), as Paohuzi's `grouped_cards`."""
    return grouped_in(observation, RULES)


def holding(observation: ErqishiObservation) -> Holding:
    """The seat's own holding, from its observation (its hand, kans and groups)."""
    me = viewer(observation)
    h = Holding()
    kans = parse_cards(observation["kans"])
    for c in parse_cards(observation["hand"]):
        h.hand[c] += 1
    for k in kans:
        h.hand[k] -= 3
    h.kans = kans
    for g in observation["seats"][me]["groups"]:
        h.groups.append(make_group(g["kind"], parse_cards(g["cards"])))
        h.groups[-1].huxi = g["huxi"]
    return h


def explain(observation: ObservationBase, legal: list[str], action: str) -> list[Why]:
    """The efficient policy's reasons, and this game's own: a win's points and units, who pays;
    a discard's risk of paying three times a winner's units (or its safety: opponents who
    discarded that card can never win on it)."""
    obs = narrow(observation)
    verb = action.split()[0]
    if verb == "win":
        card = None if obs["public_card"] is None else parse_card(obs["public_card"])
        found = best_win(holding(obs), card, UPGRADES if card is not None else (), ERQISHI)
        if found is None:
            return []
        u = units(found[1])
        said = [sentence("why_erq_win", found[1], units=u)]
        if card is not None and obs["source"] == "discard":
            said.append(sentence("why_erq_discarder_pays", 3 * u))
        else:
            said.append(sentence("why_erq_each_pays", u))
        return said
    said = explain_with(EfficientErqishi, observation, legal, action)
    if verb == "discard":
        safe = safety(obs)[parse_card(action.split()[1])]
        if safe >= len(obs["seats"]) - 1:
            said.append(sentence("why_erq_safe", safe))
        else:
            # one opponent barred is not a safe card: the other may still win on it, and you
            # would pay alone (usability walk: the hint read as "safe", and AI 1 won on it)
            said.append(sentence("why_erq_half_safe" if safe else "why_erq_risk"))
    elif verb == "pao":
        said = [sentence("why_erq_four")]
    return said


# The review (cardavia.ai.review): a mistake must cost at least half a unit, the smallest step
# of ER-15's payments; its loss is said in units.
REVIEW_LOSS = "review_erq_loss"
REVIEW_MARGIN = 0.5
