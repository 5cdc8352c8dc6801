"""Sichuan domino cards (川牌) for Chuo Pai as standalone SVG.

Thin cards, viewBox 40 × 144 (about 1:3.6), as in chuopai.md §3: the 21 identities `1-1` …
`6-6`, written low end first. The two dice faces stand one above the other, low end on top, with
pips drawn as circles in the Chinese dice colours: every 1 and 4 pip red, Heaven `6-6` with one
six red and one black, all other pips black. Following the dice, a 1 is one large pip, twos sit
side by side at the card's end and threes run on a diagonal, so the straight eight (`2-6`) and the
crooked eight (`3-5`) look as their names say. The card's Chinese name is printed small at the
foot, between blue fleurons (decoration only, as on Sichuan prints).

Red pips are never the only clue: the pip counts and the printed name tell every card apart.

Glyphs are paths (see `fonts.py`), never `<text>`, so the faces look the same without Chinese
fonts. Pure: no web or game-state imports; the output is deterministic and cached.
"""

from __future__ import annotations

from functools import cache

from cardavia.render.fonts import glyph_path, num
from cardavia.render.svg import Canvas, back_name, card_name_in

WIDTH, HEIGHT = 40, 144
CANVAS = Canvas(WIDTH, HEIGHT)
CX, CY = CANVAS.centre

FACE = "#FCF9F1"  # white card stock
EDGE = "#3E3A36"  # card border
BLUE = "#3559A8"  # fleurons and frame, decoration only
BLUE_LIGHT = "#8FA6D6"
RED = "#D0232B"  # red pips
BLACK = "#1D1B1A"  # black pips and the name
RED_FACES = frozenset({1, 4})  # chuopai.md §3: every 1 and every 4 pip is red

# chuopai.md §3, in the order of its table: (code, Sichuan name as printed); the cards' names
# in each language are in render/names/sichuan.json
_TABLE: tuple[tuple[str, str], ...] = (
    ("6-6", "天"),
    ("1-1", "地"),
    ("4-4", "人"),
    ("1-3", "和"),
    ("3-3", "长三"),
    ("5-5", "梅子"),
    ("2-2", "板凳"),
    ("1-5", "猫猫"),
    ("1-6", "高脚"),
    ("4-6", "苕十"),
    ("5-6", "斧头"),
    ("3-6", "黑九"),
    ("2-6", "平八"),
    ("3-5", "弯八"),
    ("2-5", "黑七"),
    ("2-3", "黑五"),
    ("4-5", "红九"),
    ("3-4", "红七"),
    ("1-4", "红五"),
    ("1-2", "丁丁"),
    ("2-4", "二红"),
)
CODES: tuple[str, ...] = tuple(code for code, _ in _TABLE)
PRINTED_NAMES: dict[str, str] = dict(_TABLE)


def ends(code: str) -> tuple[int, int]:
    """The two dice faces, low end first: (1, 3) for `1-3`."""
    if code not in PRINTED_NAMES:
        raise ValueError(f"unknown Sichuan card code {code!r}")
    return int(code[0]), int(code[2])


def pip_colours(code: str) -> tuple[str, str]:
    """The pip colour of the top (low) and bottom (high) face; 6-6 has one six red."""
    low, high = ends(code)
    if code == "6-6":
        return RED, BLACK  # chuopai.md §3: one six red, one black
    return (RED if low in RED_FACES else BLACK), (RED if high in RED_FACES else BLACK)


def card_name(code: str, lang: str = "en") -> str:
    """The card's accessible name, its name and pips, e.g. "Heaven 6-6", "Nail 1-2", "天牌 6-6"
    (`render/names/sichuan.json`). Unknown languages fall back to English."""
    ends(code)
    return card_name_in("sichuan", code, lang)


# ---------------------------------------------------------------- drawing helpers


# the two faces: centre y of the top (low) and the bottom (high) face
TOP_Y, BOTTOM_Y = 33.5, 88.0
COL = 8.5  # column offset from the centre line
ROW = 15.5  # row offset from the face centre
PIP_R = 4.0
ONE_R = 6.0


