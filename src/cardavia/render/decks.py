"""Which card renderer draws each game's cards. A renderer module provides `CODES`,
`card_svg(code, *, lang)`, `card_back_svg(*, lang)` and `card_name(code, lang)`."""

from __future__ import annotations

import importlib
from types import ModuleType

RENDERERS = {
    "sisepai": "cardavia.render.sisepai",
    "paohuzi": "cardavia.render.numbercards",
    "nantong": "cardavia.render.longcards",
    "chuopai": "cardavia.render.sichuan",
}


def renderer(game: str) -> ModuleType | None:
    """The renderer module for a game's deck, or None if it has none (yet)."""
    name = RENDERERS.get(game)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def codes(game: str) -> tuple[str, ...]:
    module = renderer(game)
    return tuple(module.CODES) if module is not None else ()
