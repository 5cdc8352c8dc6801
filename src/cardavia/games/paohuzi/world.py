"""`sample_world`: a full deal consistent with everything one seat has seen (architecture §2).

The unseen cards (other seats' concealed cards, their face-down opening ti, the stock) are
dealt anew, keeping what is public: how many concealed cards each seat holds and how many
opening ti it has; a dead hand holds kans only (PHZ-10); a card a seat revealed without a
compulsory wei or ti was held at most once (PHZ-5 step 1; cards never enter a hand); the dealer
still holds the shown card until it is seen to leave (PHZ-2).

First the all-or-nothing parts are chosen (the identities of face-down ti, a dead hand's kans),
then the other cards are dealt identity by identity; every step keeps the rest dealable, tested
exactly by Gale's condition for a transportation problem (the subsets of the two hands).
"""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import TYPE_CHECKING

from cardavia.games.paohuzi.cards import COPIES, N_IDS
from cardavia.games.paohuzi.options import PLAYERS, RANK_WIN
from cardavia.rules.claims import ClaimWindow

if TYPE_CHECKING:
    from cardavia.games.paohuzi.state import PaohuziState

TRIES = 200


class _Deal:
    """Unseen cards to place: `left[c]` copies; destinations: the live other seats' hands (with
    per-identity caps), then the stock."""

    def __init__(self, left: list[int], caps: list[list[int]], room: list[int]) -> None:
        self.left, self.caps, self.room = left, caps, room  # caps/room: per destination

    def feasible(self) -> bool:
        """Gale: every set of hands can be filled from the copies it may take. Sets with the
        stock (which takes anything) hold as soon as the totals agree."""
        if sum(self.room) != sum(self.left):
            return False
        hands = range(len(self.room) - 1)
        left = self.left
        for size in range(1, len(self.room)):
            for subset in combinations(hands, size):
                need = sum(self.room[d] for d in subset)
                if need == 0:
                    continue
                can = 0
                for c in range(N_IDS):
                    if left[c]:
                        can += min(left[c], sum(self.caps[d][c] for d in subset))
                if need > can:
                    return False
        return True


def sample_world(state: PaohuziState, seat: int, rng: random.Random) -> PaohuziState:
    others = [s for s in range(PLAYERS) if s != seat]
    unseen = [0] * N_IDS
    for s in others:
        h = state.seats[s]
        for c in range(N_IDS):
            unseen[c] += h.hand[c] + 3 * h.kans.count(c)
        for g in h.groups:
            if g.hidden:
                unseen[g.cards[0]] += COPIES
    for c in state.stock:
        unseen[c] += 1
    for _ in range(TRIES):
        placed = _place(state, others, unseen, rng)
        if placed is not None:
            break
    else:  # pragma: no cover - the true deal satisfies every constraint
        raise AssertionError("no consistent world found")
    hands, tis, stock = placed
    world = state._world_copy(seat)
    for i, s in enumerate(others):
        h = world.seats[s]
        h.hand, h.kans = [0] * N_IDS, []
        for c in range(N_IDS):
            if hands[i][c] == 3:
                h.kans.append(c)
            else:
                h.hand[c] = hands[i][c]
        ti_cards = list(tis[i])
        rng.shuffle(ti_cards)
        for g in h.groups:
            if g.hidden:
                c = ti_cards.pop()
                g.cards, g.huxi = (c,) * COPIES, 12 if c >= 10 else 9
    rng.shuffle(stock)
    world.stock = stock
    world._forget_private(others)
    _reask(world, state, seat)
    return world


