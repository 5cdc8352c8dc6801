"""Sì Sè Pái card faces: accessible names, colour-blind-safe marks (what every deck
shares is checked in `test_decks.py`)."""

from __future__ import annotations

import pytest

from cardavia.games.sisepai.cards import CODES, COLOURS
from cardavia.render import sisepai
from cardavia.render.fonts import glyph
from cardavia.render.sisepai import card_name, card_svg, piece_glyph
from cardavia.render.svg import LANGS
from tests.render.helpers import SVG, body, parse, path_ds

CHESS = [c for c in CODES if not c.startswith("F")]
FLOWERS = [c for c in CODES if c.startswith("F")]
COLOUR_WORDS = {
    "en": ("red", "yellow", "white", "green"),
    "zh": ("红", "黄", "白", "绿"),
    "uk": ("червон", "жовт", "біл", "зелен"),
    "es": ("rojo", "amarillo", "blanco", "verde"),
    "cs": ("červen", "žlut", "bíl", "zelen"),
    "ru": ("красн", "жёлт", "бел", "зелён"),
}


def test_33_codes() -> None:
    assert len(CODES) == 33 and len(CHESS) == 28 and len(FLOWERS) == 5


@pytest.mark.parametrize("code", CODES)
def test_english_name_leads_with_the_colour(code: str) -> None:
    root = parse(card_svg(code))
    if code in CHESS:
        colour_word = COLOUR_WORDS["en"][COLOURS.index(code[0])]
        assert root.get("aria-label", "").startswith(f"{colour_word} ")
    else:
        assert root.get("aria-label", "").startswith(f"Flower {code[1]} ")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", CODES)
def test_localized_name_names_the_colour(code: str, lang: str) -> None:
    root = parse(card_svg(code, lang=lang))
    label = root.get("aria-label", "")
    assert piece_glyph(code) in label
    if code in CHESS:
        assert COLOUR_WORDS[lang][COLOURS.index(code[0])] in label.lower()


@pytest.mark.parametrize(
    ("code", "lang", "name"),
    [
        ("rK", "en", "red General 帥 (shuài)"),
        ("gS", "en", "green Soldier 卒 (zú)"),
        ("yN", "en", "yellow Cannon 炮 (pào)"),
        ("wA", "en", "white Advisor 士 (shì)"),
        ("rK", "zh", "红帥"),
        ("gK", "zh", "绿將"),
        ("rK", "uk", "червоний генерал 帥 (shuài)"),
        ("yC", "uk", "жовта колісниця 俥 (jū)"),
        ("rK", "es", "General rojo 帥 (shuài)"),
        ("rK", "cs", "červený generál 帥 (shuài)"),
        ("wN", "cs", "bílé dělo 包 (bāo)"),
        ("rK", "ru", "красный генерал 帥 (shuài)"),
        ("gN", "ru", "зелёная пушка 包 (bāo)"),
        ("F1", "en", "Flower 1 花 (huā)"),
        ("F5", "zh", "花 5"),
        ("F2", "es", "Flor 2 花 (huā)"),
    ],
)
def test_card_names(code: str, lang: str, name: str) -> None:
    assert card_name(code, lang) == name


def test_name_without_glyph() -> None:
    assert card_name("rK", "uk", with_glyph=False) == "червоний генерал"
    assert card_name("rK", "es", with_glyph=False) == "General rojo"
    assert card_name("F3", "en", with_glyph=False) == "Flower 3"


@pytest.mark.parametrize("code", CHESS)
def test_light_glyphs_have_a_dark_outline(code: str) -> None:
    root = parse(card_svg(code))
    d = glyph(piece_glyph(code)).d
    drawn = [p for p in root.iter(f"{SVG}path") if p.get("d") == d]
    assert len(drawn) == 2  # large at the top, small upside down at the bottom
    for path in drawn:
        assert path.get("fill") == sisepai.COLOUR_FILL[code[0]]
        if code[0] in "yw":
            assert path.get("stroke") == sisepai.INK
            assert path.get("paint-order") == "stroke"


def _mark_kind(colour: str) -> str:
    """Which shape the colour's mark is: circle, triangle, square or diamond."""
    root = parse(card_svg(f"{colour}S"))
    fill = sisepai.COLOUR_FILL[colour]
    kinds = set()
    for el in root.iter():
        if el.get("fill") != fill or el.tag == f"{SVG}path":
            continue  # paths are the glyphs
        tag = el.tag.removeprefix(SVG)
        if tag == "polygon":
            tag = {3: "triangle", 4: "diamond"}[len(el.get("points", "").split())]
        kinds.add({"rect": "square"}.get(tag, tag))
    assert len(kinds) == 1, kinds  # the same shape in the corners and the middle
    return kinds.pop()


def test_the_four_colours_have_different_marks() -> None:
    kinds = {c: _mark_kind(c) for c in COLOURS}
    assert kinds == {"r": "circle", "y": "triangle", "w": "square", "g": "diamond"}
    assert len({sisepai.INITIAL[c] for c in COLOURS}) == 4
    assert len({sisepai.COLOUR_FILL[c] for c in COLOURS}) == 4


@pytest.mark.parametrize("colour", COLOURS)
def test_initial_letter_is_drawn(colour: str) -> None:
    ds = path_ds(parse(card_svg(f"{colour}K")))
    assert ds.count(glyph(sisepai.INITIAL[colour]).d) == 2  # both corners


def test_flowers_are_five_distinct_pictures() -> None:
    faces = [card_svg(code) for code in FLOWERS]
    assert len({body(face) for face in faces}) == 5
    for n, face in enumerate(faces, start=1):
        ds = path_ds(parse(face))
        assert glyph("花").d in ds
        assert glyph(str(n)).d in ds
