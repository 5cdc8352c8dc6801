"""What every deck's renderer promises, checked for each: valid standalone SVG named in every
language (English as the fallback), glyphs as paths, no ids, cached deterministic output, and
no imports of the web layer, game state or fontTools."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest

from cardavia.render import longcards, numbercards, sichuan, sisepai
from cardavia.render.fonts import glyph, glyphs
from cardavia.render.svg import LANGS
from tests.render.helpers import SVG, body, parse, path_ds


@dataclass(frozen=True)
class Deck:
    module: ModuleType
    view_box: str
    printed: Callable[[str], str]  # the Chinese characters drawn on a face
    glyphs: str  # every character the deck's faces draw
    sample: tuple[str, str]  # a code and its English name
    bad_codes: tuple[str, ...]
    max_size: int  # characters in one face's SVG
    games: tuple[str, ...] = ()  # the `cardavia.games` modules it may import (card data only)


DECKS = {
    "sisepai": Deck(
        sisepai,
        "0 0 40 104",
        sisepai.piece_glyph,
        "帥仕相俥傌炮兵將士象車馬包卒花RYWG12345",
        ("rK", "red General 帥 (shuài)"),
        ("", "rX", "xK", "F0", "F6", "rKK"),
        6000,
        games=("cardavia.games.sisepai.cards",),
    ),
    "numbercards": Deck(
        numbercards,
        "0 0 40 128",  # about 1:3.2
        numbercards.numeral_glyph,
        "一二三四五六七八九十壹貳參肆伍陸柒捌玖拾0123456789",
        ("s3", "small 3 (三)"),
        ("", "s0", "s11", "L0", "x1", "S1", "l1", "s01", "L10 ", "L"),
        8000,
    ),
    "longcards": Deck(
        longcards,
        "0 0 40 140",  # 1:3.5
        longcards.printed_glyphs,
        "一二三四五六七八九萬條餅千白花紅123456789",
        ("5C", "5 of Coins"),
        ("", "0M", "10M", "5X", "M5", "t", "TT", "5c", "W "),
        12000,
    ),
    "sichuan": Deck(
        sichuan,
        "0 0 40 144",  # 1:3.6
        sichuan.PRINTED_NAMES.__getitem__,
        "".join(sichuan.PRINTED_NAMES.values()),
        ("6-6", "Heaven 6-6"),
        ("", "6-1", "0-1", "1-7", "7-7", "1-1 ", "11", "1_1", "6 - 6"),
        8000,
    ),
}
BACK_NAMES = {
    "en": "card back",
    "zh": "牌背",
    "uk": "сорочка карти",
    "es": "dorso de carta",
    "cs": "rub karty",
    "ru": "рубашка карты",
}
PACKAGE = Path(sisepai.__file__).parent

decks = pytest.mark.parametrize("deck", DECKS.values(), ids=DECKS.keys())
faces = pytest.mark.parametrize(
    ("deck", "code"),
    [
        pytest.param(deck, code, id=f"{name}-{code}")
        for name, deck in DECKS.items()
        for code in deck.module.CODES
    ],
)


@faces
def test_face_is_valid_svg_with_accessible_name(deck: Deck, code: str) -> None:
    for lang in LANGS:
        root = parse(deck.module.card_svg(code, lang=lang))
        assert root.get("role") == "img"
        assert root.get("viewBox") == deck.view_box
        assert root.get("width") is None and root.get("height") is None  # CSS sizes it
        title = root.find(f"{SVG}title")
        assert title is not None
        assert title.text == root.get("aria-label") == deck.module.card_name(code, lang), lang


@decks
@pytest.mark.parametrize("lang", LANGS)
def test_names_are_distinct_in_every_language(deck: Deck, lang: str) -> None:
    codes = deck.module.CODES
    assert len({deck.module.card_name(c, lang) for c in codes}) == len(codes)


@decks
def test_unknown_language_falls_back_to_english(deck: Deck) -> None:
    module = deck.module
    code, english = deck.sample
    assert module.card_name(code, "xx") == english
    for code in module.CODES:
        assert module.card_name(code, "xx") == module.card_name(code, "en")
        assert module.card_svg(code, lang="xx") == module.card_svg(code, lang="en")
    assert module.card_back_svg(lang="xx") == module.card_back_svg(lang="en")


@faces
def test_glyphs_are_paths_not_text(deck: Deck, code: str) -> None:
    svg = deck.module.card_svg(code)
    root = parse(svg)
    assert not list(root.iter(f"{SVG}text"))
    assert not any("\u3400" <= ch <= "\u9fff" for ch in body(svg))
    ds = path_ds(root)
    for char in deck.printed(code):
        assert glyph(char).d in ds, char


@decks
def test_back(deck: Deck) -> None:
    module = deck.module
    for lang, name in BACK_NAMES.items():
        root = parse(module.card_back_svg(lang=lang))
        assert root.get("role") == "img"
        assert root.get("viewBox") == deck.view_box
        assert root.get("aria-label") == name
        assert not list(root.iter(f"{SVG}text"))
    assert module.card_back_svg() == module.card_back_svg(lang="en")
    back = body(module.card_back_svg())
    assert back not in {body(module.card_svg(c)) for c in module.CODES}


@decks
def test_no_ids_so_faces_can_be_inlined_many_times(deck: Deck) -> None:
    module = deck.module
    for svg in (*(module.card_svg(c) for c in module.CODES), module.card_back_svg()):
        assert not [el for el in parse(svg).iter() if el.get("id")]


@decks
def test_deterministic_and_compact(deck: Deck) -> None:
    module = deck.module
    for code in module.CODES:
        svg = module.card_svg(code)
        assert module.card_svg.__wrapped__(code) == svg
        assert len(svg) < deck.max_size
        assert module.card_svg(code, lang="en") == svg  # English by default
        assert module.card_name(code) == module.card_name(code, "en")
    code = deck.sample[0]
    assert module.card_svg(code) is module.card_svg(code)  # cached


@pytest.mark.parametrize(
    ("deck", "bad"),
    [
        pytest.param(deck, bad, id=f"{name}-{bad!r}")
        for name, deck in DECKS.items()
        for bad in deck.bad_codes
    ],
)
def test_unknown_code(deck: Deck, bad: str) -> None:
    with pytest.raises(ValueError, match="unknown"):
        deck.module.card_svg(bad)
    with pytest.raises(ValueError, match="unknown"):
        deck.module.card_name(bad)


@decks
def test_glyph_data_is_complete(deck: Deck) -> None:
    assert set(deck.glyphs) <= set(glyphs())


def test_glyph_data_is_licensed() -> None:
    package = resources.files("cardavia.render")
    licence = package.joinpath("GLYPHS-LICENSE.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto" in licence


def _imports(source: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append(node.module or "")
    return names


def test_render_imports_are_pure() -> None:
    """No module of the package imports the web layer or fontTools; only a deck's own module
    imports game modules, and only the card data its deck declares."""
    games = {deck.module.__name__: deck.games for deck in DECKS.values()}
    for source in PACKAGE.glob("*.py"):
        allowed = games.get(f"cardavia.render.{source.stem}", ())
        for name in _imports(source):
            assert not name.startswith(("cardavia.web", "fontTools")), (source, name)
            assert not name.startswith("cardavia.games") or name in allowed, (source, name)


@decks
def test_render_is_pure_at_run_time(deck: Deck) -> None:
    """Rendering loads no web layer or fontTools, and of the games only the declared card data
    (with its parent packages)."""
    code = (
        f"import sys, {deck.module.__name__} as m; m.card_svg({deck.sample[0]!r}); "
        "m.card_back_svg(); print(sorted(n for n in sys.modules if n.startswith("
        "('cardavia.web', 'cardavia.games', 'fontTools'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(out.stdout.strip()))
    # the declared modules and their packages, from `cardavia.games` down
    allowed = {name.rsplit(".", k)[0] for name in deck.games for k in range(name.count("."))}
    assert loaded <= allowed
