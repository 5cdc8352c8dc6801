"""The machinery every engine shares (rules/core.py, seats.py, dealing.py, conservation.py):
what each piece promises, apart from any one game (the conformance suite checks the games)."""

from __future__ import annotations

import random

import pytest

from cardavia.games.registry import GAMES
from cardavia.rules.conservation import check_conservation
from cardavia.rules.core import Result
from cardavia.rules.dealing import cut, redeal, shuffled
from cardavia.rules.errors import IllegalActionError, InvalidPositionError
from cardavia.rules.seats import after, order_from

per_game = pytest.mark.parametrize("name", sorted(GAMES))


def test_seat_order() -> None:
    assert [after(s, 3) for s in range(3)] == [1, 2, 0]
    assert after(0, 4, -1) == 3 and after(3, 4, 2) == 1
    assert order_from(2, 4) == (2, 3, 0, 1) and order_from(0, 3) == (0, 1, 2)
    assert order_from(3, 3) == (0, 1, 2)  # from the seat after seat 2


def test_a_deal_from_a_seed_is_the_same_every_time() -> None:
    deck = list(range(20))
    assert shuffled(7, deck, 4, None) == shuffled(7, deck, 4, None)
    cards, dealer = shuffled(7, deck, 4, 2)
    assert dealer == 2 and sorted(cards) == deck and deck == list(range(20))
    assert cards == shuffled(7, deck, 4, None)[0]  # the dealer is drawn after the shuffle
    with pytest.raises(InvalidPositionError, match="dealer"):
        shuffled(7, deck, 4, 4)
    assert cut([1, 2, 3, 4, 5], [2, 0, 1]) == [[1, 2], [], [3], [4, 5]]


def test_a_redeal_depends_on_which_cards_are_unseen_not_where() -> None:
    parts = redeal([5, 3, 9, 1, 7], [2, 1], random.Random(3))
    assert parts == redeal([9, 7, 5, 3, 1], [2, 1], random.Random(3))
    assert [len(p) for p in parts] == [2, 1, 2]
    assert sorted(c for p in parts for c in p) == [1, 3, 5, 7, 9]


@per_game
def test_conservation_names_a_missing_or_doubled_card(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = GAMES[name].new_deal(1)
    check_conservation(state)
    places = [list(p) for p in state.card_locations() if p]
    card = places[0][0]
    other = (card + 1) % len(GAMES[name].notation.codes)
    extra = [*places, [card]]
    swapped = [[other, *places[0][1:]], *places[1:]]
    for wrong, message in ((extra, "cards instead of"), (swapped, " appears ")):
        monkeypatch.setattr(state, "card_locations", lambda wrong=wrong: wrong)
        with pytest.raises(AssertionError, match=message):
            check_conservation(state)


@per_game
def test_only_a_seat_of_the_table_may_act(name: str) -> None:
    """`apply` checks the seat once for every game: not a seat, or True for seat 1."""
    game = GAMES[name]
    state = game.new_deal(1)
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0]
    for bad in (-1, game.players, True, "0", None):
        with pytest.raises(IllegalActionError, match=f"no seat {bad!r}"):
            state.apply(bad, action)  # type: ignore[arg-type]
    assert state.actions == []


def test_a_result_names_its_winners() -> None:
    won, tied, drawn = (Result(w, (1, 2, 3), {}) for w in ((1,), (0, 2), ()))
    assert (won.winner, tied.winner, drawn.winner) == (1, None, None)
    assert won.to_json() == {"winner": 1, "scores": [1, 2, 3], "breakdown": {}}
    assert tied.to_json()["winner"] is None
