"""Every text the table's JavaScript shows, as English gettext msgids, by feature.

The server translates these into `config.strings` and `config.plural_forms` of the table page
(`web/pages.py`); `%(name)s` placeholders are left in the translations for the script to fill.
Terms follow the full rules (content/rules/<game>/en.md): public card, stock, discard, claim,
pass, win, exposed groups, concealed hand.

Two layers (docs/table-client.md), each a module with `STRINGS` (key → msgid, marked `N_`) and
`PLURALS` (key → singular and plural msgids, marked `NP_`; `markers.py`):

- `core.py`: sent to every table. The core (static/table/core/) uses these, and the words
  several games' plugins share (`act_win`, `caption_discarded`…).
- `<game>.py`, one per game, named by the game's id (a hyphen is an underscore): sent to that
  game's table only, merged over the core's (a game key of the same name wins). A game's own
  terms go here (huxi, tun, indicators, banked piles), with keys prefixed by the game (`phz_`,
  `nt_`, `cp_`; Sì Sè Pái's, the first game's, are unprefixed).

A msgid, once translated, is never edited here: change the key's text by adding a new msgid.

`%(seat)s` is "You" for your own seat, which reads well only as a sentence's subject. Where a
seat can be you in another place ("claimed … from %(from)s", "Sets of %(seat)s"), the table
asks for a key of its own for you (`…_you_…`, `…_yours`: "claimed your …", "Your sets").
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cardavia.web.strings import core


def game_strings(game: str) -> ModuleType:
    """The module of `game`'s own words, `cardavia.web.strings.<game>` (ModuleNotFoundError if
    the game has none: tests/conformance names the file to write)."""
    return importlib.import_module(f"{__name__}.{game.replace('-', '_')}")


def strings_for(game: str) -> dict[str, str]:
    """The msgids of every singular client string the table of `game` uses, by key."""
    return {**core.STRINGS, **game_strings(game).STRINGS}


def plurals_for(game: str) -> dict[str, tuple[str, str]]:
    """The (singular, plural) msgids of every plural client string of `game`, by key."""
    return {**core.PLURALS, **game_strings(game).PLURALS}