def _place(
    state: PaohuziState, others: list[int], unseen: list[int], rng: random.Random
) -> tuple[list[list[int]], list[list[int]], list[int]] | None:
    """One random attempt; None if the all-or-nothing choices left the rest undealable."""
    left = list(unseen)
    hands = [[0] * N_IDS for _ in others]
    tis: list[list[int]] = [[] for _ in others]
    live: list[int] = []  # indices into `others` of seats dealt card by card
    for i, s in enumerate(others):
        h = state.seats[s]
        hidden = sum(1 for g in h.groups if g.hidden)
        pool = [c for c in range(N_IDS) if left[c] == COPIES]
        if len(pool) < hidden:
            return None
        for c in rng.sample(pool, hidden):  # face-down opening ti (PHZ-15)
            tis[i].append(c)
            left[c] = 0
        if h.dead:  # PHZ-10: only kans stay concealed
            pool = [c for c in range(N_IDS) if left[c] >= 3 and c not in h.single_at_most]
            need = h.concealed() // 3
            if len(pool) < need:
                return None
            for c in rng.sample(pool, need):
                hands[i][c] = 3
                left[c] -= 3
        else:
            live.append(i)
    shown = state.shown if state.shown_live and state.dealer in others else None
    if shown is not None:
        d = others.index(state.dealer)
        if shown not in tis[d] and d in live:
            if not left[shown]:
                return None
            hands[d][shown] += 1  # PHZ-2: the dealer still holds its shown card
            left[shown] -= 1
    caps = [[state._hand_cap(others[i], c) - hands[i][c] for c in range(N_IDS)] for i in live]
    room = [state.seats[others[i]].concealed() - sum(hands[i]) for i in live]
    deal = _Deal(left, [*caps, list(left)], [*room, len(state.stock)])
    if not deal.feasible():
        return None
    stock: list[int] = []
    order = [c for c in range(N_IDS) if left[c]]
    rng.shuffle(order)
    for c in order:
        split = _split(deal, c, rng)
        for k, i in enumerate(live):
            hands[i][c] += split[k]
        stock += [c] * split[-1]
    # a seat publicly about to discard holds a card it may discard (not only kans)
    if (
        state.phase == "discard"
        and state.discarder in others
        and not any(n in (1, 2) for n in hands[others.index(state.discarder)])
    ):
        return None
    return hands, tis, stock


def _split(deal: _Deal, card: int, rng: random.Random) -> tuple[int, ...]:
    """How the copies of `card` go to the destinations: likelier splits first (weighted by the
    ways to fill the open places), the first one that keeps the rest dealable."""
    n = deal.left[card]
    dests = len(deal.room)
    splits: list[tuple[int, ...]] = []

    def gen(prefix: tuple[int, ...], rest: int) -> None:
        d = len(prefix)
        if d == dests - 1:
            if rest <= deal.room[d]:
                splits.append((*prefix, rest))
            return
        for x in range(min(rest, deal.caps[d][card], deal.room[d]) + 1):
            gen((*prefix, x), rest - x)

    gen((), n)
    keyed = []
    for split in splits:
        ways = math.prod(math.comb(deal.room[d], x) for d, x in enumerate(split))
        keyed.append((math.log(1.0 - rng.random()) / max(ways, 1), split))
    keyed.sort(reverse=True)
    for _, split in keyed:
        deal.left[card] = 0
        for d, x in enumerate(split):
            deal.room[d] -= x
        if deal.feasible():
            return split
        deal.left[card] = n
        for d, x in enumerate(split):
            deal.room[d] += x
    raise AssertionError("a feasible deal had no feasible split")  # pragma: no cover


def _reask(world: PaohuziState, state: PaohuziState, seat: int) -> None:
    """Other seats' answers and private choices are hidden: ask them again in the new world."""
    old = state.window
    if old is None:
        return
    if world.window_kind == "win":
        (owner,) = old.options
        if owner == seat:
            return
        world.window = None
        if world._win_in_hand(owner):
            world.window = ClaimWindow(old.origin, PLAYERS, {owner: {"win": RANK_WIN}})
        else:
            world._after_compulsory(owner, [])
        return
    world.window = old.reopen_for(seat, world._claims, world._passable())
    if world.window is None:  # no seat has a claim (`seat` had none either)
        world._unclaimed([])
    elif world.window.complete():
        world._resolve([])
