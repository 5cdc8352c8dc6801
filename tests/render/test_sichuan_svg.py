"""Sichuan cards: accessible names, printed names, red 1 and 4 pips, pip layouts (chuopai.md
§3; what every deck shares is checked in `test_decks.py`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardavia.render.sichuan import BLACK, CODES, PRINTED_NAMES, RED, card_name, card_svg, ends
from cardavia.render.svg import LANGS
from tests.render.helpers import SVG, parse


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


@pytest.mark.parametrize("lang", LANGS)
def test_names_end_with_the_code(lang: str) -> None:
    for code in CODES:
        assert card_name(code, lang).endswith(f" {code}")


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


def test_printed_names_follow_the_spec() -> None:
    """chuopai.md §3 Sichuan names, printed small at the foot (drawn as paths: `test_decks.py`)."""
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
