"""Paohuzi number cards: accessible names, red 2/7/10 (paohuzi.md §2), small against large
(what every deck shares is checked in `test_decks.py`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardavia.render import numbercards
from cardavia.render.fonts import glyph
from cardavia.render.numbercards import BLACK, CODES, RED, card_name, card_svg, numeral_glyph
from cardavia.render.svg import LANGS
from tests.render.helpers import SVG, body, glyph_fills, parse, path_ds


def test_codes_follow_the_spec() -> None:
    """paohuzi.md §2 notation: s1…s10 small 一…十, L1…L10 large 壹…拾."""
    expected = tuple(f"{size}{n}" for size in "sL" for n in range(1, 11))
    assert tuple(CODES) == expected
    assert "".join(numeral_glyph(c) for c in CODES) == "一二三四五六七八九十壹貳參肆伍陸柒捌玖拾"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", CODES)
def test_localized_names(code: str, lang: str) -> None:
    root = parse(card_svg(code, lang=lang))
    label = root.get("aria-label", "")
    assert numeral_glyph(code) in label
    if lang != "zh":
        assert f"{int(code[1:])} " in label


@pytest.mark.parametrize(
    ("code", "lang", "name"),
    [
        ("s3", "en", "small 3 (三)"),
        ("L7", "en", "large 7 (柒)"),
        ("L10", "en", "large 10 (拾)"),
        ("s3", "zh", "小写三"),
        ("L2", "zh", "大写貳"),
        ("s3", "uk", "мала 3 (三)"),
        ("L7", "uk", "велика 7 (柒)"),
        ("s3", "es", "3 pequeño (三)"),
        ("L7", "es", "7 grande (柒)"),
        ("s3", "cs", "malá 3 (三)"),
        ("L7", "cs", "velká 7 (柒)"),
        ("s3", "ru", "малая 3 (三)"),
        ("L7", "ru", "большая 7 (柒)"),
    ],
)
def test_card_names(code: str, lang: str, name: str) -> None:
    assert card_name(code, lang) == name


@pytest.mark.parametrize("code", CODES)
def test_the_character_is_at_both_ends(code: str) -> None:
    ds = path_ds(parse(card_svg(code)))
    assert ds.count(glyph(numeral_glyph(code)).d) == 2


@pytest.mark.parametrize("code", CODES)
def test_red_2_7_10_black_otherwise(code: str) -> None:
    """paohuzi.md §2: 2, 7 and 10 printed red for both sizes, everything else black."""
    red = int(code[1:]) in (2, 7, 10)
    svg = card_svg(code)
    assert set(glyph_fills(parse(svg), numeral_glyph(code))) == {RED if red else BLACK}
    # nothing else on the face is printed in the other ink
    assert (RED in body(svg)) is red
    assert (BLACK in body(svg)) is not red


def test_the_bottom_character_is_turned() -> None:
    root = parse(card_svg("L4"))
    turned = [g for g in root.iter(f"{SVG}g") if g.get("transform") == "rotate(180 20 64)"]
    assert len(turned) == 1
    d = glyph("肆").d
    assert [p for p in turned[0].iter(f"{SVG}path") if p.get("d") == d]


@pytest.mark.parametrize("n", range(1, 11))
def test_small_and_large_differ_besides_the_glyph(n: int) -> None:
    """Small cards: one frame, index in a circle; large: double frame, index in a square."""
    small, large = parse(card_svg(f"s{n}")), parse(card_svg(f"L{n}"))
    ink = numbercards.ink(f"s{n}")
    assert [c for c in small.iter(f"{SVG}circle") if c.get("stroke") == ink]
    assert not [r for r in small.iter(f"{SVG}rect") if r.get("stroke") == ink]
    assert [r for r in large.iter(f"{SVG}rect") if r.get("stroke") == ink]
    assert not [c for c in large.iter(f"{SVG}circle") if c.get("stroke") == ink]

    def frames(root: ET.Element) -> int:
        return sum(float(r.get("width", 0)) > 30 for r in root.iter(f"{SVG}rect"))

    assert frames(small) == 2 and frames(large) == 3  # the card's outline, then the frames
    digits = path_ds(small)
    for ch in str(n):
        assert glyph(ch).d in digits  # Arabic index
