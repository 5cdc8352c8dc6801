"""Nantong long cards: accessible names, printed colours, suit and honour pictures (nantong.md
§3; what every deck shares is checked in `test_decks.py`)."""

from __future__ import annotations

import pytest

from cardavia.render import longcards
from cardavia.render.fonts import glyph
from cardavia.render.longcards import CODES, INK, RED, card_name, card_svg, printed_glyphs
from cardavia.render.svg import LANGS
from tests.render.helpers import SVG, body, glyph_fills, parse, path_ds

SUITED = [c for c in CODES if len(c) == 2]
HONOURS = ["T", "W", "R"]


def test_30_identities_in_spec_order() -> None:
    """nantong.md §3: 1M…9M, 1S…9S, 1C…9C, then T, W, R."""
    assert len(CODES) == len(set(CODES)) == 30
    assert CODES[:9] == tuple(f"{n}M" for n in range(1, 10))
    assert CODES[9:18] == tuple(f"{n}S" for n in range(1, 10))
    assert CODES[18:27] == tuple(f"{n}C" for n in range(1, 10))
    assert CODES[27:] == ("T", "W", "R")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", CODES)
def test_localized_names(code: str, lang: str) -> None:
    label = parse(card_svg(code, lang=lang)).get("aria-label", "")
    if code in HONOURS and lang != "zh":
        assert label.endswith(f"({printed_glyphs(code)})")


@pytest.mark.parametrize(
    ("code", "lang", "name"),
    [
        ("5C", "en", "5 of Coins"),
        ("1M", "en", "1 of Myriads"),
        ("9S", "en", "9 of Strings"),
        ("T", "en", "Thousand (千)"),
        ("W", "en", "White Flower (白花)"),
        ("R", "en", "Red Flower (紅花)"),
        ("5C", "zh", "五饼"),
        ("9M", "zh", "九万"),
        ("3S", "zh", "三条"),
        ("R", "zh", "红花"),
        ("5C", "uk", "п’ятірка Монет"),
        ("9S", "uk", "дев’ятка Низок"),
        ("T", "uk", "Тисяча (千)"),
        ("5C", "es", "5 de Monedas"),
        ("W", "es", "Flor Blanca (白花)"),
        ("T", "es", "Millar (千)"),  # as the full rules name it
        ("4C", "cs", "čtyřka Mincí"),
        ("9S", "cs", "devítka Šňůr"),
        ("R", "cs", "Červený květ (紅花)"),
        ("5C", "ru", "пятёрка Монет"),
        ("2M", "ru", "двойка Мириад"),
        ("T", "ru", "Тысяча (千)"),
    ],
)
def test_card_names(code: str, lang: str, name: str) -> None:
    assert card_name(code, lang) == name


@pytest.mark.parametrize("code", SUITED)
def test_suited_cards_numeral_black_myriads_red(code: str) -> None:
    """The numeral is black; 萬 is printed red as on the packs, 條 and 餅 are not."""
    root = parse(card_svg(code))
    numeral, suit_char = printed_glyphs(code)[0], printed_glyphs(code)[1]
    assert glyph_fills(root, numeral) == [INK]
    suit_colour = RED if code[1] == "M" else longcards.SUIT_COLOUR[code[1]]
    assert glyph_fills(root, suit_char) == [suit_colour]
    assert path_ds(root).count(glyph(code[0]).d) == 2  # Arabic index in two corners


@pytest.mark.parametrize("n", range(1, 10))
def test_coins_and_strings_show_their_number(n: int) -> None:
    """Coins: n cash coins (circles with a square hole); Strings: n strings with red knots."""
    coins = parse(card_svg(f"{n}C"))
    rims = [c for c in coins.iter(f"{SVG}circle") if c.get("fill") == longcards.GOLD]
    holes = [
        r
        for r in coins.iter(f"{SVG}rect")
        if r.get("fill") == longcards.FACE and r.get("width") == r.get("height")
    ]
    assert len(rims) == len(holes) == n
    strings = parse(card_svg(f"{n}S"))
    knots = [c for c in strings.iter(f"{SVG}circle") if c.get("fill") == RED]
    cash = [r for r in strings.iter(f"{SVG}rect") if r.get("fill") == longcards.COPPER]
    assert len(knots) == len(cash) == n


@pytest.mark.parametrize("n", range(1, 10))
def test_myriads_have_a_figure(n: int) -> None:
    root = parse(card_svg(f"{n}M"))
    assert [e for e in root.iter(f"{SVG}path") if e.get("fill") == longcards.ROBE]


def test_honours_are_distinct() -> None:
    """The honours have a red double frame, their own glyphs and pictures; the Flowers differ
    in glyph (白/紅) and shape (plum circles against peony ellipses), not only in colour."""
    faces = {c: card_svg(c) for c in HONOURS}
    assert len({body(f) for f in faces.values()}) == 3
    for code, face in faces.items():
        root = parse(face)
        frames = [r for r in root.iter(f"{SVG}rect") if r.get("stroke") == RED]
        assert len(frames) == 2, code
    assert glyph_fills(parse(faces["T"]), "千") == [INK, RED]  # index, medallion
    assert glyph_fills(parse(faces["W"]), "白") == [INK]
    assert glyph_fills(parse(faces["R"]), "紅") == [RED]
    white, red = parse(faces["W"]), parse(faces["R"])
    assert [g for g in white.iter(f"{SVG}g") if g.get("fill") == "#FFFFFF"]
    assert not list(white.iter(f"{SVG}ellipse"))
    assert [g for g in red.iter(f"{SVG}g") if g.get("fill") == RED]
    assert list(red.iter(f"{SVG}ellipse"))
    for code in SUITED:
        assert not [r for r in parse(card_svg(code)).iter(f"{SVG}rect") if r.get("stroke") == RED]
