"""The guided first deals (docs/learn.md, issue 24 item 8): every game's script replays with the
engine, each lesson's intended action legal for the learner where the script puts it, the deal
ending as the script says; every lesson has its texts in the six languages and a rules section
that exists; the steps a learner is sent hold only the learner's own concealed cards."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from cardavia.games.registry import GAMES
from cardavia.rules.core import State
from cardavia.table.learn import (
    DEAL_TEXTS,
    LANGUAGES,
    TEXT_FIELDS,
    GuidedDeal,
    ScriptError,
    check,
    load,
    steps,
    texts,
)
from cardavia.web.content import rules_page

GAME_IDS = sorted(GAMES)
# about 4-8 taught decisions a deal keeps its translations manageable (issue 24, item 8)
FEWEST, MOST = 3, 8


def _section_ids(game: str, lang: str) -> set[str]:
    page = rules_page(game, lang)
    assert page is not None, f"{game}: no rules page in {lang}"
    return {entry.id for entry in page.toc} | {
        child.id for entry in page.toc for child in entry.children
    }


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_has_a_guided_deal_the_engine_accepts(game: str) -> None:
    deal = load(game)
    final = check(deal, GAMES)  # raises ScriptError naming the step that fails
    result = final.result()
    assert result is not None and result.winners == deal.winners
    assert result.scores == deal.scores
    assert FEWEST <= len(deal.lessons) <= MOST, f"{game}: {len(deal.lessons)} lessons"


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_intended_action_is_the_learners_legal_choice_at_its_step(game: str) -> None:
    """Replayed step by step here too, not only by `check`: each lesson's action is legal for
    the learner just before the deal plays it, and is what the deal plays."""
    deal = load(game)
    state: State = GAMES[game].new_deal(deal.seed, deal.dealer)
    taught = {lesson.at: lesson for lesson in deal.lessons}
    for i, (seat, action) in enumerate(deal.actions):
        if i in taught:
            assert seat == deal.seat
            assert taught[i].action in state.legal_actions(deal.seat), (game, i)
            assert taught[i].action == action
        state.apply(seat, action)
    assert state.is_over()


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_lesson_cites_a_rules_section_and_a_clause(game: str) -> None:
    deal = load(game)
    prefix = {"sisepai": "SSP-", "paohuzi": "PHZ-", "erqishi": "ER-"}.get(game)
    for lang in LANGUAGES:
        ids = _section_ids(game, lang)  # the same ids in every language (web/content.py)
        for lesson in deal.lessons:
            assert lesson.section in ids, f"{game}/{lang}: no section #{lesson.section}"
    for lesson in deal.lessons:
        # the spec's clause ids (shared/rules/<game>.md): SSP-8, NT§3.2, CP§3.9, PHZ-7, ER-9
        assert lesson.clause[:2].isalpha() and any(c.isdigit() for c in lesson.clause)
        if prefix:
            assert lesson.clause.startswith(prefix), (game, lesson.clause)


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_is_there_in_every_language(game: str, lang: str) -> None:
    deal = load(game)
    words = texts(game, lang)
    keys = {lesson.key for lesson in deal.lessons}
    for key in DEAL_TEXTS:
        assert isinstance(words.get(key), str) and words[key].strip(), f"{game}/{lang}: {key}"
    for key in keys:
        for field in TEXT_FIELDS:
            text = words.get(key, {}).get(field)
            assert isinstance(text, str) and text.strip(), f"{game}/{lang}: {key}.{field}"
    extra = set(words) - keys - set(DEAL_TEXTS)
    assert not extra, f"{game}/{lang}: texts of no lesson: {sorted(extra)}"


def _named_terms(lang: str) -> dict[str, str]:
    """The catalog's names of two or three capitalised words ("Tian Jiu", "Di Ba") that `lang`
    writes otherwise ("Тянь Цзю"): what the table's buttons and the rules page call them."""
    from babel.messages.pofile import read_po

    from cardavia.web.i18n import locale_dir

    with (Path(locale_dir()) / lang / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalog = read_po(po)
    return {
        m.id: m.string
        for m in catalog
        if isinstance(m.id, str)
        and isinstance(m.string, str)
        and m.string
        and m.string != m.id
        and re.fullmatch(r"[A-Z][a-z]+( [A-Z][a-z]+){1,2}", m.id)
    }


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_lessons_name_things_as_the_table_does(lang: str) -> None:
    """docs/learn.md: say what to do the way the table's button says it (usability walk of
    2026-12-06: the uk and ru Chuo Pai lessons said "Tian Jiu" beside a button "Тянь Цзю")."""
    terms = _named_terms(lang)
    assert terms or lang == "es", lang  # the catalog was read
    for game in GAME_IDS:
        text = json.dumps(texts(game, lang), ensure_ascii=False)
        for term, theirs in terms.items():
            assert not re.search(rf"\b{term}\b", text), f"{game}/{lang}: {term!r}, not {theirs!r}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_learner_is_sent_only_its_own_concealed_cards(game: str) -> None:
    """Each step is the learner's observation: its hand is the learner's, and no other seat's
    concealed cards are in it (architecture.md §2: another seat's cards never reach a player)."""
    deal = load(game)
    sent = steps(deal, GAMES[game])
    assert len(sent) == len(deal.lessons) + 1
    replayed = GAMES[game].new_deal(deal.seed, deal.dealer)
    taught = {lesson.at: n for n, lesson in enumerate(deal.lessons)}
    for i, (seat, action) in enumerate(deal.actions):
        if i in taught:
            step = sent[taught[i]]
            assert step["table"] == replayed.observation(deal.seat)
            assert step["legal_actions"] == replayed.legal_actions(deal.seat)
            assert deal.lessons[taught[i]].action in step["legal_actions"]
        replayed.apply(seat, action)
    for step in sent:
        # a dealt hand in the log is the learner's own, never another seat's
        assert all(e["seat"] == deal.seat for e in step["log"] if "hand" in e)
        # the tables after the moves since the step before, to show them one by one: the
        # learner's own observation too, and only for those moves
        shown = [e for e in step["log"] if "table" in e]
        assert all(e["table"]["seat"] == deal.seat and e["v"] > step["since"] for e in shown)
        assert all(e["table"]["game"] == game for e in shown)
        for other in range(GAMES[game].players):
            if other != deal.seat:
                assert not step["table"]["seats"][other].get("hand")
    assert sent[-1]["over"] and sent[-1]["lesson"] is None
    assert sent[-1]["result"]["scores"] == list(deal.scores)


def test_a_script_the_rules_refuse_fails_naming_its_step() -> None:
    """What CI would say if a rules change broke a script: the lesson, the action, what is legal."""
    game = GAME_IDS[0]
    deal = load(game)
    lesson = deal.lessons[0]
    wrong = "pass" if lesson.action != "pass" else "win"
    bad_lesson = dataclasses.replace(lesson, action=wrong)
    broken = dataclasses.replace(deal, lessons=(bad_lesson, *deal.lessons[1:]))
    with pytest.raises(ScriptError, match=rf"lesson {lesson.key!r}.*not legal at action"):
        check(broken, GAMES)


def test_a_deal_that_ends_otherwise_than_its_script_says_fails() -> None:
    deal = load(GAME_IDS[0])
    other = dataclasses.replace(deal, scores=tuple(s + 1 for s in deal.scores))
    with pytest.raises(ScriptError, match="the script says"):
        check(other, GAMES)
    short = dataclasses.replace(deal, actions=deal.actions[:-1], lessons=deal.lessons[:-1])
    with pytest.raises(ScriptError, match="not over"):
        check(short, GAMES)


def test_a_game_without_a_guided_deal_is_named() -> None:
    with pytest.raises(ScriptError, match="no-such-game: no guided deal"):
        load("no-such-game")


def test_a_lesson_must_be_the_learners_decision() -> None:
    deal = load(GAME_IDS[0])
    theirs = next(i for i, (seat, _) in enumerate(deal.actions) if seat != deal.seat)
    lesson = dataclasses.replace(deal.lessons[0], at=theirs, action=deal.actions[theirs][1])
    moved = GuidedDeal(**{**dataclasses.asdict(deal), "lessons": (lesson,)})
    with pytest.raises(ScriptError, match="not the learner's"):
        check(moved, GAMES)
