"""The greedy Chuo Pai policy, from the observation and the legal action texts only.

Every card a seat has not seen is in an opponent's hand (there is no stock), so the chance that
an opponent can beat a play follows from the unseen copies and the opponents' hand sizes (a
hypergeometric split, per identity), narrowed by what each opponent has passed on (CP§3.2: a
pass proves it held no beating play). The policy:

- lead the play with the best expected gain: its size if nobody can beat it, minus twice the
  size an opponent would bank by beating it, minus what its cards are worth later (strong cards
  are kept); so a play nobody can beat is led first, biggest first, and otherwise the weakest
  single;
- when forced to beat (CP§3.2, CP B-7), choose the beating play most likely to hold against
  the seats still to act, the cheapest such play, so that strong cards are kept.

`EfficientChuoPai` (the greedy policy with `efficient = True`) counts what a deal is really
about: every card a seat is dealt scores unless it is lost, since the winner banks its own
winning play (CP§4.1, CP§4.2), so a seat's score is its 28 cards less the cards it played into a
beaten play and the cards still in its hand at the end (CP§4.2). So it

- leads by expected loss, not gain: a play that would be beaten costs its size, a play nobody
  can beat costs nothing now, and the later worth of the cards a play uses up weighs more than
  a card lost (EFFICIENT_KEEP); so it leads its weak cards first, while the opponents still
  hold the cards that must beat them (CP§3.2), and keeps its sure winners to win rounds back
  and to cash late;
- does not break a set it could lead whole (CP§3.1, CP§3.8) when the whole set would hold
  (BREAK_COST);
- when forced to beat, weighs a sure beater's cards as fully as any other's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from math import comb

from cardavia.ai.explain import Why, sentence
from cardavia.games.chuopai.cards import COPIES, FAMILY, N_IDS, RANK, counts_of, parse_cards
from cardavia.games.chuopai.observation import ChuoPaiObservation, narrow
from cardavia.games.chuopai.plays import (
    BEATERS,
    MAX_SET,
    PLAYS,
    SPECIALS,
    TEXT_INDEX,
    TEXTS,
    play_of,
)
from cardavia.rules.types import ObservationBase, viewer

# A lead that is beaten costs more than its size: an opponent banks as many cards and takes the
# lead. Both weights were tuned in a small sweep against random opponents.
BEATEN_COST = 2.0
KEEP = 1.5  # weight of the later worth of the cards a play uses up
# EfficientChuoPai's weights, tuned against the greedy policy under duplicate seating: the later
# worth of the cards a lead uses up, per card lost when beaten; and the cost of breaking a set
# that would hold if led whole, per unit of its chance to hold.
EFFICIENT_KEEP = 2.5
BREAK_COST = 2.0
# How many of the best plays by the policy's value the search compares (a dozen legal plays
# are common, and the search's cost grows with each).
PLAUSIBLE = 4
# The hint (`explain`): a play this likely to stand is told as sure (the estimate is a model, not
# a count); below the other, "about 0% likely" explains nothing: no sentence.
EXPLAIN_SURE = 0.995
EXPLAIN_UNLIKELY = 0.05

# For each play: its ordinary beaters as (identity, copies), its special beaters as (civil,
# matching pair, k).
_SET_BEATERS = tuple(
    tuple(PLAYS[y].need[0] for y in BEATERS[p.index] if not PLAYS[y].special) for p in PLAYS
)
_SPECIAL_BEATERS = tuple(
    tuple(sorted({(sp.civil, sp.matching, p.size // 2) for sp in SPECIALS if sp.rank > p.rank}))
    if p.special
    else ()
    for p in PLAYS
)
_HIGHER = tuple(
    tuple(d for d in range(N_IDS) if FAMILY[d] == FAMILY[c] and RANK[d] > RANK[c])
    for c in range(N_IDS)
)


@lru_cache(maxsize=65536)
def _split(total: int, copies: int, first: int, cap1: int, cap2: int) -> tuple[float, ...]:
    """P(the first of two opponents holds j of `copies` unseen copies), j = 0..copies, when it
    holds `first` of `total` unseen cards and holds at most cap1, the other at most cap2."""
    plain = [
        comb(copies, j) * comb(total - copies, first - j) if j <= first else 0
        for j in range(copies + 1)
    ]
    weights = [w if j <= cap1 and copies - j <= cap2 else 0 for j, w in enumerate(plain)]
    norm = sum(weights)
    if norm == 0:  # the caps contradict the counts: fall back to the plain split
        weights, norm = plain, sum(plain) or 1
    return tuple(w / norm for w in weights)


class _Table:
    """What one decision knows: unseen copies, the opponents' sizes and caps per identity."""

    def __init__(self, observation: ChuoPaiObservation, hand: list[int]) -> None:
        me = viewer(observation)
        seen = list(hand)
        for seat in observation["seats"]:
            for c in parse_cards(seat["bonus"]):
                seen[c] += 1
            for won in seat["banked"]:
                for c in parse_cards(won["cards"]):
                    seen[c] += 1
        for c in parse_cards(observation["removed"]):
            seen[c] += 1
        for entry in observation["trick"]:
            if entry["cards"] is not None:
                for c in parse_cards(entry["cards"]):
                    seen[c] += 1
        self.unseen = [max(0, COPIES - n) for n in seen]
        self.total = sum(self.unseen)
        self.opponents = [
            s["seat"] for s in observation["seats"] if s["seat"] != me and s["concealed"] > 0
        ]
        self.sizes = {s["seat"]: s["concealed"] for s in observation["seats"]}
        # per decision: P(nobody in a group of seats holds a beating set / special)
        self._set_memo: dict[tuple[int, int, tuple[int, ...]], float] = {}
        self._special_memo: dict[tuple[int, int, tuple[int, ...]], float] = {}
        # CP§3.2: an opponent that passed on a set holds fewer copies than any beating set needs
        self.caps = {o: [COPIES] * N_IDS for o in self.opponents}
        for o in self.opponents:
            cap = self.caps[o]
            for cards in observation["seats"][o]["passed_on"]:
                passed = play_of(parse_cards(cards))
                if passed is None:
                    continue
                for c, n in _SET_BEATERS[passed]:
                    cap[c] = min(cap[c], n - 1)

    def split(self, group: tuple[int, ...]) -> tuple[int, tuple[float, ...]]:
        """(unseen copies of the identities `group`, P(the first opponent holds j of them))."""
        copies = sum(self.unseen[c] for c in group)
        if len(self.opponents) == 1:
            return copies, tuple(float(j == copies) for j in range(copies + 1))
        o1, o2 = self.opponents
        cap1 = sum(self.caps[o1][c] for c in group)
        cap2 = sum(self.caps[o2][c] for c in group)
        return copies, _split(self.total, copies, min(self.sizes[o1], self.total), cap1, cap2)

    def _held(self, copies: int, j: int, against: tuple[int, ...]) -> list[int]:
        """Copies held by each seat of `against` when the first opponent holds j of them."""
        return [j if o == self.opponents[0] else copies - j for o in against]

    def _set_free(self, card: int, n: int, against: tuple[int, ...]) -> float:
        """P(no seat of `against` holds n copies of `card`)."""
        key = (card, n, against)
        if key not in self._set_memo:
            copies, dist = self.split((card,))
            self._set_memo[key] = sum(
                p for j, p in enumerate(dist) if max(self._held(copies, j, against)) < n
            )
        return self._set_memo[key]

    def _special_free(
        self, civil: int, matching: tuple[int, int], k: int, against: tuple[int, ...]
    ) -> float:
        """P(no seat of `against` holds k civil cards and k matching cards)."""
        key = (civil, k, against)
        if key not in self._special_memo:
            c_copies, c_dist = self.split((civil,))
            m_copies, m_dist = self.split(matching)
            free = 0.0
            for j1, p1 in enumerate(c_dist):
                civ = self._held(c_copies, j1, against)
                for j2, p2 in enumerate(m_dist):
                    mat = self._held(m_copies, j2, against)
                    if not any(a >= k and b >= k for a, b in zip(civ, mat, strict=True)):
                        free += p1 * p2
            self._special_memo[key] = free
        return self._special_memo[key]

    def survives(self, play: int, against: list[int]) -> float:
        """P(none of the seats `against` can beat `play`); identities taken as independent."""
        seats = tuple(o for o in against if o in self.opponents)
        if not seats:
            return 1.0
        keep = 1.0
        for c, n in _SET_BEATERS[play]:
            keep *= self._set_free(c, n, seats)
        for civil, matching, k in _SPECIAL_BEATERS[play]:
            keep *= self._special_free(civil, matching, k, seats)
        return keep

    def worth(self, card: int) -> float:
        """How likely a card is to bank later: 1 for the top card left of its family."""
        above = sum(self.unseen[d] for d in _HIGHER[card])
        return 1.0 if above == 0 else 0.5 / (1 + above)


