"""Conformance: what every rules engine owes the rest of Cardavia (rules/core.py), checked for
every game in `cardavia.games.registry.GAMES` over seeded deals of random legal actions, in the
manner of OpenSpiel's games_sim_test. A game is covered by being registered: nothing here names
one.

Every property is checked twice: on eager deals (agents, records and tests play these) and on
the table's lazy deals (`lazy=True`), whose held steps are settled one `settle` at a time before
each decision, as the server does.
"""

from __future__ import annotations

import importlib
import json
import random
import string
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardavia.games.registry import GAMES
from cardavia.rules.core import Event, Game, Result, State
from cardavia.rules.errors import RulesError
from cardavia.rules.record import dumps, loads, make_record, replay
from cardavia.rules.types import ObservationBase

DEALS = 30  # seeded deals per game and way of dealing, for each property
MAX_STEPS = 3000  # decisions and settled steps in one deal: far beyond any real deal

per_game = pytest.mark.parametrize("name", sorted(GAMES))
both_ways = pytest.mark.parametrize("lazy", [False, True], ids=["eager", "lazy"])


def deck_size(game: Game) -> int:
    """How many cards the game's deck has: every game keeps its card notation as `NOTATION` in
    the `cards` module of its package."""
    package = type(game).__module__.rpartition(".")[0]
    return len(importlib.import_module(f"{package}.cards").NOTATION.deck)


def view(state: State) -> tuple[Any, ...]:
    """Everything a caller of the rules layer can see of a deal."""
    players = range(state.game.players)
    return (
        [state.observation(s) for s in players],
        [state.legal_actions(s) for s in players],
        state.to_act(),
        state.public_to_act(),
        list(state.actions),
        state.is_over(),
        state.result(),
        state.unsettled(),
        state.card_total(),
    )


def observations(state: State) -> list[ObservationBase]:
    return [state.observation(s) for s in range(state.game.players)]


def shown(events: list[Event]) -> list[tuple[str, dict[str, Any], int | None]]:
    return [(e.kind, e.data, e.seat) for e in events]


class Deal:
    """One seeded deal of random legal actions, played a step at a time. A lazy deal's held
    steps are settled, one `settle` at a time, before each decision. `on_call(state, events)`
    sees the deal after the opening and after every `apply` and `settle`, with their events."""

    def __init__(
        self,
        game: Game,
        seed: int,
        lazy: bool,
        dealer: int | None = None,
        on_call: Callable[[State, list[Event]], None] | None = None,
    ) -> None:
        self.game, self.seed, self.lazy = game, seed, lazy
        self.state = game.new_deal(seed, dealer, lazy=lazy)
        assert self.state.lazy is lazy
        self.rng = random.Random(seed)
        self.on_call = on_call
        self.steps = 0
        self.events: list[list[Event]] = []  # per call: the opening, each apply and settle
        self._called(self.state.opening)
        self.settle()

    def _called(self, events: list[Event]) -> None:
        assert all(isinstance(e, Event) for e in events)
        self.events.append(events)
        if self.on_call is not None:
            self.on_call(self.state, events)

    def settle(self) -> None:
        if not self.lazy:
            assert not self.state.unsettled(), "an eager deal never holds a step"
        while self.state.unsettled():
            assert self.state.to_act() == (), "nobody is to act while a step is held"
            events = self.state.settle()
            self.steps += 1
            assert self.steps < MAX_STEPS, f"seed {self.seed}: the deal must end"
            self._called(events)

    def choose(self) -> tuple[int, str]:
        seats = self.state.to_act()
        assert seats, f"seed {self.seed}: a live deal owes someone a decision"
        seat = self.rng.choice(seats)
        return seat, self.rng.choice(self.state.legal_actions(seat))

    def step(self, seat: int, action: str) -> list[Event]:
        events = self.state.apply(seat, action)
        self.steps += 1
        assert self.steps < MAX_STEPS, f"seed {self.seed}: the deal must end"
        self._called(events)
        self.settle()
        return events

    def decisions(self) -> Iterator[State]:
        """The deal before each decision; a random legal action is taken after each, unless
        the caller took one."""
        while not self.state.is_over():
            done = len(self.state.actions)
            yield self.state
            if len(self.state.actions) == done:
                self.step(*self.choose())

    def play_out(self) -> State:
        for _ in self.decisions():
            pass
        return self.state


