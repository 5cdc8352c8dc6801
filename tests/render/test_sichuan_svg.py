"""Sichuan cards: valid standalone SVG, accessible names, red 1 and 4 pips (chuopai.md §3)."""

from __future__ import annotations

import ast
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardavia.render import sichuan
from cardavia.render.fonts import glyph, glyphs
from cardavia.render.sichuan import (
    BLACK,
    CODES,
    LANGS,
    PRINTED_NAMES,
    RED,
    card_back_svg,
    card_name,
    card_svg,
    ends,
)

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def body(svg: str) -> str:
    return svg.split("</title>", 1)[1]


def pip_groups(root: ET.Element) -> list[tuple[str | None, list[tuple[float, float, float]]]]:
    """(fill, [(cx, cy, r)]) of each dice face drawn, top face first."""
    out = []
    for g in root.iter(f"{SVG}g"):
        if g.get("fill") in (RED, BLACK):
            pips = [
                (float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0)))
                for c in g.iter(f"{SVG}circle")
            ]
            out.append((g.get("fill"), pips))
    return out


def test_21_identities_low_end_first_in_spec_order() -> None:
    """chuopai.md §3: the 21 identities, written low end first, in the order of its table."""
    assert len(CODES) == len(set(CODES)) == 21
    assert {(a, b) for a in range(1, 7) for b in range(a, 7)} == {ends(c) for c in CODES}
    assert CODES[:4] == ("6-6", "1-1", "4-4", "1-3")
    assert CODES[-2:] == ("1-2", "2-4")


@pytest.mark.parametrize("code", CODES)
def test_face_is_valid_svg_with_accessible_name(code: str) -> None:
    root = parse(card_svg(code))
    assert root.get("role") == "img"
    assert root.get("viewBox") == "0 0 40 144"  # 1:3.6
    assert root.get("width") is None and root.get("height") is None
    title = root.find(f"{SVG}title")
    assert title is not None
    assert title.text == root.get("aria-label") == card_name(code)
    assert card_name(code).endswith(f" {code}")


@pytest.mark.parametrize("lang", LANGS)
def test_localized_names_are_distinct(lang: str) -> None:
    names = [card_name(c, lang) for c in CODES]
    assert len(set(names)) == 21
    for code in CODES:
        assert parse(card_svg(code, lang=lang)).get("aria-label") == card_name(code, lang)


@pytest.mark.parametrize(
    ("code", "lang", "name"),
    [
        ("6-6", "en", "Heaven 6-6"),
        ("1-1", "en", "Earth 1-1"),
        ("4-4", "en", "Man 4-4"),
        ("1-3", "en", "Harmony 1-3"),
        ("1-5", "en", "Cat 1-5"),
        ("1-2", "en", "Nail 1-2"),
        ("2-4", "en", "Two Reds 2-4"),
        ("3-5", "en", "Crooked Eight 3-5"),
        ("6-6", "zh", "天牌 6-6"),
        ("1-2", "zh", "丁丁 1-2"),
        ("6-6", "uk", "Небо 6-6"),
        ("5-6", "uk", "Сокира 5-6"),
        ("6-6", "es", "Cielo 6-6"),
        ("2-6", "es", "Ocho Recto 2-6"),
        ("6-6", "cs", "Nebe 6-6"),
        ("1-6", "cs", "Vysoká noha 1-6"),
        ("6-6", "ru", "Небо 6-6"),
        ("4-5", "ru", "Красная девятка 4-5"),
    ],
)
def test_card_names(code: str, lang: str, name: str) -> None:
    assert card_name(code, lang) == name


def test_unknown_language_falls_back_to_english() -> None:
    assert card_name("6-6", "xx") == "Heaven 6-6"


@pytest.mark.parametrize("code", CODES)
def test_name_is_printed_as_paths_not_text(code: str) -> None:
    """chuopai.md §3 Sichuan names, printed small at the foot."""
    svg = card_svg(code)
    root = parse(svg)
    assert not list(root.iter(f"{SVG}text"))
    assert not any("\u3400" <= ch <= "\u9fff" for ch in body(svg))
    ds = [p.get("d") for p in root.iter(f"{SVG}path")]
    for char in PRINTED_NAMES[code]:
        assert glyph(char).d in ds
    assert PRINTED_NAMES["6-6"] == "天" and PRINTED_NAMES["1-1"] == "地"
    assert PRINTED_NAMES["4-4"] == "人" and PRINTED_NAMES["1-3"] == "和"


@pytest.mark.parametrize("code", CODES)
def test_pips_red_for_1_and_4_and_half_of_heaven(code: str) -> None:
    """chuopai.md §3: every 1 and 4 pip red; 6-6 one six red, one black; all others black."""
    low, high = ends(code)
    faces = pip_groups(parse(card_svg(code)))
    assert [len(pips) for _, pips in faces] == [low, high]
    expected = [RED if f in (1, 4) else BLACK for f in (low, high)]
    if code == "6-6":
        expected = [RED, BLACK]
    assert [fill for fill, _ in faces] == expected
    tops = [max(y for _, y, _ in pips) for _, pips in faces]
    bottoms = [min(y for _, y, _ in pips) for _, pips in faces]
    assert tops[0] < bottoms[1]  # low end on top


def test_the_one_pip_is_large() -> None:
    (_, top), (_, bottom) = pip_groups(parse(card_svg("1-6")))
    assert top[0][2] > 1.4 * bottom[0][2]


def test_straight_and_crooked_eight_differ() -> None:
    """chuopai.md §3: 平八 2-6 straight, 弯八 3-5 with the 3 drawn diagonally."""
    (_, two), _ = pip_groups(parse(card_svg("2-6")))
    (_, three), _ = pip_groups(parse(card_svg("3-5")))
    assert two[0][1] == two[1][1]  # side by side
    assert len({x for x, _, _ in three}) == len({y for _, y, _ in three}) == 3  # diagonal


def test_back() -> None:
    root = parse(card_back_svg())
    assert root.get("role") == "img"
    assert root.get("aria-label") == "card back"
    assert parse(card_back_svg(lang="es")).get("aria-label") == "dorso de carta"


def test_no_ids_so_faces_can_be_inlined_many_times() -> None:
    for svg in (*(card_svg(c) for c in CODES), card_back_svg()):
        assert not [el for el in parse(svg).iter() if el.get("id")]


def test_deterministic_and_compact() -> None:
    for code in CODES:
        assert card_svg.__wrapped__(code) == card_svg(code)
        assert len(card_svg(code)) < 8000
    assert card_svg("6-6") is card_svg("6-6")


def test_unknown_code() -> None:
    for bad in ("", "6-1", "0-1", "1-7", "7-7", "1-1 ", "11", "1_1", "6 - 6"):
        with pytest.raises(ValueError, match="unknown"):
            card_svg(bad)
        with pytest.raises(ValueError, match="unknown"):
            card_name(bad)


def test_glyph_data_is_complete() -> None:
    assert set("".join(PRINTED_NAMES.values())) <= set(glyphs())


def test_render_is_pure() -> None:
    """No import of the web layer, game state or fontTools, statically and at run time."""
    tree = ast.parse(Path(sichuan.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names.append(getattr(node, "module", None) or "")
            for name in names:
                assert not name.startswith(("cardavia.web", "cardavia.games", "fontTools"))
    code = (
        "import sys, cardavia.render.sichuan as m; m.card_svg('6-6'); "
        "print(sorted(n for n in sys.modules if n.startswith("
        "('cardavia.web', 'cardavia.games', 'fontTools'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
