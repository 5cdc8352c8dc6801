"""The greedy Paohuzi policy (ai.md layer 2), from the observation and legal texts only.

It scores a hand by a huxi-aware distance to a winning structure (PHZ-11: seven groups, at
least 15 huxi): the concealed, non-kan cards are split into complete chi-type groups, partial
groups that one live card completes, the pair (with a 4-card group) and waste; the distance is
the cards still missing plus a third of the huxi still missing. It always wins, claims when the
claim (with its best discard) lowers that score or keeps it and gains huxi, and discards to
keep it lowest.
"""

from __future__ import annotations

import random
from typing import Any

from cardavia.games.paohuzi.cards import COPIES, N_IDS, code, parse_card, parse_cards
from cardavia.games.paohuzi.groups import CHI_GROUPS, chi_huxi, identical_huxi, pack

MIN_HUXI = 15
GROUPS = 7

# Per lowest identity: complete chi-type groups (packed amount, needs, huxi) and partial pairs
# (packed amount, needs, completing cards with the huxi each would give).
_Needs = tuple[tuple[int, int], ...]
_COMPLETE: list[list[tuple[int, _Needs, int]]] = [[] for _ in range(N_IDS)]
_PARTIAL: list[list[tuple[int, _Needs, tuple[tuple[int, int], ...]]]] = [[] for _ in range(N_IDS)]


