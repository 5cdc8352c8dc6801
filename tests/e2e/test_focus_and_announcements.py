"""What a keyboard or screen-reader player meets while the AI seats play (site.md: a table that
works for everyone): the focus stays put on one element instead of jumping to a fresh copy of
the same card at every replayed move, never falls to the page, and lands on the decision after
New deal; the status line is announced for your decision and the end, not for every "AI 2 is
playing…"; a reload does not read the whole log out."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from cardavia.games.registry import GAMES
from tests.e2e.conftest import DESKTOP
from tests.e2e.helpers import (
    ENABLED,
    answer_in_place,
    log_length,
    new_page,
    pass_else_answer,
    play_deal_by_clicking,
    wait_for_log_past,
    wait_for_turn,
)

# Records, from the page itself, every focus change and every status text with its aria-live
# at that moment, and samples whether the focus is on the page body.
WATCH = """() => {
  const w = { focusins: 0, body: 0, statuses: [] };
  document.addEventListener('focusin', () => { w.focusins++; });
  const status = document.querySelector('[data-testid=turn-status]');
  new MutationObserver(() => w.statuses.push([status.getAttribute('aria-live'),
    status.textContent])).observe(status, { childList: true, characterData: true, subtree: true });
  setInterval(() => { if (document.activeElement === document.body) w.body++; }, 20);
  window.__watch = w;
}"""


def _watched(page: Page) -> dict[str, Any]:
    watched: dict[str, Any] = page.evaluate(
        "() => { const w = window.__watch; const out = { ...w, statuses: "
        "[...w.statuses] }; w.focusins = 0; w.body = 0; w.statuses.length = 0; "
        "return out; }"
    )
    return watched


def _answer_by_keyboard(page: Page) -> str:
    """Answer the decision with the keyboard as in test_table; return which kind it was."""
    if page.locator(f"[data-testid=win]{ENABLED}").count():
        page.keyboard.press("w")
        return "win"
    if page.locator(f"[data-testid=hand-card]{ENABLED}").count():
        page.keyboard.press("Enter")
        return "discard"
    if page.locator(f"[data-testid=claim-option]{ENABLED}").count():
        page.keyboard.press("1")
        return "claim"
    page.keyboard.press("p")
    return "pass"


def test_the_focus_stays_put_and_only_your_turn_is_announced(
    browser: Browser, base_url: str
) -> None:
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/sisepai/table?seed=7&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    page.keyboard.press("Tab")  # into the page; the decision takes the focus after each answer
    page.locator(
        f"[data-testid=hand-card]{ENABLED}, [data-role=actions] button{ENABLED}"
    ).first.focus()
    page.evaluate(WATCH)
    kinds: set[str] = set()  # of the answers the AI seats' moves followed
    answers: set[str] = set()
    replays = 0
    for _ in range(40):
        if wait_for_turn(page) == "over":
            break
        logged = log_length(page)
        kind = _answer_by_keyboard(page)
        answers.add(kind)
        wait_for_log_past(page, logged)
        if wait_for_turn(page) == "over":
            break
        moves = log_length(page) - logged
        seen = _watched(page)
        if moves >= 3:  # the AI seats played in between
            replays += 1
            kinds.add(kind)
            # one move of the focus for your answer and one for the next decision at most,
            # not one per replayed move
            assert seen["focusins"] <= 2, (kind, moves, seen["focusins"])
        assert seen["body"] == 0, f"the focus fell to the page after a {kind}"
        for live, text in seen["statuses"]:
            if "is playing" in text:
                assert live == "off", text
        if wait_for_turn(page) == "your-turn":
            assert page.get_attribute("[data-testid=turn-status]", "aria-live") == "polite"
    # replays after a discard (focus in the hand) and answers by a button (focus in the actions)
    assert replays >= 3 and "discard" in kinds and answers & {"pass", "claim"}, (kinds, answers)
    assert page.get_attribute("[data-testid=turn-status]", "aria-live") == "polite"
    assert not page.errors  # type: ignore[attr-defined]


# the new deal's first decision: seed 2 a claim (the hand is all disabled), seed 3 a discard
@pytest.mark.parametrize("seed", [2, 3])
def test_new_deal_puts_the_focus_on_the_decision(
    browser: Browser, base_url: str, seed: int
) -> None:
    """After New deal the focus goes to the new deal's decision: its first card you may play (the
    roving focus starts afresh, not at the old hand's place) or its first answer."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/paohuzi/table?seed=1&level=greedy")
    play_deal_by_clicking(page, claim=False)
    assert wait_for_turn(page) == "over"
    # the old hand's roving focus at its fifth card
    page.locator("[data-testid=hand-card]").nth(3).focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "hand-card"

    def seeded(route: Route) -> None:  # New deal on a known seed, so that the test repeats
        body = {**(route.request.post_data_json or {}), "seed": seed}
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/games", seeded)
    page.locator("[data-testid=new-deal]").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=table]').dataset.state !== 'over'"
    )
    assert wait_for_turn(page) == "your-turn"
    page.wait_for_function(
        """() => { const a = document.activeElement;
        if (!a || a.getAttribute('aria-disabled') !== 'false') return false;
        if (a.dataset.testid !== 'hand-card') return !!a.closest('[data-role=actions]');
        return a === document.querySelector('[data-testid=hand-card][aria-disabled="false"]'); }""",
        timeout=5_000,
    )
    assert not page.errors  # type: ignore[attr-defined]