class GreedyChuoPai:
    name = "greedy"
    efficient = False  # EfficientChuoPai: value plays by the cards they lose (module docstring)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: ObservationBase, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        obs = narrow(observation)
        hand, table, later = _read(obs)
        plays = [TEXT_INDEX[text] for text in legal]
        return TEXTS[max(plays, key=self._valuer(obs, hand, table, later))]

    def _valuer(
        self, observation: ChuoPaiObservation, hand: list[int], table: _Table, later: list[int]
    ) -> Callable[[int], tuple[float, int]]:
        if self.efficient:
            lead = observation["phase"] == "lead"
            return lambda p: _efficient_value(p, table, later, lead, hand)
        return lambda p: self._value(p, table, later, observation["phase"])

    @staticmethod
    def _value(play: int, table: _Table, later: list[int], phase: str) -> tuple[float, int]:
        p = PLAYS[play]
        hold = table.survives(play, later)
        gain = p.size * hold
        if phase == "lead":
            gain -= BEATEN_COST * p.size * (1.0 - hold)
        cost = sum(table.worth(c) for c in p.cards)
        if hold >= 1.0:
            cost *= 0.1  # a play that banks for sure uses its cards as well as they can be
        return gain - KEEP * cost, -play


class EfficientChuoPai(GreedyChuoPai):
    """Greedy that counts losses: weak cards are led first, sure winners kept for later, sets
    are not broken when whole they would hold (module docstring)."""

    name = "efficient"
    efficient = True

    def plausible(self, observation: ObservationBase, legal: list[str]) -> list[str]:
        """The moves worth searching: the PLAUSIBLE best plays by the policy's own value."""
        obs = narrow(observation)
        hand, table, later = _read(obs)
        value = self._valuer(obs, hand, table, later)
        best = sorted(legal, key=lambda text: value(TEXT_INDEX[text]), reverse=True)
        return best[:PLAUSIBLE]


