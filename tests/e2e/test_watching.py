"""Seat tokens in the browser (issue "Play with friends" 1 and 5): the table keeps its deal's
token, a link opened without it shows the deal as watched (live, never a hand), and a deal this
browser played before tokens existed is claimed when the table opens it."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from cardavia.store import open_store
from cardavia.store.base import DealRow
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    TIMEOUT,
    answer_in_place,
    deal_id,
    log_length,
    new_page,
    open_table,
    wait_for_turn,
)
from tests.live import LiveServer

WATCHING = "You are watching this deal"


def _watching(page: Page) -> None:
    expect(page.locator("[data-testid=table]")).to_have_attribute(
        "data-watching", "true", timeout=TIMEOUT
    )
    expect(page.locator("[data-testid=turn-status]")).to_contain_text(WATCHING)
    assert page.locator("[data-testid=hand-card]").count() == 0
    assert page.locator("[data-role=actions] button").count() == 0
    # no hand of theirs, no turn: no "Your hand" heading nor a link to skip to their turn, and
    # the bottom seat's groups are not called theirs (usability walk)
    expect(page.locator(".hand-area")).to_be_hidden()
    expect(page.get_by_test_id("skip-to-turn")).to_have_attribute("hidden", "")
    groups = page.locator("[data-testid=seat-0] [data-role=exposed]")
    expect(groups).to_have_attribute("aria-label", "Exposed groups")


def test_a_link_without_its_token_is_watched_live(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    player = new_page(browser, base_url, DESKTOP)
    open_table(player, "sisepai", "Sì Sè Pái", 11)
    deal = deal_id(player)
    assert wait_for_turn(player) == "your-turn"
    assert player.locator("[data-testid=hand-card]").count() > 0
    token = player.evaluate("() => JSON.parse(localStorage.getItem('cardavia.tokens'))")
    assert isinstance(token, dict) and len(token.get(deal, "")) >= 22

    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        watcher = new_page(browser, base_url, viewport)
        watcher.goto(f"/en/games/sisepai/table?deal={deal}")
        _watching(watcher)
        assert watcher.locator("[data-testid=hint-button]").is_hidden()
        assert watcher.locator("[data-testid=confirm-plays]").is_hidden()  # plays no card
        watcher.screenshot(path=str(screenshots / f"watching-sisepai-{size}.png"), full_page=True)
        # the deal goes on at the player's table, and the watcher sees it happen
        seen = log_length(watcher)
        answer_in_place(player)
        watcher.wait_for_function(
            "n => document.querySelectorAll('[data-testid=log] li').length > n",
            arg=seen,
            timeout=TIMEOUT,
        )
        _watching(watcher)
        assert not watcher.errors  # type: ignore[attr-defined]
        # a watched deal is not the watcher's to resume: its game page starts its own
        watcher.goto("/en/games/sisepai/table?level=greedy")
        watcher.wait_for_url(lambda url: "deal=" in url and deal not in url, timeout=TIMEOUT)
        expect(watcher.locator("[data-testid=table]")).to_have_attribute("data-watching", "false")
        expect(watcher.get_by_test_id("skip-to-turn")).not_to_have_attribute("hidden", "")
        expect(watcher.locator(".hand-area")).to_be_visible()
        expect(watcher.locator("[data-testid=seat-0] [data-role=exposed]")).to_have_attribute(
            "aria-label", "Your exposed groups"
        )
        watcher.context.close()
    assert wait_for_turn(player) in ("your-turn", "over")
    assert not player.errors  # type: ignore[attr-defined]
    player.context.close()


def test_a_deal_from_before_tokens_is_claimed_by_the_browser_that_played_it(
    browser: Browser, tmp_path: Path
) -> None:
    db = tmp_path / "deals.db"
    store = open_store(str(db))
    store.create(DealRow("deal-from-before-tokens", "sisepai", 11, None, None, "greedy"))
    store.close()
    server = LiveServer(db)
    server.start()
    try:
        mine = new_page(browser, server.url, DESKTOP)
        # the browser remembers the deal, as tables before tokens did
        mine.add_init_script(
            "localStorage.setItem('cardavia.deal.sisepai', 'deal-from-before-tokens')"
        )
        mine.goto("/en/games/sisepai/table")
        assert deal_id(mine) == "deal-from-before-tokens"
        assert wait_for_turn(mine) == "your-turn"
        assert mine.locator("[data-testid=hand-card]").count() > 0
        expect(mine.locator("[data-testid=table]")).to_have_attribute("data-watching", "false")
        # anyone else with the link watches it
        other = new_page(browser, server.url, PHONE)
        other.goto("/en/games/sisepai/table?deal=deal-from-before-tokens")
        _watching(other)
        assert not mine.errors and not other.errors  # type: ignore[attr-defined]
        mine.context.close()
        other.context.close()
    finally:
        server.stop()