def test_a_reload_does_not_read_the_log_out(browser: Browser, base_url: str) -> None:
    """The log's lines of a deal opened again come in with the list's live region off, and it is
    turned back on afterwards (inherited from the log panel) for the moves to come."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/sisepai/table?seed=7&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    answer_in_place(page)
    page.add_init_script("""document.addEventListener('DOMContentLoaded', () => {
      const log = document.querySelector('[data-testid=log]');
      window.__lines = [];
      new MutationObserver(() => window.__lines.push([log.getAttribute('aria-live'),
        log.children.length])).observe(log, { childList: true, attributes: true });
    });""")
    page.reload()
    assert wait_for_turn(page) in ("your-turn", "over")
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=log]').hasAttribute('aria-live')"
    )
    lines = page.evaluate("window.__lines")
    filled = [live for live, count in lines if count > 1]
    assert filled and filled[0] == "off", lines  # the lines came in unannounced
    assert not page.errors  # type: ignore[attr-defined]


def test_skip_to_your_turn_and_no_shortcuts_from_the_header(
    browser: Browser, base_url: str
) -> None:
    """The table page's second skip link takes a keyboard player past the header, the seats and
    the log to the decision; a shortcut key pressed in the header plays nothing."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/chuopai/table?seed=4&level=greedy")  # you lead: ~30 plays, then the hand
    assert wait_for_turn(page) == "your-turn"
    # a stray "1" on a header link does not play the first play
    page.locator(".languages a").first.focus()
    logged = log_length(page)
    page.keyboard.press("1")
    page.wait_for_timeout(300)
    assert (
        log_length(page) == logged
        and page.get_attribute("[data-testid=table]", "data-state") == "your-turn"
    )
    # Tab from the page top: "Skip to content", then "Skip to your turn"
    page.reload()
    assert wait_for_turn(page) == "your-turn"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    skip = page.get_by_test_id("skip-to-turn")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "skip-to-turn"
    assert skip.is_visible() and skip.inner_text() == "Skip to your turn"
    page.keyboard.press("Enter")
    focused = page.evaluate("""() => { const a = document.activeElement;
        return [a.dataset.testid, a.getAttribute('aria-disabled')]; }""")
    assert focused == ["hand-card", "false"], focused
    # the Hint button's gold "?" is a mark, not part of its name
    assert page.get_by_role("button", name="Hint", exact=True).count() == 1
    page.keyboard.press("Enter")  # select it; then P plays it
    page.keyboard.press("p")
    wait_for_log_past(page, logged)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_notice_about_your_last_answer_goes_when_you_answer_again(
    browser: Browser, base_url: str
) -> None:
    """Paohuzi (PHZ-12): passing up a chi or peng tells you the card is now stale for it. That
    notice is about that answer: it is gone once you answer the next decision, instead of sitting
    for seconds under a prompt about another card."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/en/games/paohuzi/table?seed=2&level=greedy")
    notice = page.locator("[data-role=news]")  # news of the deal: a polite status
    expect(notice).to_have_attribute("role", "status")
    checked = 0
    for _ in range(200):
        if wait_for_turn(page) == "over" or checked >= 2:
            break
        if notice.is_visible() and "stale card" in notice.inner_text():
            answer_in_place(page)
            assert not notice.is_visible(), notice.inner_text()
            checked += 1
            continue
        pass_else_answer(page)  # a claim passed up: a stale card
    assert checked, "no decision came while a stale-card notice showed: pick another seed"
    assert not page.errors  # type: ignore[attr-defined]


# Chuo Pai has no card in the centre: no draw, no discard on offer (CP§3).
NO_CENTRE_CARD = {"chuopai"}


@pytest.mark.parametrize("game", sorted(GAMES.keys() - NO_CENTRE_CARD))
def test_the_card_in_the_centre_is_named_once(browser: Browser, base_url: str, game: str) -> None:
    """The centre's figure is named by its caption ("You drew · green Soldier 卒 (zú)"); its
    picture adds nothing for a screen reader."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto(f"/en/games/{game}/table?seed=3&level=greedy")
    figure = page.locator("[data-role=centre] figure[data-testid=public-card]")
    for _ in range(30):
        assert wait_for_turn(page) == "your-turn", "no card came to the centre"
        if figure.locator("img").count():
            break
        answer_in_place(page)
    code = figure.get_attribute("data-code")
    name = page.locator(
        f'[data-testid=hand-card][data-code="{code}"] img, '
        f'[data-role=discards] [data-code="{code}"] img'
    ).first
    expect(figure.locator("figcaption")).to_contain_text(str(name.get_attribute("alt")))
    expect(figure.locator("img")).to_have_attribute("alt", "")
    assert not page.errors  # type: ignore[attr-defined]
