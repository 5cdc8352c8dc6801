"""A discard offered for a claim is drawn once, in the centre: the engines lay it on its seat's
pile at once (SSP-7, NT§3.1, PHZ-6), and the table leaves it off that pile while it is under
claim (the plugins' `offered`), then shows it there when nobody took it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.helpers import answer_in_place, api_view, deal_id, new_page, wait_for_turn

# The seat whose discard is under claim in a view's table, per game (None: none is).
UNDER_CLAIM: dict[str, Callable[[dict[str, Any]], int | None]] = {
    "paohuzi": lambda tb: (
        tb["offered_by"] if tb["public_card"] and tb["source"] == "discard" else None
    ),
    "sisepai": lambda tb: (
        tb["offered_by"] if tb["public_card"] and tb["round"] == "discard" else None
    ),
    "nantong": lambda tb: (
        tb["offered_by"] if tb["public_card"] and tb.get("claim") != "rob" else None
    ),
}


# seeds with discards of the AI seats offered to you more than once
SEEDS = {"paohuzi": 1, "sisepai": 1, "nantong": 2}


@pytest.mark.parametrize("game", sorted(UNDER_CLAIM))
def test_an_offered_discard_shows_once(browser: Browser, base_url: str, game: str) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/en/games/{game}/table?seed={SEEDS[game]}&level=greedy")
    deal = deal_id(page)
    offered = 0
    for _ in range(200):
        if wait_for_turn(page) == "over":
            break
        view = api_view(page, deal)
        under = UNDER_CLAIM[game](view["table"])
        for seat, s in enumerate(view["table"]["seats"]):
            shown = page.locator(f"[data-testid=seat-{seat}] [data-role=discards] .card")
            expect(shown).to_have_count(len(s["discards"]) - (1 if under == seat else 0))
        offered += under is not None
        answer_in_place(page)
    assert offered >= 2, offered
    assert not page.errors  # type: ignore[attr-defined]
