"""Which card renderer draws a game's cards: its deck's (`traditions.Deck.renderer`), so no list
of games lives here. A renderer module provides `CODES`, `card_svg(code, *, lang)`,
`card_back_svg(*, lang)` and `card_name(code, lang)`."""

from __future__ import annotations

import importlib
from types import ModuleType

from cardavia.traditions import find_game_info


def renderer(game: str) -> ModuleType | None:
    """The renderer module for a game's deck, or None if it has none (yet)."""
    found = find_game_info(game)
    if found is None or found[0].renderer is None:
        return None
    try:
        return importlib.import_module(f"cardavia.render.{found[0].renderer}")
    except ImportError:
        return None


def codes(game: str) -> tuple[str, ...]:
    module = renderer(game)
    return tuple(module.CODES) if module is not None else ()
