"""Reading rendered card SVG in tests: parse it, take the drawn part, find glyph outlines."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardavia.render.fonts import glyph

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The root element, asserted to be an `<svg>`."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def body(svg: str) -> str:
    """Everything after the title: what is drawn."""
    return svg.split("</title>", 1)[1]


def path_ds(root: ET.Element) -> list[str | None]:
    """The `d` of every path, in document order."""
    return [p.get("d") for p in root.iter(f"{SVG}path")]


def glyph_fills(root: ET.Element, char: str) -> list[str | None]:
    """The fill of every drawing of `char`'s outline, in document order."""
    d = glyph(char).d
    return [p.get("fill") for p in root.iter(f"{SVG}path") if p.get("d") == d]
