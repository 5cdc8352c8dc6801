"""Seat tokens (architecture.md §6): a token lets its holder act for one seat and see its hand;
the deal id alone shows the spectator view. The store keeps only a token's SHA-256."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from cardavia.store.base import SeatRow

TOKEN_BYTES = 24  # 192 random bits, never derived from the deal id


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_of(seats: list[SeatRow] | None, token: str) -> int | None:
    """The seat `token` holds, or None. Every seat is compared, in constant time each."""
    wanted = token_hash(token)
    found = None
    for seat, row in enumerate(seats or []):
        if row.token_hash is not None and hmac.compare_digest(row.token_hash, wanted):
            found = seat
    return found


def opening_seats(players: int, token: str | None) -> list[SeatRow]:
    """A deal against the AI: you in seat 0 (holding `token`; None: a seat nobody holds yet),
    the AI in every other."""
    you = SeatRow("human", token_hash(token) if token is not None else None)
    return [you] + [SeatRow("ai") for _ in range(players - 1)]
