"""Sì Sè Pái (四色牌) card faces as standalone SVG.

Narrow chess cards, viewBox 40 × 104. Each chess card shows its piece glyph large at the top and
again smaller, upside down, at the bottom, so it reads from either end like a printed card. The
four colours are told apart three ways, so no card depends on colour vision alone:

- a palette separated in lightness as well as hue (vermilion, golden yellow, white, dark green),
  with a dark outline on the light yellow and white glyphs;
- a shape per colour, in the corners and in the middle: circle red, triangle yellow, square
  white, diamond green;
- the colour's initial letter (R, Y, W, G) beside the corner shape.

Glyphs are paths (see `fonts.py`), never `<text>`, so the faces look the same without Chinese
fonts. Pure: no web or game-state imports; the output is deterministic and cached.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from cardavia.games.sisepai.cards import CODES, COLOURS, PIECES
from cardavia.render.fonts import glyph_path, num, text_path
from cardavia.render.svg import PENTAGON, Canvas, back_name, card_name_in

__all__ = ["CODES", "card_back_svg", "card_name", "card_svg"]

CANVAS = Canvas(40, 104)
CX, CY = CANVAS.centre

FACE = "#F2E9D2"  # cream card stock
EDGE = "#4A3F33"  # card border
FRAME = "#C4B28C"  # thin inner frame
INK = "#2B2118"  # outlines, letters, flower glyph
_INK_FILL = f'fill="{INK}"'

# r, y, w, g: glyph fill, whether the glyph needs a dark outline, mark shape, initial
COLOUR_FILL = {"r": "#E0501F", "y": "#F5D000", "w": "#FFFFFF", "g": "#005C45"}
OUTLINED = frozenset("yw")
MARK_SHAPE = {"r": "circle", "y": "triangle", "w": "square", "g": "diamond"}
INITIAL = {"r": "R", "y": "Y", "w": "W", "g": "G"}

# SSP-2: red and yellow cards use one glyph set, white and green the other
GLYPHS_RY = "帥仕相俥傌炮兵"
GLYPHS_WG = "將士象車馬包卒"
FLOWER_GLYPH = "花"


def _split(code: str) -> tuple[str, int] | int:
    """(colour letter, piece index) for a chess card, the number 1..5 for a flower."""
    if len(code) == 2 and code[0] == "F" and code[1] in "12345":
        return int(code[1])
    if len(code) == 2 and code[0] in COLOURS and code[1] in PIECES:
        return code[0], PIECES.index(code[1])
    raise ValueError(f"unknown Sì Sè Pái card code {code!r}")


def piece_glyph(code: str) -> str:
    """The Chinese glyph printed on the card: 帥 for `rK`, 將 for `gK`, 花 for flowers."""
    parts = _split(code)
    if isinstance(parts, int):
        return FLOWER_GLYPH
    colour, piece = parts
    return (GLYPHS_RY if colour in "ry" else GLYPHS_WG)[piece]


def card_name(code: str, lang: str = "en", *, with_glyph: bool = True) -> str:
    """The card's accessible name, e.g. "red General 帥 (shuài)", "Flor 2 花 (huā)", "红帥": the
    colour agreeing with the piece where the language needs it, then the printed glyph and its
    pinyin (not in Chinese, where the glyph is the name), from `render/names/sisepai.json`.
    `with_glyph=False` leaves the glyph and pinyin out. Unknown languages fall back to English."""
    _split(code)
    name = card_name_in("sisepai", code, lang)
    head, glyph, _ = name.rpartition(f" {piece_glyph(code)} (")
    return name if with_glyph or not glyph else head


# ---------------------------------------------------------------- drawing helpers


def _mark(colour: str, cx: float, cy: float, r: float, stroke: float) -> str:
    """The colour's shape, centred at (cx, cy), about 2r across."""
    attrs = (
        f'fill="{COLOUR_FILL[colour]}" stroke="{INK}" stroke-width="{num(stroke)}" '
        'stroke-linejoin="round"'
    )
    shape = MARK_SHAPE[colour]
    if shape == "circle":
        return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.92)}" {attrs}/>'
    if shape == "square":
        s = r * 0.8
        return (
            f'<rect x="{num(cx - s)}" y="{num(cy - s)}" width="{num(2 * s)}" '
            f'height="{num(2 * s)}" {attrs}/>'
        )
    if shape == "triangle":
        # equilateral, pointing up, centred on its centroid nudged down to look centred
        h = r * 1.8
        half = h / 3**0.5
        top, base = cy - h * 0.58, cy + h * 0.42
        pts = f"{num(cx)},{num(top)} {num(cx + half)},{num(base)} {num(cx - half)},{num(base)}"
        return f'<polygon points="{pts}" {attrs}/>'
    # diamond
    d = r * 1.1
    x0, x1, y0, y1 = num(cx - d), num(cx + d), num(cy - d), num(cy + d)
    pts = f"{num(cx)},{y0} {x1},{num(cy)} {num(cx)},{y1} {x0},{num(cy)}"
    return f'<polygon points="{pts}" {attrs}/>'


