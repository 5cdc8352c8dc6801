"""Findings of the usability review (../shared/reviews/usability.md) about the flow of a deal,
each as the player met it: m2 (Start game resumed or dropped the deal in progress unasked), m3
(a second tab kept showing an answered question), m10 (a click made while offline was dropped
without a word), p4 (Nantong told its dealer "R for ready"), p6 (an only move still waited for
a click), p9 (Paohuzi's drawn deal said so twice). Words are checked in Chinese and Russian,
read from the catalogs the site translates with."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from cardavia.web.i18n import translations
from cardavia.web.strings import core as core_strings
from cardavia.web.strings import nantong as nantong_strings
from tests.e2e.conftest import ARTIFACTS, DESKTOP, PHONE
from tests.e2e.helpers import (
    ENABLED,
    TIMEOUT,
    answer_in_place,
    api_view,
    deal_id,
    expect_result,
    log_length,
    new_page,
    play_deal_by_clicking,
    seat_token,
    wait_for_log_past,
    wait_for_turn,
)

SIZES = {"phone": PHONE, "desktop": DESKTOP}
LANGS_AND_SIZES = [("zh", "phone"), ("ru", "desktop"), ("zh", "desktop"), ("ru", "phone")]


def _t(lang: str, key: str, strings: dict[str, str] = core_strings.STRINGS, **args: str) -> str:
    """A client string as the page shows it in `lang`."""
    text: str = translations(lang).gettext(strings[key])
    return text % args if args else text


def _page(browser: Browser, base_url: str, size: str) -> Page:
    return new_page(browser, base_url, SIZES[size])


def _shot(page: Page, name: str, full_page: bool = False) -> None:
    page.screenshot(path=str(ARTIFACTS / f"flow-{name}.png"), full_page=full_page)


def _play_by_api(page: Page, game: str, seed: int) -> str:
    """A deal of `game` on `seed` played to its end through the API (pass when offered, else
    the first legal action), its seat token kept in the page's browser; returns its id."""
    made = page.request.post("/api/games", data={"game": game, "seed": seed, "level": "greedy"})
    assert made.status == 201, made.text()
    body = made.json()
    deal, token, view = body["id"], body["token"], body["view"]
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(500):
        if view["over"]:
            break
        if not view["legal_actions"]:
            view = page.request.get(f"/api/games/{deal}?wait={view['version']}", headers=auth)
            view = view.json()["view"]
            continue
        legal = view["legal_actions"]
        action = "pass" if "pass" in legal else legal[0]
        answer = page.request.post(
            f"/api/games/{deal}/actions",
            data={"action": action, "version": view["version"]},
            headers=auth,
        )
        assert answer.ok, answer.text()
        view = answer.json()["view"]
    assert view["over"], "the deal did not end"
    page.add_init_script(
        f"localStorage.setItem('cardavia.tokens', JSON.stringify({json.dumps({deal: token})}))"
    )
    return str(deal)


# ---------------------------------------------------------------- m2: Resume your deal


