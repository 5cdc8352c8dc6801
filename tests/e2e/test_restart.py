"""A server restart under an open table (architecture.md: a restart loses no deal): the move
you make while the site is down waits with a notice, goes through once the site is back, and
the deal goes on from where it was, with that move stored exactly once."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from cardavia.games.registry import find_game
from tests.e2e.conftest import DESKTOP
from tests.e2e.helpers import (
    ENABLED,
    TIMEOUT,
    api_view,
    deal_id,
    download_record,
    expect_result,
    new_page,
    play_deal_by_clicking,
    wait_for_turn,
)
from tests.live import LiveServer, free_port


def only_moves(record: dict[str, Any]) -> int:
    """How many of seat 0's recorded actions were its only legal action (the table makes
    those without a click: core/forced.js), by replaying the record with the rules."""
    state = find_game(record["game"]).new_deal(record["seed"], record.get("dealer"))
    state.settle_all()
    count = 0
    for entry in record["actions"]:
        if entry["seat"] == 0 and len(set(state.legal_actions(0))) == 1:
            count += 1
        state.apply(entry["seat"], entry["action"])
        state.settle_all()
    return count


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "deals.db", free_port())
    server.start()
    yield server
    server.stop()


def test_a_move_made_while_the_site_restarts_goes_through(
    browser: Browser, own_server: LiveServer
) -> None:
    page = new_page(browser, own_server.url, DESKTOP)
    page.goto("/en/games/sisepai/table?seed=7&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    deal = deal_id(page)
    before = api_view(page, deal)

    own_server.stop()
    target = page.locator(f"#table [data-action]{ENABLED}").first
    action = target.get_attribute("data-action")
    assert action in before["legal_actions"]
    target.click()
    notice = page.locator("[data-role=notice]")
    expect(notice).to_have_text("Connection lost. Retrying…", timeout=TIMEOUT)
    expect(notice).to_have_attribute("role", "alert")  # an error is read out at once

    own_server.start()  # a new app on the same database
    expect(notice).to_be_empty(timeout=TIMEOUT)
    assert wait_for_turn(page) in ("your-turn", "over")
    assert deal_id(page) == deal
    after = api_view(page, deal)
    assert after["version"] > before["version"]
    # the deal plays on to its end; its record holds the move made across the restart, once
    made = play_deal_by_clicking(page)
    expect_result(page)
    record = download_record(page)
    mine = [a["action"] for a in record["actions"] if a["seat"] == 0]
    # (the table made your only moves itself: kept Generals and flowers, SSP-4)
    forced = only_moves(record)
    assert mine[0] == action and len(mine) == 1 + sum(made.values()) + forced, (mine, made)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_deal_the_rules_no_longer_replay_starts_afresh(
    browser: Browser, own_server: LiveServer
) -> None:
    """A deal stored under rules that have changed since (the API answers 410): the table
    says it no longer exists and deals a new one, rather than retrying for ever."""
    page = new_page(browser, own_server.url, DESKTOP)
    page.goto("/en/games/sisepai/table?seed=7&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    old = deal_id(page)
    own_server.stop()
    with sqlite3.connect(own_server.db) as conn:
        conn.execute("UPDATE actions SET action = 'discard zz' WHERE deal_id = ?", (old,))
    own_server.start()

    notice = page.locator("[data-role=notice]")
    page.goto("/en/games/sisepai/table")  # the deal this browser remembers: quietly a new one
    # (a new deal is random: now and then an AI seat wins before you owe a decision)
    assert wait_for_turn(page) in ("your-turn", "over")
    assert deal_id(page) != old
    expect(notice).to_be_empty()
    page.goto(f"/en/games/sisepai/table?deal={old}")  # named in the URL: said, then a new one
    # (looked for at once: a passing notice goes after a few seconds, which a loaded machine
    # can spend dealing the new deal)
    expect(notice).to_have_text("The deal in this link no longer exists: here is a new one.")
    assert wait_for_turn(page) in ("your-turn", "over")
    assert deal_id(page) != old
    assert not page.errors  # type: ignore[attr-defined]