def _index(colour: str) -> str:
    """Corner index: shape and initial, top left (drawn twice, the second turned 180°)."""
    one = _mark(colour, 6.6, 7.2, 3.1, 0.55) + text_path(INITIAL[colour], 13, 7.2, 5.2, _INK_FILL)
    return one + CANVAS.turned(one)


def _glyph(char: str, colour: str, cx: float, cy: float, em: float, outline: int) -> str:
    """The piece glyph; `outline` is the stroke width in font units (1000 per em)."""
    fill = COLOUR_FILL[colour]
    if colour in OUTLINED:
        # stroke under the fill (paint-order), so the outline grows outward only
        attrs = (
            f'fill="{fill}" stroke="{INK}" stroke-width="{outline}" stroke-linejoin="round" '
            'paint-order="stroke"'
        )
    else:
        attrs = f'fill="{fill}"'
    return glyph_path(char, cx, cy, em, attrs)


# ---------------------------------------------------------------- flowers


def _blossom(cx: float, cy: float, r: float, petal: str, heart: str) -> str:
    """Five round petals around a heart: a plum blossom."""
    out = [
        f'<circle cx="{num(cx + dx * r)}" cy="{num(cy + dy * r)}" r="{num(r * 0.62)}"/>'
        for dx, dy in PENTAGON
    ]
    return (
        f'<g fill="{petal}" stroke="{INK}" stroke-width=".35">{"".join(out)}</g>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.42)}" fill="{heart}"/>'
    )


def _flower_plum() -> str:
    branch = (
        '<path d="M9 93C12 84 15 80 21 74S29 62 31 55M17 80C14 76 13 71 9 68M24 70c3 0 6 1 8 3" '
        'fill="none" stroke="#6B4A2E" stroke-width="1.6" stroke-linecap="round"/>'
    )
    return (
        branch
        + _blossom(29, 58, 3.4, "#F4A6BD", "#E0A21F")
        + _blossom(14, 72, 3.0, "#F4A6BD", "#E0A21F")
        + _blossom(27, 80, 2.6, "#F4A6BD", "#E0A21F")
        + f'<circle cx="9" cy="66.5" r="1.5" fill="#E9799A" stroke="{INK}" stroke-width=".35"/>'
    )


def _flower_orchid() -> str:
    leaves = (
        '<path d="M20 93C17 80 10 70 5 66M20 93C21 80 26 68 35 62M20 93C19 84 16 77 13 58'
        'M20 93C23 86 28 82 34 81" fill="none" stroke="#3F7D3A" stroke-width="1.4" '
        'stroke-linecap="round"/>'
    )
    flower = []
    for fx, fy in ((16, 60), (26, 68)):
        petals = "".join(
            f'<ellipse cx="{fx}" cy="{num(fy - 3)}" rx="1.7" ry="3.4" '
            f'transform="rotate({a} {fx} {fy})"/>'
            for a in (0, 72, 144, 216, 288)
        )
        flower.append(
            f'<g fill="#9B6BC9" stroke="{INK}" stroke-width=".35">{petals}</g>'
            f'<circle cx="{fx}" cy="{fy}" r="1.2" fill="#F5D76E"/>'
        )
    return leaves + "".join(flower)


def _flower_chrysanthemum() -> str:
    stem = (
        '<path d="M20 93V70" stroke="#3F7D3A" stroke-width="1.4" stroke-linecap="round"/>'
        '<path d="M20 86c-4-5-9-5-12-3 3 4 8 5 12 3zM20 80c4-5 9-5 12-3-3 4-8 5-12 3z" '
        f'fill="#4C8C3A" stroke="{INK}" stroke-width=".35"/>'
    )
    cx, cy = 20, 64
    outer = "".join(
        f'<ellipse cx="{cx}" cy="{cy - 6}" rx="1.5" ry="5" transform="rotate({a} {cx} {cy})"/>'
        for a in range(0, 360, 24)
    )
    inner = "".join(
        f'<ellipse cx="{cx}" cy="{cy - 3.6}" rx="1.2" ry="3.2" transform="rotate({a} {cx} {cy})"/>'
        for a in range(12, 372, 40)
    )
    return (
        stem
        + f'<g fill="#F0A020" stroke="{INK}" stroke-width=".3">{outer}</g>'
        + f'<g fill="#F7C948" stroke="{INK}" stroke-width=".3">{inner}</g>'
        + f'<circle cx="{cx}" cy="{cy}" r="2" fill="#C9731A"/>'
    )


