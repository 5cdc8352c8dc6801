"""Translations (site.md, Languages): every catalog complete, nothing fuzzy, placeholders kept,
plural forms right, and the catalogs in step with the messages in the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from cardavia.web.i18n import LANGUAGES, translations

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "cardavia"
LOCALE = PACKAGE / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"%\([a-z_]+\)s|\{[a-z_]+\}")
NPLURALS = {"zh": 1, "es": 2, "uk": 3, "ru": 3, "cs": 3}


def _catalog(lang: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return read_po(fh, locale=lang)


def _messages(catalog: Catalog) -> list:  # type: ignore[type-arg]
    return [m for m in catalog if m.id]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_complete_and_not_fuzzy(lang: str) -> None:
    catalog = _catalog(lang)
    assert catalog.num_plurals == NPLURALS[lang]
    for message in _messages(catalog):
        assert not message.fuzzy, f"{lang}: fuzzy {message.id!r}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), f"{lang}: untranslated {message.id!r}"
        if message.pluralizable:
            assert len(strings) == NPLURALS[lang], f"{lang}: plural forms of {message.id!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match(lang: str) -> None:
    for message in _messages(_catalog(lang)):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) == wanted, f"{lang}: {message.id!r} -> {s!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_number_keeps_its_percent_sign(lang: str) -> None:
    """Where a language puts a space before "%" (Czech, Spanish), it is a no-break space: with
    a plain one, "tvůj 45" ended a line of the review and "%." began the next (QA)."""
    number = re.compile(r"(?:\)s|\d) %%")
    for message in _messages(_catalog(lang)):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for s in strings:
            assert not number.search(s), f"{lang}: {s!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_babels_own_checks_pass(lang: str) -> None:
    """What `pybabel compile` checks (a python-format message's placeholders, plural forms):
    a "%" in an English text must be written "%%", or the compile of an operator's catalogs
    fails ("Your win share (95% interval)" read "% i" as a placeholder)."""
    problems = [(m.id, [str(e) for e in errors]) for m, errors in _catalog(lang).check()]
    assert not problems, f"{lang}: {problems}"


def test_catalogs_cover_every_message_in_the_code() -> None:
    """A message added to a template or module but not to the catalogs fails here
    (run scripts/i18n, then translate)."""
    method_map = [("**.py", "python"), ("web/templates/**.html", "jinja2")]
    options = {"web/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    keywords = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "NP_": (1, 2)}
    found = {
        msg if isinstance(msg, str) else msg[0]
        for _, _, msg, _, _ in extract_from_dir(str(PACKAGE), method_map, options, keywords)
    }
    for lang in TRANSLATED:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in _messages(_catalog(lang))}
        missing = found - ids
        assert not missing, f"{lang} lacks {sorted(missing)[:5]}"


# placeholders that stand for a seat's name ("AI 2"); "You" has keys of its own
SEAT_NAME = re.compile(r"%\((seat|from|seats)\)s")
CJK = re.compile(r"[\u3400-\u9fff]")


def test_chinese_spaces_seat_names_off_its_words() -> None:
    """Chinese sets a Latin name such as "AI 2" off with spaces ("AI 2 要了 AI 1 打出的…"), as
    every line about you does; a name run into the characters ("要了AI 1打出的") reads badly."""
    tight = []
    for message in _messages(_catalog("zh")):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for s in strings:
            for found in SEAT_NAME.finditer(s):
                around = s[found.start() - 1 : found.start()] + s[found.end() : found.end() + 1]
                if CJK.search(around):
                    tight.append(s)
    assert not tight, tight


@pytest.mark.parametrize(
    ("lang", "few", "many"),
    [
        ("ru", "3 твоих старых генерала", "5 твоих старых генералов"),
        ("uk", "3 твоїх старих генерали", "5 твоїх старих генералів"),
    ],
)
def test_a_few_old_generals_take_the_few_form(lang: str, few: str, many: str) -> None:
    """Nantong's hint counts your old generals: 2–4 take the noun's "few" form in Russian and
    Ukrainian ("3 генерала", "3 генерали"), not the "many" form of 5 and up (usability
    walk-through: "сохраняет 3 твоих старых генералов")."""
    message = next(
        m for m in _messages(_catalog(lang)) if isinstance(m.id, tuple) and "old general" in m.id[0]
    )
    said, singular, plural = translations(lang), message.id[0], message.id[1]
    assert few in said.ngettext(singular, plural, 3) % {"n": 3}
    assert many in said.ngettext(singular, plural, 5) % {"n": 5}
