"""A claim window: every eligible seat answers claim-or-pass, answers stay hidden until all are
in, then the rules' priority ranks decide, ties going in seat order from the seat after `origin`.

Games reuse this for Sì Sè Pái, Nantong and Paohuzi: a claim is just its canonical action text and
a rank (1 is highest). A lower claim can never take the card while a higher one is pending,
because nothing is awarded before the last answer arrives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardavia.rules.core import Event
from cardavia.rules.seats import order_from

PASS = "pass"

Options = Callable[[int], dict[str, int]]  # seat -> {claim text: rank}, empty: no claim


@dataclass(slots=True)
class ClaimWindow:
    origin: int  # the seat the tie-break order counts from (drawer or discarder)
    players: int
    options: dict[int, dict[str, int]]  # eligible seat -> {claim text: rank}
    passable: dict[int, bool] = field(default_factory=dict)  # False: the seat must claim
    answers: dict[int, str] = field(default_factory=dict)

    @classmethod
    def open(
        cls,
        origin: int,
        players: int,
        options_for: Options,
        passable_for: Callable[[int], bool] | None = None,
    ) -> ClaimWindow | None:
        """A window that asks every seat with a claim (`options_for(seat)`), or None when no
        seat has one. `passable_for(seat)`: whether the seat may pass (default: every seat)."""
        options: dict[int, dict[str, int]] = {}
        for s in range(players):
            opts = options_for(s)
            if opts:
                options[s] = opts
        if not options:
            return None
        passable = {s: passable_for(s) for s in options} if passable_for is not None else {}
        return cls(origin, players, options, passable)

    def reopen_for(
        self, seat: int, options_for: Options, passable_for: Callable[[int], bool] | None = None
    ) -> ClaimWindow | None:
        """This window in a world sampled for `seat` (`State.sample_world`): `seat` keeps the
        claims it was offered and its answer, if it gave one; every other seat's claims and
        answer are hidden from it, so each is asked anew from its cards in the world."""
        kept, may_pass = dict(self.options.get(seat, {})), self.passable.get(seat, True)
        window = ClaimWindow.open(
            self.origin,
            self.players,
            lambda s: kept if s == seat else options_for(s),
            None if passable_for is None else lambda s: may_pass if s == seat else passable_for(s),
        )
        if window is not None and seat in self.answers:
            window.answer(seat, self.answers[seat])
        return window

    def pending(self) -> tuple[int, ...]:
        return tuple(s for s in self.seat_order() if s in self.options and s not in self.answers)

    def seat_order(self) -> tuple[int, ...]:
        return order_from(self.origin + 1, self.players)

    def legal(self, seat: int) -> list[str]:
        if seat not in self.options or seat in self.answers:
            return []
        texts = sorted(self.options[seat], key=lambda t: (self.options[seat][t], t))
        return [*texts, PASS] if self.passable.get(seat, True) else texts

    def answer(self, seat: int, text: str) -> None:
        """Record an answer that the caller has already checked against `legal`."""
        self.answers[seat] = text

    def take(
        self, seat: int, text: str, events: list[Event], shown: Mapping[str, Any] | None = None
    ) -> bool:
        """A seat's decision on the window (checked against `legal`): recorded, and told to
        that seat alone by an `answer` event, as the answers stay hidden until all are in; the
        event also carries `shown`, what the game's client shows of the answer (the kind of
        group a claim makes). True once every answer is in (the game then resolves the window)."""
        self.answers[seat] = text
        events.append(Event("answer", {"seat": seat, "action": text, **(shown or {})}, seat=seat))
        return self.complete()

    def complete(self) -> bool:
        return all(s in self.answers for s in self.options)

    def award(self) -> tuple[int, str] | None:
        """The winning (seat, claim) once every answer is in; None when all passed."""
        assert self.complete(), "award() before every answer is in"
        claims = [
            (self._precedence(seat, text), seat, text)
            for seat, text in self.answers.items()
            if text != PASS
        ]
        if not claims:
            return None
        _, seat, text = min(claims)
        return seat, text

    def ahead_of_award(self, seat: int) -> list[str]:
        """The claims `seat` was offered that come before the award (all of them when everyone
        passed): those it would have been asked about had the claims been put one at a time in
        priority order, as a game that answers a declined offer needs to know (Paohuzi PHZ-12)."""
        award = self.award()
        taken = None if award is None else self._precedence(*award)
        return [
            text
            for text in self.options.get(seat, {})
            if taken is None or self._precedence(seat, text) < taken
        ]

    def _precedence(self, seat: int, text: str) -> tuple[int, int]:
        """(rank, place in the tie-break seat order): the lower goes first."""
        return self.options[seat][text], self.seat_order().index(seat)

    def copy(self) -> ClaimWindow:
        return ClaimWindow(
            self.origin,
            self.players,
            {s: dict(o) for s, o in self.options.items()},
            dict(self.passable),
            dict(self.answers),
        )
