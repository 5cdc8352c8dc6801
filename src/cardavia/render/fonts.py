"""Glyph outlines as SVG paths, so card faces need no font on the viewer's machine.

The outlines live in `glyphs.json`, extracted at build time by `scripts/build_glyphs.py` from
Noto Serif CJK TC Bold (Chinese) and Noto Sans CJK TC Bold (Latin letters, digits); SIL OFL 1.1,
see `GLYPHS-LICENSE.txt`. Coordinates are font units, 1000 per em, y down; a CJK glyph fills the
em box (0, 0)-(1000, 1000).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

UNITS_PER_EM = 1000
CAP_HEIGHT = 0.741  # of Noto Sans CJK Latin capitals and digits, in em


@dataclass(frozen=True, slots=True)
class Glyph:
    char: str
    d: str  # SVG path data in font units, y down
    advance: int
    box: tuple[int, int, int, int]  # ink box: left, top, right, bottom

    @property
    def centre(self) -> tuple[float, float]:
        left, top, right, bottom = self.box
        return (left + right) / 2, (top + bottom) / 2


@cache
def glyphs() -> dict[str, Glyph]:
    text = resources.files(__package__).joinpath("glyphs.json").read_text(encoding="utf-8")
    raw: dict[str, dict[str, object]] = json.loads(text)["glyphs"]
    table: dict[str, Glyph] = {}
    for char, g in raw.items():
        box = g["box"]
        advance = g["adv"]
        d = g["d"]
        assert isinstance(box, list) and isinstance(advance, int) and isinstance(d, str)
        left, top, right, bottom = (int(v) for v in box)
        table[char] = Glyph(char, d, advance, (left, top, right, bottom))
    return table


def glyph(char: str) -> Glyph:
    try:
        return glyphs()[char]
    except KeyError:
        raise KeyError(f"no outline for {char!r}; add it to scripts/build_glyphs.py") from None


def num(value: float) -> str:
    """A compact, deterministic SVG number: at most 3 decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def glyph_transform(char: str, cx: float, cy: float, height: float) -> str:
    """`transform` that draws `char` `height` user units per em with its ink centred at (cx, cy)."""
    g = glyph(char)
    scale = height / UNITS_PER_EM
    gx, gy = g.centre
    return f"translate({num(cx - gx * scale)} {num(cy - gy * scale)}) scale({num(scale)})"


def glyph_path(char: str, cx: float, cy: float, height: float, attrs: str = "") -> str:
    """A `<path>` element for `char`, ink centred at (cx, cy), `height` user units per em.

    Stroke widths in `attrs` are in font units (the path is scaled), so 100 = a tenth of an em.
    """
    g = glyph(char)
    extra = f" {attrs}" if attrs else ""
    return f'<path transform="{glyph_transform(char, cx, cy, height)}"{extra} d="{g.d}"/>'


def text_path(text: str, cx: float, cy: float, cap: float, attrs: str) -> str:
    """Latin letters or digits set in a row, centred at (cx, cy), capitals `cap` units tall."""
    em = cap / CAP_HEIGHT
    scale = em / UNITS_PER_EM
    width = sum(glyph(ch).advance for ch in text) * scale
    x = cx - width / 2
    out = []
    for ch in text:
        advance = glyph(ch).advance * scale
        out.append(glyph_path(ch, x + advance / 2, cy, em, attrs))
        x += advance
    return "".join(out)
