"""The card names are data, one file per deck (`render/names/<renderer>.json`): every card of
the deck named in every language the cards are named in, and nothing else."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from cardavia.render.svg import LANGS

NAMES = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "render" / "names"


@pytest.mark.parametrize("path", sorted(NAMES.glob("*.json")), ids=lambda p: p.stem)
def test_a_deck_s_names_name_every_card_in_every_language(path: Path) -> None:
    codes = importlib.import_module(f"cardavia.render.{path.stem}").CODES
    names = json.loads(path.read_text(encoding="utf-8"))
    assert sorted(names) == sorted(LANGS)
    for lang, by_code in names.items():
        assert list(by_code) == list(codes), f"{path.name}, {lang}: the deck's codes, in order"
        assert all(isinstance(n, str) and n.strip() == n and n for n in by_code.values()), lang
        assert len(set(by_code.values())) == len(codes), f"{path.name}, {lang}: a name twice"


def test_sisepai_names_end_with_the_glyph_and_its_pinyin() -> None:
    """`card_name(code, lang, with_glyph=False)` cuts the name there (not in Chinese, where the
    glyph is the name)."""
    from cardavia.render.sisepai import card_name, piece_glyph

    names = json.loads((NAMES / "sisepai.json").read_text(encoding="utf-8"))
    for lang in set(LANGS) - {"zh"}:
        for code, name in names[lang].items():
            assert f" {piece_glyph(code)} (" in name and name.endswith(")"), (lang, name)
            assert (
                card_name(code, lang, with_glyph=False)
                == name.rpartition(" (")[0].rpartition(" ")[0]
            )
