"""Paohuzi number cards: valid standalone SVG, accessible names, red 2/7/10 (paohuzi.md §2)."""

from __future__ import annotations

import ast
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardavia.render import numbercards
from cardavia.render.fonts import glyph, glyphs
from cardavia.render.numbercards import (
    BLACK,
    CODES,
    LANGS,
    RED,
    card_back_svg,
    card_name,
    card_svg,
    numeral_glyph,
)

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def body(svg: str) -> str:
    """Everything after the title: what is drawn."""
    return svg.split("</title>", 1)[1]


def test_codes_follow_the_spec() -> None:
    """paohuzi.md §2 notation: s1…s10 small 一…十, L1…L10 large 壹…拾."""
    expected = tuple(f"{size}{n}" for size in "sL" for n in range(1, 11))
    assert tuple(CODES) == expected
    assert "".join(numeral_glyph(c) for c in CODES) == "一二三四五六七八九十壹貳參肆伍陸柒捌玖拾"


@pytest.mark.parametrize("code", CODES)
def test_face_is_valid_svg_with_accessible_name(code: str) -> None:
    svg = card_svg(code)
    root = parse(svg)
    assert root.get("role") == "img"
    assert root.get("viewBox") == "0 0 40 128"  # about 1:3.2
    assert root.get("width") is None and root.get("height") is None  # CSS sizes it
    title = root.find(f"{SVG}title")
    assert title is not None
    assert title.text == root.get("aria-label") == card_name(code)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", CODES)
def test_localized_names(code: str, lang: str) -> None:
    root = parse(card_svg(code, lang=lang))
    label = root.get("aria-label", "")
    assert label == card_name(code, lang)
    assert numeral_glyph(code) in label
    if lang != "zh":
        assert f"{int(code[1:])} " in label


@pytest.mark.parametrize(
    ("code", "lang", "name"),
    [
        ("s3", "en", "small 3 (三)"),
        ("L7", "en", "large 7 (柒)"),
        ("L10", "en", "large 10 (拾)"),
        ("s3", "zh", "小写 三"),
        ("L2", "zh", "大写 貳"),
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


def test_unknown_language_falls_back_to_english() -> None:
    assert card_name("s3", "xx") == "small 3 (三)"


@pytest.mark.parametrize("code", CODES)
def test_glyphs_are_paths_not_text(code: str) -> None:
    svg = card_svg(code)
    root = parse(svg)
    assert not list(root.iter(f"{SVG}text"))
    assert not any("\u3400" <= ch <= "\u9fff" for ch in body(svg))
    ds = [p.get("d") for p in root.iter(f"{SVG}path")]
    assert ds.count(glyph(numeral_glyph(code)).d) == 2  # at both ends


@pytest.mark.parametrize("code", CODES)
def test_red_2_7_10_black_otherwise(code: str) -> None:
    """paohuzi.md §2: 2, 7 and 10 printed red for both sizes, everything else black."""
    red = int(code[1:]) in (2, 7, 10)
    svg = card_svg(code)
    root = parse(svg)
    d = glyph(numeral_glyph(code)).d
    fills = {p.get("fill") for p in root.iter(f"{SVG}path") if p.get("d") == d}
    assert fills == {RED if red else BLACK}
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
    digits = [p.get("d") for p in small.iter(f"{SVG}path")]
    for ch in str(n):
        assert glyph(ch).d in digits  # Arabic index


def test_back() -> None:
    root = parse(card_back_svg())
    assert root.get("role") == "img"
    assert root.get("aria-label") == "card back"
    assert parse(card_back_svg(lang="ru")).get("aria-label") == "рубашка карты"
    assert card_back_svg() != body(card_svg("s1"))


def test_no_ids_so_faces_can_be_inlined_many_times() -> None:
    for svg in (*(card_svg(c) for c in CODES), card_back_svg()):
        assert not [el for el in parse(svg).iter() if el.get("id")]


def test_deterministic_and_compact() -> None:
    for code in CODES:
        assert card_svg.__wrapped__(code) == card_svg(code)
        assert len(card_svg(code)) < 8000
    assert card_svg("s1") is card_svg("s1")  # cached


def test_unknown_code() -> None:
    for bad in ("", "s0", "s11", "L0", "x1", "S1", "l1", "s01", "L10 ", "L"):
        with pytest.raises(ValueError, match="unknown"):
            card_svg(bad)
        with pytest.raises(ValueError, match="unknown"):
            card_name(bad)


def test_glyph_data_is_complete() -> None:
    assert set("一二三四五六七八九十壹貳參肆伍陸柒捌玖拾0123456789") <= set(glyphs())


def test_render_is_pure() -> None:
    """No import of the web layer, game state or fontTools, statically and at run time."""
    tree = ast.parse(Path(numbercards.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names.append(getattr(node, "module", None) or "")
            for name in names:
                assert not name.startswith(("cardavia.web", "cardavia.games", "fontTools"))
    code = (
        "import sys, cardavia.render.numbercards as m; m.card_svg('L7'); "
        "print(sorted(n for n in sys.modules if n.startswith("
        "('cardavia.web', 'cardavia.games', 'fontTools'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
