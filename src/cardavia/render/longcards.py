"""Nantong long cards (南通长牌) as standalone SVG.

Long money cards, viewBox 40 × 140 (about 1:3.5), as in nantong.md §3: Myriads 萬 (`1M`…`9M`),
Strings 條 (`1S`…`9S`), Coins 餅 (`1C`…`9C`) and the honours Thousand 千 (`T`), White Flower
白花 (`W`) and Red Flower 紅花 (`R`).

The top of each card identifies it, so it reads in a fanned hand: the Chinese numeral over the
suit character (萬 in red, as packs print it), with an Arabic index in the corner. Below is the
suit picture drawn with simple shapes: cash coins with square holes for Coins, strings of cash
with red knots for Strings, a figure in an official's robe for Myriads. The honours have a red
double frame and their own pictures (a 千 medallion, a white plum blossom, a red peony), so the
two Flowers differ in glyph (白/紅) and shape, not only in colour.

Glyphs are paths (see `fonts.py`), never `<text>`, so the faces look the same without Chinese
fonts. Pure: no web or game-state imports; the output is deterministic and cached.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from cardavia.render.fonts import glyph_path, num, text_path
from cardavia.render.svg import PENTAGON, Canvas, back_name, card_name_in, underline

WIDTH, HEIGHT = 40, 140
CANVAS = Canvas(WIDTH, HEIGHT)
CX, CY = CANVAS.centre

FACE = "#F4EAD0"  # old paper
EDGE = "#4A3F33"  # card border
FRAME = "#8A7A62"  # thin inner frame
INK = "#201A15"  # outlines and black print
RED = "#C0262D"  # red print
GOLD = "#E2BC62"  # coin metal
COPPER = "#C58B45"  # strung cash
ROBE = "#2F4F86"
SKIN = "#F1CFA6"

NUMERALS = "一二三四五六七八九"
SUITS = "MSC"
HONOURS = "TWR"
SUIT_GLYPH = {"M": "萬", "S": "條", "C": "餅"}  # traditional forms, as on the packs
SUIT_COLOUR = {"M": RED, "S": "#1E6A3A", "C": "#1F4C88"}  # 萬 red as in the packs
HONOUR_GLYPHS = {"T": "千", "W": "白花", "R": "紅花"}

CODES: tuple[str, ...] = (
    *(f"{n}{suit}" for suit in SUITS for n in range(1, 10)),
    *HONOURS,
)


def _split(code: str) -> tuple[int, str] | str:
    """(rank 1..9, suit letter) for a suited card, the letter T/W/R for an honour."""
    if len(code) == 1 and code in HONOURS:
        return code
    if len(code) == 2 and code[0] in "123456789" and code[1] in SUITS:
        return int(code[0]), code[1]
    raise ValueError(f"unknown long card code {code!r}")


def printed_glyphs(code: str) -> str:
    """The Chinese characters at the top of the card: 五餅 for `5C`, 白花 for `W`."""
    parts = _split(code)
    if isinstance(parts, str):
        return HONOUR_GLYPHS[parts]
    n, suit = parts
    return NUMERALS[n - 1] + SUIT_GLYPH[suit]


def card_name(code: str, lang: str = "en") -> str:
    """The card's accessible name, e.g. "5 of Coins", "Thousand (千)", "пятёрка Монет", as the
    full rules write them (`render/names/longcards.json`). Unknown languages fall back to
    English."""
    _split(code)
    return card_name_in("longcards", code, lang)


# ---------------------------------------------------------------- drawing helpers


def _frame(honour: bool) -> str:
    """A thin frame; honours get a red double frame."""
    if honour:
        outer = CANVAS.inset(2.2, 2, stroke=RED, stroke_width=".9")
        return outer + CANVAS.inset(3.8, 1.2, stroke=RED, stroke_width=".4")
    return CANVAS.inset(2.4, 2, stroke=FRAME, stroke_width=".5")


def _digit(n: int, cx: float, cy: float, cap: float, fill: str) -> str:
    out = text_path(str(n), cx, cy, cap, f'fill="{fill}"')
    if n in (6, 9):
        out += underline(cx, cy + cap / 2 + 1, 3.2, fill)
    return out


def _index(code: str) -> str:
    """Top of the card: the numeral over the suit character, Arabic digit in the corners."""
    parts = _split(code)
    if isinstance(parts, str):
        chars = HONOUR_GLYPHS[parts]
        colour = RED if parts == "R" else INK
        if len(chars) == 1:
            return glyph_path(chars, CX, 19, 24, f'fill="{colour}"')
        return glyph_path(chars[0], CX, 14, 16, f'fill="{colour}"') + glyph_path(
            chars[1], CX, 31.5, 16, f'fill="{colour}"'
        )
    n, suit = parts
    corner = _digit(n, 6.4, 9, 5.4, INK)
    return (
        glyph_path(NUMERALS[n - 1], CX, 13.5, 16, f'fill="{INK}"')
        + glyph_path(SUIT_GLYPH[suit], CX, 31.5, 16, f'fill="{SUIT_COLOUR[suit]}"')
        + corner
        + CANVAS.turned(corner)
    )


def _rule(y: float, colour: str = FRAME) -> str:
    return f'<path d="M7 {num(y)}H33" stroke="{colour}" stroke-width=".5" stroke-linecap="round"/>'


# picture area: x 5..35, y 46..132
PIC_TOP, PIC_BOTTOM = 46.0, 132.0


def _rows(pattern: tuple[int, ...], gap: float) -> list[tuple[float, float]]:
    """Centres for a grid whose rows hold `pattern[i]` items, `gap` apart across a row."""
    centres = []
    pitch = (PIC_BOTTOM - PIC_TOP) / len(pattern)
    for i, count in enumerate(pattern):
        y = PIC_TOP + pitch * (i + 0.5)
        for j in range(count):
            centres.append((CX + (j - (count - 1) / 2) * gap, y))
    return centres


# ---------------------------------------------------------------- coins

_COIN_ROWS: dict[int, tuple[int, ...]] = {
    1: (1,),
    2: (1, 1),
    3: (1, 1, 1),
    4: (2, 2),
    5: (2, 1, 2),
    6: (2, 2, 2),
    7: (1, 2, 1, 2, 1),
    8: (2, 2, 2, 2),
    9: (2, 2, 1, 2, 2),
}


def _coin(cx: float, cy: float, r: float, accent: bool) -> str:
    """A cash coin: rim, inner ring and a square hole; `accent` gives it a red ring."""
    hole = r * 0.3
    ring = RED if accent else INK
    return (
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{GOLD}" stroke="{INK}" '
        f'stroke-width="{num(max(0.45, r * 0.07))}"/>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.74)}" fill="none" stroke="{ring}" '
        f'stroke-width="{num(max(0.35, r * 0.06))}"/>'
        f'<rect x="{num(cx - hole)}" y="{num(cy - hole)}" width="{num(2 * hole)}" '
        f'height="{num(2 * hole)}" fill="{FACE}" stroke="{INK}" '
        f'stroke-width="{num(max(0.35, r * 0.05))}"/>'
    )


def _coins(n: int) -> str:
    pattern = _COIN_ROWS[n]
    r = 13.5 if n == 1 else 9.5 if n <= 3 else 7.2 if n <= 6 else 6.8
    centres = _rows(pattern, 2 * r + 1.2)
    out = []
    for cx, cy in centres:
        # red accents: the lone 1, and the middle coin of odd counts
        accent = n == 1 or (n % 2 == 1 and abs(cx - CX) < 0.01 and len(centres) > 1)
        out.append(_coin(cx, cy, r, accent))
    return "".join(out)


# ---------------------------------------------------------------- strings

_STRING_ROWS: dict[int, tuple[int, ...]] = {
    1: (1,),
    2: (2,),
    3: (3,),
    4: (2, 2),
    5: (2, 1, 2),
    6: (3, 3),
    7: (2, 3, 2),
    8: (3, 2, 3),
    9: (3, 3, 3),
}


def _string(cx: float, cy: float, height: float, width: float) -> str:
    """A string of cash: coins seen edge-on stacked on a cord, tied with a red knot on top."""
    top = cy - height / 2 + 2.4
    bottom = cy + height / 2
    half = width / 2
    step = 2.2
    lines = "".join(
        f"M{num(cx - half)} {num(top + k * step)}h{num(width)}"
        for k in range(1, int((bottom - top) / step))
    )
    return (
        f'<rect x="{num(cx - half)}" y="{num(top)}" width="{num(width)}" '
        f'height="{num(bottom - top)}" rx="{num(half * 0.6)}" fill="{COPPER}" stroke="{INK}" '
        'stroke-width=".45"/>'
        f'<path d="{lines}" stroke="{INK}" stroke-width=".3"/>'
        f'<path d="M{num(cx)} {num(top + 0.4)}l-1.6-2.2M{num(cx)} {num(top + 0.4)}l1.6-2.2" '
        f'stroke="{RED}" stroke-width=".8" stroke-linecap="round"/>'
        f'<circle cx="{num(cx)}" cy="{num(top)}" r="1.1" fill="{RED}"/>'
    )


def _strings(n: int) -> str:
    pattern = _STRING_ROWS[n]
    pitch = (PIC_BOTTOM - PIC_TOP) / len(pattern)
    width = 9.0 if n == 1 else 6.6 if max(pattern) <= 2 else 6.0
    gap = 14.0 if max(pattern) <= 2 else 9.6
    height = pitch - (6 if len(pattern) > 1 else 12)
    return "".join(_string(cx, cy, height, width) for cx, cy in _rows(pattern, gap))


# ---------------------------------------------------------------- myriads


def _figure() -> str:
    """A figure in an official's robe and winged hat, holding a tablet: the Myriads picture."""
    return (
        # robe
        f'<path d="M20 72c-6 0-10 3-11 9l-3 45c0 2 1 3 3 3h22c2 0 3-1 3-3l-3-45c-1-6-5-9-11-9z" '
        f'fill="{ROBE}" stroke="{INK}" stroke-width=".6" stroke-linejoin="round"/>'
        # collar and belt
        f'<path d="M16 73l4 7 4-7" fill="none" stroke="{FACE}" stroke-width=".9"/>'
        f'<rect x="8.6" y="99" width="22.8" height="3.2" rx="1" fill="{RED}" stroke="{INK}" '
        'stroke-width=".4"/>'
        # hem band
        f'<path d="M6.4 122h27.2" stroke="{GOLD}" stroke-width="1.4"/>'
        # sleeves meeting over the tablet
        f'<path d="M10 82c-2 8 0 14 6 15h8c6-1 8-7 6-15" fill="{ROBE}" stroke="{INK}" '
        'stroke-width=".6" stroke-linejoin="round"/>'
        f'<rect x="18.4" y="80" width="3.2" height="16" rx="1" fill="{FACE}" stroke="{INK}" '
        'stroke-width=".4"/>'
        # face
        f'<ellipse cx="20" cy="63" rx="6" ry="6.8" fill="{SKIN}" stroke="{INK}" '
        'stroke-width=".5"/>'
        f'<path d="M17.6 62.4h1.4M21 62.4h1.4M18.8 66.2q1.2.8 2.4 0" stroke="{INK}" '
        'stroke-width=".5" fill="none" stroke-linecap="round"/>'
        # winged hat (乌纱帽)
        f'<path d="M13.6 58.6c0-5 2.8-8 6.4-8s6.4 3 6.4 8z" fill="{INK}"/>'
        f'<path d="M6 56.4h28" stroke="{INK}" stroke-width="1.6" stroke-linecap="round"/>'
        f'<circle cx="20" cy="52.8" r="1" fill="{RED}"/>'
    )


