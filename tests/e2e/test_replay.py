"""The replay page and the history in a browser (issue 23, architecture.md §8): a finished deal
step by step by button, arrow key, swipe and `?step=` link, every hand shown, the log beside it
and the end sheet at the end; a record opened from a file or pasted, and the clear messages for a
broken one, another game's and one with an illegal move; no replay before the end; the history
after several deals played at the table, "New deal" losing none. In Chinese and Russian, at
phone and desktop sizes; screenshots in artifacts/screenshots/."""

from __future__ import annotations

import json
import math
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, FilePayload, Page, expect

from cardavia.games.registry import GAMES
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.helpers import (
    TIMEOUT,
    deal_id,
    finished_deal,
    new_page,
    play_deal_by_clicking,
    replay_step,
    swipe_felt,
)

SIZES = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
LANGS = pytest.mark.parametrize("lang", ["zh", "ru"])


def _no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@SIZES
@LANGS
def test_stepping_by_button_key_link_and_swipe(
    browser: Browser, base_url: str, lang: str, viewport: dict[str, int], screenshots: Path
) -> None:
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/")
    deal, _ = finished_deal(page, "sisepai", 11)
    page.goto(f"/{lang}/games/sisepai/replay/{deal}")
    assert replay_step(page) == 0
    table = page.get_by_test_id("table")
    last = int(page.get_attribute("[data-testid=replay-slider]", "max") or 0)
    assert last > 10
    # every hand is shown from the first step: yours under the table, the others' in their seats
    assert page.get_by_test_id("hand-card").count() == 20
    for seat in (1, 2, 3):
        expect(page.get_by_test_id(f"seat-{seat}").get_by_test_id("seat-hand")).to_be_visible()
        cards = page.get_by_test_id(f"seat-{seat}").locator("[data-testid=seat-hand] .card")
        assert cards.count() >= 20
    expect(page.get_by_test_id("replay-back")).to_have_attribute("aria-disabled", "true")
    # the arrow keys, Home and End; the URL follows the step
    page.keyboard.press("ArrowRight")
    expect(table).to_have_attribute("data-step", "1")
    assert re.search(r"[?&]step=1\b", page.url)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(table).to_have_attribute("data-step", "1")
    # the step's line in the log is marked, the later ones are not yet played
    current = page.locator("[data-testid=log] li.is-current")
    assert current.count() >= 1
    # each line, and the header's Your deals, a target 24 px tall at the least (WCAG 2.5.8;
    # usability walk: 16 px, fiddly on a phone)
    heights = page.locator("[data-testid=log] a.log-text").evaluate_all(
        "links => links.map(a => a.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 24, min(heights)
    nav = page.get_by_test_id("history-nav").bounding_box()
    assert nav is not None and nav["height"] >= 24, nav
    assert page.locator("[data-testid=log] li.is-future").count() > 0
    # the step's mover has the seat's ring, not "To play": it has just played
    expect(page.locator(".seat.is-active")).to_have_count(1)
    expect(page.locator(".seat [data-role=turn]:visible")).to_have_count(0)
    page.keyboard.press("End")
    expect(table).to_have_attribute("data-step", str(last))
    expect(table).to_have_attribute("data-end", "true")
    expect(page.get_by_test_id("result")).to_be_visible()
    expect(page.get_by_test_id("history-link")).to_be_visible()
    expect(page.get_by_test_id("download-record")).to_be_visible()
    assert page.locator("[data-testid=log] li.is-future").count() == 0
    page.screenshot(path=screenshots / f"replay-end-{lang}-{viewport['width']}.png", full_page=True)
    page.keyboard.press("Home")
    expect(table).to_have_attribute("data-step", "0")
    # the buttons
    page.get_by_test_id("replay-forward").click()
    page.get_by_test_id("replay-forward").click()
    expect(table).to_have_attribute("data-step", "2")
    page.get_by_test_id("replay-back").click()
    expect(table).to_have_attribute("data-step", "1")
    # a log line is a link to its step
    page.locator("[data-testid=log] li a[data-step='6']").first.click()
    expect(table).to_have_attribute("data-step", "6")
    # a swipe across the felt: leftwards goes forward, rightwards back
    swipe_felt(page, -120)
    expect(table).to_have_attribute("data-step", "7")
    swipe_felt(page, 120)
    expect(table).to_have_attribute("data-step", "6")
    # a link to a step opens there
    page.goto(f"/{lang}/games/sisepai/replay/{deal}?step=5")
    assert replay_step(page) == 5
    expect(page.get_by_test_id("replay-counter")).to_contain_text("5")
    _no_sideways_scroll(page)
    page.screenshot(
        path=screenshots / f"replay-step5-{lang}-{viewport['width']}.png", full_page=True
    )
    assert not page.errors  # type: ignore[attr-defined]


def _wilson(wins: int, n: int) -> tuple[float, float]:
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _idle_seat(record: dict[str, Any], index: int) -> int:
    """A seat that owes no decision before the record's action `index` (its move is illegal)."""
    state = GAMES[record["game"]].new_deal(record["seed"], record["dealer"])
    for entry in record["actions"][:index]:
        state.apply(entry["seat"], entry["action"])
    return next(s for s in range(state.game.players) if s not in state.to_act())


def test_no_replay_before_the_end(browser: Browser, base_url: str) -> None:
    """A deal in progress: the page says so and shows nothing of it (no hand, no log)."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/ru/games/paohuzi/table?seed=4&level=greedy")
    deal = deal_id(page)
    page.goto(f"/ru/games/paohuzi/replay/{deal}")
    message = page.get_by_test_id("replay-message")
    expect(message).to_contain_text("ещё не закончена", timeout=TIMEOUT)
    expect(page.get_by_test_id("back-to-table")).to_have_attribute("href", re.compile(deal))
    expect(page.get_by_test_id("table")).to_be_hidden()
    assert page.locator("[data-testid=seat-hand] .card, [data-testid=log] li").count() == 0
    assert not page.errors  # type: ignore[attr-defined]


@SIZES
@LANGS
def test_opening_a_record_good_and_broken(
    browser: Browser, base_url: str, lang: str, viewport: dict[str, int], screenshots: Path
) -> None:
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/")
    deal, _ = finished_deal(page, "paohuzi", 21)
    record = page.request.get(f"/api/games/{deal}/record").json()
    page.goto(f"/{lang}/games/paohuzi/replay")
    expect(page.get_by_test_id("table")).to_be_hidden()
    expect(page.get_by_test_id("replay-message")).to_be_hidden()  # nothing to say yet
    # no steps, no skip link to them (it left the focus on the body: accessibility audit)
    expect(page.get_by_test_id("skip-to-steps")).to_have_attribute("hidden", "")
    error = page.get_by_test_id("record-error")
    # nothing chosen
    page.get_by_test_id("open-record-button").click()
    expect(error).to_be_visible()
    strings = page.evaluate(
        "JSON.parse(document.getElementById('cardavia-config').textContent).strings"
    )
    said = error.locator("p")
    detail = error.get_by_test_id("record-detail")
    # a broken record (not JSON): said in the page's language only; the server's own words
    # (English) folded under it, under a summary in the page's language
    page.get_by_test_id("record-text").fill('{"format": "cardavia-deal/1", ')
    page.get_by_test_id("open-record-button").click()
    expect(said).to_have_text(strings["rp_broken"])
    expect(detail.locator("summary")).to_have_text(strings["rp_detail"])
    expect(detail.locator("code")).to_contain_text("JSON")
    expect(detail.locator("code")).to_be_hidden()  # folded
    page.screenshot(
        path=screenshots / f"record-broken-{lang}-{viewport['width']}.png", full_page=True
    )
    # a record with an illegal move: the step it would have been shown at, as the replay's
    # counter numbers its steps (not the record's actions[1] nor "move 2")
    bad = json.loads(json.dumps(record))
    bad["actions"][1] = {"seat": _idle_seat(record, 1), "action": bad["actions"][1]["action"]}
    steps = page.request.post("/api/replays", data={"game": "paohuzi", "record": record})
    step = next(i for i, s in enumerate(steps.json()["steps"]) if 1 in s["actions"])
    page.get_by_test_id("record-text").fill(json.dumps(bad))
    page.get_by_test_id("open-record-button").click()
    expect(said).to_have_text(strings["rp_illegal"].replace("%(step)s", str(step)))
    detail.locator("summary").click()
    expect(detail.locator("code")).to_contain_text("actions[1]")
    page.screenshot(
        path=screenshots / f"record-illegal-{lang}-{viewport['width']}.png", full_page=True
    )
    # a record of another game: named, with a way to open it there
    page.goto(f"/{lang}/")
    other, _ = finished_deal(page, "chuopai", 2)
    other_record = page.request.get(f"/api/games/{other}/record").text()
    page.goto(f"/{lang}/games/paohuzi/replay")
    page.get_by_test_id("record-text").fill(other_record)
    page.get_by_test_id("open-record-button").click()
    expect(page.get_by_test_id("open-there")).to_be_visible()
    page.get_by_test_id("open-there").click()
    page.wait_for_url(re.compile(r"/games/chuopai/replay"))
    assert replay_step(page) == 0
    # the good record, uploaded as a file
    page.goto(f"/{lang}/games/paohuzi/replay")
    upload: FilePayload = {
        "name": "deal.json",
        "mimeType": "application/json",
        "buffer": json.dumps(record).encode(),
    }
    page.get_by_test_id("record-file").set_input_files(files=upload)
    page.get_by_test_id("open-record-button").click()
    assert replay_step(page) == 0
    expect(error).to_be_hidden()
    expect(page.get_by_test_id("skip-to-steps")).not_to_have_attribute("hidden", "")
    page.keyboard.press("End")
    expect(page.get_by_test_id("result")).to_be_visible()
    # nothing was stored: no download of a record the browser already has
    expect(page.get_by_test_id("download-record")).to_have_count(0)
    page.screenshot(
        path=screenshots / f"record-opened-{lang}-{viewport['width']}.png", full_page=True
    )
    _no_sideways_scroll(page)
    assert not page.errors  # type: ignore[attr-defined]


@SIZES
@LANGS
def test_history_after_several_deals(
    browser: Browser, base_url: str, lang: str, viewport: dict[str, int], screenshots: Path
) -> None:
    """Three Paohuzi deals at the table, each after New deal: the history lists them all, newest
    first, with their replays, and counts them for the game."""
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/games/paohuzi/table?seed=8&level=greedy")
    deals = []
    for n in range(3):
        deals.append(deal_id(page))
        play_deal_by_clicking(page)
        expect(page.get_by_test_id("replay-link")).to_be_visible()
        expect(page.get_by_test_id("history-link")).to_be_visible()
        if n < 2:
            page.get_by_test_id("new-deal").click()
            page.wait_for_function(
                "id => !location.search.includes(id)", arg=deals[-1], timeout=TIMEOUT
            )
    page.get_by_test_id("history-link").click()
    page.wait_for_selector("[data-testid=history][data-state=ready]", timeout=TIMEOUT)
    listed = page.get_by_test_id("history-deal")
    assert [listed.nth(i).get_attribute("data-deal") for i in range(3)] == deals[::-1]
    # each score signed as the end sheet signs it: "+3", "−1" (a minus sign), "0"; in the
    # game's unit, tun (usability walk: bare numbers meant other things in other games)
    config = page.evaluate("JSON.parse(document.getElementById('cardavia-config').textContent)")
    assert config["games"]["paohuzi"]["unit"] == "hs_tun"
    units = {form.replace("%(n)s", "").strip() for form in config["plural_forms"]["hs_tun"]}
    for i in range(3):
        ending = listed.nth(i).get_by_test_id("history-ending").inner_text().strip()
        number, _, unit = ending.rpartition(" ")
        assert unit in units, (ending, units)
        assert re.search(r"(?:[+−]\d+(?:[.,]\d+)?|\b0)$", number), ending
        assert not re.search(r"-\d", ending), ending
    row = page.locator("[data-testid=history-games] tr[data-game=paohuzi]")
    mean = row.locator("[data-role=mean-score]").inner_text().strip()
    assert mean.rpartition(" ")[2] in units, mean
    expect(row).to_have_attribute("data-deals", "3")
    expect(row.locator("[data-role=fair-share]")).to_contain_text("33")
    # the share and its 95% Wilson interval, as whole percentages
    wins = int(row.get_attribute("data-wins") or 0)
    shown = [int(n) for n in re.findall(r"\d+", row.locator("[data-role=win-share]").inner_text())]
    assert shown == [round(100 * x) for x in (wins / 3, *_wilson(wins, 3))], shown
    # its column's heading names the interval with one percent sign (the catalogs write "%%")
    heads = " ".join(page.locator("[data-testid=history-games] th[scope=col]").all_inner_texts())
    assert "95" in heads and "%" in heads and "%%" not in heads, heads
    _no_sideways_scroll(page)
    # nor the games' table: on a phone each game's row is a card, every cell on the screen
    cells = row.locator("th, td")
    for i in range(cells.count()):
        box = cells.nth(i).bounding_box()
        assert box is not None and box["x"] + box["width"] <= viewport["width"], (i, box)
    page.screenshot(path=screenshots / f"history-{lang}-{viewport['width']}.png", full_page=True)
    # each deal's links are described by its heading: which game, level and date (a list of
    # links all named "Replay" told a screen reader nothing of which: accessibility audit)
    for i in range(3):
        for link in ("history-replay", "history-review"):
            head = listed.nth(i).get_by_test_id(link).get_attribute("aria-describedby")
            described = page.locator(f"[id='{head}']")
            expect(described).to_have_count(1)
            expect(described).to_contain_text(page.locator(".history-game").nth(i).inner_text())
            assert listed.nth(i).locator(f"[id='{head}']").count() == 1
    # the oldest deal's replay, from the history
    listed.nth(2).get_by_test_id("history-replay").click()
    assert replay_step(page) == 0
    assert deals[0] in page.url
    # the header links the history on every page
    page.get_by_test_id("history-nav").click()
    page.wait_for_url(re.compile(rf"/{lang}/history$"))
    assert not page.errors  # type: ignore[attr-defined]


def test_an_empty_history_says_so_once(browser: Browser, base_url: str, screenshots: Path) -> None:
    """No deal in this browser: the deals list says so, and "By game", with no figures to
    show, is not there to say it again (QA, zh phone)."""
    page = new_page(browser, base_url, PHONE)
    page.goto("/zh/history")
    page.wait_for_selector("[data-testid=history][data-state=ready]", timeout=TIMEOUT)
    expect(page.locator(".history-empty")).to_have_count(1)
    expect(page.locator(".history-empty")).to_be_visible()
    expect(page.locator("#history-games-heading")).to_be_hidden()
    page.screenshot(path=screenshots / "history-empty-zh-360.png")
    assert not page.errors  # type: ignore[attr-defined]


def test_the_history_names_a_tie_as_the_end_sheet_does(browser: Browser, base_url: str) -> None:
    """CP§4.2: equal biggest piles tie. Two Chuo Pai deals that ended in a tie (seed 5: you and
    AI 2 with 22 cards each; seed 29: AI 1 and AI 2 with 22) read as ties in the history, with
    the tied seats named as on the end sheet, not "Nobody won" (a drawn Paohuzi deal's words)."""
    page = new_page(browser, base_url, DESKTOP)
    page.goto("/ru/")
    ours, _ = finished_deal(page, "chuopai", 5)
    theirs, _ = finished_deal(page, "chuopai", 29)
    page.goto("/ru/history")
    page.wait_for_selector("[data-testid=history][data-state=ready]", timeout=TIMEOUT)
    mine = page.locator(
        f"[data-testid=history-deal][data-deal='{ours}'] [data-testid=history-ending]"
    )
    expect(mine).to_contain_text("Ничья: Ты и ИИ 2")
    others = page.locator(
        f"[data-testid=history-deal][data-deal='{theirs}'] [data-testid=history-ending]"
    )
    expect(others).to_contain_text("Ничья: ИИ 1 и ИИ 2")
    # the same words as the replay's end sheet
    page.goto(f"/ru/games/chuopai/replay/{ours}")
    assert replay_step(page) == 0
    page.keyboard.press("End")
    expect(page.get_by_test_id("result")).to_contain_text("Ничья: Ты и ИИ 2")
    # the end sheet's Tied badges (styled as a seat's To play, which the replay hides)
    expect(page.locator("[data-testid=result] .cp-score-head .badge:visible")).to_have_count(2)
    assert not page.errors  # type: ignore[attr-defined]


def _friends_deal(page: Page, game: str, seed: int) -> tuple[str, list[str], dict[str, Any]]:
    """A deal of `game` for two friends (seats 0 and 1, the AI in the others), seat 1 joined
    as "Мэй", played to its end through the API with each friend's token (the test server takes
    a seed for friends): (deal id, [token of seat 0, token of seat 1], seat 1's replay)."""
    players = GAMES[game].players
    made = page.request.post(
        "/api/games",
        data={
            "game": game,
            "seed": seed,
            "level": "greedy",
            "seats": ["human", "human"] + ["ai"] * (players - 2),
        },
    )
    assert made.status == 201, made.text()
    body = made.json()
    joined = page.request.post(f"/api/invites/{body['invites']['1']}", data={"name": "Мэй"})
    assert joined.status == 201, joined.text()
    tokens = [body["token"], joined.json()["token"]]
    deal = body["id"]
    for _ in range(800):
        views = [
            page.request.get(
                f"/api/games/{deal}", headers={"Authorization": f"Bearer {token}"}
            ).json()["view"]
            for token in tokens
        ]
        if views[0]["over"]:
            break
        acted = False
        for token, view in zip(tokens, views, strict=True):
            legal = view["legal_actions"]
            if legal:
                action = "win" if "win" in legal else legal[-1]
                page.request.post(
                    f"/api/games/{deal}/actions",
                    data={"action": action, "version": view["version"]},
                    headers={"Authorization": f"Bearer {token}"},
                )
                acted = True
        if not acted:
            time.sleep(0.05)
    else:
        raise AssertionError("the deal did not end")
    replay = page.request.get(
        f"/api/games/{deal}/replay", headers={"Authorization": f"Bearer {tokens[1]}"}
    ).json()
    return deal, tokens, replay


def _a_choice_of(page: Page, deal: str, token: str, record: dict[str, Any], seat: int) -> int:
    """The index of a decision of `seat` in the record at which it had a choice."""
    for k, entry in enumerate(record["actions"]):
        if entry["seat"] != seat:
            continue
        r = page.request.get(
            f"/api/games/{deal}/review/{k}", headers={"Authorization": f"Bearer {token}"}
        )
        if r.ok:
            return k
    raise AssertionError(f"seat {seat} had no choice to make")


@pytest.mark.parametrize(
    ("lang", "viewport"), [("zh", PHONE), ("ru", DESKTOP)], ids=["zh-phone", "ru-desktop"]
)
def test_a_friends_replay_names_the_seats_as_the_table_does(
    browser: Browser, base_url: str, lang: str, viewport: dict[str, int], screenshots: Path
) -> None:
    """The friend of seat 1 opens the replay with their token: their seat is "You", at the
    bottom with their hand under the table; the creator is a player, never "AI 1" nor an AI
    level's seat; the log and the end say the same names as the table; "try it again" is
    offered at their own decisions (the review mocked, so as not to wait for the AI worker)."""
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/")
    deal, tokens, replay = _friends_deal(page, "sisepai", 5)
    record = page.request.get(f"/api/games/{deal}/record").json()
    k = _a_choice_of(page, deal, tokens[1], record, 1)
    position = page.request.get(
        f"/api/games/{deal}/review/{k}", headers={"Authorization": f"Bearer {tokens[1]}"}
    ).json()
    played = record["actions"][k]["action"]
    better = next(a for a in position["legal_actions"] if a != played)
    review = {
        "status": "ready",
        "seat": 1,
        "decisions": 1,
        "agreed": 0,
        "moves": [{"step": k, "played": played, "hard": better}],
        "mistakes": [{"step": k, "played": played, "better": better, "reason": []}],
    }
    page.route(
        f"**/api/games/{deal}/review",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(review)
        ),
    )
    page.evaluate(
        "([id, token]) => localStorage.setItem('cardavia.tokens', JSON.stringify({[id]: token}))",
        [deal, tokens[1]],
    )
    page.goto(f"/{lang}/games/sisepai/replay/{deal}")
    assert replay_step(page) == 0
    config = page.evaluate("JSON.parse(document.getElementById('cardavia-config').textContent)")
    you, ai1 = config["seats"][0], config["seats"][1]
    strings = config["strings"]
    creator = strings["seat_player"]  # seat 0, unnamed (seat n would be "Player n")
    # the viewer's seat at the bottom, "You", with its hand under the table
    bottom = page.locator(".seat-you")
    expect(bottom).to_have_attribute("data-seat", "1")
    expect(bottom.locator(".seat-name")).to_have_text(you)
    expect(page.locator("#hand-label")).to_have_text(strings["rp_your_hand"])
    shown = page.eval_on_selector_all(
        "[data-testid=hand] [data-code]", "els => els.map(e => e.dataset.code)"
    )
    assert sorted(shown) == sorted(replay["steps"][0]["hands"][1])
    # the creator's seat: a player, no AI level badge, its hand in its panel
    creator_seat = page.locator(".seat[data-seat='0']")
    expect(creator_seat.locator(".seat-name")).to_have_text(creator)
    expect(creator_seat.locator("[data-role=level]")).to_be_hidden()
    expect(creator_seat.get_by_test_id("seat-hand")).to_be_visible()
    expect(creator_seat.locator("[data-role=level]")).to_have_attribute("data-ai", "false")
    ai_badge = page.locator(".seat[data-seat='2'] [data-role=level]")
    expect(ai_badge).to_have_attribute("data-ai", "true")
    # the log and the status name no "AI 1": seat 1 is a friend's, and it is yours here
    page.keyboard.press("End")
    expect(page.get_by_test_id("result")).to_be_visible()
    log = page.get_by_test_id("log").inner_text()
    assert ai1.replace(" ", "\u00a0") not in log and ai1 not in log
    heading = page.locator("#result-heading").inner_text()
    assert ai1.replace(" ", "\u00a0") not in heading and ai1 not in heading
    winner = replay["result"]["winner"]
    if winner == 1:
        assert heading == strings["result_you_won"]
    elif winner == 0:
        assert creator in heading
    page.screenshot(
        path=screenshots / f"replay-friends-end-{lang}-{viewport['width']}.png", full_page=True
    )
    # "try it again" at your own mistake
    step = next(i for i, s in enumerate(replay["steps"]) if k in s["actions"])
    page.goto(f"/{lang}/games/sisepai/replay/{deal}?step={step}")
    assert replay_step(page) == step
    expect(page.get_by_test_id("review-verdict")).to_have_attribute("data-verdict", "mistake")
    expect(page.get_by_test_id("review-try")).to_be_visible(timeout=TIMEOUT)
    page.get_by_test_id("review-try").click()
    expect(page.get_by_test_id("review-try-prompt")).to_be_visible()
    page.screenshot(
        path=screenshots / f"replay-friends-try-{lang}-{viewport['width']}.png", full_page=True
    )
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "viewport"), [("zh", PHONE), ("uk", DESKTOP)], ids=["zh-phone", "uk-desktop"]
)
def test_the_record_entered_last_is_the_one_opened(
    browser: Browser, base_url: str, lang: str, viewport: dict[str, int], screenshots: Path
) -> None:
    """A file chosen, then a record pasted: the paste is opened (the file let go of, as the form
    shows); a record pasted, then a file chosen: the file (the paste box emptied). An empty
    file is said to be empty, not "choose a file"."""
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/")
    deal, _ = finished_deal(page, "paohuzi", 21)
    record = page.request.get(f"/api/games/{deal}/record").text()
    page.goto(f"/{lang}/games/paohuzi/replay")
    strings = page.evaluate(
        "JSON.parse(document.getElementById('cardavia-config').textContent).strings"
    )
    error = page.get_by_test_id("record-error")
    said = error.locator("p")
    chosen = page.get_by_test_id("record-file")
    pasted = page.get_by_test_id("record-text")
    open_button = page.get_by_test_id("open-record-button")

    def files() -> int:
        return int(chosen.evaluate("e => e.files.length"))

    def payload(text: str) -> FilePayload:
        return {"name": "deal.json", "mimeType": "application/json", "buffer": text.encode()}

    # an empty file: said so
    chosen.set_input_files(files=payload(""))
    open_button.click()
    expect(said).to_have_text(strings["rp_empty_file"])
    # the field in error says so, and why (the accessibility audit: no aria-invalid)
    expect(chosen).to_have_attribute("aria-invalid", "true")
    expect(chosen).to_have_attribute("aria-describedby", "record-error")
    expect(pasted).not_to_have_attribute("aria-invalid", "true")
    page.screenshot(path=screenshots / f"record-empty-{lang}-{viewport['width']}.png")
    # a broken file, then the good record pasted: the file is let go of, the paste opens
    chosen.set_input_files(files=payload('{"format": '))
    pasted.fill(record)
    assert files() == 0
    expect(error).to_be_hidden()
    open_button.click()
    assert replay_step(page) == 0
    expect(error).to_be_hidden()
    # the good file chosen, then a broken record pasted: the paste is what opens (broken)
    chosen.set_input_files(files=payload(record))
    expect(pasted).to_have_value("")  # choosing a file empties the paste box
    pasted.fill('{"format": ')
    assert files() == 0
    expect(chosen).not_to_have_attribute("aria-invalid", "true")  # its error went with it
    open_button.click()
    expect(said).to_have_text(strings["rp_broken"])
    expect(pasted).to_have_attribute("aria-invalid", "true")
    expect(pasted).to_have_attribute("aria-describedby", "record-error")
    # a broken record pasted, then the good file chosen: the file opens
    page.goto(f"/{lang}/games/paohuzi/replay")
    pasted.fill('{"format": ')
    chosen.set_input_files(files=payload(record))
    expect(pasted).to_have_value("")
    open_button.click()
    assert replay_step(page) == 0
    expect(error).to_be_hidden()
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "viewport", "comma"),
    [("ru", PHONE, True), ("cs", DESKTOP, True), ("zh", DESKTOP, False)],
    ids=["ru-phone", "cs-desktop", "zh-desktop"],
)
def test_the_reviews_decimals_are_written_as_the_language_writes_them(
    browser: Browser, base_url: str, lang: str, viewport: dict[str, int], comma: bool
) -> None:
    """A mistake's reason says its loss and interval with the language's decimal separator
    ("0,8", "от 0,2 до 1,3" in Russian), not the server's "0.8" (the review mocked); what
    speaks for the hard level's move (a hint's sentence) is said under that move, not in the
    reason under yours."""
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/")
    deal, token = finished_deal(page, "sisepai", 11)
    record = page.request.get(f"/api/games/{deal}/record").json()
    k = _a_choice_of(page, deal, token, record, 0)
    position = page.request.get(
        f"/api/games/{deal}/review/{k}", headers={"Authorization": f"Bearer {token}"}
    ).json()
    played = record["actions"][k]["action"]
    better = next(a for a in position["legal_actions"] if a != played)
    loss = {"key": "review_loss", "n": None, "params": {"loss": "0.8", "low": "0.2", "high": "1.3"}}
    why: dict[str, Any] = {"key": "why_closest", "n": None, "params": {}}
    review = {
        "status": "ready",
        "seat": 0,
        "decisions": 1,
        "agreed": 0,
        "moves": [{"step": k, "played": played, "hard": better}],
        "mistakes": [{"step": k, "played": played, "better": better, "reason": [loss, why]}],
    }
    page.route(
        f"**/api/games/{deal}/review",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(review)
        ),
    )
    steps = page.request.get(
        f"/api/games/{deal}/replay", headers={"Authorization": f"Bearer {token}"}
    ).json()["steps"]
    step = next(i for i, s in enumerate(steps) if k in s["actions"])
    page.goto(f"/{lang}/games/sisepai/replay/{deal}?step={step}")
    assert replay_step(page) == step
    reason = page.get_by_test_id("review-reason")
    expect(reason).to_be_visible(timeout=TIMEOUT)
    text = reason.inner_text()
    if comma:
        assert all(n in text for n in ("0,8", "0,2", "1,3")), text
        assert not re.search(r"\d\.\d", text), text
    else:
        assert all(n in text for n in ("0.8", "0.2", "1.3")), text
    closest = page.evaluate(
        "JSON.parse(document.getElementById('cardavia-config').textContent).strings.why_closest"
    )
    assert closest and closest not in text
    said = page.locator("[data-testid=review-better] + [data-testid=review-why]")
    expect(said).to_have_text(closest)
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "viewport"), [("ru", DESKTOP), ("zh", PHONE)], ids=["ru-desktop", "zh-phone"]
)
def test_back_and_forward_show_what_the_url_names(
    browser: Browser, base_url: str, lang: str, viewport: dict[str, int]
) -> None:
    """A record opened on a deal's replay page, then Back: the deal at the step its URL names
    (and stepping writes the deal's URL); Forward: the record again. A record of another game
    carried to its page: one Back returns."""
    page = new_page(browser, base_url, viewport)
    page.goto(f"/{lang}/")
    deal, _ = finished_deal(page, "paohuzi", 21)
    other, _ = finished_deal(page, "paohuzi", 8)
    record = page.request.get(f"/api/games/{other}/record").text()
    table = page.get_by_test_id("table")
    page.goto(f"/{lang}/games/paohuzi/replay/{deal}?step=5")
    assert replay_step(page) == 5
    page.get_by_test_id("record-text").fill(record)
    page.get_by_test_id("open-record-button").click()
    page.wait_for_url(re.compile(r"/games/paohuzi/replay\?step=0$"))
    expect(table).to_have_attribute("data-step", "0")
    expect(page.get_by_test_id("download-record")).to_have_count(0)  # a record: no download
    page.go_back()
    page.wait_for_url(re.compile(rf"/replay/{deal}\?step=5$"))
    expect(table).to_have_attribute("data-step", "5", timeout=TIMEOUT)
    page.keyboard.press("End")
    expect(page.get_by_test_id("download-record")).to_have_attribute("href", re.compile(deal))
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    expect(table).to_have_attribute("data-step", "1")
    assert re.search(rf"/replay/{deal}\?step=1$", page.url)
    page.go_forward()
    page.wait_for_url(re.compile(r"/games/paohuzi/replay\?step=0$"))
    expect(table).to_have_attribute("data-step", "0")
    page.keyboard.press("End")
    expect(page.get_by_test_id("result")).to_be_visible()
    expect(page.get_by_test_id("download-record")).to_have_count(0)
    # another game's record, carried to its page: one Back is enough
    page.goto(f"/{lang}/")
    chuopai, _ = finished_deal(page, "chuopai", 2)
    page.goto(f"/{lang}/games/paohuzi/replay/{deal}")
    assert replay_step(page) == 0
    page.get_by_test_id("record-text").fill(page.request.get(f"/api/games/{chuopai}/record").text())
    page.get_by_test_id("open-record-button").click()
    page.get_by_test_id("open-there").click()
    page.wait_for_url(re.compile(r"/games/chuopai/replay"))
    assert replay_step(page) == 0
    page.go_back()
    page.wait_for_url(re.compile(rf"/games/paohuzi/replay/{deal}"))
    assert not page.errors  # type: ignore[attr-defined]


