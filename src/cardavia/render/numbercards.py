"""Chinese number cards (字牌) for Paohuzi as standalone SVG.

Long thin numeral cards, viewBox 40 × 128 (about 1:3.2), as in paohuzi.md §2: small characters
一…十 (`s1`…`s10`) and large characters 壹…拾 (`L1`…`L10`, traditional forms as printed). The
character stands at both ends, the bottom one turned 180°, so the card reads from either end.
2, 7 and 10 are printed red in both sizes, everything else black (Hunan convention); the glyph
itself says which number it is, so colour carries no meaning of its own.

Small and large cards also differ at a glance, besides the glyph: small cards have a single
frame and their Arabic index in a circle; large cards have a double frame with corner studs and
their index in a square.

Glyphs are paths (see `fonts.py`), never `<text>`, so the faces look the same without Chinese
fonts. Pure: no web or game-state imports; the output is deterministic and cached.
"""

from __future__ import annotations

from functools import cache

from cardavia.render.fonts import glyph_path, num, text_path
from cardavia.render.svg import Canvas, back_name, card_name_in, underline

WIDTH, HEIGHT = 40, 128
CANVAS = Canvas(WIDTH, HEIGHT)
CX, CY = CANVAS.centre

FACE = "#FBF6EA"  # white card stock, slightly warm
EDGE = "#4A3F33"  # card border
FRAME = "#B9A37C"  # inner frames and ornaments
RED = "#C21F26"  # printing red
BLACK = "#1F1A16"  # printing black

SMALL = "一二三四五六七八九十"  # 小写
LARGE = "壹貳參肆伍陸柒捌玖拾"  # 大写, traditional forms as printed (paohuzi.md §2)
RED_RANKS = frozenset({2, 7, 10})  # paohuzi.md §2: 2, 7 and 10 red for both sizes

CODES: tuple[str, ...] = (
    *(f"s{n}" for n in range(1, 11)),
    *(f"L{n}" for n in range(1, 11)),
)


def _split(code: str) -> tuple[bool, int]:
    """(is large, rank 1..10)."""
    if len(code) in (2, 3) and code[0] in "sL" and code[1:] in {str(n) for n in range(1, 11)}:
        return code[0] == "L", int(code[1:])
    raise ValueError(f"unknown number card code {code!r}")


def rank(code: str) -> int:
    return _split(code)[1]


def is_large(code: str) -> bool:
    return _split(code)[0]


def numeral_glyph(code: str) -> str:
    """The printed character: 三 for `s3`, 柒 for `L7`."""
    large, n = _split(code)
    return (LARGE if large else SMALL)[n - 1]


def is_red(code: str) -> bool:
    return rank(code) in RED_RANKS


def ink(code: str) -> str:
    """The printing colour of the card's character and index."""
    return RED if is_red(code) else BLACK


def card_name(code: str, lang: str = "en") -> str:
    """The card's accessible name, e.g. "small 3 (三)", "large 7 (柒)", "大写柒" (as the zh rules
    write them: 小写“五”, 大写“伍”), from `render/names/numbercards.json`. Unknown languages
    fall back to English."""
    _split(code)
    return card_name_in("numbercards", code, lang)


# ---------------------------------------------------------------- drawing helpers


def _frame(large: bool) -> str:
    """Small cards: one frame. Large cards: a double frame with a stud in each corner."""
    if not large:
        return CANVAS.inset(2.6, 2.2, stroke=FRAME, stroke_width="0.55")
    studs = "".join(
        f'<rect x="{num(x - 1.3)}" y="{num(y - 1.3)}" width="2.6" height="2.6" '
        f'transform="rotate(45 {num(x)} {num(y)})"/>'
        for x in (3.6, WIDTH - 3.6)
        for y in (3.6, HEIGHT - 3.6)
    )
    return (
        CANVAS.inset(2.2, 2.4, stroke=FRAME, stroke_width="0.7")
        + CANVAS.inset(3.6, 1.4, stroke=FRAME, stroke_width="0.35")
        + f'<g fill="{FRAME}">{studs}</g>'
    )