def _myriads(n: int) -> str:
    return _figure()


# ---------------------------------------------------------------- honours


def _thousand() -> str:
    """A coin medallion with 千 in it over a string of cash: a thousand cash make a string."""
    cx, cy = CX, 66
    return (
        _string(cx, 106, 44, 8.4)
        + f'<circle cx="{num(cx)}" cy="{cy}" r="15.5" fill="{GOLD}" stroke="{INK}" '
        'stroke-width=".7"/>'
        f'<circle cx="{num(cx)}" cy="{cy}" r="12.6" fill="{FACE}" stroke="{RED}" '
        'stroke-width=".9"/>' + glyph_path("千", cx, cy, 19, f'fill="{RED}"')
    )


def _plum(cx: float, cy: float, r: float, petal: str, heart: str) -> str:
    petals = "".join(
        f'<circle cx="{num(cx + dx * r)}" cy="{num(cy + dy * r)}" r="{num(r * 0.66)}"/>'
        for dx, dy in PENTAGON
    )
    return (
        f'<g fill="{petal}" stroke="{INK}" stroke-width=".5">{petals}</g>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.4)}" fill="{heart}" '
        f'stroke="{INK}" stroke-width=".35"/>'
    )


def _stem_and_leaves(top: float) -> str:
    return (
        f'<path d="M20 128V{num(top)}" stroke="#3F6E34" stroke-width="1.4" '
        'stroke-linecap="round"/>'
        '<path d="M20 122c-5-6-11-6-14-3 3 5 9 6 14 3zM20 114c5-6 11-6 14-3-3 5-9 6-14 3z" '
        f'fill="#4C8C3A" stroke="{INK}" stroke-width=".45"/>'
    )


