"""The greedy Sì Sè Pái policy: always win; claim when the hand gets closer to complete; discard
to keep the cached distance-to-complete (`groups.distance`) smallest."""

from __future__ import annotations

import random

from cardavia.ai.efficiency import acceptance
from cardavia.ai.explain import Why, claim_or_pass_why, discard_why, measure_without
from cardavia.games.sisepai.cards import (
    COPIES,
    N_CHESS,
    N_IDS,
    code,
    counts_of,
    is_single,
    parse_card,
    parse_cards,
)
from cardavia.games.sisepai.groups import distance
from cardavia.games.sisepai.observation import SiSePaiObservation, narrow
from cardavia.rules.types import ObservationBase


class GreedySiSePai:
    name = "greedy"
    efficient = False  # break distance ties by the live cards that would bring the hand closer

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: ObservationBase, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if "win" in legal:
            return "win"  # A-SSP-11: the AI always takes a win
        obs = narrow(observation)
        hand = counts_of(parse_cards(obs["hand"]))
        live = _live_copies(obs, hand)
        if legal[0].startswith("discard"):
            card = _best_discard(hand, live, self.efficient)[1]
            return f"discard {code(card)}"
        public = _public(obs)
        best, best_d = "pass", distance(hand)
        for text in legal:
            if not text.startswith("claim"):
                continue
            after = list(hand)
            group = parse_cards(text.split()[1:])
            group.remove(public)
            for c in group:
                after[c] -= 1
            d = _best_discard(after, live, self.efficient)[0]
            if d < best_d or (d == best_d and best == "pass" and "pass" not in legal):
                best, best_d = text, d
        if best == "pass" and "pass" not in legal:
            best = min(t for t in legal if t.startswith("claim"))
        return best


class EfficientSiSePai(GreedySiSePai):
    """Greedy with tile efficiency: among the discards that keep the distance smallest, the one
    that leaves the most live cards able to bring the hand closer."""

    name = "efficient"
    efficient = True

    def plausible(self, observation: ObservationBase, legal: list[str]) -> list[str]:
        """The moves worth searching: every claim decision, but only the discards that keep
        the distance to complete smallest (a farther one is hardly ever right)."""
        if not legal[0].startswith("discard"):
            return legal
        hand = counts_of(parse_cards(narrow(observation)["hand"]))
        after = {text: _distance_after(hand, parse_card(text.split()[1])) for text in legal}
        least = min(after.values())
        return [text for text in legal if after[text] == least]


# What cardavia.ai.games asks of a game's module.
GREEDY = GreedySiSePai
EFFICIENT = EfficientSiSePai
ROLLOUT_GREEDY = False


def _distance_after(hand: list[int], card: int) -> int:
    hand[card] -= 1
    d = distance(hand)
    hand[card] += 1
    return d


def _best_discard(hand: list[int], live: list[int], efficient: bool = False) -> tuple[int, int]:
    """(distance after discarding, card): fewest cards still needed, then (efficient) the most
    live cards that would bring the hand closer, then the least-live card."""
    keys: list[tuple[int, int, int, int, int]] = []
    for c in range(N_CHESS):
        if hand[c] and not is_single(c):
            hand[c] -= 1
            keys.append((distance(hand), 0, live[c], hand[c], c))
            hand[c] += 1
    assert keys, "no discardable card"
    if efficient:  # acceptance only where it can matter: the discards at the least distance
        least = min(k[0] for k in keys)
        keys = [k for k in keys if k[0] == least]
        for i, (d, _, alive, left, c) in enumerate(keys):
            hand[c] -= 1
            keys[i] = (d, -acceptance(hand, live, range(N_CHESS), distance, d), alive, left, c)
            hand[c] += 1
    best = min(keys)
    return best[0], best[4]


def _public(observation: SiSePaiObservation) -> int:
    """The card under claim."""
    public = observation["public_card"]
    if public is None:
        raise ValueError("no card is under claim")
    return parse_card(public)


def _live_copies(observation: SiSePaiObservation, hand: list[int]) -> list[int]:
    """Copies of each identity not yet seen by this seat (in hand, exposed or discarded)."""
    seen = list(hand)
    for seat in observation["seats"]:
        for group in seat["groups"]:
            for c in parse_cards(group["cards"]):
                seen[c] += 1
        for c in parse_cards(seat["discards"]):
            seen[c] += 1
    return [max(0, (COPIES if c < N_CHESS else 1) - seen[c]) for c in range(N_IDS)]


def distance_to_win(observation: ObservationBase) -> float:
    """Cards the seat still misses for a complete hand (the search's rollout evaluation)."""
    return float(distance(counts_of(parse_cards(narrow(observation)["hand"]))))


def explain(observation: ObservationBase, legal: list[str], action: str) -> list[Why]:
    """The hint's reasons (cardavia.ai.explain): how close a discard or a claim leaves the hand,
    by SSP-9's distance, and the live cards that would bring it closer."""
    obs = narrow(observation)
    hand = counts_of(parse_cards(obs["hand"]))
    live = _live_copies(obs, hand)
    if action.startswith("discard"):
        after = {
            text: measure_without(hand, parse_card(text.split()[1]), distance)
            for text in legal
            if text.startswith("discard")
        }
        d = after[action]
        card = parse_card(action.split()[1])
        hand[card] -= 1
        return discard_why(
            d == min(after.values()),
            _explain_cards_to_win(d),
            acceptance(hand, live, range(N_CHESS), distance, d),
        )
    if obs["public_card"] is None:
        return []
    now = distance(hand)
    public = _public(obs)

    def after_claim(text: str) -> int:
        rest = list(hand)
        group = parse_cards(text.split()[1:])
        group.remove(public)
        for c in group:
            rest[c] -= 1
        return _best_discard(rest, live, True)[0]

    claims = {text: after_claim(text) for text in legal if text.startswith("claim")}
    told = claims.get(action)
    return claim_or_pass_why(
        action,
        {t: d < now for t, d in claims.items()},
        None if told is None else _explain_cards_to_win(told),
    )


def _explain_cards_to_win(d: int) -> int:
    """Sì Sè Pái's distance counts the cards that would group every concealed card: 0 when the
    twenty are grouped, but the win still wants a twenty-first card that fits (SSP-seed 4.2)."""
    return max(d, 1)


# The review (cardavia.ai.review): a deal's score is the winner's points (SSP-seed 4.2), 0 for
# the others; a mistake costs at least half a point (half the score's smallest step) a deal on
# average.
REVIEW_LOSS = "review_loss"  # its message: the loss in points
REVIEW_MARGIN = 0.5
