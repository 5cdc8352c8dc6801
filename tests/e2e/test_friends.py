"""A table for friends in the browser (issue "Play with friends", Show): three browser contexts,
two friends and a spectator, play whole deals to the end sheet, the AI in the other seats.
The creator picks a friend for seat 1 (`?seat1=friend`, as the Start game form sends), the
waiting screen shows the invite link, the friend opens it, gives a name and joins. Each friend's
screen shows only what their own seat's view holds (their hand, never another's), the
spectator's only what the spectator view holds (the API tests hold those views to the rules
layer's concealment, tests/web/test_friends.py)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Browser, Page, expect

from cardavia.games.registry import GAMES
from tests.conformance.test_games import words_of
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    TIMEOUT,
    api_view,
    deal_id,
    expect_accessible,
    new_page,
    seat_token,
)

NAMES = {"sisepai": "Sì Sè Pái", "paohuzi": "Paohuzi", "nantong": "Nantong", "chuopai": "Chuo Pai"}


def _state(page: Page) -> str:
    return str(page.get_attribute("[data-testid=table]", "data-state"))


_SNAPSHOT = """() => {
  const table = document.querySelector('[data-testid=table]');
  const codes = el =>
    [...el.querySelectorAll('[data-code]')].map(e => e.dataset.code).filter(Boolean);
  return {state: table.dataset.state, version: table.dataset.version, shown: codes(table),
          hand: codes(document.querySelector('[data-testid=hand]') || document.createElement('i'))};
}"""


def _check_screen(page: Page, deal: str) -> None:
    """What the page shows is in the view its seat (or the spectator) is sent: never a card
    beyond it. The screen is read in one go, then checked against the server's view only when
    that is the view the screen shows (not an older one, nor a newer one being presented)."""
    screen = page.evaluate(_SNAPSHOT)
    view = api_view(page, deal)
    if screen["state"] not in ("your-turn", "over", "waiting"):
        return
    if screen["version"] != str(view["version"]):
        return  # the page shows another view than the server holds now (the API moved on)
    shown = {code for text in screen["shown"] for code in text.split()}  # a play of several
    extra = sorted(shown - words_of(view))
    where = (
        page.eval_on_selector_all(
            "[data-testid=table] [data-code]",
            "(els, extra) => els"
            ".filter(e => e.dataset.code.split(' ').some(c => extra.includes(c)))"
            ".map(e => (e.closest('[data-role], [data-testid]') || e).outerHTML.slice(0, 300))",
            extra,
        )
        if extra
        else []
    )
    assert not extra, f"{extra} shown beyond the view, in {where[:3]}"
    if view["seat"] is None:
        assert not screen["hand"]
    elif screen["state"] == "your-turn":
        assert sorted(screen["hand"]) == sorted(view["table"]["hand"])


def _seat_friends(
    browser: Browser, base_url: str, game: str, seed: int, shots: Path | None
) -> tuple[Page, Page, Page, str]:
    """The creator (desktop), the invited friend (phone) and a spectator (desktop) at a new
    table of `game` with seat 1 a friend's."""
    creator = new_page(browser, base_url, DESKTOP)
    creator.goto(f"/en/games/{game}/table?seed={seed}&level=greedy&seat1=friend")
    deal = deal_id(creator)
    link = creator.locator("[data-testid=invite-1]")
    expect(link).to_be_visible(timeout=TIMEOUT)
    expect(creator.locator("[data-testid=start-ai]")).to_be_visible()
    assert _state(creator) == "waiting"
    if shots is not None:
        creator.screenshot(path=str(shots / f"friends-{game}-waiting-desktop.png"), full_page=True)
    url = link.input_value()
    assert "#invite=" in url and deal not in url

    friend = new_page(browser, base_url, PHONE)
    friend.goto(url)
    name = friend.locator("[data-testid=join-name]")
    expect(name).to_be_visible(timeout=TIMEOUT)
    if shots is not None:
        friend.screenshot(path=str(shots / f"friends-{game}-join-phone.png"), full_page=True)
    name.fill("<i>Mei</i>")  # markup in a name is text
    friend.locator("[data-testid=join-button]").click()
    friend.wait_for_url(lambda u: f"deal={deal}" in u, timeout=TIMEOUT)
    # the table turns round the friend's seat: seat 1 at the bottom, named "You"
    expect(friend.locator(".seat-you")).to_have_attribute("data-seat", "1", timeout=TIMEOUT)
    # the creator's waiting screen goes once the friend sits down; the friend's name shows
    expect(creator.locator("[data-testid=friends]")).to_be_hidden(timeout=TIMEOUT)
    expect(creator.locator(".seat[data-seat='1'] .seat-name")).to_have_text("<i>Mei</i>")
    assert creator.locator(".seat[data-seat='1'] .seat-name i").count() == 0

    spectator = new_page(browser, base_url, DESKTOP)
    spectator.goto(f"/en/games/{game}/table?deal={deal}")
    expect(spectator.locator("[data-testid=table]")).to_have_attribute(
        "data-watching", "true", timeout=TIMEOUT
    )
    # which way play passes: from your seat to a player, round the table to a spectator
    way = "play goes clockwise" if game == "chuopai" else "play goes anticlockwise"
    expect(spectator.locator("[data-testid=direction]")).to_contain_text(way)
    expect(friend.locator("[data-testid=direction]")).to_contain_text("to your")
    return creator, friend, spectator, deal