def _white_flower() -> str:
    """White Flower: a white plum blossom, outlined, with two small blossoms on twigs."""
    twigs = (
        '<path d="M20 104C16 102 12 100 10 96M20 98c3-2 6-4 9-8" fill="none" stroke="#3F6E34" '
        'stroke-width="1" stroke-linecap="round"/>'
    )
    return (
        _stem_and_leaves(80)
        + twigs
        + _plum(CX, 72, 8.4, "#FFFFFF", "#E0A21F")
        + _plum(9.6, 94, 3.4, "#FFFFFF", "#E0A21F")
        + _plum(29.8, 88, 3.4, "#FFFFFF", "#E0A21F")
    )


def _red_flower() -> str:
    """Red Flower: a layered red peony (rings of petals), unlike the White Flower's plum."""
    cx, cy = CX, 76
    outer = "".join(
        f'<ellipse cx="{num(cx)}" cy="{num(cy - 8)}" rx="5" ry="7" '
        f'transform="rotate({a} {num(cx)} {cy})"/>'
        for a in range(0, 360, 45)
    )
    inner = "".join(
        f'<ellipse cx="{num(cx)}" cy="{num(cy - 4.5)}" rx="3.4" ry="4.6" '
        f'transform="rotate({a} {num(cx)} {cy})"/>'
        for a in range(22, 382, 60)
    )
    return (
        _stem_and_leaves(90)
        + f'<g fill="{RED}" stroke="{INK}" stroke-width=".45">{outer}</g>'
        + f'<g fill="#E2575C" stroke="{INK}" stroke-width=".4">{inner}</g>'
        + f'<circle cx="{num(cx)}" cy="{cy}" r="2.4" fill="#F2C14E" stroke="{INK}" '
        'stroke-width=".35"/>'
    )