@pytest.mark.parametrize(("lang", "size"), LANGS_AND_SIZES[:2])
def test_m2_start_game_offers_resume_beside_new_deal_and_drops_no_deal(
    browser: Browser, base_url: str, lang: str, size: str
) -> None:
    """Usability review m2: with a deal in progress, the home page's Start game form shows
    Resume your deal (its level, who is to play) next to New deal; New deal at another level
    deals a new one, Resume opens the old; the table opened at another level goes on with the
    deal in progress and says so, rather than dropping it."""
    page = _page(browser, base_url, size)
    page.goto(f"/{lang}/")
    form = page.locator("[data-testid=start-form][data-game=paohuzi]")
    expect(form.locator("[data-testid=resume-deal]")).to_have_count(0)  # nothing to resume yet
    form.locator("label[for=level-paohuzi-easy]").click()
    form.locator("[data-role=start]").click()
    assert wait_for_turn(page) in ("your-turn", "over")
    easy = deal_id(page)
    assert api_view(page, easy)["level"] == "easy"
    if api_view(page, easy)["over"]:
        pytest.skip("the AI won before the first decision")  # a random deal, rarely

    page.goto(f"/{lang}/")
    resume = form.locator("[data-testid=resume-deal]")
    easy_name = translations(lang).gettext("Easy")
    expect(resume).to_have_text(
        translations(lang).gettext("Resume your deal (%(level)s · your turn)")
        % {"level": easy_name},
        timeout=TIMEOUT,
    )
    start = form.locator("[data-role=start]")
    expect(start).to_have_text(_t(lang, "new_deal"))
    form.scroll_into_view_if_needed()
    _shot(page, f"m2-home-resume-{lang}-{size}")

    # New deal at Hard: a new deal, the Easy one left as it was
    form.locator("label[for=level-paohuzi-hard]").click()
    start.click()
    assert wait_for_turn(page) in ("your-turn", "over")
    hard = deal_id(page)
    assert hard != easy and "new=" not in page.url  # a reload goes on with it
    assert api_view(page, hard)["level"] == "hard"
    assert not api_view(page, easy)["over"]

    # Resume, from the rules page's form: the deal in progress, at its level
    if not api_view(page, hard)["over"]:
        page.goto(f"/{lang}/games/paohuzi")
        rules_form = page.locator("[data-testid=start-form][data-game=paohuzi]")
        link = rules_form.locator("[data-testid=resume-deal]")
        expect(link).to_contain_text(translations(lang).gettext("Hard"), timeout=TIMEOUT)
        # a friend's seat chosen: New deal (a table for friends) is the main button, not
        # Resume (usability walk, cs)
        rules_start = rules_form.locator("[data-role=start]")
        expect(link).to_have_class(re.compile(r"\bbutton-primary\b"))
        expect(rules_start).not_to_have_class(re.compile(r"\bbutton-primary\b"))
        rules_form.locator("[data-testid=seat-picker] summary").click()
        rules_form.locator("[data-testid=seat-kind-1]").select_option("friend")
        expect(rules_start).to_have_class(re.compile(r"\bbutton-primary\b"))
        expect(link).not_to_have_class(re.compile(r"\bbutton-primary\b"))
        rules_form.locator("[data-testid=seat-kind-1]").select_option("ai")
        expect(link).to_have_class(re.compile(r"\bbutton-primary\b"))
        link.click()
        assert wait_for_turn(page) in ("your-turn", "over")
        assert deal_id(page) == hard

        # the table asked for another level (a form without its script, an old link): the deal
        # in progress goes on, and the notice says how to get a new one
        page.goto(f"/{lang}/games/paohuzi/table?level=easy")
        assert wait_for_turn(page) in ("your-turn", "over")
        assert deal_id(page) == hard
        notice = _t(
            lang,
            "notice_resumed_level",
            level=translations(lang).gettext("Hard"),
            asked=easy_name,
        )
        expect(page.locator("[data-role=notice]")).to_have_text(notice)
        _shot(page, f"m2-table-resumed-{lang}-{size}")
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------- m3: a second tab follows