def _pip_centres(face: int, cy: float, end: int) -> list[tuple[float, float]]:
    """Pip centres of one dice face; `end` is -1 for the top face, +1 for the bottom one.

    As on Chinese dice and dominoes, the two pips of a 2 sit side by side towards the card's
    end, and the three pips of a 3 run on a diagonal.
    """
    left, right, top, bottom = CX - COL, CX + COL, cy - ROW, cy + ROW
    layouts: dict[int, list[tuple[float, float]]] = {
        1: [(CX, cy)],
        2: [(left, cy + end * ROW * 0.7), (right, cy + end * ROW * 0.7)],
        3: [(right, top), (CX, cy), (left, bottom)],
        4: [(x, cy + dy * ROW * 0.62) for dy in (-1, 1) for x in (left, right)],
        5: [(left, top), (right, top), (CX, cy), (left, bottom), (right, bottom)],
        6: [(x, y) for y in (top, cy, bottom) for x in (left, right)],
    }
    return layouts[face]


def _face(face: int, cy: float, end: int, colour: str) -> str:
    r = ONE_R if face == 1 else PIP_R
    pips = "".join(
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}"/>'
        for x, y in _pip_centres(face, cy, end)
    )
    # a darker rim keeps red pips crisp on the white stock
    rim = "#8E1419" if colour == RED else "#000"
    return f'<g fill="{colour}" stroke="{rim}" stroke-width=".4">{pips}</g>'


def _fleuron(cx: float, cy: float, r: float) -> str:
    """A small four-petal blue flower."""
    petals = "".join(
        f'<ellipse cx="{num(cx + dx * r)}" cy="{num(cy + dy * r)}" rx="{num(r * 0.62)}" '
        f'ry="{num(r * 0.62)}"/>'
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
    )
    return (
        f'<g fill="{BLUE_LIGHT}" stroke="{BLUE}" stroke-width=".35">{petals}</g>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.42)}" fill="{BLUE}"/>'
    )


def _name(code: str) -> str:
    """The printed name at the foot: one glyph, or two side by side, between fleurons."""
    chars = PRINTED_NAMES[code]
    y = 128.0
    out = [
        f'<path d="M6 {num(y - 10)}H34" stroke="{BLUE}" stroke-width=".4"/>',
        _fleuron(20, y - 10, 1.5),
    ]
    attrs = f'fill="{BLACK}"'
    if len(chars) == 1:
        out.append(glyph_path(chars, CX, y + 0.5, 12.5, attrs))
    else:
        out.append(glyph_path(chars[0], CX - 6.4, y + 0.5, 11.5, attrs))
        out.append(glyph_path(chars[1], CX + 6.4, y + 0.5, 11.5, attrs))
    return "".join(out)


# ---------------------------------------------------------------- public API


@cache
def card_svg(code: str, *, lang: str = "en") -> str:
    """A standalone `<svg>` for one card face; its accessible name is in `lang`."""
    low, high = ends(code)
    top_colour, bottom_colour = pip_colours(code)
    mid = (TOP_Y + BOTTOM_Y) / 2
    return CANVAS.svg(
        card_name(code, lang),
        CANVAS.outline(FACE, edge=EDGE, rx=3),
        CANVAS.inset(2.4, 2, stroke=BLUE, stroke_width=".5"),
        _fleuron(6.2, mid, 1.5),
        _fleuron(WIDTH - 6.2, mid, 1.5),
        _face(low, TOP_Y, -1, top_colour),
        _face(high, BOTTOM_Y, 1, bottom_colour),
        _name(code),
    )


@cache
def card_back_svg(*, lang: str = "en") -> str:
    """The back: aubergine with rows of pale pips and a blue fleuron medallion."""
    field, dot = "#4A2545", "#7D4F77"
    dots = "".join(
        f"M{num(x - 1.1)} {num(7.5 + row * 5)}a1.1 1.1 0 1 0 2.2 0a1.1 1.1 0 1 0-2.2 0"
        for row in range(27)
        for x in (CX + (k + (row % 2) / 2) * 6.5 for k in range(-2, 3 - row % 2))
    )
    return CANVAS.svg(
        back_name(lang),
        CANVAS.outline(field, edge=EDGE, rx=3),
        f'<path d="{dots}" fill="{dot}"/>',
        CANVAS.inset(3, 2, stroke=BLUE_LIGHT, stroke_width=".6"),
        f'<circle cx="{num(CX)}" cy="{num(CY)}" r="11" fill="{FACE}" stroke="{BLUE_LIGHT}" '
        'stroke-width=".8"/>',
        _fleuron(CX, CY, 4.6),
        f'<circle cx="{num(CX)}" cy="{num(CY)}" r="1.2" fill="{RED}"/>',
    )