def deals(name: str, lazy: bool, **kwargs: Any) -> Iterator[Deal]:
    for seed in range(DEALS):
        yield Deal(GAMES[name], seed, lazy, **kwargs)


# --- a deal runs -------------------------------------------------------------------------------


@per_game
@both_ways
def test_random_deals_end_without_errors(name: str, lazy: bool) -> None:
    """Only the seats in `to_act()` have legal actions, each a distinct text; every legal action
    applies (checked on clones at every third decision) and is recorded as given; every deal
    ends, with a result for every seat."""
    game = GAMES[name]
    for deal in deals(name, lazy):
        for state in deal.decisions():
            seats = state.to_act()
            assert seats and len(set(seats)) == len(seats)
            assert all(0 <= s < game.players for s in seats)
            for s in range(game.players):
                legal = state.legal_actions(s)
                assert bool(legal) == (s in seats), (deal.seed, s, seats, legal)
                assert len(set(legal)) == len(legal), legal
                assert all(isinstance(a, str) and a.strip() == a and a for a in legal), legal
            if len(state.actions) % 3 == 0:
                for s in seats:
                    for action in state.legal_actions(s):
                        probe = state.clone()
                        probe.apply(s, action)
                        assert probe.actions[-1] == (s, action)
            done = len(state.actions)
            seat, action = deal.choose()
            deal.step(seat, action)
            assert state.actions[done:] == [(seat, action)]
        result = deal.state.result()
        assert isinstance(result, Result), deal.seed
        assert len(result.scores) == game.players
        assert result.winner is None or 0 <= result.winner < game.players
        json.dumps(result.to_json())


@per_game
@both_ways
def test_cards_are_conserved_at_every_step(name: str, lazy: bool) -> None:
    """`card_total()` is the deck's size after the deal, every action and every settled step."""
    size = deck_size(GAMES[name])

    def conserved(state: State, events: list[Event]) -> None:
        assert state.card_total() == size, (len(state.actions), state.card_total(), size)

    for deal in deals(name, lazy, on_call=conserved):
        deal.play_out()


@per_game
@both_ways
def test_nothing_is_legal_once_over(name: str, lazy: bool) -> None:
    """A finished deal asks nobody, holds no step, offers no action to any seat, and refuses
    every action (even one that was legal earlier) without changing."""
    game = GAMES[name]
    for deal in deals(name, lazy):
        state = deal.play_out()
        assert state.to_act() == () and state.public_to_act() == (), deal.seed
        assert not state.unsettled()
        assert all(state.legal_actions(s) == [] for s in range(game.players))
        before = view(state)
        for seat, action in state.actions[-3:]:
            for s in {seat, (seat + 1) % game.players}:
                with pytest.raises(RulesError):
                    state.apply(s, action)
                assert view(state) == before


# --- clones, records, seeds ---------------------------------------------------------------------