def _needs(cards: tuple[int, ...]) -> _Needs:
    out: dict[int, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return tuple((2 * c, n) for c, n in out.items())


def _build_tables() -> None:
    partials: dict[tuple[int, int], dict[int, int]] = {}
    for g in CHI_GROUPS:
        _COMPLETE[g[0]].append((sum(1 << (2 * c) for c in g), _needs(g), chi_huxi(g)))
        for drop in range(3):
            pair = tuple(c for k, c in enumerate(g) if k != drop)
            a, b = pair[0], pair[1]
            partials.setdefault((a, b), {})[g[drop]] = chi_huxi(g)
    for c in range(N_IDS):  # a pair waits for a peng (or a wei on the own reveal)
        partials.setdefault((c, c), {})[c] = max(partials[(c, c)].get(c, 0),
                                                 identical_huxi("peng", c))
    for (a, b), completions in sorted(partials.items()):
        _PARTIAL[a].append(((1 << (2 * a)) + (1 << (2 * b)), _needs((a, b)),
                            tuple(sorted(completions.items()))))


_build_tables()


_MEMO: dict[int, int] = {}  # a pure cache, shared: packed cards and context -> value
_MEMO_LIMIT = 300_000
_UNIT = 256  # a value is units * _UNIT + huxi (huxi stays below 256)


class _Evaluator:
    """Distance to a win for one decision (the live counts are fixed while it runs)."""

    def __init__(self, live: list[int]) -> None:
        self.live = live
        self.dead = sum(1 << c for c in range(N_IDS) if live[c] == 0)
        if len(_MEMO) > _MEMO_LIMIT:
            _MEMO.clear()

    def split(self, key: int, slots: int, pair_open: bool) -> int:
        """Best 2 × complete groups + partial groups (then huxi) over the concealed cards, as
        units * _UNIT + huxi."""
        mk = key | (slots << 40) | (pair_open << 43) | (self.dead << 44)
        found = _MEMO.get(mk)
        if found is not None:
            return found
        if key == 0 or (slots == 0 and not pair_open):
            best = 0
        else:
            i = ((key & -key).bit_length() - 1) >> 1
            split = self.split
            best = split(key - (1 << (2 * i)), slots, pair_open)  # waste
            if slots:
                for sub, needs, huxi in _COMPLETE[i]:
                    for sh, n in needs:
                        if (key >> sh) & 3 < n:
                            break
                    else:
                        r = split(key - sub, slots - 1, pair_open) + 2 * _UNIT + huxi
                        if r > best:
                            best = r
                dead = self.dead
                for sub, needs, completions in _PARTIAL[i]:
                    for sh, n in needs:
                        if (key >> sh) & 3 < n:
                            break
                    else:
                        pot = -1
                        for c, h in completions:
                            if not (dead >> c) & 1 and h > pot:
                                pot = h
                        if pot >= 0:
                            r = split(key - sub, slots - 1, pair_open) + _UNIT + pot
                            if r > best:
                                best = r
            if pair_open:  # PHZ-11: with a 4-card group, exactly one pair
                if (key >> (2 * i)) & 3 >= 2:
                    best = max(best, split(key - (2 << (2 * i)), slots, False) + 2 * _UNIT)
                if self.live[i] > 0:
                    best = max(best, split(key - (1 << (2 * i)), slots, False) + _UNIT)
        _MEMO[mk] = best
        return best

    def waste(self, hand: _Hand) -> list[int]:
        """The cards one best split of the hand leaves unused: discarding one keeps the score."""
        pair_open = hand.quads >= 1
        slots = GROUPS - hand.fixed - (1 if pair_open else 0)
        if slots < 0:
            return []
        key = pack(hand.free)
        out: list[int] = []
        while key and (slots or pair_open):
            target = self.split(key, slots, pair_open)
            i = ((key & -key).bit_length() - 1) >> 1
            moves: list[tuple[int, int, bool, int]] = []  # (amount, slots, pair_open, gain)
            if slots:
                for sub, needs, huxi in _COMPLETE[i]:
                    if all((key >> sh) & 3 >= n for sh, n in needs):
                        moves.append((sub, slots - 1, pair_open, 2 * _UNIT + huxi))
                for sub, needs, completions in _PARTIAL[i]:
                    pots = [h for c, h in completions if not (self.dead >> c) & 1]
                    if pots and all((key >> sh) & 3 >= n for sh, n in needs):
                        moves.append((sub, slots - 1, pair_open, _UNIT + max(pots)))
            if pair_open:
                if (key >> (2 * i)) & 3 >= 2:
                    moves.append((2 << (2 * i), slots, False, 2 * _UNIT))
                if self.live[i] > 0:
                    moves.append((1 << (2 * i), slots, False, _UNIT))
            for sub, n, p, gain in moves:
                if self.split(key - sub, n, p) + gain == target:
                    key, slots, pair_open = key - sub, n, p
                    break
            else:  # the lowest card is waste
                out.append(i)
                key -= 1 << (2 * i)
        return out + [c for c in range(N_IDS) for _ in range((key >> (2 * c)) & 3)]

    def score(self, hand: _Hand) -> tuple[float, int]:
        """(distance, -huxi): cards missing plus a third of the missing huxi; lower is better."""
        pair_open = hand.quads >= 1
        slots = GROUPS - hand.fixed - (1 if pair_open else 0)
        if slots < 0:
            return (99.0, 0)
        units, huxi = divmod(self.split(pack(hand.free), slots, pair_open), _UNIT)
        need_units = 2 * (slots + (1 if pair_open else 0))
        total = hand.huxi + huxi
        return (need_units - units + max(0, MIN_HUXI - total) / 3, -total)


class _Hand:
    """What the agent owns, as counts: free (non-kan concealed) cards and fixed groups."""

    def __init__(self, free: list[int], fixed: int, huxi: int, quads: int, owned: int) -> None:
        self.free, self.fixed, self.huxi, self.quads, self.owned = free, fixed, huxi, quads, owned

    def limit(self) -> int:
        return 20 + max(0, self.quads - 1)


class GreedyPaohuzi:
    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if "win" in legal:
            return "win"  # A-PHZ-14: the AI always wins
        hand, ev = _read(observation)
        if legal[0].startswith("discard"):
            return f"discard {code(self._best_discard(ev, hand)[1])}"
        return self._claim(ev, hand, observation, legal)

    def _best_discard(self, ev: _Evaluator, hand: _Hand) -> tuple[tuple[float, int], int]:
        spare = ev.waste(hand)
        if spare:  # a card a best split leaves unused: discarding it loses nothing
            card = min(spare, key=lambda c: (ev.live[c], c))
            return ev.score(hand), card
        best: tuple[tuple[float, int], int, int] | None = None
        for c in range(N_IDS):
            if hand.free[c]:
                hand.free[c] -= 1
                s = ev.score(hand)
                hand.free[c] += 1
                key = (s, ev.live[c], c)  # ties: the card others are least likely to want
                if best is None or key < best:
                    best = key
        assert best is not None
        return best[0], best[2]

    def _after(self, ev: _Evaluator, hand: _Hand) -> tuple[float, int]:
        if hand.owned > hand.limit():
            if not any(hand.free):
                return (99.0, 0)
            return self._best_discard(ev, hand)[0]
        return ev.score(hand)

    def _claim(self, ev: _Evaluator, hand: _Hand, obs: dict[str, Any], legal: list[str]) -> str:
        card = parse_card(obs["card"])
        passing = ev.score(hand)
        best_text, best = ("pass" if "pass" in legal else legal[-1]), passing
        for text in legal:
            verb = text.split()[0]
            if verb == "pass":
                continue
            after = _Hand(list(hand.free), hand.fixed, hand.huxi, hand.quads, hand.owned + 1)
            if verb == "peng":
                after.free[card] -= 2
                after.fixed += 1
                after.huxi += identical_huxi("peng", card)
            elif verb == "pao":
                mine = obs["seats"][obs["seat"]]["groups"]
                old = [g["huxi"] for g in mine if g["kind"] in ("wei", "peng")
                       and g["cards"] and g["cards"][0] == code(card)]
                after.huxi += identical_huxi("pao", card) - (
                    old[0] if old else identical_huxi("kan", card))
                after.quads += 1
            else:
                groups = text.split(" bi ")
                first = parse_cards(groups[0].split()[1:])
                first.remove(card)
                for c in first + [c for g in groups[1:] for c in parse_cards(g)]:
                    after.free[c] -= 1
                after.fixed += len(groups)
                after.huxi += sum(chi_huxi(parse_cards(g.replace("chi ", ""))) for g in groups)
            value = self._after(ev, after)
            if value < best or (value == best and verb == "pao"):
                best_text, best = text, value
        return best_text


def _read(observation: dict[str, Any]) -> tuple[_Hand, _Evaluator]:
    """The seat's hand as counts and fixed groups, and an evaluator for its live cards."""
    me = observation["seat"]
    hand_counts = [0] * N_IDS
    for c in parse_cards(observation["hand"]):
        hand_counts[c] += 1
    kans = parse_cards(observation["kans"])
    free = list(hand_counts)
    for k in kans:
        free[k] -= 3
    mine = observation["seats"][me]["groups"]
    hand = _Hand(free, len(mine) + len(kans),
                 sum(g["huxi"] for g in mine) + sum(identical_huxi("kan", k) for k in kans),
                 sum(1 for g in mine if g["kind"] in ("ti", "pao")),
                 sum(hand_counts) + sum(g["size"] for g in mine))
    return hand, _Evaluator(_live(observation, hand_counts))


def distance_to_win(observation: dict[str, Any]) -> float:
    """Cards still missing plus a third of the missing huxi (the search's rollout evaluation)."""
    hand, ev = _read(observation)
    return ev.score(hand)[0]


def _live(observation: dict[str, Any], hand: list[int]) -> list[int]:
    """Copies of each card this seat has not seen (own hand, groups, discards, card in play)."""
    seen = list(hand)
    for seat in observation["seats"]:
        for g in seat["groups"]:
            for c in parse_cards(g["cards"] or []):
                seen[c] += 1
        for c in parse_cards(seat["discards"]):
            seen[c] += 1
    if observation.get("card") and observation.get("source") == "reveal":
        seen[parse_card(observation["card"])] += 1
    return [max(0, COPIES - n) for n in seen]
