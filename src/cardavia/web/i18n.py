"""Languages of the site: gettext catalogs read with Babel, the current language per request.

Catalogs are the `.po` files under `cardavia/locale/`; they are compiled in memory at startup, so
no binary `.mo` files are kept in the repository. English is the source language.
"""

from __future__ import annotations

import gettext as _gettext
import io
from contextvars import ContextVar
from functools import cache
from importlib.resources import files

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DEFAULT = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "zh": "中文",
    "uk": "Українська",
    "es": "Español",
    "cs": "Čeština",
    "ru": "Русский",
}
_current: ContextVar[str] = ContextVar("cardavia_lang", default=DEFAULT)


def locale_dir() -> str:
    return str(files("cardavia") / "locale")


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    path = files("cardavia") / "locale" / lang / "LC_MESSAGES" / "messages.po"
    try:
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
    except FileNotFoundError:
        return _gettext.NullTranslations()
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def set_language(lang: str) -> None:
    _current.set(lang if lang in LANGUAGES else DEFAULT)


def current_language() -> str:
    return _current.get()


def gettext(message: str) -> str:
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).ngettext(singular, plural, n)


def plural_categories(lang: str) -> dict[str, int]:
    """CLDR plural category -> gettext form index, for the browser's Intl.PluralRules."""
    order = {
        "zh": ["other"],
        "en": ["one", "other"],
        "es": ["one", "other"],
        "uk": ["one", "few", "many"],
        "ru": ["one", "few", "many"],
        "cs": ["one", "few", "other"],
    }[lang]
    mapping = {cat: i for i, cat in enumerate(order)}
    if lang in ("ru", "uk"):
        # "other" is a fraction's there ("1,5 очка", "2,5 туна"): the "few" form, not "many"
        mapping["other"] = 1
    for cat in ("zero", "two", "few", "many", "other"):
        mapping.setdefault(cat, len(order) - 1)
    return mapping


def negotiate(accept_language: str | None) -> str:
    """The best site language for an Accept-Language header (q-values respected)."""
    if not accept_language:
        return DEFAULT
    prefs: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if tag and q > 0:
            prefs.append((-q, i, tag.strip()))
    for _, _, tag in sorted(prefs):
        try:
            lang = Locale.parse(tag, sep="-").language
        except (ValueError, TypeError, UnknownLocaleError):
            # A tag Babel does not know ('zz', 'tlh', 'x-klingon') is skipped, not an error:
            # its first subtag may still name one of ours ('en-XX'), else the next tag counts.
            lang = tag.split("-")[0].lower()
        if lang in LANGUAGES:
            return lang
    return DEFAULT
