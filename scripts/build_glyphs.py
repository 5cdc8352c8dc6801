"""Extract the glyph outlines the card faces need into `src/cardavia/render/glyphs.json`.

The glyphs of every deck (Sì Sè Pái, Paohuzi number cards, Nantong long cards, Sichuan cards)
are listed in `CJK_BY_DECK`. Run at build time only (needs fontTools and Debian's
`fonts-noto-cjk`):

    .venv/bin/python scripts/build_glyphs.py

The runtime reads the JSON and needs neither the font nor fontTools. Chinese glyphs come from
Noto Serif CJK TC Bold (it looks like printed cards), Latin letters and digits from Noto Sans CJK
TC Bold (plainer at small sizes). Both fonts are SIL OFL 1.1; see `render/GLYPHS-LICENSE.txt`.

Coordinates are font units (1000 per em) with y pointing down and y = 0 at the top of the
ideographic em box (typo ascender 880), so a CJK glyph sits in the box (0, 0)-(1000, 1000).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from fontTools.pens.basePen import BasePen  # type: ignore[import-untyped]
from fontTools.pens.boundsPen import BoundsPen  # type: ignore[import-untyped]
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "cardavia" / "render" / "glyphs.json"
NOTO = Path("/usr/share/fonts/opentype/noto")

# Each deck's glyphs; the union (in first-seen order) is extracted.
CJK_BY_DECK = {
    # Sì Sè Pái: 帥仕相俥傌炮兵 (red, yellow) 將士象車馬包卒 (white, green) and 花 (flowers)
    "sisepai": "帥仕相俥傌炮兵將士象車馬包卒花",
    # Paohuzi number cards: small 一…十 and large 壹…拾, traditional forms as printed
    "numbercards": "一二三四五六七八九十壹貳參肆伍陸柒捌玖拾",
    # Nantong long cards: numerals 一…九, suits 萬 條 餅, honours 千 白花 紅花
    "longcards": "一二三四五六七八九萬條餅千白花紅",
    # Sichuan cards: the names printed at the foot, from chuopai.md §3 (simplified, as the spec
    # gives them): 天 地 人 和 长三 梅子 板凳 猫猫 高脚 苕十 斧头 黑九 平八 弯八 黑七 黑五 红九
    # 红七 红五 丁丁 二红
    "sichuan": "天地人和长三梅子板凳猫高脚苕十斧头黑九平八弯七五红丁二",
}
CJK = "".join(dict.fromkeys("".join(CJK_BY_DECK.values())))
# colour initials and the flower numbers (Sì Sè Pái), digits for the number indexes
LATIN = "RYWGF0123456789"

# (file, face name) in order of preference; the first one present is used
CJK_FONTS = [
    ("NotoSerifCJK-Bold.ttc", "Noto Serif CJK TC Bold"),
    ("NotoSansCJK-Bold.ttc", "Noto Sans CJK TC Bold"),
    ("NotoSerifCJK-Regular.ttc", "Noto Serif CJK TC"),
    ("NotoSansCJK-Regular.ttc", "Noto Sans CJK TC"),
]
LATIN_FONTS = [
    ("NotoSansCJK-Bold.ttc", "Noto Sans CJK TC Bold"),
    ("NotoSansCJK-Regular.ttc", "Noto Sans CJK TC"),
    ("NotoSerifCJK-Bold.ttc", "Noto Serif CJK TC Bold"),
]
ASCENT = 880  # top of the ideographic em box (OS/2 sTypoAscender of Noto CJK)


class CompactPathPen(BasePen):  # type: ignore[misc]
    """SVG path data with integer relative coordinates and y flipped (y down).

    Relative steps are taken between *rounded* absolute points so rounding never drifts.
    """

    def __init__(self, glyph_set: Any) -> None:
        super().__init__(glyph_set)
        self.parts: list[str] = []
        self._last_cmd = ""
        self._cur = (0, 0)
        self._start = (0, 0)

    def _pt(self, p: tuple[float, float]) -> tuple[int, int]:
        return round(p[0]), round(ASCENT - p[1])

    def _emit(self, cmd: str, nums: list[int]) -> None:
        text = ""
        for n in nums:
            s = str(n)
            if text and not s.startswith("-"):
                text += " "
            text += s
        if cmd == self._last_cmd and cmd not in "mz":
            sep = "" if text.startswith("-") else " "
            self.parts.append(sep + text)
        else:
            self.parts.append(cmd + text)
        self._last_cmd = cmd

    def _rel(self, pts: list[tuple[int, int]]) -> list[int]:
        x0, y0 = self._cur
        out: list[int] = []
        for x, y in pts:
            out += [x - x0, y - y0]
        return out

    def _moveTo(self, pt: tuple[float, float]) -> None:
        p = self._pt(pt)
        self._emit("m", self._rel([p]))
        self._cur = self._start = p

    def _lineTo(self, pt: tuple[float, float]) -> None:
        p = self._pt(pt)
        dx, dy = p[0] - self._cur[0], p[1] - self._cur[1]
        if dx == 0 and dy == 0:
            return
        if dy == 0:
            self._emit("h", [dx])
        elif dx == 0:
            self._emit("v", [dy])
        else:
            self._emit("l", [dx, dy])
        self._cur = p

    def _curveToOne(
        self, p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]
    ) -> None:
        pts = [self._pt(p1), self._pt(p2), self._pt(p3)]
        self._emit("c", self._rel(pts))
        self._cur = pts[-1]

    def _qCurveToOne(self, p1: tuple[float, float], p2: tuple[float, float]) -> None:
        pts = [self._pt(p1), self._pt(p2)]
        self._emit("q", self._rel(pts))
        self._cur = pts[-1]

    def _closePath(self) -> None:
        self.parts.append("z")
        self._last_cmd = "z"
        self._cur = self._start

    def _endPath(self) -> None:
        self._closePath()

    def d(self) -> str:
        return "".join(self.parts)


def open_face(candidates: list[tuple[str, str]]) -> tuple[TTFont, str, str]:
    for filename, face in candidates:
        path = NOTO / filename
        if not path.exists():
            continue
        for font in TTCollection(str(path)).fonts:
            if font["name"].getDebugName(4) == face:
                return font, face, filename
    sys.exit(f"none of {[f for f, _ in candidates]} found under {NOTO}; apt install fonts-noto-cjk")


def extract(font: TTFont, chars: str) -> dict[str, Any]:
    cmap = font.getBestCmap()
    glyph_set = font.getGlyphSet()
    hmtx = font["hmtx"]
    out: dict[str, Any] = {}
    for ch in chars:
        name = cmap[ord(ch)]
        pen = CompactPathPen(glyph_set)
        glyph_set[name].draw(pen)
        bounds = BoundsPen(glyph_set)
        glyph_set[name].draw(bounds)
        assert bounds.bounds is not None, ch
        x0, y0, x1, y1 = bounds.bounds
        out[ch] = {
            "adv": hmtx[name][0],
            # ink box, y down: left, top, right, bottom
            "box": [round(x0), round(ASCENT - y1), round(x1), round(ASCENT - y0)],
            "d": pen.d(),
        }
    return out


def version(font: TTFont) -> str:
    return str(font["name"].getDebugName(5))


def dump(data: dict[str, Any]) -> str:
    """Stable, diff-friendly JSON: one glyph per line."""
    glyphs = data["glyphs"]
    head = {k: v for k, v in data.items() if k != "glyphs"}
    lines = [json.dumps(head, ensure_ascii=False, sort_keys=True, indent=1)[:-2] + ","]
    lines.append(' "glyphs": {')
    items = sorted(glyphs.items())
    for i, (ch, g) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        body = json.dumps(g, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        lines.append(f"  {json.dumps(ch, ensure_ascii=False)}: {body}{comma}")
    lines.append(" }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    cjk_font, cjk_face, cjk_file = open_face(CJK_FONTS)
    latin_font, latin_face, latin_file = open_face(LATIN_FONTS)
    found = extract(cjk_font, CJK) | extract(latin_font, LATIN)
    sources = {
        "cjk": f"{cjk_face} ({cjk_file}, {version(cjk_font)})",
        "latin": f"{latin_face} ({latin_file}, {version(latin_font)})",
    }
    data: dict[str, Any] = {
        "about": (
            "Glyph outlines extracted by scripts/build_glyphs.py. "
            "SIL Open Font License 1.1, see GLYPHS-LICENSE.txt."
        ),
        "sources": sources,
        "units_per_em": 1000,
        "glyphs": found,
    }
    text = dump(data)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(found)} glyphs, {len(text)} bytes")
    print(f"  CJK from {sources['cjk']}\n  Latin from {sources['latin']}")


if __name__ == "__main__":
    main()