def _shoot(shots: Path, game: str, when: str, creator: Page, friend: Page, watcher: Page) -> None:
    for page, who in ((creator, "creator"), (friend, "friend"), (watcher, "spectator")):
        size = "phone" if page.viewport_size == PHONE else "desktop"
        page.screenshot(path=str(shots / f"friends-{game}-{when}{who}-{size}.png"), full_page=True)


def _click_decision(page: Page) -> None:
    """One decision by clicking, as a player does (Sì Sè Pái): win, else discard the first
    card, else pass."""
    win = page.locator(f"[data-testid=win]{ENABLED}")
    passing = page.locator(f"[data-testid=pass]{ENABLED}")
    cards = page.locator(f"[data-testid=hand-card]{ENABLED}")
    if win.count():
        win.first.click()
    elif cards.count():
        cards.first.click()
    elif passing.count():
        passing.click()
    else:
        page.locator(f"[data-role=actions] button{ENABLED}").first.click()


def _api_decision(page: Page, deal: str) -> bool:
    """One decision through the API with the page's seat token (the page then follows)."""
    view = api_view(page, deal)
    if not view["legal_actions"]:
        return False
    token = seat_token(page, deal)
    page.request.post(
        f"/api/games/{deal}/actions",
        data={"action": view["legal_actions"][-1], "version": view["version"]},
        headers={"Authorization": f"Bearer {token}"},
    )
    return True


def _play_to_the_end(
    friends: list[Page], spectator: Page, deal: str, clicking: bool, shots: Path | None, game: str
) -> None:
    shot_at = 6
    for step in range(2000):
        if all(_state(p) == "over" for p in friends):
            break
        moved = False
        for page in friends:
            if _state(page) != "your-turn":
                continue
            _check_screen(page, deal)
            if clicking:
                before = page.locator("[data-testid=log] li").count()
                _click_decision(page)
                page.wait_for_function(
                    "n => document.querySelectorAll('[data-testid=log] li').length > n || "
                    "document.querySelector('[data-testid=table]').dataset.state !== 'your-turn'",
                    arg=before,
                    timeout=TIMEOUT,
                )
                moved = True
            else:
                moved = _api_decision(page, deal) or moved
        if step % 5 == 0:
            _check_screen(spectator, deal)
        if shots is not None and step == shot_at:
            _shoot(shots, game, "", friends[0], friends[1], spectator)
        if not moved:
            time.sleep(0.1)
    else:
        raise AssertionError("the deal did not end")
    for page in friends:
        expect(page.locator("[data-testid=result]")).to_be_visible(timeout=TIMEOUT)
    expect(spectator.locator("[data-testid=table]")).to_have_attribute(
        "data-state", "over", timeout=TIMEOUT
    )
    for page in (*friends, spectator):
        _check_screen(page, deal)


