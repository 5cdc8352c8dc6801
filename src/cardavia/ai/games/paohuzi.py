"""The greedy Paohuzi policy (ai.md layer 2), from the observation and legal texts only.

It scores a hand by a huxi-aware distance to a winning structure (PHZ-11: seven groups, at
least 15 huxi): the concealed, non-kan cards are split into complete chi-type groups, partial
groups that one live card completes, the pair (with a 4-card group) and waste; the distance is
the cards still missing plus a third of the huxi still missing. It always wins, claims when the
claim (with its best discard) lowers that score or keeps it and gains huxi, and discards to
keep it lowest.

`EfficientPaohuzi` refines it (the policy the search starts from; its rollouts play this greedy
one, which is faster): a split chosen for that same distance (huxi counted with groups, a partial
group on its last live copy worth little), and among equal discards the one keeping the most live
cards whose claim would lower it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardavia.ai.explain import Why, claim_or_pass_why, discard_why, sentence
from cardavia.games.paohuzi.cards import COPIES, N_IDS, code, parse_card, parse_cards
from cardavia.games.paohuzi.groups import CHI_GROUPS, chi_huxi, identical_huxi, pack
from cardavia.games.paohuzi.observation import PaohuziObservation, narrow
from cardavia.rules.types import ObservationBase, viewer

MIN_HUXI = 15
GROUPS = 7

_Needs = tuple[tuple[int, int], ...]


def _needs(cards: tuple[int, ...]) -> _Needs:
    out: dict[int, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return tuple((2 * c, n) for c, n in out.items())


def _need_bits(needs: _Needs) -> int:
    """Bit 2c for needing a copy of c, bit 2c + 1 for needing two (counts stay below 4)."""
    return sum(1 << (sh + n - 1) for sh, n in needs)


_MEMO_LIMIT = 300_000
_PLAN_MEMO_LIMIT = 300_000
_UNIT = 256  # a value is units * _UNIT + huxi (huxi stays below 256)


class Rules:
    """What the policies read of one rule set of the Paohuzi family: its chi-type values and the
    huxi a win needs (Paohuzi's PHZ-4, PHZ-11; a variant such as Two Seven Ten has its own), the
    tables built from them, its observation's `narrow`, and its own caches."""

    def __init__(
        self,
        chi_value: Callable[[Sequence[int]], int],
        min_huxi: int,
        narrow: Callable[[ObservationBase], PaohuziObservation],
    ) -> None:
        self.chi_value, self.min_huxi, self.narrow = chi_value, min_huxi, narrow
        # Per lowest identity: complete chi-type groups (packed amount, needs, huxi) and partial
        # pairs (packed amount, needs, completing cards with the huxi each would give).
        self.complete: list[list[tuple[int, _Needs, int]]] = [[] for _ in range(N_IDS)]
        self.partial: list[list[tuple[int, _Needs, tuple[tuple[int, int], ...]]]] = [
            [] for _ in range(N_IDS)
        ]
        partials: dict[tuple[int, int], dict[int, int]] = {}
        for g in CHI_GROUPS:
            self.complete[g[0]].append((sum(1 << (2 * c) for c in g), _needs(g), chi_value(g)))
            for drop in range(3):
                pair = tuple(c for k, c in enumerate(g) if k != drop)
                a, b = pair[0], pair[1]
                partials.setdefault((a, b), {})[g[drop]] = chi_value(g)
        for c in range(N_IDS):  # a pair waits for a peng (or a wei on the own reveal)
            partials.setdefault((c, c), {})[c] = max(
                partials[(c, c)].get(c, 0), identical_huxi("peng", c)
            )
        for (a, b), completions in sorted(partials.items()):
            self.partial[a].append(
                (
                    (1 << (2 * a)) + (1 << (2 * b)),
                    _needs((a, b)),
                    tuple(sorted(completions.items())),
                )
            )
        self.complete_bits = [
            [(sub, _need_bits(needs), 6, huxi) for sub, needs, huxi in self.complete[i]]
            for i in range(N_IDS)
        ]
        self.partial_bits = [
            [_need_bits(needs) for _, needs, _ in self.partial[i]] for i in range(N_IDS)
        ]
        # Per identity: the chi-type groups it completes with two hand cards (packed hand
        # cards, ((card, copies), ...), huxi).
        self.claims: list[list[tuple[int, _Needs, int]]] = [[] for _ in range(N_IDS)]
        for g in CHI_GROUPS:
            for x in sorted(set(g)):
                rest = list(g)
                rest.remove(x)
                self.claims[x].append(
                    (
                        sum(1 << (2 * c) for c in rest),
                        tuple((c, rest.count(c)) for c in sorted(set(rest))),
                        chi_value(g),
                    )
                )
        self.memo: dict[int, int] = {}  # pure caches: packed cards and context -> value
        self.plan_memo: dict[int, int] = {}


PAOHUZI = Rules(chi_huxi, MIN_HUXI, narrow)


class _Evaluator:
    """Distance to a win for one decision (the live counts are fixed while it runs)."""

    def __init__(self, live: list[int], rules: Rules = PAOHUZI) -> None:
        self.live = live
        self.rules = rules
        self.dead = sum(1 << c for c in range(N_IDS) if live[c] == 0)
        self.memo = rules.memo
        if len(self.memo) > _MEMO_LIMIT:
            self.memo.clear()

    def split(self, key: int, slots: int, pair_open: bool) -> int:
        """Best 2 × complete groups + partial groups (then huxi) over the concealed cards, as
        units * _UNIT + huxi."""
        mk = key | (slots << 40) | (pair_open << 43) | (self.dead << 44)
        found = self.memo.get(mk)
        if found is not None:
            return found
        if key == 0 or (slots == 0 and not pair_open):
            best = 0
        else:
            i = ((key & -key).bit_length() - 1) >> 1
            split = self.split
            rules = self.rules
            best = split(key - (1 << (2 * i)), slots, pair_open)  # waste
            if slots:
                for sub, needs, huxi in rules.complete[i]:
                    for sh, n in needs:
                        if (key >> sh) & 3 < n:
                            break
                    else:
                        r = split(key - sub, slots - 1, pair_open) + 2 * _UNIT + huxi
                        if r > best:
                            best = r
                dead = self.dead
                for sub, needs, completions in rules.partial[i]:
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
        self.memo[mk] = best
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
                for sub, needs, huxi in self.rules.complete[i]:
                    if all((key >> sh) & 3 >= n for sh, n in needs):
                        moves.append((sub, slots - 1, pair_open, 2 * _UNIT + huxi))
                for sub, needs, completions in self.rules.partial[i]:
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
        return (need_units - units + max(0, self.rules.min_huxi - total) / 3, -total)


class _Hand:
    """What the agent owns, as counts: free (non-kan concealed) cards and fixed groups."""

    def __init__(self, free: list[int], fixed: int, huxi: int, quads: int, owned: int) -> None:
        self.free, self.fixed, self.huxi, self.quads, self.owned = free, fixed, huxi, quads, owned

    def limit(self) -> int:
        return 20 + max(0, self.quads - 1)


class GreedyPaohuzi:
    name = "greedy"
    RULES = PAOHUZI  # a variant of the family (Two Seven Ten) subclasses with its own

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: ObservationBase, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if "win" in legal:
            return "win"  # A-PHZ-14: the AI always wins
        obs = self.RULES.narrow(observation)
        hand, ev = _read(obs, self.RULES)
        if legal[0].startswith("discard"):
            return f"discard {code(self._best_discard(ev, hand)[1])}"
        return self._claim(ev, hand, obs, legal)

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

    def _score(self, ev: _Evaluator, hand: _Hand) -> tuple[float, int]:
        return ev.score(hand)

    def _after(self, ev: _Evaluator, hand: _Hand) -> tuple[float, int]:
        if hand.owned > hand.limit():
            if not any(hand.free):
                return (99.0, 0)
            return self._best_discard(ev, hand)[0]
        return self._score(ev, hand)

    def _claim(self, ev: _Evaluator, hand: _Hand, obs: PaohuziObservation, legal: list[str]) -> str:
        card = _public(obs)
        passing = self._score(ev, hand)
        best_text, best = ("pass" if "pass" in legal else legal[-1]), passing
        for text in legal:
            verb = text.split()[0]
            if verb == "pass":
                continue
            value = self._after(ev, _claimed(hand, obs, text, card, self.RULES))
            if value < best or (value == best and verb == "pao"):
                best_text, best = text, value
        return best_text


def _public(obs: PaohuziObservation) -> int:
    """The card in play (under claim)."""
    public = obs["public_card"]
    if public is None:
        raise ValueError("no card is in play")
    return parse_card(public)


def _claimed(
    hand: _Hand, obs: PaohuziObservation, text: str, card: int, rules: Rules = PAOHUZI
) -> _Hand:
    """The hand after the claim `text` on `card` (before any discard)."""
    verb = text.split()[0]
    after = _Hand(list(hand.free), hand.fixed, hand.huxi, hand.quads, hand.owned + 1)
    if verb == "peng":
        after.free[card] -= 2
        after.fixed += 1
        after.huxi += identical_huxi("peng", card)
    elif verb == "pao":
        mine = obs["seats"][viewer(obs)]["groups"]
        old = [
            g["huxi"] or 0  # the seat's own groups: never face down
            for g in mine
            if g["kind"] in ("wei", "peng") and g["cards"] and g["cards"][0] == code(card)
        ]
        after.huxi += identical_huxi("pao", card) - (old[0] if old else identical_huxi("kan", card))
        after.quads += 1
    else:
        groups = text.split(" bi ")
        first = parse_cards(groups[0].split()[1:])
        first.remove(card)
        for c in first + [c for g in groups[1:] for c in parse_cards(g)]:
            after.free[c] -= 1
        after.fixed += len(groups)
        after.huxi += sum(rules.chi_value(parse_cards(g.replace("chi ", ""))) for g in groups)
    return after


def _read(observation: PaohuziObservation, rules: Rules = PAOHUZI) -> tuple[_Hand, _Evaluator]:
    """The seat's hand as counts and fixed groups, and an evaluator for its live cards."""
    me = viewer(observation)
    hand_counts = [0] * N_IDS
    for c in parse_cards(observation["hand"]):
        hand_counts[c] += 1
    kans = parse_cards(observation["kans"])
    free = list(hand_counts)
    for k in kans:
        free[k] -= 3
    mine = observation["seats"][me]["groups"]
    hand = _Hand(
        free,
        len(mine) + len(kans),
        sum(g["huxi"] or 0 for g in mine) + sum(identical_huxi("kan", k) for k in kans),
        sum(1 for g in mine if g["kind"] in ("ti", "pao")),
        sum(hand_counts) + sum(g["size"] for g in mine),
    )
    return hand, _Evaluator(_live(observation, hand_counts), rules)


def distance_to_win(observation: ObservationBase) -> float:
    """Cards still missing plus a third of the missing huxi (the search's rollout evaluation)."""
    hand, ev = _read(narrow(observation))
    return ev.score(hand)[0]


def _live(observation: PaohuziObservation, hand: list[int]) -> list[int]:
    """Copies of each card this seat has not seen (own hand, groups, discards, card in play)."""
    seen = list(hand)
    for seat in observation["seats"]:
        for g in seat["groups"]:
            for c in parse_cards(g["cards"] or []):
                seen[c] += 1
        for c in parse_cards(seat["discards"]):
            seen[c] += 1
    public = observation["public_card"]
    if public and observation["source"] == "reveal":
        seen[parse_card(public)] += 1
    return [max(0, COPIES - n) for n in seen]


# --- the efficient policy -------------------------------------------------------------------

_SLACK = 2  # a split up to 2/3 of a card below the best still gains when a partial completes
_Entry = tuple[int, _Needs, int, int, tuple[tuple[int, int], ...]]
_State = tuple[int, int, bool, int]


_LOW = sum(1 << (2 * c) for c in range(N_IDS))
_HIGH = _LOW << 1


def _splitter(
    groups: list[list[tuple[int, int, int, int]]],
    live: list[int],
    context: int,
    memo: dict[int, int],
) -> Callable[[int, int, bool, int], int]:
    """The split of one decision: the best value of the packed free cards with `slots` groups
    to fill and `rem` huxi still needed (a closure: it is the hot loop)."""
    get = memo.get

    def split(key: int, slots: int, pair_open: bool, rem: int) -> int:
        cards = (key & _LOW).bit_count() + 2 * (key & _HIGH).bit_count()
        if 2 * slots > cards:  # more groups than the cards can start: the same value
            slots = cards >> 1
        mk = key | (slots << 40) | (pair_open << 43) | (rem << 44) | context
        found = get(mk)
        if found is not None:
            return found
        if key == 0 or (slots == 0 and not pair_open):
            best = 0
        else:
            i = ((key & -key).bit_length() - 1) >> 1
            best = split(key - (1 << (2 * i)), slots, pair_open, rem)  # waste
            if slots:
                held = ((key | key >> 1) & _LOW) | (key & _HIGH)  # bits: >= 1, >= 2 copies
                for sub, need, worth, huxi in groups[i]:
                    if held & need == need:
                        got = huxi if huxi < rem else rem
                        r = (
                            split(key - sub, slots - 1, pair_open, rem - got)
                            + (worth + got) * _UNIT
                            + huxi
                        )
                        if r > best:
                            best = r
            if pair_open:  # PHZ-11: with a 4-card group, exactly one pair
                if (key >> (2 * i)) & 3 >= 2:
                    r = split(key - (2 << (2 * i)), slots, False, rem) + 6 * _UNIT
                    if r > best:
                        best = r
                if live[i] > 0:
                    r = split(key - (1 << (2 * i)), slots, False, rem) + 3 * _UNIT
                    if r > best:
                        best = r
        memo[mk] = best
        return best

    return split


class _Planner:
    """The greedy's distance, measured in thirds of a card, with two changes for one decision
    (the live counts fixed while it runs):

    - the split is chosen for the distance itself: the greedy split takes the most groups
      first and so misses a split with one partial group less but 3 or more of the huxi still
      needed (3 huxi count as a card); here a missing card is worth 3 and huxi counts up to
      what is still needed (then more huxi breaks ties);
    - a partial group whose completing cards have one live copy left in all is worth a third
      of a card instead of a whole one.

    A split value is (3 x groups-worth + huxi up to `rem`) * _UNIT + huxi."""

    def __init__(self, live: list[int], rules: Rules = PAOHUZI) -> None:
        self.live = live
        self.rules = rules
        dead = thin = 0
        for c in range(N_IDS):
            if live[c] == 0:
                dead |= 1 << c
            elif live[c] == 1:
                thin |= 1 << c
        self.dead = dead
        self.context = (dead << 48) | (thin << 68)
        # per lowest identity, the partial groups something live completes: (packed amount,
        # needs, best huxi, worth in thirds of a card, completions)
        self.partials: list[list[_Entry]] = [[] for _ in range(N_IDS)]
        # and all groups for the split: (packed amount, needed-copies bits, worth, huxi)
        self.groups: list[list[tuple[int, int, int, int]]] = [list(g) for g in rules.complete_bits]
        for i in range(N_IDS):
            for (sub, needs, completions), need in zip(
                rules.partial[i], rules.partial_bits[i], strict=True
            ):
                pot, total = -1, 0
                for c, h in completions:
                    if live[c]:
                        total += live[c]
                        if h > pot:
                            pot = h
                if pot >= 0:
                    worth = 3 if total > 1 else 1  # one live copy in all: a third of a card
                    self.partials[i].append((sub, needs, pot, worth, completions))
                    self.groups[i].append((sub, need, worth, pot))
        if len(rules.plan_memo) > _PLAN_MEMO_LIMIT:
            rules.plan_memo.clear()
        self.split = _splitter(self.groups, live, self.context, rules.plan_memo)

    def _moves(self, state: _State) -> list[tuple[_State, int, _Entry | None]]:
        """The split's moves from a state: (next state, value gained, the partial group
        formed if any); the first is wasting the lowest card (only while groups are open)."""
        key, slots, pair_open, rem = state
        i = ((key & -key).bit_length() - 1) >> 1
        one = 1 << (2 * i)
        out: list[tuple[_State, int, _Entry | None]] = [
            ((key - one, slots, pair_open, rem), 0, None)
        ]
        if slots:
            for sub, needs, huxi in self.rules.complete[i]:
                if all((key >> sh) & 3 >= n for sh, n in needs):
                    got = min(huxi, rem)
                    out.append(
                        (
                            (key - sub, slots - 1, pair_open, rem - got),
                            (6 + got) * _UNIT + huxi,
                            None,
                        )
                    )
            for entry in self.partials[i]:
                sub, needs, pot, worth, _ = entry
                if all((key >> sh) & 3 >= n for sh, n in needs):
                    got = min(pot, rem)
                    out.append(
                        (
                            (key - sub, slots - 1, pair_open, rem - got),
                            (worth + got) * _UNIT + pot,
                            entry,
                        )
                    )
        if pair_open:
            if (key >> (2 * i)) & 3 >= 2:
                out.append(((key - 2 * one, slots, False, rem), 6 * _UNIT, None))
            if self.live[i] > 0:
                out.append(((key - one, slots, False, rem), 3 * _UNIT, None))
        return out

    def _start(self, key: int, fixed: int, quads: int, huxi: int) -> _State | None:
        pair_open = quads >= 1
        slots = GROUPS - fixed - (1 if pair_open else 0)
        if slots < 0:
            return None
        least = self.rules.min_huxi
        return (key, slots, pair_open, least - huxi if huxi < least else 0)

    def distance(self, key: int, fixed: int, quads: int, huxi: int) -> tuple[float, int]:
        """(distance, -huxi) of the packed free cards with these fixed groups (lower is
        better): cards missing plus a third of the huxi missing, as in `_Evaluator.score`."""
        start = self._start(key, fixed, quads, huxi)
        if start is None:
            return (99.0, 0)
        value, raw = divmod(self.split(*start), _UNIT)
        _, slots, pair_open, rem = start
        return ((6 * (slots + pair_open) + rem - value) / 3, -(huxi + raw))

    def score(self, hand: _Hand) -> tuple[float, int]:
        return self.distance(pack(hand.free), hand.fixed, hand.quads, hand.huxi)

    def spare(self, hand: _Hand) -> int:
        """The identities some best split leaves unused, as a bit mask: discarding one keeps
        the score, as removing a card never lowers it. Reads only memoised values."""
        start = self._start(pack(hand.free), hand.fixed, hand.quads, hand.huxi)
        out = 0
        stack = [start] if start is not None else []
        seen: set[_State] = set()
        while stack:
            state = stack.pop()
            if state in seen or state[0] == 0:
                continue
            seen.add(state)
            key, slots, pair_open, _ = state
            if slots == 0 and not pair_open:
                out |= sum(1 << c for c in range(N_IDS) if (key >> (2 * c)) & 3)
                continue
            target = self.split(*state)
            for k, (after, gain, _) in enumerate(self._moves(state)):
                if self.split(*after) + gain == target:
                    if k == 0:
                        out |= 1 << (((key & -key).bit_length() - 1) >> 1)
                    stack.append(after)
        return out

    def near(self, hand: _Hand, chi_stale: int, peng_stale: int) -> set[tuple[int, int]]:
        """The splits at most `_SLACK` thirds below the best, as (identities left unused, live
        identities that complete one of its partial groups by a claim that is not stale,
        PHZ-12), bit masks. Such a claim adds at least 3 thirds, so it lowers the distance.
        Reads only memoised values."""
        start = self._start(pack(hand.free), hand.fixed, hand.quads, hand.huxi)
        found: dict[tuple[_State, int], set[tuple[int, int]]] = {}

        def walk(state: _State, slack: int) -> set[tuple[int, int]]:
            known = found.get((state, slack))
            if known is not None:
                return known
            key, slots, pair_open, rem = state
            out: set[tuple[int, int]] = set()
            if key == 0:
                out.add((0, 0))
            elif slots == 0 and not pair_open:
                out.add((sum(1 << c for c in range(N_IDS) if (key >> (2 * c)) & 3), 0))
            else:
                target = self.split(*state) // _UNIT
                for k, (after, gain, entry) in enumerate(self._moves(state)):
                    loss = target - (self.split(*after) + gain) // _UNIT
                    if loss > slack:
                        continue
                    unused = 1 << (((key & -key).bit_length() - 1) >> 1) if k == 0 else 0
                    waits = 0
                    if entry is not None:
                        sub, _, pot, _, completions = entry
                        for c, h in completions:
                            stale = peng_stale if sub == 2 << (2 * c) else chi_stale
                            if (
                                self.live[c]
                                and not (stale >> c) & 1
                                and (loss + min(pot, rem) - min(h, rem) <= slack)
                            ):
                                waits |= 1 << c
                    out |= {(w | unused, a | waits) for w, a in walk(after, slack - loss)}
            found[(state, slack)] = out
            return out

        return walk(start, _SLACK) if start is not None else set()

    def acceptances(
        self, hand: _Hand, discards: list[int], base: float, chi_stale: int, peng_stale: int
    ) -> list[int]:
        """For each discard: the live copies of the identities that, claimed afterwards into a
        group with two free cards (chi or peng, not stale, PHZ-12; the discard itself becomes
        stale), would bring the distance below `base`. Exact, and slower than `near`."""
        free = hand.free
        key = pack(free)
        fixed, quads = hand.fixed + 1, hand.quads
        totals = [0] * len(discards)
        for x in range(N_IDS):
            n = self.live[x]
            if not n:
                continue
            options: list[tuple[int, int, _Needs]] = []
            if free[x] >= 2 and not (peng_stale >> x) & 1:
                options.append((2 << (2 * x), identical_huxi("peng", x), ((x, 2),)))
            if not (chi_stale >> x) & 1:
                for sub, others, huxi in self.rules.claims[x]:
                    if all(free[o] >= k for o, k in others):
                        options.append((sub, huxi, others))
            todo = [j for j, c in enumerate(discards) if c != x]
            for sub, huxi, others in options:
                if not todo:
                    break
                rest = key - sub
                if self.distance(rest, fixed, quads, hand.huxi + huxi)[0] >= base:
                    continue  # a discard on top only raises the distance
                left = []
                for j in todo:
                    c = discards[j]
                    if (
                        dict(others).get(c) != free[c]
                        and self.distance(rest - (1 << (2 * c)), fixed, quads, hand.huxi + huxi)[0]
                        < base
                    ):
                        totals[j] += n
                    else:
                        left.append(j)
                todo = left
        return totals


class EfficientPaohuzi(GreedyPaohuzi):
    """Greedy with card efficiency, the search's rollout policy. It measures the distance by
    `_Planner` (a split chosen for the distance itself; a partial group waiting on the last
    live copy counts little), and among the discards that keep the distance lowest it keeps
    the most live copies of the cards whose claim (chi or peng, not stale, PHZ-12) would lower
    it, before the greedy's least-live-card tie-break."""

    name = "efficient"

    def act(self, observation: ObservationBase, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if "win" in legal:
            return "win"  # A-PHZ-14: the AI always wins
        obs = self.RULES.narrow(observation)
        hand, ev = self._read(obs)
        if legal[0].startswith("discard"):
            return f"discard {code(self._best_discard(ev, hand)[1])}"
        return self._claim(ev, hand, obs, legal)

    def plausible(self, observation: ObservationBase, legal: list[str]) -> list[str]:
        """The moves worth searching: every claim decision, but only the discards that leave
        the lowest score (a worse one is hardly ever right)."""
        if not legal[0].startswith("discard"):
            return legal
        hand, _ = self._read(self.RULES.narrow(observation))
        tied = self._tied(hand)[1]
        return [text for text in legal if parse_card(text.split()[1]) in tied]

    def _read(self, observation: PaohuziObservation) -> tuple[_Hand, _Evaluator]:
        hand, ev = _read(observation, self.RULES)
        self._planner = _Planner(ev.live, self.RULES)
        stale = observation["stale"]
        self._chi_stale = sum(1 << c for c in parse_cards(stale["chi"]))
        self._peng_stale = sum(1 << c for c in parse_cards(stale["peng"]))
        return hand, ev

    def _tied(self, hand: _Hand) -> tuple[tuple[float, int], list[int], bool]:
        """The lowest score a discard leaves, the discards that leave it, and whether they
        are cards a best split leaves unused (then the score is the hand's own)."""
        planner = self._planner
        spare = planner.spare(hand)
        if spare:
            return planner.score(hand), [c for c in range(N_IDS) if (spare >> c) & 1], True
        scored: list[tuple[tuple[float, int], int]] = []
        for c in range(N_IDS):
            if hand.free[c]:
                hand.free[c] -= 1
                scored.append((planner.score(hand), c))
                hand.free[c] += 1
        low = min(s for s, _ in scored)
        return low, [c for s, c in scored if s == low], False

    def _best_discard(self, ev: _Evaluator, hand: _Hand) -> tuple[tuple[float, int], int]:
        low, tied, unused = self._tied(hand)
        if len(tied) == 1:
            return low, tied[0]
        if unused:
            splits = self._planner.near(hand, self._chi_stale, self._peng_stale)
            accepted = []
            for c in tied:
                waits = 0
                for left, completing in splits:
                    if (left >> c) & 1:
                        waits |= completing
                waits &= ~(1 << c)  # PHZ-12: the own discard becomes stale
                accepted.append(sum(ev.live[x] for x in range(N_IDS) if (waits >> x) & 1))
        else:
            accepted = self._planner.acceptances(
                hand, tied, low[0], self._chi_stale, self._peng_stale
            )
        j = min(range(len(tied)), key=lambda j: (-accepted[j], ev.live[tied[j]], tied[j]))
        return low, tied[j]

    def _after(self, ev: _Evaluator, hand: _Hand) -> tuple[float, int]:
        if hand.owned > hand.limit():
            if not any(hand.free):
                return (99.0, 0)
            return self._tied(hand)[0]
        return self._planner.score(hand)

    def _score(self, ev: _Evaluator, hand: _Hand) -> tuple[float, int]:
        return self._planner.score(hand)


# What cardavia.ai.games asks of a game's module. The search rolls out with the greedy policy:
# the efficient one is much slower, and rollouts are most of the cost of a decision.
GREEDY = GreedyPaohuzi
EFFICIENT = EfficientPaohuzi
ROLLOUT_GREEDY = True


def explain(observation: ObservationBase, legal: list[str], action: str) -> list[Why]:
    """The hint's reasons (cardavia.ai.explain): a discard among the efficient policy's best, a
    claim that leaves the hand better than passing, by that policy's own measure."""
    return explain_with(EfficientPaohuzi, observation, legal, action) + _huxi_why(
        observation, action
    )


def _huxi_why(observation: ObservationBase, action: str) -> list[Why]:
    """The score, not only the distance: the huxi the move keeps in sight (PHZ-11)."""
    huxi = None if action.split()[0] == "win" else huxi_after(observation, action)
    return [] if huxi is None else [sentence("why_phz_huxi", huxi)]


def explain_with(
    policy_class: type[EfficientPaohuzi],
    observation: ObservationBase,
    legal: list[str],
    action: str,
) -> list[Why]:
    """`explain` by a policy of the family (a variant's own, with its rules)."""
    policy = policy_class(random.Random(0))
    obs = policy.RULES.narrow(observation)
    hand, ev = policy._read(obs)
    verb = action.split()[0]
    if verb == "discard":
        return discard_why(parse_card(action.split()[1]) in policy._tied(hand)[1])
    if obs["public_card"] is None:
        return []
    passing = policy._score(ev, hand)
    card = _public(obs)

    def value(text: str) -> tuple[float, int]:
        return policy._after(ev, _claimed(hand, obs, text, card, policy.RULES))

    return claim_or_pass_why(
        action,
        {t: value(t) < passing for t in legal if t.split()[0] not in ("pass", "win", "discard")},
    )


# The review (cardavia.ai.review): a deal is paid in tun (PHZ-11), so a mistake costs at least
# half a tun (half the payment's smallest step) a deal on average.
REVIEW_LOSS = "review_phz_loss"  # its message: the loss in tun
REVIEW_MARGIN = 0.5


def huxi_after(observation: ObservationBase, action: str) -> int | None:
    """The huxi the hand keeps in sight after `action` (PHZ-11: a win needs 15), by the efficient
    policy's best split of it; None for a win, or an action it does not measure."""
    obs = narrow(observation)
    policy = EfficientPaohuzi(random.Random(0))
    hand, ev = policy._read(obs)
    verb, _, rest = action.partition(" ")
    if verb == "discard":
        after = _Hand(list(hand.free), hand.fixed, hand.huxi, hand.quads, hand.owned - 1)
        card = parse_card(rest)
        if after.free[card] <= 0:
            return None
        after.free[card] -= 1
        return -policy._planner.score(after)[1]
    if verb == "pass":
        return -policy._score(ev, hand)[1]
    if verb == "win" or obs["public_card"] is None:
        return None
    return -policy._after(ev, _claimed(hand, obs, action, _public(obs), policy.RULES))[1]


def review_why(
    observation: ObservationBase, legal: list[str], played: str, better: str
) -> list[Why]:
    """The huxi each move keeps in sight, when the better move keeps more. Not the other way
    round: "your move kept 26 huxi in sight, the better one 20" read as a reason for your move
    (usability walk; Chuo Pai's cards at risk alike): a better move that keeps fewer is better
    for what else it does, which the hint's sentences about it say."""
    mine, theirs = huxi_after(observation, played), huxi_after(observation, better)
    if mine is None or theirs is None or theirs <= mine:
        return []
    return [sentence("review_phz_huxi", None, played=mine, better=theirs)]


# review_why's sentence says the better move's huxi: the hint's own sentence on it goes
REVIEW_SAYS = {"review_phz_huxi": "why_phz_huxi"}


def grouped_cards(observation: ObservationBase) -> frozenset[str]:
    """The concealed cards (kans apart) that lie in a complete chi-type group of the hand that
    scores huxi (PHZ-4: 1-2-3, 2-7-10): for the review's measurement
    (cardavia.ai.review_quality), which plants a discard after which one of them lies in no such
    group, losing its huxi, which a win needs (a group without huxi may be worth breaking, for a
    pair to peng)."""
    return grouped_in(observation, PAOHUZI)


def grouped_in(observation: ObservationBase, rules: Rules) -> frozenset[str]:
    obs = rules.narrow(observation)
    free = [0] * N_IDS
    for c in parse_cards(obs["hand"]):
        free[c] += 1
    for k in parse_cards(obs["kans"]):
        free[k] -= 3
    inside: set[str] = set()
    for group in CHI_GROUPS:
        if rules.chi_value(group) > 0 and all(free[c] >= group.count(c) for c in group):
            inside.update(code(c) for c in group)
    return frozenset(inside)
