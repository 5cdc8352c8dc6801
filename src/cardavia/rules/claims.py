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
        order = {seat: i for i, seat in enumerate(self.seat_order())}
        claims = [
            (self.options[seat][text], order[seat], seat, text)
            for seat, text in self.answers.items()
            if text != PASS
        ]
        if not claims:
            return None
        _, _, seat, text = min(claims)
        return seat, text

    def copy(self) -> ClaimWindow:
        return ClaimWindow(
            self.origin,
            self.players,
            {s: dict(o) for s, o in self.options.items()},
            dict(self.passable),
            dict(self.answers),
        )