# What cardavia.ai.games asks of a game's module.
GREEDY = GreedyChuoPai
EFFICIENT = EfficientChuoPai
ROLLOUT_GREEDY = False


def _read(observation: ChuoPaiObservation) -> tuple[list[int], _Table, list[int]]:
    """The seat's hand, what it knows of the table, and the seats that can still beat a play."""
    hand = counts_of(parse_cards(observation["hand"]))
    table = _Table(observation, hand)
    me = viewer(observation)
    if observation["phase"] == "lead":
        later = table.opponents
    else:
        # only the seats after me in this round can still beat what I play (CP§3.1)
        acted = {entry["seat"] for entry in observation["trick"]}
        later = [s for s in ((me + 1) % 3, (me + 2) % 3) if s not in acted]
    return hand, table, later


def _set_of(card: int, n: int) -> int:
    """The ordinary play of n copies of `card` (CP§3.1): `PLAYS` lists the sets first, by
    identity, then by size."""
    return card * MAX_SET + n - 1


def _efficient_value(
    play: int, table: _Table, later: list[int], lead: bool, hand: list[int]
) -> tuple[float, int]:
    """The efficient policy's value of a legal play (higher is better), ties to the lowest play.

    A lead (CP§3.1) loses its cards if a later seat beats it (CP§3.2, CP§4.1): that costs its
    size times the chance it is beaten. Using cards up costs their later worth, more than losing
    a card now, so weak cards go first and sure winners last; and leading part of a set held
    whole costs the chance the whole set would have held. A forced beat (CP§3.2, CP B-7) is
    valued as by the greedy policy, but a sure beater's cards count at their full worth.
    """
    p = PLAYS[play]
    hold = table.survives(play, later)
    cost = sum(table.worth(c) for c in p.cards)
    if not lead:
        return p.size * hold - KEEP * cost, -play
    value = -p.size * (1.0 - hold) - EFFICIENT_KEEP * cost
    if not p.special:
        card = p.cards[0]
        if hand[card] > p.size:
            value -= BREAK_COST * table.survives(_set_of(card, hand[card]), table.opponents)
    return value, -play


