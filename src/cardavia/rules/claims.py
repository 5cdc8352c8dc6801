"""A claim window: every eligible seat answers claim-or-pass, answers stay hidden until all are
in, then the rules' priority ranks decide, ties going in seat order from the seat after `origin`.

Games reuse this for Sì Sè Pái, Nantong and Paohuzi: a claim is just its canonical action text and
a rank (1 is highest). A lower claim can never take the card while a higher one is pending,
because nothing is awarded before the last answer arrives.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PASS = "pass"


@dataclass(slots=True)
class ClaimWindow:
    origin: int  # the seat the tie-break order counts from (drawer or discarder)
    players: int
    options: dict[int, dict[str, int]]  # eligible seat -> {claim text: rank}
    passable: dict[int, bool] = field(default_factory=dict)  # False: the seat must claim
    answers: dict[int, str] = field(default_factory=dict)

    def pending(self) -> tuple[int, ...]:
        return tuple(s for s in self.seat_order() if s in self.options and s not in self.answers)

    def seat_order(self) -> list[int]:
        return [(self.origin + i) % self.players for i in range(1, self.players + 1)]

    def legal(self, seat: int) -> list[str]:
        if seat not in self.options or seat in self.answers:
            return []
        texts = sorted(self.options[seat], key=lambda t: (self.options[seat][t], t))
        return [*texts, PASS] if self.passable.get(seat, True) else texts

    def answer(self, seat: int, text: str) -> None:
        """Record an answer that the caller has already checked against `legal`."""
        self.answers[seat] = text

    def complete(self) -> bool:
        return all(s in self.answers for s in self.options)

    def award(self) -> tuple[int, str] | None:
        """The winning (seat, claim) once every answer is in; None when all passed."""
        assert self.complete(), "award() before every answer is in"
        claims = [(self._precedence(seat, text), seat, text)
                  for seat, text in self.answers.items() if text != PASS]
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
        return [text for text in self.options.get(seat, {})
                if taken is None or self._precedence(seat, text) < taken]

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