_CENTRE_AND_BAR = """() => {
    const c = document.querySelector('[data-role=centre]').getBoundingClientRect();
    const b = document.querySelector('[data-role=replay-bar]').getBoundingClientRect();
    return {top: c.top, bottom: c.bottom, bar: b.top, y: window.scrollY};
}"""


def test_a_phone_keeps_the_steps_card_clear_of_the_steps_bar(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """On a phone the steps' bar is fixed at the screen's foot: a link to a step opened the page
    with that step's card under the bar (usability walk, ru, Paohuzi). The page opened at a step
    shows its centre above the bar; a step taken while the centre is half under the bar brings
    it clear; one taken while the reader looks at a hand far from it moves nothing."""
    page = new_page(browser, base_url, PHONE)
    page.emulate_media(reduced_motion="reduce")
    page.goto("/ru/")
    deal, _ = finished_deal(page, "paohuzi", 3)
    page.goto(f"/ru/games/paohuzi/replay/{deal}?step=12")
    assert replay_step(page) == 12
    expect(page.locator("[data-role=replay-bar]")).to_have_css("position", "fixed")
    box = page.evaluate(_CENTRE_AND_BAR)
    assert box["bottom"] <= box["bar"], box
    assert box["y"] > 0
    page.screenshot(path=screenshots / "replay-phone-step12-ru.png")
    # the centre's head just above the bar's top (the next step's hands push it under the
    # bar): the next step brings it clear
    page.evaluate("(y) => window.scrollTo(0, y)", box["y"] + box["top"] - box["bar"] + 20)
    page.get_by_test_id("replay-forward").click()
    expect(page.get_by_test_id("table")).to_have_attribute("data-step", "13")
    box = page.evaluate(_CENTRE_AND_BAR)
    assert box["bottom"] <= box["bar"], box
    # at the page's top (the others' hands), a step leaves the page where it is
    page.evaluate("window.scrollTo(0, 0)")
    before = page.evaluate(_CENTRE_AND_BAR)
    assert before["top"] >= before["bar"], before
    page.get_by_test_id("replay-forward").click()
    expect(page.get_by_test_id("table")).to_have_attribute("data-step", "14")
    assert page.evaluate("window.scrollY") == 0
    assert not page.errors  # type: ignore[attr-defined]