@per_game
@both_ways
def test_clone_equals_the_original_and_is_independent(name: str, lazy: bool) -> None:
    """A clone, taken at a decision or (lazy) at a held step, looks exactly like the original;
    moving either leaves the other as it was; a clone played on with the original's actions
    reaches the same end."""

    def same(state: State, events: list[Event]) -> None:
        clone = state.clone()
        assert clone.lazy is state.lazy
        assert view(clone) == view(state)

    for deal in deals(name, lazy, on_call=same):
        state = deal.state
        kept: list[tuple[State, int, tuple[Any, ...]]] = []  # (clone, actions then, its view)
        for _ in deal.decisions():
            clone = state.clone()
            before = view(state)
            kept.append((state.clone(), len(state.actions), before))
            seat = deal.rng.choice(clone.to_act())
            clone.apply(seat, deal.rng.choice(clone.legal_actions(seat)))
            clone.settle_all()
            assert view(state) == before, "applying to a clone moved the original"
        for clone, done, seen in kept[:: max(1, len(kept) // 4)]:
            assert view(clone) == seen, "the original moved a clone"
            for seat, action in state.actions[done:]:
                clone.settle_all()
                clone.apply(seat, action)
            clone.settle_all()
            assert view(clone) == view(state)


@per_game
@both_ways
def test_a_record_replays_to_the_same_deal(name: str, lazy: bool) -> None:
    """`make_record` at the end (and midway) and `replay` rebuild the same deal, the same
    result, through JSON and whichever dealer was asked for."""
    game = GAMES[name]
    for seed in range(DEALS):
        dealer: int | None = seed % (game.players + 1)  # each seat, or from the seed
        dealer = None if dealer == game.players else dealer
        deal = Deal(game, seed, lazy, dealer)
        midway = deal.rng.randrange(1, 40)
        middle: tuple[dict[str, Any], tuple[Any, ...]] | None = None
        for state in deal.decisions():
            if len(state.actions) == midway:
                middle = make_record(state, seed, dealer, None), view(state)
        state = deal.state
        record = loads(dumps(make_record(state, seed, dealer, None)))
        again = replay(record, GAMES)
        assert again.result() == state.result(), seed
        assert view(again) == view(state)
        if middle is not None:
            record, seen = middle
            assert record["result"] is None
            assert view(replay(loads(dumps(record)), GAMES)) == seen


@per_game
@both_ways
def test_the_same_seed_deals_the_same_deal(name: str, lazy: bool) -> None:
    """The same seed (and dealer) deals the same cards, played on the same way step by step,
    with the same events; a different seed deals differently."""
    game = GAMES[name]
    for seed in range(DEALS):
        a, b = Deal(game, seed, lazy), Deal(game, seed, lazy)
        assert [shown(e) for e in a.events] == [shown(e) for e in b.events]
        while not a.state.is_over():
            assert view(a.state) == view(b.state), seed
            seat, action = a.choose()
            assert b.choose() == (seat, action)
            assert shown(a.step(seat, action)) == shown(b.step(seat, action))
        assert view(a.state) == view(b.state)
        assert [shown(e) for e in a.events] == [shown(e) for e in b.events]
        other = Deal(game, seed + DEALS, lazy)
        assert observations(other.state) != observations(Deal(game, seed, lazy).state)
        if seed < 3:
            for dealer in range(game.players):
                one, two = Deal(game, seed, lazy, dealer), Deal(game, seed, lazy, dealer)
                assert view(one.state) == view(two.state)


# --- refusals -----------------------------------------------------------------------------------

JUNK = string.ascii_letters + string.digits + " -×é\t\x00[]{}\"'"


def tokens_of(action: str) -> tuple[str, ...]:
    """An action's words in any order: a text with a legal action's words may be accepted as it
    (engines take the cards of a group in any order and make the text canonical)."""
    return tuple(sorted(action.split()))


def bad_texts(state: State, seat: int, rng: random.Random, seen: list[str]) -> list[str]:
    """Texts `seat` may not play now: junk, empty, very long, the words of actions seen in other
    deals or owed by other seats, recombined."""
    legal = state.legal_actions(seat)
    others = [a for s in state.to_act() if s != seat for a in state.legal_actions(s)]
    words = sorted({w for a in [*seen, *legal, *others] for w in a.split()})
    texts = [
        "",
        " ",
        "\t\n",
        "x" * 10_000,
        " ".join([legal[0]] * 500),
        legal[0] + " " + "9" * 5000,
        *("".join(rng.choice(JUNK) for _ in range(rng.randint(1, 20))) for _ in range(3)),
        *(" ".join(rng.choice(words) for _ in range(rng.randint(1, 4))) for _ in range(4)),
        *rng.sample(seen, min(3, len(seen))),
        *rng.sample(others, min(2, len(others))),
    ]
    allowed = {tokens_of(a) for a in legal}
    return [t for t in texts if tokens_of(t) not in allowed]


def refused(state: State, seat: int, text: str, where: str) -> None:
    before = view(state)
    try:
        state.apply(seat, text)
    except RulesError:
        pass
    else:
        raise AssertionError(f"{where}: seat {seat} was let play {text[:80]!r}")
    assert view(state) == before, f"{where}: refusing {text[:80]!r} changed the deal"


@per_game
@both_ways
def test_illegal_and_malformed_actions_are_refused_and_change_nothing(
    name: str, lazy: bool
) -> None:
    """Junk, empty and very long texts, other seats' actions, actions not legal now, seats not
    to act or not at the table, and (lazy) any action while a step is held: each raises a
    `RulesError` and leaves the deal exactly as it was."""
    game = GAMES[name]
    rng = random.Random(name)
    seen: list[str] = []

    def while_held(state: State, events: list[Event]) -> None:
        if not state.unsettled() or rng.random() > 0.3:
            return
        probe = state.clone()
        probe.settle_all()
        for s in probe.to_act():  # what will be legal once the step is taken, not yet
            for action in probe.legal_actions(s)[:2]:
                refused(state, s, action, f"held step, {len(state.actions)} actions")

    for deal in deals(name, lazy, on_call=while_held):
        for state in deal.decisions():
            acting = state.to_act()
            seen += [a for s in acting for a in state.legal_actions(s)][:3]
            seen = seen[-300:]
            if rng.random() > 0.3:
                continue
            where = f"seed {deal.seed}, {len(state.actions)} actions"
            for seat in acting:
                for text in bad_texts(state, seat, rng, seen):
                    refused(state, seat, text, where)
            anything = rng.choice(state.legal_actions(rng.choice(acting)))
            for seat in [*range(game.players), -1, game.players, 10**6]:
                if seat not in acting:
                    refused(state, seat, anything, where)


# --- hidden information -------------------------------------------------------------------------


@per_game
@both_ways
def test_a_sampled_world_looks_the_same_to_its_seat(name: str, lazy: bool) -> None:
    """Whenever a seat must decide, a world sampled for it gives it the same observation and
    legal actions and keeps the deck; the deal itself is untouched; the other seats' hands are
    dealt anew in most worlds; and a world plays on to an end like any deal."""
    game = GAMES[name]
    size = deck_size(game)
    checked = differs = 0
    for deal in deals(name, lazy):
        state = deal.state
        playout = deal.rng.randrange(1, 30)
        for _ in deal.decisions():
            before = view(state)
            for seat in state.to_act():
                world = state.sample_world(seat, random.Random(deal.rng.random()))
                assert view(state) == before, "sampling a world changed the deal"
                where = f"seed {deal.seed}, {len(state.actions)} actions, seat {seat}"
                assert world.observation(seat) == state.observation(seat), where
                assert world.legal_actions(seat) == state.legal_actions(seat), where
                assert seat in world.to_act(), where
                assert world.card_total() == size, where
                assert not world.lazy and not world.unsettled()
                assert_seen_only(world, seat, where)
                checked += 1
                differs += any(
                    world.observation(s) != state.observation(s)
                    for s in range(game.players)
                    if s != seat
                )
                if len(state.actions) == playout:
                    playout = -1
                    _play_world(world, deal.rng, size, where)
                    assert view(state) == before, "playing a sampled world changed the deal"
    assert checked > 0 and differs > checked / 2, (checked, differs)


def assert_seen_only(world: State, seat: int, where: str) -> None:
    """A world's history is what its seat saw: the opening's events shown to it (the others'
    dealt hands are the truth's, not the world's) and its own decisions (another seat's claim
    answer was shown to nobody). A world goes to a job row and a worker (security retest)."""
    shown = [e for e in world.opening if not e.visible_to(seat)]
    assert not shown, f"{where}: the world keeps another seat's events {shown[:2]}"
    others = [(by, a) for by, a in world.actions if by != seat]
    assert not others, f"{where}: the world keeps another seat's actions {others[:3]}"


def _play_world(world: State, rng: random.Random, size: int, where: str) -> None:
    for _ in range(MAX_STEPS):
        if world.is_over():
            return
        seat = rng.choice(world.to_act())
        world.apply(seat, rng.choice(world.legal_actions(seat)))
        assert world.card_total() == size, where
    raise AssertionError(f"{where}: a sampled world does not end")


def words_of(data: Any) -> set[str]:
    """Every word of every text in JSON-ready data, keys included (`rC×2` also gives `rC`)."""
    out: set[str] = set()
    if isinstance(data, str):
        for word in data.split():
            out |= {word, word.partition("×")[0]}
    elif isinstance(data, dict):
        for key, value in data.items():
            out |= words_of(key) | words_of(value)
    elif isinstance(data, list | tuple):
        for item in data:
            out |= words_of(item)
    return out


def hidden_from(views: list[ObservationBase], viewer: int) -> set[str]:
    """Cards the viewer cannot know of, given every seat's observation: another seat conceals a
    copy (its observation's `hand`) and no copy shows anywhere in the viewer's observation."""
    concealed = {c for s, obs in enumerate(views) if s != viewer for c in obs["hand"]}
    return concealed - words_of(views[viewer])


def check_events(state: State, events: list[Event]) -> None:
    """Each event is for everyone (`seat` None) or for one seat of the deal only, is JSON, and
    shows no seat a card another seat conceals that it cannot see for itself."""
    players = range(state.game.players)
    for event in events:
        assert event.seat is None or event.seat in players, event
        for viewer in players:
            assert event.visible_to(viewer) == (event.seat in (None, viewer)), event
        json.dumps(event.to_json())
    views = observations(state)
    for viewer in players:
        hidden = hidden_from(views, viewer)
        for event in events:
            if event.visible_to(viewer):
                leaked = hidden & words_of(event.to_json())
                assert not leaked, (
                    f"{len(state.actions)} actions: {sorted(leaked)} of another "
                    f"seat's hand shown to seat {viewer} by {event}"
                )


@per_game
@both_ways
def test_events_show_concealed_cards_only_to_their_seat(name: str, lazy: bool) -> None:
    """The events of the deal, of every action and of every settled step reach the seats they
    name only, and none shows a seat cards another seat conceals (that it cannot see)."""
    for deal in deals(name, lazy, on_call=check_events):
        deal.play_out()


# --- a spectator -------------------------------------------------------------------------------


@per_game
@both_ways
def test_a_spectator_sees_only_what_every_seat_sees(name: str, lazy: bool) -> None:
    """The spectator's observation (`observation(None)`, architecture.md §6) has every key a
    seat's has, an empty hand, and no fact any one seat alone knows: it is the same in every
    world sampled for a deciding seat (each deals the other seats' concealed cards and the stock
    anew; over a deal every seat decides), and no card concealed in a hand shows in it unless
    every seat's own view shows it openly."""
    checked = 0
    for deal in deals(name, lazy):
        state = deal.state
        for _ in deal.decisions():
            watched = state.observation(None)
            where = f"seed {deal.seed}, {len(state.actions)} actions"
            assert watched["seat"] is None and watched["hand"] == [], where
            assert watched.keys() == state.observation(0).keys(), where
            json.dumps(watched)
            for seat in state.to_act():
                world = state.sample_world(seat, random.Random(deal.rng.random()))
                assert world.observation(None) == watched, f"{where}: seat {seat}'s world"
            views = observations(state)
            concealed = {c for obs in views for c in obs["hand"]}
            open_to_all = words_of(views[0])
            for view in views[1:]:
                open_to_all &= words_of(view)
            leaked = (concealed - open_to_all) & words_of(watched)
            assert not leaked, f"{where}: {sorted(leaked)} shown to a spectator"
            checked += 1
    assert checked > DEALS