_SUIT_PICTURES: dict[str, Callable[[int], str]] = {"M": _myriads, "S": _strings, "C": _coins}
_HONOUR_PICTURES: dict[str, Callable[[], str]] = {
    "T": _thousand,
    "W": _white_flower,
    "R": _red_flower,
}


# ---------------------------------------------------------------- public API


@cache
def card_svg(code: str, *, lang: str = "en") -> str:
    """A standalone `<svg>` for one card face; its accessible name is in `lang`."""
    parts = _split(code)
    honour = isinstance(parts, str)
    if isinstance(parts, str):
        picture = _HONOUR_PICTURES[parts]()
    else:
        n, suit = parts
        picture = _SUIT_PICTURES[suit](n)
    return CANVAS.svg(
        card_name(code, lang),
        CANVAS.outline(FACE, edge=EDGE, rx=3),
        _frame(honour),
        _index(code),
        _rule(41.5, RED if honour else FRAME),
        picture,
    )


@cache
def card_back_svg(*, lang: str = "en") -> str:
    """The back: dark green with the interlocking cash-coin lattice (铜钱纹), a coin in the
    middle. The lattice is clipped by a nested `<svg>` (no clipPath: ids would clash)."""
    green, light = "#1E4D3B", "#5F9478"
    step, r = 8, 5.657  # circles on a square grid, radius = half the cell diagonal
    rings = "".join(
        f"M{num(x - r)} {y}a{r} {r} 0 1 0 {num(2 * r)} 0a{r} {r} 0 1 0 {num(-2 * r)} 0"
        for y in range(6, HEIGHT, step)
        for x in range(4, WIDTH + 1, step)
    )
    return CANVAS.svg(
        back_name(lang),
        CANVAS.outline(green, edge=EDGE, rx=3),
        f'<svg x="3" y="3" width="{WIDTH - 6}" height="{HEIGHT - 6}" '
        f'viewBox="3 3 {WIDTH - 6} {HEIGHT - 6}">'
        f'<path d="{rings}" fill="none" stroke="{light}" stroke-width=".55"/></svg>',
        CANVAS.inset(3, 2, stroke=GOLD, stroke_width=".7"),
        f'<rect x="9" y="46" width="22" height="48" rx="3" fill="{green}" stroke="{GOLD}" '
        'stroke-width=".8"/>',
        _coin(CX, CY, 7.5, True),
    )