def _flower_bamboo() -> str:
    def stalk(x: float, top: float, bottom: float) -> str:
        nodes = "".join(
            f'<path d="M{num(x - 1.6)} {num(y)}h3.2" stroke="{INK}" stroke-width=".5"/>'
            for y in range(int(bottom) - 9, int(top), -9)
        )
        return (
            f'<rect x="{num(x - 1.6)}" y="{num(top)}" width="3.2" height="{num(bottom - top)}" '
            f'rx="1" fill="#6FAF4B" stroke="{INK}" stroke-width=".4"/>{nodes}'
        )

    leaf = (
        f'<g fill="#2F7A3A" stroke="{INK}" stroke-width=".3">'
        '<path d="M16 66c-4-3-8-3-11-2 3 3 7 4 11 2z"/>'
        '<path d="M16 66c-3-5-7-7-10-8 1 4 5 7 10 8z"/>'
        '<path d="M25 58c4-3 8-3 11-2-3 3-7 4-11 2z"/>'
        '<path d="M25 58c3-5 7-7 10-8-1 4-5 7-10 8z"/>'
        '<path d="M25 77c4-2 8-1 10 1-3 2-7 2-10-1z"/></g>'
    )
    return stalk(16, 54, 93) + stalk(25, 50, 93) + leaf


def _flower_lotus() -> str:
    water = (
        '<path d="M6 90c3-2 5-2 7 0s5 2 7 0 5-2 7 0 5 2 7 0" fill="none" stroke="#3A6EA5" '
        'stroke-width=".8" stroke-linecap="round"/>'
        f'<ellipse cx="20" cy="83" rx="13" ry="3.6" fill="#4C8C3A" stroke="{INK}" '
        'stroke-width=".4"/>'
    )
    petals = "".join(
        f'<path d="M20 79c-3-5-3-11 0-17 3 6 3 12 0 17z" transform="rotate({a} 20 79)"/>'
        for a in (-60, 60, -30, 30, 0)
    )
    return (
        water
        + f'<g fill="#F29CB5" stroke="{INK}" stroke-width=".4" stroke-linejoin="round">'
        + petals
        + "</g>"
    )


_FLOWERS: dict[int, Callable[[], str]] = {
    1: _flower_plum,
    2: _flower_orchid,
    3: _flower_chrysanthemum,
    4: _flower_bamboo,
    5: _flower_lotus,
}


def _flower_index(n: int) -> str:
    one = _blossom(6.6, 7.2, 2.2, "#F4A6BD", "#E0A21F") + text_path(str(n), 13, 7.2, 5.2, _INK_FILL)
    return one + CANVAS.turned(one)


# ---------------------------------------------------------------- public API


@cache
def card_svg(code: str, *, lang: str = "en") -> str:
    """A standalone `<svg>` for one card face; its accessible name is in `lang`."""
    parts = _split(code)
    out = [
        CANVAS.outline(FACE, edge=EDGE, rx=3.5),
        CANVAS.inset(2.3, 2.2, stroke=FRAME, stroke_width=".5"),
    ]
    if isinstance(parts, int):
        out += [
            _flower_index(parts),
            glyph_path(FLOWER_GLYPH, CX, 28, 30, _INK_FILL),
            _FLOWERS[parts](),
        ]
    else:
        colour = parts[0]
        char = piece_glyph(code)
        out += [
            _index(colour),
            _glyph(char, colour, CX, 29, 33, 56),
            _mark(colour, CX, CY + 1, 4.2, 0.7),
            CANVAS.turned(_glyph(char, colour, CX, 28, 21, 48)),
        ]
    return CANVAS.svg(card_name(code, lang), *out)


@cache
def card_back_svg(*, lang: str = "en") -> str:
    """The common back: a diamond lattice with the four colour marks down the middle."""
    out = [
        CANVAS.outline("#2C3E66", edge=EDGE, rx=3.5),
        CANVAS.inset(3, 2, fill="#34497A", stroke="#E9DFC7", stroke_width=".6"),
        _back_lattice(),
        '<rect x="11" y="24" width="18" height="56" rx="9" fill="#F3EBD6" stroke="#E9DFC7" '
        'stroke-width=".6"/>',
    ]
    for i, colour in enumerate(COLOURS):
        out.append(_mark(colour, CX, 33 + i * 12.7, 3.6, 0.6))
    return CANVAS.svg(back_name(lang), *out)


def _back_lattice() -> str:
    """A diamond lattice filling the inner panel, as one path (no clipPath: ids would clash)."""
    left, top, right, bottom, step = 3, 3, 37, 101, 5
    segs = []
    for b in range(top - right, bottom - left + 1, step):  # y = x + b
        x0, x1 = max(left, top - b), min(right, bottom - b)
        if x0 < x1:
            segs.append(f"M{x0} {x0 + b}L{x1} {x1 + b}")
    for b in range(top + left + 1, bottom + right, step):  # y = b - x
        x0, x1 = max(left, b - bottom), min(right, b - top)
        if x0 < x1:
            segs.append(f"M{x0} {b - x0}L{x1} {b - x1}")
    return f'<path d="{"".join(segs)}" fill="none" stroke="#5A70A6" stroke-width=".5"/>'