def test_m3_a_tab_showing_a_decision_follows_an_answer_made_in_another(
    browser: Browser, base_url: str
) -> None:
    """Usability review m3: the same seat in two tabs; the question answered in tab 2 goes
    from tab 1 without a click, also at the first decision of a deal begun with New deal (the
    table listened at your turn only after a move of its own)."""
    page = _page(browser, base_url, "desktop")
    page.goto("/en/games/sisepai/table?seed=7&level=greedy")
    play_deal_by_clicking(page)
    expect_result(page)

    # the next deal is on seed 7, which asks you first (the end sheet's New deal picks at random)
    def seeded(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        route.continue_(post_data=json.dumps({**body, "seed": 7}))

    page.route("**/api/games", seeded)
    page.get_by_test_id("new-deal").click()
    assert wait_for_turn(page) == "your-turn"
    deal = deal_id(page)
    asked = api_view(page, deal)["version"]
    question = page.get_by_test_id("turn-status").inner_text()
    logged = log_length(page)

    second = page.context.new_page()
    second.goto(f"/en/games/sisepai/table?deal={deal}")
    assert wait_for_turn(second) == "your-turn"
    answer_in_place(second)

    # tab 1 shows the deal past the question it was asking, with no click of its own
    wait_for_log_past(page, logged)
    expect(page.get_by_test_id("turn-status")).not_to_have_text(question, timeout=TIMEOUT)
    expect(page.locator("[data-role=notice]")).to_be_hidden()  # no "moved on" after a click
    assert api_view(page, deal)["version"] > asked
    _shot(page, "m3-first-tab-followed")
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------- m10: a click made offline


@pytest.mark.parametrize(("lang", "size"), LANGS_AND_SIZES[:2])
def test_m10_a_click_made_offline_that_the_table_moved_past_is_said_not_to_count(
    browser: Browser, base_url: str, lang: str, size: str
) -> None:
    """Usability review m10: the connection is lost, you click Pass; meanwhile your seat
    answers elsewhere (another device with the same seat), so when the connection is back your
    Pass cannot count: the page says so, in words, and shows the current question. (A click
    the table can still take goes through once the site is back: test_restart.)"""
    page = _page(browser, base_url, size)
    page.goto(f"/{lang}/games/paohuzi/table?seed=5&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    deal = deal_id(page)
    before = api_view(page, deal)
    token = seat_token(page, deal)
    assert "pass" in before["legal_actions"]

    page.context.set_offline(True)
    page.get_by_test_id("pass").click()
    notice = page.locator("[data-role=notice]")
    expect(notice).to_have_text(_t(lang, "err_network"), timeout=TIMEOUT)
    _shot(page, f"m10-offline-click-{lang}-{size}")

    # the same seat answers on another device: not a pass
    other = browser.new_context(base_url=base_url)
    other_choice = next(a for a in before["legal_actions"] if a != "pass")
    made = other.request.post(
        f"/api/games/{deal}/actions",
        data={"action": other_choice, "version": before["version"]},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert made.ok, made.text()
    other.close()

    page.context.set_offline(False)
    expect(notice).to_have_text(_t(lang, "err_move_lost"), timeout=TIMEOUT)
    assert wait_for_turn(page) in ("your-turn", "over")
    now = api_view(page, deal)
    assert now["version"] > before["version"]
    # the pass is nowhere: the deal's answers of yours hold the other device's only
    mine = [e for e in now["log"] if e["kind"] == "answer" and e.get("seat") == 0]
    assert [e.get("action") for e in mine][:1] != ["pass"], mine
    page.wait_for_function(
        "v => document.querySelector('[data-testid=table]').dataset.state !== 'waiting'",
        arg=now["version"],
        timeout=TIMEOUT,
    )
    _shot(page, f"m10-back-{lang}-{size}")
    # the notice stays until your next move
    if now["legal_actions"] and not now["over"]:
        answer_in_place(page)
        expect(notice).not_to_have_text(_t(lang, "err_move_lost"))
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------- p4: Nantong's keyboard help


@pytest.mark.parametrize("lang", ["zh", "ru"])
def test_p4_nantong_keyboard_help_names_only_the_keys_of_the_answers_offered(
    browser: Browser, base_url: str, lang: str
) -> None:
    """Usability review p4: on seed 16 the dealer (you) opens with a four to declare and no
    ready hand (the dealer never declares ready, NT§1.1): the help names the declaration's
    number and F, not R."""
    page = _page(browser, base_url, "desktop")
    page.goto(f"/{lang}/games/nantong/table?seed=16&level=greedy")
    assert wait_for_turn(page) == "your-turn"
    view = api_view(page, deal_id(page))
    assert "finish" in view["legal_actions"] and "ready" not in view["legal_actions"]
    help_line = page.locator("#hand-hint")
    expect(help_line).to_have_text(_t(lang, "nt_opening_hint_no_ready", nantong_strings.STRINGS))
    assert "R" not in help_line.inner_text()
    expect(page.locator(f"[data-action=ready]{ENABLED}")).to_have_count(0)
    _shot(page, f"p4-nantong-dealer-opening-{lang}")
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------- p6: the only move


@pytest.mark.parametrize(("lang", "size"), LANGS_AND_SIZES[:2])
def test_p6_an_only_move_is_made_for_you_and_said(
    browser: Browser, base_url: str, lang: str, size: str
) -> None:
    """Usability review p6: on Sì Sè Pái seed 11 your first decision has one legal action, to
    keep the General you drew (SSP-4): the table makes it without a click and says so; the
    next decision waits for you."""
    page = _page(browser, base_url, size)
    page.goto(f"/{lang}/games/sisepai/table?seed=11&level=greedy")
    news = page.locator("[data-role=news]")
    prefix = _t(lang, "notice_forced_move").split("%(move)s")[0]
    expect(news).to_contain_text(prefix, timeout=TIMEOUT)
    assert wait_for_turn(page) in ("your-turn", "over")
    view = api_view(page, deal_id(page))
    kept = [e for e in view["log"] if e["kind"] == "claim" and e.get("seat") == 0]
    assert kept and kept[0]["group_kind"] == "general", kept  # the only move was made
    assert len(set(view["legal_actions"])) != 1 or view["over"]  # and a choice waits now
    line = news.inner_text()[len(prefix) :]
    assert line in page.get_by_test_id("log").inner_text()  # named by its log line
    _shot(page, f"p6-only-move-made-{lang}-{size}")
    assert not page.errors  # type: ignore[attr-defined]


# ---------------------------------------------------------------- p9: one drawn message


@pytest.mark.parametrize(("lang", "size"), LANGS_AND_SIZES)
def test_p9_a_drawn_paohuzi_deal_says_so_once(
    browser: Browser, base_url: str, lang: str, size: str
) -> None:
    """Usability review p9: Paohuzi's seed 1, played with passes, is drawn (nobody won before
    the stock ran out): the end sheet's heading says so, and the status line above it does not
    say it again."""
    page = _page(browser, base_url, size)
    deal = _play_by_api(page, "paohuzi", 1)
    page.goto(f"/{lang}/games/paohuzi/table?deal={deal}")
    expect_result(page)
    heading = page.locator("#result-heading")
    expect(heading).to_have_text(_t(lang, "result_drawn"))
    status = page.get_by_test_id("turn-status")
    expect(status).to_be_hidden()
    visible = page.evaluate(
        "t => [...document.querySelectorAll('#table *')].filter(el => el.checkVisibility()"
        " && [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.includes(t))).length",
        _t(lang, "result_drawn"),
    )
    assert visible == 1, visible
    page.locator("[data-testid=result]").scroll_into_view_if_needed()
    _shot(page, f"p9-paohuzi-drawn-{lang}-{size}")
    assert not page.errors  # type: ignore[attr-defined]