def explain(observation: ObservationBase, legal: list[str], action: str) -> list[Why]:
    """The hint's reasons (cardavia.ai.explain): the chance that no later seat beats the play
    (CP§3.2), or that it spends the weakest cards, as the efficient policy prefers."""
    play = TEXT_INDEX.get(action)
    if play is None:
        return []
    _, table, later = _read(narrow(observation))
    hold = table.survives(play, later)
    if hold >= EXPLAIN_SURE:
        return [sentence("why_cp_sure")]
    # the score, not only the chance: the cards the play may hand to another seat (CP§4.1)
    risk = round(PLAYS[play].size * (1.0 - hold))
    at_risk = [sentence("why_cp_risk", risk)] if risk >= 1 else []

    def cost(p: int) -> float:  # the later worth of the cards a play uses up
        return float(sum(table.worth(c) for c in PLAYS[p].cards))

    if cost(play) <= min(cost(TEXT_INDEX[text]) for text in legal if text in TEXT_INDEX) + 1e-9:
        return [sentence("why_cp_weak"), *at_risk]  # the efficient policy's way: weak first
    if hold >= EXPLAIN_UNLIKELY:
        return [sentence("why_cp_hold", None, percent=round(100 * hold)), *at_risk]
    return at_risk


# The review (cardavia.ai.review): a deal scores the cards each seat banks (CP§4.1), so a
# mistake costs at least half a card (half the score's smallest step) a deal on average.
REVIEW_LOSS = "review_cp_loss"  # its message: the loss in cards
REVIEW_MARGIN = 0.5


def cards_at_risk(observation: ObservationBase, action: str) -> float | None:
    """The cards a lead puts at risk (CP§3.2, CP§4.1): its size times the chance that a later
    seat beats it; None for anything but a play."""
    play = TEXT_INDEX.get(action)
    if play is None:
        return None
    _, table, later = _read(narrow(observation))
    return PLAYS[play].size * (1.0 - table.survives(play, later))


def review_why(
    observation: ObservationBase, legal: list[str], played: str, better: str
) -> list[Why]:
    """The cards each play puts at risk, when yours put more, in whole cards. Not the other way
    round: "your play put about 0 cards at risk, the better one 1" read as a reason against the
    better play (usability walk); a better play that risks more is better for what it keeps,
    which the hint's sentences about it say."""
    mine, theirs = cards_at_risk(observation, played), cards_at_risk(observation, better)
    if mine is None or theirs is None:
        return []
    # the sentence's numbers, rounded half up: "1 card", "2 cards" (a plural, tn())
    risk, other = int(mine + 0.5), int(theirs + 0.5)
    if risk <= other:
        return []
    return [sentence("review_cp_risk", risk, played=risk, better=other)]


def planted_blunder(observation: ObservationBase, legal: list[str]) -> str | None:
    """For the review's measurement (cardavia.ai.review_quality): a lead that throws away sure
    winners (CP§3.1, CP§3.2): part of a set that nobody could beat whole, led where a later seat
    likely beats it; of those, the one with the most cards at risk."""
    obs = narrow(observation)
    if obs["phase"] != "lead":
        return None
    hand, table, later = _read(obs)
    found: dict[str, float] = {}
    for action in legal:
        play = TEXT_INDEX.get(action)
        if play is None or PLAYS[play].special:
            continue
        p = PLAYS[play]
        card = p.cards[0]
        whole = _set_of(card, hand[card])
        if hand[card] > p.size and table.survives(whole, table.opponents) >= EXPLAIN_SURE:
            hold = table.survives(play, later)
            if hold < 0.5:
                found[action] = p.size * (1.0 - hold)
    return max(found, key=lambda a: found[a]) if found else None
