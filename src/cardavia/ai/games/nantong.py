"""The greedy Nantong policy (ai.md layer 2), from the observation and legal texts only: always
win; make every opening declaration (each scores 16 base hu, NT§4.2); declare ready when one
card from a win; pong or kong when the hand gets no farther from seven groups and a pair; and
discard to keep the cached distance (`hands.distance`) smallest, keeping the most useful cards."""

from __future__ import annotations

import random

from cardavia.ai.efficiency import acceptance
from cardavia.ai.explain import (
    Why,
    claim_or_pass_why,
    discard_why,
    measure_without,
    sentence,
)
from cardavia.games.nantong.cards import (
    COPIES,
    N_IDS,
    N_SUITED,
    code,
    counts_of,
    is_old_general,
    parse_card,
    parse_cards,
)
from cardavia.games.nantong.hands import distance
from cardavia.games.nantong.observation import NantongObservation, narrow
from cardavia.rules.types import ObservationBase, viewer

GROUPS = 7
DECLARATIONS = ("four", "three", "hezi")
# How many of the best discards the search compares (a dozen are common, and its cost grows
# with each).
PLAUSIBLE = 4


class GreedyNantong:
    name = "greedy"
    efficient = False  # break distance ties by the live cards that would bring the hand closer

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: ObservationBase, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if "win" in legal:
            return "win"
        obs = narrow(observation)
        if obs["phase"] == "opening":
            for text in legal:
                if text.split()[0] in DECLARATIONS:
                    return text
            return "ready" if "ready" in legal else "finish"
        hand = counts_of(parse_cards(obs["hand"]))
        groups = _groups_to_make(obs)
        live = _live(obs, hand)
        if obs["phase"] == "claim":
            return _claim(hand, groups, _public(obs), legal, live, self.efficient)
        return _turn(hand, groups, legal, live, self.efficient)


class EfficientNantong(GreedyNantong):
    """Greedy with tile efficiency: among the discards that keep the distance smallest, the one
    that leaves the most live cards able to bring the hand closer."""

    name = "efficient"
    efficient = True

    def plausible(self, observation: ObservationBase, legal: list[str]) -> list[str]:
        """The moves worth searching: every kong, but only the PLAUSIBLE best discards (those
        leaving the hand farther from complete are hardly ever right); every other decision."""
        discards = [parse_card(t.split()[1]) for t in legal if t.startswith("discard")]
        obs = narrow(observation)
        if obs["phase"] != "turn" or not discards:
            return legal
        hand = counts_of(parse_cards(obs["hand"]))
        groups = _groups_to_make(obs)
        ranked = _ranked_discards(hand, groups, _live(obs, hand), discards, True)
        best = {f"discard {code(key[3])}" for key in ranked[:PLAUSIBLE]}
        return [t for t in legal if not t.startswith("discard") or t in best]


# What cardavia.ai.games asks of a game's module. The search rolls out with the greedy policy:
# the efficient one is much slower, and rollouts are most of the cost of a decision.
GREEDY = GreedyNantong
EFFICIENT = EfficientNantong
ROLLOUT_GREEDY = True


def _claim(
    hand: list[int],
    groups: int,
    card: int,
    legal: list[str],
    live: list[int],
    efficient: bool = False,
) -> str:
    """Pong or kong only when it brings the hand closer (a kong: no farther) to complete."""
    now = distance(hand, groups)
    after = list(hand)
    if f"kong {code(card)}" in legal:
        after[card] -= 3
        if distance(after, groups - 1) <= now:
            return f"kong {code(card)}"
        after[card] += 3
    if f"pong {code(card)}" in legal:
        after[card] -= 2
        if _best_discard(after, groups - 1, live, None, efficient)[0] < now:
            return f"pong {code(card)}"
    return "pass"


def _turn(
    hand: list[int], groups: int, legal: list[str], live: list[int], efficient: bool = False
) -> str:
    discards = [parse_card(t.split()[1]) for t in legal if t.startswith("discard")]
    best_d, card = _best_discard(hand, groups, live, discards, efficient)
    for text in legal:
        if not text.startswith("kong"):
            continue
        c = parse_card(text.split()[1])
        after = list(hand)
        if hand[c] == COPIES:  # concealed kong: one more group, a replacement to come
            after[c] = 0
            d = distance(after, groups - 1)
        else:  # added kong: like discarding the fourth card, but 8 hu instead of 2
            after[c] -= 1
            d = distance(after, groups)
        if d <= best_d:
            return text
    return f"discard {code(card)}"


def _best_discard(
    hand: list[int],
    groups: int,
    live: list[int],
    allowed: list[int] | None = None,
    efficient: bool = False,
) -> tuple[int, int]:
    """(distance after discarding, card): fewest cards still needed, then (efficient) the most
    live cards that would bring the hand closer, then the least useful."""
    best = _ranked_discards(hand, groups, live, allowed, efficient)[0]
    return best[0], best[3]


def _ranked_discards(
    hand: list[int], groups: int, live: list[int], allowed: list[int] | None, efficient: bool
) -> list[tuple[int, int, float, int]]:
    """The discards best first, as (distance, -acceptance, usefulness, card); with `efficient`
    only those at the least distance."""
    keys: list[tuple[int, int, float, int]] = []
    for c in allowed if allowed is not None else [c for c in range(N_IDS) if hand[c]]:
        hand[c] -= 1
        keys.append((distance(hand, groups), 0, _usefulness(hand, c, live), c))
        hand[c] += 1
    assert keys, "nothing to discard"
    if efficient:  # acceptance only where it can matter: the discards at the least distance
        least = min(k[0] for k in keys)
        keys = [k for k in keys if k[0] == least]

        def closer(h: list[int]) -> int:
            return distance(h, groups)

        for i, (d, _, use, c) in enumerate(keys):
            hand[c] -= 1
            keys[i] = (d, -acceptance(hand, live, range(N_IDS), closer, d), use, c)
            hand[c] += 1
    return sorted(keys)