def test_two_friends_and_a_spectator_play_a_deal_by_clicking(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    shots = screenshots
    shots.mkdir(parents=True, exist_ok=True)
    creator, friend, spectator, deal = _seat_friends(browser, base_url, "sisepai", 5, shots)
    _play_to_the_end([creator, friend], spectator, deal, True, shots, "sisepai")
    _shoot(shots, "sisepai", "end-", creator, friend, spectator)
    # the next deal keeps the friends in their seats: each Next deal lands at the same table
    creator.locator("[data-testid=new-deal]").click()
    creator.wait_for_url(lambda u: deal not in u, timeout=TIMEOUT)
    following = deal_id(creator)
    # the friend's page, still on the end sheet, is told at once (usability walk: it said
    # nothing while the friend's clock ran at the next deal), and again when opened anew
    expect(friend.get_by_test_id("next-dealt")).to_be_visible(timeout=TIMEOUT)
    expect(friend.locator("[data-testid=new-deal]")).to_have_text("Go to the next deal")
    friend.reload()
    expect(friend.get_by_test_id("next-dealt")).to_be_visible(timeout=TIMEOUT)
    friend.screenshot(path=str(shots / "friends-sisepai-next-dealt-phone.png"), full_page=True)
    friend.locator("[data-testid=new-deal]").click()
    friend.wait_for_url(lambda u: following in u, timeout=TIMEOUT)
    expect(friend.locator(".seat-you")).to_have_attribute("data-seat", "1", timeout=TIMEOUT)
    for page in (creator, friend, spectator):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_friends_and_a_spectator_play_every_game(
    browser: Browser, base_url: str, game: str
) -> None:
    """The friends' moves sent through the API with their pages' tokens (clicking every game's
    own answers is the per-game tests' work); the pages follow and end on the end sheet."""
    creator, friend, spectator, deal = _seat_friends(browser, base_url, game, 3, None)
    _play_to_the_end([creator, friend], spectator, deal, False, None, game)
    view: dict[str, Any] = api_view(friend, deal)
    assert view["seat"] == 1 and view["seats"][1]["name"] == "<i>Mei</i>"
    for page in (creator, friend, spectator):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def _answering(
    base_url: str, deal: str, token: str, seat: int, within: float | None = None
) -> tuple[threading.Thread, threading.Event]:
    """A thread that plays `seat` (its page closed) by plain requests, each decision its first
    legal action: at once, or only once its time left is under `within` seconds. Set the event
    to stop it (it stops by itself at the deal's end)."""
    auth = {"Authorization": f"Bearer {token}"}
    done = threading.Event()

    def play() -> None:
        while not done.is_set():
            got = requests.get(f"{base_url}/api/games/{deal}?wait=-1", headers=auth, timeout=30)
            view = got.json()["view"]
            if view["over"]:
                return
            left = view["seats"][seat]["time_left"]
            due = within is None or (left is not None and left < within)
            if view["legal_actions"] and due:
                requests.post(
                    f"{base_url}/api/games/{deal}/actions",
                    json={"action": view["legal_actions"][0], "version": view["version"]},
                    headers=auth,
                    timeout=30,
                )
            else:
                done.wait(0.1)

    keeper = threading.Thread(target=play, daemon=True)
    keeper.start()
    return keeper, done


# every text the polite news region takes, in order (a notice goes after 6 s)
LISTEN_NEWS = """
window.__said = [];
new MutationObserver(() => {
  const news = document.querySelector("[data-role=news]");
  const text = news ? news.textContent : "";
  if (text && window.__said[window.__said.length - 1] !== text) window.__said.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_the_log_names_a_friend_who_sat_down_and_played_in_one_update(
    browser: Browser, base_url: str
) -> None:
    """The creator's page hears of the friend's name and the friend's first moves at once (it
    was offline meanwhile): the lines of those moves name the friend, not "Player 1"
    (usability walk: "Player 1 finished setup" stayed in a Nantong log)."""
    creator = new_page(browser, base_url, DESKTOP)
    creator.goto("/en/games/nantong/table?seed=3&level=greedy&seat1=friend")
    deal = deal_id(creator)
    link = creator.locator("[data-testid=invite-1]")
    expect(link).to_be_visible(timeout=TIMEOUT)
    creator.context.set_offline(True)
    friend = new_page(browser, base_url, PHONE)
    _join(friend, link.input_value(), "Mei")
    played = 0
    for _ in range(60):  # both players' decisions through the API, until the friend's are in
        if _api_decision(friend, deal):
            played += 1
            if played >= 2:
                break
        elif not _api_decision(creator, deal):
            friend.wait_for_timeout(200)  # the AI seat's move
    assert played >= 2
    creator.context.set_offline(False)
    log = creator.get_by_test_id("log")
    expect(log.locator("li[data-seat='1']").first).to_be_visible(timeout=TIMEOUT)
    expect(log).to_contain_text("Mei", timeout=TIMEOUT)
    assert "Player 1" not in log.inner_text()
    for page in (creator, friend):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_an_invite_to_a_taken_seat_leads_on_to_a_deal(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """A second person opening an invite whose seat is taken is told so and offered a deal of
    the game against the AI (usability walk: a dead end); the link names no deal to watch."""
    creator = new_page(browser, base_url, DESKTOP)
    creator.goto("/en/games/chuopai/table?seed=3&level=greedy&seat1=friend")
    deal = deal_id(creator)
    link = creator.locator("[data-testid=invite-1]")
    expect(link).to_be_visible(timeout=TIMEOUT)
    url = link.input_value()
    friend = new_page(browser, base_url, PHONE)
    _join(friend, url, "Mei")
    late = new_page(browser, base_url, PHONE)
    late.goto(url)
    form = late.get_by_test_id("join-form")
    expect(form).to_contain_text("This seat has its player already.", timeout=TIMEOUT)
    expect(late.get_by_test_id("join-name")).to_have_count(0)
    onward = late.get_by_test_id("join-instead")
    assert deal not in (onward.get_attribute("href") or "")
    late.screenshot(path=str(screenshots / "friends-invite-taken-phone.png"), full_page=True)
    onward.click()
    late.wait_for_url(lambda u: "deal=" in u and deal not in u and "#invite" not in u)
    expect(late.locator(".seat-you")).to_have_attribute("data-seat", "0", timeout=TIMEOUT)
    for page in (creator, friend, late):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_your_own_countdown_warns_once_before_the_ai_answers(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """WCAG 2.2.1: a decision's time runs out unseen unless the countdown is looked at; 10 s
    before the end it is said once, in the polite news, and the seat's own badge turns red
    (the other players' badges show their time alone)."""
    creator = new_page(browser, base_url, DESKTOP)
    creator.add_init_script(LISTEN_NEWS)
    creator.goto("/en/games/sisepai/table?seed=3&level=greedy&seat1=friend&allowance=14")
    deal = deal_id(creator)
    link = creator.locator("[data-testid=invite-1]")
    expect(link).to_be_visible(timeout=TIMEOUT)
    friend = new_page(browser, base_url, PHONE)
    friend.add_init_script(LISTEN_NEWS)
    friend.goto(link.input_value())
    friend.locator("[data-testid=join-name]").fill("Bo")
    friend.locator("[data-testid=join-button]").click()
    friend.wait_for_url(lambda u: f"deal={deal}" in u, timeout=TIMEOUT)
    said = "seconds left to decide: then the AI answers for you."
    warned: Page | None = None
    deadline = time.monotonic() + 40
    while warned is None and time.monotonic() < deadline:
        for page in (creator, friend):
            news = page.locator("[data-role=news]")
            if said in (news.text_content() or ""):
                warned = page
                break
        time.sleep(0.2)
    assert warned is not None, "no warning in 40 s"
    assert warned.locator("[data-role=news]").get_attribute("aria-live") == "polite"
    mine = warned.locator(".seat-you [data-role=presence]")
    assert mine.get_attribute("data-short") == "true"
    assert warned.locator(".seat:not(.seat-you) [data-role=presence][data-short=true]").count() == 0
    size = "phone" if warned.viewport_size == PHONE else "desktop"
    warned.screenshot(path=str(screenshots / f"friends-time-short-{size}.png"))
    time.sleep(3)  # the ticker goes on each second: nothing said again for this decision
    texts = warned.evaluate("() => window.__said")
    assert sum(said in text for text in texts) == 1, texts
    # and it stays while the time runs, past a passing notice's 6 s (usability walk: it was
    # gone with 3 s left), some 3 s before the end
    time.sleep(3.5)
    assert said in (warned.locator("[data-role=news]").text_content() or "")
    for page in (creator, friend):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_a_closed_tab_goes_to_the_ai_and_comes_back(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """A friend closes the tab: once the decision's allowance (5 s here) runs out on the
    server, the seat shows away and the AI plays it; the friend opens the deal again and takes
    the seat back with I'm back (issue "Play with friends", Show)."""
    creator = new_page(browser, base_url, DESKTOP)
    creator.goto("/en/games/chuopai/table?seed=3&level=greedy&seat1=friend&allowance=5")
    deal = deal_id(creator)
    link = creator.locator("[data-testid=invite-1]")
    expect(link).to_be_visible(timeout=TIMEOUT)
    friend = new_page(browser, base_url, PHONE)
    friend.goto(link.input_value())
    friend.locator("[data-testid=join-name]").fill("Bo")
    friend.locator("[data-testid=join-button]").click()
    friend.wait_for_url(lambda u: f"deal={deal}" in u, timeout=TIMEOUT)
    token = seat_token(friend, deal)
    assert token
    friend.context.close()  # the tab is closed: nobody answers for seat 1

    # the creator stays and answers before its own time runs out (a thread of plain requests:
    # the allowance of 5 s holds for the creator too), until the friend is back
    creator_token = seat_token(creator, deal)
    # just in time: the deal goes on slowly enough for the friend to come back to it
    keeper, done = _answering(base_url, deal, str(creator_token), 0, within=2.5)
    away = creator.locator(".seat[data-seat='1'] [data-role=presence][data-away='true']")
    expect(away).to_be_visible(timeout=TIMEOUT)
    shots = screenshots
    creator.screenshot(path=str(shots / "friends-chuopai-away-desktop.png"), full_page=True)

    back = new_page(browser, base_url, PHONE)
    back.add_init_script(
        f"localStorage.setItem('cardavia.tokens', JSON.stringify({{{deal!r}: {token!r}}}))"
    )
    back.goto(f"/en/games/chuopai/table?deal={deal}")
    button = back.locator("[data-testid=back]")
    expect(button).to_be_visible(timeout=TIMEOUT)
    back.screenshot(path=str(shots / "friends-chuopai-back-phone.png"), full_page=True)
    button.click()
    expect(button).to_be_hidden(timeout=TIMEOUT)
    assert api_view(back, deal)["seats"][1]["away"] is False
    expect(away).to_have_count(0, timeout=TIMEOUT)
    done.set()
    keeper.join(timeout=40)
    for page in (creator, back):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_a_claim_the_ai_answered_for_a_friend_out_of_time_is_said_to_them(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """A decision asked of a friend alone (a Paohuzi claim window) times out: the AI answers
    it, with no away mark (nothing tells the others who was asked), and the friend's log names
    the answer theirs; their page says the AI gave it (usability walk: "Твоя заявка: Чи" and
    nothing more). In ru, on a phone; seed 1 asks seat 1 privately at its first decision."""
    creator, friend, deal = _seated_friend(
        browser,
        base_url,
        "/ru/games/paohuzi/table?seed=1&level=greedy&seat1=friend&allowance=5",
        "Бо",
    )
    token = str(seat_token(creator, deal))
    creator.context.close()  # the creator answers at once, by plain requests
    keeper, done = _answering(base_url, deal, token, 0)
    try:
        expect(friend.get_by_test_id("table")).to_have_attribute(
            "data-state", "your-turn", timeout=TIMEOUT
        )
        mine = api_view(friend, deal)
        watched = requests.get(f"{base_url}/api/games/{deal}", timeout=30).json()["view"]
        assert "pass" in mine["legal_actions"] and 1 not in watched["to_act"]  # asked privately
        news = friend.locator("[data-role=news]")
        expect(news).to_have_text("Твоё время вышло: ИИ ответил за тебя.", timeout=TIMEOUT)
        friend.screenshot(path=str(screenshots / "friends-timed-out-claim-ru-phone.png"))
        after = api_view(friend, deal)
        assert after["version"] > mine["version"] and after["seats"][1]["away"] is False
    finally:
        done.set()
        keeper.join(timeout=40)
    assert not friend.errors  # type: ignore[attr-defined]
    friend.context.close()


def test_start_game_asks_for_friends_and_the_waiting_screen_is_accessible(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """Start game's Play with friends: seat 2 a friend's, the others the AI's; the table waits
    with an invite link for seat 2 only; Start with AI in empty seats gives it to the AI."""
    shots = screenshots
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = new_page(browser, base_url, viewport)
        page.goto("/en/games/nantong/rules")
        picker = page.locator("[data-testid=seat-picker]")
        picker.locator("summary").click()
        # each choice a finger's height (the selects were 19 px, usability walk-through)
        for control in ("summary", "[data-testid=creator-name]", "select"):
            box = picker.locator(control).first.bounding_box()
            assert box is not None and box["height"] >= 40, (control, box)
        picker.locator("[data-testid=creator-name]").fill("  Lena  Wu ")
        picker.locator("[data-testid=seat-kind-2]").select_option("friend")
        picker.locator("[data-testid=allowance]").select_option("60")
        page.screenshot(path=str(shots / f"friends-start-form-{size}.png"), full_page=False)
        expect_accessible(page, "the start form with its seats")
        page.locator("[data-testid=start-form] button[type=submit]").click()
        deal = deal_id(page)
        assert "seat2=friend" in page.url or deal
        expect(page.locator("[data-testid=invite-2]")).to_be_visible(timeout=TIMEOUT)
        assert page.locator("[data-testid=invite-1]").count() == 0  # seat 1 is the AI's
        page.screenshot(path=str(shots / f"friends-nantong-waiting-{size}.png"), full_page=True)
        expect_accessible(page, "the waiting screen")
        # Copy link says so in the polite news region too (a button's new name is not read)
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.locator("[data-testid=copy-2]").click()
        expect(page.locator("[data-role=news]")).to_have_text("Link copied")
        expect(page.locator("[data-testid=copy-2]")).to_have_text("Link copied")
        assert api_view(page, deal)["allowance"] == 60  # the time per decision chosen
        # the name the friends see the creator by (white space made one), out of the address
        assert api_view(page, deal)["seats"][0]["name"] == "Lena Wu"
        assert "name=" not in page.url
        # nobody is to play before the friends sit down (no To play badge on the empty seat),
        # and the panel's heading is not shown twice (the status line under it is read out)
        expect(page.locator(".seat [data-role=turn]:visible")).to_have_count(0)
        status = page.get_by_test_id("turn-status")
        box = status.bounding_box()
        assert box is not None and box["width"] <= 1 and box["height"] <= 1, box
        page.locator("[data-testid=start-ai]").click()
        expect(page.locator("[data-testid=friends]")).to_be_hidden(timeout=TIMEOUT)
        box = status.bounding_box()
        assert box is not None and box["height"] > 10, box
        view = api_view(page, deal)
        assert [s["kind"] for s in view["seats"]] == ["human", "ai", "ai"]
        assert not view["waiting"]
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def _another_tab(page: Page) -> Page:
    """A second page in `page`'s browser (its localStorage), its JS errors kept as new_page's."""
    tab = page.context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    tab.errors = errors  # type: ignore[attr-defined]
    return tab


def _seated_friend(browser: Browser, base_url: str, path: str, name: str) -> tuple[Page, Page, str]:
    """The creator opens a friends table at `path` (desktop) and a friend joins seat 1 by its
    invite link as `name` (phone), with a browser that asks for the creator's language (the
    link has none): the two pages and the deal."""
    creator = new_page(browser, base_url, DESKTOP)
    creator.goto(path)
    deal = deal_id(creator)
    link = creator.locator("[data-testid=invite-1]")
    expect(link).to_be_visible(timeout=TIMEOUT)
    friend = new_page(browser, base_url, PHONE)
    friend.context.set_extra_http_headers({"Accept-Language": path.split("/")[1]})
    _join(friend, link.input_value(), name)
    return creator, friend, deal


def _join(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.locator("[data-testid=join-name]").fill(name)
    page.locator("[data-testid=join-button]").click()
    page.wait_for_url(lambda u: "deal=" in u, timeout=TIMEOUT)


def _play_by_hints(base_url: str, deal: str, tokens: list[str]) -> dict[str, Any]:
    """The humans' decisions through the API, each the hint's (the table's level's own move, so
    that a human may win); returns the finished view."""
    for _ in range(3000):
        moved = False
        for token in tokens:
            auth = {"Authorization": f"Bearer {token}"}
            view = requests.get(f"{base_url}/api/games/{deal}", headers=auth, timeout=30).json()
            view = view["view"]
            if view["over"]:
                return dict(view)
            if view["legal_actions"]:
                hint = requests.post(
                    f"{base_url}/api/games/{deal}/hint",
                    json={"version": view["version"]},
                    headers=auth,
                    timeout=30,
                ).json()["hint"]
                requests.post(
                    f"{base_url}/api/games/{deal}/actions",
                    json={"action": hint["action"], "version": view["version"]},
                    headers=auth,
                    timeout=30,
                )
                moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize(
    ("game", "seed", "winner"),
    [("sisepai", 4, 1), ("chuopai", 5, 0)],
    ids=["friend-won", "creator-won"],
)
def test_the_history_names_the_winner_from_each_friends_seat(
    browser: Browser, base_url: str, screenshots: Path, game: str, seed: int, winner: int
) -> None:
    """A deal of two friends, the AI in the other seats, that one of the friends wins: each
    one's history says "You won" only for their own seat, names the other friend (by name, or
    "Player" for a creator who gave none), dates the deal for the friend who joined too, and
    counts the win for the winner's browser only (QA: the friend saw "You won" when the creator
    won, the creator "AI 1 won" when the friend won; the friend's row was undated)."""
    creator, friend, deal = _seated_friend(
        browser, base_url, f"/en/games/{game}/table?seed={seed}&level=greedy&seat1=friend", "Mei"
    )
    tokens = [seat_token(creator, deal), seat_token(friend, deal)]
    assert all(tokens)
    view = _play_by_hints(base_url, deal, [str(t) for t in tokens])
    assert view["result"]["winner"] == winner  # the seed's deal, as found
    names = {0: "Player", 1: "Mei"}
    for page, seat in ((creator, 0), (friend, 1)):
        expect(page.locator("[data-testid=table]")).to_have_attribute(
            "data-state", "over", timeout=TIMEOUT
        )
        page.goto("/en/history")
        page.wait_for_selector("[data-testid=history][data-state=ready]", timeout=TIMEOUT)
        row = page.locator(f"[data-testid=history-deal][data-deal='{deal}']")
        said = row.get_by_test_id("history-ending").inner_text()
        points = view["result"]["scores"][seat]
        score = str(points)  # points as they are (Sì Sè Pái, Chuo Pai); a payment signed
        if sum(view["result"]["scores"]) == 0:
            score = f"+{points}" if points > 0 else score.replace("-", "\u2212")
        who = "You won" if winner == seat else f"{names[winner]} won"
        # in the game's unit (history.py UNITS)
        one, many = {"sisepai": ("point", "points"), "chuopai": ("card", "cards")}[game]
        unit = one if abs(points) == 1 else many
        assert said == f"{who} · your score {score} {unit}", (seat, said)
        assert "Date unknown" not in row.inner_text(), seat
        games = page.locator(f"[data-testid=history-games] tr[data-game={game}]")
        expect(games).to_have_attribute("data-wins", "1" if winner == seat else "0")
        size = "phone" if page.viewport_size == PHONE else "desktop"
        page.screenshot(
            path=str(screenshots / f"history-friends-{game}-seat{seat}-{size}.png"), full_page=True
        )
        assert not page.errors  # type: ignore[attr-defined]
    for page in (creator, friend):
        page.context.close()


def test_the_waiting_screen_of_a_friend_and_of_a_spectator(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """A table of three friends, one joined: the friend's and a spectator's waiting screen say who
    has joined (the spectator's, that the players are awaited), with no Start button (the
    creator's), no Hint (nobody may act) and no "null" where it was (QA: "… Player 2 not joined
    yet | null")."""
    creator, friend, deal = _seated_friend(
        browser,
        base_url,
        "/en/games/chuopai/table?seed=3&level=greedy&seat1=friend&seat2=friend",
        "Mei",
    )
    spectator = new_page(browser, base_url, DESKTOP)
    spectator.goto(f"/en/games/chuopai/table?deal={deal}")
    for page in (friend, spectator):
        panel = page.locator("[data-testid=friends]")
        expect(panel).to_contain_text("Player 2", timeout=TIMEOUT)  # seat 2, as "AI 2"
        expect(panel).to_contain_text("not joined yet")
        assert "null" not in panel.inner_text()
        assert panel.locator("[data-testid=start-ai]").count() == 0
        # a player awaits their friends; a spectator, the players (nobody's friends there)
        heading = "Waiting for the players" if page is spectator else "Waiting for your friends"
        expect(panel.locator("h2")).to_contain_text(heading)
        expect(page.get_by_test_id("turn-status")).to_contain_text(heading)
        expect(page.get_by_test_id("hint-button")).to_be_hidden()  # nobody may act yet
        size = "phone" if page.viewport_size == PHONE else "desktop"
        page.screenshot(
            path=str(screenshots / f"friends-waiting-others-{size}.png"), full_page=True
        )
    for page in (creator, friend, spectator):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_an_invite_link_opened_by_a_seat_holder_goes_to_its_table(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """The creator opens their own invite link in the same browser (to check it): the table in
    seat 0, no join form, the seat token kept, Start with AI still there; the friend it was
    meant for then takes the seat (QA: the creator's browser had joined it, overwriting its own
    token, and the friend got "seat taken"); the friend's link opened again leads back to seat
    1, not to the join form."""
    creator = new_page(browser, base_url, DESKTOP)
    creator.goto("/en/games/chuopai/table?seed=3&level=greedy&seat1=friend&seat2=friend")
    deal = deal_id(creator)
    link = creator.locator("[data-testid=invite-1]")
    expect(link).to_be_visible(timeout=TIMEOUT)
    url = link.input_value()
    token = seat_token(creator, deal)

    again = _another_tab(creator)
    again.goto(url)
    again.wait_for_url(lambda u: f"deal={deal}" in u and "#invite" not in u, timeout=TIMEOUT)
    expect(again.locator(".seat-you")).to_have_attribute("data-seat", "0", timeout=TIMEOUT)
    expect(again.locator("[data-testid=start-ai]")).to_be_visible()
    assert again.locator("[data-testid=join-form]").count() == 0
    assert seat_token(again, deal) == token
    assert not again.errors  # type: ignore[attr-defined]
    again.close()

    friend = new_page(browser, base_url, PHONE)
    _join(friend, url, "Mei")
    expect(friend.locator(".seat-you")).to_have_attribute("data-seat", "1", timeout=TIMEOUT)
    friend_token = seat_token(friend, deal)

    back = _another_tab(friend)
    back.goto(url)
    back.wait_for_url(lambda u: f"deal={deal}" in u and "#invite" not in u, timeout=TIMEOUT)
    expect(back.locator(".seat-you")).to_have_attribute("data-seat", "1", timeout=TIMEOUT)
    assert back.locator("[data-testid=join-form]").count() == 0
    assert seat_token(back, deal) == friend_token
    assert seat_token(creator, deal) == token
    view = api_view(creator, deal)
    assert [s["joined"] for s in view["seats"]] == [True, True, False]
    for page in (creator, friend, back):
        assert not page.errors  # type: ignore[attr-defined]
    for page in (creator, friend):
        page.context.close()


def test_a_friend_who_switches_language_keeps_the_invite(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """The invite link is in no language: the creator reads Ukrainian, the friend's browser asks
    for Czech, and the link opens the join form in Czech (usability walk: it opened in the
    creator's language). The friend switches the page to zh in its header and gets the same
    join form there, not a deal of their own against the AI (QA: the language links dropped
    the `#invite=` fragment), then joins the creator's table."""
    creator = new_page(browser, base_url, DESKTOP)
    creator.goto("/uk/games/sisepai/table?seed=3&level=greedy&seat1=friend&name=Оля")
    deal = deal_id(creator)
    link = creator.locator("[data-testid=invite-1]")
    expect(link).to_be_visible(timeout=TIMEOUT)
    url = link.input_value()
    assert f"{base_url}/games/sisepai/table#invite=" in url

    friend = new_page(browser, base_url, PHONE)
    friend.context.set_extra_http_headers({"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"})
    friend.goto(url)
    friend.wait_for_url(lambda u: "/cs/games/sisepai/table#invite=" in u, timeout=TIMEOUT)
    expect(friend.locator("[data-testid=join-form]")).to_be_visible(timeout=TIMEOUT)
    expect(friend.locator("html")).to_have_attribute("lang", "cs")
    friend.locator('nav.languages a[hreflang="zh"]').click()
    friend.wait_for_url(lambda u: "/zh/games/sisepai/table" in u, timeout=TIMEOUT)
    assert friend.url.endswith(url.partition("/games/sisepai/table")[2]), friend.url
    expect(friend.locator("[data-testid=join-form]")).to_be_visible(timeout=TIMEOUT)
    # no seats before the join: their placeholder names would call the creator "AI 1" (QA)
    expect(friend.locator(".seat")).to_have_count(4)
    for seat in range(4):
        expect(friend.locator(f'.seat[data-seat="{seat}"]')).to_be_hidden()
    friend.screenshot(path=str(screenshots / "friends-invite-in-zh-phone.png"), full_page=True)
    friend.locator("[data-testid=join-name]").fill("美")
    friend.locator("[data-testid=join-button]").click()
    friend.wait_for_url(lambda u: f"deal={deal}" in u, timeout=TIMEOUT)
    expect(friend.locator(".seat-you")).to_have_attribute("data-seat", "1", timeout=TIMEOUT)
    expect(friend.locator(".seat-you")).to_be_visible()
    expect(friend.locator('.seat[data-seat="0"] .seat-name')).to_have_text("Оля")
    assert api_view(creator, deal)["seats"][1]["joined"]
    for page in (creator, friend):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_a_friend_may_not_take_the_creators_name(browser: Browser, base_url: str) -> None:
    """The invite page says who invites you and who sits where; a friend who gives the
    creator's name, or a seat's label in another language, is told why in the page's language
    and joins once the name is their own; the link opened again says its seat is taken."""
    creator = new_page(browser, base_url, DESKTOP)
    creator.goto("/ru/games/chuopai/table?seed=3&level=greedy&seat1=friend&name=Mei")
    deal = deal_id(creator)
    link = creator.locator("[data-testid=invite-1]")
    expect(link).to_be_visible(timeout=TIMEOUT)
    friend = new_page(browser, base_url, PHONE)
    friend.goto(link.input_value().replace("/games/", "/zh/games/", 1))
    message = friend.locator("[data-testid=join-form] .friends-message")
    # who invites you and who sits where, before you give a name (GET /api/invites/{code})
    about = friend.get_by_test_id("join-about")
    expect(about).to_contain_text("Mei 邀请你来玩。", timeout=TIMEOUT)
    expect(about).to_contain_text("在座：Mei、你和 AI 2。")
    # read with the name field, which has the focus as the lines arrive
    expect(friend.get_by_test_id("join-name")).to_have_attribute(
        "aria-describedby", "friends-about"
    )
    expect(about).to_have_attribute("id", "friends-about")
    for name, told in (("mei", "已有玩家用这个名字"), ("ИИ 2", "称呼座位")):
        friend.locator("[data-testid=join-name]").fill(name)
        friend.locator("[data-testid=join-button]").click()
        expect(message).to_contain_text(told, timeout=TIMEOUT)
        expect(friend.locator("[data-testid=join-form]")).to_be_visible()
    assert not api_view(creator, deal)["seats"][1]["joined"]
    friend.locator("[data-testid=join-name]").fill("Mei 2")
    friend.locator("[data-testid=join-button]").click()
    friend.wait_for_url(lambda u: f"deal={deal}" in u, timeout=TIMEOUT)
    expect(friend.locator(".seat-you")).to_have_attribute("data-seat", "1", timeout=TIMEOUT)
    expect(creator.locator('.seat[data-seat="1"] .seat-name')).to_have_text(
        "Mei 2", timeout=TIMEOUT
    )
    # the link opened again in another browser: its seat is taken, said at once, no name asked
    late = new_page(browser, base_url, PHONE)
    late.context.set_extra_http_headers({"Accept-Language": "ru-RU,ru;q=0.9"})
    late.goto(link.input_value())
    expect(late.locator("[data-testid=join-form] .friends-message")).to_have_text(
        "Это место уже занято.", timeout=TIMEOUT
    )
    assert late.get_by_test_id("join-name").count() == 0
    assert late.get_by_test_id("join-button").count() == 0
    # the focus, in the name field that went, is on the message (not left on the body)
    expect(late.locator("[data-testid=join-form] .friends-message")).to_be_focused()
    for page in (creator, friend, late):
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_a_language_link_keeps_the_query_of_a_replay_step(browser: Browser, base_url: str) -> None:
    """The same page in another language, at the same place: the query and the fragment go along
    (a replay's `?step=`, a watched deal's `?deal=`)."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/ru/history?x=1#top")
    page.locator('nav.languages a[hreflang="uk"]').click()
    page.wait_for_url(lambda u: "/uk/history" in u, timeout=TIMEOUT)
    assert page.url.endswith("/uk/history?x=1#top"), page.url
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_name_the_server_does_not_take_still_starts_the_table(
    browser: Browser, base_url: str
) -> None:
    """A creator's name with a character the API refuses (a zero-width joiner, as in some
    emoji) starts the table without it, and says why: it retried the start for ever."""
    page = new_page(browser, base_url, PHONE)
    page.goto("/en/games/paohuzi/table?seat1=friend&seat2=ai&name=A%E2%80%8DB")
    expect(page.locator("[data-testid=invite-1]")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("[data-role=notice]")).to_contain_text("friends will see you as Player.")
    deal = deal_id(page)
    assert api_view(page, deal)["seats"][0]["name"] is None
    assert "name=" not in page.url
    assert not page.errors  # type: ignore[attr-defined]
