"""Two browsers following one deal through two web processes on one PostgreSQL database
(architecture.md §7): each sees the other's moves within a poll."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.backends import fresh_database
from tests.e2e.conftest import ARTIFACTS, DESKTOP, PHONE
from tests.e2e.helpers import (
    TIMEOUT,
    answer_in_place,
    deal_id,
    log_length,
    new_page,
    share_seat,
    wait_for_turn,
)
from tests.live import ServeProcess

pytestmark = pytest.mark.postgres


@pytest.fixture
def two_processes(tmp_path: Path) -> Iterator[tuple[ServeProcess, ServeProcess]]:
    with fresh_database() as db:
        # the AI worker in the first; the second only serves
        first = ServeProcess(db, tmp_path / "a.log", "--ai-processes", "1")
        second = ServeProcess(db, tmp_path / "b.log")
        try:
            first.start()
            second.start()
            yield first, second
        finally:
            first.stop()
            second.stop()
            for process in (first, second):  # shown by pytest only if the test failed
                if process.log.exists():  # (not if the first did not start)
                    print(f"--- the end of {process.log.name}:\n{process.log.read_text()[-3000:]}")


def _log(page: Page) -> list[str]:
    return page.locator("[data-testid=log] li").all_inner_texts()


def _follows(page: Page, other: Page) -> None:
    """`page` shows every line of `other`'s log (within a long poll's wake-up)."""
    wanted = log_length(other)
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=log] li').length >= n",
        arg=wanted,
        timeout=TIMEOUT,
    )
    assert _log(page)[:wanted] == _log(other)[:wanted]


@pytest.mark.parametrize("game", ["sisepai", "nantong"])
def test_two_browsers_on_two_processes_see_each_others_moves(
    browser: Browser, two_processes: tuple[ServeProcess, ServeProcess], game: str
) -> None:
    first, second = two_processes
    mine = new_page(browser, first.url, DESKTOP)
    theirs = new_page(browser, second.url, PHONE)
    mine.goto(f"/en/games/{game}/table?seed=7&level=normal")
    assert wait_for_turn(mine) == "your-turn"
    deal = deal_id(mine)
    share_seat(mine, theirs, deal)  # the same player on a second device: the seat's token
    theirs.goto(f"/en/games/{game}/table?deal={deal}")
    assert wait_for_turn(theirs) == "your-turn"
    _follows(theirs, mine)
    for turn in range(6):  # the browsers take turns at the deal's decisions
        acting, watching = (mine, theirs) if turn % 2 == 0 else (theirs, mine)
        if wait_for_turn(acting) == "over":
            break
        answer_in_place(acting)
        _follows(watching, acting)
        wait_for_turn(watching)
        _follows(acting, watching)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    mine.screenshot(path=str(ARTIFACTS / f"two-processes-{game}-desktop.png"))
    theirs.screenshot(path=str(ARTIFACTS / f"two-processes-{game}-phone.png"))
    assert not mine.errors and not theirs.errors  # type: ignore[attr-defined]