def _usefulness(hand: list[int], c: int, live: list[int]) -> float:
    """How much a card helps once kept: copies held, neighbours in its suit, live copies."""
    value = 2.0 * hand[c] + 0.25 * live[c]
    if c < N_SUITED:
        r = c % 9
        for step, weight in ((1, 1.0), (2, 0.5)):
            for n in (r - step, r + step):
                if 0 <= n < 9:
                    value += weight * min(hand[c - r + n], 1)
    return value


def _groups_to_make(observation: NantongObservation) -> int:
    """Groups the seat still has to make of its concealed cards: seven less those set down (a
    Tiandi Hezi scores but is not a group, NT§2.5)."""
    mine = observation["seats"][viewer(observation)]["groups"]
    return GROUPS - sum(1 for g in mine if g["kind"] != "hezi")


def _public(observation: NantongObservation) -> int:
    """The card under claim."""
    public = observation["public_card"]
    if public is None:
        raise ValueError("no card is under claim")
    return parse_card(public)


def _live(observation: NantongObservation, hand: list[int]) -> list[int]:
    """Copies of each identity this seat has not seen (in hand, set down, discarded, turned)."""
    seen = list(hand)
    for c in parse_cards(observation["indicators"]):
        seen[c] += 1
    for seat in observation["seats"]:
        for group in seat["groups"]:
            for c in parse_cards(group["cards"]):
                seen[c] += 1
        for c in parse_cards(seat["discards"]):
            seen[c] += 1
    return [max(0, COPIES - seen[c]) for c in range(N_IDS)]


def distance_to_win(observation: ObservationBase) -> float:
    """Cards the seat still misses for seven groups and a pair (the search's evaluation)."""
    obs = narrow(observation)
    return float(distance(counts_of(parse_cards(obs["hand"])), _groups_to_make(obs)))


def grouped_cards(observation: ObservationBase) -> frozenset[str]:
    """The concealed cards in a complete group of the hand (three alike, or a run of three in a
    suit): for the review's measurement, which plants a discard after which one of them lies in
    no group."""
    hand = counts_of(parse_cards(narrow(observation)["hand"]))
    inside: set[int] = {c for c in range(N_IDS) if hand[c] >= 3}
    for low in range(N_SUITED):
        run = (low, low + 1, low + 2)
        if low % 9 <= 6 and all(hand[c] for c in run):
            inside.update(run)
    return frozenset(code(c) for c in inside)


def explain(observation: ObservationBase, legal: list[str], action: str) -> list[Why]:
    """The hint's reasons (cardavia.ai.explain): how close a discard or a pong or kong leaves
    the hand to seven groups and a pair, and the live cards that would bring it closer."""
    obs = narrow(observation)
    if obs["phase"] not in ("turn", "claim"):
        return []
    hand = counts_of(parse_cards(obs["hand"]))
    groups = _groups_to_make(obs)
    live = _live(obs, hand)

    def closer(h: list[int]) -> int:
        return distance(h, groups)

    verb, _, rest = action.partition(" ")
    if verb == "discard":
        after = {
            text: measure_without(hand, parse_card(text.split()[1]), closer)
            for text in legal
            if text.startswith("discard")
        }
        d = after[action]
        hand[parse_card(rest)] -= 1
        said = discard_why(
            d == min(after.values()), d, acceptance(hand, live, range(N_IDS), closer, d)
        )
        generals = sum(hand[c] for c in range(N_IDS) if is_old_general(c))
        if generals and not is_old_general(parse_card(rest)):
            # the score, not only the distance (NT§4.3): old generals double their groups' hu
            said.append(sentence("why_nt_generals", generals))
        return said
    if obs["phase"] != "claim" or obs["public_card"] is None:
        return []
    now = closer(hand)
    card = _public(obs)

    def after_claim(text: str) -> int:
        rest = list(hand)
        if text.startswith("kong"):  # a kong draws a replacement: no farther is enough
            rest[card] -= 3
            return distance(rest, groups - 1) - 1
        rest[card] -= 2
        return _best_discard(rest, groups - 1, live, None, True)[0]

    return claim_or_pass_why(
        action, {t: after_claim(t) < now for t in legal if t.split()[0] in ("pong", "kong")}
    )


# The review (cardavia.ai.review): a deal settles in hu rounded to tens (NT§1.2, §4.11), so a
# mistake costs at least five hu (half the settlement's smallest step) a deal on average.
REVIEW_LOSS = "review_nt_loss"  # its message: the loss in hu
REVIEW_MARGIN = 5.0
# A deal's hu spread so widely (a sd of ~50 hu between paired play-outs) that 256 worlds leave a
# loss of 5-15 hu undecided: up to 1,024 judge a disagreement here.
REVIEW_WORLDS = 1024


def review_why(
    observation: ObservationBase, legal: list[str], played: str, better: str
) -> list[Why]:
    """A discarded old general (NT§4.3: it doubles the hu of every group it is in)."""

    def general(action: str) -> bool:
        verb, _, rest = action.partition(" ")
        return verb == "discard" and is_old_general(parse_card(rest))

    if general(played) and not general(better):
        return [sentence("review_nt_old_general")]
    return []