def _index(large: bool, n: int, colour: str, cy: float) -> str:
    """The Arabic index under the character: in a circle (small) or a square (large)."""
    text = str(n)
    common = f'fill="none" stroke="{colour}" stroke-width=".6"'
    if large:
        mark = (
            f'<rect x="{num(CX - 5.4)}" y="{num(cy - 4.6)}" width="10.8" height="9.2" rx=".8" '
            f"{common}/>"
        )
    else:
        mark = f'<circle cx="{num(CX)}" cy="{num(cy)}" r="5.2" {common}/>'
    if n in (6, 9):
        digits = text_path(text, CX, cy - 0.5, 4.8, f'fill="{colour}"')
        return mark + digits + underline(CX, cy + 3.3, 3.6, colour)
    return mark + text_path(text, CX, cy, 5.2 if n < 10 else 4.6, f'fill="{colour}"')


def _end(code: str) -> str:
    """The top end of the card: character and index (drawn again turned 180° at the bottom)."""
    large, n = _split(code)
    colour = ink(code)
    char = numeral_glyph(code)
    return glyph_path(char, CX, 20.5, 29, f'fill="{colour}"') + _index(large, n, colour, 42.5)


def _middle(large: bool) -> str:
    """A quiet ornament in the middle: a cash-coin rosette, doubled on large cards."""
    out = [
        f'<path d="M{num(CX)} 52V{HEIGHT - 52}" stroke="{FRAME}" stroke-width=".5" '
        'stroke-dasharray="1 1.6"/>',
        f'<circle cx="{num(CX)}" cy="{num(CY)}" r="5.6" fill="{FACE}" stroke="{FRAME}" '
        'stroke-width=".7"/>',
        f'<rect x="{num(CX - 1.7)}" y="{num(CY - 1.7)}" width="3.4" height="3.4" fill="none" '
        f'stroke="{FRAME}" stroke-width=".6"/>',
    ]
    if large:
        out.append(
            f'<circle cx="{num(CX)}" cy="{num(CY)}" r="7.4" fill="none" stroke="{FRAME}" '
            'stroke-width=".4"/>'
        )
    return "".join(out)


# ---------------------------------------------------------------- public API


@cache
def card_svg(code: str, *, lang: str = "en") -> str:
    """A standalone `<svg>` for one card face; its accessible name is in `lang`."""
    large = is_large(code)
    end = _end(code)
    return CANVAS.svg(
        card_name(code, lang),
        CANVAS.outline(FACE, edge=EDGE, rx=3.5),
        _frame(large),
        _middle(large),
        end,
        CANVAS.turned(end),
    )


@cache
def card_back_svg(*, lang: str = "en") -> str:
    """The back: a red field with a gold key-fret (回纹) pattern and a plain cartouche."""
    gold = "#E3B65C"
    frets = []
    for col in range(4):
        for row in range(13):
            x, y = 5.5 + col * 8, 5.5 + row * 9
            frets.append(f"M{num(x)} {num(y)}h5v5h-5zM{num(x + 1.6)} {num(y + 1.6)}h1.8v1.8h-1.8z")
    return CANVAS.svg(
        back_name(lang),
        CANVAS.outline("#8E1B22", edge=EDGE, rx=3.5),
        CANVAS.inset(3, 2, fill="#A8242B", stroke=gold, stroke_width=".6"),
        f'<path d="{"".join(frets)}" fill="none" stroke="#C9505A" stroke-width=".6"/>',
        f'<rect x="10" y="34" width="20" height="{HEIGHT - 68}" rx="10" fill="#8E1B22" '
        f'stroke="{gold}" stroke-width=".8"/>',
        f'<rect x="12.4" y="36.4" width="15.2" height="{num(HEIGHT - 72.8)}" rx="7.6" '
        f'fill="none" stroke="{gold}" stroke-width=".4"/>',
        f'<circle cx="{num(CX)}" cy="{num(CY)}" r="4.4" fill="{gold}"/>',
        f'<rect x="{num(CX - 1.5)}" y="{num(CY - 1.5)}" width="3" height="3" fill="#8E1B22"/>',
    )
