"""Ukrainian writes its apostrophe one way everywhere (QA: card names had the typewriter ', the
rest of the site the typographic ’): in the catalogs, the card names, the rules and the lessons."""

from __future__ import annotations

import re
from pathlib import Path

import cardavia

ROOT = Path(cardavia.__file__).parent
# an apostrophe between two Cyrillic letters (з'являться), which only Ukrainian writes here
TYPEWRITER = re.compile(r"[\u0400-\u04FF]'[\u0400-\u04FF]")


def test_ukrainian_text_uses_the_typographic_apostrophe() -> None:
    places = [
        *ROOT.glob("locale/*/LC_MESSAGES/*.po"),
        *ROOT.glob("render/names/*.json"),
        *ROOT.glob("content/**/*.md"),
        *ROOT.glob("content/**/*.toml"),
    ]
    assert len(places) > 10
    found = [
        f"{path.relative_to(ROOT)}: {m.group()}"
        for path in places
        for m in TYPEWRITER.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not found, found
